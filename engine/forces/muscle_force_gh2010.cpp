// muscle_force_gh2010 { v_max = 12 min_activation = 0.01 }
//
// Geyer & Herr (2010), "A muscle-reflex model that encodes principles of legged
// mechanics produces human walking dynamics and muscle activities": a contractile
// element (CE) with parallel (PE) and buffer (BE) elasticity in series with an
// elastic tendon (SE). Along the tendon (normalized by max isometric force):
//   F_SE = (F_CE + s F_PE - F_BE) cos(alpha),  F_CE = a f_L(l_CE) f_V(v_CE)
// Curves: muscle_curves.h (gh2010). Pennation uses the constant-thickness model
// shared by all muscle models here (the paper has none; alpha_opt = 0 gives it).
//
// State: CE length. Each evaluation takes F_SE from the tendon length and inverts
// f_V: f_V = (F_SE / cos(alpha) - s F_PE + F_BE) / (a f_L), v_CE = f_V^-1 (clamped
// to [0, N], so |v_CE| <= v_max). f_V^-1 is undefined at a = 0, so activation is
// kept at or above min_activation (the manual recommends > 0.01).
#include "forces/force_component.h"
#include "forces/muscle_curves.h"
#include "forces/muscle_path.h"

#include <algorithm>
#include <cmath>

namespace hfd {

namespace {

class MuscleForceGH2010 final : public ForceComponent {
public:
    MuscleForceGH2010(const Model& model, double v_max, double min_activation)
        : v_max_(v_max), min_activation_(min_activation), thickness_(fiber_thicknesses(model)) {}
    std::string_view name() const override { return "muscle_force_gh2010"; }
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
            const double tendon = s * gh2010::tendon_force((g.tendon_length - m.tendon_slack_length) / m.tendon_slack_length);
            const double activation = std::clamp(state.activation[i], min_activation_, 1.0);
            const double ce_force = tendon / g.cos_pennation - s * gh2010::parallel_elastic(l) + gh2010::buffer_elastic(l);
            const double a_fl = activation * gh2010::active_force_length(l);
            double v = a_fl > 0 ? gh2010::inverse_force_velocity(ce_force / a_fl) : (ce_force > 0 ? 1.0 : -1.0);
            if (v < 0 && g.fiber_length <= g.minimum_length) v = 0;

            const double tension = m.max_isometric_force * tendon;
            data.tendon_length[i] = g.tendon_length;
            data.muscle_force[i] = tension;
            data.fiber_length_derivative[i] = v * v_max_ * m.optimal_fiber_length;
            apply_path_tension(model, state, i, tension, data);
        }
    }

    void initialize(const Model& model, State& state, const Controls&, Data&) const override {
        for (Index i = 0; i < Index(model.muscles.size()); ++i) {
            const Muscle& m = model.muscles[i];
            const double activation = std::clamp(state.activation[i], min_activation_, 1.0);
            const double s = m.stiffness_multiplier;
            state.fiber_length[i] = equilibrium_fiber_length(
                muscle_path_length(model, state, i), m.optimal_fiber_length, m.tendon_slack_length,
                m.optimal_fiber_length * std::sin(m.pennation_angle),
                [&](double l) {
                    return activation * gh2010::active_force_length(l) + s * gh2010::parallel_elastic(l) -
                           gh2010::buffer_elastic(l);
                },
                [&](double strain) { return s * gh2010::tendon_force(strain); });
        }
    }

private:
    double v_max_, min_activation_;
    std::vector<double> thickness_;  // per muscle, of the model it was created for
};

}  // namespace

std::unique_ptr<ForceComponent> create_muscle_force_gh2010(const PropNode& props, ForceContext& context) {
    warn_unknown_properties(props, {"v_max", "min_activation"}, context);
    const size_t before = context.diagnostics.size();
    const double v_max = read_number(props, "v_max", 12.0, context);
    const double min_activation = read_number(props, "min_activation", 0.01, context);
    if (!(v_max > 0)) report_property_error(props, "v_max", "must be > 0 (optimal fiber lengths per second)", context);
    if (!(min_activation > 0 && min_activation < 1))
        report_property_error(props, "min_activation", "must be in (0, 1): the force-velocity inverse needs a > 0", context);
    check_elastic_tendons("muscle_force_gh2010", context.model, context.diagnostics);
    if (has_errors_since(context.diagnostics, before))
        return nullptr;
    return std::make_unique<MuscleForceGH2010>(context.model, v_max, min_activation);
}

}  // namespace hfd
