#pragma once
// The skeleton shared by the Hill-type muscle force components (elastic tendon,
// constant-thickness pennation, fiber length as state). Per muscle and evaluation:
//   path -> L, dL/dt (update_muscle_paths)
//   fiber state -> geometry: l_f, cos(alpha), l_T = L - l_f cos(alpha) (fiber_geometry)
//   tendon force f_T = s f_T(e), e = (l_T - l_slack) / l_slack      (normalized, s = stiffness_multiplier)
//   fiber velocity v from the fiber's force balance (model-specific), held at 0
//     while shortening at the minimum fiber length
//   dl_f/dt = model's speed(v) * l_opt;  tension f_max f_T pulls the path.
// initialize(): fiber lengths in equilibrium at v = 0 (equilibrium_fiber_length).
//
// A model file supplies only its curves and fiber dynamics as a struct of static
// functions (resolved at compile time: no virtual call per muscle):
//   struct Fiber {
//       struct Settings { ... };              // the component's properties
//       static constexpr std::string_view name;
//       static constexpr bool project_on_tendon_in_equilibrium(const Settings&);
//       static double activation(const Settings&, double a);        // clamped activation
//       static double tendon_force(double strain);                   // f_T, unscaled
//       // normalized fiber velocity from the force along the fiber f_T / cos(alpha)
//       static double fiber_velocity(const Settings&, double along_fiber, double l, double activation, double s);
//       // fiber velocity in optimal fiber lengths per second
//       static double fiber_speed(const Settings&, double v, double activation);
//       // fiber force along the fiber at v = 0 (for the equilibrium)
//       static double isometric_fiber_force(double l, double activation, double s);
//   };
#include "forces/force_component.h"
#include "forces/muscle_curves.h"
#include "forces/muscle_path.h"

#include <vector>

namespace hfd {

template <typename Fiber>
class HillMuscleForce final : public ForceComponent {
public:
    using Settings = typename Fiber::Settings;
    HillMuscleForce(const Model& model, Settings settings)
        : settings_(settings), thickness_(fiber_thicknesses(model)) {}
    std::string_view name() const override { return Fiber::name; }
    bool integrates_fiber_length() const override { return true; }

    // Three passes in the order the data flows (paths, fibers, tensions): the fiber pass
    // has no dependence between muscles, so their square roots and divisions overlap.
    void apply(const Model& model, const State& state, const Controls&, Data& data) const override {
        const Index muscles = Index(model.muscles.size());
        update_muscle_paths(model, state, data);
        // raw pointers: the stores cannot then be taken to change the vectors themselves
        const Muscle* __restrict muscle = model.muscles.data();
        const double *__restrict path_length = data.muscle_length.data(), *__restrict thickness = thickness_.data(),
                                 *__restrict fiber_length = state.fiber_length.data(),
                                 *__restrict activation_of = state.activation.data();
        double *__restrict tendon_length = data.tendon_length.data(), *__restrict force = data.muscle_force.data(),
                           *__restrict fiber_length_derivative = data.fiber_length_derivative.data();
        for (Index i = 0; i < muscles; ++i) {
            const Muscle& m = muscle[i];
            const FiberGeometry g =
                fiber_geometry(path_length[i], fiber_length[i], m.optimal_fiber_length, thickness[i]);
            const double l = g.fiber_length / m.optimal_fiber_length;
            const double s = m.stiffness_multiplier;
            const double tendon =
                s * Fiber::tendon_force((g.tendon_length - m.tendon_slack_length) / m.tendon_slack_length);
            const double activation = Fiber::activation(settings_, activation_of[i]);
            double v = Fiber::fiber_velocity(settings_, tendon / g.cos_pennation, l, activation, s);
            if (v < 0 && g.fiber_length <= g.minimum_length) v = 0;
            tendon_length[i] = g.tendon_length;
            force[i] = m.max_isometric_force * tendon;
            fiber_length_derivative[i] = Fiber::fiber_speed(settings_, v, activation) * m.optimal_fiber_length;
        }
        apply_path_tensions(model, state, data);
    }

    void initialize(const Model& model, State& state, const Controls&, Data&) const override {
        for (Index i = 0; i < Index(model.muscles.size()); ++i) {
            const Muscle& m = model.muscles[i];
            const double activation = Fiber::activation(settings_, state.activation[i]);
            const double s = m.stiffness_multiplier;
            state.fiber_length[i] = equilibrium_fiber_length(
                muscle_path_length(model, state, i), m.optimal_fiber_length, m.tendon_slack_length, thickness_[i],
                [&](double l) { return Fiber::isometric_fiber_force(l, activation, s); },
                [&](double strain) { return s * Fiber::tendon_force(strain); },
                Fiber::project_on_tendon_in_equilibrium(settings_));
        }
    }

private:
    Settings settings_;
    std::vector<double> thickness_;  // l_opt sin(alpha_opt) per muscle, of the model it was created for
};

}  // namespace hfd
