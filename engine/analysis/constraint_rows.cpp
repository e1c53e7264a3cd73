#include "analysis/constraint_rows.h"

#include "forces/collision_shapes.h"
#include "state/kinematics.h"

#include <cmath>

namespace hfd {

namespace {

bool is_moving(const Model& m, Index body) { return body != no_index && !m.bodies[body].is_static(); }

// Orientations of `s` carried along the current angular velocities for time h.
void advance_orientations(const State& s, double h, State& out) {
    for (size_t b = 0; b < s.ori.size(); ++b) {
        const double angle = s.ang_vel[b].norm() * h;
        out.ori[b] =
            angle == 0 ? s.ori[b] : (Quat(Eigen::AngleAxisd(angle, s.ang_vel[b].normalized())) * s.ori[b]).normalized();
    }
}

class RowWriter {
public:
    RowWriter(const Model& m, const State& s, ConstraintRows& out) : m_(m), s_(s), out_(out) {}

    int row_count() const { return int(out_.bias.size()); }

    int add_row() {
        const int r = row_count();
        out_.jacobian.conservativeResize(r + 1, Eigen::NoChange);
        out_.jacobian.row(r).setZero();
        out_.bias.conservativeResize(r + 1);
        out_.bias[r] = 0;
        return r;
    }
    // Row r += sign * d . (velocity of the body point at world p)
    void add_point(int r, Index body, const Vec3& p, const Vec3& d, double sign) {
        if (!is_moving(m_, body)) return;
        const Vec3 arm = p - s_.pos[body];
        out_.jacobian.block<1, 3>(r, 6 * body) += sign * d.transpose();
        out_.jacobian.block<1, 3>(r, 6 * body + 3) += sign * arm.cross(d).transpose();  // d.(alpha x r) = (r x d).alpha
    }
    void add_angular(int r, Index body, const Vec3& d, double sign) {
        if (!is_moving(m_, body)) return;
        out_.jacobian.block<1, 3>(r, 6 * body + 3) += sign * d.transpose();
    }
    // Centripetal acceleration of the body point at `arm` from its centre, moved to the bias.
    void add_centripetal_bias(int r, Index body, const Vec3& arm, const Vec3& d, double sign) {
        if (!is_moving(m_, body)) return;
        const Vec3& w = s_.ang_vel[body];
        out_.bias[r] -= sign * d.dot(w.cross(w.cross(arm)));
    }
    void add_group(ConstraintGroup g) { out_.groups.push_back(std::move(g)); }

private:
    const Model& m_;
    const State& s_;
    ConstraintRows& out_;
};

void add_joint(const Model& m, const State& s, Index j, RowWriter& w, ConstraintRows& out) {
    const Joint& joint = m.joints[j];
    if (!is_moving(m, joint.child) && !is_moving(m, joint.parent)) return;
    ConstraintGroup group{joint.name, false, joint.child, Vec3::Zero(), w.row_count(), 0};
    const Vec3 r_child = s.ori[joint.child] * joint.pos_in_child;
    const Vec3 r_parent = s.ori[joint.parent] * joint.pos_in_parent;
    const Vec3 anchor = s.pos[joint.child] + r_child;
    for (int k = 0; k < 3; ++k) {
        const int r = w.add_row();
        const Vec3 d = Vec3::Unit(k);
        w.add_point(r, joint.child, anchor, d, 1);
        w.add_point(r, joint.parent, s.pos[joint.parent] + r_parent, d, -1);
        w.add_centripetal_bias(r, joint.child, r_child, d, 1);
        w.add_centripetal_bias(r, joint.parent, r_parent, d, -1);
    }
    const std::vector<int> locked = locked_joint_axes(joint);
    if (!locked.empty()) {
        constexpr double h = 1e-6;
        State ahead = s, behind = s;
        advance_orientations(s, h, ahead);
        advance_orientations(s, -h, behind);
        const Vec3 w_rel = s.ang_vel[joint.child] - s.ang_vel[joint.parent];
        for (int axis : locked) {
            const int r = w.add_row();
            const Vec3 n = joint_angle_rate_direction(m, s, j, axis);
            w.add_angular(r, joint.child, n, 1);
            w.add_angular(r, joint.parent, n, -1);
            const Vec3 n_dot =
                (joint_angle_rate_direction(m, ahead, j, axis) - joint_angle_rate_direction(m, behind, j, axis)) /
                (2 * h);
            out.bias[r] = -n_dot.dot(w_rel);
        }
    }
    group.rows = w.row_count() - group.first_row;
    w.add_group(group);
}

// Centre of curvature of the rolling geometry at the contact point.
Vec3 rolling_center(const Model& m, const State& s, Index geometry, const Vec3& point) {
    if (geometry == no_index) return point;
    const Geometry& g = m.geometries[geometry];
    const ShapePose pose{world_point(s, g.body, g.pos), s.ori[g.body] * g.ori};
    if (g.shape.type == ShapeType::Sphere) return pose.pos;
    if (g.shape.type == ShapeType::Capsule) {
        Vec3 cap0, cap1;
        capsule_end_centers(g.shape, pose, cap0, cap1);
        return closest_point_on_segment(point, cap0, cap1);
    }
    return point;
}

void add_contact(const Model& m, const State& s, const Contact& c, ContactConstraint kind, const std::string& name,
                 RowWriter& w) {
    const bool a_moves = is_moving(m, c.body_a), b_moves = is_moving(m, c.body_b);
    if (!a_moves && !b_moves) return;
    const Index body = b_moves ? c.body_b : c.body_a;
    const Index other = b_moves ? c.body_a : c.body_b;
    const Index geometry = b_moves ? c.geometry_b : c.geometry_a;
    const bool other_static = !is_moving(m, other);
    if (kind == ContactConstraint::Rolling && !other_static) kind = ContactConstraint::Point;
    ConstraintGroup group{name, true, body, c.point, w.row_count(), 0};
    const Vec3 center = kind == ContactConstraint::Rolling ? rolling_center(m, s, geometry, c.point) : c.point;
    for (int k = 0; k < 3; ++k) {
        const int r = w.add_row();
        const Vec3 d = Vec3::Unit(k);
        w.add_point(r, body, c.point, d, 1);
        w.add_point(r, other, c.point, d, -1);
        w.add_centripetal_bias(r, body, center - s.pos[body], d, 1);
        if (is_moving(m, other)) w.add_centripetal_bias(r, other, c.point - s.pos[other], d, -1);
    }
    if (kind == ContactConstraint::Weld) {
        for (int k = 0; k < 3; ++k) {
            const int r = w.add_row();
            w.add_angular(r, body, Vec3::Unit(k), 1);
            w.add_angular(r, other, Vec3::Unit(k), -1);
        }
    } else if (kind == ContactConstraint::Rolling) {
        w.add_angular(w.add_row(), body, c.normal, 1);  // no twist about the (fixed) surface normal
    }
    group.rows = w.row_count() - group.first_row;
    w.add_group(group);
}

}  // namespace

const char* contact_constraint_name(ContactConstraint kind) {
    switch (kind) {
        case ContactConstraint::Point: return "point";
        case ContactConstraint::Weld: return "weld";
        case ContactConstraint::Rolling: return "rolling";
    }
    return "point";
}

bool parse_contact_constraint(std::string_view text, ContactConstraint& out) {
    for (ContactConstraint kind : {ContactConstraint::Point, ContactConstraint::Weld, ContactConstraint::Rolling})
        if (text == contact_constraint_name(kind)) {
            out = kind;
            return true;
        }
    return false;
}

std::vector<int> locked_joint_axes(const Joint& joint) {
    std::vector<int> axes;
    if (!joint.has_limits || !(joint.limit_stiffness > 0)) return axes;
    for (int k = 0; k < 3; ++k)
        if (joint.limit_min[k] == joint.limit_max[k]) axes.push_back(k);
    return axes;
}

ConstraintRows build_constraint_rows(const Model& model, const State& state, const std::vector<Contact>& contacts,
                                     ContactConstraint contact_kind) {
    ConstraintRows out;
    out.jacobian.resize(0, 6 * Eigen::Index(model.bodies.size()));
    RowWriter writer(model, state, out);
    for (Index j = 0; j < Index(model.joints.size()); ++j) add_joint(model, state, j, writer, out);
    std::vector<int> seen(model.geometries.size(), 0);
    for (const Contact& c : contacts) {
        if (!(c.depth > 0)) continue;
        const Index moving_geometry = is_moving(model, c.body_b) ? c.geometry_b : c.geometry_a;
        std::string name = "contact:";
        name += moving_geometry == no_index ? std::string("?") : model.geometries[moving_geometry].name;
        if (moving_geometry != no_index && seen[moving_geometry]++ > 0)
            name.append(1, '#').append(std::to_string(seen[moving_geometry]));
        add_contact(model, state, c, contact_kind, name, writer);
    }
    return out;
}

}  // namespace hfd
