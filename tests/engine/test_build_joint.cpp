// Joints: implied child of nested joints, parent_joint, and the defaults of
// stiffness / damping / limit stiffness / limit damping from model_options,
// checked against the damping ratio they are meant to produce.
#include "format/parser.h"
#include "model/build_model.h"

#include <QtTest>

#include <cmath>
#include <limits>

using namespace hfd;

namespace {

BuildResult build(const std::string& text) {
    const ParseResult parsed = parse_text(text, "test.hfd");
    for (const Diagnostic& d : parsed.diagnostics) qWarning("%s", format_diagnostic(d).c_str());
    return build_model(parsed.root, "test.hfd");
}

std::string all_diagnostics(const BuildResult& r) {
    std::string text;
    for (const Diagnostic& d : r.diagnostics) text += format_diagnostic(d) + "\n";
    return text;
}

// Two point masses joined by a spring k and damper c along one axis, released
// from relative displacement 1 at rest (symplectic Euler, tiny steps). Returns
// the relative displacement at the first turning point after the release:
// -exp(-pi zeta / sqrt(1 - zeta^2)) for an underdamped pair, ~0 when critically damped.
double first_overshoot(double m1, double m2, double k, double c) {
    double x1 = 0, x2 = 1, v1 = 0, v2 = 0;
    const double mu = m1 * m2 / (m1 + m2);
    const double dt = 2e-5 * std::sqrt(mu / k);
    double previous_rate = 0;
    for (int step = 0; step < 10000000; ++step) {
        const double force_on_2 = -k * (x2 - x1) - c * (v2 - v1);
        v2 += dt * force_on_2 / m2;
        v1 -= dt * force_on_2 / m1;
        x2 += dt * v2;
        x1 += dt * v1;
        const double rate = v2 - v1;
        if (step > 0 && previous_rate < 0 && rate >= 0) return x2 - x1;
        if (x2 - x1 > 0 && step * dt * std::sqrt(k / mu) > 60) return 0;  // no turning point: overdamped/critical
        previous_rate = rate;
    }
    return std::numeric_limits<double>::quiet_NaN();
}

std::string two_bodies(const std::string& options, const std::string& joint_extra, double parent_mass = 2) {
    return "model {\n"
           "  model_options { " +
           options +
           " }\n"
           "  body { name = a mass = " +
           std::to_string(parent_mass) +
           " inertia = [ 0.1 0.1 0.1 ] }\n"
           "  body { name = b mass = 3 inertia = [ 0.1 0.2 0.3 ]\n"
           "    joint { name = j parent = a pos_in_parent = [ 0 -0.5 0 ] pos_in_child = [ 0 0.5 0 ] " +
           joint_extra + " }\n  }\n}\n";
}

}  // namespace

class TestBuildJoint : public QObject {
    Q_OBJECT
private slots:
    void nested_joint_has_implied_child() {
        const BuildResult r = build(R"(model {
  body { name = ground mass = 0 }
  body { name = b mass = 1 inertia = [ 1 1 1 ]
    joint { name = first parent = ground pos_in_parent = [ 0 1 0 ] pos_in_child = [ 0 0.5 0 ] }
  }
  joint { name = second parent = ground child = b pos_in_parent = [ 1 0 0 ] pos_in_child = [ 0 0 0 ] }
  body { name = c mass = 1 inertia = [ 1 1 1 ]
    joint { name = third parent = b child = c pos_in_parent = [ 0 -0.5 0 ] pos_in_child = [ 0 0.5 0 ] }
  }
})");
        QVERIFY2(r.ok(), all_diagnostics(r).c_str());
        const Model& m = *r.model;
        QCOMPARE(m.joints.size(), size_t(3));
        QCOMPARE(m.joints[0].child, m.find_body("b"));
        QCOMPARE(m.joints[0].parent, m.find_body("ground"));
        QVERIFY(m.joints[0].pos_in_parent.isApprox(Vec3(0, 1, 0)));
        QVERIFY(m.joints[0].pos_in_child.isApprox(Vec3(0, 0.5, 0)));
        QCOMPARE(m.joints[2].child, m.find_body("c"));  // writing the same child is allowed
        // parent_joint is the first joint that has the body as child
        QCOMPARE(m.bodies[m.find_body("b")].parent_joint, 0);
        QCOMPARE(m.bodies[m.find_body("c")].parent_joint, 2);
        QCOMPARE(m.bodies[m.find_body("ground")].parent_joint, no_index);
        QVERIFY(!m.joints[1].has_limits);
        QVERIFY(std::isinf(m.joints[1].limit_max.x()));
    }

    void critical_mass_damping_gives_the_damping_ratio() {
        for (double ratio : {0.2, 0.5}) {
            const BuildResult r =
                build(two_bodies("joint_stiffness = 1e4 joint_damping = " + std::to_string(ratio), ""));
            QVERIFY2(r.ok(), all_diagnostics(r).c_str());
            const Joint& j = r.model->joints[0];
            QCOMPARE(j.stiffness, 1e4);
            // damping = joint_damping * 2 sqrt(k m), m = reduced mass 2*3/(2+3)
            QVERIFY(std::abs(j.damping - ratio * 2 * std::sqrt(1e4 * 1.2)) < 1e-9);
            // the pair of bodies on that spring overshoots as a ratio-damped oscillator
            const double overshoot = first_overshoot(2, 3, j.stiffness, j.damping);
            const double expected = -std::exp(-M_PI * ratio / std::sqrt(1 - ratio * ratio));
            QVERIFY2(std::abs(overshoot - expected) < 2e-3,
                     qPrintable(QString("overshoot %1, expected %2").arg(overshoot).arg(expected)));
        }
        const BuildResult critical = build(two_bodies("joint_stiffness = 1e4 joint_damping = 1", ""));
        QVERIFY(critical.ok());
        QVERIFY(std::abs(first_overshoot(2, 3, 1e4, critical.model->joints[0].damping)) < 1e-6);
    }

    void critical_mass_with_static_parent_uses_child_mass() {
        const BuildResult r = build(two_bodies("joint_stiffness = 400 joint_damping = 1", "", 0));
        QVERIFY2(r.ok(), all_diagnostics(r).c_str());
        QVERIFY(std::abs(r.model->joints[0].damping - 2 * std::sqrt(400 * 3.0)) < 1e-9);
    }

    void own_values_override_model_options() {
        const BuildResult r =
            build(two_bodies("joint_stiffness = 1e4 joint_damping = 0.5 joint_limit_stiffness = 50 "
                             "joint_limit_damping = 0.2",
                             "stiffness = 900 damping = 7 limit_stiffness = 30 limit_damping = 0.4"));
        QVERIFY2(r.ok(), all_diagnostics(r).c_str());
        const Joint& j = r.model->joints[0];
        QCOMPARE(j.stiffness, 900.0);
        QCOMPARE(j.damping, 7.0);
        QCOMPARE(j.limit_stiffness, 30.0);
        QCOMPARE(j.limit_damping, 0.4);
        // own stiffness without own damping: critical damping uses the joint's stiffness
        const BuildResult own_k = build(two_bodies("joint_damping = 1", "stiffness = 900"));
        QVERIFY(own_k.ok());
        QVERIFY(std::abs(own_k.model->joints[0].damping - 2 * std::sqrt(900 * 1.2)) < 1e-9);
    }

    void absolute_modes_use_the_option_values() {
        const BuildResult r =
            build(two_bodies("joint_stiffness = 1e4 joint_damping = 12 damping_mode = absolute "
                             "joint_limit_stiffness = 50 joint_limit_damping = 0.2 "
                             "limit_damping_mode = absolute",
                             ""));
        QVERIFY2(r.ok(), all_diagnostics(r).c_str());
        QCOMPARE(r.model->joints[0].damping, 12.0);
        QCOMPARE(r.model->joints[0].limit_damping, 0.2);
    }

    void critical_inertia_limit_damping() {
        const double k = 100, ratio = 0.3;
        const BuildResult r = build(two_bodies("joint_limit_stiffness = 100 joint_limit_damping = 0.3", ""));
        QVERIFY2(r.ok(), all_diagnostics(r).c_str());
        const Joint& j = r.model->joints[0];
        QCOMPARE(j.limit_stiffness, k);
        const double inertia = (0.1 + 0.2 + 0.3) / 3;  // mean principal moment of the child
        // pnld: tau = -k theta (1 + kw omega); at theta = 1 rad the damping is k kw,
        // which must be `ratio` times critical 2 sqrt(k I)
        QVERIFY(std::abs(k * j.limit_damping / (2 * std::sqrt(k * inertia)) - ratio) < 1e-12);
        // no limit stiffness: no limit damping
        const BuildResult zero = build(two_bodies("joint_limit_damping = 0.3", ""));
        QVERIFY(zero.ok());
        QCOMPARE(zero.model->joints[0].limit_damping, 0.0);
    }

    void defaults_without_options_give_a_free_joint() {
        const BuildResult r = build(two_bodies("", ""));
        QVERIFY2(r.ok(), all_diagnostics(r).c_str());
        const Joint& j = r.model->joints[0];
        QCOMPARE(j.stiffness, 0.0);
        QCOMPARE(j.damping, 0.0);  // 1 * 2 sqrt(0 * m)
        QCOMPARE(j.limit_stiffness, 0.0);
        QCOMPARE(j.limit_damping, 0.0);
    }

    void parent_equal_to_child_is_an_error() {
        const BuildResult r = build(R"(model {
  body { name = b mass = 1 inertia = [ 1 1 1 ]
    joint { parent = b pos_in_parent = [ 0 0 0 ] pos_in_child = [ 0 0 0 ] }
  }
})");
        QVERIFY(!r.ok());
        QCOMPARE(r.diagnostics[0].location.line, 3);
        QCOMPARE(r.diagnostics[0].location.column, 5);
        QVERIFY(r.diagnostics[0].message.find("same body") != std::string::npos);
    }

    void kinematic_loops() {
        // a loop hanging from a root: allowed, silently
        const BuildResult rooted = build(R"(model {
  body { name = a mass = 1 inertia = [ 1 1 1 ] }
  body { name = b mass = 1 inertia = [ 1 1 1 ] }
  body { name = c mass = 1 inertia = [ 1 1 1 ] }
  joint { name = ab parent = a child = b pos_in_parent = [ 0 0 0 ] pos_in_child = [ 0 0 0 ] }
  joint { name = ac parent = a child = c pos_in_parent = [ 0 0 0 ] pos_in_child = [ 0 0 0 ] }
  joint { name = bc parent = b child = c pos_in_parent = [ 0 0 0 ] pos_in_child = [ 0 0 0 ] }
})");
        QVERIFY2(rooted.ok() && rooted.diagnostics.empty(), all_diagnostics(rooted).c_str());
        QCOMPARE(rooted.model->bodies[2].parent_joint, 1);
        QCOMPARE(rooted.model->bodies[0].parent_joint, no_index);
        // a ring without a root: the first body becomes the root, with a warning
        const BuildResult ring = build(R"(model {
  body { name = a mass = 1 inertia = [ 1 1 1 ] }
  body { name = b mass = 1 inertia = [ 1 1 1 ] }
  joint { name = ab parent = a child = b pos_in_parent = [ 0 0 0 ] pos_in_child = [ 0 0 0 ] }
  joint { name = ba parent = b child = a pos_in_parent = [ 0 0 0 ] pos_in_child = [ 0 0 0 ] }
})");
        QVERIFY2(ring.ok(), all_diagnostics(ring).c_str());
        QCOMPARE(ring.diagnostics.size(), size_t(1));
        QCOMPARE(ring.diagnostics[0].location.line, 5);
        QCOMPARE(ring.model->bodies[0].parent_joint, no_index);
        QCOMPARE(ring.model->bodies[1].parent_joint, 0);
    }

    void limits_accept_array_form_and_reject_reversed_ranges() {
        const BuildResult r = build(two_bodies("", "limits = [ -10..10 0..0 -90..45 ]"));
        QVERIFY2(r.ok(), all_diagnostics(r).c_str());
        QVERIFY(r.model->joints[0].limit_min.isApprox(Vec3(-10, 0, -90) * M_PI / 180));
        const BuildResult reversed = build(two_bodies("", "limits = [ 10..-10 0..0 0..0 ]"));
        QVERIFY(!reversed.ok());
        QCOMPARE(reversed.diagnostics[0].location.line, 5);
    }
};

QTEST_APPLESS_MAIN(TestBuildJoint)
#include "test_build_joint.moc"
