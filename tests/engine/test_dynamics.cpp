// Rigid-body dynamics against analytic results and conservation laws.
#include "sim/dynamics.h"
#include "state/kinematics.h"
#include "sim_test_util.h"

#include <QTest>
#include <cmath>

using namespace hfd;

namespace {

// Complete elliptic integral of the first kind, K(k) = pi / (2 AGM(1, sqrt(1 - k^2))).
double elliptic_k(double k) {
    double a = 1, b = std::sqrt(1 - k * k);
    for (int i = 0; i < 30; ++i) {
        const double next_a = 0.5 * (a + b);
        b = std::sqrt(a * b);
        a = next_a;
    }
    return M_PI / (2 * a);
}

std::string pendulum_text(const std::string& integrator, double swing_degrees) {
    return R"(
model {
  gravity = [ 0 -9.81 0 ]
  body { name = ground mass = 0 inertia = [ 0 0 0 ] }
  body {
    name = bob
    mass = 2
    inertia = [ 0.03 0.01 0.03 ]
    joint { name = pivot parent = ground pos_in_parent = [ 0 0 0 ] pos_in_child = [ 0 0.5 0 ] stiffness = 1e7 }
  }
  dof { name = swing source = bob_rz default = )" +
           std::to_string(swing_degrees) + R"( }
}
composite_force { joint_force_pnld {} }
)" + integrator +
           "\n";
}

void pose_from_dof_defaults(Simulation& sim) {
    State s = sim.state();
    apply_dofs(sim.model(), default_dof_assignment(sim.model()), s);
    sim.set_initial_state(s);
}

// Mean period from downward zero crossings of the swing angle (linear interpolation).
double measured_period(Simulation& sim, double duration, double* max_displacement) {
    std::vector<double> crossings;
    double previous = dof_value(sim.model(), sim.state(), 0), previous_time = 0;
    *max_displacement = 0;
    while (sim.state().time < duration) {
        if (!sim.step()) return -1;
        const double angle = dof_value(sim.model(), sim.state(), 0);
        if (previous > 0 && angle <= 0)
            crossings.push_back(previous_time + (sim.state().time - previous_time) * previous / (previous - angle));
        previous = angle;
        previous_time = sim.state().time;
        *max_displacement = std::max(*max_displacement, joint_displacement(sim.model(), sim.state(), 0).norm());
    }
    if (crossings.size() < 2) return -1;
    return (crossings.back() - crossings.front()) / double(crossings.size() - 1);
}

Vec3 angular_momentum(const Simulation& sim, Index b) {
    const State& s = sim.state();
    const Vec3 w_local = s.ori[b].conjugate() * s.ang_vel[b];
    return s.ori[b] * sim.model().bodies[b].inertia.cwiseProduct(w_local);
}

std::string free_body_text(const std::string& integrator, const std::string& ang_vel) {
    return R"(
model {
  gravity = [ 0 0 0 ]
  body { name = brick mass = 3 inertia = [ 1 2 3 ] ang_vel = )" +
           ang_vel + R"( }
}
composite_force {}
)" + integrator +
           "\n";
}

}  // namespace

class TestDynamics : public QObject {
    Q_OBJECT
private slots:
    // A model without bodies (a `}` moved in a fuzzed showcase) steps as an empty
    // world: time advances, nothing else (under UBSan this passed null arrays to memcpy).
    void model_without_bodies_steps_as_an_empty_world() {
        for (const char* integrator :
             {"symplectic_euler_integrator { step_size = 0.001 }", "error_control_integrator_sem {}"}) {
            auto sim = test::make_simulation(std::string("model { name = empty }\ncomposite_force {}\n") + integrator);
            QVERIFY(sim);
            QCOMPARE(sim->model().bodies.size(), size_t(0));
            QVERIFY(sim->advance_to(0.01));
            QCOMPARE(sim->state().time, 0.01);
            QVERIFY(sim->data().force.empty());
        }
    }

    void pendulum_period_matches_large_amplitude_formula_data() {
        QTest::addColumn<QString>("integrator");
        QTest::addColumn<double>("swing");
        QTest::newRow("symplectic 60") << "symplectic_euler_integrator { step_size = 1e-5 }" << 60.0;
        QTest::newRow("symplectic 120") << "symplectic_euler_integrator { step_size = 1e-5 }" << 120.0;
        QTest::newRow("midpoint 90") << "midpoint_euler_integrator { step_size = 1e-5 }" << 90.0;
        QTest::newRow("error control mem 90") << "error_control_integrator_mem { accuracy = 0.001 }" << 90.0;
    }
    void pendulum_period_matches_large_amplitude_formula() {
        QFETCH(QString, integrator);
        QFETCH(double, swing);
        auto sim = test::make_simulation(pendulum_text(integrator.toStdString(), swing));
        QVERIFY(sim);
        pose_from_dof_defaults(*sim);
        QCOMPARE(dof_value(sim->model(), sim->state(), 0), swing * M_PI / 180);

        // compound pendulum: T = 4 sqrt(I_p / (m g d)) K(sin(theta0 / 2)), I_p = I_zz + m d^2
        const double m = 2, d = 0.5, g = 9.81, inertia_zz = 0.03;
        const double pivot_inertia = inertia_zz + m * d * d;
        const double expected = 4 * std::sqrt(pivot_inertia / (m * g * d)) * elliptic_k(std::sin(swing * M_PI / 360));
        double max_displacement = 0;
        const double period = measured_period(*sim, 3.5 * expected, &max_displacement);
        QVERIFY2(std::abs(period - expected) < 0.005 * expected,
                 qPrintable(QString("period %1, expected %2").arg(period).arg(expected)));

        // the joint force balances gravity plus the centripetal load:
        // |F| <= m g + m d w_max^2, w_max^2 = 2 m g d (1 - cos theta0) / I_p; |p| <= |F| / k
        const double w_max_sq = 2 * m * g * d * (1 - std::cos(swing * M_PI / 180)) / pivot_inertia;
        const double bound = (m * g + m * d * w_max_sq) / 1e7;
        QVERIFY2(max_displacement < 1.1 * bound,
                 qPrintable(QString("displacement %1, bound %2").arg(max_displacement).arg(bound)));
        QVERIFY(max_displacement > 0.5 * m * g / 1e7);  // the joint does carry the weight
    }

    void static_bodies_never_move() {
        auto sim = test::make_simulation(pendulum_text("symplectic_euler_integrator { step_size = 1e-5 }", 45));
        QVERIFY(sim);
        pose_from_dof_defaults(*sim);
        QVERIFY(sim->advance_to(0.3));
        QCOMPARE(sim->state().pos[0], Vec3::Zero().eval());
        QVERIFY(sim->state().ori[0].coeffs() == Quat::Identity().coeffs());
    }

    void torque_free_spin_conserves_momentum_and_energy_data() {
        QTest::addColumn<QString>("integrator");
        QTest::addColumn<double>("tolerance");
        QTest::newRow("symplectic") << "symplectic_euler_integrator { step_size = 1e-4 }" << 2e-3;
        QTest::newRow("error control sem") << "error_control_integrator_sem { accuracy = 1e-6 }" << 2e-3;
        QTest::newRow("error control secm") << "error_control_integrator_secm { accuracy = 1e-6 }" << 2e-3;
    }
    void torque_free_spin_conserves_momentum_and_energy() {
        QFETCH(QString, integrator);
        QFETCH(double, tolerance);
        auto sim = test::make_simulation(free_body_text(integrator.toStdString(), "[ 1 0.2 2 ]"));
        QVERIFY(sim);
        const Vec3 momentum0 = angular_momentum(*sim, 0);
        const double energy0 = test::kinetic_energy(sim->model(), sim->state());
        QVERIFY(sim->advance_to(5.0));
        const double momentum_error = (angular_momentum(*sim, 0) - momentum0).norm() / momentum0.norm();
        const double energy_error = std::abs(test::kinetic_energy(sim->model(), sim->state()) - energy0) / energy0;
        QVERIFY2(momentum_error < tolerance, qPrintable(QString("momentum error %1").arg(momentum_error)));
        QVERIFY2(energy_error < tolerance, qPrintable(QString("energy error %1").arg(energy_error)));
        // the gyroscopic term is there: the body-frame angular velocity changes
        const Vec3 w_local = sim->state().ori[0].conjugate() * sim->state().ang_vel[0];
        QVERIFY((w_local - Vec3(1, 0.2, 2)).norm() > 0.1);
    }

    void spin_about_intermediate_axis_flips_and_others_are_stable() {
        // Spin about the axis of intermediate inertia (y, I = 2) is unstable: the
        // perturbation grows as exp(w sqrt((I2 - I1)(I3 - I2) / (I1 I3)) t) and the
        // body's y axis turns over; spin about the smallest (x) or largest (z) axis stays.
        const std::string integrator = "symplectic_euler_integrator { step_size = 2e-4 }";
        auto unstable = test::make_simulation(free_body_text(integrator, "[ 0.001 3 0.001 ]"));
        auto stable_x = test::make_simulation(free_body_text(integrator, "[ 3 0.001 0.001 ]"));
        auto stable_z = test::make_simulation(free_body_text(integrator, "[ 0.001 0.001 3 ]"));
        QVERIFY(unstable && stable_x && stable_z);
        double lowest_y = 1, lowest_x = 1, lowest_z = 1;
        for (double t = 0.05; t <= 8.0; t += 0.05) {
            QVERIFY(unstable->advance_to(t) && stable_x->advance_to(t) && stable_z->advance_to(t));
            lowest_y = std::min(lowest_y, (unstable->state().ori[0] * Vec3::UnitY()).y());
            lowest_x = std::min(lowest_x, (stable_x->state().ori[0] * Vec3::UnitX()).x());
            lowest_z = std::min(lowest_z, (stable_z->state().ori[0] * Vec3::UnitZ()).z());
        }
        QVERIFY2(lowest_y < -0.9, qPrintable(QString("y axis lowest %1").arg(lowest_y)));
        QVERIFY(lowest_x > 0.99);
        QVERIFY(lowest_z > 0.99);
    }

    void perturbation_gives_its_impulse_in_its_time_window() {
        // a force F at local point r during [0.2, 0.5) s on a free body, no gravity:
        // dv = F dt / m, and the moment (R r) x F + M changes the angular momentum by its impulse
        auto sim = test::make_simulation(R"(
model {
  gravity = [ 0 0 0 ]
  body { name = box mass = 2 inertia = [ 0.5 0.5 0.5 ] }
  perturbation { body = box pos = [ 0 0.1 0 ] force = [ 4 0 0 ] moment = [ 0 0 0.3 ] start_time = 0.2 end_time = 0.5 }
}
composite_force {}
midpoint_euler_integrator { step_size = 0.001 }
)");
        QVERIFY(sim);
        QCOMPARE(sim->controls().perturbations.size(), size_t(1));
        QVERIFY(sim->advance_to(0.2));
        QVERIFY(sim->state().lin_vel[0].isZero());  // nothing before the window
        QVERIFY(sim->advance_to(1.0));
        // the window's edges are resolved to one step: at most one step's impulse F h / m off
        QVERIFY((sim->state().lin_vel[0] - Vec3(4 * 0.3 / 2, 0, 0)).norm() <= 4 * 0.001 / 2 * 1.01);
        // moment about the centre: (0, 0.1, 0) x (4, 0, 0) = (0, 0, -0.4), plus 0.3; small rotation
        // during the window turns the arm slightly, hence the tolerance
        QVERIFY(std::abs(sim->state().ang_vel[0].z() - (-0.4 + 0.3) * 0.3 / 0.5) < 3e-3);
        // a perturbation added through the API acts too
        sim->controls().perturbations.push_back(Perturbation{0, Vec3::Zero(), Vec3(0, 2, 0), Vec3::Zero(), 1.0, 1.5});
        const double vy = sim->state().lin_vel[0].y();
        QVERIFY(sim->advance_to(2.0));
        QVERIFY(std::abs(sim->state().lin_vel[0].y() - vy - 2 * 0.5 / 2) <= 2 * 0.001 / 2 * 1.01);
    }

    // Controls set to the values they already had cost no evaluation; changed ones
    // (here a perturbation, a time-dependent force) are in data() before the next step.
    void data_follows_changed_controls_only() {
        auto sim = test::make_simulation(R"(
model { gravity = [ 0 0 0 ] body { name = ball mass = 2 inertia = [ 1 1 1 ] } }
composite_force {}
symplectic_euler_integrator { step_size = 0.001 }
)");
        QVERIFY(sim);
        sim->controls().perturbations.push_back(Perturbation{0, Vec3::Zero(), Vec3(4, 0, 0), Vec3::Zero(), 0, 10});
        sim->ensure_evaluated();
        QCOMPARE(sim->data().lin_acc[0], Vec3(2, 0, 0));
        const long long evaluations = sim->evaluations();
        sim->controls().perturbations[0].force = Vec3(4, 0, 0);  // the same value again
        sim->ensure_evaluated();
        QCOMPARE(sim->evaluations(), evaluations);
        sim->controls().perturbations[0].force = Vec3(0, 6, 0);
        sim->ensure_evaluated();
        QCOMPARE(sim->evaluations(), evaluations + 1);
        QCOMPARE(sim->data().lin_acc[0], Vec3(0, 3, 0));
        // landing on a time re-evaluates only when a perturbation could start or end
        sim->land_on_time(11.0);
        sim->ensure_evaluated();
        QCOMPARE(sim->data().lin_acc[0], Vec3(0, 0, 0));
    }

    void gravity_gives_free_fall() {
        auto sim = test::make_simulation(R"(
model { gravity = [ 0 -9.81 0 ] body { name = ball mass = 1 inertia = [ 1 1 1 ] pos = [ 0 10 0 ] lin_vel = [ 1 0 0 ] } }
composite_force {}
midpoint_euler_integrator { step_size = 0.01 }
)");
        QVERIFY(sim);
        QVERIFY(sim->advance_to(1.0));
        // midpoint Euler is exact for constant acceleration
        QVERIFY(std::abs(sim->state().pos[0].y() - (10 - 0.5 * 9.81)) < 1e-9);
        QVERIFY(std::abs(sim->state().pos[0].x() - 1.0) < 1e-9);
        QCOMPARE(sim->state().time, 1.0);
    }

    // A planar evaluation of bodies turned about z writes only the 2x2 block of their
    // rotations when the rest is known to be (0, 0, 1): into one Data, evaluations of
    // tilted, planar and 3D poses in turn must each give every body's full rotation.
    void body_frames_are_whole_after_any_earlier_evaluation() {
        Model model;
        for (int b = 0; b < 3; ++b) {
            Body body;
            body.name = "b" + std::to_string(b);
            body.mass = 1;
            body.inertia = Vec3(1, 1, 1);
            model.bodies.push_back(body);
        }
        Data data;
        data.resize(model);
        State state;
        state.pos.assign(3, Vec3::Zero());
        state.lin_vel.assign(3, Vec3::Zero());
        state.ang_vel.assign(3, Vec3::Zero());
        const auto about_z = [](double angle) { return Quat(Eigen::AngleAxisd(angle, Vec3::UnitZ())); };
        const Quat tilted = Quat(Eigen::AngleAxisd(0.7, Vec3(1, 2, 3).normalized()));
        const struct {
            std::vector<Quat> ori;
            bool planar;
        } evaluations[] = {
            {{about_z(0.3), about_z(-1.2), about_z(2.5)}, true}, {{about_z(0.1), tilted, about_z(1.0)}, true},
            {{about_z(-0.4), about_z(0.9), about_z(3.0)}, true}, {{tilted, about_z(0.2), tilted}, false},
            {{about_z(1.1), about_z(-2.0), about_z(0.6)}, true}, {{about_z(0.5), about_z(0.4), about_z(-0.3)}, true}};
        for (const auto& evaluation : evaluations) {
            state.ori = evaluation.ori;
            update_body_frames(state, data, evaluation.planar);
            for (size_t b = 0; b < 3; ++b)
                QVERIFY(data.body_rotation[b].isApprox(state.ori[b].toRotationMatrix(), 1e-15));
        }
    }
};

QTEST_APPLESS_MAIN(TestDynamics)
#include "test_dynamics.moc"
