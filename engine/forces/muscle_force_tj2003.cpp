// muscle_force_tj2003 { xi = 0.05 v_max = 10 min_activation = 0.01 }
//
// Thelen (2003) as described for OpenSim by C. T. John ("Complete description of
// the Thelen2003 muscle model"): elastic tendon, constant-thickness pennation,
//   f_T(l_T) = (a f_L(l_f) f_V + f_PE(l_f)) cos(alpha)      (normalized)
// with curves in muscle_curves.h (tj2003). The fiber velocity comes from the
// inverted force-velocity relation
//   v = (0.25 + 0.75 a) v_max l_opt (F - a f_L) / (b + xi),  F = f_T / cos(alpha) - f_PE
// where xi is the small damping added to b in OpenSim's implementation (keeps v
// finite at F = a f_L F_len), extended linearly outside 0 <= F < 0.95 a f_L F_len.
// Activation is kept at or above min_activation (0.01 in the description).
// stiffness_multiplier scales f_PE and f_T.
#include "forces/force_component.h"
#include "forces/muscle_curves.h"
#include "forces/muscle_path.h"

#include <algorithm>
#include <cmath>

namespace hfd {

namespace {

struct TJ2003Settings {
    double damping = 0.05;
    double v_max = 10;
    double min_activation = 0.01;
};

class MuscleForceTJ2003 final : public ForceComponent {
public:
    MuscleForceTJ2003(const Model& model, TJ2003Settings settings)
        : settings_(settings), thickness_(fiber_thicknesses(model)) {}
    std::string_view name() const override { return "muscle_force_tj2003"; }
    bool integrates_fiber_length() const override { return true; }

    void apply(const Model& model, const State& state, const Controls&, Data& data) const override {
        for (Index i = 0; i < Index(model.muscles.size()); ++i) {
            const Muscle& m = model.muscles[i];
            update_muscle_path(model, state, i, data);
            const double path_length = data.muscle_length[i];
            const double thickness = thickness_[i];
            const FiberGeometry g = fiber_geometry(path_length, state.fiber_length[i], m.optimal_fiber_length, thickness);
            const double l = g.fiber_length / m.optimal_fiber_length;
            const double s = m.stiffness_multiplier;
            const double tendon =
                s * tj2003::tendon_force_length((g.tendon_length - m.tendon_slack_length) / m.tendon_slack_length);
            const double activation = std::clamp(state.activation[i], settings_.min_activation, 1.0);
            const double velocity_force = tendon / g.cos_pennation - s * tj2003::passive_force_length(l);
            double v = tj2003::fiber_velocity(velocity_force, activation * tj2003::active_force_length(l),
                                              settings_.damping);
            if (v < 0 && g.fiber_length <= g.minimum_length) v = 0;

            const double tension = m.max_isometric_force * tendon;
            data.tendon_length[i] = g.tendon_length;
            data.muscle_force[i] = tension;
            data.fiber_length_derivative[i] =
                v * (0.25 + 0.75 * activation) * settings_.v_max * m.optimal_fiber_length;
            apply_path_tension(model, state, i, tension, data);
        }
    }

    void initialize(const Model& model, State& state, const Controls&, Data&) const override {
        for (Index i = 0; i < Index(model.muscles.size()); ++i) {
            const Muscle& m = model.muscles[i];
            const double activation = std::clamp(state.activation[i], settings_.min_activation, 1.0);
            const double s = m.stiffness_multiplier;
            state.fiber_length[i] = equilibrium_fiber_length(
                muscle_path_length(model, state, i), m.optimal_fiber_length, m.tendon_slack_length,
                m.optimal_fiber_length * std::sin(m.pennation_angle),
                [&](double l) { return activation * tj2003::active_force_length(l) + s * tj2003::passive_force_length(l); },
                [&](double strain) { return s * tj2003::tendon_force_length(strain); });
        }
    }

private:
    TJ2003Settings settings_;
    std::vector<double> thickness_;  // per muscle, of the model it was created for
};

}  // namespace

std::unique_ptr<ForceComponent> create_muscle_force_tj2003(const PropNode& props, ForceContext& context) {
    warn_unknown_properties(props, {"xi", "v_max", "min_activation"}, context);
    const size_t before = context.diagnostics.size();
    TJ2003Settings s;
    s.damping = read_number(props, "xi", s.damping, context);
    s.v_max = read_number(props, "v_max", s.v_max, context);
    s.min_activation = read_number(props, "min_activation", s.min_activation, context);
    auto fail = [&](const char* key, const char* message) { report_property_error(props, key, message, context); };
    if (!(s.damping >= 0)) fail("xi", "must be >= 0");
    if (!(s.v_max > 0)) fail("v_max", "must be > 0 (optimal fiber lengths per second)");
    if (!(s.min_activation > 0 && s.min_activation < 1))
        fail("min_activation", "must be in (0, 1): the force-velocity inverse needs a > 0");
    check_elastic_tendons("muscle_force_tj2003", context.model, context.diagnostics);
    if (has_errors_since(context.diagnostics, before))
        return nullptr;
    return std::make_unique<MuscleForceTJ2003>(context.model, s);
}

}  // namespace hfd
