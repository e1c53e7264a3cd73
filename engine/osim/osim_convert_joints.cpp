// OpenSim joints -> hfd joints, limits and dofs.
//
// At zero coordinates the child's joint frame C sits at the parent's joint
// frame P moved by the joint's constant motion X0. In hfd frames (P_h, C_h):
//   pos_in_parent = P_h * X0.pos,  pos_in_child = C_h.pos,
//   ref_ori = P_h.ori * X0.ori * C_h.ori^-1.
// hfd measures a joint as q_joint = ref_ori^-1 q_parent^-1 q_child
// (engine/state/kinematics.h), which for a rotation R(a, angle) about the
// OpenSim axis a equals a rotation about C_h.ori * a: that direction names the
// hfd axis (x, y or z) and its sign.
#include "osim/osim_convert.h"

#include <algorithm>
#include <optional>
#include <cmath>

namespace hfd::osim {

Transform joint_motion(const OsimJoint& joint, const std::vector<double>& q) {
    Transform x;
    for (const OsimAxis& axis : joint.axes) {
        const double at = axis.coordinate >= 0 ? q[static_cast<size_t>(axis.coordinate)] : 0.0;
        const double value = axis.function.evaluate(at);
        if (axis.rotation) x.ori = x.ori * Quat(Eigen::AngleAxisd(value, axis.axis));
        else x.pos += value * axis.axis;
    }
    return x;
}

double axis_slope(const OsimAxis& axis) {
    if (axis.coordinate < 0 || axis.function.kind != OsimFunction::Kind::Linear) return 0;
    return axis.function.slope * axis.function.multiplier;
}

std::vector<double> coordinate_values(const OsimJoint& joint, bool defaults) {
    std::vector<double> q(joint.coordinates.size(), 0.0);
    if (defaults)
        for (size_t i = 0; i < q.size(); ++i) q[i] = joint.coordinates[i].default_value;
    return q;
}

namespace {

const char axis_letters[] = "xyz";

std::string rotation_source(const OsimJoint& joint, int axis) {
    const std::string& n = joint.name;
    const std::string letter(1, axis_letters[axis]);
    if (n.size() > 2 && n[n.size() - 2] == '_' && (n.back() == 'r' || n.back() == 'l'))
        return n.substr(0, n.size() - 2) + "_r" + letter + n.substr(n.size() - 2);
    return joint.child.body + "_r" + letter;
}

const OsimLimitForce* find_limit_force(const OsimModel& model, const std::string& coordinate) {
    for (const OsimLimitForce& f : model.limit_forces)
        if (f.coordinate == coordinate) return &f;
    return nullptr;
}

PropNode make_dof(const std::string& name, const std::string& source, double sign, double default_value, double low,
                  double high) {
    PropNode dof;
    dof.key = "dof";
    dof.kind = PropNode::Kind::Group;
    dof.add("name", name);
    dof.add("source", (sign < 0 ? "-" : "") + source);
    add_number(dof, "default", default_value);
    dof.add("range", format_range(low, high));
    return dof;
}

// x-y-z angles are singular at y = +-90 degrees: near there x and z jump and
// their limits would throw the body. A joint turning about more than one axis
// keeps its y limits within +-85 degrees [deg].
constexpr double y_limit_degrees = 85;
// Returns whether it narrowed them.
bool keep_y_limits_off_singularity(const OsimJoint& joint, Vec3& low, Vec3& high, Report& report) {
    constexpr double y_limit = y_limit_degrees;
    if (low.y() >= -y_limit && high.y() <= y_limit) return false;
    report.warning(joint.element, "joint '" + joint.name + "': y limits " + format_range(low.y(), high.y()) +
                                      " degrees narrowed to within +-" + format_number(y_limit) +
                                      " (hfd's x-y-z joint angles are singular at y = +-90)");
    low.y() = std::max(low.y(), -y_limit);
    high.y() = std::min(high.y(), y_limit);
    return true;
}

class JointConverter {
public:
    JointConverter(ConvertContext& context, JointOutput& out) : c_(context), out_(out) {}
    void convert(const OsimJoint& joint);
    void place_bodies();

private:
    void convert_free_root(const OsimJoint& joint, const Transform& parent_h);
    void add_limit_properties(PropNode& node, const OsimJoint& joint);

    ConvertContext& c_;
    JointOutput& out_;
};

void JointConverter::convert_free_root(const OsimJoint& joint, const Transform& parent_h) {
    const Transform& pose = out_.body_pose[joint.child.body];
    for (const OsimAxis& axis : joint.axes) {
        if (axis.coordinate < 0) continue;
        const OsimCoordinate& coordinate = joint.coordinates[static_cast<size_t>(axis.coordinate)];
        const AxisMatch m = match_basis_axis(parent_h.ori * axis.axis);
        const double slope = axis_slope(axis);
        if (m.axis < 0 || slope == 0) {
            c_.report.warning(axis.element ? axis.element : joint.element,
                              "coordinate '" + coordinate.name + "' of root joint '" + joint.name +
                                  "' is not along a world axis: no dof written");
            continue;
        }
        const double sign = m.sign * (slope < 0 ? -1 : 1);
        const std::string source = joint.child.body + (axis.rotation ? "_r" : "_t") + axis_letters[m.axis];
        if (axis.rotation) {
            out_.dofs.push_back(make_dof(coordinate.name, source, sign, degrees(coordinate.default_value),
                                         degrees(coordinate.range_min), degrees(coordinate.range_max)));
        } else {
            // hfd root translations are mass-centre positions: the default is
            // where the mass centre is in the default pose.
            out_.dofs.push_back(make_dof(coordinate.name, source, sign, sign * pose.pos[m.axis], coordinate.range_min,
                                         coordinate.range_max));
        }
    }
    const Vec3 com = c_.frames[joint.child.body].hfd_in_osim.pos;
    if (com.norm() > 0)
        c_.report.note(joint.element, "root joint '" + joint.name + "': body '" + joint.child.body +
                                          "' moves freely; its translation dofs give the mass centre, "
                                          "OpenSim's the body origin");
}

void JointConverter::add_limit_properties(PropNode& node, const OsimJoint& joint) {
    const OsimImportOptions& o = c_.options;
    PropNode& stiffness = add_number(node, "stiffness", o.joint_stiffness);
    stiffness.raw_value = "$stiffness";
    const OsimLimitForce* limit = nullptr;
    for (const OsimCoordinate& coordinate : joint.coordinates)
        if (const OsimLimitForce* f = find_limit_force(c_.model, coordinate.name)) {
            if (limit && (f->upper_stiffness != limit->upper_stiffness || f->damping != limit->damping))
                c_.report.warning(f->element, "CoordinateLimitForce '" + f->name + "': joint '" + joint.name +
                                                  "' takes the stiffness and damping of '" + limit->name + "'");
            if (!limit) limit = f;
        }
    if (!limit) {
        PropNode& limit_stiffness = add_number(node, "limit_stiffness", o.joint_limit_stiffness);
        limit_stiffness.raw_value = "$limit_stiffness";
        return;
    }
    // N m/deg -> N m/rad. pnld limit damping scales the limit torque:
    // k (1 + kw w) theta; matching OpenSim's constant damping d w at a
    // penetration theta_ref gives kw = d / (k theta_ref).
    const double k_deg = 0.5 * (limit->upper_stiffness + limit->lower_stiffness);
    if (limit->upper_stiffness != limit->lower_stiffness)
        c_.report.warning(limit->element, "CoordinateLimitForce '" + limit->name +
                                              "': upper and lower stiffness differ; hfd uses their mean");
    add_number(node, "limit_stiffness", k_deg * 180.0 / pi);
    if (k_deg > 0 && limit->damping > 0)
        add_number(node, "limit_damping", limit->damping / (k_deg * o.limit_damping_angle * pi / 180.0));
    c_.report.note(limit->element, "CoordinateLimitForce '" + limit->name + "' -> limits of joint '" + joint.name +
                                       "' (damping matched at a limit damping reference angle of " +
                                       format_number(o.limit_damping_angle) +
                                       " degrees past the limit: --limit-damping-reference-angle)");
}

void JointConverter::convert(const OsimJoint& joint) {
    if (!joint.written) return;
    const OsimBody* parent_body = c_.model.find_body(joint.parent.body);
    const OsimBody* child_body = c_.model.find_body(joint.child.body);
    if (!parent_body || !child_body || child_body->is_ground) {
        c_.report.warning(joint.element, "joint '" + joint.name + "' not converted: its child is ground or unknown");
        return;
    }
    const Transform parent_h = c_.to_hfd(joint.parent), child_h = c_.to_hfd(joint.child);
    const Transform x0 = joint_motion(joint, coordinate_values(joint, false));
    const bool translates = std::any_of(joint.axes.begin(), joint.axes.end(),
                                        [](const OsimAxis& a) { return !a.rotation && a.coordinate >= 0; });
    if (parent_body->is_ground && translates) {
        convert_free_root(joint, parent_h);
        return;
    }
    PropNode node;
    node.key = "joint";
    node.kind = PropNode::Kind::Group;
    node.add("name", joint.name);
    node.add("parent", joint.parent.body);
    add_vec3(node, "pos_in_parent", parent_h.apply(x0.pos));
    add_vec3(node, "pos_in_child", child_h.pos);
    const Quat ref = (parent_h.ori * x0.ori * child_h.ori.conjugate()).normalized();
    if (!is_identity(ref)) add_euler_degrees(node, "ref_ori", ref);
    add_limit_properties(node, joint);
    if (const auto damping = light_body_damping(c_, joint, parent_h.apply(x0.pos), child_h.pos))
        add_number(node, "damping", *damping);

    Vec3 low = Vec3::Zero(), high = Vec3::Zero();
    std::vector<int> mapped_axes;
    struct {
        std::optional<size_t> index;          // in out_.dofs
        double slope = 1, low = 0, high = 0;  // coordinate range [rad]
    } y_dof;
    bool constant_rotation = false;
    for (const OsimAxis& axis : joint.axes) {
        if (axis.rotation && axis.coordinate < 0 && std::abs(axis.function.evaluate(0)) > 1e-12)
            constant_rotation = true;
        if (axis.coordinate < 0) continue;
        const OsimCoordinate& coordinate = joint.coordinates[static_cast<size_t>(axis.coordinate)];
        pugi::xml_node where = axis.element ? axis.element : joint.element;
        if (!axis.rotation) {
            c_.report.warning(where, "joint '" + joint.name + "' translates with coordinate '" + coordinate.name +
                                         "': not supported, the joint holds the translation at its value for 0");
            continue;
        }
        const double slope = axis_slope(axis);
        if (slope == 0) {
            c_.report.warning(where, "coordinate '" + coordinate.name + "' of joint '" + joint.name +
                                         "' drives its axis nonlinearly: the axis is held at its value for 0");
            continue;
        }
        AxisMatch m = match_basis_axis(child_h.ori * axis.axis);
        if (m.axis < 0) {
            m = match_basis_axis(child_h.ori * axis.axis, 1.0);
            c_.report.warning(where, "axis of coordinate '" + coordinate.name + "' of joint '" + joint.name +
                                         "' is not along an axis of body '" + joint.child.body +
                                         "'s principal frame: its limits go to the nearest axis (" +
                                         axis_letters[m.axis] + ")");
        }
        if (std::find(mapped_axes.begin(), mapped_axes.end(), m.axis) != mapped_axes.end())
            c_.report.warning(where, "joint '" + joint.name + "': two coordinates rotate about the same axis");
        mapped_axes.push_back(m.axis);
        if (std::abs(std::abs(slope) - 1) > 1e-12)
            c_.report.note(where, "coordinate '" + coordinate.name + "' turns its axis by " + format_number(slope) +
                                      " times its value: the dof reads the joint angle");
        double lo = coordinate.range_min, hi = coordinate.range_max;
        if (const OsimLimitForce* f = find_limit_force(c_.model, coordinate.name)) {
            lo = f->lower_limit * pi / 180;
            hi = f->upper_limit * pi / 180;
        } else if (coordinate.locked) {
            lo = hi = coordinate.default_value;
            c_.report.note(coordinate.element, "locked coordinate '" + coordinate.name + "' -> joint limits " +
                                                   format_range(degrees(lo), degrees(hi)) + " degrees");
        } else if (!c_.options.limits_from_coordinate_range) {
            lo = -c_.options.free_axis_limit * pi / 180;
            hi = c_.options.free_axis_limit * pi / 180;
        }
        const double a = m.sign * slope * lo, b = m.sign * slope * hi;
        low[m.axis] = degrees(std::min(a, b));
        high[m.axis] = degrees(std::max(a, b));
        if (m.axis == 1) y_dof = {out_.dofs.size(), std::abs(slope), coordinate.range_min, coordinate.range_max};
        out_.dofs.push_back(make_dof(coordinate.name, rotation_source(joint, m.axis), m.sign * (slope < 0 ? -1 : 1),
                                     degrees(coordinate.default_value), degrees(coordinate.range_min),
                                     degrees(coordinate.range_max)));
    }
    if (!std::is_sorted(mapped_axes.begin(), mapped_axes.end()) && mapped_axes.size() > 1)
        c_.report.note(joint.element, "joint '" + joint.name +
                                          "' rotates in another order than hfd's x-y-z: "
                                          "angles combine approximately");
    if (constant_rotation && !mapped_axes.empty())
        c_.report.note(joint.element, "joint '" + joint.name + "': constant rotations are folded into ref_ori");
    if (mapped_axes.size() > 1 && keep_y_limits_off_singularity(joint, low, high, c_.report) && y_dof.index) {
        // the dof's range, which sweeps and sliders use, stays where the angles are
        // regular too: |y| = |slope| |coordinate| [deg]
        const double reach = y_limit_degrees / y_dof.slope;
        const double lo = std::max(degrees(y_dof.low), -reach), hi = std::min(degrees(y_dof.high), reach);
        if (PropNode* range = out_.dofs[*y_dof.index].find("range")) range->value = format_range(lo, hi);
    }
    PropNode& limits = node.add_group("limits");
    for (int k = 0; k < 3; ++k) limits.add(std::string(1, axis_letters[k]), format_range(low[k], high[k]));
    out_.joints_by_child[joint.child.body].push_back(std::move(node));
}

// World poses at the coordinates' default values, walking joints from ground.
void JointConverter::place_bodies() {
    std::map<std::string, Transform> osim_pose;
    for (const OsimBody& body : c_.model.bodies)
        if (body.is_ground) osim_pose[body.name] = Transform{};
    for (bool progress = true; progress;) {
        progress = false;
        for (const OsimJoint& joint : c_.model.joints) {
            if (osim_pose.count(joint.child.body) || !osim_pose.count(joint.parent.body)) continue;
            osim_pose[joint.child.body] = osim_pose[joint.parent.body] * joint.parent.frame *
                                          joint_motion(joint, coordinate_values(joint, true)) *
                                          joint.child.frame.inverse();
            progress = true;
        }
    }
    for (const OsimBody& body : c_.model.bodies) {
        if (!osim_pose.count(body.name))
            c_.report.warning(body.element, "body '" + body.name + "' is not connected to ground: it moves freely");
        out_.body_pose[body.name] = osim_pose[body.name] * c_.frames[body.name].hfd_in_osim;
    }
}

}  // namespace

JointOutput convert_joints(ConvertContext& context) {
    JointOutput out;
    JointConverter converter(context, out);
    converter.place_bodies();
    for (const OsimJoint& joint : context.model.joints) converter.convert(joint);
    for (const OsimLimitForce& f : context.model.limit_forces) {
        bool found = false;
        for (const OsimJoint& joint : context.model.joints)
            for (const OsimCoordinate& c : joint.coordinates) found = found || c.name == f.coordinate;
        if (!found)
            context.report.warning(f.element, "CoordinateLimitForce '" + f.name + "': coordinate '" + f.coordinate +
                                                  "' not found; not converted");
    }
    return out;
}

}  // namespace hfd::osim
