#pragma once
// Derived quantities computed from Model + State on demand: one function each,
// used by forces, recorder, plots and viewer alike.
#include "model/model.h"
#include "state/state.h"

#include <string>
#include <vector>

namespace hfd {

inline Vec3 world_point(const State& s, Index body, const Vec3& local) { return s.pos[body] + s.ori[body] * local; }
inline Vec3 world_point_velocity(const State& s, Index body, const Vec3& world_pt) {
    return s.lin_vel[body] + s.ang_vel[body].cross(world_pt - s.pos[body]);
}

// Child orientation relative to parent, with ref_ori removed:
// q_joint = ref_ori^-1 * q_parent^-1 * q_child.
Quat joint_orientation(const Model& m, const State& s, Index joint);
// Angular velocity (in the frame the angles rotate from) of intrinsic x-y-z
// Euler angles a with rates da:  w = E(a) da = da_x e_x + da_y Rx e_y + da_z Rx Ry e_z.
Mat3 euler_rate_matrix(const Vec3& a);
// Intrinsic x-y-z Euler angles of joint_orientation (radians).
Vec3 joint_angles(const Model& m, const State& s, Index joint);
// Angular velocity of child relative to parent, in the parent frame.
Vec3 joint_angular_velocity(const Model& m, const State& s, Index joint);
// child anchor - parent anchor, world frame.
Vec3 joint_displacement(const Model& m, const State& s, Index joint);

// Whole-body centre of mass and its velocity: sum m_b x_b / sum m_b over the moving bodies.
Vec3 center_of_mass(const Model& m, const State& s);
Vec3 center_of_mass_velocity(const Model& m, const State& s);

// Value and rate of every dof of Model::dofs, or when the model has none, of
// the implicit coordinates (see coordinate_names).
struct CoordinateValues {
    std::vector<double> value, velocity;
};
std::vector<std::string> coordinate_names(const Model& m);  // dof names, else joint.rx/ry/rz + root .tx.. .rz
CoordinateValues coordinate_values(const Model& m, const State& s);
double dof_value(const Model& m, const State& s, Index dof);
double dof_velocity(const Model& m, const State& s, Index dof);
// World direction n with da/dt = n . (w_child - w_parent) for Euler angle `axis` of a
// joint: n = F row_axis(E(a)^-1), F the joint frame (parent * ref_ori), a its x-y-z
// angles; the frame's axis itself at gimbal lock, as the dof velocity takes it.
Vec3 joint_angle_rate_direction(const Quat& frame, const Vec3& angles, int axis);
Vec3 joint_angle_rate_direction(const Model& m, const State& s, Index joint, int axis);

// Sets body poses and velocities from dof values by walking the joint tree
// from the roots: child pose = parent pose * joint (anchors coincide). Dofs not
// given keep their default. Bodies not reachable keep their state.
struct DofAssignment {
    std::vector<double> value, velocity;
};  // per Model::dofs
DofAssignment default_dof_assignment(const Model& m);

// sum(m_b p_b) / sum(m_b) over the moving bodies (body frames sit at their centres
// of mass); the origin when the model has no mass or the positions do not fit it.
Vec3 center_of_mass(const Model& m, const std::vector<Vec3>& body_pos);
void apply_dofs(const Model& m, const DofAssignment& dofs, State& s);

}  // namespace hfd
