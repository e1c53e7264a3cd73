#include "forces/muscle_path.h"

#include "forces/segments_by_four.h"
#include "state/kinematics.h"

#include <algorithm>
#include <cmath>

namespace hfd {

namespace {

Vec3 point_of(const Model& model, const State& state, const PathPoint& p) {
    return world_point(state, p.body, p.is_moving() ? path_point_local(model, state, p, nullptr) : p.pos);
}

// A point of the path at the state: where it is, and for a moving point how it
// moves with its dof (world dp/dq).
struct ActivePoint {
    Index body = no_index;
    Vec3 pos = Vec3::Zero();
    Index dof = no_index;
    Vec3 slope = Vec3::Zero();
};

// Calls segment(a, b) for each pair of consecutive active points.
template <typename Segment>
void for_each_segment(const Model& model, const State& state, Index muscle, Segment segment) {
    ActivePoint previous;
    for (const PathPoint& p : model.muscles[muscle].path) {
        if (!path_point_active(model, state, p)) continue;
        ActivePoint current{p.body, p.pos, p.moving_dof, Vec3::Zero()};
        if (p.is_moving()) {
            Vec3 slope;
            current.pos = path_point_local(model, state, p, &slope);
            current.slope = state.ori[p.body] * slope;
        }
        current.pos = world_point(state, p.body, current.pos);
        if (previous.body != no_index) segment(previous, current);
        previous = current;
    }
}

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

// Torque tau about dof (a joint rotation): on the joint's child, minus on its parent,
// along the dof's rate direction, so that its power is tau dq/dt.
void add_dof_torque(const Model& model, const State& state, Index dof, double tau, Data& data) {
    const Dof& d = model.dofs[dof];
    const Joint& j = model.joints[d.joint];
    const Vec3 torque = tau * d.sign * joint_angle_rate_direction(model, state, d.joint, d.axis);
    data.torque[j.child] += torque;
    data.torque[j.parent] -= torque;
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
    for_each_segment(model, state, muscle, [&](const ActivePoint& a, const ActivePoint& b) {
        const bool in_a = inside(a.body), in_b = inside(b.body);
        if (in_a == in_b) return;  // internal to one side: no load across the boundary
        const Vec3 u = unit_direction(a.pos, b.pos);
        const Vec3& at = in_a ? a.pos : b.pos;
        const Vec3 f = in_a ? u : Vec3(-u);
        force += f;
        moment += (at - centre).cross(f);
    });
}

}  // namespace

Vec3 path_point_local(const Model& model, const State& state, const PathPoint& point, Vec3* slope) {
    Vec3 pos = point.pos, rate = Vec3::Zero();
    if (point.is_moving()) {
        const double q = dof_value(model, state, point.moving_dof);
        for (int k = 0; k < 3; ++k)
            if (!point.moving[k].empty()) pos[k] = point.moving[k].evaluate(q, &rate[k]);
    }
    if (slope) *slope = rate;
    return pos;
}

bool path_point_active(const Model& model, const State& state, const PathPoint& point) {
    if (!point.is_conditional()) return true;
    const double q = dof_value(model, state, point.active_dof);
    return q >= point.active_min && q <= point.active_max;
}

double muscle_path_length(const Model& model, const State& state, Index muscle) {
    double length = 0;
    for_each_segment(model, state, muscle,
                     [&](const ActivePoint& a, const ActivePoint& b) { length += (b.pos - a.pos).norm(); });
    return length;
}

double muscle_path_velocity(const Model& model, const State& state, Index muscle) {
    double velocity = 0;
    for_each_segment(model, state, muscle, [&](const ActivePoint& a, const ActivePoint& b) {
        Vec3 va = world_point_velocity(state, a.body, a.pos), vb = world_point_velocity(state, b.body, b.pos);
        if (a.dof != no_index) va += dof_velocity(model, state, a.dof) * a.slope;
        if (b.dof != no_index) vb += dof_velocity(model, state, b.dof) * b.slope;
        velocity += unit_direction(a.pos, b.pos).dot(vb - va);
    });
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
    for_each_segment(model, state, muscle, [&](const ActivePoint& a, const ActivePoint& b) {
        const Vec3 u = unit_direction(a.pos, b.pos);
        // a moving point's own work (see Data::MovingPoint): -T dL/dq of its motion on its body
        if (a.dof != no_index) add_dof_torque(model, state, a.dof, tension * u.dot(a.slope), data);
        if (b.dof != no_index) add_dof_torque(model, state, b.dof, -tension * u.dot(b.slope), data);
        if (a.body == b.body) return;
        apply_segment_force(model, state, a.body, b.body, a.pos, b.pos, tension * u, as_joint_torques, data);
    });
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
    size_t k = 0;
    if constexpr (!planar && !z_only) k = update_segments_by_four(state, data);  // the same bits, four at a time
    for (size_t n = data.segment_body_a.size(); k < n; ++k) {
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

// The 3D pass out of line: its set-up (AVX registers saved) stays out of the planar passes.
[[gnu::noinline]] void update_segments_3d(const State& state, Data& data) {
    update_segments<false, false>(state, data);
}

void apply_joint_tension(const Model& model, const State& state, Index muscle, double tension, Data& data);

// The values and rate axes of the dofs that path points read (Data::path_dofs).
void update_path_dofs(const Model& model, const State& state, Data& data) {
    for (Index dof : data.path_dofs) {
        const Dof& d = model.dofs[dof];
        const Joint& j = model.joints[d.joint];
        const Quat frame = state.ori[j.parent] * j.ref_ori;
        const Vec3 angles = euler_xyz_from_quat((frame.conjugate() * state.ori[j.child]).normalized());
        data.path_dof_value[dof] = d.sign * angles[d.axis];
        data.path_dof_rate_axis[dof] = d.sign * joint_angle_rate_direction(frame, angles, d.axis);
    }
}

// The segments of the muscles with moving or conditional points (Data::dof_path_muscles)
// for the evaluated state: consecutive active points joined, a moving point's body-frame
// position from its curves, the slots left over joining a point to itself. Not inlined:
// update_muscle_paths of a model without such points stays the one flat pass.
[[gnu::noinline]] void update_dof_paths(const Model& model, const State& state, Data& data) {
    update_path_dofs(model, state, data);
    Data::MovingPoint* moving = data.moving_points.data();
    for (Index muscle : data.dof_path_muscles) {
        Index slot = data.segment_offset[muscle];
        const Index end = data.segment_offset[muscle + 1];
        Index previous_body = no_index;
        Vec3 previous_pos = Vec3::Zero();
        Data::MovingPoint* previous_moving = nullptr;
        for (const PathPoint& p : model.muscles[muscle].path) {
            Data::MovingPoint* self = p.is_moving() ? moving++ : nullptr;
            if (self) self->segment_in = self->segment_out = no_index;
            if (p.is_conditional()) {
                const double q = data.path_dof_value[p.active_dof];
                if (q < p.active_min || q > p.active_max) continue;
            }
            Vec3 pos = p.pos;
            if (self) {
                const double q = data.path_dof_value[p.moving_dof];
                Vec3 slope = Vec3::Zero();
                for (int k = 0; k < 3; ++k)
                    if (!p.moving[k].empty()) pos[k] = p.moving[k].evaluate(q, &slope[k]);
                self->slope = rotate_to_world(data, p.body, slope);
            }
            if (previous_body != no_index) {
                data.segment_body_a[slot] = previous_body;
                data.segment_local_a[slot] = previous_pos;
                data.segment_body_b[slot] = p.body;
                data.segment_local_b[slot] = pos;
                if (previous_moving) previous_moving->segment_out = slot;
                if (self) self->segment_in = slot;
                ++slot;
            }
            previous_body = p.body;
            previous_pos = pos;
            previous_moving = self;
        }
        for (; slot < end; ++slot) {
            data.segment_body_a[slot] = data.segment_body_b[slot] = model.muscles[muscle].path[0].body;
            data.segment_local_a[slot] = data.segment_local_b[slot] = Vec3::Zero();
        }
    }
}

// The moving points' own work (Data::MovingPoint) as torques about their dofs, for the
// tensions tension_of[i - begin] of muscles [begin, end).
[[gnu::noinline]] void apply_moving_point_tensions(const Model& model, Index begin, Index end, const double* tension_of,
                                                   Data& data) {
    for (const Data::MovingPoint& m : data.moving_points) {
        if (m.muscle < begin || m.muscle >= end || tension_of[m.muscle - begin] == 0.0) continue;
        const Vec3 u_in = m.segment_in != no_index ? data.segment_direction[m.segment_in] : Vec3::Zero();
        const Vec3 u_out = m.segment_out != no_index ? data.segment_direction[m.segment_out] : Vec3::Zero();
        const Vec3 torque = tension_of[m.muscle - begin] * (u_out - u_in).dot(m.slope) * data.path_dof_rate_axis[m.dof];
        const Joint& j = model.joints[model.dofs[m.dof].joint];
        data.torque[j.child] += torque;
        data.torque[j.parent] -= torque;
    }
}

}  // namespace

void update_muscle_paths(const Model& model, const State& state, Data& data) {
    if (data.dof_paths) update_dof_paths(model, state, data);
    if (data.planar && data.z_rotations_only) update_segments<true, true>(state, data);
    else if (data.planar) update_segments<true, false>(state, data);
    else update_segments_3d(state, data);
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

// apply_tensions for models with moving points or joint-torque muscles: the moving points'
// torques, the point forces of the other muscles, then the joint torques.
template <bool planar>
[[gnu::noinline]] void apply_tensions_in_two_passes(const Model& model, const State& state, Index begin, Index end,
                                                    const double* tension_of, Data& data) {
    if (!data.moving_points.empty()) apply_moving_point_tensions(model, begin, end, tension_of, data);
    if (!data.path_joint_torques) {
        apply_point_tensions<planar, false>(model, begin, end, tension_of, data);
        return;
    }
    if (!apply_point_tensions<planar, true>(model, begin, end, tension_of, data)) return;
    for (Index i = begin; i < end; ++i)
        if (model.muscles[i].joint_torques && tension_of[i - begin] != 0.0)
            apply_joint_tension(model, state, i, tension_of[i - begin], data);
}

// The point forces of tensions tension[i - begin] of muscles [begin, end), `planar`
// as data.planar; the joint-torque muscles (joint_point_path_muscle) and moving points
// after them.
template <bool planar>
void apply_tensions(const Model& model, const State& state, Index begin, Index end, const double* tension_of,
                    Data& data) {
    if (data.path_second_pass) {
        apply_tensions_in_two_passes<planar>(model, state, begin, end, tension_of, data);
        return;
    }
    apply_point_tensions<planar, false>(model, begin, end, tension_of, data);
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
    if (d.kind == Dof::Kind::JointRotation) {
        // points moving with this dof: -dL/dq of their motion on their bodies, (u_out - u_in) . dp/dq
        double moving = 0;
        if (model.muscles[muscle].has_dof_points())
            for_each_segment(model, state, muscle, [&](const ActivePoint& a, const ActivePoint& b) {
                const Vec3 u = unit_direction(a.pos, b.pos);
                if (a.dof == dof) moving += u.dot(a.slope);
                if (b.dof == dof) moving -= u.dot(b.slope);
            });
        return axis.dot(muscle_joint_moment(model, state, muscle, d.joint)) + moving;
    }
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
