#pragma once
// The per-muscle constants a Hill-type muscle force reads at every evaluation, in
// flat arrays indexed by muscle (structure of arrays): the fiber pass then reads
// each in muscle order, and where a fiber model's curves are branch-free
// (m2012) the compiler runs four muscles per AVX2 instruction.
#include "model/model.h"

#include <vector>

namespace hfd {

struct MuscleConstants {
    std::vector<double> optimal_fiber_length;  // m
    std::vector<double> tendon_slack_length;   // m
    std::vector<double> max_isometric_force;   // N
    std::vector<double> stiffness_multiplier;
    std::vector<double> thickness;             // l_opt sin(alpha_opt): constant-thickness pennation
    std::vector<double> minimum_fiber_length;  // m, minimum_fiber_length(l_opt, thickness)
};

MuscleConstants muscle_constants(const Model& model);

}  // namespace hfd
