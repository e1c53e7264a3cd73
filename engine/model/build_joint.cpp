// joint { }: bodies, anchors, limits, and the defaults from model_options.
//
// stiffness, damping, limit_stiffness and limit_damping are the joint's own
// values when written, else the model_options defaults, resolved as follows:
//   stiffness       = joint_stiffness
//   damping         = joint_damping                           (damping_mode absolute)
//                   = joint_damping * 2 sqrt(stiffness * m)   (damping_mode critical_mass)
//       m = m_p m_c / (m_p + m_c), the reduced mass of parent and child (the mass
//       of the dynamic one when the other is static): joint_damping is then the
//       damping ratio of the joint's spring acting on the two bodies.
//   limit_stiffness = joint_limit_stiffness
//   limit_damping   = joint_limit_damping                                 (absolute)
//                   = joint_limit_damping * 2 sqrt(I / limit_stiffness)   (critical_inertia)
//       I = mean principal moment of inertia of the child (of the parent when the
//       child is static); 0 when limit_stiffness is 0. joint_force_pnld applies
//       tau = -k theta (1 + k_w omega), whose damping coefficient k k_w equals
//       joint_limit_damping * 2 sqrt(k I), i.e. joint_limit_damping times critical
//       damping, at theta = 1 rad of limit displacement.
#include "model/build_steps.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace hfd::build {

namespace {

struct OwnValues {
    bool damping = false, limit_damping = false;
};

double reduced_mass(const Body& parent, const Body& child) {
    if (parent.is_static()) return child.is_static() ? 0.0 : child.mass;
    if (child.is_static()) return parent.mass;
    return parent.mass * child.mass / (parent.mass + child.mass);
}

void apply_default_damping(Joint& joint, const OwnValues& own, const Model& model) {
    const ModelOptions& o = model.options;
    if (joint.parent == no_index || joint.child == no_index) return;
    const Body& parent = model.bodies[joint.parent];
    const Body& child = model.bodies[joint.child];
    if (!own.damping) {
        joint.damping = o.joint_damping;
        if (o.damping_mode == ModelOptions::DampingMode::CriticalMass)
            joint.damping = o.joint_damping * 2.0 * std::sqrt(joint.stiffness * reduced_mass(parent, child));
    }
    if (!own.limit_damping) {
        joint.limit_damping = o.joint_limit_damping;
        if (o.limit_damping_mode == ModelOptions::LimitDampingMode::CriticalInertia) {
            const Body& turning = child.is_static() ? parent : child;
            const double inertia = turning.inertia.mean();
            joint.limit_damping = joint.limit_stiffness > 0
                                      ? o.joint_limit_damping * 2.0 * std::sqrt(inertia / joint.limit_stiffness)
                                      : 0.0;
        }
    }
}

void read_limits(Joint& joint, ModelPropertyReader& reader, BuildContext& ctx) {
    const PropNode* limits = reader.find("limits");
    if (!limits) return;
    std::string error;
    const auto range = to_range3(*limits, &error);
    if (!range) {
        ctx.error(*limits, reader.what() + ": 'limits': " +
                               (error.empty() ? "expected { x = a..b y = c..d z = e..f } in degrees" : error));
        return;
    }
    if (!range->first.allFinite() || !range->second.allFinite()) {
        ctx.error(*limits, reader.what() + ": 'limits' must have finite bounds");
        return;
    }
    for (int axis = 0; axis < 3; ++axis) {
        if (range->first[axis] > range->second[axis]) {
            ctx.error(*limits, reader.what() + ": 'limits' " + "xyz"[axis] + " minimum " +
                                   number_in_message(range->first[axis]) + " is larger than maximum " +
                                   number_in_message(range->second[axis]));
            return;
        }
    }
    constexpr double radians_per_degree = std::numbers::pi / 180.0;
    joint.has_limits = true;
    joint.limit_min = range->first * radians_per_degree;
    joint.limit_max = range->second * radians_per_degree;
}

void read_bodies(Joint& joint, ModelPropertyReader& reader, Index enclosing_body, BuildContext& ctx) {
    if (auto parent = reader.text("parent", Need::Required))
        joint.parent = resolve_body(*reader.find("parent"), *parent, reader.what(), ctx);
    if (enclosing_body == no_index) {
        if (auto child = reader.text("child", Need::Required))
            joint.child = resolve_body(*reader.find("child"), *child, reader.what(), ctx);
    } else {
        joint.child = enclosing_body;
        const std::string& body_name = ctx.model.bodies[enclosing_body].name;
        if (auto child = reader.text("child"); child && *child != body_name)
            ctx.error(*reader.find("child"), reader.what() + " is written inside body '" + body_name +
                                                 "' but has child '" + *child +
                                                 "'; a joint inside a body has that body as child (omit 'child')");
    }
    if (joint.parent != no_index && joint.parent == joint.child)
        ctx.error(reader.node(),
                  reader.what() + ": parent and child are the same body '" + ctx.model.bodies[joint.child].name + "'");
    else if (joint.child != no_index && ctx.model.bodies[joint.child].is_static() && joint.parent != no_index &&
             ctx.model.bodies[joint.parent].is_static())
        ctx.error(reader.node(), reader.what() + ": parent and child are both static bodies");
}

Joint read_joint(const ComponentNode& component, BuildContext& ctx, OwnValues& own) {
    const PropNode& node = *component.node;
    Joint joint;
    joint.name = name_of(node, ctx);
    joint.location = ctx.location(node);
    ModelPropertyReader reader(node, ctx, describe("joint", joint.name));
    reader.warn_unknown({"name", "parent", "child", "pos_in_parent", "pos_in_child", "ref_ori", "stiffness", "damping",
                         "limits", "limit_stiffness", "limit_damping"});
    read_bodies(joint, reader, component.enclosing_body, ctx);
    if (auto v = reader.position("pos_in_parent", Need::Required)) joint.pos_in_parent = *v;
    if (auto v = reader.position("pos_in_child", Need::Required)) joint.pos_in_child = *v;
    if (auto v = reader.orientation("ref_ori")) joint.ref_ori = *v;
    const ModelOptions& o = ctx.model.options;
    joint.stiffness = reader.number("stiffness", Need::Optional, Bound::NonNegative).value_or(o.joint_stiffness);
    joint.limit_stiffness =
        reader.number("limit_stiffness", Need::Optional, Bound::NonNegative).value_or(o.joint_limit_stiffness);
    own.damping = reader.find("damping") != nullptr;
    own.limit_damping = reader.find("limit_damping") != nullptr;
    joint.damping = reader.number("damping", Need::Optional, Bound::NonNegative).value_or(0.0);
    joint.limit_damping = reader.number("limit_damping", Need::Optional, Bound::NonNegative).value_or(0.0);
    read_limits(joint, reader, ctx);
    return joint;
}

// Kinematic loops are allowed, but following parent_joint upwards must reach a
// root. A ring of first joints (a -> b -> c -> a) has none: its body written
// first becomes the root of the tree walks (dofs, kinematics).
void break_parent_cycles(BuildContext& ctx) {
    Model& m = ctx.model;
    for (Index start = 0; start < Index(m.bodies.size()); ++start) {
        std::vector<Index> chain;
        Index body = start;
        while (body != no_index && m.bodies[body].parent_joint != no_index &&
               std::find(chain.begin(), chain.end(), body) == chain.end()) {
            chain.push_back(body);
            body = m.joints[m.bodies[body].parent_joint].parent;
        }
        if (body == no_index || m.bodies[body].parent_joint == no_index) continue;
        const auto cycle_begin = std::find(chain.begin(), chain.end(), body);
        const Index root = *std::min_element(cycle_begin, chain.end());
        const Joint& closing = m.joints[m.bodies[root].parent_joint];
        Diagnostic note;
        note.severity = Severity::Warning;
        note.location = closing.location;
        note.message = describe("joint", closing.name) + " closes a loop of joints that has no root; body '" +
                       m.bodies[root].name + "' is taken as the root for dofs and initial poses";
        ctx.diagnostics.push_back(std::move(note));
        m.bodies[root].parent_joint = no_index;
    }
}

}  // namespace

void build_joints(BuildContext& ctx) {
    for (const ComponentNode& component : ctx.joint_nodes) {
        if (!require_group(*component.node, ctx, "joint")) continue;
        OwnValues own;
        Joint joint = read_joint(component, ctx, own);
        apply_default_damping(joint, own, ctx.model);
        ctx.model.joints.push_back(joint);
    }
    check_unique_names(ctx.model.joints, "joint", ctx);
    for (Index j = 0; j < Index(ctx.model.joints.size()); ++j) {
        const Index child = ctx.model.joints[j].child;
        if (child != no_index && ctx.model.bodies[child].parent_joint == no_index)
            ctx.model.bodies[child].parent_joint = j;
    }
    break_parent_cycles(ctx);
}

}  // namespace hfd::build
