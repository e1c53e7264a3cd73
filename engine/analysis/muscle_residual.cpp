#include "analysis/muscle_residual.h"

#include "forces/muscle_curves.h"
#include "forces/muscle_path.h"
#include "sim/components.h"

#include <cmath>

namespace hfd {

std::shared_ptr<const MuscleFiberModel> muscle_fiber_model(std::string_view component, const PropNode* props) {
    const ComponentInfo* info = find_component(component);
    if (!info || !info->fiber_model) return nullptr;
    PropNode unwritten;
    unwritten.key = std::string(component);
    std::vector<Diagnostic> diagnostics;  // the config reader has reported them
    PropertyValues values;
    read_properties(props ? *props : unwritten, info->properties, "", diagnostics, values);
    return info->fiber_model(values);
}

double fiber_residual(const MuscleFiberModel& fiber, const Model& m, const State& state, Index i,
                      double fiber_velocity_guess) {
    const Muscle& muscle = m.muscles[i];
    const double thickness = muscle.optimal_fiber_length * std::sin(muscle.pennation_angle);
    const FiberGeometry g =
        fiber_geometry(muscle_path_length(m, state, i), state.fiber_length[i], muscle.optimal_fiber_length, thickness);
    const double l = g.fiber_length / muscle.optimal_fiber_length;
    const double strain = (g.tendon_length - muscle.tendon_slack_length) / muscle.tendon_slack_length;
    const double s = muscle.stiffness_multiplier;
    const double a = fiber.activation(state.activation[i]);
    const double explicit_velocity = fiber.fiber_velocity(s * fiber.tendon_force(strain) / g.cos_pennation, l, a, s);
    const double v = fiber_velocity_guess / (fiber.max_contraction_velocity() * muscle.optimal_fiber_length);
    const bool shortest = g.fiber_length <= minimum_fiber_length(muscle.optimal_fiber_length, thickness);
    if (shortest && explicit_velocity < 0) return v;  // the model holds the fiber at its shortest
    return fiber.fiber_force(l, a, s, fiber_velocity_guess / muscle.optimal_fiber_length) -
           fiber.fiber_force(l, a, s, fiber.fiber_speed(explicit_velocity, a));
}

}  // namespace hfd
