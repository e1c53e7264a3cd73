// dof { }: named coordinates. Long form
//   dof { name = pelvis_tilt source = pelvis_rz default = 0 range = -90..90 }
// short form
//   dof { pelvis_tilt = pelvis_rz }
// Sources: <body>_rx|ry|rz = rotation of the body relative to its parent (via
// the joint whose child it is), or of a root body relative to the world;
// <body>_tx|ty|tz = translation of a root body; <joint>_rx|ry|rz_<side> = axis
// of joint <joint>_<side> (hip_rz_r -> joint hip_r); <joint>_rx|ry|rz = axis of
// joint <joint>. A leading '-' inverts the value. default and range are in
// degrees for rotations (converted to radians) and metres for translations.
#include "model/build_steps.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace hfd::build {

namespace {

constexpr double radians_per_degree = std::numbers::pi / 180.0;

// "rx" -> rotation axis 0 ... "tz" -> translation axis 2; false when not an axis.
bool parse_axis(std::string_view text, bool& rotation, int& axis) {
    if (text.size() != 2 || (text[0] != 'r' && text[0] != 't') || text[1] < 'x' || text[1] > 'z') return false;
    rotation = text[0] == 'r';
    axis = text[1] - 'x';
    return true;
}

// Fills kind/joint/body/axis from `<body>_<axis>`; empty string on success, else the reason.
std::string body_source(Dof& dof, Index body, bool rotation, const Model& model) {
    const Body& b = model.bodies[body];
    if (b.is_static()) return "body '" + b.name + "' is static";
    if (rotation && b.parent_joint != no_index) {
        dof.kind = Dof::Kind::JointRotation;
        dof.joint = b.parent_joint;
    } else if (rotation) {
        dof.kind = Dof::Kind::RootRotation;
        dof.body = body;
    } else if (b.parent_joint == no_index) {
        dof.kind = Dof::Kind::RootTranslation;
        dof.body = body;
    } else {
        return "translation sources are for root bodies, and '" + b.name + "' is the child of " +
               describe("joint", model.joints[b.parent_joint].name);
    }
    return {};
}

// Resolves `source` into dof; returns the reason when it cannot.
std::string resolve_source(Dof& dof, std::string_view source, const Model& model) {
    if (!source.empty() && source[0] == '-') {
        dof.sign = -1;
        source.remove_prefix(1);
    }
    bool rotation = false;
    int axis = 0;
    const size_t last = source.rfind('_');
    if (last != std::string_view::npos && parse_axis(source.substr(last + 1), rotation, axis)) {
        dof.axis = axis;
        const std::string owner(source.substr(0, last));
        if (Index body = model.find_body(owner); body != no_index) return body_source(dof, body, rotation, model);
        if (Index joint = model.find_joint(owner); joint != no_index && rotation) {
            dof.kind = Dof::Kind::JointRotation;
            dof.joint = joint;
            return {};
        }
    } else if (last != std::string_view::npos && last >= 3 && source[last - 3] == '_' &&
               parse_axis(source.substr(last - 2, 2), rotation, axis)) {
        const std::string joint_name = std::string(source.substr(0, last - 3)) + std::string(source.substr(last));
        const Index joint = model.find_joint(joint_name);
        if (joint != no_index && rotation) {
            dof.kind = Dof::Kind::JointRotation;
            dof.joint = joint;
            dof.axis = axis;
            return {};
        }
        if (joint != no_index) return "joint sources are rotations (_rx, _ry, _rz)";
        return "no joint '" + joint_name + "'";
    }
    return "expected <body>_rx|ry|rz|tx|ty|tz or <joint>_rx|ry|rz_<side> naming an existing body or joint";
}

constexpr std::string_view dof_properties[] = {"name", "source", "default", "range"};

bool is_dof_property(std::string_view key) {
    return std::find(std::begin(dof_properties), std::end(dof_properties), key) != std::end(dof_properties);
}

// The `dof_name = source` child of the short form, or nullptr.
const PropNode* short_form_entry(const PropNode& node) {
    if (node.find("name") || node.find("source")) return nullptr;
    for (const PropNode& child : node.children)
        if (child.is_value() && !child.is_variable_definition() && !is_dof_property(child.key)) return &child;
    return nullptr;
}

// Without a `range`, a joint axis's dof spans the joint's limits about that axis (the
// angles the joint allows, with the dof's sign; widened to hold the default), else the
// manual's -90..90.
void read_default_and_range(Dof& dof, ModelPropertyReader& reader, BuildContext& ctx) {
    const bool rotation = dof.kind != Dof::Kind::RootTranslation;
    const double unit = rotation ? radians_per_degree : ctx.model.options.scale;
    if (!rotation) dof.range_min = -90, dof.range_max = 90;  // the manual's -90..90, in metres
    if (auto v = reader.number("default")) dof.default_value = *v * unit;
    if (auto v = reader.range("range")) {
        dof.range_min = v->first * unit;
        dof.range_max = v->second * unit;
    } else if (dof.kind == Dof::Kind::JointRotation && dof.joint != no_index &&
               ctx.model.joints[dof.joint].has_limits) {
        const Joint& joint = ctx.model.joints[dof.joint];
        const double low = joint.limit_min[dof.axis], high = joint.limit_max[dof.axis];
        if (std::isfinite(low) && std::isfinite(high) && high > low) {
            dof.range_min = std::min(dof.sign < 0 ? -high : low, dof.default_value);
            dof.range_max = std::max(dof.sign < 0 ? -low : high, dof.default_value);
        }
    }
    if (dof.default_value < dof.range_min || dof.default_value > dof.range_max)
        ctx.warning(reader.node(), reader.what() + ": default lies outside its range");
}

}  // namespace

void build_dofs(const PropNode& model_node, BuildContext& ctx) {
    for (const PropNode& node : model_node.children) {
        if (node.key != "dof") continue;
        if (!node.is_group()) {
            ctx.error(node, "dof must be a group { name = .. source = .. } or { dof_name = source }");
            continue;
        }
        Dof dof;
        dof.location = ctx.location(node);
        const PropNode* entry = short_form_entry(node);
        const PropNode* source_node = entry ? entry : node.find("source");
        dof.name = entry ? entry->key : name_of(node);
        ModelPropertyReader reader(node, ctx, describe("dof", dof.name));
        for (const PropNode& child : node.children)
            if (&child != entry && !child.is_variable_definition() && !is_dof_property(child.key))
                ctx.warning(child, "unknown property '" + child.key + "' in " + reader.what() + " (ignored)" +
                                       did_you_mean(child.key, dof_properties));
        if (dof.name.empty()) reader.missing("name");
        if (!source_node) {
            reader.missing("source");
        } else if (std::string reason = resolve_source(dof, source_node->value, ctx.model); !reason.empty()) {
            ctx.error(*source_node, reader.what() + ": unknown source '" + source_node->value + "': " + reason);
        }
        read_default_and_range(dof, reader, ctx);
        ctx.model.dofs.push_back(dof);
    }
    check_unique_names(ctx.model.dofs, "dof", ctx);
}

}  // namespace hfd::build
