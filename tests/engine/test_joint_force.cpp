// Joint constraint and limit forces (joint_force_pnld / _pd and planar variants).
#include "chain_models.h"
#include "state/kinematics.h"
#include "sim_test_util.h"

#include <Eigen/Eigenvalues>
#include <QTest>

#include <cmath>
#include <random>

using namespace hfd;

namespace {

void pose_from_dof_defaults(Simulation& sim) {
    State s = sim.state();
    apply_dofs(sim.model(), default_dof_assignment(sim.model()), s);
    sim.set_initial_state(s);
}

// Kinetic + gravitational + joint spring energy: conserved without damping.
double total_energy(const Simulation& sim) {
    double spring = 0;
    for (Index j = 0; j < Index(sim.model().joints.size()); ++j)
        spring += 0.5 * sim.model().joints[j].stiffness * joint_displacement(sim.model(), sim.state(), j).squaredNorm();
    return test::kinetic_energy(sim.model(), sim.state()) + test::potential_energy(sim.model(), sim.state()) + spring;
}

std::string hinge_text(const std::string& force, const std::string& ang_vel, const std::string& extra = "") {
    return R"(
model {
  gravity = [ 0 0 0 ]
  body { name = ground mass = 0 inertia = [ 0 0 0 ] }
  body { name = door mass = 2 inertia = [ 0.05 0.05 0.05 ] ang_vel = )" +
           ang_vel + R"(
    joint { name = hinge parent = ground pos_in_parent = [ 0 0 0 ] pos_in_child = [ 0 0 0 ] stiffness = 1e5
            limits { x = -20..20 y = -20..20 z = -10..10 } limit_stiffness = 10 limit_damping = 0.5 )" +
           extra + R"( } }
}
composite_force { )" +
           force + R"( }
symplectic_euler_integrator { step_size = 1e-4 }
)";
}

// One body on a ball joint at the origin, without gravity, with the given limits
// (degrees), limit_stiffness 10 and `limit_damping`.
std::string limited_joint_text(const std::string& force, const std::string& limits, double limit_damping) {
    return R"(
model {
  gravity = [ 0 0 0 ]
  body { name = ground mass = 0 inertia = [ 0 0 0 ] }
  body { name = limb mass = 2 inertia = [ 0.05 0.05 0.05 ]
    joint { name = joint parent = ground pos_in_parent = [ 0 0 0 ] pos_in_child = [ 0 0 0 ] stiffness = 1e5
            limits { )" +
           limits + " } limit_stiffness = 10 limit_damping = " + std::to_string(limit_damping) + R"( } }
}
composite_force { )" +
           force + R"( }
symplectic_euler_integrator { step_size = 1e-4 }
)";
}

// The displacement past [lo, hi] of an angle on the circle: the way to the nearer
// limit, counted from lo in whole turns (limits may lie beyond +-180 degrees).
double around_the_circle(double angle, double lo, double hi) {
    if (hi - lo >= 2 * M_PI) return 0.0;
    double u = angle - lo;
    while (u < 0) u += 2 * M_PI;
    while (u >= 2 * M_PI) u -= 2 * M_PI;
    if (u <= hi - lo) return 0.0;
    const double beyond = u - (hi - lo), below = 2 * M_PI - u;
    return beyond <= below ? beyond : -below;
}

// A heavy upper link (shoulder on the ground) and a light foot-like lower link, on
// stiff critically damped joints (joint_damping 1 of 2 sqrt(k m), the default).
struct FootPendulum {
    double m1 = 1.5, i1 = 0.02, c1 = 0.25, l1 = 0.5;  // kg, kg m^2, COM below the shoulder, elbow below it
    double m2 = 0.2, i2 = 2e-4, c2 = 0.05;            // COM below the elbow
    double stiffness = 1e6;
    std::string text(const std::string& integrator) const {
        auto n = [](double v) { return std::to_string(v); };
        return "model { gravity = [ 0 -9.81 0 ] model_options { joint_stiffness = " + n(stiffness) +
               " }\n body { name = ground mass = 0 inertia = [ 0 0 0 ] }\n"
               " body { name = upper mass = " +
               n(m1) + " inertia = [ " + n(i1) + " " + n(i1) + " " + n(i1) +
               " ] joint { name = shoulder parent = ground pos_in_parent = [ 0 0 0 ] pos_in_child = [ 0 " + n(c1) +
               " 0 ] } }\n body { name = lower mass = " + n(m2) + " inertia = [ " + n(i2) + " " + n(i2) + " " + n(i2) +
               " ] joint { name = elbow parent = upper pos_in_parent = [ 0 " + n(c1 - l1) + " 0 ] pos_in_child = [ 0 " +
               n(c2) + " 0 ] } }\n}\ncomposite_force { joint_force_pnld {} }\n" + integrator + "\n";
    }
    // small oscillations in the absolute link angles: M q'' + K q = 0
    Eigen::Matrix2d mass_matrix() const {
        Eigen::Matrix2d m;
        m << i1 + m1 * c1 * c1 + m2 * l1 * l1, m2 * l1 * c2, m2 * l1 * c2, i2 + m2 * c2 * c2;
        return m;
    }
    Eigen::Matrix2d stiffness_matrix() const {
        return Eigen::Vector2d(9.81 * (m1 * c1 + m2 * l1), 9.81 * m2 * c2).asDiagonal();
    }
    // the links at angles q about z, at rest, joints closed
    void pose(Simulation& sim, const Eigen::Vector2d& q) const {
        State s = sim.state();
        const Mat3 r1 = Eigen::AngleAxisd(q[0], Vec3::UnitZ()).toRotationMatrix();
        const Mat3 r2 = Eigen::AngleAxisd(q[1], Vec3::UnitZ()).toRotationMatrix();
        s.pos[1] = -r1 * Vec3(0, c1, 0), s.ori[1] = Quat(r1);
        const Vec3 elbow = s.pos[1] + r1 * Vec3(0, c1 - l1, 0);
        s.pos[2] = elbow - r2 * Vec3(0, c2, 0), s.ori[2] = Quat(r2);
        for (Index b : {1, 2}) s.lin_vel[b].setZero(), s.ang_vel[b].setZero();
        sim.set_initial_state(s);
    }
};

}  // namespace

class TestJointForce : public QObject {
    Q_OBJECT
private slots:
    void joint_pushed_past_its_limit_comes_back_data() {
        QTest::addColumn<QString>("force");
        QTest::newRow("pnld") << "joint_force_pnld {}";
        QTest::newRow("pd") << "joint_force_pd {}";
        QTest::newRow("planar pnld") << "planar_joint_force_pnld {}";
    }
    void joint_pushed_past_its_limit_comes_back() {
        QFETCH(QString, force);
        auto sim = test::make_simulation(hinge_text(force.toStdString(), "[ 0 0 2 ]"));
        QVERIFY(sim);
        const double limit = 10 * M_PI / 180;
        double largest = 0, lowest_after_peak = 1e9;
        for (double t = 0.01; t <= 3.0; t += 0.01) {
            QVERIFY(sim->advance_to(t));
            const double angle = joint_angles(sim->model(), sim->state(), 0).z();
            if (angle > largest) largest = angle, lowest_after_peak = angle;
            lowest_after_peak = std::min(lowest_after_peak, angle);
        }
        QVERIFY2(largest > limit + 0.05, "the spin carries the joint past its limit");
        QVERIFY2(largest < 0.5, "the limit torque stops it");
        QVERIFY2(lowest_after_peak < limit, "the limit torque brings it back into its range");
    }

    void pnld_damping_is_zero_at_the_limit_boundary_but_pd_is_not() {
        // just past the limit (theta = 1e-9 rad) and moving outwards at 2 rad/s
        for (const char* force : {"joint_force_pnld {}", "joint_force_pd {}", "planar_joint_force_pnld {}"}) {
            auto sim = test::make_simulation(hinge_text(force, "[ 0 0 2 ]", "ref_ori = [ 0 0 0 ]"));
            QVERIFY(sim);
            State s = sim->state();
            s.ori[1] = quat_from_euler_xyz(Vec3(0, 0, 10 * M_PI / 180 + 1e-9));
            sim->set_initial_state(s);
            const double torque = sim->data().joint_limit_torque[0].z();
            const double k = 10, kw = 0.5, w = 2, theta = 1e-9;
            if (std::string(force).find("pnld") != std::string::npos)
                QVERIFY(std::abs(torque - (-k * theta * (1 + kw * w))) < 1e-12);  // ~ 0 at the boundary
            else QVERIFY(std::abs(torque - (-k * theta - kw * w)) < 1e-9);        // -1 N m: damping at once
        }
    }

    // Leaving a limit faster than 1 / k_w: pnld clamps the factor (1 + k_w w_in) at 0,
    // pnld2 keeps it, so its torque turns and pulls deeper (as Hyfydy 1.12 records it,
    // forces/joint_force.cpp); its damping part -k theta k_w w sgn(theta) still opposes w.
    void pnld2_keeps_the_negative_damping_factor_that_pnld_clamps_data() {
        QTest::addColumn<QString>("force");
        QTest::addColumn<bool>("clamped");
        QTest::newRow("3d pnld") << "joint_force_pnld {}" << true;
        QTest::newRow("planar pnld") << "planar_joint_force_pnld {}" << true;
        QTest::newRow("3d pnld2") << "joint_force_pnld2 {}" << false;
        QTest::newRow("planar pnld2") << "planar_joint_force_pnld2 {}" << false;
    }
    void pnld2_keeps_the_negative_damping_factor_that_pnld_clamps() {
        QFETCH(QString, force);
        QFETCH(bool, clamped);
        const double k = 10, kw = 0.5, past = 0.1, upper = 10 * M_PI / 180;
        for (const double side : {-1.0, 1.0})
            for (const double out_speed : {1.0, 4.0}) {  // factor 1 - k_w |w|: 0.5, then -1
                auto sim = test::make_simulation(hinge_text(force.toStdString(), "[ 0 0 0 ]", "ref_ori = [ 0 0 0 ]"));
                QVERIFY(sim);
                State s = sim->state();
                s.ori[1] = quat_from_euler_xyz(Vec3(0, 0, side * (upper + past)));
                s.ang_vel[1] = Vec3(0, 0, -side * out_speed);
                sim->set_initial_state(s);
                const double torque = sim->data().joint_limit_torque[0].z();
                const double factor = 1 - kw * out_speed;
                const double expected = -k * side * past * (clamped ? std::max(0.0, factor) : factor);
                QVERIFY2(std::abs(torque - expected) < 1e-9,
                         qPrintable(QString("side %1, out at %2 rad/s: %3 N m, expected %4")
                                        .arg(side).arg(out_speed).arg(torque).arg(expected)));
                if (!clamped && factor < 0) QVERIFY2(torque * side > 0, "pnld2 pulls deeper while leaving fast");
                QVERIFY2((torque + k * side * past) * s.ang_vel[1].z() <= 0, "the damping part opposes the motion");
            }
    }

    void limit_damping_resists_motion_into_each_limit_more_than_out_of_it_data() {
        QTest::addColumn<QString>("force");
        QTest::addColumn<int>("axis");
        QTest::newRow("3d x") << "joint_force_pnld {}" << 0;
        QTest::newRow("3d y") << "joint_force_pnld {}" << 1;
        QTest::newRow("3d z") << "joint_force_pnld {}" << 2;
        QTest::newRow("planar z") << "planar_joint_force_pnld {}" << 2;
    }
    void limit_damping_resists_motion_into_each_limit_more_than_out_of_it() {
        // 0.1 rad past the lower and the upper limit, moving 1 rad/s deeper or back out:
        // k = 10, k_w = 0.5, so |tau| = k theta (1 + k_w |w|) = 1.5 theta k in, 0.5 theta k out.
        QFETCH(QString, force);
        QFETCH(int, axis);
        const double limits[3] = {20 * M_PI / 180, 20 * M_PI / 180, 10 * M_PI / 180};
        const double k = 10, kw = 0.5, past = 0.1, speed = 1.0;
        for (const double side : {-1.0, 1.0}) {
            double torque_in = 0, torque_out = 0;
            for (const double direction : {1.0, -1.0}) {  // +1: deeper into the limit
                auto sim = test::make_simulation(hinge_text(force.toStdString(), "[ 0 0 0 ]", "ref_ori = [ 0 0 0 ]"));
                QVERIFY(sim);
                State s = sim->state();
                Vec3 angles = Vec3::Zero();
                angles[axis] = side * (limits[axis] + past);
                s.ori[1] = quat_from_euler_xyz(angles);
                s.ang_vel[1] = Vec3::Zero();
                s.ang_vel[1][axis] = side * direction * speed;
                sim->set_initial_state(s);
                const double torque = sim->data().joint_limit_torque[0][axis];
                QVERIFY2(torque * side < 0, "the limit torque pushes back into the range, never past the limit");
                (direction > 0 ? torque_in : torque_out) = std::abs(torque);
            }
            const QString where =
                QString("%1 limit: in %2, out %3").arg(side < 0 ? "lower" : "upper").arg(torque_in).arg(torque_out);
            QVERIFY2(torque_in > torque_out, qPrintable(where));
            QVERIFY2(std::abs(torque_in - k * past * (1 + kw * speed)) < 1e-9, qPrintable(where));
            QVERIFY2(std::abs(torque_out - k * past * (1 - kw * speed)) < 1e-9, qPrintable(where));
        }
    }

    void limb_driven_into_a_damped_limit_never_gains_energy_data() {
        QTest::addColumn<QString>("force");
        QTest::addColumn<double>("spin");
        QTest::newRow("3d lower") << "joint_force_pnld {}" << -3.0;
        QTest::newRow("3d upper") << "joint_force_pnld {}" << 3.0;
        QTest::newRow("planar lower") << "planar_joint_force_pnld {}" << -3.0;
        QTest::newRow("planar upper") << "planar_joint_force_pnld {}" << 3.0;
        QTest::newRow("pnld2 lower") << "joint_force_pnld2 {}" << -3.0;
        QTest::newRow("planar pnld2 upper") << "planar_joint_force_pnld2 {}" << 3.0;
    }
    void limb_driven_into_a_damped_limit_never_gains_energy() {
        // No gravity: kinetic + limit spring energy 1/2 k theta^2 only falls while the door
        // bounces off its z limit; the damping takes energy on the way in and on the way out.
        QFETCH(QString, force);
        QFETCH(double, spin);
        auto sim = test::make_simulation(
            hinge_text(force.toStdString(), QString("[ 0 0 %1 ]").arg(spin).toStdString(), "limit_damping = 2"));
        QVERIFY(sim);
        const double k = 10, lower = -10 * M_PI / 180, upper = 10 * M_PI / 180;
        auto energy = [&] {
            const double angle = joint_angles(sim->model(), sim->state(), 0).z();
            const double theta = angle < lower ? angle - lower : angle > upper ? angle - upper : 0.0;
            return test::kinetic_energy(sim->model(), sim->state()) + 0.5 * k * theta * theta;
        };
        const double initial = energy();
        double previous = initial;
        bool entered = false;
        for (int i = 1; i <= 2000; ++i) {
            QVERIFY(sim->advance_to(i * 1e-3));
            const double angle = joint_angles(sim->model(), sim->state(), 0).z();
            entered = entered || angle < lower || angle > upper;
            const double now = energy();
            QVERIFY2(
                now <= previous + 1e-4 * initial,
                qPrintable(QString("energy rose from %1 to %2 J at t = %3 s").arg(previous).arg(now).arg(i * 1e-3)));
            previous = now;
        }
        QVERIFY(entered);
        QVERIFY2(previous < 0.9 * initial, "the damped limit took energy");
    }

    void no_limit_torque_inside_the_range() {
        auto sim = test::make_simulation(hinge_text("joint_force_pnld {}", "[ 0 0 1 ]"));
        QVERIFY(sim);
        QVERIFY(sim->data().joint_limit_torque[0].isZero());
    }

    // An elbow limited to 0..150 degrees, bent past 180 (its angle wraps to -179):
    // pushed back towards 150 with the torque it had just before the wrap.
    void limit_torque_has_no_jump_where_the_angle_wraps_data() {
        QTest::addColumn<QString>("force");
        QTest::newRow("pnld") << "joint_force_pnld {}";
        QTest::newRow("planar pnld") << "planar_joint_force_pnld {}";
        QTest::newRow("pnld2") << "joint_force_pnld2 {}";
        QTest::newRow("planar pnld2") << "planar_joint_force_pnld2 {}";
    }
    void limit_torque_has_no_jump_where_the_angle_wraps() {
        QFETCH(QString, force);
        auto sim = test::make_simulation(limited_joint_text(force.toStdString(), "x = 0..0 y = 0..0 z = 0..150", 0));
        QVERIFY(sim);
        auto torque_at = [&](double degrees) {
            State s = sim->state();
            s.ori[1] = Quat(Eigen::AngleAxisd(degrees * M_PI / 180, Vec3::UnitZ()));
            sim->set_initial_state(s);
            sim->evaluate();
            return sim->data().joint_limit_torque[0].z();
        };
        const double k = 10, to_rad = M_PI / 180;
        QVERIFY(std::abs(torque_at(179) - (-k * 29 * to_rad)) < 1e-9);
        QVERIFY(std::abs(torque_at(181) - (-k * 31 * to_rad)) < 1e-9);  // reads -179: still beyond 150
        QVERIFY(std::abs(torque_at(-10) - (k * 10 * to_rad)) < 1e-9);   // below 0
        // the sides switch opposite the allowed range (at -105 = 255 degrees)
        QVERIFY(torque_at(-104) > 0 && torque_at(-106) < 0);
        QCOMPARE(torque_at(75), 0.0);
    }

    // The planar limit takes the angle past a limit from the orientation turned back
    // by half the limit (a series for the small angles near it): it must equal
    // k times the displacement from 2 atan2(q_z, q_w) (nearer limit around the
    // circle), just past the limits and far from them.
    void planar_limit_torque_follows_the_joint_angle() {
        const char* limit_sets[] = {"x = 0..0 y = 0..0 z = -5..120", "x = 0..0 y = 0..0 z = -170..-20",
                                    "x = 0..0 y = 0..0 z = 10..175", "x = 0..0 y = 0..0 z = 10..200",
                                    "x = 0..0 y = 0..0 z = -250..-100"};
        std::mt19937 rng(29);
        std::uniform_real_distribution<double> anywhere(-M_PI, M_PI), near(-0.12, 0.12);
        int checked = 0, small = 0;
        for (const char* limits : limit_sets) {
            auto sim = test::make_simulation(limited_joint_text("planar_joint_force_pnld {}", limits, 0));
            QVERIFY(sim);
            const Joint& joint = sim->model().joints[0];
            for (int trial = 0; trial < 400; ++trial) {
                // half the trials within 7 degrees of a limit, where the series is used
                const double limit = trial % 4 == 0 ? joint.limit_min.z() : joint.limit_max.z();
                double angle = trial % 2 ? anywhere(rng) : limit + near(rng);
                angle = std::remainder(angle, 2 * M_PI);
                State s = sim->state();
                s.ori[1] = Quat(Eigen::AngleAxisd(angle, Vec3::UnitZ()));
                sim->set_initial_state(s);
                sim->evaluate();
                const double a = 2 * std::atan2(s.ori[1].z(), s.ori[1].w());
                const double lo = joint.limit_min.z(), hi = joint.limit_max.z();
                const double theta = a > hi || a < lo ? around_the_circle(a, lo, hi) : 0.0;
                const double expected = -10 * theta, actual = sim->data().joint_limit_torque[0].z();
                QVERIFY2(
                    std::abs(actual - expected) <= 1e-12 * (1 + std::abs(expected)),
                    qPrintable(
                        QString("%1, angle %2: expected %3, got %4").arg(limits).arg(angle).arg(expected).arg(actual)));
                // the anchors lie at the bodies' origins: the limit is all the torque on them
                QCOMPARE(sim->data().torque[1].z(), actual);
                QCOMPARE(sim->data().torque[0].z(), -actual);
                ++checked;
                small += theta != 0 && std::abs(theta) < 0.1 ? 1 : 0;
            }
        }
        QCOMPARE(checked, 2000);
        QVERIFY2(small > 300, "many angles just past a limit");
    }

    // The 3D limit torque decides which axes may be past a limit without atan2; it
    // must equal the torque from the x-y-z Euler angles (euler_xyz_from_quat) for
    // any orientation, with narrow limits, limits beyond +-90 degrees about y,
    // one-sided limits and locked axes; every fourth trial a small rotation, where
    // the angles past a limit come from their series.
    void limit_torque_follows_the_euler_angles_at_any_orientation() {
        const char* limit_sets[] = {"x = -20..20 y = -20..20 z = -10..10",    "x = -170..150 y = -100..80 z = 30..170",
                                    "x = -180..180 y = 0..0 z = -90..-10",    "x = 5..60 y = -95..95 z = -200..200",
                                    "x = -250..-100 y = -30..30 z = 10..200", "x = 0..0 y = 0..0 z = -1..1"};
        std::mt19937 rng(23);
        std::normal_distribution<double> normal;
        const double k = 10, kw = 0.5;
        int checked = 0, with_torque = 0;
        for (const char* limits : limit_sets) {
            auto sim = test::make_simulation(limited_joint_text("joint_force_pnld {}", limits, 0.5));
            QVERIFY(sim);
            const Joint& joint = sim->model().joints[0];
            for (int trial = 0; trial < 300; ++trial) {
                State s = sim->state();
                const Index door = joint.child;
                const bool small = trial % 4 == 3;  // within about 3.4 degrees per axis
                const double spread = small ? 0.03 : 1.0;
                s.ori[door] =
                    Quat(small ? 1.0 : normal(rng), spread * normal(rng), spread * normal(rng), spread * normal(rng))
                        .normalized();
                s.ang_vel[door] = Vec3(normal(rng), normal(rng), normal(rng));
                sim->set_initial_state(s);
                sim->evaluate();
                const Vec3 angles = euler_xyz_from_quat(s.ori[door]);
                Vec3 expected = Vec3::Zero();
                for (int axis = 0; axis < 3; ++axis) {
                    const double a = angles[axis], lo = joint.limit_min[axis], hi = joint.limit_max[axis];
                    double theta = a < lo ? a - lo : a > hi ? a - hi : 0.0;
                    if (theta != 0.0 && axis != 1) theta = around_the_circle(a, lo, hi);
                    const double into = theta > 0 ? s.ang_vel[door][axis] : -s.ang_vel[door][axis];
                    if (theta != 0.0) expected[axis] = -k * theta * std::max(0.0, 1.0 + kw * into);
                }
                const Vec3 actual = sim->data().joint_limit_torque[0];
                QVERIFY2((actual - expected).norm() <= 1e-12 * (1.0 + expected.norm()),
                         qPrintable(QString("limits %1 trial %2: expected %3 %4 %5, got %6 %7 %8")
                                        .arg(limits)
                                        .arg(trial)
                                        .arg(expected.x())
                                        .arg(expected.y())
                                        .arg(expected.z())
                                        .arg(actual.x())
                                        .arg(actual.y())
                                        .arg(actual.z())));
                ++checked;
                with_torque += expected.isZero() ? 0 : 1;
            }
        }
        QCOMPARE(checked, 1800);
        QVERIFY2(with_torque > 300 && with_torque < 1700, "both sides of the limits were tried");
    }

    void constraint_force_is_equal_and_opposite() {
        auto sim = test::make_simulation(
            test::double_pendulum("joint_force_pnld {}", "symplectic_euler_integrator { step_size = 1e-5 }", 70, 20));
        QVERIFY(sim);
        pose_from_dof_defaults(*sim);
        QVERIFY(sim->advance_to(0.05));
        sim->evaluate();
        // without gravity the joint forces of the two links sum to the reaction on the ground
        Vec3 total_force = Vec3::Zero(), total_torque = Vec3::Zero();
        for (size_t b = 0; b < sim->model().bodies.size(); ++b) {
            const Vec3 own = sim->data().force[b] - sim->model().bodies[b].mass * sim->model().gravity;
            total_force += own;
            total_torque += sim->data().torque[b] + sim->state().pos[b].cross(own);
        }
        QVERIFY(total_force.norm() < 1e-6 * (1 + sim->data().joint_force[0].norm()));
        QVERIFY(total_torque.norm() < 1e-6 * (1 + sim->data().joint_force[0].norm()));
    }

    void planar_forces_and_integrator_match_3d_on_a_planar_problem() {
        auto planar = test::make_simulation(test::double_pendulum(
            "planar_joint_force_pnld {}", "planar_symplectic_euler_integrator { step_size = 1e-5 }", 80, -30));
        auto full = test::make_simulation(
            test::double_pendulum("joint_force_pnld {}", "symplectic_euler_integrator { step_size = 1e-5 }", 80, -30));
        QVERIFY(planar && full);
        QVERIFY(planar->is_planar() && !full->is_planar());
        pose_from_dof_defaults(*planar);
        pose_from_dof_defaults(*full);
        QVERIFY(planar->advance_to(1.0) && full->advance_to(1.0));
        for (size_t b = 0; b < planar->model().bodies.size(); ++b) {
            QVERIFY((planar->state().pos[b] - full->state().pos[b]).norm() < 1e-9);
            QVERIFY(planar->state().ori[b].angularDistance(full->state().ori[b]) < 1e-9);
        }
        QVERIFY(std::abs(planar->state().pos[2].z()) == 0.0);  // out-of-plane is never touched
    }

    // The joints' damping is taken at the step's end velocity (integrators/implicit_joint_damping.h):
    // on a light link it no longer bounds the step (explicitly h < 2 m_e / c), and it damps
    // only the joints' own stretch. A double pendulum started in its slow mode swings with
    // the analytic period of M q'' + K q = 0 and keeps its amplitude.
    void stiffJointDampingDoesNotBoundTheStep() {
        const FootPendulum pendulum;
        auto sim = test::make_simulation(pendulum.text("error_control_integrator_sem { accuracy = 1e-3 }"));
        QVERIFY(sim);
        Eigen::GeneralizedSelfAdjointEigenSolver<Eigen::Matrix2d> modes(pendulum.stiffness_matrix(),
                                                                        pendulum.mass_matrix());
        const double omega = std::sqrt(modes.eigenvalues()[0]);  // the slow mode
        const Eigen::Vector2d shape = modes.eigenvectors().col(0) / modes.eigenvectors()(0, 0);
        const double amplitude = 0.05;  // rad
        pendulum.pose(*sim, amplitude * shape);
        auto upper_angle = [&] {
            const Quat& q = sim->state().ori[1];
            return 2 * std::atan2(q.z(), q.w());
        };
        std::vector<double> crossings;  // upward zero crossings of the upper link's angle
        double previous = upper_angle(), largest_late = 0;
        const double period = 2 * M_PI / omega, dt = 1e-3;
        for (double t = dt; t <= 3.2 * period; t += dt) {
            QVERIFY(sim->advance_to(t));
            const double angle = upper_angle();
            if (previous < 0 && angle >= 0) crossings.push_back(t - dt * angle / (angle - previous));
            if (t > 2 * period) largest_late = std::max(largest_late, std::abs(angle));
            previous = angle;
        }
        QVERIFY(crossings.size() >= 3);
        const double measured = (crossings.back() - crossings.front()) / double(crossings.size() - 1);
        QVERIFY2(std::abs(measured / period - 1) < 0.002,
                 qPrintable(QString("%1 s, analytic %2 s").arg(measured).arg(period)));
        QVERIFY2(largest_late > 0.995 * amplitude, qPrintable(QString::number(largest_late / amplitude)));
        // the elbow's damper on the lower link's anchor: 1 / m_e = 1 / m2 + c2^2 / i2 (the
        // lower link's own share), c = 2 sqrt(k m_red)
        const double effective_mass = 1 / (1 / pendulum.m2 + pendulum.c2 * pendulum.c2 / pendulum.i2);
        const double reduced_mass = pendulum.m1 * pendulum.m2 / (pendulum.m1 + pendulum.m2);
        const double damping = 2 * std::sqrt(pendulum.stiffness * reduced_mass);
        const double mean_step = sim->state().time / double(sim->accepted_steps());
        QVERIFY2(mean_step > 2 * effective_mass / damping,
                 qPrintable(
                     QString("mean step %1 s, explicit bound %2 s").arg(mean_step).arg(2 * effective_mass / damping)));
    }

    void energy_drift_small_for_symplectic_and_growing_for_forward_euler() {
        const std::string undamped = "damping = 0";
        auto symplectic = test::make_simulation(test::double_pendulum(
            "joint_force_pnld {}", "symplectic_euler_integrator { step_size = 1e-4 }", 90, 0, undamped, 1e5));
        auto forward = test::make_simulation(test::double_pendulum(
            "joint_force_pnld {}", "forward_euler_integrator { step_size = 1e-4 }", 90, 0, undamped, 1e5));
        QVERIFY(symplectic && forward);
        pose_from_dof_defaults(*symplectic);
        pose_from_dof_defaults(*forward);
        const double energy0 = total_energy(*symplectic);
        const double scale = 2.5 * 9.81 * 0.5;  // m g L of the chain, J
        double symplectic_drift = 0;
        std::vector<double> forward_energy;
        for (double t = 0.1; t <= 2.0 + 1e-9; t += 0.1) {
            QVERIFY(symplectic->advance_to(t));
            symplectic_drift = std::max(symplectic_drift, std::abs(total_energy(*symplectic) - energy0));
            if (forward->advance_to(t)) forward_energy.push_back(total_energy(*forward));
        }
        QVERIFY2(symplectic_drift < 0.01 * scale, qPrintable(QString("symplectic drift %1 J").arg(symplectic_drift)));
        // forward Euler adds energy every step: it grows (or blows up)
        QVERIFY(forward_energy.size() >= 3);
        QVERIFY2(forward_energy.back() - energy0 > 10 * symplectic_drift,
                 qPrintable(QString("forward Euler gain %1 J").arg(forward_energy.back() - energy0)));
        QVERIFY(forward_energy.back() > forward_energy[forward_energy.size() / 2]);
    }
};

QTEST_APPLESS_MAIN(TestJointForce)
#include "test_joint_force.moc"
