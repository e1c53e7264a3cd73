#pragma once
// A hinge crossed by one muscle, for the muscle analysis tests: "over" runs from
// (0, a, 0) on the ground to (0, -b, 0) on the arm about the elbow at the origin,
// L^2 = a^2 + b^2 + 2ab cos q and moment arm -dL/dq = ab sin q / L; "beside"
// crosses only the wrist below.
namespace hfd::test {

constexpr double hinge_arm_a = 0.3, hinge_arm_b = 0.2;
inline const char* hinge_muscle_model = R"(
model {
  body { name = ground mass = 0 inertia = [ 0 0 0 ] }
  body { name = arm mass = 1 inertia = [ 0.01 0.01 0.01 ]
    joint { name = elbow parent = ground pos_in_parent = [ 0 0 0 ] pos_in_child = [ 0 0 0 ] } }
  body { name = other mass = 1 inertia = [ 0.01 0.01 0.01 ]
    joint { name = wrist parent = arm pos_in_parent = [ 0 -0.3 0 ] pos_in_child = [ 0 0 0 ] } }
  dof { name = elbow_angle source = elbow_rz range = -150..150 }
  dof { name = wrist_angle source = other_rz range = -60..60 }
  point_path_muscle { name = over max_isometric_force = 1000 optimal_fiber_length = 0.2 tendon_slack_length = 0.25
    pennation_angle = 0.26
    path [ { body = ground pos = [ 0 0.3 0 ] } { body = arm pos = [ 0 -0.2 0 ] } ] }
  point_path_muscle { name = beside max_isometric_force = 500 optimal_fiber_length = 0.1 tendon_slack_length = 0.2
    path [ { body = arm pos = [ 0.02 0 0 ] } { body = other pos = [ 0.02 -0.1 0 ] } ] }
}
)";

}  // namespace hfd::test
