// Path points that depend on a dof (OpenSim's MovingPathPoint and ConditionalPathPoint):
// the spline of their curves, the format (`moving { }`, `active { }`) and its errors,
// moment arm = -dL/dq with the moving point's own term, the step's one-pass path and
// loads (power -T dL/dt, generalized force T r), and the OpenSim conversion.
#include "analysis/muscle_sweep.h"
#include "format/parser.h"
#include "forces/muscle_path.h"
#include "model/build_model.h"
#include "osim/osim_import.h"
#include "sim/dynamics.h"
#include "path_virtual_work.h"
#include "state/kinematics.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <numbers>
#include <random>

using namespace hfd;
using path_test::generalized_force;
using path_test::load_power;
using path_test::posed;

namespace {

constexpr double deg = std::numbers::pi / 180;

// A leg: thigh on a ball hip, shank on a ball knee (with a reference orientation).
// `vasti` ends on a point moving with the knee and passes a thigh point only in deep
// flexion; `rectus` crosses both joints with its moving point in the middle of its path.
const char* knee_model = R"(model {
  body { name = ground mass = 0 inertia = [ 0 0 0 ] }
  body { name = thigh mass = 5 inertia = [ 0.1 0.02 0.1 ]
    joint { name = hip parent = ground pos_in_parent = [ 0 1 0 ] pos_in_child = [ 0 0.2 0 ] } }
  body { name = shank mass = 3 inertia = [ 0.05 0.01 0.05 ]
    joint { name = knee parent = thigh pos_in_parent = [ 0 -0.2 0 ] pos_in_child = [ 0 0.2 0 ] ref_ori = [ 0 0 5 ] } }
  point_path_muscle { name = vasti max_isometric_force = 1000 optimal_fiber_length = 0.1 tendon_slack_length = 0.2
    path [ { body = thigh pos = [ 0.03 0 0.01 ] }
           { body = thigh pos = [ 0.045 -0.18 0 ] active { dof = knee_angle range = -150..-60 } }
           { body = shank pos = [ 0.05 0.17 0.005 ]
             moving { dof = knee_angle at = [ -150 -100 -60 -20 0 20 ] x = [ 0.02 0.03 0.04 0.05 0.055 0.056 ]
                      y = [ 0.2 0.19 0.185 0.18 0.17 0.16 ] z = [ 0 0.002 0.004 0.005 0.005 0.006 ] } } ] }
  point_path_muscle { name = rectus max_isometric_force = 800 optimal_fiber_length = 0.1 tendon_slack_length = 0.3
    path [ { body = ground pos = [ 0.05 1.05 0.02 ] }
           { body = shank pos = [ 0.05 0.2 0 ] moving { dof = knee_angle at = [ -120 -30 10 ] x = [ 0.03 0.05 0.06 ] } }
           { body = shank pos = [ 0.03 0.1 0 ] } ] }
  dof { name = hip_flexion source = thigh_rz range = -30..120 }
  dof { name = hip_adduction source = thigh_rx }
  dof { name = knee_angle source = shank_rz range = -140..0 }
  dof { name = knee_rx source = shank_rx }
}
)";

Model load(const std::string& text) {
    ParseResult parsed = parse_text(text, "knee.hfd");
    BuildResult built = build_model(parsed.root, "knee.hfd");
    for (const auto& d : built.diagnostics) qWarning("%s", format_diagnostic(d).c_str());
    if (!built.model) qFatal("test model does not build");
    return std::move(*built.model);
}

std::string build_messages(const std::string& text) {
    ParseResult parsed = parse_text(text, "knee.hfd");
    const BuildResult built = build_model(parsed.root, "knee.hfd");
    std::string messages;
    for (const auto& d : built.diagnostics) messages += format_diagnostic(d) + "\n";
    return messages;
}

DofAssignment pose(const Model& model, double hip, double knee, std::mt19937& rng) {
    std::uniform_real_distribution<double> small(-0.2, 0.2), rate(-2, 2);
    DofAssignment dofs = default_dof_assignment(model);
    for (size_t d = 0; d < dofs.value.size(); ++d) {
        dofs.value[d] = small(rng);
        dofs.velocity[d] = rate(rng);
    }
    dofs.value[size_t(model.find_dof("hip_flexion"))] = hip;
    dofs.value[size_t(model.find_dof("knee_angle"))] = knee;
    return dofs;
}

double length_at(const Model& model, DofAssignment dofs, Index muscle, Index dof, double delta) {
    dofs.value[size_t(dof)] += delta;
    return muscle_path_length(model, posed(model, dofs), muscle);
}

// An .osim leg: femur welded to the ground, tibia on a CustomJoint knee that turns about
// z and translates along x and y with splines of the knee angle (as gait2392's), and a
// muscle with a conditional point on the femur and a moving point on the tibia. The
// splines' values come from cubics, which the SimmSpline reproduces exactly.
double knee_tx(double q) { return 0.002 * q + 0.001 * q * q + 0.0005 * q * q * q; }
double knee_ty(double q) { return -0.4 + 0.004 * q - 0.002 * q * q * q; }
double point_x(double q) { return 0.05 + 0.01 * q + 0.004 * q * q - 0.002 * q * q * q; }
double point_y(double q) { return 0.02 - 0.005 * q + 0.003 * q * q * q; }
const std::vector<double> spline_knots = {-2, -1.2, -0.5, 0, 0.1};

std::string simm_spline(double (*f)(double)) {
    std::string x, y;
    for (double q : spline_knots) {
        x += std::to_string(q) + " ";
        char value[32];
        std::snprintf(value, sizeof value, "%.17g ", f(q));
        y += value;
    }
    return "<SimmSpline name=\"function\"><x>" + x + "</x><y>" + y + "</y></SimmSpline>";
}

std::string osim_leg() {
    const auto axis = [](const std::string& name, const std::string& coordinate, const std::string& direction,
                         const std::string& function) {
        return "<TransformAxis name=\"" + name + "\"><coordinates>" + coordinate + "</coordinates><axis>" + direction +
               "</axis>" + function + "</TransformAxis>";
    };
    const std::string zero = "<Constant name=\"function\"><value>0</value></Constant>";
    const std::string frames =
        "<frames><PhysicalOffsetFrame name=\"knee_parent\"><socket_parent>/bodyset/femur</socket_parent>"
        "<translation>0 0 0</translation><orientation>0 0 0</orientation></PhysicalOffsetFrame>"
        "<PhysicalOffsetFrame name=\"knee_child\"><socket_parent>/bodyset/tibia</socket_parent>"
        "<translation>0 0 0</translation><orientation>0 0 0</orientation></PhysicalOffsetFrame></frames>";
    const std::string body = [] {
        std::string b;
        for (const char* name : {"femur", "tibia"})
            b += std::string("<Body name=\"") + name +
                 "\"><mass>3</mass><mass_center>0 0 0</mass_center><inertia>0.05 0.01 0.05 0 0 0</inertia></Body>\n";
        return b;
    }();
    const std::string joints =
        "<WeldJoint name=\"fix\"><socket_parent_frame>/ground</socket_parent_frame>"
        "<socket_child_frame>/bodyset/femur</socket_child_frame></WeldJoint>\n"
        "<CustomJoint name=\"knee\"><socket_parent_frame>knee_parent</socket_parent_frame>"
        "<socket_child_frame>knee_child</socket_child_frame><coordinates><Coordinate name=\"knee_angle\">"
        "<default_value>0</default_value><range>-2 0.1</range></Coordinate></coordinates>" +
        frames + "<SpatialTransform>" +
        axis("rotation1", "knee_angle", "0 0 1",
             "<LinearFunction name=\"function\"><coefficients>1 0</coefficients></LinearFunction>") +
        axis("rotation2", "", "1 0 0", zero) + axis("rotation3", "", "0 1 0", zero) +
        axis("translation1", "knee_angle", "1 0 0", simm_spline(knee_tx)) +
        axis("translation2", "knee_angle", "0 1 0", simm_spline(knee_ty)) + axis("translation3", "", "0 0 1", zero) +
        "</SpatialTransform></CustomJoint>\n";
    const std::string coordinate =
        "<socket_x_coordinate>/jointset/knee/knee_angle</socket_x_coordinate>"
        "<socket_y_coordinate>/jointset/knee/knee_angle</socket_y_coordinate>"
        "<socket_z_coordinate>/jointset/knee/knee_angle</socket_z_coordinate>";
    const std::string muscle =
        "<Millard2012EquilibriumMuscle name=\"vasti\"><GeometryPath name=\"path\"><PathPointSet><objects>"
        "<PathPoint name=\"p1\"><socket_parent_frame>/bodyset/femur</socket_parent_frame>"
        "<location>0.03 -0.1 0.01</location></PathPoint>"
        "<ConditionalPathPoint name=\"p2\"><socket_parent_frame>/bodyset/femur</socket_parent_frame>"
        "<location>0.04 -0.38 0</location><socket_coordinate>/jointset/knee/knee_angle</socket_coordinate>"
        "<range>-2 -1</range></ConditionalPathPoint>"
        "<MovingPathPoint name=\"p3\"><socket_parent_frame>/bodyset/tibia</socket_parent_frame>" +
        coordinate + "<x_location>" + simm_spline(point_x) + "</x_location><y_location>" + simm_spline(point_y) +
        "</y_location><z_location><Constant name=\"function\"><value>0.005</value></Constant></z_location>"
        "</MovingPathPoint></objects></PathPointSet></GeometryPath><max_isometric_force>100</max_isometric_force>"
        "<optimal_fiber_length>0.1</optimal_fiber_length><tendon_slack_length>0.2</tendon_slack_length>"
        "</Millard2012EquilibriumMuscle>\n";
    return "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n<OpenSimDocument Version=\"40000\">\n"
           "<Model name=\"leg\"><Ground name=\"ground\" /><gravity>0 -9.81 0</gravity>\n"
           "<BodySet name=\"bodyset\"><objects>\n" +
           body + "</objects></BodySet>\n<JointSet name=\"jointset\"><objects>\n" + joints +
           "</objects></JointSet>\n<ForceSet name=\"forceset\"><objects>\n" + muscle +
           "</objects></ForceSet>\n</Model>\n</OpenSimDocument>\n";
}

// The muscle's length in OpenSim's leg at knee angle q (the femur frame is the world frame).
double osim_leg_length(double q) {
    const Vec3 p1(0.03, -0.1, 0.01), p2(0.04, -0.38, 0);
    const Vec3 p3 =
        Vec3(knee_tx(q), knee_ty(q), 0) + Eigen::AngleAxisd(q, Vec3::UnitZ()) * Vec3(point_x(q), point_y(q), 0.005);
    return q >= -2 && q <= -1 ? (p2 - p1).norm() + (p3 - p2).norm() : (p3 - p1).norm();
}

Model converted(const std::string& text, const std::string& name) {
    const OsimImportResult r = import_osim_text(text, name);
    std::string report;
    for (const Diagnostic& d : r.report) report += format_diagnostic(d) + "\n";
    if (!r.ok) qFatal("%s", report.c_str());
    return load(r.text);
}

// Knee angles on both sides of vasti's conditional point (-60), away from the switch.
const double knee_angles[] = {-130 * deg, -95 * deg, -61 * deg, -59 * deg, -35 * deg, -5 * deg};

}  // namespace

class TestMovingPathPoints : public QObject {
    Q_OBJECT
private slots:
    void splineReproducesACubicAndContinuesStraight() {
        // The end conditions match the third derivative of the cubic through the end
        // knots, so a cubic is reproduced exactly, whatever the spacing.
        const auto cubic = [](double q) { return 0.3 - 0.2 * q + 0.05 * q * q + 0.01 * q * q * q; };
        const auto slope = [](double q) { return -0.2 + 0.1 * q + 0.03 * q * q; };
        std::vector<double> knots = {-2, -1.3, -0.2, 0, 0.7, 2.5}, values;
        for (double q : knots) values.push_back(cubic(q));
        const PathCurve curve(knots, values);
        for (double q = -2; q <= 2.5; q += 0.0625) {
            double s = 0;
            QVERIFY(std::abs(curve.evaluate(q, &s) - cubic(q)) < 1e-12);
            QVERIFY(std::abs(s - slope(q)) < 1e-11);
        }
        double s = 0;
        QVERIFY(std::abs(curve.evaluate(3.5, &s) - (cubic(2.5) + slope(2.5))) < 1e-11);
        QVERIFY(std::abs(s - slope(2.5)) < 1e-11);
        QVERIFY(std::abs(curve.evaluate(-3, &s) - (cubic(-2) - slope(-2))) < 1e-11);
        const PathCurve line({0, 2}, {1, 2});
        QCOMPARE(line.evaluate(1, &s), 1.5);
        QCOMPARE(s, 0.5);
    }

    void buildsMovingAndConditionalPoints() {
        const Model model = load(knee_model);
        const Muscle& vasti = model.muscles[size_t(model.find_muscle("vasti"))];
        QVERIFY(vasti.has_dof_points());
        QCOMPARE(vasti.path[1].active_dof, model.find_dof("knee_angle"));
        QVERIFY(std::abs(vasti.path[1].active_min + 150 * deg) < 1e-15);
        QVERIFY(std::abs(vasti.path[1].active_max + 60 * deg) < 1e-15);
        const PathPoint& moving = vasti.path[2];
        QCOMPARE(moving.moving_dof, model.find_dof("knee_angle"));
        QCOMPARE(moving.moving[0].knots().size(), size_t(6));
        QVERIFY(std::abs(moving.moving[0].knots()[1] + 100 * deg) < 1e-15);  // degrees in the file
        double s = 0;
        QVERIFY(std::abs(moving.moving[1].evaluate(-60 * deg, &s) - 0.185) < 1e-15);
        const Muscle& rectus = model.muscles[size_t(model.find_muscle("rectus"))];
        QVERIFY(rectus.path[1].moving[1].empty());  // y and z from pos
        QVERIFY(!rectus.path[2].is_moving() && !rectus.path[2].is_conditional());
    }

    void badInputIsReportedWhereItWasWritten() {
        const auto with_point = [](const std::string& point) {
            return std::string(knee_model)
                .replace(std::string(knee_model).find("{ body = shank pos = [ 0.03 0.1 0 ] }"), 38, point);
        };
        const std::string model = knee_model;
        const size_t last_point = model.find("{ body = shank pos = [ 0.03 0.1 0 ] }");
        const std::string line =
            std::to_string(1 + std::count(model.begin(), model.begin() + long(last_point), '\n')) + ":";
        struct Case {
            std::string point, message;
        } cases[] = {
            {"{ body = shank pos = [ 0 0 0 ] moving { dof = knee at = [ 0 1 ] x = [ 0 1 ] } }", "unknown dof 'knee'"},
            {"{ body = shank pos = [ 0 0 0 ] moving { dof = knee_angle at = [ 0 1 1 ] x = [ 0 1 2 ] } }",
             "'at' must increase, found 1 then 1"},
            {"{ body = shank pos = [ 0 0 0 ] moving { dof = knee_angle at = [ 0 1 ] x = [ 0 1 2 ] } }",
             "'x' has 3 values and 'at' 2"},
            {"{ body = shank pos = [ 0 0 0 ] moving { dof = knee_angle x = [ 0 1 ] } }",
             "missing required property 'at'"},
            {"{ body = shank pos = [ 0 0 0 ] moving { dof = knee_angle at = [ 0 1 ] } }",
             "needs at least one of x, y, z"},
            {"{ body = shank pos = [ 0 0 0 ] moving { dof = knee_angle at = [ 0 a ] x = [ 0 1 ] } }",
             "must be a list of numbers"},
            {"{ body = shank pos = [ 0 0 0 ] moving { dof = knee_angle at = [ 0 1 ] x = [ 0 1 ] w = 1 } }", "'w'"},
            {"{ body = shank pos = [ 0 0 0 ] active { dof = knee_angle range = 10..-10 } }", "min <= max"},
            {"{ body = shank pos = [ 0 0 0 ] active { dof = knee_angle } }", "missing required property 'range'"},
        };
        for (const Case& c : cases) {
            const std::string messages = build_messages(with_point(c.point));
            QVERIFY2(messages.find(c.message) != std::string::npos, (c.point + "\n" + messages).c_str());
            QVERIFY2(messages.find("knee.hfd:" + line) != std::string::npos, (c.point + "\n" + messages).c_str());
        }
        const std::string root =
            "model { body { name = ground mass = 0 }\n"
            "  body { name = box mass = 1 inertia = [ 1 1 1 ] }\n"
            "  point_path_muscle { name = m max_isometric_force = 1 optimal_fiber_length = 0.1\n"
            "    tendon_slack_length = 0.1 path [ { body = ground pos = [ 0 0 0 ] }\n"
            "      { body = box pos = [ 0 0 0 ] active { dof = box_x range = 0..1 } } ] }\n"
            "  dof { name = box_x source = box_tx } }\n";
        const std::string messages = build_messages(root);
        QVERIFY2(messages.find("knee.hfd:5:") != std::string::npos &&
                     messages.find("must be a joint's rotation") != std::string::npos,
                 messages.c_str());
    }

    void momentArmIsMinusLengthDerivative() {
        const Model model = load(knee_model);
        std::mt19937 rng(5);
        const double h = 1e-6;
        for (double knee : knee_angles) {
            const DofAssignment dofs = pose(model, 40 * deg, knee, rng);
            const State s = posed(model, dofs);
            for (Index m = 0; m < Index(model.muscles.size()); ++m) {
                for (Index d = 0; d < Index(model.dofs.size()); ++d) {
                    const double arm = muscle_moment_arm(model, s, m, d);
                    const double difference =
                        -(length_at(model, dofs, m, d, h) - length_at(model, dofs, m, d, -h)) / (2 * h);
                    QVERIFY2(std::abs(arm - difference) < 1e-8,
                             qPrintable(QString("%1 about %2 at knee %3 deg: r %4, -dL/dq %5")
                                            .arg(QString::fromStdString(model.muscles[m].name))
                                            .arg(QString::fromStdString(model.dofs[d].name))
                                            .arg(knee / deg)
                                            .arg(arm)
                                            .arg(difference)));
                }
            }
        }
        // the moving point's term matters: without it vasti's knee moment arm would differ
        const DofAssignment dofs = pose(model, 0, -35 * deg, rng);
        const State s = posed(model, dofs);
        const Index vasti = model.find_muscle("vasti"), knee = model.find_dof("knee_angle");
        const double geometric =
            dof_axis(model, s, knee).dot(muscle_joint_moment(model, s, vasti, model.find_joint("knee")));
        QVERIFY(std::abs(muscle_moment_arm(model, s, vasti, knee) - geometric) > 1e-3);
    }

    void aPathFollowingADofCrossesIt() {
        // vasti from the ground to the thigh, its last point moving with the knee: the
        // analyses list it for the knee (its moment arm there is the moving point's
        // term), and would not without its knee-dependent points
        std::string text = knee_model;
        text.replace(text.find("{ body = thigh pos = [ 0.03 0 0.01 ] }"), 38,
                     "{ body = ground pos = [ 0.03 1.2 0.01 ] }");
        text.replace(text.find("{ body = shank pos = [ 0.05 0.17 0.005 ]"), 41,
                     "{ body = thigh pos = [ 0.05 -0.17 0.005 ]");
        Model model = load(text);
        const Index vasti = model.find_muscle("vasti"), knee = model.find_dof("knee_angle");
        QVERIFY(muscle_spans_dof(model, vasti, knee));
        std::mt19937 rng(2);
        const State s = posed(model, pose(model, 0, -30 * deg, rng));
        QVERIFY(std::abs(muscle_moment_arm(model, s, vasti, knee)) > 1e-3);
        for (PathPoint& p : model.muscles[size_t(vasti)].path) p.moving_dof = p.active_dof = no_index;
        QVERIFY(!muscle_spans_dof(model, vasti, knee));
    }

    void conditionalPointJoinsThePathInItsRange() {
        const Model model = load(knee_model);
        std::mt19937 rng(3);
        const Index vasti = model.find_muscle("vasti");
        for (double knee : {-61 * deg, -59 * deg}) {
            const State s = posed(model, pose(model, 0, knee, rng));
            const Vec3 a = muscle_path_point(model, s, vasti, 0), b = muscle_path_point(model, s, vasti, 1),
                       c = muscle_path_point(model, s, vasti, 2);
            const double expected = knee < -60 * deg ? (b - a).norm() + (c - b).norm() : (c - a).norm();
            QVERIFY(std::abs(muscle_path_length(model, s, vasti) - expected) < 1e-15);
        }
    }

    void onePassPathAndLoadsMatchTheStateBasedFunctions() {
        // The step's form: length as the state-based one; loads whose power is
        // -T dL/dt (the moving point's torque included) and whose generalized force
        // on every dof is T r, as point forces and as joint torques.
        Model model = load(knee_model);
        std::mt19937 rng(11);
        const double tension = 500;
        for (bool as_torques : {false, true}) {
            for (Muscle& m : model.muscles) m.joint_torques = as_torques;
            for (double knee : knee_angles) {
                const DofAssignment dofs = pose(model, 30 * deg, knee, rng);
                const State s = posed(model, dofs);
                for (Index m = 0; m < Index(model.muscles.size()); ++m) {
                    Data one_pass, reference;
                    one_pass.resize(model);
                    reference.resize(model);
                    update_body_frames(s, one_pass);
                    update_muscle_paths(model, s, one_pass);
                    apply_path_tension(model, s, m, tension, one_pass);
                    apply_muscle_tension_as(model, s, m, tension, as_torques, reference);
                    const double length = muscle_path_length(model, s, m);
                    QVERIFY(std::abs(one_pass.muscle_length[m] - length) < 1e-14);
                    const double velocity = muscle_path_velocity(model, s, m);
                    const double h = 1e-6;
                    DofAssignment ahead = dofs, behind = dofs;
                    for (size_t d = 0; d < dofs.value.size(); ++d) {
                        ahead.value[d] += h * dofs.velocity[d];
                        behind.value[d] -= h * dofs.velocity[d];
                    }
                    const double difference = (muscle_path_length(model, posed(model, ahead), m) -
                                               muscle_path_length(model, posed(model, behind), m)) /
                                              (2 * h);
                    QVERIFY2(std::abs(velocity - difference) < 1e-7,
                             qPrintable(QString("dL/dt %1 vs %2").arg(velocity).arg(difference)));
                    for (const Data* data : {&one_pass, &reference}) {
                        if (!as_torques)
                            QVERIFY2(std::abs(load_power(s, *data) + tension * velocity) < 1e-9 * tension,
                                     qPrintable(QString("power %1, -T dL/dt %2")
                                                    .arg(load_power(s, *data))
                                                    .arg(-tension * velocity)));
                        for (Index d = 0; d < Index(model.dofs.size()); ++d) {
                            const double q = generalized_force(model, dofs, *data, d);
                            const double expected = tension * muscle_moment_arm(model, s, m, d);
                            QVERIFY2(std::abs(q - expected) < 1e-5 * tension,
                                     qPrintable(QString("%1 %2 about %3: Q %4, T r %5")
                                                    .arg(as_torques ? "torques" : "forces")
                                                    .arg(QString::fromStdString(model.muscles[m].name))
                                                    .arg(QString::fromStdString(model.dofs[d].name))
                                                    .arg(q)
                                                    .arg(expected)));
                        }
                    }
                }
            }
        }
    }

    void mirrorRenamesTheDofAndReflectsZ() {
        // The left copy is the mirror image: same length and moment arm at the same dof values.
        const Model model = load(R"(model { model_options { mirror = 1 }
  body { name = ground mass = 0 inertia = [ 0 0 0 ] }
  body { name = shank_r mass = 3 inertia = [ 0.05 0.01 0.05 ]
    joint { name = knee_r parent = ground pos_in_parent = [ 0 1 0.1 ] pos_in_child = [ 0 0.2 0 ] } }
  point_path_muscle { name = vasti_r max_isometric_force = 1000 optimal_fiber_length = 0.1 tendon_slack_length = 0.2
    path [ { body = ground pos = [ 0.03 1.3 0.1 ] }
           { body = ground pos = [ 0.04 1.1 0.1 ] active { dof = knee_angle_r range = -150..-60 } }
           { body = shank_r pos = [ 0.05 0.17 0.005 ]
             moving { dof = knee_angle_r at = [ -150 -40 0 ] x = [ 0.02 0.04 0.05 ] z = [ 0.01 0.015 0.02 ] } } ] }
  dof { name = knee_angle_r source = knee_rz_r range = -150..0 }
})");
        const Index right = model.find_muscle("vasti_r"), left = model.find_muscle("vasti_l");
        QVERIFY(left != no_index);
        const PathPoint& point = model.muscles[size_t(left)].path[2];
        QCOMPARE(point.moving_dof, model.find_dof("knee_angle_l"));
        QCOMPARE(model.muscles[size_t(left)].path[1].active_dof, model.find_dof("knee_angle_l"));
        const auto& z_right = model.muscles[size_t(right)].path[2].moving[2].values();
        QCOMPARE(point.moving[2].values().size(), z_right.size());
        for (size_t i = 0; i < z_right.size(); ++i) QCOMPARE(point.moving[2].values()[i], -z_right[i]);
        for (double knee : {-100 * deg, -30 * deg}) {
            DofAssignment dofs = default_dof_assignment(model);
            for (double& v : dofs.value) v = knee;
            const State s = posed(model, dofs);
            QVERIFY(std::abs(muscle_path_length(model, s, left) - muscle_path_length(model, s, right)) < 1e-14);
            QVERIFY(std::abs(muscle_moment_arm(model, s, left, model.find_dof("knee_angle_l")) -
                             muscle_moment_arm(model, s, right, model.find_dof("knee_angle_r"))) < 1e-14);
        }
    }

    void convertedOsimPathFollowsOpenSimsKnee() {
        // The knee's translations (held by the hfd joint) reach the tibia point through
        // its curves: length and moment arm as OpenSim's (the fold's resampling between
        // knots leaves ~1e-6 m), both sides of the conditional point's range.
        const std::string text = osim_leg();
        const OsimImportResult r = import_osim_text(text, "leg.osim");
        QVERIFY(r.ok);
        QVERIFY(r.text.find("moving {") != std::string::npos && r.text.find("active {") != std::string::npos);
        const Model model = load(r.text);
        const Index vasti = model.find_muscle("vasti"), knee = model.find_dof("knee_angle");
        QVERIFY(vasti != no_index && knee != no_index);
        for (double q : {-1.9, -1.5, -1.05, -0.95, -0.6, -0.3, -0.05}) {
            DofAssignment dofs = default_dof_assignment(model);
            dofs.value[size_t(knee)] = q;
            const State s = posed(model, dofs);
            const double length = muscle_path_length(model, s, vasti);
            QVERIFY2(std::abs(length - osim_leg_length(q)) < 1e-6,
                     qPrintable(QString("q %1: length %2, OpenSim %3").arg(q).arg(length).arg(osim_leg_length(q))));
            const double h = 1e-6;
            const double expected = -(osim_leg_length(q + h) - osim_leg_length(q - h)) / (2 * h);
            const double arm = muscle_moment_arm(model, s, vasti, knee);
            QVERIFY2(std::abs(arm - expected) < 2e-5,
                     qPrintable(QString("q %1: moment arm %2, OpenSim %3").arg(q).arg(arm).arg(expected)));
        }
    }

    void convertedGait2392KneeExtensorsExtend() {
        // gait2392 from opensim-models (HFD_OPENSIM_MODELS_DIR = its Models folder, see
        // test_osim_models.cpp): the vasti and rectus femoris extend the knee over its whole
        // flexion range (knee_angle_r < 0 is flexion), and their moment arms are -dL/dq.
        const char* dir = std::getenv("HFD_OPENSIM_MODELS_DIR");
        const std::string path =
            dir && *dir ? std::string(dir) + "/Gait2392_Simbody/gait2392_millard2012muscle.osim" : "";
        if (path.empty() || !std::filesystem::exists(path))
            QSKIP("HFD_OPENSIM_MODELS_DIR with Gait2392_Simbody not set");
        const OsimImportResult r = import_osim_file(path);
        QVERIFY(r.ok);
        const Model model = load(r.text);
        const Index knee = model.find_dof("knee_angle_r");
        for (const char* name : {"vas_med_r", "vas_int_r", "vas_lat_r", "rect_fem_r"}) {
            const Index m = model.find_muscle(name);
            QVERIFY(m != no_index);
            for (double q = -119.5 * deg; q < 0; q += 2 * deg) {
                DofAssignment dofs = default_dof_assignment(model);
                dofs.value[size_t(knee)] = q;
                const State s = posed(model, dofs);
                const double arm = muscle_moment_arm(model, s, m, knee);
                const double h = 1e-6;
                const double difference =
                    -(length_at(model, dofs, m, knee, h) - length_at(model, dofs, m, knee, -h)) / (2 * h);
                QVERIFY2(arm > 0.005, qPrintable(QString("%1 at %2 deg: %3 m").arg(name).arg(q / deg).arg(arm)));
                QVERIFY2(std::abs(arm - difference) < 1e-6,
                         qPrintable(
                             QString("%1 at %2 deg: r %3, -dL/dq %4").arg(name).arg(q / deg).arg(arm).arg(difference)));
            }
        }
    }

    void convertedPsoasMomentArmsAgainstArnold2000() {
        // The psoas' hip flexion moment arm in MRI-based models of three subjects (Arnold
        // et al. 2000, Comput Aided Surg 5:108-119, as digitized by Modenese and Kohout 2020,
        // repository modenaxe/3d-muscles, _literature_data/Arnold2000.mat): lowest and
        // highest subject in m from 65 to 90 deg of flexion, and over -17..90 deg.
        // Rajagopal's converted psoas lies within them there (below 15 deg OpenSim wraps it
        // over the brim, which hfd does not: docs/analyses.md); gait2392's peaks within
        // the subjects' overall range.
        const char* dir = std::getenv("HFD_OPENSIM_MODELS_DIR");
        if (!dir || !*dir) QSKIP("HFD_OPENSIM_MODELS_DIR not set");
        const auto moment_arm = [](const Model& model, const char* muscle, double degrees) {
            const Index hip = model.find_dof("hip_flexion_r"), m = model.find_muscle(muscle);
            DofAssignment dofs = default_dof_assignment(model);
            dofs.value[size_t(hip)] = degrees * deg;
            return muscle_moment_arm(model, posed(model, dofs), m, hip);
        };
        const std::string rajagopal = std::string(dir) + "/Rajagopal/Rajagopal2016.osim";
        const std::string gait2392 = std::string(dir) + "/Gait2392_Simbody/gait2392_millard2012muscle.osim";
        if (!std::filesystem::exists(rajagopal) && !std::filesystem::exists(gait2392))
            QSKIP("neither Rajagopal2016.osim nor gait2392 in HFD_OPENSIM_MODELS_DIR");
        if (std::filesystem::exists(rajagopal)) {
            const OsimImportResult r = import_osim_file(rajagopal);
            QVERIFY(r.ok);
            const Model model = load(r.text);
            const double angle[] = {65, 70, 75, 80, 85, 90};
            const double lowest[] = {0.0241, 0.0247, 0.0254, 0.0262, 0.0272, 0.0282};
            const double highest[] = {0.0351, 0.0370, 0.0390, 0.0412, 0.0434, 0.0458};
            for (int i = 0; i < 6; ++i) {
                const double arm = moment_arm(model, "psoas_r", angle[i]);
                QVERIFY2(arm >= lowest[i] && arm <= highest[i],
                         qPrintable(QString("Rajagopal psoas at %1 deg: %2 m").arg(angle[i]).arg(arm)));
            }
        }
        if (std::filesystem::exists(gait2392)) {
            const OsimImportResult r = import_osim_file(gait2392);
            QVERIFY(r.ok);
            const Model model = load(r.text);
            double peak = 0;
            for (double q = -17; q <= 90; q += 1) peak = std::max(peak, moment_arm(model, "psoas_r", q));
            QVERIFY2(peak >= 0.0223 && peak <= 0.0458, qPrintable(QString("gait2392 psoas peak %1 m").arg(peak)));
        }
    }
};

QTEST_APPLESS_MAIN(TestMovingPathPoints)
#include "test_moving_path_points.moc"
