// point_path_muscle / joint_point_path_muscle, joint_motor and perturbation.
#include "format/parser.h"
#include "model/build_model.h"

#include <QtTest>

#include <cmath>

using namespace hfd;

namespace {

BuildResult build(const std::string& extra) {
    const std::string text =
        "model {\n"
        "  body { name = ground mass = 0 }\n"
        "  body { name = thigh mass = 1 inertia = [ 1 1 1 ]\n"
        "    joint { name = hip parent = ground pos_in_parent = [ 0 1 0 ] pos_in_child = [ 0 0 0 ] }\n"
        "  }\n" +
        extra + "}\n";
    const ParseResult parsed = parse_text(text, "test.hfd");
    for (const Diagnostic& d : parsed.diagnostics) qWarning("%s", format_diagnostic(d).c_str());
    return build_model(parsed.root, "test.hfd");
}

std::string all_diagnostics(const BuildResult& r) {
    std::string text;
    for (const Diagnostic& d : r.diagnostics) text += format_diagnostic(d) + "\n";
    return text;
}

}  // namespace

class TestBuildMuscle : public QObject {
    Q_OBJECT
private slots:
    void muscles() {
        const BuildResult r = build(R"(
  point_path_muscle {
    name = glut max_isometric_force = 1944 optimal_fiber_length = 0.147 tendon_slack_length = 0.127
    pennation_angle = 0.3 stiffness_multiplier = 2 activation_rate = 80 deactivation_rate = 20
    path [ { body = ground pos = [ 0 1.1 0 ] } { body = thigh pos = [ 0 0.1 0 ] } { body = thigh pos = [ 0 -0.1 0.01 ] } ]
  }
  joint_point_path_muscle {
    name = psoas max_isometric_force = 100 optimal_fiber_length = 0.1 tendon_slack_length = 0.2
    path [ { body = ground pos = [ 0 1.2 0 ] } { body = thigh pos = [ 0.05 0 0 ] } ]
  }
)");
        QVERIFY2(r.ok(), all_diagnostics(r).c_str());
        QVERIFY2(r.diagnostics.empty(), all_diagnostics(r).c_str());
        const Model& m = *r.model;
        const Muscle& glut = m.muscles[0];
        QVERIFY(!glut.joint_torques);
        QCOMPARE(glut.max_isometric_force, 1944.0);
        QCOMPARE(glut.optimal_fiber_length, 0.147);
        QCOMPARE(glut.tendon_slack_length, 0.127);
        QCOMPARE(glut.pennation_angle, 0.3);  // radians, as the manual says: not converted
        QCOMPARE(glut.stiffness_multiplier, 2.0);
        QCOMPARE(glut.activation_rate, 80.0);
        QCOMPARE(glut.deactivation_rate, 20.0);
        QCOMPARE(glut.path.size(), size_t(3));
        QCOMPARE(glut.path[2].body, m.find_body("thigh"));
        QVERIFY(glut.path[2].pos.isApprox(Vec3(0, -0.1, 0.01)));
        const Muscle& psoas = m.muscles[1];
        QVERIFY(psoas.joint_torques);
        QCOMPARE(psoas.pennation_angle, 0.0);
        QCOMPARE(psoas.stiffness_multiplier, 1.0);
        QVERIFY(psoas.activation_rate < 0);  // not given: the muscle_activation component decides
        QCOMPARE(m.find_muscle("psoas"), 1);
    }

    void motors() {
        const BuildResult r = build(R"(
  joint_motor { joint = hip }
  joint_motor { name = m2 joint = hip stiffness = 1000 damping = 10 max_torque = 100 target_ori = [ 0 0 90 ]
                target_vel = [ 0 0 1 ] torque_offset = [ 1 2 3 ] }
)");
        QVERIFY2(r.ok(), all_diagnostics(r).c_str());
        const Model& m = *r.model;
        const JointMotor& plain = m.motors[0];  // the manual's defaults
        QCOMPARE(plain.joint, m.find_joint("hip"));
        QCOMPARE(plain.stiffness, 0.0);
        QCOMPARE(plain.damping, 0.0);
        QVERIFY(std::isinf(plain.max_torque));
        QVERIFY(plain.target_ori.isApprox(Quat::Identity()));
        const JointMotor& m2 = m.motors[1];
        QCOMPARE(m2.name, std::string("m2"));
        QCOMPARE(m2.stiffness, 1000.0);
        QCOMPARE(m2.damping, 10.0);
        QCOMPARE(m2.max_torque, 100.0);
        QVERIFY((m2.target_ori * Vec3::UnitX()).isApprox(Vec3::UnitY(), 1e-12));
        QVERIFY(m2.target_vel.isApprox(Vec3(0, 0, 1)));
        QVERIFY(m2.torque_offset.isApprox(Vec3(1, 2, 3)));
    }

    void perturbations() {
        const BuildResult r = build(R"(
  perturbation { body = thigh pos = [ 0 0.1 0 ] force = [ 10 0 0 ] moment = [ 0 0 1 ] start_time = 0.5 end_time = 0.6 }
  perturbation { body = thigh force = [ 0 5 0 ] }
)");
        QVERIFY2(r.ok(), all_diagnostics(r).c_str());
        const auto& p = r.model->perturbations;
        QCOMPARE(p.size(), size_t(2));
        QCOMPARE(p[0].body, r.model->find_body("thigh"));
        QVERIFY(p[0].force.isApprox(Vec3(10, 0, 0)));
        QVERIFY(p[0].moment.isApprox(Vec3(0, 0, 1)));
        QCOMPARE(p[0].start_time, 0.5);
        QCOMPARE(p[0].end_time, 0.6);
        QCOMPARE(p[1].start_time, 0.0);
        QVERIFY(std::isinf(p[1].end_time));
        const BuildResult reversed = build("  perturbation {\n    body = thigh start_time = 2 end_time = 1\n  }\n");
        QVERIFY(!reversed.ok());
        QCOMPARE(reversed.diagnostics[0].location.line, 6);
    }

    void duplicate_muscle_names() {
        const char* muscle =
            "  point_path_muscle { name = a max_isometric_force = 1 optimal_fiber_length = 0.1 "
            "tendon_slack_length = 0.1 path [ { body = ground pos = [ 0 0 0 ] } "
            "{ body = thigh pos = [ 0 0 0 ] } ] }\n";
        const BuildResult r = build(std::string(muscle) + muscle);
        QVERIFY(!r.ok());
        QCOMPARE(r.diagnostics.size(), size_t(1));
        QCOMPARE(r.diagnostics[0].location.line, 7);
        QVERIFY(r.diagnostics[0].message.find("duplicate muscle name 'a'") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestBuildMuscle)
#include "test_build_muscle.moc"
