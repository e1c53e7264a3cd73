#include "model/mirror.h"

#include <array>
#include <cstdio>
#include <set>
#include <string_view>

namespace hfd {

namespace {

using Vector = Eigen::Vector3d;

bool ends_with_right(std::string_view name) { return name.size() > 2 && name.ends_with("_r"); }

bool is_one_of(std::string_view key, std::initializer_list<std::string_view> keys) {
    for (std::string_view k : keys)
        if (k == key) return true;
    return false;
}

std::string number_text(double value) {
    std::array<char, 32> buffer{};
    std::snprintf(buffer.data(), buffer.size(), "%.17g", value);
    return buffer.data();
}

// A value child located where the value of `at` was written.
PropNode value_node(const PropNode& at, std::string key, std::string value) {
    PropNode node;
    node.key = std::move(key);
    node.value = std::move(value);
    node.line = node.value_line = at.value_line > 0 ? at.value_line : at.line;
    node.column = node.value_column = at.value_line > 0 ? at.value_column : at.column;
    return node;
}

// Replaces the value of `node` by a group of `keys` = `values`, keeping its key and location.
void set_group(PropNode& node, std::string_view keys, const std::vector<std::string>& values) {
    std::vector<PropNode> children;
    for (size_t i = 0; i < values.size(); ++i) children.push_back(value_node(node, std::string(1, keys[i]), values[i]));
    node.kind = PropNode::Kind::Group;
    node.value.clear();
    node.raw_value.clear();
    node.quoted = false;
    node.children = std::move(children);
}

void set_vec3(PropNode& node, const Vector& v) {
    set_group(node, "xyz", {number_text(v.x()), number_text(v.y()), number_text(v.z())});
}

// Malformed values are left as written: building reports them at the original.
void reflect_point(PropNode& node) {
    if (auto v = to_vec3(node)) set_vec3(node, Vector(v->x(), v->y(), -v->z()));
}

void reflect_axial(PropNode& node) {
    if (auto v = to_vec3(node)) set_vec3(node, Vector(-v->x(), -v->y(), v->z()));
}

void reflect_rotation(PropNode& node) {
    if (auto q = to_quat_degrees(node))
        set_group(node, "wxyz", {number_text(q->w()), number_text(-q->x()), number_text(-q->y()), number_text(q->z())});
}

void reflect_limits(PropNode& node) {
    const auto range = to_range3(node);
    if (!range) return;
    const auto& [lo, hi] = *range;
    auto text = [](double a, double b) { return number_text(a) + ".." + number_text(b); };
    set_group(node, "xyz", {text(-hi.x(), -lo.x()), text(-hi.y(), -lo.y()), text(lo.z(), hi.z())});
}

void reflect_scale(PropNode& node) {
    if (node.is_value()) {
        if (auto s = to_number(node)) set_vec3(node, Vector(*s, *s, -*s));
    } else {
        reflect_point(node);
    }
}

void rename_side(std::string& name) {
    if (ends_with_right(name)) name.back() = 'l';
}

// Renames and, for axes that the reflection turns around (rx, ry, tz), inverts.
void mirror_source(std::string& source) {
    if (source.empty()) return;
    rename_side(source);
    const std::string_view body = std::string_view(source).substr(source[0] == '-' ? 1 : 0);
    const size_t last = body.rfind('_');
    if (last == std::string_view::npos) return;
    std::string_view axis = body.substr(last + 1);
    if (axis.size() != 2 && last >= 3) axis = body.substr(last - 2, 2);  // <joint>_<axis>_<side>
    if (axis == "rx" || axis == "ry" || axis == "tz") source = source[0] == '-' ? source.substr(1) : "-" + source;
}

// `moving { dof = .. }` and `active { dof = .. }` of a muscle path point.
bool is_path_dof_group(std::string_view key) { return key == "moving" || key == "active"; }

// A moving path point's z = [ .. ]: every number negated (malformed items left as written).
void reflect_list(PropNode& list) {
    for (PropNode& item : list.children)
        if (auto v = to_number(item); v && item.is_value()) item.value = number_text(-*v);
}

bool is_dof_property(std::string_view key) { return is_one_of(key, {"name", "source", "default", "range"}); }

void mirror_node(PropNode& node) {
    const bool is_dof = node.key == "dof";
    if (node.key == "mesh" && !node.find("scale")) {
        PropNode& scale = node.add("scale");
        scale.line = node.line;
        scale.column = node.column;
        set_vec3(scale, Vector(1, 1, 1));  // reflected below
    }
    for (PropNode& child : node.children) {
        const std::string& key = child.key;
        if (child.is_variable_definition()) continue;
        if (is_one_of(key, {"pos", "pos_in_parent", "pos_in_child", "lin_vel", "force", "normal"}))
            reflect_point(child);
        else if (is_one_of(key, {"ang_vel", "target_vel", "torque_offset", "moment"})) reflect_axial(child);
        else if (is_one_of(key, {"ori", "ref_ori", "target_ori"})) reflect_rotation(child);
        else if (key == "limits") reflect_limits(child);
        else if (key == "scale" && node.key == "mesh") reflect_scale(child);
        else if (child.is_value() && is_one_of(key, {"name", "body", "parent", "child", "joint"}))
            rename_side(child.value);
        else if (is_path_dof_group(node.key) && key == "dof" && child.is_value()) rename_side(child.value);
        else if (node.key == "moving" && key == "z" && child.is_array()) reflect_list(child);
        else if (child.is_value() && (key == "source" || (is_dof && !is_dof_property(key)))) {
            mirror_source(child.value);
            if (key != "source") rename_side(child.key);  // short form: the key is the name
        } else if (!child.is_value()) mirror_node(child);
    }
}

// The namespace a component's name lives in, or empty when it is not mirrored.
std::string_view name_space(std::string_view key) {
    if (key == "point_path_muscle" || key == "joint_point_path_muscle") return "muscle";
    if (is_one_of(key, {"body", "joint", "geometry", "dof", "joint_motor"})) return key;
    return {};
}

std::string component_name(const PropNode& node) {
    if (const PropNode* name = node.find("name"); name && name->is_value()) return name->value;
    if (node.key == "dof") {
        for (const PropNode& child : node.children)
            if (child.is_value() && !child.is_variable_definition() && !is_dof_property(child.key)) return child.key;
    }
    if (node.key == "joint_motor")
        if (const PropNode* joint = node.find("joint"); joint && joint->is_value()) return joint->value;
    return {};
}

using NameSet = std::set<std::pair<std::string, std::string>>;  // (namespace, name)

void collect_names(const PropNode& parent, NameSet& names) {
    for (const PropNode& node : parent.children) {
        if (node.is_value()) continue;
        if (std::string_view space = name_space(node.key); !space.empty())
            names.insert({std::string(space), component_name(node)});
        if (node.key == "body") collect_names(node, names);
    }
}

// Inserts the mirrored copies among the children of `parent` (the model or a body).
void mirror_children(PropNode& parent, const NameSet& names, bool inside_body) {
    std::vector<PropNode> children;
    children.reserve(parent.children.size());
    for (PropNode& node : parent.children) {
        children.push_back(node);
        const std::string_view space = name_space(node.key);
        if (space.empty() || node.is_value() || (inside_body && space != "joint" && space != "geometry")) continue;
        const std::string name = component_name(node);
        if (ends_with_right(name) && !names.count({std::string(space), mirrored_name(name)})) {
            PropNode copy = node;
            mirror_node(copy);
            children.push_back(std::move(copy));
        } else if (node.key == "body") {
            mirror_children(children.back(), names, true);
        }
    }
    parent.children = std::move(children);
}

}  // namespace

std::string mirrored_name(const std::string& name) {
    std::string out = name;
    rename_side(out);
    return out;
}

void mirror_components(PropNode& model_node) {
    NameSet names;
    collect_names(model_node, names);
    mirror_children(model_node, names, false);
}

}  // namespace hfd
