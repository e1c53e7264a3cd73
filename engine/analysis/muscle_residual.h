#pragma once
// Implicit form of the fiber dynamics of the elastic-tendon muscle models: the
// fiber-tendon force equilibrium written with the fiber velocity as an unknown,
// so nothing is divided by activation or by the force-velocity curve
// (normalized: forces by max isometric force, v by v_max l_opt / s):
//   m2012fast: r = a f_L(l) f_V(v) + beta v + s f_PE(l) - f_T / cos(alpha)
//   gh2010:    r = a f_L(l) f_V(v) + s F_PE(l) - F_BE(l) - clamp(f_T / cos(alpha), ...)
//              (the clamp is the explicit model's: the CE force stays in [0, N a f_L])
//   tj2003:    r = F_v(v', a f_L) + f_PE(l) - f_T / cos(alpha), v' = v / (0.25 + 0.75 a)
//              (F_v is the force-velocity relation the explicit model inverts)
// with v = l_f_dot_guess / (v_max l_opt), activation clamped as by the model.
// Every residual is zero exactly when l_f_dot_guess is the explicit model's
// derivative, including the explicit model's stop at the shortest fiber length
// (r = v there while the equilibrium would shorten the fiber further).
// Model settings (xi, v_max, min_activation) are read from the config's
// component block with the components' own defaults.
#include "format/prop_node.h"
#include "model/model.h"
#include "state/state.h"

#include <string>

namespace hfd {

struct MuscleResidualModel {
    enum class Kind { None, M2012, GH2010, TJ2003 } kind = Kind::None;
    double beta = 0.1;  // m2012 xi / tj2003 damping
    double v_max = 10;
    double min_activation = 0;  // gh2010 / tj2003
};

// From a muscle force component's name and properties; Kind::None when the
// component has no implicit form here.
MuscleResidualModel muscle_residual_model(std::string_view component, const PropNode* props);

// Residual of muscle `i` at `state` for the fiber velocity guess (m/s).
double fiber_residual(const MuscleResidualModel& model, const Model& m, const State& state, Index i,
                      double fiber_velocity_guess);

}  // namespace hfd
