#include "integrators/error_control_integrator.h"
#include "integrators/fixed_step_integrator.h"

#include <algorithm>
#include <cmath>

namespace hfd {

namespace {

struct IntegratorKind {
    std::string_view name;
    double beta;  // 0 forward, 1 symplectic, 1/2 midpoint Euler
    bool planar, error_controlled, step_doubling;
};

constexpr IntegratorKind integrator_kinds[] = {
    {"forward_euler_integrator", 0.0, false, false, false},
    {"symplectic_euler_integrator", 1.0, false, false, false},
    {"midpoint_euler_integrator", 0.5, false, false, false},
    {"planar_symplectic_euler_integrator", 1.0, true, false, false},
    {"error_control_integrator_sem", 1.0, false, true, false},
    {"error_control_integrator_mem", 0.5, false, true, false},
    {"error_control_integrator_secm", 1.0, false, true, true},
    {"error_control_integrator_psem", 0.5, true, true, false},
    {"error_control_integrator_pse", 1.0, true, true, false},
};

double read_positive(const PropNode& props, std::string_view key, double fallback, IntegratorContext& context) {
    const PropNode* node = props.find(key);
    if (!node) return fallback;
    std::string error;
    const auto value = to_number(*node, &error);
    if (!value || !std::isfinite(*value) || *value <= 0) {
        context.diagnostics.push_back({Severity::Error, location_of(*node, context.file),
                                       props.key + "." + std::string(key) + ": expected a positive number, found '" +
                                           node->value + "'"});
        return fallback;
    }
    return *value;
}

}  // namespace

std::vector<std::string_view> integrator_names() {
    std::vector<std::string_view> names;
    for (const auto& kind : integrator_kinds) names.push_back(kind.name);
    return names;
}

std::unique_ptr<Integrator> create_integrator(const PropNode& props, IntegratorContext& context) {
    const auto* kind = std::find_if(std::begin(integrator_kinds), std::end(integrator_kinds),
                                    [&](const IntegratorKind& k) { return k.name == props.key; });
    if (kind == std::end(integrator_kinds)) {
        std::string known;
        for (const auto& k : integrator_kinds) known += (known.empty() ? "" : ", ") + std::string(k.name);
        context.diagnostics.push_back({Severity::Error, location_of(props, context.file),
                                       "unknown integrator '" + props.key + "' (known: " + known + ")"});
        return nullptr;
    }
    const std::initializer_list<std::string_view> common = {"activation_rate", "deactivation_rate"};
    std::vector<std::string_view> known(common);
    if (kind->error_controlled)
        known.insert(known.end(), {"accuracy", "min_step", "max_step"});
    else
        known.push_back("step_size");
    for (const PropNode& child : props.children)
        if (!child.is_variable_definition() && std::find(known.begin(), known.end(), child.key) == known.end())
            context.diagnostics.push_back({Severity::Warning, location_of(child, context.file),
                                           "unknown property '" + child.key + "' of " + props.key + " (ignored)"});

    std::unique_ptr<Integrator> integrator;
    if (kind->error_controlled) {
        const double accuracy = read_positive(props, "accuracy", 0.01, context);
        const double min_step = read_positive(props, "min_step", 1e-8, context);
        const double max_step = read_positive(props, "max_step", 0.01, context);
        if (min_step > max_step)
            context.diagnostics.push_back({Severity::Error, location_of(props, context.file),
                                           props.key + ": min_step is larger than max_step"});
        integrator = std::make_unique<ErrorControlIntegrator>(kind->name, kind->beta, kind->planar, kind->step_doubling,
                                                              accuracy, min_step, max_step);
    } else {
        integrator = std::make_unique<FixedStepIntegrator>(kind->name, kind->beta, kind->planar,
                                                           read_positive(props, "step_size", 0.001, context));
    }
    integrator->activation_rate = read_positive(props, "activation_rate", 100, context);
    integrator->deactivation_rate = read_positive(props, "deactivation_rate", 25, context);
    return integrator;
}

}  // namespace hfd
