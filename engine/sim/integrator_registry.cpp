// create_integrator: an integrator from its row of the component table
// (sim/components.h), which holds its scheme and its properties.
#include "integrators/error_control_integrator.h"
#include "integrators/fixed_step_integrator.h"
#include "sim/components.h"

namespace hfd {

std::unique_ptr<Integrator> create_integrator(const PropNode& props, IntegratorContext& context) {
    const ComponentInfo* kind = find_component(props.key);
    if (!kind || !kind->is_integrator()) {
        std::string known;
        for (std::string_view name : integrator_names()) known += (known.empty() ? "" : ", ") + std::string(name);
        context.diagnostics.push_back({Severity::Error, location_of(props, context.file),
                                       "unknown integrator '" + props.key + "' (known: " + known + ")" +
                                           did_you_mean(props.key, integrator_names())});
        return nullptr;
    }
    PropertyValues values;
    if (!read_properties(props, kind->properties, context.file, context.diagnostics, values)) return nullptr;

    std::unique_ptr<Integrator> integrator;
    if (kind->family == ComponentFamily::VariableStepIntegrator) {
        if (values["min_step"] > values["max_step"]) {
            context.diagnostics.push_back(
                {Severity::Error, location_of(props, context.file), props.key + ": min_step is larger than max_step"});
            return nullptr;
        }
        integrator = std::make_unique<ErrorControlIntegrator>(kind->name, kind->beta, kind->planar, kind->step_doubling,
                                                              values["accuracy"], values["min_step"],
                                                              values["max_step"], values["angular_error_weight"],
                                                              values["implicit_joint_damping"] != 0);
    } else {
        integrator = std::make_unique<FixedStepIntegrator>(kind->name, kind->beta, kind->planar, values["step_size"],
                                                           values["implicit_joint_damping"] != 0);
    }
    const PropNode* step_property =
        props.find(kind->family == ComponentFamily::VariableStepIntegrator ? "max_step" : "step_size");
    integrator->step_size_location = location_of(step_property ? *step_property : props, context.file);
    integrator->activation_rate = values["activation_rate"];
    integrator->deactivation_rate = values["deactivation_rate"];
    return integrator;
}

}  // namespace hfd
