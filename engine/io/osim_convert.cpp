// OsimModel -> `model { }`: name, gravity, variables, materials, bodies with
// their joints and meshes, muscles, contact geometry, dofs.
#include "io/osim_convert.h"

#include <cmath>
#include <cstdio>
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

void compute_frames(ConvertContext& c) {
    for (const OsimBody& body : c.model.bodies) {
        BodyFrame frame;
        if (!body.is_ground) {
            const PrincipalAxes axes = principal_axes(body.inertia);
            frame.hfd_in_osim = principal_frame(body.mass_center, axes);
            frame.moments = axes.moments;
            const Vec3& m = axes.moments;
            const bool valid = m.minCoeff() >= 0 && m.x() + m.y() >= m.z() * (1 - 1e-9) &&
                               m.y() + m.z() >= m.x() * (1 - 1e-9) && m.x() + m.z() >= m.y() * (1 - 1e-9);
            if (!valid)
                c.report.warning(body.element.child("inertia") ? body.element.child("inertia") : body.element,
                                 "body '" + body.name + "': principal moments violate the triangle inequality");
            if (!is_identity(frame.hfd_in_osim.ori))
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
    for (const OsimPathPoint& point : m.path) {
        PropNode& element = path.add_group("");
        element.add("body", point.attachment.body);
        add_vec3(element, "pos", c.to_hfd(point.attachment).pos);
    }
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
