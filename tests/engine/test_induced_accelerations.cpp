// Induced acceleration analysis against closed-form mechanics: a pendulum's
// gravity-induced angular acceleration, a two-link chain's M^-1 G and
// M^-1 (Coriolis) from its hand-derived mass matrix, a rolling sphere, a
// statically balanced stance with both feet welded, and on the standing sample
// and the corpus H0918: superposition and Newton's law for the whole body; every
// muscle contributor does its muscle's work (-T dl/dt) at the tumbling pose of
// the falling planar human; hfd analyze induced marks the frames where its
// constraint model does not hold.
#include "analysis/contributors.h"
#include "analysis/induced_accelerations.h"
#include "chain_models.h"
#include "state/kinematics.h"
#include "sim_test_util.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include "test_time_scale.h"

using namespace hfd;

namespace {

constexpr double g = 9.81;
constexpr double deg = 3.14159265358979323846 / 180;

std::string read_text(const std::string& path) {
    std::ifstream file(path);
    std::stringstream buffer;
    buffer << file.rdbuf();
    return buffer.str();
}

void pose(Simulation& sim, const std::vector<double>& values, const std::vector<double>& velocities) {
    DofAssignment dofs{values, velocities};
    State s = std::as_const(sim).state();
    apply_dofs(sim.model(), dofs, s);
    sim.set_initial_state(s);
}

double coordinate(const InducedAccelerations& r, const char* name, const char* column) {
    for (size_t i = 0; i < r.coordinates.size(); ++i)
        if (r.coordinates[i] == name) return r.coordinate(Eigen::Index(i), r.column(column));
    qFatal("no coordinate %s", name);
    return 0;
}

// Sum over bodies of m a (per column) minus the external forces of the column:
// must equal the sum of the contact reactions (joint forces are internal).
Eigen::MatrixXd newton_residual(const Simulation& sim, const InducedAccelerations& r) {
    const Model& m = sim.model();
    Data scratch;
    Eigen::MatrixXd residual = Eigen::MatrixXd::Zero(3, Eigen::Index(r.columns.size()));
    for (Eigen::Index c = 0; c < residual.cols(); ++c) {
        residual.col(c) = m.total_mass() * r.com.col(c);
        for (Eigen::Index i = 0; i < Eigen::Index(r.contacts.size()); ++i)
            residual.col(c) -= r.reaction.block<3, 1>(3 * i, c);
    }
    return residual;
}

// The state moved along its own velocities for time h (positions and orientations).
State advanced(const State& s, double h) {
    State out = s;
    for (size_t b = 0; b < s.pos.size(); ++b) {
        out.pos[b] = s.pos[b] + h * s.lin_vel[b];
        const double angle = s.ang_vel[b].norm() * h;
        if (angle != 0)
            out.ori[b] = (Quat(Eigen::AngleAxisd(angle, s.ang_vel[b].normalized())) * s.ori[b]).normalized();
    }
    return out;
}

std::vector<double> muscle_lengths(const Simulation& sim, const State& s) {
    Data d;
    d.resize(sim.model());
    sim.evaluate(s, d);
    return d.muscle_length;
}

// Rows of a CSV file split at commas (no quoted fields in the checked columns).
QList<QList<QByteArray>> csv_rows(const QString& path) {
    QFile file(path);
    QList<QList<QByteArray>> rows;
    if (!file.open(QIODevice::ReadOnly)) return rows;
    for (QByteArray line = file.readLine(); !line.isEmpty(); line = file.readLine())
        rows.push_back(line.trimmed().split(','));
    return rows;
}

const char* sphere_text = R"(
model {
  gravity = [ 0 -9.81 0 ]
  body { name = ground mass = 0 inertia = [ 0 0 0 ] geometry { name = floor type = plane normal = [ 0 1 0 ] } }
  body { name = ball mass = 2 inertia = [ 0.008 0.008 0.008 ] pos = [ 0 0.099 0 ]
    geometry { name = ball_shape type = sphere radius = 0.1 } }
}
composite_force { simple_collision_detection {} contact_force_hunt_crossley {} }
symplectic_euler_integrator { step_size = 1e-4 }
)";

// Pelvis on two straight vertical legs, feet flat: every centre of mass lies
// on the vertical line through the joints below it, so gravity is balanced by
// vertical joint and ground forces alone.
const char* stance_text = R"(
model {
  gravity = [ 0 -9.81 0 ]
  body { name = ground mass = 0 inertia = [ 0 0 0 ] geometry { name = floor type = plane normal = [ 0 1 0 ] } }
  body { name = pelvis mass = 10 inertia = [ 0.1 0.09 0.06 ] pos = [ 0 0.95 0 ] }
  body { name = thigh_r mass = 7 inertia = [ 0.1 0.02 0.1 ] pos = [ 0 0.7 0.1 ]
    joint { name = hip_r parent = pelvis pos_in_parent = [ 0 -0.05 0.1 ] pos_in_child = [ 0 0.2 0 ] } }
  body { name = shank_r mass = 3 inertia = [ 0.05 0.005 0.05 ] pos = [ 0 0.3 0.1 ]
    joint { name = knee_r parent = thigh_r pos_in_parent = [ 0 -0.2 0 ] pos_in_child = [ 0 0.2 0 ]
      limit_stiffness = 100 limits { x = 0..0 y = 0..0 z = -120..0 } } }
  body { name = foot_r mass = 1 inertia = [ 0.001 0.004 0.004 ] pos = [ 0 0.049 0.1 ]
    joint { name = ankle_r parent = shank_r pos_in_parent = [ 0 -0.2 0 ] pos_in_child = [ 0 0.051 0 ] }
    geometry { name = heel_r type = sphere radius = 0.05 pos = [ -0.05 0 0 ] }
    geometry { name = toe_r type = sphere radius = 0.05 pos = [ 0.05 0 0 ] } }
  body { name = thigh_l mass = 7 inertia = [ 0.1 0.02 0.1 ] pos = [ 0 0.7 -0.1 ]
    joint { name = hip_l parent = pelvis pos_in_parent = [ 0 -0.05 -0.1 ] pos_in_child = [ 0 0.2 0 ] } }
  body { name = shank_l mass = 3 inertia = [ 0.05 0.005 0.05 ] pos = [ 0 0.3 -0.1 ]
    joint { name = knee_l parent = thigh_l pos_in_parent = [ 0 -0.2 0 ] pos_in_child = [ 0 0.2 0 ]
      limit_stiffness = 100 limits { x = 0..0 y = 0..0 z = -120..0 } } }
  body { name = foot_l mass = 1 inertia = [ 0.001 0.004 0.004 ] pos = [ 0 0.049 -0.1 ]
    joint { name = ankle_l parent = shank_l pos_in_parent = [ 0 -0.2 0 ] pos_in_child = [ 0 0.051 0 ] }
    geometry { name = heel_l type = sphere radius = 0.05 pos = [ -0.05 0 0 ] }
    geometry { name = toe_l type = sphere radius = 0.05 pos = [ 0.05 0 0 ] } }
}
composite_force { joint_force_pnld {} simple_collision_detection {} contact_force_hunt_crossley {} }
symplectic_euler_integrator { step_size = 1e-4 }
)";

}  // namespace

class TestInducedAccelerations : public QObject {
    Q_OBJECT
private slots:
    // Compound pendulum: alpha = -m g l cos(theta) / (I + m l^2) with theta from
    // the horizontal; velocity induces no angular acceleration of a hinge and a
    // centripetal -w^2 l of the centre of mass; joint stiffness does not matter.
    void pendulum_gravity_matches_analytic() {
        for (double stiffness : {1e5, 1e3}) {
            std::string text = test::pin_pendulum_text;
            text.replace(text.find("stiffness = 1e5"), 15, "stiffness = " + std::to_string(stiffness));
            auto sim = test::make_simulation(text);
            QVERIFY(sim);
            const double m = 1, l = 0.5, inertia = 0.01, w = 3.0;
            for (double theta : {0.0, -30 * deg, -75 * deg, 40 * deg}) {
                pose(*sim, {theta}, {w});
                const InducedAccelerations r = induced_accelerations(*sim, sim->state());
                const double expected = -m * g * l * std::cos(theta) / (inertia + m * l * l);
                QVERIFY2(std::abs(coordinate(r, "swing", "gravity") - expected) < 1e-9 * std::abs(expected) + 1e-12,
                         qPrintable(QString("%1 vs %2").arg(coordinate(r, "swing", "gravity")).arg(expected)));
                QVERIFY(std::abs(coordinate(r, "swing", "velocity")) < 1e-6);
                // centre of mass: centripetal acceleration towards the pivot
                const Vec3 to_pivot = -Vec3(std::cos(theta), std::sin(theta), 0);
                const Vec3 expected_com = w * w * l * to_pivot;
                QVERIFY((r.com.col(r.column("velocity")) - expected_com).norm() < 1e-8);
                QVERIFY(r.superposition_error < 1e-9);
            }
        }
    }

    // Two links in the x-y plane, q1 absolute, q2 relative (hand-derived):
    //   M11 = I1 + I2 + m1 c1^2 + m2 (L1^2 + c2^2 + 2 L1 c2 cos q2)
    //   M12 = I2 + m2 (c2^2 + L1 c2 cos q2),   M22 = I2 + m2 c2^2
    //   G = -[m1 g c1 s1 + m2 g (L1 s1 + c2 s12);  m2 g c2 s12]
    //   V = h [2 dq1 dq2 + dq2^2; -dq1^2],  h = m2 L1 c2 sin q2
    void two_link_against_mass_matrix() {
        const double m1 = 1.5, m2 = 1, i1 = 0.02, i2 = 0.012, c1 = 0.25, l1 = 0.5, c2 = 0.2;
        for (const char* integrator : {"symplectic_euler_integrator { step_size = 1e-4 }",
                                       "planar_symplectic_euler_integrator { step_size = 1e-4 }"}) {
            const bool planar = std::string(integrator).rfind("planar", 0) == 0;
            auto sim = test::make_simulation(
                test::double_pendulum(planar ? "planar_joint_force_pd {}" : "joint_force_pd {}", integrator));
            QVERIFY(sim);
            for (auto [q1, q2, dq1, dq2] : {std::array<double, 4>{30 * deg, 45 * deg, 0, 0},
                                            std::array<double, 4>{-70 * deg, 100 * deg, 2.0, -3.0},
                                            std::array<double, 4>{10 * deg, -20 * deg, -1.5, 4.0}}) {
                pose(*sim, {q1, q2}, {dq1, dq2});
                const InducedAccelerations r = induced_accelerations(*sim, sim->state());
                Eigen::Matrix2d mass;
                mass(0, 0) = i1 + i2 + m1 * c1 * c1 + m2 * (l1 * l1 + c2 * c2 + 2 * l1 * c2 * std::cos(q2));
                mass(0, 1) = mass(1, 0) = i2 + m2 * (c2 * c2 + l1 * c2 * std::cos(q2));
                mass(1, 1) = i2 + m2 * c2 * c2;
                const Eigen::Vector2d gravity(
                    -(m1 * g * c1 * std::sin(q1) + m2 * g * (l1 * std::sin(q1) + c2 * std::sin(q1 + q2))),
                    -m2 * g * c2 * std::sin(q1 + q2));
                const double h = m2 * l1 * c2 * std::sin(q2);
                const Eigen::Vector2d velocity(h * (2 * dq1 * dq2 + dq2 * dq2), -h * dq1 * dq1);
                const Eigen::Vector2d expected_gravity = mass.inverse() * gravity;
                const Eigen::Vector2d expected_velocity = mass.inverse() * velocity;
                const Eigen::Vector2d got_gravity(coordinate(r, "shoulder_angle", "gravity"),
                                                  coordinate(r, "elbow_angle", "gravity"));
                const Eigen::Vector2d got_velocity(coordinate(r, "shoulder_angle", "velocity"),
                                                   coordinate(r, "elbow_angle", "velocity"));
                QVERIFY2((got_gravity - expected_gravity).norm() < 1e-9 * expected_gravity.norm(),
                         qPrintable(QString("%1 %2 vs %3 %4")
                                        .arg(got_gravity[0])
                                        .arg(got_gravity[1])
                                        .arg(expected_gravity[0])
                                        .arg(expected_gravity[1])));
                // J_dot u by central differences: O(h^2) with h = 1e-6 s
                QVERIFY2((got_velocity - expected_velocity).norm() < 1e-6 * (1 + expected_velocity.norm()),
                         qPrintable(QString("%1 %2 vs %3 %4")
                                        .arg(got_velocity[0])
                                        .arg(got_velocity[1])
                                        .arg(expected_velocity[0])
                                        .arg(expected_velocity[1])));
                QVERIFY(r.superposition_error < 1e-9);
            }
        }
    }

    // A sphere of radius R on the floor: a horizontal push F at its centre gives
    // F / (m + I / d^2) whether it rolls or pivots on its contact point (d below
    // the centre); rolling at v = w R it keeps its speed (no velocity-induced acceleration), pivoting
    // about a fixed material point its centre accelerates w^2 d towards it.
    void rolling_and_point_contact_of_a_sphere() {
        auto sim = test::make_simulation(sphere_text);
        QVERIFY(sim);
        // the contact point is midway in the 1 mm overlap: 0.0995 m below the centre
        const double m = 2, inertia = 0.008, radius = 0.1, arm = 0.0995, v = 1.5, push = 3;
        State s = std::as_const(*sim).state();
        s.lin_vel[1] = Vec3(v, 0, 0);
        s.ang_vel[1] = Vec3(0, 0, -v / radius);
        sim->controls().perturbations.push_back({1, Vec3::Zero(), Vec3(push, 0, 0), Vec3::Zero(), 0, 1e9});
        for (ContactConstraint kind : {ContactConstraint::Rolling, ContactConstraint::Point}) {
            const InducedAccelerations r = induced_accelerations(*sim, s, {kind});
            QCOMPARE(int(r.contacts.size()), 1);
            const Eigen::Vector3d pushed = r.body.block<3, 1>(6, r.column("perturbations"));
            QVERIFY((pushed - Vec3(push / (m + inertia / (arm * arm)), 0, 0)).norm() < 1e-9);
            const Eigen::Vector3d moving = r.body.block<3, 1>(6, r.column("velocity"));
            const Vec3 expected =
                kind == ContactConstraint::Rolling ? Vec3::Zero() : Vec3(0, -std::pow(v / radius, 2) * arm, 0);
            QVERIFY2((moving - expected).norm() < 1e-6 * (1 + expected.norm()),
                     qPrintable(QString("%1 %2 %3").arg(moving[0]).arg(moving[1]).arg(moving[2])));
            // gravity is held by the floor
            const Eigen::VectorXd held = r.body.col(r.column("gravity")).segment(6, 6);
            QVERIFY(held.norm() < 1e-9);
            const Vec3 floor = r.reaction.col(r.column("gravity"));
            QVERIFY((floor - Vec3(0, m * g, 0)).norm() < 1e-9);
            QVERIFY(r.superposition_error < 1e-9);
        }
    }

    // Both feet welded, every body balanced over the joints below it: gravity
    // induces no acceleration of any body or of the centre of mass, and the
    // floor carries the whole weight.
    void balanced_stance_gravity_induces_nothing() {
        auto sim = test::make_simulation(stance_text);
        QVERIFY(sim);
        const InducedAccelerations r = induced_accelerations(*sim, sim->state(), {ContactConstraint::Weld});
        QCOMPARE(int(r.contacts.size()), 4);  // heel and toe of both feet (redundant welds)
        const Eigen::Index gravity = r.column("gravity");
        QVERIFY2(r.com.col(gravity).norm() < 1e-9, qPrintable(QString::number(r.com.col(gravity).norm())));
        QVERIFY(r.body.col(gravity).norm() < 1e-9);
        Vec3 floor = Vec3::Zero();
        for (size_t i = 0; i < r.contacts.size(); ++i) floor += r.reaction.block<3, 1>(3 * Eigen::Index(i), gravity);
        QVERIFY((floor - Vec3(0, sim->model().total_mass() * g, 0)).norm() < 1e-9 * sim->model().total_mass() * g);
        QVERIFY(r.superposition_error < 1e-9);
        QVERIFY(r.constraint_error < 1e-9);
    }

    // The standing sample (planar, 18 muscles, 7 motors, heel/toe spheres):
    // every contributor sums to the total, welded feet do not move, and for each
    // contributor m a_com = its external force + the floor reactions it induces.
    void standing_sample_superposition_and_newton() {
        auto sim = test::make_simulation(read_text(std::string(HFD_SAMPLES_DIR) + "/human_standing.hfd"));
        QVERIFY(sim);
        for (size_t i = 0; i < sim->model().muscles.size(); ++i) sim->controls().excitation[i] = 0.1 + 0.04 * double(i);
        for (int k = 0; k < 300; ++k) QVERIFY(sim->step());  // muscles activate, the model settles a little
        for (ContactConstraint kind : {ContactConstraint::Weld, ContactConstraint::Point, ContactConstraint::Rolling}) {
            const InducedAccelerations r = induced_accelerations(*sim, sim->state(), {kind});
            QVERIFY(r.contacts.size() >= 2);
            QVERIFY2(r.superposition_error < 1e-9, qPrintable(QString::number(r.superposition_error)));
            int muscles = 0;
            Eigen::VectorXd muscle_sum = Eigen::VectorXd::Zero(r.coordinate.rows());
            for (const Muscle& muscle : sim->model().muscles) {
                muscle_sum += r.coordinate.col(r.column(muscle.name));
                ++muscles;
            }
            QCOMPARE(muscles, 18);
            QVERIFY(muscle_sum.norm() > 0);
            // Newton for the whole body: only gravity (and perturbations) are external
            const Eigen::MatrixXd residual = newton_residual(*sim, r);
            const double weight = sim->model().total_mass() * g;
            for (Eigen::Index c = 0; c < residual.cols(); ++c) {
                Eigen::Vector2d expected(0, 0);
                if (r.columns[c] == "gravity" || r.columns[c] == "total") expected.y() = -weight;
                QVERIFY2((residual.block<2, 1>(0, c) - expected).norm() < 1e-8 * weight,
                         qPrintable(QString::fromStdString(r.columns[c])));
            }
        }
    }

    // hfd analyze induced over a recorded run: one CSV per output with a column
    // per contributor, total and forward; the summary's superposition errors are tiny.
    void command_line_over_a_recorded_run() {
        const QString hfd = QString(HFD_BIN_DIR) + "/hfd";
        const QString model = QString(HFD_SAMPLES_DIR) + "/human_standing.hfd";
        QTemporaryDir dir;
        QProcess p;
        p.start(hfd, {"simulate", model, "--duration", "0.05", "--out", dir.filePath("run.csv")});
        QVERIFY(p.waitForFinished(hfd::test::scaled_ms(120000)));
        QCOMPARE(p.exitCode(), 0);
        p.start(hfd, {"analyze", "induced", model, "--trajectory", dir.filePath("run.csv"), "--constraint", "weld",
                      "--bodies", "torso", "--out", dir.filePath("iaa")});
        QVERIFY(p.waitForFinished(hfd::test::scaled_ms(120000)));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        for (const char* output : {"knee_angle_r.csv", "com_y.csv", "torso.acc_x.csv", "reaction.r_heel_y.csv",
                                   "reaction.total_y.csv", "summary.csv"})
            QVERIFY2(QFile::exists(dir.filePath("iaa/" + QString(output))), output);
        QFile com(dir.filePath("iaa/com_y.csv"));
        QVERIFY(com.open(QIODevice::ReadOnly));
        const QList<QByteArray> header = com.readLine().trimmed().split(',');
        QCOMPARE(header.front(), QByteArray("time [s]"));
        QCOMPARE(header[1], QByteArray("valid"));
        QCOMPARE(header[2], QByteArray("com_residual [m/s^2]"));
        QVERIFY(header.contains("gravity [m/s^2]") && header.contains("soleus_r [m/s^2]"));
        QCOMPARE(header.last(), QByteArray("forward [m/s^2]"));
        int rows = 0;
        while (!com.readLine().isEmpty()) ++rows;
        QCOMPARE(rows, 6);  // 0, 0.01, ..., 0.05
        QFile summary(dir.filePath("iaa/summary.csv"));
        QVERIFY(summary.open(QIODevice::ReadOnly));
        QCOMPARE(summary.readLine().trimmed().split(',').indexOf("superposition_error"), 6);
        for (QByteArray line = summary.readLine(); !line.isEmpty(); line = summary.readLine())
            QVERIFY(line.split(',')[6].toDouble() < 1e-9);

        p.start(hfd, {"analyze", "induced", model, "--constraint", "glue", "--out", dir.filePath("x")});
        QVERIFY(p.waitForFinished(hfd::test::scaled_ms(60000)));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY(p.readAllStandardError().contains("--constraint must be point, weld or rolling"));
        QFile bad(dir.filePath("bad.csv"));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("time,pelvis_tilt\n0,abc\n");
        bad.close();
        p.start(hfd,
                {"analyze", "induced", model, "--trajectory", dir.filePath("bad.csv"), "--out", dir.filePath("x")});
        QVERIFY(p.waitForFinished(hfd::test::scaled_ms(60000)));
        QCOMPARE(p.exitCode(), 1);
        QVERIFY(p.readAllStandardError().contains("bad.csv:2:3: error: expected a number"));
    }

    // The falling planar human at 1 s (pelvis tilted by ~100 degrees): each muscle's
    // contributor wrench, applied to the bodies' motion, does the muscle's work,
    // sum_b F_b.v_b + tau_b.w_b = -T dl/dt, with T the forward evaluation's tendon
    // force and dl/dt the path length's central difference along the motion.
    // (The contributors once used unrotated bodies: 7e5 N from a slack glut_max.)
    void muscle_contributors_do_their_muscles_work_at_a_tumbling_pose() {
        auto sim = test::make_simulation(read_text(std::string(HFD_SAMPLES_DIR) + "/human_planar.hfd"));
        QVERIFY(sim);
        while (sim->state().time < 1.0) QVERIFY(sim->step());
        const Model& m = sim->model();
        const State s = sim->state();
        QVERIFY(std::abs(s.ori[m.find_body("pelvis")].angularDistance(Quat::Identity())) > 1.0);
        Data forward;
        forward.resize(m);
        sim->evaluate(s, forward);
        Data scratch;
        const ContributorForces forces = contributor_forces(*sim, s, scratch);
        constexpr double h = 1e-6;
        const std::vector<double> ahead = muscle_lengths(*sim, advanced(s, h)),
                                  behind = muscle_lengths(*sim, advanced(s, -h));
        int pulling = 0;
        for (size_t i = 0; i < m.muscles.size(); ++i) {
            const Index c =
                Index(std::find(forces.names.begin(), forces.names.end(), m.muscles[i].name) - forces.names.begin());
            QVERIFY(c < Index(forces.names.size()));
            double power = 0;
            for (size_t b = 0; b < m.bodies.size(); ++b) {
                if (m.bodies[b].is_static()) continue;
                power += forces.wrench.block<3, 1>(6 * b, c).dot(s.lin_vel[b]) +
                         forces.wrench.block<3, 1>(6 * b + 3, c).dot(s.ang_vel[b]);
            }
            const double tension = forward.muscle_force[i], rate = (ahead[i] - behind[i]) / (2 * h);
            if (tension > 100) ++pulling;
            QVERIFY2(std::abs(power + tension * rate) < 1e-5 * (1 + std::abs(tension) * (1 + std::abs(rate))),
                     qPrintable(QString("%1: power %2 W, -T dl/dt %3 W")
                                    .arg(QString::fromStdString(m.muscles[i].name))
                                    .arg(power)
                                    .arg(-tension * rate)));
        }
        QVERIFY(pulling >= 4);  // the check has muscles under load to see
    }

    // hfd analyze induced of the fall with only the feet as constraints: once the
    // model lies on its pelvis, the pelvis carries the body unconstrained and the
    // frames are invalid: valid = 0, empty contributions (forward kept), a reason in
    // summary.csv, a warning on stderr that counts them; the exit code stays 0.
    void command_line_marks_invalid_frames() {
        const QString hfd = QString(HFD_BIN_DIR) + "/hfd";
        const QString model = QString(HFD_SAMPLES_DIR) + "/human_planar.hfd";
        QTemporaryDir dir;
        QProcess p;
        p.start(hfd, {"simulate", model, "--duration", "3", "--out", dir.filePath("run.csv")});
        QVERIFY(p.waitForFinished(hfd::test::scaled_ms(120000)));
        QCOMPARE(p.exitCode(), 0);
        p.start(hfd, {"analyze", "induced", model, "--trajectory", dir.filePath("run.csv"), "--contacts",
                      "r_heel,r_toe,l_heel,l_toe", "--out", dir.filePath("iaa")});
        QVERIFY(p.waitForFinished(hfd::test::scaled_ms(120000)));
        const QByteArray err = p.readAllStandardError(), out = p.readAllStandardOutput();
        QVERIFY2(p.exitCode() == 0, err.constData());

        const QList<QList<QByteArray>> com = csv_rows(dir.filePath("iaa/com_y.csv"));
        const QList<QList<QByteArray>> summary = csv_rows(dir.filePath("iaa/summary.csv"));
        QCOMPARE(com.size(), 302);  // header, 0, 0.01, ..., 3
        QCOMPARE(summary.size(), com.size());
        QCOMPARE(com[0][1], QByteArray("valid"));
        QCOMPARE(summary[0].mid(0, 3), (QList<QByteArray>{"time [s]", "valid", "com_residual [m/s^2]"}));
        QCOMPARE(summary[0].last(), QByteArray("reason"));
        const qsizetype width = com[0].size();
        int invalid = 0;
        for (qsizetype r = 1; r < com.size(); ++r) {
            const QList<QByteArray>& row = com[r];
            QCOMPARE(row.size(), width);
            QCOMPARE(row[1], summary[r][1]);
            QCOMPARE(row[2], summary[r][2]);
            const bool valid = row[1] == "1";
            QVERIFY(valid || row[1] == "0");
            // the verdict follows the residual's limit, or a contact check
            const double residual = row[2].toDouble(), limit = summary[r][3].toDouble();
            QCOMPARE(limit, 0.5 * 9.81);
            if (residual > limit) QVERIFY(!valid);
            bool ok = false;
            row.last().toDouble(&ok);
            QVERIFY(ok);  // forward is always written
            for (qsizetype c = 3; c + 1 < width; ++c) QCOMPARE(row[c].isEmpty(), !valid);
            QByteArray reason = summary[r].mid(8).join(',');
            if (reason.startsWith('"')) reason = reason.mid(1);  // quoted when it has commas
            QCOMPARE(reason.isEmpty(), valid);
            if (!valid) {
                ++invalid;
                QVERIFY2(reason.startsWith("constraint model does not hold: |a_com - forward| = "), reason.constData());
            }
        }
        // lying on the pelvis at the end: its frames are invalid because the pelvis is left out
        QCOMPARE(com.last()[1], QByteArray("0"));
        QVERIFY2(summary.last().mid(8).join(',').contains("pelvis_shape"), summary.last().mid(8).join(',').constData());
        QVERIFY2(summary.last().mid(8).join(',').contains("(not constrained)"),
                 summary.last().mid(8).join(',').constData());
        QVERIFY(invalid > 0 && invalid < 301);
        const QByteArray count = QByteArray::number(invalid) + " of 301 frame(s) invalid";
        QVERIFY2(err.contains("hfd analyze: warning: " + count), err.constData());
        QVERIFY2(out.contains(count), out.constData());
        QVERIFY2(!out.contains("holds in every frame"), out.constData());

        p.start(hfd, {"analyze", "induced", model, "--contacts", "r_heel,nose", "--out", dir.filePath("x")});
        QVERIFY(p.waitForFinished(hfd::test::scaled_ms(60000)));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY(p.readAllStandardError().contains("--contacts: 'nose' is not a geometry on a moving body"));
    }

    void corpus_h0918_superposition() {
        const std::string path = std::string(HFD_CORPUS_DIR) + "/scone/H0918.hfd";
        const std::string config = std::string(HFD_CORPUS_DIR) + "/scone/HfdConfigM2012Planar.zml";
        if (!std::ifstream(path).good() || !std::ifstream(config).good()) QSKIP("corpus H0918 not available");
        auto sim = test::make_simulation(read_text(path) + "\n" + read_text(config));
        QVERIFY(sim);
        for (int k = 0; k < 200; ++k) QVERIFY(sim->step());
        const InducedAccelerations r = induced_accelerations(*sim, sim->state(), {ContactConstraint::Rolling});
        QVERIFY(r.columns.size() > sim->model().muscles.size());
        QVERIFY2(r.superposition_error < 1e-9, qPrintable(QString::number(r.superposition_error)));
    }
};

QTEST_APPLESS_MAIN(TestInducedAccelerations)
#include "test_induced_accelerations.moc"
