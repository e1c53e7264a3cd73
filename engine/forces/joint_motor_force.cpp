// joint_motor_force {}
//
// Joint motors (Hyfydy manual, "joint_motor"):
//   tau = [ tau_o + tau_added + k_p r(q^-1 q_t) + k_d (w_t - w) ]^tau_max
// with q the joint orientation (child relative to the joint frame, see
// kinematics.h joint_orientation), q_t the target, r the rotation vector (axis
// times angle), w the joint angular velocity, w_t its target, and [ ]^tau_max
// clamping the magnitude of the whole vector.
//
// Frames: every vector of the motor (torque_offset, added torque, target_vel and
// the result) is expressed in the joint frame, the parent body frame rotated by
// the joint's ref_ori (the frame q and q_t are defined in). r(q^-1 q_t) is a
// rotation about child-fixed axes; it is expressed in the joint frame as
// q r(q^-1 q_t) = r(q_t q^-1). w = ref_ori^-1 joint_angular_velocity. The torque is
// converted to world and applied +tau to the child and -tau to the parent.
#include "forces/force_component.h"
#include "state/kinematics.h"

namespace hfd {

// Motor torque in the joint frame (see above); `parent_rotation` is the parent body's
// rotation matrix of the evaluation (update_body_frames), which turns the joint's
// angular velocity into the parent frame without a quaternion rotation.
static Vec3 joint_motor_torque_in_joint_frame(const Model& model, const State& state, Index motor,
                                              const MotorControl& control, const Mat3& parent_rotation) {
    const JointMotor& m = model.motors[motor];
    const Joint& joint = model.joints[m.joint];
    const Vec3 w = joint.ref_ori.conjugate() *
                   Vec3(parent_rotation.transpose() * (state.ang_vel[joint.child] - state.ang_vel[joint.parent]));
    // without stiffness (a motor driven through its added torque and damping, as SCONE's
    // BodyOrientationReflex drives H1922's lumbar motor) the orientation and its
    // rotation vector, an atan2 and a sin/cos, would be multiplied by 0
    Vec3 position_error = Vec3::Zero();
    if (control.stiffness != 0) {
        const Quat q = joint_orientation(model, state, m.joint);
        position_error = q * rotation_vector(q.conjugate() * control.target_ori);
    }
    Vec3 tau = m.torque_offset + control.added_torque + control.stiffness * position_error +
               control.damping * (control.target_vel - w);
    const double magnitude = tau.norm();
    if (magnitude > m.max_torque) tau *= m.max_torque / magnitude;
    return tau;
}

namespace {

class JointMotorForce final : public ForceComponent {
public:
    std::string_view name() const override { return "joint_motor_force"; }

    void apply(const Model& model, const State& state, const Controls& controls, Data& data) const override {
        for (Index i = 0; i < Index(model.motors.size()) && i < Index(controls.motors.size()); ++i) {
            const Joint& joint = model.joints[model.motors[i].joint];
            const Mat3& parent_rotation = data.body_rotation[joint.parent];
            const Vec3 tau_joint =
                joint_motor_torque_in_joint_frame(model, state, i, controls.motors[i], parent_rotation);
            const Vec3 tau = parent_rotation * (joint.ref_ori * tau_joint);
            data.torque[joint.child] += tau;
            data.torque[joint.parent] -= tau;
            data.motor_torque[i] = tau;
        }
    }
};

}  // namespace

std::unique_ptr<ForceComponent> create_joint_motor_force(const PropNode& props, ForceContext& context) {
    PropertyValues none;
    if (!read_force_properties(props, context, none)) return nullptr;
    return std::make_unique<JointMotorForce>();
}

}  // namespace hfd
