#include "format/prop_node.h"

#include "format/lexer.h"

#include <charconv>
#include <cmath>
#include <numbers>

namespace hfd {

const PropNode* PropNode::find(std::string_view child_key) const {
    for (const PropNode& child : children)
        if (child.key == child_key) return &child;
    return nullptr;
}

PropNode* PropNode::find(std::string_view child_key) {
    for (PropNode& child : children)
        if (child.key == child_key) return &child;
    return nullptr;
}

PropNode& PropNode::add(std::string child_key, std::string child_value) {
    PropNode& child = children.emplace_back();
    child.key = std::move(child_key);
    child.value = std::move(child_value);
    child.kind = Kind::Value;
    return child;
}

PropNode& PropNode::add_group(std::string child_key) {
    PropNode& child = children.emplace_back();
    child.key = std::move(child_key);
    child.kind = Kind::Group;
    return child;
}

bool PropNode::same_content(const PropNode& other) const {
    if (key != other.key || kind != other.kind || children.size() != other.children.size()) return false;
    if (kind == Kind::Value && value != other.value) return false;
    for (size_t i = 0; i < children.size(); ++i)
        if (!children[i].same_content(other.children[i])) return false;
    return true;
}

namespace {

bool set_error(std::string* error, std::string message) {
    if (error) *error = std::move(message);
    return false;
}

std::string describe_node(const PropNode& node) {
    switch (node.kind) {
        case PropNode::Kind::Group: return "a group";
        case PropNode::Kind::Array: return "an array";
        case PropNode::Kind::Value: break;
    }
    return node.value.empty() ? std::string("an empty value") : format_detail::enclosed(node.value, '\'');
}

// The whole text must be a finite decimal number (a leading '+' is allowed).
bool parse_number(std::string_view text, double& number) {
    if (!text.empty() && text[0] == '+') {
        text.remove_prefix(1);
        if (!text.empty() && (text[0] == '-' || text[0] == '+')) return false;
    }
    if (text.empty()) return false;
    const auto [end, status] = std::from_chars(text.data(), text.data() + text.size(), number);
    return status == std::errc() && end == text.data() + text.size() && std::isfinite(number);
}

// Why a number that from_chars reads in full is no double: "underflows ..." or
// "overflows ...", or nullptr when the text is not such a number.
const char* out_of_double_range(std::string_view text) {
    if (!text.empty() && text[0] == '+') text.remove_prefix(1);
    double ignored = 0;
    const auto [end, status] = std::from_chars(text.data(), text.data() + text.size(), ignored);
    if (status != std::errc::result_out_of_range || end != text.data() + text.size()) return nullptr;
    // the exponent's sign tells which way: 1e-400 is too small, 1e400 and 1e309 too large
    const size_t e = text.find_first_of("eE");
    const bool tiny = e != std::string_view::npos && e + 1 < text.size() && text[e + 1] == '-';
    return tiny ? "underflows: its magnitude is below the smallest double (4.9e-324); write 0 or a larger number"
                : "overflows: its magnitude is above the largest double (1.8e308)";
}

// Components of a { x = .. y = .. z = .. } group, in the order of `names`;
// missing ones stay at `fallback`.
template <typename T, typename Convert>
bool read_components(const PropNode& group, std::string_view names, T* values, Convert convert, std::string* error) {
    std::string seen;
    for (const PropNode& child : group.children) {
        const size_t index = child.key.size() == 1 ? names.find(child.key[0]) : std::string_view::npos;
        if (index == std::string_view::npos) {
            std::string expected;
            for (char name : names) expected += std::string(expected.empty() ? "" : ", ") + name;
            return set_error(error, "expected component " + expected + ", found '" + child.key + "'");
        }
        if (seen.find(child.key[0]) != std::string::npos)
            return set_error(error, "component '" + child.key + "' is given twice");
        seen += child.key[0];
        std::string component_error;
        auto value = convert(child, &component_error);
        if (!value) return set_error(error, "component '" + child.key + "': " + component_error);
        values[index] = *value;
    }
    return true;
}

// Elements of an [ a b c ] array, which must have exactly `count` of them.
template <typename T, typename Convert>
bool read_elements(const PropNode& array, size_t count, T* values, Convert convert, std::string* error) {
    if (array.children.size() != count)
        return set_error(
            error, "expected " + std::to_string(count) + " values, found " + std::to_string(array.children.size()));
    for (size_t i = 0; i < count; ++i) {
        std::string element_error;
        auto value = convert(array.children[i], &element_error);
        if (!value) return set_error(error, "element " + std::to_string(i + 1) + ": " + element_error);
        values[i] = *value;
    }
    return true;
}

// [x y z] or { x y z } with missing components 0.
std::optional<Eigen::Vector3d> read_xyz(const PropNode& node, std::string* error) {
    double xyz[3] = {0, 0, 0};
    bool ok = false;
    if (node.is_array()) ok = read_elements(node, 3, xyz, to_number, error);
    else if (node.is_group()) ok = read_components(node, "xyz", xyz, to_number, error);
    else ok = set_error(error, "expected [ x y z ] or { x = .. y = .. z = .. }, found " + describe_node(node));
    if (!ok) return std::nullopt;
    return Eigen::Vector3d(xyz[0], xyz[1], xyz[2]);
}

}  // namespace

std::optional<double> to_number(const PropNode& node, std::string* error) {
    double number = 0;
    if (node.is_value() && parse_number(node.value, number)) return number;
    if (node.is_value()) {
        if (const char* why = out_of_double_range(node.value)) {
            set_error(error, "number out of range: '" + node.value + "' " + why);
            return std::nullopt;
        }
    }
    set_error(error, "expected a number, found " + describe_node(node));
    return std::nullopt;
}

std::optional<bool> to_bool(const PropNode& node, std::string* error) {
    if (node.is_value()) {
        if (node.value == "1" || node.value == "true") return true;
        if (node.value == "0" || node.value == "false") return false;
    }
    set_error(error, "expected 0 or 1, found " + describe_node(node));
    return std::nullopt;
}

std::optional<Eigen::Vector3d> to_vec3(const PropNode& node, std::string* error) { return read_xyz(node, error); }

std::optional<Eigen::Quaterniond> to_quat_degrees(const PropNode& node, std::string* error) {
    if (node.is_group() && node.find("w")) {
        double wxyz[4] = {0, 0, 0, 0};
        if (!read_components(node, "wxyz", wxyz, to_number, error)) return std::nullopt;
        Eigen::Quaterniond q(wxyz[0], wxyz[1], wxyz[2], wxyz[3]);
        const double norm = q.norm();
        if (!(norm > 1e-12) || !std::isfinite(norm)) {
            set_error(error, "expected a nonzero quaternion { w x y z }, found one of length 0");
            return std::nullopt;
        }
        return q.normalized();
    }
    const auto degrees = read_xyz(node, error);
    if (!degrees) return std::nullopt;
    // intrinsic x-y-z Euler angles, q = qx qy qz (model/math_types.h: quat_from_euler_xyz,
    // which format, below model, does not include)
    const Eigen::Vector3d a = *degrees * (std::numbers::pi / 180.0);
    return Eigen::Quaterniond(Eigen::AngleAxisd(a.x(), Eigen::Vector3d::UnitX())) *
           Eigen::Quaterniond(Eigen::AngleAxisd(a.y(), Eigen::Vector3d::UnitY())) *
           Eigen::Quaterniond(Eigen::AngleAxisd(a.z(), Eigen::Vector3d::UnitZ()));
}

std::optional<std::pair<double, double>> to_range(const PropNode& node, std::string* error) {
    if (node.is_value()) {
        const size_t dots = node.value.find("..");
        double lower = 0, upper = 0;
        if (dots != std::string::npos && parse_number(std::string_view(node.value).substr(0, dots), lower) &&
            parse_number(std::string_view(node.value).substr(dots + 2), upper)) {
            if (lower <= upper) return std::make_pair(lower, upper);
            set_error(error, "expected a range min..max with min <= max, found " + describe_node(node));
            return std::nullopt;
        }
    }
    set_error(error, "expected a range min..max, found " + describe_node(node));
    return std::nullopt;
}

std::optional<std::pair<Eigen::Vector3d, Eigen::Vector3d>> to_range3(const PropNode& node, std::string* error) {
    std::pair<double, double> ranges[3] = {{0, 0}, {0, 0}, {0, 0}};
    bool ok = false;
    if (node.is_array()) ok = read_elements(node, 3, ranges, to_range, error);
    else if (node.is_group()) ok = read_components(node, "xyz", ranges, to_range, error);
    else
        ok =
            set_error(error, "expected [ a..b c..d e..f ] or { x = a..b y = .. z = .. }, found " + describe_node(node));
    if (!ok) return std::nullopt;
    return std::make_pair(Eigen::Vector3d(ranges[0].first, ranges[1].first, ranges[2].first),
                          Eigen::Vector3d(ranges[0].second, ranges[1].second, ranges[2].second));
}

SourceLocation location_of(const PropNode& node, const std::string& file) {
    const std::string& source = node.source_file ? *node.source_file : file;
    if (node.line > 0) return {source, node.line, node.column};
    return {source, node.value_line, node.value_column};
}

SourceLocation value_location_of(const PropNode& node, const std::string& file) {
    if (node.value_line > 0) return {node.source_file ? *node.source_file : file, node.value_line, node.value_column};
    return location_of(node, file);
}

}  // namespace hfd
