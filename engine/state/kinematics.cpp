#include "state/kinematics.h"

#include <cmath>

namespace hfd {

Mat3 euler_rate_matrix(const Vec3& a) {
    const Quat qx(Eigen::AngleAxisd(a.x(), Vec3::UnitX()));
    const Quat qy(Eigen::AngleAxisd(a.y(), Vec3::UnitY()));
    Mat3 e;
    e.col(0) = Vec3::UnitX();
    e.col(1) = qx * Vec3::UnitY();
    e.col(2) = (qx * qy) * Vec3::UnitZ();
    return e;
}

namespace {

Vec3 euler_rates(const Vec3& angles, const Vec3& angular_velocity) {
    const Mat3 e = euler_rate_matrix(angles);
    if (std::abs(e.determinant()) < 1e-9) return angular_velocity;  // gimbal lock
    return e.inverse() * angular_velocity;
}

Quat joint_frame(const Model& m, const State& s, Index j) { return s.ori[m.joints[j].parent] * m.joints[j].ref_ori; }

}  // namespace

Quat joint_orientation(const Model& m, const State& s, Index j) {
    return (joint_frame(m, s, j).conjugate() * s.ori[m.joints[j].child]).normalized();
}

Vec3 joint_angles(const Model& m, const State& s, Index j) { return euler_xyz_from_quat(joint_orientation(m, s, j)); }

Vec3 joint_angular_velocity(const Model& m, const State& s, Index j) {
    const Joint& joint = m.joints[j];
    return s.ori[joint.parent].conjugate() * (s.ang_vel[joint.child] - s.ang_vel[joint.parent]);
}

Vec3 joint_displacement(const Model& m, const State& s, Index j) {
    const Joint& joint = m.joints[j];
    return world_point(s, joint.child, joint.pos_in_child) - world_point(s, joint.parent, joint.pos_in_parent);
}

std::vector<std::string> coordinate_names(const Model& m) {
    std::vector<std::string> names;
    if (!m.dofs.empty()) {
        for (const Dof& d : m.dofs) names.push_back(d.name);
        return names;
    }
    for (const Body& b : m.bodies)
        if (!b.is_static() && b.parent_joint == no_index)
            for (const char* axis : {"tx", "ty", "tz", "rx", "ry", "rz"}) names.push_back(b.name + "." + axis);
    for (const Joint& j : m.joints)
        for (const char* axis : {"rx", "ry", "rz"}) names.push_back(j.name + "." + axis);
    return names;
}

double dof_value(const Model& m, const State& s, Index d) {
    const Dof& dof = m.dofs[d];
    switch (dof.kind) {
        case Dof::Kind::JointRotation: return dof.sign * joint_angles(m, s, dof.joint)[dof.axis];
        case Dof::Kind::RootTranslation: return dof.sign * s.pos[dof.body][dof.axis];
        case Dof::Kind::RootRotation: return dof.sign * euler_xyz_from_quat(s.ori[dof.body])[dof.axis];
    }
    return 0;
}

double dof_velocity(const Model& m, const State& s, Index d) {
    const Dof& dof = m.dofs[d];
    switch (dof.kind) {
        case Dof::Kind::JointRotation:
            return dof.sign *
                   euler_rates(joint_angles(m, s, dof.joint), m.joints[dof.joint].ref_ori.conjugate() *
                                                                  joint_angular_velocity(m, s, dof.joint))[dof.axis];
        case Dof::Kind::RootTranslation: return dof.sign * s.lin_vel[dof.body][dof.axis];
        case Dof::Kind::RootRotation:
            return dof.sign * euler_rates(euler_xyz_from_quat(s.ori[dof.body]), s.ang_vel[dof.body])[dof.axis];
    }
    return 0;
}

Vec3 joint_angle_rate_direction(const Quat& frame, const Vec3& angles, int axis) {
    const Mat3 e = euler_rate_matrix(angles);
    const Vec3 row = std::abs(e.determinant()) < 1e-9 ? Vec3::Unit(axis) : Vec3(e.inverse().row(axis).transpose());
    return frame * row;
}

Vec3 joint_angle_rate_direction(const Model& m, const State& s, Index joint, int axis) {
    const Quat frame = joint_frame(m, s, joint);
    return joint_angle_rate_direction(
        frame, euler_xyz_from_quat((frame.conjugate() * s.ori[m.joints[joint].child]).normalized()), axis);
}

CoordinateValues coordinate_values(const Model& m, const State& s) {
    CoordinateValues c;
    if (!m.dofs.empty()) {
        // dof_value and dof_velocity, with the angles and rates of a joint or root
        // body computed once for all its dofs
        c.value.reserve(m.dofs.size());
        c.velocity.reserve(m.dofs.size());
        Index joint = no_index, body = no_index;
        Vec3 angles = Vec3::Zero(), rates = Vec3::Zero();
        for (const Dof& dof : m.dofs) {
            if (dof.kind == Dof::Kind::RootTranslation) {
                c.value.push_back(dof.sign * s.pos[dof.body][dof.axis]);
                c.velocity.push_back(dof.sign * s.lin_vel[dof.body][dof.axis]);
                continue;
            }
            if (dof.kind == Dof::Kind::JointRotation && joint != dof.joint) {
                joint = dof.joint, body = no_index;
                angles = joint_angles(m, s, joint);
                rates = euler_rates(angles, m.joints[joint].ref_ori.conjugate() * joint_angular_velocity(m, s, joint));
            } else if (dof.kind == Dof::Kind::RootRotation && body != dof.body) {
                body = dof.body, joint = no_index;
                angles = euler_xyz_from_quat(s.ori[body]);
                rates = euler_rates(angles, s.ang_vel[body]);
            }
            c.value.push_back(dof.sign * angles[dof.axis]);
            c.velocity.push_back(dof.sign * rates[dof.axis]);
        }
        return c;
    }
    for (Index b = 0; b < Index(m.bodies.size()); ++b) {
        if (m.bodies[b].is_static() || m.bodies[b].parent_joint != no_index) continue;
        const Vec3 angles = euler_xyz_from_quat(s.ori[b]);
        const Vec3 rates = euler_rates(angles, s.ang_vel[b]);
        for (int i = 0; i < 3; ++i) c.value.push_back(s.pos[b][i]), c.velocity.push_back(s.lin_vel[b][i]);
        for (int i = 0; i < 3; ++i) c.value.push_back(angles[i]), c.velocity.push_back(rates[i]);
    }
    for (Index j = 0; j < Index(m.joints.size()); ++j) {
        const Vec3 angles = joint_angles(m, s, j);
        const Vec3 rates = euler_rates(angles, m.joints[j].ref_ori.conjugate() * joint_angular_velocity(m, s, j));
        for (int i = 0; i < 3; ++i) c.value.push_back(angles[i]), c.velocity.push_back(rates[i]);
    }
    return c;
}

DofAssignment default_dof_assignment(const Model& m) {
    DofAssignment a;
    for (const Dof& d : m.dofs) {
        a.value.push_back(d.default_value);
        a.velocity.push_back(0.0);
    }
    return a;
}

void apply_dofs(const Model& m, const DofAssignment& dofs, State& s) {
    const size_t nb = m.bodies.size(), nj = m.joints.size();
    // generalized coordinates gathered per joint / root body; unset root
    // coordinates keep the body's current pose
    std::vector<Vec3> joint_angle(nj, Vec3::Zero()), joint_rate(nj, Vec3::Zero());
    std::vector<Vec3> root_pos(s.pos), root_lin_vel(s.lin_vel);
    std::vector<Vec3> root_angle(nb), root_rate(nb, Vec3::Zero());
    std::vector<bool> root_rotation_set(nb, false);
    for (size_t b = 0; b < nb; ++b) root_angle[b] = euler_xyz_from_quat(s.ori[b]);
    for (size_t d = 0; d < m.dofs.size() && d < dofs.value.size(); ++d) {
        const Dof& dof = m.dofs[d];
        const double value = dof.sign * dofs.value[d];
        const double rate = d < dofs.velocity.size() ? dof.sign * dofs.velocity[d] : 0.0;
        switch (dof.kind) {
            case Dof::Kind::JointRotation:
                joint_angle[dof.joint][dof.axis] = value, joint_rate[dof.joint][dof.axis] = rate;
                break;
            case Dof::Kind::RootTranslation:
                root_pos[dof.body][dof.axis] = value, root_lin_vel[dof.body][dof.axis] = rate;
                break;
            case Dof::Kind::RootRotation:
                root_angle[dof.body][dof.axis] = value, root_rate[dof.body][dof.axis] = rate;
                root_rotation_set[dof.body] = true;
                break;
        }
    }
    // roots first, then children once their parent is placed (tree order by repeated passes;
    // a kinematic loop leaves the later joint of the loop unused)
    std::vector<bool> placed(nb, false);
    for (size_t b = 0; b < nb; ++b) {
        if (m.bodies[b].is_static()) {
            placed[b] = true;
            continue;
        }
        if (m.bodies[b].parent_joint != no_index) continue;
        s.pos[b] = root_pos[b];
        s.lin_vel[b] = root_lin_vel[b];
        if (root_rotation_set[b]) {
            s.ori[b] = quat_from_euler_xyz(root_angle[b]);
            s.ang_vel[b] = euler_rate_matrix(root_angle[b]) * root_rate[b];
        }
        placed[b] = true;
    }
    for (bool progress = true; progress;) {
        progress = false;
        for (size_t b = 0; b < nb; ++b) {
            const Index j = m.bodies[b].parent_joint;
            if (placed[b] || j == no_index || !placed[m.joints[j].parent]) continue;
            const Joint& joint = m.joints[j];
            const Index p = joint.parent;
            const Quat frame = s.ori[p] * joint.ref_ori;
            s.ori[b] = (frame * quat_from_euler_xyz(joint_angle[j])).normalized();
            const Vec3 r_parent = s.ori[p] * joint.pos_in_parent;
            const Vec3 r_child = s.ori[b] * joint.pos_in_child;
            s.pos[b] = s.pos[p] + r_parent - r_child;
            s.ang_vel[b] = s.ang_vel[p] + frame * (euler_rate_matrix(joint_angle[j]) * joint_rate[j]);
            // the two anchors move together: v_p + w_p x r_p = v_c + w_c x r_c
            s.lin_vel[b] = s.lin_vel[p] + s.ang_vel[p].cross(r_parent) - s.ang_vel[b].cross(r_child);
            placed[b] = true;
            progress = true;
        }
    }
}

Vec3 center_of_mass(const Model& model, const std::vector<Vec3>& body_pos) {
    if (body_pos.size() != model.bodies.size()) return Vec3::Zero();
    Vec3 moment = Vec3::Zero();
    double mass = 0;
    for (std::size_t b = 0; b < body_pos.size(); ++b) {
        if (model.bodies[b].is_static()) continue;
        moment += model.bodies[b].mass * body_pos[b];
        mass += model.bodies[b].mass;
    }
    return mass > 0 ? Vec3(moment / mass) : Vec3::Zero();
}

Vec3 center_of_mass(const Model& m, const State& s) { return center_of_mass(m, s.pos); }

// The same mass-weighted mean of the bodies' velocities.
Vec3 center_of_mass_velocity(const Model& m, const State& s) { return center_of_mass(m, s.lin_vel); }

}  // namespace hfd
