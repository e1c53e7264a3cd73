// build_model(): model-level properties, model_options, materials, validation
// (every error with its exact line:col), warnings, the corpus model and the
// showcase sample.
#include "format/parser.h"
#include "model/build_model.h"
#include "model/mass_properties.h"

#include <QtTest>

#include <cmath>
#include <filesystem>
#include <fstream>
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

int count(const BuildResult& r, Severity severity) {
    return int(std::count_if(r.diagnostics.begin(), r.diagnostics.end(),
                             [&](const Diagnostic& d) { return d.severity == severity; }));
}

// Two bodies on lines 2 and 3; `extra` starts on line 4.
std::string with_bodies(const std::string& extra) {
    return "model {\n"
           "  body { name = ground mass = 0 }\n"
           "  body { name = leg mass = 2 inertia = [ 0.1 0.1 0.1 ] }\n" +
           extra + "}\n";
}

constexpr double degree = std::numbers::pi / 180;

}  // namespace

class TestBuildModel : public QObject {
    Q_OBJECT
private slots:
    void minimal_model_and_defaults() {
        const BuildResult r = build(with_bodies(""));
        QVERIFY2(r.ok(), all_diagnostics(r).c_str());
        const Model& m = *r.model;
        QCOMPARE(m.name, std::string());
        QVERIFY(m.gravity.isApprox(Vec3(0, -9.81, 0)));
        QCOMPARE(m.bodies.size(), size_t(2));
        QVERIFY(m.bodies[0].is_static());
        QCOMPARE(m.bodies[1].mass, 2.0);
        QCOMPARE(m.dynamic_body_count(), 1);
        QCOMPARE(m.total_mass(), 2.0);
        QCOMPARE(m.find_body("leg"), 1);
        QCOMPARE(m.find_body("nope"), no_index);
        // model_options defaults from the manual
        QCOMPARE(m.options.mirror, false);
        QCOMPARE(m.options.scale, 1.0);
        QCOMPARE(m.options.density, 1000.0);
        QCOMPARE(m.options.joint_stiffness, 0.0);
        QCOMPARE(m.options.joint_damping, 1.0);
        QCOMPARE(m.options.joint_limit_stiffness, 0.0);
        QCOMPARE(m.options.joint_limit_damping, 0.0);
        QCOMPARE(m.options.muscle_force_multiplier, 1.0);
        QVERIFY(m.options.damping_mode == ModelOptions::DampingMode::CriticalMass);
        QVERIFY(m.options.limit_damping_mode == ModelOptions::LimitDampingMode::CriticalInertia);
        // no material written: one default material with the manual's values
        QCOMPARE(m.materials.size(), size_t(1));
        QCOMPARE(m.materials[0].name, std::string("default"));
        QCOMPARE(m.materials[0].static_friction, 1.0);
        QCOMPARE(m.materials[0].dynamic_friction, 1.0);
        QCOMPARE(m.materials[0].stiffness, 1e6);
        QCOMPARE(m.materials[0].damping, 1.0);
    }

    void model_properties_and_options() {
        const BuildResult r = build(with_bodies(R"(
  name = walker
  gravity { y = -1.62 }
  model_options {
    density = 500 joint_stiffness = 1e4 joint_damping = 0.3 damping_mode = absolute
    joint_limit_stiffness = 20 joint_limit_damping = 0.1 limit_damping_mode = absolute
    muscle_force_multiplier = 2
  }
)"));
        QVERIFY2(r.ok(), all_diagnostics(r).c_str());
        const Model& m = *r.model;
        QCOMPARE(m.name, std::string("walker"));
        QVERIFY(m.gravity.isApprox(Vec3(0, -1.62, 0)));
        QCOMPARE(m.options.density, 500.0);
        QCOMPARE(m.options.joint_stiffness, 1e4);
        QCOMPARE(m.options.joint_damping, 0.3);
        QVERIFY(m.options.damping_mode == ModelOptions::DampingMode::Absolute);
        QCOMPARE(m.options.joint_limit_stiffness, 20.0);
        QCOMPARE(m.options.joint_limit_damping, 0.1);
        QVERIFY(m.options.limit_damping_mode == ModelOptions::LimitDampingMode::Absolute);
        QCOMPARE(m.options.muscle_force_multiplier, 2.0);
    }

    void materials() {
        const BuildResult r = build(with_bodies(R"(
  material { name = first static_friction = 0.6 stiffness = 5000 }
  material { name = second static_friction = 0.8 dynamic_friction = 0.5 damping = 2 }
  geometry { name = a type = sphere radius = 0.1 body = leg }
  geometry { name = b type = sphere radius = 0.1 body = leg material = second }
  geometry { name = c type = sphere radius = 0.1 body = leg material = default }
)"));
        QVERIFY2(r.ok(), all_diagnostics(r).c_str());
        const Model& m = *r.model;
        QCOMPARE(m.materials.size(), size_t(2));         // the first written is the default
        QCOMPARE(m.materials[0].dynamic_friction, 0.6);  // defaults to static_friction
        QCOMPARE(m.materials[0].stiffness, 5000.0);
        QCOMPARE(m.materials[0].damping, 1.0);
        QCOMPARE(m.materials[1].dynamic_friction, 0.5);
        QCOMPARE(m.materials[1].stiffness, 1e6);
        QCOMPARE(m.geometries[0].material, 0);
        QCOMPARE(m.geometries[1].material, 1);
        QCOMPARE(m.geometries[2].material, 0);
    }

    void muscle_force_multiplier_applies() {
        const BuildResult r = build(with_bodies(R"(
  model_options { muscle_force_multiplier = 1.5 }
  point_path_muscle {
    name = m max_isometric_force = 1000 optimal_fiber_length = 0.1 tendon_slack_length = 0.2
    path [ { body = ground pos = [ 0 0 0 ] } { body = leg pos = [ 0 1 0 ] } ]
  }
)"));
        QVERIFY2(r.ok(), all_diagnostics(r).c_str());
        QCOMPARE(r.model->muscles[0].max_isometric_force, 1500.0);
    }

    void other_top_level_blocks_are_ignored() {
        const BuildResult r = build(with_bodies("") + R"(
composite_force { planar_joint_force_pnld {} muscle_force_m2012fast { xi = 0.1 } }
error_control_integrator_pse { accuracy = 0.01 }
values { x = 1 }
)");
        QVERIFY2(r.ok(), all_diagnostics(r).c_str());
        QCOMPARE(r.diagnostics.size(), size_t(0));
    }

    void validation_errors_data() {
        QTest::addColumn<QString>("extra");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("message");
        const char* joint_head = "  joint {\n    name = hip\n";
        QTest::newRow("unknown parent") << QString(joint_head) +
                                               "    parent = grund\n    child = leg\n"
                                               "    pos_in_parent = [ 0 0 0 ]\n    pos_in_child = [ 0 0 0 ]\n  }\n"
                                        << 6 << 5 << "unknown body 'grund'";
        QTest::newRow("missing pos_in_child") << QString(joint_head) +
                                                     "    parent = ground\n    child = leg\n"
                                                     "    pos_in_parent = [ 0 0 0 ]\n  }\n"
                                              << 4 << 3 << "missing required property 'pos_in_child'";
        QTest::newRow("missing parent") << QString(joint_head) +
                                               "    child = leg\n    pos_in_parent = [ 0 0 0 ]\n"
                                               "    pos_in_child = [ 0 0 0 ]\n  }\n"
                                        << 4 << 3 << "missing required property 'parent'";
        QTest::newRow("missing child") << QString(joint_head) +
                                              "    parent = ground\n    pos_in_parent = [ 0 0 0 ]\n"
                                              "    pos_in_child = [ 0 0 0 ]\n  }\n"
                                       << 4 << 3 << "missing required property 'child'";
        QTest::newRow("nested joint other child")
            << "  body {\n    name = foot mass = 1 inertia = [ 1 1 1 ]\n    joint {\n      parent = leg\n"
               "      child = ground\n      pos_in_parent = [ 0 0 0 ] pos_in_child = [ 0 0 0 ]\n    }\n  }\n"
            << 8 << 7 << "has child 'ground'";
        const char* muscle_tail =
            "    path [ { body = ground pos = [ 0 0 0 ] } { body = leg pos = [ 0 1 0 ] } ]\n  }\n";
        QTest::newRow("muscle force") << QString(
                                             "  point_path_muscle {\n    name = m\n"
                                             "    optimal_fiber_length = 0.1 tendon_slack_length = 0.2\n") +
                                             muscle_tail
                                      << 4 << 3 << "missing required property 'max_isometric_force'";
        QTest::newRow("muscle fiber length") << QString(
                                                    "  point_path_muscle {\n    name = m\n"
                                                    "    max_isometric_force = 1 tendon_slack_length = 0.2\n") +
                                                    muscle_tail
                                             << 4 << 3 << "missing required property 'optimal_fiber_length'";
        QTest::newRow("muscle tendon length") << QString(
                                                     "  point_path_muscle {\n    name = m\n"
                                                     "    max_isometric_force = 1 optimal_fiber_length = 0.2\n") +
                                                     muscle_tail
                                              << 4 << 3 << "missing required property 'tendon_slack_length'";
        const char* muscle_head =
            "  point_path_muscle {\n    name = m\n    max_isometric_force = 1 optimal_fiber_length = 0.1 "
            "tendon_slack_length = 0.2\n";
        QTest::newRow("one-point path") << QString(muscle_head) + "    path [ { body = leg pos = [ 0 0 0 ] } ]\n  }\n"
                                        << 7 << 5 << "at least two points, found 1";
        QTest::newRow("empty path") << QString(muscle_head) + "    path [ ]\n  }\n"
                                    << 7 << 5 << "at least two points, found 0";
        QTest::newRow("path on one body")
            << QString(muscle_head) +
                   "    path [ { body = leg pos = [ 0 0 0 ] } { body = leg pos = [ 0 1 0 ] } ]\n  }\n"
            << 7 << 5 << "at least two bodies";
        QTest::newRow("path unknown body") << QString(muscle_head) +
                                                  "    path [\n      { body = leg pos = [ 0 0 0 ] }\n"
                                                  "      { body = lge pos = [ 0 1 0 ] }\n    ]\n  }\n"
                                           << 9 << 9 << "unknown body 'lge'";
        QTest::newRow("pennation in degrees")
            << QString(muscle_head) + "    pennation_angle = 20\n" + muscle_tail << 7 << 5 << "radians";
        QTest::newRow("geometry type") << "  geometry {\n    name = g\n    body = leg\n  }\n"
                                       << 4 << 3 << "missing required property 'type'";
        QTest::newRow("geometry body") << "  geometry {\n    type = sphere\n    radius = 0.1\n  }\n"
                                       << 4 << 3 << "missing required property 'body'";
        QTest::newRow("sphere radius") << "  geometry {\n    type = sphere\n    body = leg\n  }\n"
                                       << 4 << 3 << "missing required property 'radius'";
        QTest::newRow("nan radius") << "  geometry {\n    type = sphere\n    radius = nan\n    body = leg\n  }\n"
                                    << 6 << 5 << "expected a number";
        QTest::newRow("negative radius") << "  geometry {\n    type = sphere\n    radius = -0.1\n    body = leg\n  }\n"
                                         << 6 << 5 << "must be > 0";
        QTest::newRow("infinite half_dim")
            << "  geometry {\n    type = box\n    half_dim = [ 1 inf 1 ]\n    body = leg\n  }\n"
            << 6 << 5 << "half_dim";
        QTest::newRow("zero half_dim")
            << "  geometry {\n    type = box\n    half_dim = [ 1 0 1 ]\n    body = leg\n  }\n"
            << 6 << 5 << "must be > 0 in every component";
        QTest::newRow("geometry cylinder") << "  geometry {\n    type = cylinder\n    body = leg\n  }\n"
                                           << 5 << 5 << "unknown shape type 'cylinder'";
        QTest::newRow("unknown material")
            << "  geometry {\n    type = sphere radius = 1 body = leg\n    material = rubber\n  }\n"
            << 6 << 5 << "unknown material 'rubber'";
        QTest::newRow("plane without normal") << "  geometry {\n    type = plane\n    body = ground\n  }\n"
                                              << 4 << 3 << "missing required property 'normal'";
        QTest::newRow("zero inertia") << "  body {\n    name = b\n    mass = 1\n    inertia = [ 0 1 1 ]\n  }\n"
                                      << 7 << 5 << "inertia must be > 0";
        QTest::newRow("negative mass") << "  body {\n    name = b\n    mass = -1\n    inertia = [ 1 1 1 ]\n  }\n"
                                       << 6 << 5 << "must be >= 0";
        QTest::newRow("mass without inertia") << "  body {\n    name = b\n    mass = 1\n  }\n"
                                              << 6 << 5 << "without inertia";
        QTest::newRow("inertia without mass") << "  body {\n    name = b\n    inertia = [ 1 1 1 ]\n  }\n"
                                              << 6 << 5 << "without mass";
        QTest::newRow("mass and density")
            << "  body {\n    name = b\n    mass = 1 inertia = [ 1 1 1 ]\n    density = 1000\n  }\n"
            << 7 << 5 << "both mass and density";
        QTest::newRow("density without shape") << "  body {\n    name = b\n    density = 1000\n  }\n"
                                               << 6 << 5 << "density is given without shape";
        QTest::newRow("no mass properties") << "  body {\n    name = b\n  }\n" << 4 << 3 << "no mass properties";
        QTest::newRow("negative density")
            << "  body {\n    name = b\n    density = -5\n    shape { type = sphere radius = 1 }\n  }\n"
            << 6 << 5 << "must be > 0";
        QTest::newRow("body shape plane")
            << "  body {\n    name = b\n    shape {\n      type = plane normal = [ 0 1 0 ]\n    }\n  }\n"
            << 7 << 7 << "unknown shape type 'plane'";
        QTest::newRow("duplicate body") << "  body {\n    name = leg mass = 0\n  }\n"
                                        << 4 << 3 << "duplicate body name 'leg'";
        QTest::newRow("unknown motor joint") << "  joint_motor {\n    joint = knee\n  }\n"
                                             << 5 << 5 << "unknown joint 'knee'";
        QTest::newRow("unknown dof source") << "  dof {\n    name = d\n    source = shin_rz\n  }\n"
                                            << 6 << 5 << "unknown source 'shin_rz'";
        QTest::newRow("perturbation body") << "  perturbation {\n    body = lg\n  }\n" << 5 << 5 << "unknown body 'lg'";
        QTest::newRow("bad damping_mode") << "  model_options {\n    damping_mode = critical\n  }\n"
                                          << 5 << 5 << "unknown choice 'critical'";
    }

    void validation_errors() {
        QFETCH(QString, extra);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, message);
        const BuildResult r = build(with_bodies(extra.toStdString()));
        QVERIFY2(!r.ok(), "expected the model to be rejected");
        bool found = false;
        for (const Diagnostic& d : r.diagnostics)
            found =
                found || (d.severity == Severity::Error && d.location.file == "test.hfd" && d.location.line == line &&
                          d.location.column == column && d.message.find(message.toStdString()) != std::string::npos);
        QVERIFY2(found, ("expected test.hfd:" + std::to_string(line) + ":" + std::to_string(column) + " '" +
                         message.toStdString() + "', got:\n" + all_diagnostics(r))
                            .c_str());
    }

    void all_errors_are_reported() {
        const BuildResult r = build(with_bodies(R"(  body { name = a mass = 1 }
  geometry { type = sphere radius = -1 body = leg }
  joint { parent = nowhere child = leg pos_in_parent = [ 0 0 0 ] pos_in_child = [ 0 0 0 ] }
)"));
        QVERIFY(!r.model);
        QCOMPARE(count(r, Severity::Error), 3);
        QVERIFY(all_diagnostics(r).find("test.hfd:4:") != std::string::npos);
        QVERIFY(all_diagnostics(r).find("test.hfd:5:") != std::string::npos);
        QVERIFY(all_diagnostics(r).find("test.hfd:6:") != std::string::npos);
    }

    void unknown_property_warns_with_location() {
        const BuildResult r = build(with_bodies("  body {\n    name = b mass = 0\n    colour = red\n  }\n"));
        QVERIFY2(r.ok(), all_diagnostics(r).c_str());
        QCOMPARE(count(r, Severity::Warning), 1);
        const Diagnostic& d = r.diagnostics[0];
        QCOMPARE(d.location.line, 6);
        QCOMPARE(d.location.column, 5);
        QVERIFY(d.message.find("unknown property 'colour'") != std::string::npos);
        QVERIFY2(d.message.find("did you mean") == std::string::npos, d.message.c_str());  // like no key
        // a misspelt key: the closest known one
        const BuildResult misspelt = build(with_bodies("  body {\n    name = b mass = 0\n    intertia = [ 1 1 1 ]\n  }\n"));
        QCOMPARE(count(misspelt, Severity::Warning), 1);
        QVERIFY2(misspelt.diagnostics[0].message.find("unknown property 'intertia' in body 'b' (ignored); did you "
                                                      "mean 'inertia'?") != std::string::npos,
                 misspelt.diagnostics[0].message.c_str());
    }

    void no_model_is_an_error() {
        const BuildResult r = build("composite_force { }\n");
        QVERIFY(!r.ok());
        QVERIFY(all_diagnostics(r).find("no model") != std::string::npos);
    }

    void degrees_become_radians() {
        const BuildResult r = build(with_bodies(R"(
  body { name = b mass = 1 inertia = [ 1 1 1 ] ori = [ 0 0 90 ] }
  joint { name = j parent = leg child = b pos_in_parent = [ 0 0 0 ] pos_in_child = [ 0 0 0 ]
          ref_ori { x = 30 } limits { x = -10..10 y = 0..0 z = -45..90 } }
  geometry { type = sphere radius = 1 body = b ori = [ 0 90 0 ] }
  joint_motor { joint = j target_ori = [ 45 0 0 ] }
)"));
        QVERIFY2(r.ok(), all_diagnostics(r).c_str());
        const Model& m = *r.model;
        // body ori z = 90 deg: body x axis points along world y
        QVERIFY((m.bodies[2].ori * Vec3::UnitX()).isApprox(Vec3::UnitY(), 1e-12));
        QVERIFY(std::abs(m.joints[0].ref_ori.angularDistance(Quat(Eigen::AngleAxisd(30 * degree, Vec3::UnitX())))) <
                1e-12);
        QVERIFY(m.joints[0].has_limits);
        QVERIFY(m.joints[0].limit_min.isApprox(Vec3(-10, 0, -45) * degree));
        QVERIFY(m.joints[0].limit_max.isApprox(Vec3(10, 0, 90) * degree));
        QVERIFY((m.geometries[0].ori * Vec3::UnitZ()).isApprox(Vec3::UnitX(), 1e-12));
        QVERIFY(std::abs(m.motors[0].target_ori.angularDistance(Quat(Eigen::AngleAxisd(45 * degree, Vec3::UnitX())))) <
                1e-12);
    }

    void corpus_h0918() {
        const std::string path = std::string(HFD_CORPUS_DIR) + "/scone/H0918.hfd";
        if (!std::filesystem::exists(path)) QSKIP("shared corpus not present");
        const BuildResult r = load_model(path);
        QVERIFY2(r.ok(), all_diagnostics(r).c_str());
        QCOMPARE(count(r, Severity::Warning), 0);
        const Model& m = *r.model;
        QCOMPARE(m.bodies.size(), size_t(9));
        QCOMPARE(int(m.bodies.size()) - m.dynamic_body_count(), 1);
        QCOMPARE(m.joints.size(), size_t(7));  // hip, knee, ankle on each side + back
        QCOMPARE(m.muscles.size(), size_t(18));
        QCOMPARE(m.geometries.size(), size_t(5));
        QCOMPARE(m.dofs.size(), size_t(9));
        QCOMPARE(m.meshes.size(), size_t(19));
        // the model's one material applies to every geometry that names none
        QCOMPARE(m.materials[0].name, std::string("default_material"));
        QCOMPARE(m.materials[0].stiffness, 5975.21);
        // nested joints: child implied; defaults: damping = 1 * 2 sqrt(k m_reduced)
        const Joint& hip = m.joints[m.find_joint("hip_r")];
        QCOMPARE(hip.child, m.find_body("femur_r"));
        QCOMPARE(hip.parent, m.find_body("pelvis"));
        QCOMPARE(m.bodies[hip.child].parent_joint, m.find_joint("hip_r"));
        QVERIFY(hip.limit_max.isApprox(Vec3(0, 0, 120 * degree)));
        const double reduced = 11.777 * 9.3014 / (11.777 + 9.3014);
        QVERIFY(std::abs(hip.damping - 2 * std::sqrt(1e6 * reduced)) < 1e-9 * hip.damping);
        const Dof& hip_flexion = m.dofs[m.find_dof("hip_flexion_r")];
        QVERIFY(hip_flexion.kind == Dof::Kind::JointRotation);
        QCOMPARE(hip_flexion.joint, m.find_joint("hip_r"));
        QCOMPARE(hip_flexion.axis, 2);
        const Dof& pelvis_ty = m.dofs[m.find_dof("pelvis_ty")];
        QVERIFY(pelvis_ty.kind == Dof::Kind::RootTranslation);
        QCOMPARE(pelvis_ty.axis, 1);
        QCOMPARE(m.muscles[m.find_muscle("bifemsh_r")].pennation_angle, 0.401426);  // radians as written
        QCOMPARE(m.muscles[0].activation_rate, 100.0);
    }

    void showcase_sample() {
        const std::string path = std::string(HFD_SAMPLES_DIR) + "/showcase.hfd";
        const BuildResult r = load_model(path);
        QVERIFY2(r.ok(), all_diagnostics(r).c_str());
        QVERIFY2(r.diagnostics.empty(), all_diagnostics(r).c_str());  // no warnings either
        const Model& m = *r.model;
        QCOMPARE(m.file, path);
        QCOMPARE(std::filesystem::path(m.directory), std::filesystem::absolute(HFD_SAMPLES_DIR));
        QVERIFY(!m.name.empty());
        QVERIFY(m.dynamic_body_count() >= 2 && m.dynamic_body_count() < int(m.bodies.size()));
        QVERIFY(m.joints.size() >= 2 && !m.geometries.empty() && !m.muscles.empty() && !m.motors.empty() &&
                !m.dofs.empty() && !m.meshes.empty());
        bool has_plane = false;
        for (const Geometry& g : m.geometries) has_plane = has_plane || g.shape.type == ShapeType::Plane;
        QVERIFY(has_plane);
        // the shank gives density and a capsule: m = rho (pi r^2 h + 4/3 pi r^3)
        const Body& shank = m.bodies[m.find_body("shank")];
        const double pi = std::numbers::pi;
        QVERIFY(std::abs(shank.mass - 1050 * (pi * 0.04 * 0.04 * 0.32 + 4.0 / 3.0 * pi * std::pow(0.04, 3))) < 1e-12);
        // the foot gives a shape only: density from model_options
        const Body& foot = m.bodies[m.find_body("foot")];
        QVERIFY(std::abs(foot.mass - m.options.density * 8 * 0.1 * 0.025 * 0.04) < 1e-12);
    }

    void load_model_reports_parse_errors() {
        const std::filesystem::path path = std::filesystem::temp_directory_path() / "hfd_test_build_model_parse.hfd";
        std::ofstream(path) << "model {\n  body { name = a mass = 0 \n";
        const BuildResult r = load_model(path.string());
        std::filesystem::remove(path);
        QVERIFY(!r.ok());
        QVERIFY(has_errors(r.diagnostics));
        QVERIFY(r.diagnostics[0].location.line > 0);
        const BuildResult missing = load_model("/nonexistent/model.hfd");
        QVERIFY(!missing.ok());
        QVERIFY(has_errors(missing.diagnostics));
    }
};

QTEST_APPLESS_MAIN(TestBuildModel)
#include "test_build_model.moc"
