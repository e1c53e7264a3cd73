#pragma once
// Geometry of a point-path musculotendon unit: a polyline through via points
// fixed on bodies (Muscle::path). Its length is L = sum_k |p_{k+1} - p_k| and its
// lengthening velocity dL/dt = sum_k u_k . (v(p_{k+1}) - v(p_k)), with u_k the
// unit direction of segment k.
//
// Tension T acts along every segment that joins two different bodies: +T u_k on
// the body of p_k at p_k and -T u_k on the body of p_{k+1} at p_{k+1}. Each pair is
// equal, opposite and collinear, so the muscle adds no net force or moment to
// the system. Segments within one body cancel out and are skipped.
//
// joint_point_path_muscle (Muscle::joint_torques) applies the same effect as joint
// torques: for every joint j crossed by a segment, the moment about the joint
// centre (child anchor) of the segment force acting on the child side of j is
// applied as +M_j to the child and -M_j to the parent. This keeps the generalized
// (rotational) forces of the joints and drops the forces that would displace
// the joint. The moment arm of a dof is the same moment per unit tension
// projected on the dof's rotation axis; it equals -dL/dq (virtual work).
#include "model/model.h"
#include "state/data.h"
#include "state/state.h"

#include <string_view>
#include <vector>

namespace hfd {

// The step's form: one pass over the segments of all muscles for the evaluated
// state. A segment within one body has a constant length and carries no load
// between bodies, so only the segments between two bodies (Data::segment_*) are
// evaluated, with data.body_rotation (see update_body_frames): their unit
// directions, moments per unit tension and lengths, then L = fixed length + their
// lengths per muscle (data.muscle_length). With data.planar, the moments are about
// z and the tension adds force x, y and torque z only.
void update_muscle_paths(const Model& model, const State& state, Data& data);
// Adds the effect of tension along the directions and moments stored by
// update_muscle_paths (point forces or joint torques, per Muscle::joint_torques).
void apply_path_tension(const Model& model, const State& state, Index muscle, double tension, Data& data);
// apply_path_tension of every muscle with its data.muscle_force.
void apply_path_tensions(const Model& model, const State& state, Data& data);

// The same quantities from the state alone (moment arms, tests, tools).
double muscle_path_length(const Model& model, const State& state, Index muscle);
// dL/dt, > 0 when lengthening.
double muscle_path_velocity(const Model& model, const State& state, Index muscle);
// A path point's position in its body frame at the state (a moving point's from its
// curves at its dof's value), and in *slope (when given) its d/dq, zero for a fixed point.
Vec3 path_point_local(const Model& model, const State& state, const PathPoint& point, Vec3* slope = nullptr);
// False for a conditional point whose dof lies outside its active range.
bool path_point_active(const Model& model, const State& state, const PathPoint& point);
// World position of via point k of a muscle (active or not).
Vec3 muscle_path_point(const Model& model, const State& state, Index muscle, int point);

// Adds the effect of tension (N, >= 0 pulls) of a muscle to data.force / data.torque,
// as point forces (false) or as joint torques (true).
void apply_muscle_tension_as(const Model& model, const State& state, Index muscle, double tension,
                             bool as_joint_torques, Data& data);

// True when body lies on the child side of joint (the child itself or below it).
bool is_distal_of_joint(const Model& model, Index body, Index joint);
// Moment (world, N m per N of tension) about the centre of `joint` of the muscle
// forces that act on the child side of that joint. Zero when the path does not
// cross the joint.
Vec3 muscle_joint_moment(const Model& model, const State& state, Index muscle, Index joint);
// World axis along which dof `dof` rotates (or translates) the bodies below it,
// with the dof's sign: d(orientation)/d(dof) = axis (as angular velocity).
Vec3 dof_axis(const Model& model, const State& state, Index dof);
// Moment arm (m) of a muscle about a dof: -dL/dq. Rotational dofs of a joint use
// muscle_joint_moment, plus for each point moving with the dof (u_out - u_in) . dp/dq
// (its motion on its body; u_in, u_out the unit directions of the segments into and
// out of it); root dofs use the forces/moments on the root's subtree.
double muscle_moment_arm(const Model& model, const State& state, Index muscle, Index dof);

// Muscle force components with an elastic tendon need tendon_slack_length > 0
// (strain is relative to it): reports each muscle without one as an error at the
// muscle's location. False when any was found.
bool check_elastic_tendons(std::string_view component, const Model& model, std::vector<Diagnostic>& diagnostics);

}  // namespace hfd
