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
#include <random>
#include <tuple>

using namespace hfd;

namespace {

const char* model_text = R"(
model {
	body { name = ground mass = 0 inertia { x = 0 y = 0 z = 0 } }
	body { name = box mass = 2 inertia { x = 0.1 y = 0.2 z = 0.3 } pos = [ 0.5 1 -0.25 ] }
}
)";

constexpr Index ground = 0, box = 1;

// Three bodies in a chain from a free trunk, a fourth on the ground (its joint's
// parent static), with joint damping: the tree of implicit_joint_damping.h.
const char* chain_text = R"(
model {
	model_options { joint_stiffness = 1e6 joint_damping = 1 }
	body { name = ground mass = 0 inertia { x = 0 y = 0 z = 0 } }
	body { name = trunk mass = 10 inertia { x = 0.5 y = 0.3 z = 0.4 } pos = [ 0 1 0 ] }
	body { name = thigh mass = 3 inertia { x = 0.05 y = 0.01 z = 0.06 } pos = [ 0.1 0.7 0.05 ]
		joint { name = hip parent = trunk pos_in_parent [ 0.1 -0.1 0.05 ] pos_in_child [ 0 0.2 0 ] } }
	body { name = shank mass = 1.5 inertia { x = 0.02 y = 0.004 z = 0.02 } pos = [ 0.1 0.3 0.05 ]
		joint { name = knee parent = thigh pos_in_parent [ 0 -0.2 0 ] pos_in_child [ 0 0.2 0 ] } }
	body { name = foot mass = 0.5 inertia { x = 0.001 y = 0.003 z = 0.003 } pos = [ 0.15 0.05 0.05 ]
		joint { name = ankle parent = shank pos_in_parent [ 0 -0.2 0 ] pos_in_child [ -0.05 0.05 0.01 ] } }
	body { name = post mass = 2 inertia { x = 0.02 y = 0.01 z = 0.02 } pos = [ -1 0.5 0 ]
		joint { name = base parent = ground pos_in_parent [ -1 0 0 ] pos_in_child [ 0 -0.5 0 ] } }
}
)";

Model build_chain() {
    BuildResult built = build_model(parse_text(chain_text, "chain.hfd").root, "chain.hfd");
    if (!built.ok()) qFatal("chain does not build");
    return std::move(*built.model);
}

Eigen::Matrix<double, 3, 6> twist_to_point(const Vec3& r) {
    Eigen::Matrix<double, 3, 6> a;
    a << Mat3::Identity(), Mat3::Zero();
    a.rightCols<3>() << 0, r.z(), -r.y(), -r.z(), 0, r.x(), r.y(), -r.x(), 0;
    return a;
}

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
    // step_accelerations solves (M + h C) a~ = M a for a body held by friction
    // (C = sum c A^T P A over its contacts), M = diag(m, m, m, R I R^T): checked by
    // multiplying back, in 3D (a turned body, two contacts) and planar (x, y, z
    // rotation); as h -> 0, a~ -> a; bodies not listed keep a.
    void frictionHeldBodyTakesTheLinearlyImplicitAccelerations() {
        State s = start();
        s.ori[box] = Quat(Eigen::AngleAxisd(0.7, Vec3(1, 2, -1).normalized()));
        const Vec3 a(0.3, -9.0, 1.2), alpha(4.0, -2.0, 7.0);
        Data d = accelerations(a, alpha);
        Mat6 damping = Mat6::Zero();
        for (const auto& [arm, normal, c] : {std::tuple{Vec3(0.1, -0.2, 0.05), Vec3(0, 1, 0), 800.0},
                                             std::tuple{Vec3(-0.15, -0.2, 0.0), Vec3(0.1, 1, 0).normalized(), 300.0}}) {
            Eigen::Matrix<double, 3, 6> to_point;
            to_point << Mat3::Identity(), Mat3::Zero();
            to_point.rightCols<3>() << 0, arm.z(), -arm.y(), -arm.z(), 0, arm.x(), arm.y(), -arm.x(), 0;
            damping += c * to_point.transpose() * (Mat3::Identity() - normal * normal.transpose()) * to_point;
        }
        d.friction_damped_bodies = {box};
        d.friction_damping[box] = damping;
        const Body& body = model_.bodies[box];
        const Mat3 rotation = s.ori[box].toRotationMatrix();
        const Mat3 world_inertia = rotation * body.inertia.asDiagonal() * rotation.transpose();
        StepScratch scratch;
        for (double h : {1e-3, 1e-2}) {
            const StepAccelerations result = step_accelerations(model_, s, d, h, 1.0, false, scratch);
            Eigen::Matrix<double, 6, 1> x, rhs;
            x << result.lin[box], result.ang[box];
            rhs << body.mass * a, world_inertia * alpha;
            Mat6 system = h * damping;
            system.topLeftCorner<3, 3>().diagonal().array() += body.mass;
            system.bottomRightCorner<3, 3>() += world_inertia;
            QVERIFY2((system * x - rhs).norm() < 1e-10 * rhs.norm(),
                     qPrintable(QString::number((system * x - rhs).norm())));
            QVERIFY((x - Eigen::Matrix<double, 6, 1>((Eigen::Matrix<double, 6, 1>() << a, alpha).finished())).norm() >
                    1e-3);
            QCOMPARE(result.lin[ground], d.lin_acc[ground]);
        }
        const StepAccelerations tiny = step_accelerations(model_, s, d, 1e-12, 1.0, false, scratch);
        QVERIFY(close(tiny.lin[box], a, 1e-6) && close(tiny.ang[box], alpha, 1e-6));

        // planar: the top-left 3x3 block over (v_x, v_y, w_z), M = diag(m, m, I_z)
        Data planar = accelerations(a, alpha);
        Mat6 planar_damping = Mat6::Zero();
        planar_damping.topLeftCorner<3, 3>() << 500, 20, -40, 20, 30, 10, -40, 10, 25;
        planar.friction_damped_bodies = {box};
        planar.friction_damping[box] = planar_damping;
        const double h = 5e-3;
        const StepAccelerations result =
            step_accelerations(model_, initial_state(model_), planar, h, 1.0, true, scratch);
        const Vec3 x(result.lin[box].x(), result.lin[box].y(), result.ang[box].z());
        const Vec3 inertia(body.mass, body.mass, body.inertia.z());
        const Mat3 system = Mat3(inertia.asDiagonal()) + h * planar_damping.topLeftCorner<3, 3>();
        const Vec3 rhs = inertia.cwiseProduct(Vec3(a.x(), a.y(), alpha.z()));
        QVERIFY((system * x - rhs).norm() < 1e-10 * rhs.norm());
        QCOMPARE(result.lin[box].z(), a.z());  // left alone
        QCOMPARE(result.ang[box].x(), alpha.x());
    }

    // With joint damping applied, every dynamic body takes (M + C) a~ = M a - sum A_j^T g_j,
    // C = sum w_j A_j^T A_j (A_j = [A_child, -A_parent], w_j = h c) plus a friction-held
    // body's h C_friction, g_j = w_j kappa_j (kappa_j the turning arms' w x (w x r), child
    // minus parent): checked against the dense system built here from the joints, 3D and
    // planar, moving and turning. The
    // joint forces are internal: sum of M a~ = sum of M a over a joint's two free bodies
    // (the ground's joint pushes on the post alone). A rigid translation keeps its
    // accelerations; h -> 0 gives a.
    void jointDampingIsTakenAtTheStepsEndVelocityOverTheTree() {
        const Model chain = build_chain();
        const size_t n = chain.bodies.size();
        State s = initial_state(chain);
        Data d;
        d.resize(chain);
        std::mt19937 random(7);
        std::uniform_real_distribution<double> uniform(-1, 1);
        auto any = [&] { return Vec3(uniform(random), uniform(random), uniform(random)); };
        for (size_t b = 1; b < n; ++b) {
            s.ori[b] = Quat(Eigen::AngleAxisd(0.8 * uniform(random), any().normalized()));
            d.body_rotation[b] = s.ori[b].toRotationMatrix();
            d.lin_acc[b] = 5 * any(), d.ang_acc[b] = 20 * any();
            s.lin_vel[b] = any(), s.ang_vel[b] = 5 * any();
        }
        const Index shank = 3;
        d.friction_damped_bodies = {shank};
        d.friction_damping[shank] = 400 * twist_to_point(Vec3(0.01, -0.2, 0)).transpose() * Vec3(1, 0, 1).asDiagonal() *
                                    twist_to_point(Vec3(0.01, -0.2, 0));
        d.joint_damping_applied = true;

        // the dense system over the dynamic bodies 1..n-1
        const int size = int(6 * (n - 1));
        auto dense = [&](double h) {
            Eigen::MatrixXd system = Eigen::MatrixXd::Zero(size, size);
            Eigen::VectorXd rhs(size);
            for (size_t b = 1; b < n; ++b) {
                const Body& body = chain.bodies[b];
                const Mat3 inertia = d.body_rotation[b] * body.inertia.asDiagonal() * d.body_rotation[b].transpose();
                const int at = int(6 * (b - 1));
                system.block<3, 3>(at, at) = body.mass * Mat3::Identity();
                system.block<3, 3>(at + 3, at + 3) = inertia;
                rhs.segment<3>(at) = body.mass * d.lin_acc[b], rhs.segment<3>(at + 3) = inertia * d.ang_acc[b];
            }
            system.block<6, 6>(6 * (shank - 1), 6 * (shank - 1)) += h * d.friction_damping[shank];
            for (const Joint& joint : chain.joints) {
                Eigen::MatrixXd a = Eigen::MatrixXd::Zero(3, size);
                const Vec3 r_child = d.body_rotation[joint.child] * joint.pos_in_child;
                const Vec3 w_child = s.ang_vel[joint.child];
                a.middleCols<6>(6 * (joint.child - 1)) = twist_to_point(r_child);
                Vec3 kappa = w_child.cross(w_child.cross(r_child));
                if (joint.parent != ground) {
                    const Vec3 r_parent = d.body_rotation[joint.parent] * joint.pos_in_parent;
                    const Vec3 w_parent = s.ang_vel[joint.parent];
                    a.middleCols<6>(6 * (joint.parent - 1)) = -twist_to_point(r_parent);
                    kappa -= w_parent.cross(w_parent.cross(r_parent));
                }
                system += h * joint.damping * a.transpose() * a;
                rhs -= a.transpose() * (h * joint.damping * kappa);
            }
            return std::pair{system, rhs};
        };
        StepScratch scratch;
        for (double h : {1e-4, 1e-3}) {
            const StepAccelerations result = step_accelerations(chain, s, d, h, 1.0, false, scratch);
            Eigen::VectorXd x(size);
            for (size_t b = 1; b < n; ++b) x.segment<6>(int(6 * (b - 1))) << result.lin[b], result.ang[b];
            const auto [system, rhs] = dense(h);
            QVERIFY2((system * x - rhs).norm() < 1e-9 * rhs.norm(),
                     qPrintable(QString::number((system * x - rhs).norm() / rhs.norm())));
            QVERIFY((system.ldlt().solve(rhs) - x).norm() < 1e-8 * x.norm());
            QVERIFY((x - rhs).norm() > 0);
            Vec3 momentum_rate = Vec3::Zero(), momentum_rate_explicit = Vec3::Zero();
            for (Index b : {1, 2, 4}) {  // trunk, thigh, foot: no friction, no ground joint
                momentum_rate += chain.bodies[b].mass * result.lin[b];
                momentum_rate_explicit += chain.bodies[b].mass * d.lin_acc[b];
            }
            // the shank's friction is external: add what it took away
            const Vec3 shank_rate = chain.bodies[shank].mass * result.lin[shank];
            const Vec3 shank_explicit = chain.bodies[shank].mass * d.lin_acc[shank];
            Eigen::Matrix<double, 6, 1> shank_twist;
            shank_twist << result.lin[shank], result.ang[shank];
            const Vec3 friction_taken = (h * d.friction_damping[shank] * shank_twist).head<3>();
            QVERIFY2(
                close(momentum_rate + shank_rate + friction_taken, momentum_rate_explicit + shank_explicit, 1e-9),
                qPrintable(QString::number(
                    (momentum_rate + shank_rate + friction_taken - momentum_rate_explicit - shank_explicit).norm())));
        }
        // a rigid translation: every anchor moves alike, nothing changes
        for (size_t b = 1; b < n; ++b) s.lin_vel[b] = Vec3(1, 2, 3), s.ang_vel[b].setZero();
        s.lin_vel[5].setZero();  // the post's joint holds it to the ground
        Data rigid = d;
        rigid.friction_damped_bodies.clear();
        for (size_t b = 1; b < n; ++b) rigid.lin_acc[b] = Vec3(0.3, -9.81, 0.1), rigid.ang_acc[b].setZero();
        rigid.lin_acc[5] = rigid.ang_acc[5] = Vec3::Zero();  // the post's joint holds it to the ground
        const StepAccelerations kept = step_accelerations(chain, s, rigid, 1e-2, 1.0, false, scratch);
        for (size_t b = 1; b < n; ++b)
            QVERIFY(close(kept.lin[b], rigid.lin_acc[b], 1e-12) && close(kept.ang[b], rigid.ang_acc[b], 1e-12));
        const StepAccelerations tiny = step_accelerations(chain, s, d, 1e-12, 1.0, false, scratch);
        for (size_t b = 1; b < n; ++b)
            QVERIFY(close(tiny.lin[b], d.lin_acc[b], 1e-5) && close(tiny.ang[b], d.ang_acc[b], 1e-5));
        // midpoint Euler keeps the damping explicit: d's accelerations (no friction here)
        QVERIFY(step_accelerations(chain, s, rigid, 1e-2, 0.5, false, scratch).lin == rigid.lin_acc.data());
        // without the joint force's damping, likewise
        rigid.joint_damping_applied = false;
        QVERIFY(step_accelerations(chain, s, rigid, 1e-2, 1.0, false, scratch).lin == rigid.lin_acc.data());

        // planar: rotations about z, over (v_x, v_y, w_z), A = [[1, 0, -r_y], [0, 1, r_x]]
        Data planar = d;
        planar.friction_damped_bodies.clear();
        for (size_t b = 1; b < n; ++b) {
            s.ori[b] = Quat(Eigen::AngleAxisd(0.8 * uniform(random), Vec3::UnitZ()));
            planar.body_rotation[b] = s.ori[b].toRotationMatrix();
            s.lin_vel[b] = Vec3(uniform(random), uniform(random), 0), s.ang_vel[b] = Vec3(0, 0, 5 * uniform(random));
        }
        const double h = 1e-3;
        const StepAccelerations result = step_accelerations(chain, s, planar, h, 1.0, true, scratch);
        const int planar_size = int(3 * (n - 1));
        Eigen::MatrixXd system = Eigen::MatrixXd::Zero(planar_size, planar_size);
        Eigen::VectorXd rhs(planar_size), x(planar_size);
        for (size_t b = 1; b < n; ++b) {
            const Body& body = chain.bodies[b];
            const int at = int(3 * (b - 1));
            system.block<3, 3>(at, at).diagonal() << body.mass, body.mass, body.inertia.z();
            rhs.segment<3>(at) << body.mass * planar.lin_acc[b].x(), body.mass * planar.lin_acc[b].y(),
                body.inertia.z() * planar.ang_acc[b].z();
            x.segment<3>(at) << result.lin[b].x(), result.lin[b].y(), result.ang[b].z();
            QCOMPARE(result.lin[b].z(), planar.lin_acc[b].z());  // left alone
        }
        for (const Joint& joint : chain.joints) {
            Eigen::MatrixXd a = Eigen::MatrixXd::Zero(2, planar_size);
            Eigen::Vector2d kappa = Eigen::Vector2d::Zero();  // w x (w x r) = -w^2 r about z
            auto point = [&](Index b, const Vec3& local, double sign) {
                const Vec3 r = planar.body_rotation[b] * local;
                a.middleCols<3>(int(3 * (b - 1))) << sign, 0, -sign * r.y(), 0, sign, sign * r.x();
                kappa -= sign * s.ang_vel[b].z() * s.ang_vel[b].z() * r.head<2>();
            };
            point(joint.child, joint.pos_in_child, 1);
            if (joint.parent != ground) point(joint.parent, joint.pos_in_parent, -1);
            system += h * joint.damping * a.transpose() * a;
            rhs -= a.transpose() * (h * joint.damping * kappa);
        }
        QVERIFY2((system * x - rhs).norm() < 1e-9 * rhs.norm(),
                 qPrintable(QString::number((system * x - rhs).norm() / rhs.norm())));
    }

    // Joints whose bodies close a loop are left to the explicit damping.
    void jointLoopKeepsTheExplicitDamping() {
        const std::string text =
            std::string(chain_text)
                .replace(std::string(chain_text).rfind('}'), 1,
                         "joint { name = loop parent = trunk child = foot pos_in_parent [ 0.2 -0.9 0.05 ] "
                         "pos_in_child [ 0 0 0 ] } }");
        BuildResult built = build_model(parse_text(text, "loop.hfd").root, "loop.hfd");
        QVERIFY(built.ok());
        const Model& loop = *built.model;
        QCOMPARE(loop.joints.size(), size_t(5));
        JointDampingSolver solver;
        QVERIFY(!solver.ready(loop));
        const Model chain = build_chain();
        QVERIFY(solver.ready(chain));
        State s = initial_state(loop);
        Data d;
        d.resize(loop);
        for (size_t b = 1; b < loop.bodies.size(); ++b) d.lin_acc[b] = Vec3(1, 2, 3);
        d.joint_damping_applied = true;
        StepScratch scratch;
        QVERIFY(step_accelerations(loop, s, d, 1e-3, 1.0, false, scratch).lin == d.lin_acc.data());
    }

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
