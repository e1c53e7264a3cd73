#include "forces/muscle_constants.h"

#include "forces/muscle_curves.h"

#include <cmath>

namespace hfd {

MuscleConstants muscle_constants(const Model& model) {
    MuscleConstants c;
    for (const Muscle& m : model.muscles) {
        const double thickness = m.optimal_fiber_length * std::sin(m.pennation_angle);
        c.optimal_fiber_length.push_back(m.optimal_fiber_length);
        c.tendon_slack_length.push_back(m.tendon_slack_length);
        c.max_isometric_force.push_back(m.max_isometric_force);
        c.stiffness_multiplier.push_back(m.stiffness_multiplier);
        c.thickness.push_back(thickness);
        c.minimum_fiber_length.push_back(minimum_fiber_length(m.optimal_fiber_length, thickness));
    }
    return c;
}

}  // namespace hfd
