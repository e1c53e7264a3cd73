// The explicit body update (integrators/body_update.cpp) against closed forms:
// under constant acceleration a, N steps of h from x0, v0 give
//   v_N = v0 + N h a
//   x_N = x0 + N h v0 + h^2 a (N^2 / 2 + (beta - 1/2) N)
// (sum over steps k of h (v_k + beta h a), v_k = v0 + k h a), so beta = 1/2 is
// the exact parabola; the same holds for the angle of a rotation about a fixed
// axis. The planar update leaves z, v_z and the x, y angular velocity alone and
// matches the 3D update on planar motion; orientations stay unit quaternions.
#include "format/parser.h"
#include "integrators/body_update.h"
#include "model/build_model.h"

#include <QTest>

#include <cmath>

using namespace hfd;

namespace {

const char* model_text = R"(
model {
	body { name = ground mass = 0 inertia { x = 0 y = 0 z = 0 } }
	body { name = box mass = 2 inertia { x = 0.1 y = 0.2 z = 0.3 } pos = [ 0.5 1 -0.25 ] }
}
)";

constexpr Index ground = 0, box = 1;

Model build() {
    BuildResult built = build_model(parse_text(model_text, "m.hfd").root, "m.hfd");
    if (!built.ok()) qFatal("model does not build");
    return std::move(*built.model);
}

bool close(const Vec3& a, const Vec3& b, double tolerance) { return (a - b).norm() <= tolerance; }
// q and -q are the same rotation
bool same_rotation(const Quat& a, const Quat& b, double tolerance) {
    return std::abs(std::abs(a.dot(b)) - 1.0) <= tolerance;
}

}  // namespace

class TestBodyUpdate : public QObject {
    Q_OBJECT
    Model model_ = build();

    State start() const {
        State s = initial_state(model_);
        s.lin_vel[box] = Vec3(1.0, -0.5, 0.25);
        return s;
    }
    Data accelerations(const Vec3& lin, const Vec3& ang) const {
        Data d;
        d.resize(model_);
        d.lin_acc[box] = lin;
        d.ang_acc[box] = ang;
        return d;
    }

private slots:
    void constant_acceleration_matches_the_closed_form_data() {
        QTest::addColumn<double>("beta");
        QTest::newRow("forward") << 0.0;
        QTest::newRow("midpoint") << 0.5;
        QTest::newRow("symplectic") << 1.0;
    }
    void constant_acceleration_matches_the_closed_form() {
        QFETCH(double, beta);
        const Vec3 a(0.3, -9.81, 1.2);
        const Data d = accelerations(a, Vec3::Zero());
        State s = start();
        const State s0 = s;
        const double h = 1e-3;
        const int steps = 500;
        for (int k = 0; k < steps; ++k) advance_bodies(model_, s, d, h, beta);
        const double n = steps;
        const Vec3 v = s0.lin_vel[box] + n * h * a;
        const Vec3 x = s0.pos[box] + n * h * s0.lin_vel[box] + h * h * (n * n / 2 + (beta - 0.5) * n) * a;
        QVERIFY(close(s.lin_vel[box], v, 1e-12));
        QVERIFY2(close(s.pos[box], x, 1e-12), qPrintable(QString::number((s.pos[box] - x).norm())));
        QVERIFY(std::abs(s.time - n * h) < 1e-12);
        // the static body does not move
        QVERIFY(s.pos[ground] == s0.pos[ground] && s.lin_vel[ground] == s0.lin_vel[ground]);
    }

    void midpoint_is_the_exact_parabola() {
        const Vec3 a(0, -9.81, 0);
        const Data d = accelerations(a, Vec3::Zero());
        State s = start();
        const State s0 = s;
        for (int k = 0; k < 100; ++k) advance_bodies(model_, s, d, 0.01, 0.5);
        const double t = 1.0;
        QVERIFY(close(s.pos[box], s0.pos[box] + t * s0.lin_vel[box] + 0.5 * t * t * a, 1e-12));
    }

    void rotation_about_a_fixed_axis_matches_the_closed_form() {
        // w0 and alpha on one axis: the rotations commute, the angle follows the
        // same formula as a position
        const Vec3 axis = Vec3(1, 2, -2).normalized();
        const double w0 = 3.0, alpha = -4.0, h = 2e-3, beta = 1.0;
        const int steps = 400;
        const Data d = accelerations(Vec3::Zero(), alpha * axis);
        State s = start();
        s.ang_vel[box] = w0 * axis;
        const Quat q0 = s.ori[box];
        for (int k = 0; k < steps; ++k) advance_bodies(model_, s, d, h, beta);
        const double n = steps;
        const double angle = n * h * w0 + h * h * (n * n / 2 + (beta - 0.5) * n) * alpha;
        QVERIFY(same_rotation(s.ori[box], Quat(Eigen::AngleAxisd(angle, axis)) * q0, 1e-12));
        QVERIFY(close(s.ang_vel[box], (w0 + n * h * alpha) * axis, 1e-12));
    }

    void quaternion_stays_normalized() {
        // a tumbling body: angular velocity and acceleration on different axes
        const Data d = accelerations(Vec3::Zero(), Vec3(0.7, -1.3, 2.1));
        State s = start();
        s.ang_vel[box] = Vec3(5, -3, 8);
        for (int k = 0; k < 20000; ++k) {
            advance_bodies(model_, s, d, 1e-3, 1.0);
            QVERIFY(std::abs(s.ori[box].norm() - 1.0) < 1e-14);
        }
    }

    void planar_update_leaves_out_of_plane_coordinates() {
        // out-of-plane velocity and accelerations that the planar update must ignore
        const Data d = accelerations(Vec3(1, -9.81, 5), Vec3(3, -2, 1.5));
        State s = start();
        s.pos[box].z() = 0.3;
        s.lin_vel[box] = Vec3(1, 2, 4);
        s.ang_vel[box] = Vec3(0.5, -0.7, 2);
        const State s0 = s;
        for (int k = 0; k < 100; ++k) {
            advance_bodies_planar(model_, s, d, 1e-3, 1.0);
            QCOMPARE(s.pos[box].z(), s0.pos[box].z());
            QCOMPARE(s.lin_vel[box].z(), s0.lin_vel[box].z());
            QCOMPARE(s.ang_vel[box].x(), s0.ang_vel[box].x());
            QCOMPARE(s.ang_vel[box].y(), s0.ang_vel[box].y());
            // a rotation about z only
            QCOMPARE(s.ori[box].x(), 0.0);
            QCOMPARE(s.ori[box].y(), 0.0);
            QVERIFY(std::abs(s.ori[box].norm() - 1.0) < 1e-15);
        }
    }

    void planar_update_matches_3d_on_planar_motion_data() {
        QTest::addColumn<double>("beta");
        QTest::addColumn<double>("wz");
        // half-angle per step 0.5 h wz below and above 0.02 (the two cos/sin branches)
        QTest::newRow("symplectic, slow") << 1.0 << 3.0;
        QTest::newRow("symplectic, fast") << 1.0 << 60.0;
        QTest::newRow("midpoint, slow") << 0.5 << -5.0;
        QTest::newRow("forward, fast") << 0.0 << -80.0;
    }
    void planar_update_matches_3d_on_planar_motion() {
        QFETCH(double, beta);
        QFETCH(double, wz);
        const Data d = accelerations(Vec3(0.4, -9.81, 0), Vec3(0, 0, -6));
        State planar = start();
        planar.pos[box].z() = 0;
        planar.lin_vel[box] = Vec3(1, 2, 0);
        planar.ang_vel[box] = Vec3(0, 0, wz);
        planar.ori[box] = Quat(Eigen::AngleAxisd(0.3, Vec3::UnitZ()));
        State spatial = planar;
        const double h = 1e-3;
        for (int k = 0; k < 500; ++k) {
            advance_bodies_planar(model_, planar, d, h, beta);
            advance_bodies(model_, spatial, d, h, beta);
        }
        QVERIFY(close(planar.pos[box], spatial.pos[box], 1e-12));
        QVERIFY(close(planar.lin_vel[box], spatial.lin_vel[box], 1e-12));
        QVERIFY(close(planar.ang_vel[box], spatial.ang_vel[box], 1e-12));
        QVERIFY2(same_rotation(planar.ori[box], spatial.ori[box], 1e-12),
                 qPrintable(QString::number(planar.ori[box].angularDistance(spatial.ori[box]))));
        QCOMPARE(planar.time, spatial.time);
    }

    void muscle_states_are_integrated_and_clamped() {
        State s;
        s.activation = {0.5, 0.99, 0.01};
        s.fiber_length = {0.1, 0.1, 1e-6};
        Data d;
        d.activation_derivative = {10, 10, -10};
        d.fiber_length_derivative = {0.5, -0.5, -1};
        advance_muscle_states(s, d, 0.01);
        QCOMPARE(s.activation[0], 0.6);
        QCOMPARE(s.activation[1], 1.0);  // clamped to [0, 1]
        QCOMPARE(s.activation[2], 0.0);
        QVERIFY(std::abs(s.fiber_length[0] - 0.105) < 1e-15);
        QVERIFY(std::abs(s.fiber_length[1] - 0.095) < 1e-15);
        QCOMPARE(s.fiber_length[2], 1e-6);  // kept positive
    }
};

QTEST_APPLESS_MAIN(TestBodyUpdate)
#include "test_body_update.moc"
