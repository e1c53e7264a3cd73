// dof { }: long and short forms, sources on bodies and joints, inversion, and
// default / range units (degrees for rotations, metres for translations).
#include "format/parser.h"
#include "model/build_model.h"

#include <QtTest>

#include <cmath>

using namespace hfd;

namespace {

BuildResult build(const std::string& dofs) {
    const std::string text = R"(model {
  body { name = ground mass = 0 }
  body { name = pelvis mass = 10 inertia = [ 1 1 1 ] }
  body { name = femur_r mass = 5 inertia = [ 1 1 1 ]
    joint { name = hip_r parent = pelvis pos_in_parent = [ 0 0 0.1 ] pos_in_child = [ 0 0.2 0 ] }
  }
  body { name = tibia mass = 3 inertia = [ 1 1 1 ] }
  joint { name = knee parent = femur_r child = tibia pos_in_parent = [ 0 -0.2 0 ] pos_in_child = [ 0 0.2 0 ] }
)" + dofs + "}\n";
    const ParseResult parsed = parse_text(text, "test.hfd");
    for (const Diagnostic& d : parsed.diagnostics) qWarning("%s", format_diagnostic(d).c_str());
    return build_model(parsed.root, "test.hfd");
}

std::string all_diagnostics(const BuildResult& r) {
    std::string text;
    for (const Diagnostic& d : r.diagnostics) text += format_diagnostic(d) + "\n";
    return text;
}

constexpr double degree = M_PI / 180;

}  // namespace

class TestBuildDof : public QObject {
    Q_OBJECT
private slots:
    void short_and_long_forms_are_equal() {
        const BuildResult r = build(
            "  dof { pelvis_tilt = pelvis_rz }\n"
            "  dof { name = pelvis_tilt2 source = pelvis_rz }\n");
        QVERIFY2(r.ok(), all_diagnostics(r).c_str());
        QVERIFY2(r.diagnostics.empty(), all_diagnostics(r).c_str());
        const Model& m = *r.model;
        QCOMPARE(m.dofs.size(), size_t(2));
        for (const Dof& d : m.dofs) {
            QVERIFY(d.kind == Dof::Kind::RootRotation);
            QCOMPARE(d.body, m.find_body("pelvis"));
            QCOMPARE(d.axis, 2);
            QCOMPARE(d.sign, 1.0);
            QCOMPARE(d.default_value, 0.0);
            QCOMPARE(d.range_min, -90 * degree);  // the manual's default range -90..90 degrees
            QCOMPARE(d.range_max, 90 * degree);
        }
        QCOMPARE(m.dofs[0].name, std::string("pelvis_tilt"));
        QCOMPARE(m.find_dof("pelvis_tilt2"), 1);
    }

    void sources() {
        const BuildResult r = build(
            "  dof { pelvis_ty = pelvis_ty }\n"
            "  dof { hip_flexion_r = hip_rz_r }\n"
            "  dof { hip_adduction_r = femur_r_rx }\n"
            "  dof { knee_angle = tibia_rz }\n"
            "  dof { knee_rotation = knee_ry }\n");
        QVERIFY2(r.ok(), all_diagnostics(r).c_str());
        const Model& m = *r.model;
        QVERIFY(m.dofs[0].kind == Dof::Kind::RootTranslation);
        QCOMPARE(m.dofs[0].body, m.find_body("pelvis"));
        QCOMPARE(m.dofs[0].axis, 1);
        // joint_axis_side: axis z of joint hip_r
        QVERIFY(m.dofs[1].kind == Dof::Kind::JointRotation);
        QCOMPARE(m.dofs[1].joint, m.find_joint("hip_r"));
        QCOMPARE(m.dofs[1].axis, 2);
        // body rotation: via the joint whose child the body is
        QVERIFY(m.dofs[2].kind == Dof::Kind::JointRotation);
        QCOMPARE(m.dofs[2].joint, m.find_joint("hip_r"));
        QCOMPARE(m.dofs[2].axis, 0);
        QCOMPARE(m.dofs[3].joint, m.find_joint("knee"));
        QCOMPARE(m.dofs[3].axis, 2);
        QCOMPARE(m.dofs[4].joint, m.find_joint("knee"));
        QCOMPARE(m.dofs[4].axis, 1);
    }

    void inversion_and_units() {
        const BuildResult r = build(
            "  dof { name = knee source = -tibia_rz default = 10 range = -120..5 }\n"
            "  dof { name = px source = -pelvis_tx default = 0.5 range = -1..2 }\n"
            "  dof { name = py source = pelvis_ty }\n");
        QVERIFY2(r.ok(), all_diagnostics(r).c_str());
        const Model& m = *r.model;
        QCOMPARE(m.dofs[0].sign, -1.0);
        QCOMPARE(m.dofs[0].joint, m.find_joint("knee"));
        QVERIFY(std::abs(m.dofs[0].default_value - 10 * degree) < 1e-15);
        QVERIFY(std::abs(m.dofs[0].range_min - -120 * degree) < 1e-15);
        QVERIFY(std::abs(m.dofs[0].range_max - 5 * degree) < 1e-15);
        QCOMPARE(m.dofs[1].sign, -1.0);
        QCOMPARE(m.dofs[1].default_value, 0.5);  // metres, unconverted
        QCOMPARE(m.dofs[1].range_min, -1.0);
        QCOMPARE(m.dofs[1].range_max, 2.0);
        QCOMPARE(m.dofs[2].range_min, -90.0);  // default range of a translation: -90..90 m
    }

    void errors() {
        struct Case {
            const char* dof;
            const char* message;
        };
        for (const Case& c : {Case{"  dof { name = a source = femur_r_tx }\n", "root bodies"},
                              Case{"  dof { name = a source = ground_rz }\n", "static"},
                              Case{"  dof { name = a source = hip_rz_l }\n", "no joint 'hip_l'"},
                              Case{"  dof { name = a source = pelvis_qz }\n", "unknown source 'pelvis_qz'"},
                              Case{"  dof { name = a }\n", "missing required property 'source'"},
                              Case{"  dof { source = pelvis_rz }\n", "missing required property 'name'"},
                              Case{"  dof { a = pelvis_rz }\n  dof { a = pelvis_rx }\n", "duplicate dof name 'a'"}}) {
            const BuildResult r = build(c.dof);
            QVERIFY2(!r.ok(), c.dof);
            QVERIFY2(all_diagnostics(r).find(c.message) != std::string::npos, all_diagnostics(r).c_str());
            QVERIFY2(all_diagnostics(r).find("test.hfd:9:") != std::string::npos ||
                         all_diagnostics(r).find("test.hfd:10:") != std::string::npos,
                     all_diagnostics(r).c_str());
        }
    }

    // Without a range, a joint axis's dof spans the joint's limits about that axis (with
    // its sign; widened to hold its default); an explicit range, a root's dof and an axis
    // the limits lock (0..0) keep theirs.
    void range_defaults_to_the_joint_limits() {
        const std::string text = R"(model {
  body { name = ground mass = 0 }
  body { name = thigh mass = 5 inertia = [ 1 1 1 ] }
  body { name = shank mass = 3 inertia = [ 1 1 1 ]
    joint { name = knee_r parent = thigh pos_in_parent = [ 0 -0.2 0 ] pos_in_child = [ 0 0.2 0 ] limits { x = 0..0 y = -10..20 z = -120..0 } }
  }
  dof { name = knee source = knee_rz_r }
  dof { name = knee_inverted source = -knee_rz_r }
  dof { name = knee_given source = knee_rz_r range = -90..10 }
  dof { name = knee_bent source = knee_rz_r default = 15 }
  dof { name = knee_locked source = knee_rx_r }
  dof { name = rotation source = shank_ry }
  dof { name = pelvis source = thigh_rz }
}
)";
        const ParseResult parsed = parse_text(text, "limits.hfd");
        const BuildResult r = build_model(parsed.root, "limits.hfd");
        QVERIFY2(r.ok(), all_diagnostics(r).c_str());
        QVERIFY2(r.diagnostics.empty(), all_diagnostics(r).c_str());  // no default lies outside
        const Model& m = *r.model;
        auto range = [&m](const char* name) {
            const Dof& d = m.dofs[m.find_dof(name)];
            return std::pair{std::round(d.range_min / degree * 1e9) / 1e9, std::round(d.range_max / degree * 1e9) / 1e9};
        };
        QCOMPARE(range("knee"), (std::pair{-120.0, 0.0}));
        QCOMPARE(range("knee_inverted"), (std::pair{0.0, 120.0}));
        QCOMPARE(range("knee_given"), (std::pair{-90.0, 10.0}));
        QCOMPARE(range("knee_bent"), (std::pair{-120.0, 15.0}));
        QCOMPARE(range("knee_locked"), (std::pair{-90.0, 90.0}));
        QCOMPARE(range("rotation"), (std::pair{-10.0, 20.0}));  // a body's rotation through its joint
        QCOMPARE(range("pelvis"), (std::pair{-90.0, 90.0}));    // a root's: no joint, no limits
    }

    void default_outside_range_warns() {
        const BuildResult r = build("  dof { name = a source = pelvis_rz default = 100 }\n");
        QVERIFY(r.ok());
        QCOMPARE(r.diagnostics.size(), size_t(1));
        QCOMPARE(r.diagnostics[0].severity, Severity::Warning);
        QCOMPARE(r.diagnostics[0].location.line, 9);
    }
};

QTEST_APPLESS_MAIN(TestBuildDof)
#include "test_build_dof.moc"
