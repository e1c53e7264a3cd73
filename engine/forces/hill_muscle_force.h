#pragma once
// The skeleton shared by the Hill-type muscle force components (elastic tendon,
// constant-thickness pennation, fiber length as state). Per muscle and evaluation:
//   path -> L (update_muscle_paths; the fiber velocity below needs no dL/dt)
//   fiber state -> geometry: l_f, cos(alpha), l_T = L - l_f cos(alpha) (fiber_geometry)
//   tendon force f_T = s f_T(e), e = (l_T - l_slack) / l_slack      (normalized, s = stiffness_multiplier)
//   fiber velocity v from the fiber's force balance (model-specific), held at 0
//     while shortening at the minimum fiber length
//   dl_f/dt = model's speed(v) * l_opt;  tension f_max f_T pulls the path.
// initialize(): fiber lengths in equilibrium (equilibrium_fiber_length) at v = 0, or
// with the fiber moving at v_f = cos(alpha) dL/dt (FiberEquilibrium::PathVelocity).
//
// A model's header (muscle_fiber_<model>.h) supplies only its curves and fiber
// dynamics as a struct of static functions (resolved at compile time: no virtual
// call per muscle), and its row of the component table names it
// (muscle_component<Fiber> in sim/components.cpp):
//   struct Fiber {
//       struct Settings { ... };              // the component's properties
//       static constexpr std::string_view name;
//       static Settings settings(const PropertyValues&);           // from the row's properties
//       static constexpr bool project_on_tendon_in_equilibrium(const Settings&);
//       static double activation(const Settings&, double a);        // clamped activation
//       static double tendon_force(double strain);                   // f_T, unscaled
//       // normalized fiber velocity from the force along the fiber f_T / cos(alpha)
//       static double fiber_velocity(const Settings&, double along_fiber, double l, double activation, double s);
//       // fiber velocity in optimal fiber lengths per second
//       static double fiber_speed(const Settings&, double v, double activation);
//       // fiber force along the fiber moving at `speed` optimal lengths per second
//       static double fiber_force(const Settings&, double l, double activation, double s, double speed);
//       // the same at zero velocity, active and passive apart (for the analyses)
//       static IsometricFiberForce isometric_force(const Settings&, double l, double activation, double s);
//   };
// The analyses see the same struct through MuscleFiberModel (muscle_fiber.h).
#include "forces/force_component.h"
#include "forces/muscle_constants.h"
#include "forces/muscle_fiber.h"
#include "forces/muscle_curves.h"
#include "forces/muscle_path.h"

#include <vector>

namespace hfd {

template <typename Fiber>
class HillMuscleForce final : public ForceComponent {
public:
    using Settings = typename Fiber::Settings;
    HillMuscleForce(const Model& model, Settings settings) : settings_(settings), constants_(muscle_constants(model)) {}
    std::string_view name() const override { return Fiber::name; }
    bool integrates_fiber_length() const override { return true; }
    ControlUse control_use() const override { return ControlUse::none; }  // activation from the state

    // Three passes in the order the data flows (paths, fibers, tensions). The fiber pass
    // has no dependence between muscles and reads flat arrays only; with branch-free
    // curves (m2012) it is vectorized, four muscles per AVX2 instruction.
    void apply(const Model& model, const State& state, const Controls&, Data& data) const override {
        update_muscle_paths(model, state, data);
        const Settings settings = settings_;  // a local: the stores below cannot change it
        // raw pointers: the stores cannot then be taken to change the vectors themselves
        const double *__restrict path_length = data.muscle_length.data(),
                                 *__restrict fiber_length = state.fiber_length.data(),
                                 *__restrict activation_of = state.activation.data(),
                                 *__restrict optimal = constants_.optimal_fiber_length.data(),
                                 *__restrict slack = constants_.tendon_slack_length.data(),
                                 *__restrict max_force = constants_.max_isometric_force.data(),
                                 *__restrict stiffness = constants_.stiffness_multiplier.data(),
                                 *__restrict thickness = constants_.thickness.data(),
                                 *__restrict minimum = constants_.minimum_fiber_length.data();
        double *__restrict tendon_length = data.tendon_length.data(), *__restrict force = data.muscle_force.data(),
                           *__restrict fiber_length_derivative = data.fiber_length_derivative.data();
        // ivdep: GCC does not take the local __restrict pointers as proof that outputs and inputs
        // do not overlap (and would version the loop on 30 run-time overlap checks, more than its 10)
#pragma GCC ivdep
        for (Index i = 0, n = Index(model.muscles.size()); i < n; ++i) {
            const FiberGeometry g = fiber_geometry_above(minimum[i], path_length[i], fiber_length[i], thickness[i]);
            const double l = g.fiber_length / optimal[i];
            const double s = stiffness[i];
            const double tendon = s * Fiber::tendon_force((g.tendon_length - slack[i]) / slack[i]);
            const double activation = Fiber::activation(settings, activation_of[i]);
            const double v = Fiber::fiber_velocity(settings, tendon / g.cos_pennation, l, activation, s);
            const bool held = v < 0 && g.fiber_length <= g.minimum_length;
            tendon_length[i] = g.tendon_length;
            force[i] = max_force[i] * tendon;
            fiber_length_derivative[i] = Fiber::fiber_speed(settings, held ? 0.0 : v, activation) * optimal[i];
        }
        apply_path_tensions(model, state, data);
    }

    void initialize(const Model& model, State& state, const Controls&, Data&,
                    FiberEquilibrium equilibrium) const override {
        for (Index i = 0; i < Index(model.muscles.size()); ++i) {
            const Muscle& m = model.muscles[i];
            const double activation = Fiber::activation(settings_, state.activation[i]);
            const double s = m.stiffness_multiplier;
            const double thickness = constants_.thickness[i];
            const double path_rate =
                equilibrium == FiberEquilibrium::PathVelocity ? muscle_path_velocity(model, state, i) : 0.0;
            // speed in optimal lengths per second of a fiber of normalized length l:
            // v_f = cos(alpha) dL/dt, cos(alpha) = sqrt(1 - (thickness / l_f)^2)
            const auto fiber_force = [&](double l) {
                const double fiber = l * m.optimal_fiber_length;
                const double cos_pennation = std::sqrt(std::max(0.0, 1.0 - thickness * thickness / (fiber * fiber)));
                return Fiber::fiber_force(settings_, l, activation, s,
                                          path_rate * cos_pennation / m.optimal_fiber_length);
            };
            state.fiber_length[i] = equilibrium_fiber_length(
                muscle_path_length(model, state, i), m.optimal_fiber_length, m.tendon_slack_length, thickness,
                fiber_force, [&](double strain) { return s * Fiber::tendon_force(strain); },
                Fiber::project_on_tendon_in_equilibrium(settings_));
        }
    }

private:
    Settings settings_;
    MuscleConstants constants_;  // of the model it was created for
};

// The force component of a model's row: its properties read against the row's
// specs, every muscle's tendon checked elastic (tendon_slack_length > 0).
template <typename Fiber>
std::unique_ptr<ForceComponent> create_hill_muscle_force(const PropNode& props, ForceContext& context) {
    PropertyValues values;
    const bool properties_ok = read_force_properties(props, context, values);
    const bool tendons_ok = check_elastic_tendons(Fiber::name, context.model, context.diagnostics);
    if (!properties_ok || !tendons_ok) return nullptr;
    return std::make_unique<HillMuscleForce<Fiber>>(context.model, Fiber::settings(values));
}

}  // namespace hfd
