#include "model/build_context.h"

#include <algorithm>
#include <cmath>

namespace hfd::build {

void BuildContext::error(const PropNode& at, std::string message) {
    diagnostics.push_back({Severity::Error, location(at), std::move(message)});
}

void BuildContext::warning(const PropNode& at, std::string message) {
    diagnostics.push_back({Severity::Warning, location(at), std::move(message)});
}

ModelPropertyReader::ModelPropertyReader(const PropNode& node, BuildContext& ctx, std::string what)
    : node_(node), ctx_(ctx), what_(std::move(what)) {}

const PropNode* ModelPropertyReader::find(std::string_view key) const { return node_.find(key); }

void ModelPropertyReader::missing(std::string_view key) {
    ctx_.error(node_, what_ + " is missing required property '" + std::string(key) + "'");
}

void ModelPropertyReader::report_value_error(const PropNode& at, std::string_view key, const std::string& error) {
    ctx_.error(at, what_ + ": '" + std::string(key) + "': " + error);
}

std::optional<double> ModelPropertyReader::number(std::string_view key, Need need, Bound bound) {
    const PropNode* p = find(key);
    if (!p) {
        if (need == Need::Required) missing(key);
        return std::nullopt;
    }
    std::string error;
    const std::optional<double> value = read_bounded_number(*p, bound, &error);
    if (!value) report_value_error(*p, key, error);
    return value;
}

std::optional<double> ModelPropertyReader::length(std::string_view key, Need need, Bound bound) {
    const std::optional<double> value = number(key, need, bound);
    if (!value) return std::nullopt;
    return *value * ctx_.model.options.scale;
}

std::optional<bool> ModelPropertyReader::flag(std::string_view key) {
    const PropNode* p = find(key);
    if (!p) return std::nullopt;
    std::string error;
    const std::optional<double> value = read_bounded_number(*p, Bound::Flag, &error);
    if (!value) {
        report_value_error(*p, key, error);
        return std::nullopt;
    }
    return *value != 0;
}

std::optional<std::string> ModelPropertyReader::text(std::string_view key, Need need) {
    const PropNode* p = find(key);
    if (!p) {
        if (need == Need::Required) missing(key);
        return std::nullopt;
    }
    if (!p->is_value()) {
        report_value_error(*p, key, "expected a name, found a " + std::string(p->is_group() ? "group" : "list"));
        return std::nullopt;
    }
    if (need == Need::Required && p->value.empty()) {
        report_value_error(*p, key, "must not be empty");
        return std::nullopt;
    }
    return p->value;
}

std::optional<Vec3> ModelPropertyReader::vec3(std::string_view key, Need need) {
    const PropNode* p = find(key);
    if (!p) {
        if (need == Need::Required) missing(key);
        return std::nullopt;
    }
    std::string error;
    const std::optional<Vec3> value = to_vec3(*p, &error);
    if (!value) {
        report_value_error(*p, key, error.empty() ? "expected a vector3 [x y z]" : error);
        return std::nullopt;
    }
    if (!value->allFinite()) {
        report_value_error(*p, key, "expected finite components");
        return std::nullopt;
    }
    return value;
}

std::optional<Vec3> ModelPropertyReader::position(std::string_view key, Need need) {
    const std::optional<Vec3> value = vec3(key, need);
    if (!value) return std::nullopt;
    return *value * ctx_.model.options.scale;
}

std::optional<Quat> ModelPropertyReader::orientation(std::string_view key) {
    const PropNode* p = find(key);
    if (!p) return std::nullopt;
    std::string error;
    const std::optional<Quat> value = to_quat_degrees(*p, &error);
    if (!value) {
        report_value_error(*p, key, error.empty() ? "expected x-y-z Euler angles in degrees or { w x y z }" : error);
        return std::nullopt;
    }
    if (!value->coeffs().allFinite()) {
        report_value_error(*p, key, "expected finite components");
        return std::nullopt;
    }
    return value->normalized();
}

std::optional<std::pair<double, double>> ModelPropertyReader::range(std::string_view key) {
    const PropNode* p = find(key);
    if (!p) return std::nullopt;
    std::string error;
    const auto value = to_range(*p, &error);
    if (!value) {
        report_value_error(*p, key, error.empty() ? "expected a range min..max" : error);
        return std::nullopt;
    }
    if (!std::isfinite(value->first) || !std::isfinite(value->second)) {
        report_value_error(*p, key, "expected finite bounds");
        return std::nullopt;
    }
    if (value->first > value->second) {
        report_value_error(*p, key, "minimum is larger than maximum in '" + p->value + "'");
        return std::nullopt;
    }
    return value;
}

void ModelPropertyReader::warn_unknown(std::initializer_list<std::string_view> known) const {
    warn_unknown_properties(node_, std::span<const std::string_view>(known.begin(), known.size()), what_, ctx_.file,
                            ctx_.diagnostics);
}

std::string describe(std::string_view kind, const std::string& name) {
    return name.empty() ? std::string(kind) : std::string(kind) + " '" + name + "'";
}

std::string name_of(const PropNode& node) {
    const PropNode* name = node.find("name");
    return name && name->is_value() ? name->value : std::string();
}

std::string name_of(const PropNode& node, BuildContext& ctx) {
    const PropNode* name = node.find("name");
    if (name && !name->is_value())
        ctx.error(*name,
                  node.key + ": 'name': expected a name, found a " + std::string(name->is_group() ? "group" : "list"));
    return name_of(node);
}

std::string join_names(const std::vector<std::string>& names) {
    constexpr size_t shown = 8;
    std::string out;
    for (size_t i = 0; i < names.size() && i < shown; ++i) {
        if (i) out += ", ";
        out += names[i].empty() ? "(unnamed)" : names[i];
    }
    if (names.size() > shown) out += ", ... (" + std::to_string(names.size()) + " in all)";
    if (names.empty()) out = "(none defined)";
    return out;
}

bool require_group(const PropNode& node, BuildContext& ctx, std::string_view kind) {
    if (node.is_group()) return true;
    ctx.error(node, std::string(kind) + " must be a group { ... }");
    return false;
}

}  // namespace hfd::build
