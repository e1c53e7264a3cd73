#include "forces/force_component.h"

#include <algorithm>
#include <cmath>

namespace hfd {

const std::vector<ForceRegistration>& force_registry() {
    static const std::vector<ForceRegistration> registry = [] {
        std::vector<ForceRegistration> r;
        register_joint_forces(r);
        register_contact_forces(r);
        register_muscle_forces(r);
        register_actuator_forces(r);
        return r;
    }();
    return registry;
}

ForceFactory find_force_factory(std::string_view name) {
    for (const auto& registration : force_registry())
        if (registration.name == name) return registration.factory;
    return nullptr;
}

double read_number(const PropNode& props, std::string_view key, double default_value, ForceContext& context) {
    const PropNode* node = props.find(key);
    if (!node) return default_value;
    std::string error;
    const auto value = to_number(*node, &error);
    if (!value || !std::isfinite(*value)) {
        context.diagnostics.push_back({Severity::Error, location_of(*node, context.file),
                                       std::string(props.key) + "." + std::string(key) + ": expected a number" +
                                           (error.empty() ? std::string() : " (" + error + ")")});
        return default_value;
    }
    return *value;
}

void report_property_error(const PropNode& props, std::string_view key, const std::string& message,
                           ForceContext& context) {
    const PropNode* node = props.find(key);
    context.diagnostics.push_back({Severity::Error, location_of(node ? *node : props, context.file),
                                   props.key + "." + std::string(key) + " " + message});
}

bool has_errors_since(const std::vector<Diagnostic>& diagnostics, size_t before) {
    return std::any_of(diagnostics.begin() + std::ptrdiff_t(before), diagnostics.end(),
                       [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

void warn_unknown_properties(const PropNode& props, std::initializer_list<std::string_view> known_keys,
                             ForceContext& context) {
    for (const PropNode& child : props.children) {
        if (child.is_variable_definition()) continue;
        if (std::find(known_keys.begin(), known_keys.end(), child.key) != known_keys.end()) continue;
        context.diagnostics.push_back({Severity::Warning, location_of(child, context.file),
                                       "unknown property '" + child.key + "' of " + props.key + " (ignored)"});
    }
}

}  // namespace hfd
