// Property helpers of the force factories that do not yet read their
// properties with read_force_properties (sim/components.h).
#include "forces/force_component.h"
#include "format/property_spec.h"

#include <algorithm>

namespace hfd {

double read_number(const PropNode& props, std::string_view key, double default_value, ForceContext& context) {
    const PropNode* node = props.find(key);
    if (!node) return default_value;
    std::string error;
    const std::optional<double> value = read_bounded_number(*node, Bound::Any, &error);
    if (!value) {
        context.diagnostics.push_back(
            {Severity::Error, location_of(*node, context.file), props.key + "." + std::string(key) + ": " + error});
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
    warn_unknown_properties(props, std::span<const std::string_view>(known_keys.begin(), known_keys.size()),
                            props.key, context.file, context.diagnostics);
}

}  // namespace hfd
