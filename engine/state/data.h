#pragma once
// Scratch and outputs of one evaluation of the forces (MuJoCo's mjData idea):
// accumulators, contacts, per-joint and per-muscle quantities. Sized once at
// Simulation creation; a step never allocates.
#include "model/model.h"

#include <utility>
#include <cstdint>
#include <vector>

namespace hfd {

struct Contact {
    Index geometry_a = no_index, geometry_b = no_index;  // a: the plane / first geometry
    Index body_a = no_index, body_b = no_index;
    Vec3 point = Vec3::Zero();              // world
    Vec3 normal = Vec3::UnitY();            // world, points from a towards b
    double depth = 0;                       // penetration, > 0 when touching
    Vec3 relative_velocity = Vec3::Zero();  // velocity of b minus a at the point, world
    Vec3 force = Vec3::Zero();              // applied to b (world); -force applied to a
    // combined material (filled by collision detection)
    double stiffness = 0, damping = 0, static_friction = 0, dynamic_friction = 0;
};

// Scratch of the object-object broad phase (simple_collision_detection), per Data.
struct BroadPhase {
    std::vector<Vec3> centre;       // per object geometry, world
    std::vector<Quat> orientation;  // per object geometry, world
    int axis = 0;                   // the sweep axis
    std::vector<Index> order;       // sorted along the axis, kept between evaluations
    struct Box {
        double lower, upper, u, v, radius;
        Index index;
    };
    std::vector<Box> sorted;  // the boxes in that order
    // uniform grid (uniform_grid.h), for many objects
    struct GridEntry {
        std::int64_t x, y, z;  // the cell of the object's centre
        Index object;
    };
    std::vector<GridEntry> grid_entry;                 // per regular object, bucket by bucket
    std::vector<Index> bucket_start;                   // per hash bucket + 1: its first entry
    std::vector<Index> bucket_fill;                    // per hash bucket: next entry while filling
    std::vector<std::pair<Index, Index>> overlapping;  // candidate pairs of this evaluation
};

struct Data {
    // per body, of the evaluated state (first stage of an evaluation, update_body_frames):
    // body -> world rotation, so that a body point is transformed with one 3x3 product
    std::vector<Mat3> body_rotation;
    // The evaluation is for planar dynamics: only force x, y and torque z are read,
    // so components may leave the other load components out.
    bool planar = false;
    // Every body_rotation is a rotation about z (planar evaluation of a planar pose):
    // a body point's world x, y take two products each and z is unchanged.
    bool z_rotations_only = false;
    // Every body_rotation's third row and column are (0, 0, 1), as after resize and
    // after a z_rotations_only evaluation: update_body_frames then writes the 2x2
    // block of a rotation about z only.
    bool rotation_z_parts_standard = true;

    // accumulators, world frame, per body
    std::vector<Vec3> force;
    std::vector<Vec3> torque;
    // force and torque before the first component that adds loads from the controls
    // (Simulation::evaluate keeps them when some component does): what a change of the
    // controls alone starts from
    std::vector<Vec3> force_before_controls, torque_before_controls;
    // result of the dynamics stage, per body
    std::vector<Vec3> lin_acc;
    std::vector<Vec3> ang_acc;

    // contacts found by collision detection in this evaluation (capacity reserved)
    std::vector<Contact> contacts;
    // Friction damping of the bodies that friction holds against a static body (the
    // contact force fills it; body_update.h integrates it linearly implicitly): per
    // such body C = sum over its contacts k of c_k A_k^T P_k A_k, minus the derivative
    // of its friction load (force; torque about its centre of mass) by its twist
    // (v, w): A_k = [I, -[r_k]x] maps the twist to the contact point's velocity,
    // P_k = I - n n^T projects on the tangent plane, c_k = |Ft| / |vt| (the friction
    // law's secant; at zero slip its slope there). A planar evaluation fills only the
    // top-left 3x3 block, over x, y and the z rotation.
    std::vector<Index> friction_damped_bodies;  // each listed once; cleared with the loads
    std::vector<Mat6> friction_damping;         // per body, valid where listed
    // The joint force applied its joints' constraint damping, which the integrators then
    // take at the step's end velocity (integrators/implicit_joint_damping.h); cleared with
    // the loads.
    bool joint_damping_applied = false;

    // per joint
    std::vector<Vec3> joint_displacement;  // world: child anchor - parent anchor
    std::vector<Vec3> joint_force;         // constraint force on the child, world
    std::vector<Vec3> joint_limit_torque;  // on the child, world

    // per muscle
    std::vector<double> muscle_length;  // musculotendon path length
    std::vector<double> muscle_force;   // tendon force
    std::vector<double> tendon_length;
    std::vector<double> activation_derivative;    // da/dt, integrated by the integrator
    std::vector<double> fiber_length_derivative;  // dl_f/dt for models with fiber state

    // Muscle paths by segment. A run of via points on one body is rigid and adds a
    // constant length; only the segments that join two bodies change. They are flat
    // over all muscles: muscle i owns segments [segment_offset[i], segment_offset[i + 1]),
    // in path order. Fixed by resize:
    std::vector<Index> segment_offset;      // per muscle + 1
    std::vector<Index> segment_muscle;      // per segment: its muscle
    std::vector<Index> segment_body_a;      // per segment: body of its first point
    std::vector<Index> segment_body_b;      // per segment: body of its second point
    std::vector<Vec3> segment_local_a;      // per segment: first point, body frame
    std::vector<Vec3> segment_local_b;      // per segment: second point, body frame
    std::vector<double> path_fixed_length;  // per muscle: its segments within one body
    bool path_joint_torques = false;        // some muscle is a joint_point_path_muscle
    bool path_second_pass = false;          // path_joint_torques, or some muscle has a moving point
    // of the evaluated state, per segment (update_muscle_paths), u its direction:
    std::vector<Vec3> segment_direction;  // u: unit, first to second point (zero where they coincide)
    // (point - origin of its body) x u, world: the torque about the body's origin per unit
    // tension, on body a (on body b it is minus moment_b); planar passes: z only
    std::vector<Vec3> segment_moment_a, segment_moment_b;
    // Muscles whose path depends on dofs (Muscle::has_dof_points) own one segment per
    // pair of consecutive points and no fixed length; update_muscle_paths rewrites
    // their segments' bodies and points from the active points of the evaluated
    // state, and the slots left over join a point to itself (length and load zero).
    std::vector<Index> dof_path_muscles;
    bool dof_paths = false;                // dof_path_muscles is not empty (one load in the step's test)
    std::vector<Index> path_dofs;          // the dofs their points read
    std::vector<double> path_dof_value;    // per model dof (only path_dofs set), of the evaluated state
    std::vector<Vec3> path_dof_rate_axis;  // per model dof (path_dofs): world w with dq/dt = w . (w_child - w_parent)
    // A moving point's motion on its body does work too: T (u_out - u_in) . dp/dq per unit
    // of dq, with u_in / u_out the directions of the segments into and out of it.
    struct MovingPoint {
        Index muscle = no_index, dof = no_index;
        Index segment_in = no_index, segment_out = no_index;  // of the evaluated state; no_index: none
        Vec3 slope = Vec3::Zero();                            // dp/dq, world, of the evaluated state
    };
    std::vector<MovingPoint> moving_points;  // in muscle and path order

    BroadPhase broad_phase;

    // per motor
    std::vector<Vec3> motor_torque;  // on the child, world

    void resize(const Model& model);
    void resize_muscle_paths(const Model& model);
    void clear_accumulators();
    // Copies only what an integrator update reads (body accelerations, friction
    // damping, activation and fiber length derivatives), sizes kept: a step's start
    // for partial steps.
    void copy_derivatives_from(const Data& other);  // force/torque zero, contacts cleared (capacity kept)
};

// r local; with z_only (r a rotation about z) two products for x and y, z unchanged.
template <bool z_only>
inline Vec3 rotate(const Mat3& r, const Vec3& local) {
    if constexpr (z_only)
        return Vec3(r(0, 0) * local.x() + r(0, 1) * local.y(), r(1, 0) * local.x() + r(1, 1) * local.y(), local.z());
    else return r * local;
}

// The z component of a x b: in planar passes, the moment about z of b at arm a.
inline double cross_z(const Vec3& a, const Vec3& b) { return a.x() * b.y() - a.y() * b.x(); }

// A body-frame vector in world axes, with the rotation of the evaluated state.
inline Vec3 rotate_to_world(const Data& d, Index body, const Vec3& local) {
    const Mat3& r = d.body_rotation[body];
    return d.z_rotations_only ? rotate<true>(r, local) : rotate<false>(r, local);
}

}  // namespace hfd
