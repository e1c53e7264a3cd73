// OsimModel -> `model { }`: name, gravity, variables, materials, bodies with
// their joints and meshes, muscles, contact geometry, dofs.
#include "osim/osim_convert.h"

#include <cmath>
#include <cstdio>
#include <optional>
#include <tuple>

namespace hfd::osim {

std::string format_number(double value, int significant_digits) {
    if (std::abs(value) < 1e-12) return "0";
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.*g", significant_digits, value);
    std::string text = buffer;
    // 1e+06 -> 1e6, 1e-05 -> 1e-5
    const auto e = text.find('e');
    if (e != std::string::npos) {
        std::string mantissa = text.substr(0, e), exponent = text.substr(e + 1);
        const bool negative = exponent[0] == '-';
        if (exponent[0] == '+' || exponent[0] == '-') exponent.erase(0, 1);
        while (exponent.size() > 1 && exponent[0] == '0') exponent.erase(0, 1);
        text = mantissa + "e" + (negative ? "-" : "") + exponent;
    }
    return text;
}

PropNode& add_number(PropNode& parent, const std::string& key, double value) {
    return parent.add(key, format_number(value));
}

PropNode& add_vec3(PropNode& parent, const std::string& key, const Vec3& v, int significant_digits) {
    PropNode& group = parent.add_group(key);
    group.add("x", format_number(v.x(), significant_digits));
    group.add("y", format_number(v.y(), significant_digits));
    group.add("z", format_number(v.z(), significant_digits));
    return group;
}

PropNode& add_euler_degrees(PropNode& parent, const std::string& key, const Quat& q, int significant_digits) {
    const Vec3 e = euler_xyz_from_quat(q);
    return add_vec3(parent, key, Vec3(degrees(e.x()), degrees(e.y()), degrees(e.z())), significant_digits);
}

std::string format_range(double low, double high) { return format_number(low) + ".." + format_number(high); }

bool is_identity(const Quat& q) { return q.normalized().angularDistance(Quat::Identity()) < 1e-9; }

Transform ConvertContext::to_hfd(const Attachment& attachment) const {
    const auto it = frames.find(attachment.body);
    if (it == frames.end()) return attachment.frame;
    return it->second.hfd_in_osim.inverse() * attachment.frame;
}

namespace {

// The axis a body's joint turns it about (in the body's OpenSim frame), when
// the joint has exactly one free rotation.
std::optional<Vec3> single_hinge_axis(const OsimModel& model, const std::string& body) {
    for (const OsimJoint& joint : model.joints) {
        if (!joint.written || joint.child.body != body) continue;
        std::optional<Vec3> hinge;
        for (const OsimAxis& axis : joint.axes) {
            if (axis.coordinate < 0 || joint.coordinates[static_cast<size_t>(axis.coordinate)].locked) continue;
            if (!axis.rotation || axis_slope(axis) == 0) continue;
            if (hinge) return std::nullopt;
            hinge = joint.child.frame.ori * axis.axis;
        }
        return hinge;
    }
    return std::nullopt;
}

// hfd limits a joint by the x-y-z Euler angles of the child in the joint
// frame, about the child's frame axes, and that frame is the principal frame
// (hfd inertia is diagonal). A hinge must lie on one of those axes, or its
// turning pushes the blocked axes against their limits; and not on y, where
// the angles are singular at 90 degrees. So a single hinge on y turns the
// frame (x, y, z) <- (z, x, y), exactly; a hinge off every principal axis (a
// forearm's pronation) gets a frame with z along it and x, y the principal
// axes across it, and the inertia's remaining products are dropped.
void align_frame_with_hinge(const OsimBody& body, BodyFrame& frame, ConvertContext& c) {
    const std::optional<Vec3> hinge = single_hinge_axis(c.model, body.name);
    if (!hinge) return;
    const int axis = match_basis_axis(frame.hfd_in_osim.ori.conjugate() * *hinge).axis;
    if (axis == 0 || axis == 2) return;
    if (axis == 1) {
        Mat3 cycle;
        cycle << 0, 1, 0, 0, 0, 1, 1, 0, 0;  // columns: new x, y, z = old z, x, y
        frame.hfd_in_osim.ori = (frame.hfd_in_osim.ori * Quat(cycle)).normalized();
        frame.moments = Vec3(frame.moments.z(), frame.moments.x(), frame.moments.y());
        c.report.note(body.element, "body '" + body.name +
                                        "': the hfd frame's z axis is its joint's hinge (on y, "
                                        "hfd's x-y-z joint angles would be singular at 90 degrees)");
        return;
    }
    const Vec3 z = hinge->normalized();
    const Vec3 any = std::abs(z.x()) < 0.9 ? Vec3::UnitX() : Vec3::UnitY();
    const Vec3 u = (any - any.dot(z) * z).normalized(), v = z.cross(u);
    // principal axes of the inertia in the plane across the hinge
    const double iuu = u.dot(body.inertia * u), ivv = v.dot(body.inertia * v), iuv = u.dot(body.inertia * v);
    const double angle = 0.5 * std::atan2(2 * iuv, iuu - ivv);
    const Vec3 x = std::cos(angle) * u + std::sin(angle) * v;
    Mat3 r;
    r << x, z.cross(x), z;
    const Mat3 in_frame = r.transpose() * body.inertia * r;
    frame.hfd_in_osim.ori = Quat(r).normalized();
    frame.moments = in_frame.diagonal();
    const double dropped = std::max(std::abs(in_frame(0, 2)), std::abs(in_frame(1, 2)));
    c.report.add(dropped > 1e-9 * frame.moments.maxCoeff() ? Severity::Warning : Severity::Note, body.element,
                 "body '" + body.name +
                     "': its joint's hinge is not along a principal axis: the "
                     "hfd frame's z axis is the hinge, and inertia products up "
                     "to " +
                     format_number(dropped) + " kg m^2 (largest moment " + format_number(frame.moments.maxCoeff()) +
                     ") are dropped");
}

void compute_frames(ConvertContext& c) {
    for (const OsimBody& body : c.model.bodies) {
        BodyFrame frame;
        if (!body.is_ground) {
            const PrincipalAxes axes = principal_axes(body.inertia);
            frame.hfd_in_osim = principal_frame(body.mass_center, axes);
            frame.moments = axes.moments;
            const bool has_products = !is_identity(frame.hfd_in_osim.ori);
            align_frame_with_hinge(body, frame, c);
            const Vec3& m = axes.moments;
            const bool valid = m.minCoeff() >= 0 && m.x() + m.y() >= m.z() * (1 - 1e-9) &&
                               m.y() + m.z() >= m.x() * (1 - 1e-9) && m.x() + m.z() >= m.y() * (1 - 1e-9);
            if (!valid)
                c.report.warning(body.element.child("inertia") ? body.element.child("inertia") : body.element,
                                 "body '" + body.name + "': principal moments violate the triangle inequality");
            if (has_products)
                c.report.note(body.element, "body '" + body.name +
                                                "': inertia has products; the hfd body frame is turned to the "
                                                "principal axes and every attached location follows");
        }
        c.frames[body.name] = frame;
    }
}

void write_mesh(PropNode& body_node, const OsimMesh& mesh, const Transform& in_hfd) {
    PropNode& node = body_node.add_group("mesh");
    node.add("file", mesh.file);
    add_vec3(node, "pos", in_hfd.pos);
    if (!is_identity(in_hfd.ori)) add_euler_degrees(node, "ori", in_hfd.ori);
    if (!mesh.scale.isApprox(Vec3::Ones())) add_vec3(node, "scale", mesh.scale);
    if (!mesh.color.isApprox(Vec3::Ones()) || mesh.opacity != 1) {
        PropNode& color = node.add_group("color");
        color.kind = PropNode::Kind::Array;
        for (int k = 0; k < 3; ++k) color.add("", format_number(mesh.color[k]));
        color.add("", format_number(mesh.opacity));
    }
}

void write_body(PropNode& model_node, const OsimBody& body, ConvertContext& c, JointOutput& joints) {
    PropNode& node = model_node.add_group("body");
    node.add("name", body.name);
    add_number(node, "mass", body.mass);
    add_vec3(node, "inertia", c.frames[body.name].moments);
    const Transform& pose = joints.body_pose[body.name];
    if (!body.is_ground && pose.pos.norm() > 0) add_vec3(node, "pos", pose.pos, 9);
    if (!body.is_ground && !is_identity(pose.ori)) add_euler_degrees(node, "ori", pose.ori, 9);
    for (PropNode& joint : joints.joints_by_child[body.name]) node.children.push_back(std::move(joint));
    for (const OsimMesh& mesh : body.meshes) write_mesh(node, mesh, c.to_hfd(Attachment{body.name, mesh.frame}));
}

void write_muscle(PropNode& model_node, const OsimMuscle& m, const ConvertContext& c) {
    PropNode& node = model_node.add_group("point_path_muscle");
    node.add("name", m.name);
    add_number(node, "tendon_slack_length", m.tendon_slack_length);
    add_number(node, "optimal_fiber_length", m.optimal_fiber_length);
    add_number(node, "max_isometric_force", m.max_isometric_force);
    add_number(node, "pennation_angle", m.pennation_angle);
    if (m.activation_time_constant && *m.activation_time_constant > 0)
        add_number(node, "activation_rate", 1.0 / *m.activation_time_constant);
    if (m.deactivation_time_constant && *m.deactivation_time_constant > 0)
        add_number(node, "deactivation_rate", 1.0 / *m.deactivation_time_constant);
    PropNode& path = node.add_group("path");
    path.kind = PropNode::Kind::Array;
    for (const OsimPathPoint& point : m.path) write_path_point(path, point, m.name, c);
}

}  // namespace

PropNode convert_model(const OsimModel& model, const OsimImportOptions& options, Report& report) {
    ConvertContext context{model, options, report, {}};
    compute_frames(context);
    JointOutput joints = convert_joints(context);

    PropNode root;
    root.kind = PropNode::Kind::Group;
    PropNode& node = root.add_group("model");
    if (!model.name.empty()) node.add("name", model.name);
    add_vec3(node, "gravity", model.gravity);
    add_number(node, "$stiffness", options.joint_stiffness);
    add_number(node, "$limit_stiffness", options.joint_limit_stiffness);
    std::vector<PropNode> geometry;
    write_contacts(node, geometry, context);  // materials now, geometry after the muscles
    for (const OsimBody& body : model.bodies) write_body(node, body, context, joints);
    for (const OsimMuscle& m : model.muscles) write_muscle(node, m, context);
    for (PropNode& g : geometry) node.children.push_back(std::move(g));
    for (PropNode& d : joints.dofs) node.children.push_back(std::move(d));
    return root;
}

}  // namespace hfd::osim
