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

// Optimal string alignment distance, case ignored.
size_t edit_distance(std::string_view a, std::string_view b) {
    auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; };
    const size_t n = a.size(), m = b.size();
    std::vector<size_t> before(m + 1), previous(m + 1), current(m + 1);
    for (size_t j = 0; j <= m; ++j) previous[j] = j;
    for (size_t i = 1; i <= n; ++i) {
        current[0] = i;
        for (size_t j = 1; j <= m; ++j) {
            const size_t cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
            current[j] = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost});
            if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) && lower(a[i - 2]) == lower(b[j - 1]))
                current[j] = std::min(current[j], before[j - 2] + 1);
        }
        before.swap(previous);
        previous.swap(current);
    }
    return previous[m];
}

template <class Name>
std::string closest(std::string_view name, std::span<const Name> known) {
    const size_t limit = std::min(name.size() <= 4 ? size_t(1) : name.size() <= 8 ? size_t(2) : size_t(3),
                                  name.empty() ? size_t(0) : name.size() - 1);
    std::string best;
    size_t best_distance = limit + 1;
    for (const Name& candidate : known) {
        const std::string_view k(candidate);
        if (k.empty() || k == name) continue;
        const size_t d = edit_distance(name, k);
        if (d < best_distance) best_distance = d, best = std::string(k);
    }
    return best;
}

}  // namespace

std::string closest_name(std::string_view name, std::span<const std::string_view> known) {
    return closest(name, known);
}
std::string closest_name(std::string_view name, std::span<const std::string> known) { return closest(name, known); }

std::string did_you_mean(std::string_view name, std::span<const std::string_view> known) {
    const std::string best = closest_name(name, known);
    return best.empty() ? std::string() : "; did you mean '" + best + "'?";
}
std::string did_you_mean(std::string_view name, std::span<const std::string> known) {
    const std::string best = closest_name(name, known);
    return best.empty() ? std::string() : "; did you mean '" + best + "'?";
}

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
                               "unknown property '" + child.key + "' in " + what + " (ignored)" +
                                   did_you_mean(child.key, known)});
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
