#pragma once
// Small models shared by the dynamics, recording and CLI tests.
#include <string>

namespace hfd::test {

// A 0.5 m pendulum on a stiff pin joint, swinging from horizontal (recording and export tests).
inline const char* pin_pendulum_text = R"(
model {
	name = pendulum
	body { name = ground mass = 0 inertia { x = 0 y = 0 z = 0 } }
	body {
		name = bob
		mass = 1
		inertia { x = 0.01 y = 0.01 z = 0.01 }
		pos { x = 0.5 y = 1 z = 0 }
		joint { name = pivot parent = ground pos_in_parent { x = 0 y = 1 z = 0 } pos_in_child { x = -0.5 y = 0 z = 0 }
			stiffness = 1e5 damping = 10 }
	}
	dof { name = swing source = bob_rz }
}
composite_force { joint_force_pd {} }
symplectic_euler_integrator { step_size = 1e-4 }
)";

// Two links hanging from the ground, swinging in the x-y plane from the given
// dof angles (degrees). joint_damping is the damping of each joint's spring.
// A 1 kg rubber ball (r = 0.1 m) dropped from 0.15 m onto a floor plane, undamped
// pd contact, symplectic Euler at `step_size`.
inline std::string bouncing_ball_text(const std::string& step_size = "1e-4") {
    return R"(
model {
	material { name = rubber stiffness = 2e4 damping = 0 }
	body { name = ground mass = 0 inertia { x = 0 y = 0 z = 0 } }
	geometry { name = floor type = plane body = ground normal = [ 0 1 0 ] material = rubber }
	body { name = ball mass = 1 inertia { x = 0.004 y = 0.004 z = 0.004 } pos { x = 0 y = 0.15 z = 0 } }
	geometry { name = shell type = sphere radius = 0.1 body = ball material = rubber }
}
composite_force { simple_collision_detection {} contact_force_pd {} }
symplectic_euler_integrator { step_size = )" +
           step_size + " }\n";
}

inline std::string double_pendulum(const std::string& forces, const std::string& integrator, double angle1 = 90,
                                   double angle2 = 0, const std::string& joint_extra = "", double stiffness = 1e6) {
    const std::string joint_props = "stiffness = " + std::to_string(stiffness) + " " + joint_extra;
    return R"(
model {
  gravity = [ 0 -9.81 0 ]
  body { name = ground mass = 0 inertia = [ 0 0 0 ] }
  body { name = upper mass = 1.5 inertia = [ 0.02 0.005 0.02 ]
    joint { name = shoulder parent = ground pos_in_parent = [ 0 0 0 ] pos_in_child = [ 0 0.25 0 ] )" +
           joint_props + R"( } }
  body { name = lower mass = 1 inertia = [ 0.012 0.003 0.012 ]
    joint { name = elbow parent = upper pos_in_parent = [ 0 -0.25 0 ] pos_in_child = [ 0 0.2 0 ] )" +
           joint_props + R"( } }
  dof { name = shoulder_angle source = upper_rz default = )" +
           std::to_string(angle1) + R"( }
  dof { name = elbow_angle source = lower_rz default = )" +
           std::to_string(angle2) + R"( }
}
composite_force { )" +
           forces + R"( }
)" + integrator +
           "\n";
}

}  // namespace hfd::test
