#include "analysis/muscle_residual.h"

#include "forces/muscle_curves.h"
#include "forces/muscle_path.h"
#include "sim/components.h"

#include <algorithm>
#include <cmath>

namespace hfd {

namespace {

// The property `key` of the component: written in props, else the table's default.
double number(const ComponentInfo& component, const PropNode* props, std::string_view key) {
    if (props)
        if (const PropNode* node = props->find(key))
            if (const std::optional<double> value = to_number(*node)) return *value;
    return find_property(component, key)->default_value;
}

}  // namespace

MuscleResidualModel muscle_residual_model(std::string_view component, const PropNode* props) {
    MuscleResidualModel r;
    const ComponentInfo* info = find_component(component);
    if (!info || info->family != ComponentFamily::Muscle) return r;
    if (component == "muscle_force_m2012fast") {
        r.kind = MuscleResidualModel::Kind::M2012;
        r.beta = number(*info, props, "xi");
        r.v_max = number(*info, props, "v_max");
    } else if (component == "muscle_force_gh2010") {
        r.kind = MuscleResidualModel::Kind::GH2010;
        r.v_max = number(*info, props, "v_max");
        r.min_activation = number(*info, props, "min_activation");
    } else if (component == "muscle_force_tj2003") {
        r.kind = MuscleResidualModel::Kind::TJ2003;
        r.beta = number(*info, props, "xi");
        r.v_max = number(*info, props, "v_max");
        r.min_activation = number(*info, props, "min_activation");
    }
    return r;
}

double fiber_residual(const MuscleResidualModel& model, const Model& m, const State& state, Index i,
                      double fiber_velocity_guess) {
    const Muscle& muscle = m.muscles[i];
    const double thickness = muscle.optimal_fiber_length * std::sin(muscle.pennation_angle);
    const FiberGeometry g =
        fiber_geometry(muscle_path_length(m, state, i), state.fiber_length[i], muscle.optimal_fiber_length, thickness);
    const double l = g.fiber_length / muscle.optimal_fiber_length;
    const double strain = (g.tendon_length - muscle.tendon_slack_length) / muscle.tendon_slack_length;
    const double s = muscle.stiffness_multiplier;
    const bool shortest = g.fiber_length <= minimum_fiber_length(muscle.optimal_fiber_length, thickness);
    double v = fiber_velocity_guess / (model.v_max * muscle.optimal_fiber_length);
    switch (model.kind) {
        case MuscleResidualModel::Kind::M2012: {
            const double a_fl = std::clamp(state.activation[i], 0.0, 1.0) * m2012::active_force_length(l);
            const double along =
                s * m2012::tendon_force_length(strain) / g.cos_pennation - s * m2012::passive_force_length(l);
            auto equilibrium = [&](double x) { return a_fl * m2012::force_velocity(x) + model.beta * x - along; };
            if (shortest && equilibrium(0) > 0) return v;  // the model holds the fiber at its shortest
            return equilibrium(v);
        }
        case MuscleResidualModel::Kind::GH2010: {
            const double a_fl =
                std::clamp(state.activation[i], model.min_activation, 1.0) * gh2010::active_force_length(l);
            const double ce = s * gh2010::tendon_force(strain) / g.cos_pennation - s * gh2010::parallel_elastic(l) +
                              gh2010::buffer_elastic(l);
            const double held = std::clamp(ce, 0.0, gh2010::eccentric_force * a_fl);
            if (shortest && held < a_fl) return v;
            return a_fl * gh2010::force_velocity(v) - held;
        }
        case MuscleResidualModel::Kind::TJ2003: {
            const double a = std::clamp(state.activation[i], model.min_activation, 1.0);
            const double a_fl = a * tj2003::active_force_length(l);
            const double along =
                s * tj2003::tendon_force_length(strain) / g.cos_pennation - s * tj2003::passive_force_length(l);
            v /= 0.25 + 0.75 * a;
            if (shortest && along < tj2003::force_velocity(0.0, a_fl, model.beta)) return v;
            return tj2003::force_velocity(v, a_fl, model.beta) - along;
        }
        case MuscleResidualModel::Kind::None: break;
    }
    return 0;
}

}  // namespace hfd
