// joint_motor_force against the manual's formula computed independently here:
// the orientation error as the angle-axis of q_t q^-1 (the correction seen from the
// joint frame), clamping of the whole torque vector, and +tau / -tau on child / parent.
#include "format/parser.h"
#include "sim/components.h"
#include "forces/force_component.h"
#include "sim/dynamics.h"

#include <QtTest>

#include <cmath>

using namespace hfd;

namespace {

constexpr double pi = 3.14159265358979323846;

Quat rotation(double degrees, const Vec3& axis) {
    return Quat(Eigen::AngleAxisd(degrees * pi / 180, axis.normalized()));
}

struct Setup {
    Model model;
    State state;
    Controls controls;
    Data data;
};

// A dynamic parent (rotated) and child joined with a reference orientation;
// the child sits at joint orientation q_joint relative to the joint frame.
Setup make_setup(const Quat& q_joint) {
    Setup s;
    s.model.bodies.resize(2);
    s.model.bodies[0].name = "parent";
    s.model.bodies[1].name = "child";
    for (Body& b : s.model.bodies) b.mass = 1, b.inertia = Vec3::Ones();
    s.model.joints.resize(1);
    s.model.joints[0].parent = 0;
    s.model.joints[0].child = 1;
    s.model.joints[0].ref_ori = rotation(25, Vec3(1, 2, -1));
    s.model.bodies[1].parent_joint = 0;
    s.model.motors.resize(1);
    s.model.motors[0].joint = 0;
    s.model.motors[0].torque_offset = Vec3(0.1, -0.2, 0.3);
    s.state = initial_state(s.model);
    s.state.ori[0] = rotation(40, Vec3(0.3, -1, 0.5));
    s.state.ori[1] = s.state.ori[0] * s.model.joints[0].ref_ori * q_joint;
    s.state.ang_vel[0] = Vec3(0.5, -1.0, 2.0);
    s.state.ang_vel[1] = Vec3(-1.5, 0.7, 0.4);
    s.controls = initial_controls(s.model);
    s.data.resize(s.model);
    return s;
}

std::unique_ptr<ForceComponent> create(const Model& model) {
    ParseResult parsed = parse_text("joint_motor_force {}", "config.hfd");
    std::vector<Diagnostic> diagnostics;
    const std::string file = "config.hfd";
    ForceContext context{model, file, diagnostics};
    auto component = create_force(parsed.root.children[0], context);
    if (!diagnostics.empty()) qFatal("unexpected diagnostics");
    return component;
}

Vec3 expected_world_torque(const Setup& s, const Quat& q_joint) {
    const MotorControl& c = s.controls.motors[0];
    const Quat joint_frame = s.state.ori[0] * s.model.joints[0].ref_ori;
    Quat correction = (c.target_ori * q_joint.conjugate()).normalized();  // joint frame: q_t = correction * q
    if (correction.w() < 0) correction.coeffs() *= -1;
    const Eigen::AngleAxisd angle_axis(correction);
    const Vec3 error = angle_axis.angle() * angle_axis.axis();
    const Vec3 w = joint_frame.conjugate() * (s.state.ang_vel[1] - s.state.ang_vel[0]);
    Vec3 tau = s.model.motors[0].torque_offset + c.added_torque + c.stiffness * error + c.damping * (c.target_vel - w);
    if (tau.norm() > s.model.motors[0].max_torque) tau *= s.model.motors[0].max_torque / tau.norm();
    return joint_frame * tau;
}

// As an evaluation does: the body frames first (the motor reads the parent's rotation).
void apply(const ForceComponent& motor, Setup& s) {
    update_body_frames(s.state, s.data, false);
    motor.apply(s.model, s.state, s.controls, s.data);
}

bool near(const Vec3& a, const Vec3& b, double tolerance) { return (a - b).norm() <= tolerance; }

}  // namespace

class TestJointMotorForce : public QObject {
    Q_OBJECT
private slots:
    void torqueMatchesFormula() {
        const Quat q_joint = rotation(35, Vec3(0.2, 1, 0.4));
        Setup s = make_setup(q_joint);
        s.controls.motors[0].target_ori = rotation(-20, Vec3(1, 0.1, 0.3));
        s.controls.motors[0].target_vel = Vec3(0.2, 0.0, -0.4);
        s.controls.motors[0].stiffness = 30;
        s.controls.motors[0].damping = 2;
        s.controls.motors[0].added_torque = Vec3(0.0, 1.0, 0.0);
        auto motor = create(s.model);
        apply(*motor, s);
        const Vec3 expected = expected_world_torque(s, q_joint);
        QVERIFY2(near(s.data.torque[1], expected, 1e-10), "torque on child");
        QVERIFY(near(s.data.torque[0], -expected, 1e-10));
        QVERIFY(near(s.data.motor_torque[0], expected, 1e-10));
        QCOMPARE(s.data.force[0].norm() + s.data.force[1].norm(), 0.0);
        QVERIFY(expected.norm() > 1.0);
    }

    void stiffnessPullsTowardTarget() {
        // joint at identity, target 30 degrees about the joint frame's z: torque = k * 30deg * z
        Setup s = make_setup(Quat::Identity());
        s.state.ang_vel[1] = s.state.ang_vel[0];
        s.model.motors[0].torque_offset.setZero();
        s.controls.motors[0].target_ori = rotation(30, Vec3::UnitZ());
        s.controls.motors[0].stiffness = 10;
        auto motor = create(s.model);
        apply(*motor, s);
        const Quat joint_frame = s.state.ori[0] * s.model.joints[0].ref_ori;
        QVERIFY(near(s.data.torque[1], joint_frame * Vec3(0, 0, 10 * pi / 6), 1e-10));
    }

    void rotationVectorTakesTheShortWay() {
        // a target 350 degrees away is 10 degrees the other way
        Setup s = make_setup(Quat::Identity());
        s.state.ang_vel[1] = s.state.ang_vel[0];
        s.model.motors[0].torque_offset.setZero();
        s.controls.motors[0].target_ori = rotation(350, Vec3::UnitZ());
        s.controls.motors[0].stiffness = 10;
        auto motor = create(s.model);
        apply(*motor, s);
        const Quat joint_frame = s.state.ori[0] * s.model.joints[0].ref_ori;
        QVERIFY(near(s.data.torque[1], joint_frame * Vec3(0, 0, -10 * pi / 18), 1e-10));
    }

    void magnitudeIsClamped() {
        const Quat q_joint = rotation(60, Vec3(1, 1, 0));
        Setup s = make_setup(q_joint);
        s.controls.motors[0].stiffness = 500;
        s.controls.motors[0].damping = 50;
        s.model.motors[0].max_torque = 7.5;
        auto motor = create(s.model);
        apply(*motor, s);
        QVERIFY(std::abs(s.data.torque[1].norm() - 7.5) < 1e-10);
        // direction kept: parallel to the unclamped torque
        s.model.motors[0].max_torque = std::numeric_limits<double>::infinity();
        const Vec3 unclamped = expected_world_torque(s, q_joint);
        QVERIFY(unclamped.norm() > 7.5);
        QVERIFY(near(s.data.torque[1], unclamped.normalized() * 7.5, 1e-10));
    }

    void damperOpposesRelativeSpin() {
        Setup s = make_setup(Quat::Identity());
        s.model.motors[0].torque_offset.setZero();
        s.controls.motors[0].damping = 4;
        s.state.ang_vel[0].setZero();
        s.state.ang_vel[1] = Vec3(0, 0, 3);
        auto motor = create(s.model);
        apply(*motor, s);
        QVERIFY(near(s.data.torque[1], Vec3(0, 0, -12), 1e-10));
    }
};

QTEST_APPLESS_MAIN(TestJointMotorForce)
#include "test_joint_motor_force.moc"
