// muscle_force_m2012fast { xi = 0.1 v_max = 10 use_pennation_during_equilibration = 0 }
//
// Millard, Uchida, Seth & Delp (2013), "Flexing computational muscle", equilibrium
// model with an elastic tendon, constant-thickness pennation and fiber damping:
//   f_T(l_T) = (a f_L(l_f) f_V(v) + s f_PE(l_f) + beta v) cos(alpha)     (normalized)
//   l_T = L - l_f cos(alpha),   l_f sin(alpha) = l_opt sin(alpha_opt)
// with beta = xi, v the fiber velocity in units of v_max l_opt / s, s the muscle's
// stiffness_multiplier (also scaling f_T). Curves: see muscle_curves.h (m2012).
//
// State: fiber length l_f. Each evaluation takes the tendon force from the tendon
// length, then solves the equilibrium for v exactly: a f_L f_V(v) + beta v =
// f_T / cos(alpha) - s f_PE is one quadratic equation per branch of f_V (no
// iteration, no linearization; m2012::damped_fiber_velocity). The fiber length
// derivative is v v_max l_opt; the muscle pulls its path with f_max f_T.
//
// initialize(): the fiber length balancing tendon and fiber at v = 0, always in
// the pennated geometry (l_T = L - l_f cos(alpha)), so the tendon never starts
// stretched by a fiber that does not fit the path. The option only changes the
// balance: use_pennation_during_equilibration = 1 solves f_T = f_M cos(alpha)
// (the exact equilibrium); 0 solves f_T = f_M, so the tendon starts with at most
// 1/cos(alpha) times its equilibrium force and the first steps settle the rest.
#include "forces/force_component.h"
#include "forces/muscle_curves.h"
#include "forces/muscle_path.h"

#include <algorithm>
#include <cmath>

namespace hfd {

namespace {

struct M2012Settings {
    double beta = 0.1;
    double v_max = 10;
    bool pennation_in_equilibrium = false;
};

class MuscleForceM2012Fast final : public ForceComponent {
public:
    MuscleForceM2012Fast(const Model& model, M2012Settings settings)
        : settings_(settings), thickness_(fiber_thicknesses(model)) {}
    std::string_view name() const override { return "muscle_force_m2012fast"; }
    bool integrates_fiber_length() const override { return true; }

    void apply(const Model& model, const State& state, const Controls&, Data& data) const override {
        for (Index i = 0; i < Index(model.muscles.size()); ++i) {
            const Muscle& m = model.muscles[i];
            update_muscle_path(model, state, i, data);
            const double path_length = data.muscle_length[i];
            const double thickness = thickness_[i];
            const FiberGeometry g = fiber_geometry(path_length, state.fiber_length[i], m.optimal_fiber_length, thickness);
            const double l = g.fiber_length / m.optimal_fiber_length;
            const double stiffness = m.stiffness_multiplier;
            const double tendon = stiffness * m2012::tendon_force_length((g.tendon_length - m.tendon_slack_length) /
                                                                         m.tendon_slack_length);
            const double activation = std::clamp(state.activation[i], 0.0, 1.0);
            const double fiber_force = tendon / g.cos_pennation - stiffness * m2012::passive_force_length(l);
            double v = m2012::damped_fiber_velocity(fiber_force, activation * m2012::active_force_length(l),
                                                    settings_.beta);
            if (v < 0 && g.fiber_length <= g.minimum_length) v = 0;

            const double tension = m.max_isometric_force * tendon;
            data.tendon_length[i] = g.tendon_length;
            data.muscle_force[i] = tension;
            data.fiber_length_derivative[i] = v * settings_.v_max * m.optimal_fiber_length;
            apply_path_tension(model, state, i, tension, data);
        }
    }

    void initialize(const Model& model, State& state, const Controls&, Data&) const override {
        for (Index i = 0; i < Index(model.muscles.size()); ++i) {
            const Muscle& m = model.muscles[i];
            const double thickness = m.optimal_fiber_length * std::sin(m.pennation_angle);
            const double activation = std::clamp(state.activation[i], 0.0, 1.0);
            const double stiffness = m.stiffness_multiplier;
            state.fiber_length[i] = equilibrium_fiber_length(
                muscle_path_length(model, state, i), m.optimal_fiber_length, m.tendon_slack_length, thickness,
                [&](double l) { return activation * m2012::active_force_length(l) + stiffness * m2012::passive_force_length(l); },
                [&](double strain) { return stiffness * m2012::tendon_force_length(strain); },
                settings_.pennation_in_equilibrium);
        }
    }

private:
    M2012Settings settings_;
    std::vector<double> thickness_;  // per muscle, of the model it was created for
};

}  // namespace

std::unique_ptr<ForceComponent> create_muscle_force_m2012fast(const PropNode& props, ForceContext& context) {
    warn_unknown_properties(props, {"xi", "v_max", "use_pennation_during_equilibration"}, context);
    const size_t errors_before = context.diagnostics.size();
    M2012Settings s;
    s.beta = read_number(props, "xi", s.beta, context);
    s.v_max = read_number(props, "v_max", s.v_max, context);
    s.pennation_in_equilibrium = read_number(props, "use_pennation_during_equilibration", 0.0, context) != 0.0;
    if (!(s.beta > 0))
        report_property_error(props, "xi", "must be > 0 (the damping keeps the fiber velocity defined at zero activation)",
                              context);
    if (!(s.v_max > 0))
        report_property_error(props, "v_max", "must be > 0 (maximum contraction velocity, optimal fiber lengths per second)",
                              context);
    check_elastic_tendons("muscle_force_m2012fast", context.model, context.diagnostics);
    if (has_errors_since(context.diagnostics, errors_before))
        return nullptr;
    return std::make_unique<MuscleForceM2012Fast>(context.model, s);
}

}  // namespace hfd
