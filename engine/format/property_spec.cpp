#include "format/property_spec.h"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace hfd {

namespace {

const char* bound_rule(Bound bound) {
    switch (bound) {
        case Bound::NonNegative: return "must be >= 0";
        case Bound::Positive: return "must be > 0";
        case Bound::OpenUnit: return "must be in (0, 1)";
        case Bound::Any:
        case Bound::Flag: break;
    }
    return "";
}

bool within(double value, Bound bound) {
    switch (bound) {
        case Bound::NonNegative: return value >= 0;
        case Bound::Positive: return value > 0;
        case Bound::OpenUnit: return value > 0 && value < 1;
        case Bound::Any:
        case Bound::Flag: break;
    }
    return true;
}

}  // namespace

std::optional<double> read_bounded_number(const PropNode& node, Bound bound, std::string* error) {
    std::string why;
    if (bound == Bound::Flag) {
        const std::optional<bool> flag = to_bool(node, &why);
        if (!flag && error) *error = why.empty() ? "expected 0 or 1" : why;
        return flag ? std::optional<double>(*flag ? 1.0 : 0.0) : std::nullopt;
    }
    const std::optional<double> value = to_number(node, &why);
    if (!value) {
        if (error) *error = why.empty() ? "expected a number" : why;
        return std::nullopt;
    }
    if (!std::isfinite(*value)) {
        if (error) *error = "expected a finite number, found '" + node.value + "'";
        return std::nullopt;
    }
    if (!within(*value, bound)) {
        if (error) *error = std::string(bound_rule(bound)) + ", found " + node.value;
        return std::nullopt;
    }
    return value;
}

void warn_unknown_properties(const PropNode& node, std::span<const std::string_view> known, const std::string& what,
                             const std::string& file, std::vector<Diagnostic>& diagnostics) {
    for (const PropNode& child : node.children) {
        if (child.is_variable_definition() || child.key.empty()) continue;
        if (std::find(known.begin(), known.end(), child.key) != known.end()) continue;
        diagnostics.push_back({Severity::Warning, location_of(child, file),
                               "unknown property '" + child.key + "' in " + what + " (ignored)"});
    }
}

double PropertyValues::operator[](std::string_view key) const {
    for (const Entry& entry : entries_)
        if (entry.key == key) return entry.value;
    assert(false && "property not in the component's specs");
    return 0;
}

bool PropertyValues::is_written(std::string_view key) const {
    for (const Entry& entry : entries_)
        if (entry.key == key) return entry.written;
    return false;
}

bool read_properties(const PropNode& props, std::span<const PropertySpec> specs, const std::string& file,
                     std::vector<Diagnostic>& diagnostics, PropertyValues& out) {
    std::vector<std::string_view> known;
    for (const PropertySpec& spec : specs) known.push_back(spec.key);
    warn_unknown_properties(props, known, props.key, file, diagnostics);
    out.entries_.clear();
    bool ok = true;
    for (const PropertySpec& spec : specs) {
        const PropNode* node = props.find(spec.key);
        double value = spec.default_value;
        if (node) {
            std::string error;
            if (const std::optional<double> read = read_bounded_number(*node, spec.bound, &error)) {
                value = *read;
            } else {
                diagnostics.push_back({Severity::Error, location_of(*node, file),
                                       props.key + "." + std::string(spec.key) + ": " + error});
                ok = false;
            }
        }
        out.entries_.push_back({spec.key, value, node != nullptr});
    }
    return ok;
}

}  // namespace hfd
