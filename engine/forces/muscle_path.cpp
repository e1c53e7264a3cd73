#include "forces/muscle_path.h"

#include "state/kinematics.h"

#include <algorithm>
#include <cmath>

namespace hfd {

namespace {

Vec3 point_of(const Model& model, const State& state, const PathPoint& p) { return world_point(state, p.body, p.pos); }

// Unit direction from a to b; zero when they coincide (no defined line of action).
Vec3 unit_direction(const Vec3& a, const Vec3& b) {
    const Vec3 d = b - a;
    const double n = d.norm();
    return n > 1e-12 ? Vec3(d / n) : Vec3::Zero();
}

void add_point_force(const State& state, Index body, const Vec3& point, const Vec3& force, Data& data) {
    data.force[body] += force;
    data.torque[body] += (point - state.pos[body]).cross(force);
}

void add_joint_torque(const Model& model, Index joint, const Vec3& torque, Data& data) {
    data.torque[model.joints[joint].child] += torque;
    data.torque[model.joints[joint].parent] -= torque;
}

Index root_body_of(const Model& model, Index body) {
    for (size_t guard = 0; guard <= model.bodies.size(); ++guard) {
        const Index j = model.bodies[body].parent_joint;
        if (j == no_index) return body;
        body = model.joints[j].parent;
    }
    return body;  // a loop in the joint tree; build_model should have refused it
}

Vec3 joint_centre(const Model& model, const State& state, Index joint) {
    const Joint& j = model.joints[joint];
    return world_point(state, j.child, j.pos_in_child);
}

// Force f on body_a at a, -f on body_b at b: as point forces, or as the moments
// of these forces about the joints between the two bodies (see the header).
void apply_segment_force(const Model& model, const State& state, Index body_a, Index body_b, const Vec3& a,
                         const Vec3& b, const Vec3& f, bool as_joint_torques, Data& data) {
    if (!as_joint_torques) {
        add_point_force(state, body_a, a, f, data);
        add_point_force(state, body_b, b, -f, data);
        return;
    }
    // Joints between the two bodies: those above exactly one of them.
    for (Index body : {body_a, body_b}) {
        const Index other = body == body_a ? body_b : body_a;
        const Vec3& at = body == body_a ? a : b;
        const Vec3 on_body = body == body_a ? f : Vec3(-f);
        Index current = body;
        for (size_t guard = 0; guard <= model.bodies.size(); ++guard) {
            const Index j = model.bodies[current].parent_joint;
            if (j == no_index) break;
            if (is_distal_of_joint(model, other, j)) break;  // common ancestor reached
            add_joint_torque(model, j, (at - joint_centre(model, state, j)).cross(on_body), data);
            current = model.joints[j].parent;
        }
    }
}

// Adds to moment the moment about centre of the segment forces that act on
// bodies for which `inside` is true, per unit tension; to force, their sum.
template <typename Inside>
void subtree_load(const Model& model, const State& state, Index muscle, const Vec3& centre, Inside inside, Vec3& force,
                  Vec3& moment) {
    const auto& path = model.muscles[muscle].path;
    for (size_t k = 0; k + 1 < path.size(); ++k) {
        const bool in_a = inside(path[k].body), in_b = inside(path[k + 1].body);
        if (in_a == in_b) continue;  // internal to one side: no load across the boundary
        const Vec3 a = point_of(model, state, path[k]), b = point_of(model, state, path[k + 1]);
        const Vec3 u = unit_direction(a, b);
        const Vec3& at = in_a ? a : b;
        const Vec3 f = in_a ? u : Vec3(-u);
        force += f;
        moment += (at - centre).cross(f);
    }
}

}  // namespace

double muscle_path_length(const Model& model, const State& state, Index muscle) {
    const auto& path = model.muscles[muscle].path;
    double length = 0;
    for (size_t k = 0; k + 1 < path.size(); ++k)
        length += (point_of(model, state, path[k + 1]) - point_of(model, state, path[k])).norm();
    return length;
}

double muscle_path_velocity(const Model& model, const State& state, Index muscle) {
    const auto& path = model.muscles[muscle].path;
    double velocity = 0;
    for (size_t k = 0; k + 1 < path.size(); ++k) {
        const Vec3 a = point_of(model, state, path[k]), b = point_of(model, state, path[k + 1]);
        const Vec3 va = world_point_velocity(state, path[k].body, a);
        const Vec3 vb = world_point_velocity(state, path[k + 1].body, b);
        velocity += unit_direction(a, b).dot(vb - va);
    }
    return velocity;
}

Vec3 muscle_path_point(const Model& model, const State& state, Index muscle, int point) {
    return point_of(model, state, model.muscles[muscle].path[point]);
}

bool is_distal_of_joint(const Model& model, Index body, Index joint) {
    for (size_t guard = 0; guard <= model.bodies.size() && body != no_index; ++guard) {
        if (body == model.joints[joint].child) return true;
        const Index j = model.bodies[body].parent_joint;
        if (j == no_index) return false;
        body = model.joints[j].parent;
    }
    return false;
}

Vec3 muscle_joint_moment(const Model& model, const State& state, Index muscle, Index joint) {
    Vec3 force = Vec3::Zero(), moment = Vec3::Zero();
    subtree_load(
        model, state, muscle, joint_centre(model, state, joint),
        [&](Index body) { return is_distal_of_joint(model, body, joint); }, force, moment);
    return moment;
}

void apply_muscle_tension_as(const Model& model, const State& state, Index muscle, double tension,
                             bool as_joint_torques, Data& data) {
    const auto& path = model.muscles[muscle].path;
    for (size_t k = 0; k + 1 < path.size(); ++k) {
        const Index body_a = path[k].body, body_b = path[k + 1].body;
        if (body_a == body_b) continue;
        const Vec3 a = point_of(model, state, path[k]), b = point_of(model, state, path[k + 1]);
        apply_segment_force(model, state, body_a, body_b, a, b, tension * unit_direction(a, b), as_joint_torques, data);
    }
}

namespace {

// update_muscle_paths; `planar` as data.planar and `z_only` as data.z_rotations_only,
// fixed per pass. One flat loop over the segments between bodies (each end is
// transformed by the segment that uses it), adding to the lengths of their muscles
// and keeping what the tension pass needs: the direction u and, with r the arm of a
// point from its body's origin, the moment m = r x u per unit tension. No force
// model reads the path's dL/dt (the fibers' velocities come from their force
// balance), so it is not computed here: muscle_path_velocity gives it.
template <bool planar, bool z_only>
void update_segments(const State& state, Data& data) {
    // raw pointers: the stores below cannot then be taken to change the vectors themselves
    const Index *__restrict muscle_of = data.segment_muscle.data(), *__restrict body_a_of = data.segment_body_a.data(),
                            *__restrict body_b_of = data.segment_body_b.data();
    const Vec3* __restrict local_a = data.segment_local_a.data(), * __restrict local_b = data.segment_local_b.data();
    const Mat3* __restrict rotation = data.body_rotation.data();
    const Vec3* __restrict pos = state.pos.data();
    Vec3 *__restrict directions = data.segment_direction.data(), *__restrict moments_a = data.segment_moment_a.data(),
                     *__restrict moments_b = data.segment_moment_b.data();
    double* __restrict length_of = data.muscle_length.data();
    std::copy(data.path_fixed_length.begin(), data.path_fixed_length.end(), length_of);
    for (size_t k = 0, n = data.segment_body_a.size(); k < n; ++k) {
        const Index a = body_a_of[k], b = body_b_of[k];
        const Vec3 arm_a = rotate<z_only>(rotation[a], local_a[k]), arm_b = rotate<z_only>(rotation[b], local_b[k]);
        const Vec3 d = (pos[b] + arm_b) - (pos[a] + arm_a);
        const double length = d.norm();
        const Vec3 u = length > 1e-12 ? Vec3(d / length) : Vec3::Zero();  // as unit_direction
        directions[k] = u;
        length_of[muscle_of[k]] += length;
        if constexpr (planar) {  // moments about z
            moments_a[k].z() = cross_z(arm_a, u);
            moments_b[k].z() = cross_z(arm_b, u);
        } else {
            moments_a[k] = arm_a.cross(u);
            moments_b[k] = arm_b.cross(u);
        }
    }
}

void apply_joint_tension(const Model& model, const State& state, Index muscle, double tension, Data& data);

}  // namespace

void update_muscle_paths(const Model& model, const State& state, Data& data) {
    if (data.planar && data.z_rotations_only) update_segments<true, true>(state, data);
    else if (data.planar) update_segments<true, false>(state, data);
    else update_segments<false, false>(state, data);
}

namespace {

// apply_tensions for the point-force muscles: T u on body a and -T u on body b, with
// the torques T m_a and -T m_b of update_segments. `joint_torque_muscles` as
// data.path_joint_torques; true when it skipped a joint-torque muscle under tension.
template <bool planar, bool joint_torque_muscles>
bool apply_point_tensions(const Model& model, Index begin, Index end, const double* tension_of, Data& data) {
    // raw pointers: the stores cannot then be taken to change the vectors themselves
    // (nothing else in this function reaches force and torque)
    const Muscle* __restrict muscle = model.muscles.data();
    const Index *__restrict muscle_of = data.segment_muscle.data(), *__restrict body_a_of = data.segment_body_a.data(),
                            *__restrict body_b_of = data.segment_body_b.data();
    const Vec3 *__restrict directions = data.segment_direction.data(),
                           *__restrict moments_a = data.segment_moment_a.data(),
                           *__restrict moments_b = data.segment_moment_b.data();
    Vec3* __restrict force = data.force.data(), * __restrict torque = data.torque.data();
    bool skipped = false;
    for (Index k = data.segment_offset[begin], last = data.segment_offset[end]; k < last; ++k) {
        const Index i = muscle_of[k];
        const double tension = tension_of[i - begin];
        if (tension == 0.0) continue;  // a slack tendon (every passive muscle at rest) adds nothing
        if (joint_torque_muscles && muscle[i].joint_torques) {
            skipped = true;
            continue;
        }
        const Index body_a = body_a_of[k], body_b = body_b_of[k];
        if constexpr (planar) {  // force x, y and torque z only
            const double fx = tension * directions[k].x(), fy = tension * directions[k].y();
            force[body_a].x() += fx, force[body_a].y() += fy;
            force[body_b].x() -= fx, force[body_b].y() -= fy;
            torque[body_a].z() += tension * moments_a[k].z();
            torque[body_b].z() -= tension * moments_b[k].z();
        } else {
            const Vec3 f = tension * directions[k];
            force[body_a] += f;
            torque[body_a] += tension * moments_a[k];
            force[body_b] -= f;
            torque[body_b] -= tension * moments_b[k];
        }
    }
    return skipped;
}

// The point forces of tensions tension[i - begin] of muscles [begin, end), `planar`
// as data.planar; the joint-torque muscles (joint_point_path_muscle) after them.
template <bool planar>
void apply_tensions(const Model& model, const State& state, Index begin, Index end, const double* tension_of,
                    Data& data) {
    if (!data.path_joint_torques) {
        apply_point_tensions<planar, false>(model, begin, end, tension_of, data);
        return;
    }
    if (!apply_point_tensions<planar, true>(model, begin, end, tension_of, data)) return;
    for (Index i = begin; i < end; ++i)
        if (model.muscles[i].joint_torques && tension_of[i - begin] != 0.0)
            apply_joint_tension(model, state, i, tension_of[i - begin], data);
}

}  // namespace

void apply_path_tensions(const Model& model, const State& state, Data& data) {
    const Index muscles = Index(model.muscles.size());
    const double* tensions = data.muscle_force.data();
    data.planar ? apply_tensions<true>(model, state, 0, muscles, tensions, data)
                : apply_tensions<false>(model, state, 0, muscles, tensions, data);
}

void apply_path_tension(const Model& model, const State& state, Index muscle, double tension, Data& data) {
    data.planar ? apply_tensions<true>(model, state, muscle, muscle + 1, &tension, data)
                : apply_tensions<false>(model, state, muscle, muscle + 1, &tension, data);
}

namespace {

void apply_joint_tension(const Model& model, const State& state, Index muscle, double tension, Data& data) {
    for (Index k = data.segment_offset[muscle]; k < data.segment_offset[muscle + 1]; ++k) {
        const Index body_a = data.segment_body_a[k], body_b = data.segment_body_b[k];
        apply_segment_force(model, state, body_a, body_b,
                            state.pos[body_a] + rotate_to_world(data, body_a, data.segment_local_a[k]),
                            state.pos[body_b] + rotate_to_world(data, body_b, data.segment_local_b[k]),
                            tension * data.segment_direction[k], true, data);
    }
}

}  // namespace

Vec3 dof_axis(const Model& model, const State& state, Index dof) {
    const Dof& d = model.dofs[dof];
    Quat frame = Quat::Identity();
    Vec3 angles = Vec3::Zero();
    if (d.kind == Dof::Kind::JointRotation) {
        const Joint& j = model.joints[d.joint];
        frame = state.ori[j.parent] * j.ref_ori;
        angles = euler_xyz_from_quat(joint_orientation(model, state, d.joint));
    } else if (d.kind == Dof::Kind::RootRotation) {
        angles = euler_xyz_from_quat(state.ori[d.body]);
    } else {
        return d.sign * Vec3::Unit(d.axis);
    }
    // Intrinsic x-y-z angles: omega = a' x + b' Rx(a) y + c' Rx(a) Ry(b) z.
    const Quat qx(Eigen::AngleAxisd(angles.x(), Vec3::UnitX()));
    const Quat qy(Eigen::AngleAxisd(angles.y(), Vec3::UnitY()));
    const Vec3 local = d.axis == 0   ? Vec3(Vec3::UnitX())
                       : d.axis == 1 ? Vec3(qx * Vec3::UnitY())
                                     : Vec3(qx * (qy * Vec3::UnitZ()));
    return d.sign * (frame * local);
}

double muscle_moment_arm(const Model& model, const State& state, Index muscle, Index dof) {
    const Dof& d = model.dofs[dof];
    const Vec3 axis = dof_axis(model, state, dof);
    if (d.kind == Dof::Kind::JointRotation) return axis.dot(muscle_joint_moment(model, state, muscle, d.joint));
    Vec3 force = Vec3::Zero(), moment = Vec3::Zero();
    subtree_load(
        model, state, muscle, state.pos[d.body], [&](Index body) { return root_body_of(model, body) == d.body; }, force,
        moment);
    return d.kind == Dof::Kind::RootTranslation ? axis.dot(force) : axis.dot(moment);
}

bool check_elastic_tendons(std::string_view component, const Model& model, std::vector<Diagnostic>& diagnostics) {
    bool ok = true;
    for (const Muscle& m : model.muscles) {
        if (m.tendon_slack_length > 0) continue;
        diagnostics.push_back({Severity::Error, m.location,
                               "muscle '" + m.name + "': " + std::string(component) +
                                   " needs tendon_slack_length > 0 (its tendon is elastic)"});
        ok = false;
    }
    return ok;
}

}  // namespace hfd
