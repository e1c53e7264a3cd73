// .osim import of what hfd cannot express directly: bodies welded to static
// bodies, massless moving bodies, point masses and thin rods, light bodies held
// rigidly to heavier ones (osim_simplify.cpp); hinges off the principal axes
// or on y, y limits near 90 degrees (osim_convert.cpp, osim_convert_joints.cpp);
// the joint damping of light bodies (osim_convert_damping.cpp). Each converted
// model must load.
#include "model/build_model.h"
#include "osim_test_util.h"

#include <QtTest>

#include <Eigen/Eigenvalues>

using namespace hfd;
using namespace osim_test;

namespace {

std::string load_errors(const OsimImportResult& r) {
    if (!r.ok) return report_text(r);
    const BuildResult built = build_model(reparsed(r), "converted.hfd");
    std::string text;
    for (const Diagnostic& d : built.diagnostics)
        if (d.severity == Severity::Error) text += format_diagnostic(d) + "\n";
    return text;
}

// Principal moments of a water ball of mass m: 2/5 m r^2 with 4/3 pi r^3 1000 = m.
double ball_moment(double m) {
    const double r = std::cbrt(3 * m / (4 * 3.14159265358979323846 * 1000));
    return 0.4 * m * r * r;
}

std::string pin(const std::string& name, const std::string& parent, const std::string& at, const std::string& child) {
    return joint("PinJoint", name, parent, at, "0 0 0", child, "0 0 0", "0 0 0", coordinate(name + "_q", 0, -1, 1));
}

std::string weld(const std::string& name, const std::string& parent, const std::string& at, const std::string& child) {
    return joint("WeldJoint", name, parent, at, "0 0 0", child, "0 0 0", "0 0 0", "");
}

constexpr double deg = 3.14159265358979323846 / 180;

}  // namespace

class TestOsimSimplify : public QObject {
    Q_OBJECT

private slots:
    void weldToStaticBodyMakesItStatic();
    void pointMassAndThinRodGetPositiveMoments();
    void masslessMovingBodyGetsNominalMass();
    void lightRigidBodyMergesIntoParent();
    void hingeOnYTurnsBodyFrame();
    void obliqueHingeGetsHingeFrame();
    void yLimitsStayOffNinetyDegrees();
    void lightBodyJointDampsHalfCritically();
};

void TestOsimSimplify::weldToStaticBodyMakesItStatic() {
    // arm26: a massless 'base' welded to ground, the arm pinned to it; and a
    // body with mass welded to the base (held still in OpenSim too).
    const std::string bodies = body("base", 0, "0 0 0", "0 0 0 0 0 0") +
                               body("plate", 5, "0 0 0", "0.1 0.1 0.1 0 0 0") +
                               body("arm", 1, "0 -0.2 0", "0.02 0.01 0.02 0 0 0");
    const std::string joints = weld("offset", "/ground", "0 0.8 0", "/bodyset/base") +
                               weld("fix_plate", "/bodyset/base", "0.3 0 0", "/bodyset/plate") +
                               pin("shoulder", "/bodyset/base", "0 -0.1 0", "/bodyset/arm");
    const OsimImportResult r = import_osim_text(document(bodies, joints), "arm.osim");
    const std::string errors = load_errors(r);
    QVERIFY2(errors.empty(), errors.c_str());
    const PropNode model = model_of(reparsed(r));
    QCOMPARE(number(*find_named(model, "body", "base"), "mass"), 0.0);
    QCOMPARE(number(*find_named(model, "body", "plate"), "mass"), 0.0);
    QVERIFY(!joint_in(model, "base") && !joint_in(model, "plate"));
    QVERIFY(close(pose_of(model, "base").first, Vec3(0, 0.8, 0)));
    QVERIFY(close(pose_of(model, "plate").first, Vec3(0.3, 0.8, 0)));
    QCOMPARE(joint_in(model, "arm")->find("parent")->value, std::string("base"));
    QVERIFY(close(pose_of(model, "arm").first, Vec3(0, 0.5, 0)));  // 0.8 - 0.1 - 0.2
    QVERIFY2(report_mentions(r, "joint 'offset'", "static"), report_text(r).c_str());
    QVERIFY(report_mentions(r, "'plate'", "5 kg is not simulated"));
}

void TestOsimSimplify::pointMassAndThinRodGetPositiveMoments() {
    // double_pendulum: point masses; leg6dof9musc toes: two zero moments.
    const std::string bodies =
        body("rod1", 1, "0 -0.5 0", "0 0 0 0 0 0") + body("rod2", 0.186, "0 -0.5 0", "0 0 0.0009 0 0 0");
    const std::string joints =
        pin("pin1", "/ground", "0 2 0", "/bodyset/rod1") + pin("pin2", "/bodyset/rod1", "0 -1 0", "/bodyset/rod2");
    const OsimImportResult r = import_osim_text(document(bodies, joints), "pendulum.osim");
    const std::string errors = load_errors(r);
    QVERIFY2(errors.empty(), errors.c_str());
    const PropNode model = model_of(reparsed(r));
    const double ball = ball_moment(1);
    QVERIFY(close(vec3(*find_named(model, "body", "rod1"), "inertia"), Vec3(ball, ball, ball)));
    // the zero moments become half the largest (more than the ball's): I_z = I_x + I_y, a flat plate
    QVERIFY(ball_moment(0.186) < 0.00045);
    QVERIFY(close(vec3(*find_named(model, "body", "rod2"), "inertia"), Vec3(0.00045, 0.00045, 0.0009)));
    QCOMPARE(number(*find_named(model, "body", "rod2"), "mass"), 0.186);
    QVERIFY2(report_mentions(r, "body 'rod1'", "positive"), report_text(r).c_str());
}

void TestOsimSimplify::masslessMovingBodyGetsNominalMass() {
    // SoccerKickingModel: a massless 'swivel' turns on ground, the pelvis welded
    // to it; the wrist model: massless links between moving bodies.
    const std::string bodies =
        body("swivel", 0, "0 0 0", "0 0 0 0 0 0") + body("pelvis", 10, "0 0.1 0", "0.1 0.1 0.1 0 0 0") +
        body("link", 0, "0 0 0", "0 0 0 0 0 0") + body("foot", 2, "0 0 0", "0.01 0.01 0.01 0 0 0");
    const std::string joints = pin("turn", "/ground", "0 1 0", "/bodyset/swivel") +
                               weld("hold", "/bodyset/swivel", "0 0 0", "/bodyset/pelvis") +
                               pin("hinge", "/bodyset/pelvis", "0 -0.5 0", "/bodyset/link") +
                               pin("ankle", "/bodyset/link", "0 -0.3 0", "/bodyset/foot");
    const OsimImportResult r = import_osim_text(document(bodies, joints), "swivel.osim");
    const std::string errors = load_errors(r);
    QVERIFY2(errors.empty(), errors.c_str());
    const PropNode model = model_of(reparsed(r));
    QVERIFY(!find_named(model, "body", "swivel"));  // merged; the heavier pelvis names the body
    const PropNode& pelvis = *find_named(model, "body", "pelvis");
    QCOMPARE(number(pelvis, "mass"), 10.0);
    QCOMPARE(pelvis.find("joint")->find("parent")->value, std::string("ground"));
    QVERIFY(close(pose_of(model, "pelvis").first, Vec3(0, 1.1, 0)));
    QVERIFY(find_named(model, "dof", "turn_q"));
    const PropNode& link = *find_named(model, "body", "link");
    QVERIFY(close(number(link, "mass"), 0.12));  // 1% of 12 kg
    QVERIFY(close(vec3(link, "inertia"), Vec3::Constant(ball_moment(0.12))));
    QCOMPARE(joint_in(model, "link")->find("parent")->value, std::string("pelvis"));
    QVERIFY(close(vec3(*joint_in(model, "link"), "pos_in_parent"), Vec3(0, -0.6, 0)));
    QVERIFY2(report_mentions(r, "body 'link'", "no mass but moves"), report_text(r).c_str());
}

void TestOsimSimplify::lightRigidBodyMergesIntoParent() {
    // Rajagopal's patella (held by its nonlinear coupling) and the toes of the
    // gait models (WeldJoint) on stiff hfd joints set the step size: they merge.
    // A heavy welded body (the corpus torso) stays a body with its joint.
    Mat3 femur_inertia = Vec3(0.1, 0.02, 0.1).asDiagonal();
    const double femur_mass = 9, patella_mass = 0.09;
    const Vec3 femur_com(0, -0.2, 0), patella_at(0.05, -0.4, 0), patella_com(0.01, 0.02, 0);
    const std::string bodies = body("femur", femur_mass, "0 -0.2 0", "0.1 0.02 0.1 0 0 0") +
                               body("patella", patella_mass, "0.01 0.02 0", "1e-5 2e-5 3e-5 0 0 0") +
                               body("torso", 30, "0 0.3 0", "1 0.5 1 0 0 0") +
                               body("tibia", 3, "0 -0.2 0", "0.05 0.005 0.05 0 0 0");
    const std::string muscle =
        "<Millard2012EquilibriumMuscle name=\"vasti\"><GeometryPath name=\"path\"><PathPointSet><objects>"
        "<PathPoint name=\"p1\"><socket_parent_frame>/bodyset/patella</socket_parent_frame><location>0.02 0 "
        "0</location></PathPoint>"
        "<PathPoint name=\"p2\"><socket_parent_frame>/bodyset/tibia</socket_parent_frame><location>0 0 "
        "0</location></PathPoint>"
        "</objects></PathPointSet></GeometryPath><max_isometric_force>100</max_isometric_force>"
        "<optimal_fiber_length>0.1</optimal_fiber_length><tendon_slack_length>0.2</tendon_slack_length>"
        "</Millard2012EquilibriumMuscle>";
    const std::string joints = pin("hip", "/ground", "0 1 0", "/bodyset/femur") +
                               weld("patellofemoral", "/bodyset/femur", "0.05 -0.4 0", "/bodyset/patella") +
                               weld("back", "/bodyset/femur", "0 0.1 0", "/bodyset/torso") +
                               pin("knee", "/bodyset/femur", "0 -0.45 0", "/bodyset/tibia");
    const OsimImportResult r = import_osim_text(document(bodies, joints, muscle), "patella.osim");
    const std::string errors = load_errors(r);
    QVERIFY2(errors.empty(), errors.c_str());
    const PropNode model = model_of(reparsed(r));
    QVERIFY(!find_named(model, "body", "patella"));
    QVERIFY(joint_in(model, "torso"));  // 30 kg: not merged
    const PropNode& femur = *find_named(model, "body", "femur");
    QVERIFY(close(number(femur, "mass"), femur_mass + patella_mass));
    // mass centre and inertia of the union (parallel axis theorem)
    const Vec3 patella_center = patella_at + patella_com;
    const Vec3 center = (femur_mass * femur_com + patella_mass * patella_center) / (femur_mass + patella_mass);
    auto shifted = [&](double m, const Vec3& d) {
        return m * (d.squaredNorm() * Mat3::Identity() - d * d.transpose());
    };
    const Mat3 expected = femur_inertia + shifted(femur_mass, femur_com - center) +
                          Mat3(Vec3(1e-5, 2e-5, 3e-5).asDiagonal()) + shifted(patella_mass, patella_center - center);
    const auto [femur_pos, femur_ori] = pose_of(model, "femur");
    QVERIFY(close(femur_pos, Vec3(0, 1, 0) + center, 1e-5, 1e-6));
    const Mat3 rotation = femur_ori.toRotationMatrix();
    const Mat3 written = rotation * Mat3(vec3(femur, "inertia").asDiagonal()) * rotation.transpose();
    QVERIFY2((written - expected).norm() < 1e-5 * expected.norm(), "merged inertia (6 significant digits written)");
    // the muscle's point on the patella keeps its world position, now on the femur
    const PropNode& first = find_named(model, "point_path_muscle", "vasti")->find("path")->children[0];
    QCOMPARE(first.find("body")->value, std::string("femur"));
    QVERIFY(close(femur_pos + femur_ori * vec3(first, "pos"), Vec3(0.07, 0.6, 0), 1e-5, 2e-6));
    QVERIFY2(report_mentions(r, "joint 'patellofemoral'", "merged"), report_text(r).c_str());
}

// World inertia of a converted body: R diag(I) R^T.
Mat3 world_inertia(const PropNode& model, const std::string& name) {
    const Mat3 r = pose_of(model, name).second.toRotationMatrix();
    return r * Mat3(vec3(*find_named(model, "body", name), "inertia").asDiagonal()) * r.transpose();
}

void TestOsimSimplify::hingeOnYTurnsBodyFrame() {
    // Joint frames turned 90 degrees about x: the pin's z axis is the body's -y
    // axis, a principal axis. x-y-z angles are singular at y = 90 degrees, so
    // the body frame is cycled to put the hinge on z; nothing is approximated.
    const std::string bodies =
        body("a", 2, "0 0 0", "0.1 0.1 0.1 0 0 0") + body("b", 1, "0 -0.2 0", "0.02 0.01 0.03 0 0 0");
    const std::string joints =
        pin("root", "/ground", "0 1 0", "/bodyset/a") +
        joint("PinJoint", "pronation", "/bodyset/a", "0.1 -0.3 0", "1.5707963267948966 0 0", "/bodyset/b", "0 0 0",
              "1.5707963267948966 0 0", coordinate("pro_sup", 0.5, -0.2, 1.5));
    const OsimImportResult r = import_osim_text(document(bodies, joints), "hinge.osim");
    const std::string errors = load_errors(r);
    QVERIFY2(errors.empty(), errors.c_str());
    const PropNode model = model_of(reparsed(r));
    const PropNode& j = *joint_in(model, "b");
    const auto limits = to_range3(*j.find("limits"));
    QVERIFY(close(limits->first.z(), -1.5 / deg) && close(limits->second.z(), 0.2 / deg));
    QVERIFY(limits->first.head<2>().isZero() && limits->second.head<2>().isZero());
    QCOMPARE(find_named(model, "dof", "pro_sup")->find("source")->value, std::string("-b_rz"));
    QVERIFY(close(vec3(*find_named(model, "body", "b"), "inertia"), Vec3(0.03, 0.02, 0.01)));
    // the same body: world inertia and anchors as OpenSim's; the joint turns 0.5 about the hinge
    const auto [pa, qa] = pose_of(model, "a");
    const auto [pb, qb] = pose_of(model, "b");
    const Quat opensim_b = qa * Quat(Eigen::AngleAxisd(0.5, -Vec3::UnitY()));  // pin z = body -y
    const Mat3 rb = opensim_b.toRotationMatrix();
    QVERIFY((world_inertia(model, "b") - rb * Mat3(Vec3(0.02, 0.01, 0.03).asDiagonal()) * rb.transpose()).norm() <
            1e-6);
    QVERIFY(close(pa + qa * vec3(j, "pos_in_parent"), pb + qb * vec3(j, "pos_in_child"), 0, 2e-6));
    const Quat ref = quat(j, "ref_ori");
    const Eigen::AngleAxisd turn((qa * ref).conjugate() * qb);
    QVERIFY(close(turn.angle(), 0.5, 1e-5) && close(turn.axis(), -Vec3::UnitZ(), 1e-5));
    QVERIFY2(report_mentions(r, "body 'b'", "z axis is its joint's hinge"), report_text(r).c_str());
}

void TestOsimSimplify::obliqueHingeGetsHingeFrame() {
    // A pin whose axis is along no principal axis (Rajagopal's forearm): the
    // body frame gets z along the hinge, the inertia keeps its moments about
    // the frame's axes and loses its products with z.
    Mat3 inertia;
    inertia << 0.02, 0.001, 0.002, 0.001, 0.004, 0.003, 0.002, 0.003, 0.021;
    const std::string bodies =
        body("a", 2, "0 0 0", "0.1 0.1 0.1 0 0 0") + body("b", 1, "0 -0.2 0", "0.02 0.004 0.021 0.001 0.002 0.003");
    const std::string joints = pin("root", "/ground", "0 1 0", "/bodyset/a") +
                               joint("PinJoint", "elbow", "/bodyset/a", "0 -0.3 0", "0.3 0.2 0", "/bodyset/b", "0 0 0",
                                     "0.3 0.2 0", coordinate("flexion", 0, 0, 2));
    const OsimImportResult r = import_osim_text(document(bodies, joints), "oblique.osim");
    const std::string errors = load_errors(r);
    QVERIFY2(errors.empty(), errors.c_str());
    const PropNode model = model_of(reparsed(r));
    const auto limits = to_range3(*joint_in(model, "b")->find("limits"));
    QVERIFY(close(limits->second.z(), 2 / deg) && limits->second.head<2>().isZero());
    // body b's OpenSim frame is a's turned by nothing at flexion 0: world = OpenSim frame offsets only
    const Vec3 hinge = quat_from_euler_xyz(Vec3(0.3, 0.2, 0)) * Vec3::UnitZ();
    const auto [pb, qb] = pose_of(model, "b");
    QVERIFY(close(qb * Vec3::UnitZ(), hinge, 1e-5, 1e-6));
    const Mat3 rb = qb.toRotationMatrix();
    const Mat3 in_frame = rb.transpose() * inertia * rb;
    const Vec3 moments = vec3(*find_named(model, "body", "b"), "inertia");
    QVERIFY(close(moments, in_frame.diagonal(), 1e-5, 1e-8));
    QVERIFY(std::abs(in_frame(0, 1)) < 1e-6);  // x, y: principal across the hinge
    QVERIFY2(report_mentions(r, "body 'b'", "products up to"), report_text(r).c_str());
}

void TestOsimSimplify::yLimitsStayOffNinetyDegrees() {
    const std::string inertia = "0.1 0.1 0.1 0 0 0";
    const std::string joints =
        pin("root", "/ground", "0 1 0", "/bodyset/a") +
        joint("BallJoint", "shoulder", "/bodyset/a", "0 -0.5 0", "0 0 0", "/bodyset/b", "0 0.3 0", "0 0 0",
              coordinate("sx", 0, -2, 1.5) + coordinate("sy", 0, -2.1, 1.2) + coordinate("sz", 0, -1, 1));
    const OsimImportResult r = import_osim_text(
        document(body("a", 1, "0 0 0", inertia) + body("b", 1, "0 0 0", inertia), joints), "ball.osim");
    const std::string errors = load_errors(r);
    QVERIFY2(errors.empty(), errors.c_str());
    const PropNode model = model_of(reparsed(r));
    const auto limits = to_range3(*joint_in(model, "b")->find("limits"));
    QVERIFY(close(limits->first.y(), -85) && close(limits->second.y(), 1.2 / deg));
    QVERIFY(close(limits->first.x(), -2 / deg) && close(limits->second.x(), 1.5 / deg));  // x and z as given
    // the dof on y sweeps (muscle analysis, sliders) only where the angles are regular
    const auto dof_range = [&](const std::string& name) {
        return *to_range(*find_named(model, "dof", name)->find("range"));
    };
    QVERIFY(close(dof_range("sy").first, -85) && close(dof_range("sy").second, 1.2 / deg));
    QVERIFY(close(dof_range("sx").first, -2 / deg) && close(dof_range("sx").second, 1.5 / deg));
    QVERIFY2(report_mentions(r, "joint 'shoulder'", "singular"), report_text(r).c_str());
}

void TestOsimSimplify::lightBodyJointDampsHalfCritically() {
    // toes (0.2 kg, below 1% of the model) pinned to a foot at L = 0.04 m along
    // their x axis: at the anchor they weigh m_eff = 1 / (1/m + L^2 / min(Iy, Iz))
    // and the joint damps with sqrt(k m_eff). The foot's ankle keeps hfd's default.
    const double m = 0.2, iy = 2e-4, iz = 1e-4, l = 0.04, k = 1e6;
    const std::string bodies = body("leg", 30, "0 0 0", "1 1 1 0 0 0") +
                               body("foot", 1.2, "0 0 0", "0.01 0.01 0.01 0 0 0") +
                               body("toes", m, "0 0 0", "3e-4 2e-4 1e-4 0 0 0");
    const std::string joints = pin("hip", "/ground", "0 1 0", "/bodyset/leg") +
                               pin("ankle", "/bodyset/leg", "0 -0.5 0", "/bodyset/foot") +
                               joint("PinJoint", "mtp", "/bodyset/foot", "0.1 0 0", "0 0 0", "/bodyset/toes",
                                     "-0.04 0 0", "0 0 0", coordinate("mtp_q", 0, -1, 1));
    const OsimImportResult r = import_osim_text(document(bodies, joints), "toes.osim");
    const std::string errors = load_errors(r);
    QVERIFY2(errors.empty(), errors.c_str());
    const PropNode model = model_of(reparsed(r));
    const double m_eff = 1 / (1 / m + l * l / std::min(iy, iz));
    QVERIFY(close(number(*joint_in(model, "toes"), "damping"), std::sqrt(k * m_eff)));
    QVERIFY(!joint_in(model, "foot")->find("damping"));
    QVERIFY2(report_mentions(r, "joint 'mtp'", "half of critical"), report_text(r).c_str());
}

QTEST_APPLESS_MAIN(TestOsimSimplify)
#include "test_osim_simplify.moc"
