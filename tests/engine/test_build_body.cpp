// body { }: the three ways to give mass properties, the static body, initial
// state, and model_options.scale applied to every length.
#include "format/parser.h"
#include "model/build_model.h"

#include <QtTest>

#include <cmath>
#include <numbers>

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

constexpr double pi = std::numbers::pi;

bool close(double a, double b, double relative = 1e-12) { return std::abs(a - b) <= relative * std::abs(b); }

}  // namespace

class TestBuildBody : public QObject {
    Q_OBJECT
private slots:
    void mass_inertia_and_initial_state() {
        const BuildResult r = build(R"(model {
  body { name = b mass = 2 inertia { x = 0.1 y = 0.2 z = 0.25 } pos = [ 1 2 3 ] lin_vel = [ 0 1 0 ] ang_vel = [ 0 0 2 ] }
})");
        QVERIFY2(r.ok(), all_diagnostics(r).c_str());
        const Body& b = r.model->bodies[0];
        QCOMPARE(b.mass, 2.0);
        QVERIFY(b.inertia.isApprox(Vec3(0.1, 0.2, 0.25)));
        QVERIFY(b.pos.isApprox(Vec3(1, 2, 3)));
        QVERIFY(b.lin_vel.isApprox(Vec3(0, 1, 0)));
        QVERIFY(b.ang_vel.isApprox(Vec3(0, 0, 2)));
        QVERIFY(b.ori.isApprox(Quat::Identity()));
        QVERIFY(!b.is_static());
        QCOMPARE(b.location.line, 2);
        QCOMPARE(b.location.column, 3);
    }

    void density_and_shape() {
        const BuildResult r = build(R"(model {
  model_options { density = 800 }
  body { name = ball density = 1200 shape { type = sphere radius = 0.1 } }
  body { name = rod shape { type = cylinder radius = 0.02 height = 0.5 } }
  body { name = pill density = 1000 shape { type = capsule radius = 0.05 height = 0.2 } }
  body { name = brick density = 500 shape { type = box half_dim = [ 0.1 0.2 0.05 ] } }
})");
        QVERIFY2(r.ok(), all_diagnostics(r).c_str());
        const Model& m = *r.model;
        const Body& ball = m.bodies[0];
        QVERIFY(close(ball.mass, 1200 * 4.0 / 3.0 * pi * 1e-3));
        QVERIFY(close(ball.inertia.x(), 0.4 * ball.mass * 0.01));
        const Body& rod = m.bodies[1];  // density from model_options
        QVERIFY(close(rod.mass, 800 * pi * 0.02 * 0.02 * 0.5));
        QVERIFY(close(rod.inertia.y(), 0.5 * rod.mass * 0.02 * 0.02));
        QVERIFY(close(rod.inertia.x(), rod.mass * (3 * 0.02 * 0.02 + 0.25) / 12));
        const Body& pill = m.bodies[2];
        QVERIFY(close(pill.mass, 1000 * (pi * 0.0025 * 0.2 + 4.0 / 3.0 * pi * std::pow(0.05, 3))));
        const Body& brick = m.bodies[3];
        QVERIFY(close(brick.mass, 500 * 0.2 * 0.4 * 0.1));
        QVERIFY(close(brick.inertia.z(), brick.mass * (0.04 + 0.16) / 12));
    }

    void nested_geometry_gives_mass_when_nothing_else_does() {
        const BuildResult r = build(R"(model {
  body { name = ball geometry { type = sphere radius = 0.1 } }
  body { name = offset geometry { type = sphere radius = 0.1 pos = [ 0 0.2 0 ] } }
})");
        QVERIFY(!r.ok());  // the second: the body frame is at the centre of mass
        QCOMPARE(int(std::count_if(r.diagnostics.begin(), r.diagnostics.end(),
                                   [](const Diagnostic& d) { return d.severity == Severity::Error; })),
                 1);
        QCOMPARE(r.diagnostics[0].location.line, 3);
        const BuildResult ok = build("model { body { name = ball geometry { type = sphere radius = 0.1 } } }");
        QVERIFY2(ok.ok(), all_diagnostics(ok).c_str());
        QVERIFY(close(ok.model->bodies[0].mass, 1000 * 4.0 / 3.0 * pi * 1e-3));
        QCOMPARE(ok.model->geometries.size(), size_t(1));
    }

    // Issue #38: density 1e308 gave a body of 4e305 kg and "kinetic energy -nan J";
    // mass = 1e-400 said "expected a number".
    void overflowing_mass_is_an_error_at_its_cause() {
        const BuildResult dense = build(
            "model {\n  body { name = b\n    density = 1e308\n"
            "    shape { type = sphere radius = 0.1 } }\n}\n");
        QVERIFY(!dense.ok());
        QCOMPARE(dense.diagnostics.size(), size_t(1));
        QCOMPARE(dense.diagnostics[0].location.line, 3);  // at the density
        QVERIFY2(dense.diagnostics[0].message.find("out of range") != std::string::npos,
                 all_diagnostics(dense).c_str());
        const BuildResult heavy = build("model {\n  body { name = b mass = 1e13 inertia = [ 1 1 1 ] }\n}\n");
        QVERIFY(!heavy.ok());
        QVERIFY(heavy.diagnostics[0].message.find("mass 1e+13 kg") != std::string::npos);
        const BuildResult spinning = build("model {\n  body { name = b mass = 1 inertia = [ 1e13 1e13 1e13 ] }\n}\n");
        QVERIFY(!spinning.ok());
        QVERIFY(spinning.diagnostics[0].message.find("inertia") != std::string::npos);
        QVERIFY(build("model {\n  body { name = b mass = 1e12 inertia = [ 1e12 1e12 1e12 ] }\n}\n").ok());
    }

    void number_out_of_double_range_says_so() {
        const BuildResult tiny = build("model {\n  body { name = b mass = 1e-400 inertia = [ 1 1 1 ] }\n}\n");
        QVERIFY(!tiny.ok());
        QVERIFY2(tiny.diagnostics[0].message.find("underflows") != std::string::npos, all_diagnostics(tiny).c_str());
        QCOMPARE(tiny.diagnostics[0].location.line, 2);
        const BuildResult huge = build("model {\n  body { name = b mass = 1e400 inertia = [ 1 1 1 ] }\n}\n");
        QVERIFY2(huge.diagnostics[0].message.find("overflows") != std::string::npos, all_diagnostics(huge).c_str());
        const BuildResult word = build("model {\n  body { name = b mass = heavy inertia = [ 1 1 1 ] }\n}\n");
        QVERIFY(word.diagnostics[0].message.find("expected a number") != std::string::npos);
    }

    // Issue #38: `name { a = 1 }` left the body "(unnamed)" without a word.
    void name_that_is_a_group_is_an_error() {
        const BuildResult r = build(
            "model {\n  body { name = ground mass = 0 }\n"
            "  body {\n    name { a = 1 }\n    mass = 1 inertia = [ 1 1 1 ] }\n}\n");
        QVERIFY(!r.ok());
        bool found = false;
        for (const Diagnostic& d : r.diagnostics)
            found = found || (d.location.line == 4 && d.message.find("expected a name") != std::string::npos);
        QVERIFY2(found, all_diagnostics(r).c_str());
    }

    void static_body() {
        const BuildResult r =
            build("model { body { name = ground mass = 0 } body { name = g2 mass = 0 inertia = [ 0 0 0 ] } }");
        QVERIFY2(r.ok(), all_diagnostics(r).c_str());
        QVERIFY(r.model->bodies[0].is_static());
        QVERIFY(r.model->bodies[1].is_static());
        QCOMPARE(r.model->dynamic_body_count(), 0);
        QCOMPARE(r.model->total_mass(), 0.0);
    }

    void impossible_inertia_warns() {
        const BuildResult r = build("model {\n  body { name = b mass = 1\n    inertia = [ 1 0.1 0.1 ] }\n}");
        QVERIFY2(r.ok(), all_diagnostics(r).c_str());
        QCOMPARE(r.diagnostics.size(), size_t(1));
        QCOMPARE(r.diagnostics[0].severity, Severity::Warning);
        QCOMPARE(r.diagnostics[0].location.line, 3);
        QVERIFY(r.diagnostics[0].message.find("triangle inequality") != std::string::npos);
    }

    void unused_dimension_and_shape_with_mass_warn() {
        const BuildResult r = build(R"(model {
  body { name = b mass = 1 inertia = [ 1 1 1 ] shape { type = sphere radius = 1 } }
  body { name = c shape { type = sphere radius = 1 height = 2 } }
})");
        QVERIFY2(r.ok(), all_diagnostics(r).c_str());
        QCOMPARE(r.diagnostics.size(), size_t(2));
        QCOMPARE(r.diagnostics[0].location.line, 2);
        QCOMPARE(r.diagnostics[1].location.line, 3);
        QVERIFY(r.diagnostics[1].message.find("'height' is not used by a sphere") != std::string::npos);
    }

    void scale_multiplies_every_length() {
        const char* text = R"(model {
  model_options { scale = SCALE }
  body { name = ground mass = 0 }
  body { name = a mass = 2 inertia = [ 0.1 0.2 0.3 ] pos = [ 0 1 0 ] lin_vel = [ 1 0 0 ] }
  body { name = b density = 1000 shape { type = capsule radius = 0.05 height = 0.3 } pos = [ 0 0.5 0 ]
    joint { parent = a pos_in_parent = [ 0 -0.25 0 ] pos_in_child = [ 0 0.25 0 ] }
    mesh { file = b.obj pos = [ 0 0.1 0 ] }
  }
  geometry { type = box half_dim = [ 0.1 0.2 0.3 ] body = b pos = [ 0.1 0 0 ] }
  point_path_muscle { name = m max_isometric_force = 100 optimal_fiber_length = 0.1 tendon_slack_length = 0.2
    path [ { body = a pos = [ 0 0.1 0 ] } { body = b pos = [ 0 -0.1 0 ] } ] }
  dof { name = ay source = a_ty default = 0.5 range = -1..1 }
  perturbation { body = a pos = [ 0 0.1 0 ] }
})";
        auto with_scale = [&](double s) {
            std::string t = text;
            t.replace(t.find("SCALE"), 5, std::to_string(s));
            return build(t);
        };
        const BuildResult one = with_scale(1);
        const BuildResult two = with_scale(2);
        QVERIFY2(one.ok() && two.ok(), (all_diagnostics(one) + all_diagnostics(two)).c_str());
        const Model& m1 = *one.model;
        const Model& m2 = *two.model;
        const double s = 2;
        for (size_t i = 1; i < 3; ++i) {
            QVERIFY(close(m2.bodies[i].mass, m1.bodies[i].mass * s * s * s));  // given and from shape alike
            QVERIFY(m2.bodies[i].inertia.isApprox(m1.bodies[i].inertia * std::pow(s, 5)));
            QVERIFY(m2.bodies[i].pos.isApprox(m1.bodies[i].pos * s));
        }
        QVERIFY(m2.bodies[1].lin_vel.isApprox(m1.bodies[1].lin_vel * s));
        QVERIFY(m2.joints[0].pos_in_parent.isApprox(m1.joints[0].pos_in_parent * s));
        QVERIFY(m2.joints[0].pos_in_child.isApprox(m1.joints[0].pos_in_child * s));
        QVERIFY(m2.geometries[0].shape.half_dim.isApprox(m1.geometries[0].shape.half_dim * s));
        QVERIFY(m2.geometries[0].pos.isApprox(m1.geometries[0].pos * s));
        QVERIFY(m2.meshes[0].pos.isApprox(m1.meshes[0].pos * s));
        QVERIFY(m2.meshes[0].scale.isApprox(m1.meshes[0].scale * s));
        QVERIFY(close(m2.muscles[0].optimal_fiber_length, m1.muscles[0].optimal_fiber_length * s));
        QVERIFY(close(m2.muscles[0].tendon_slack_length, m1.muscles[0].tendon_slack_length * s));
        QVERIFY(m2.muscles[0].path[1].pos.isApprox(m1.muscles[0].path[1].pos * s));
        QVERIFY(close(m2.dofs[0].default_value, m1.dofs[0].default_value * s));
        QVERIFY(m2.perturbations[0].pos.isApprox(m1.perturbations[0].pos * s));
        QCOMPARE(m2.muscles[0].max_isometric_force, m1.muscles[0].max_isometric_force);
    }
};

QTEST_APPLESS_MAIN(TestBuildBody)
#include "test_build_body.moc"
