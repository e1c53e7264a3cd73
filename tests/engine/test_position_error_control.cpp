// Error-controlled integrators bound each body's position error per step too
// (error_control_integrator.h): the step's difference from the position a linear
// acceleration a0 -> a1 reaches is held below accuracy * L, L = max(radius of
// gyration, 1 cm) (an orientation: below accuracy radians). Under a constant
// acceleration both midpoint Euler and the symplectic variants' variable-step
// leapfrog are exact (the leapfrog's velocities stand for the half steps,
// v_n = v(t_n - h_(n-1) / 2)), so their steps grow to max_step in free flight and a
// free fall ends on the parabola.
#include "integrators/error_control_integrator.h"
#include "run/contact_events.h"
#include "run/recorder.h"
#include "run/run.h"
#include "sim_test_util.h"

#include <QTest>

#include <cmath>

using namespace hfd;

namespace {

constexpr double g = 9.81;

// A solid 1 kg sphere, r = 0.1 m: I = 2/5 m r^2 = 0.004, radius of gyration sqrt(0.004).
const double sphere_length = std::sqrt(0.004);

std::string ball(const std::string& integrator, const std::string& extra_config = "composite_force {}") {
    return R"(
model {
  body { name = ground mass = 0 inertia = [ 0 0 0 ] }
  geometry { name = floor type = plane normal = [ 0 1 0 ] body = ground }
  body { name = ball mass = 1 inertia = [ 0.004 0.004 0.004 ] pos = [ 0 0.3 0 ] lin_vel = [ 0.5 0 0 ]
    ang_vel = [ 0 0 3 ]
    geometry { name = shell type = sphere radius = 0.1 } }
}
)" + extra_config +
           "\n" + integrator + "\n";
}

// Each variable-step integrator; midpoint: its velocities are at the step ends (else the
// leapfrog's, at the half steps: v(t_n) = v_n + h_(n-1) a / 2).
void add_variable_step_integrators() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("midpoint");
    QTest::newRow("sem") << "error_control_integrator_sem" << false;
    QTest::newRow("mem") << "error_control_integrator_mem" << true;
    QTest::newRow("secm") << "error_control_integrator_secm" << false;
    QTest::newRow("pse") << "error_control_integrator_pse" << false;
    QTest::newRow("psem") << "error_control_integrator_psem" << true;
}

}  // namespace

class TestPositionErrorControl : public QObject {
    Q_OBJECT
private slots:
    // angular_error_weight w scales the angular terms of a body's error (rho |alpha1 -
    // alpha0| and the rotation) and leaves the linear ones: with only an angular
    // acceleration changing over the step the error is w times that of w = 1, with only
    // a linear one it is the same.
    void angular_error_weight_scales_the_angular_terms_only() {
        const auto sim = test::make_simulation(ball("error_control_integrator_sem {}"));
        QVERIFY(sim);
        const Model& model = sim->model();
        const Index ball_body = 1;
        Data before = sim->data(), after = sim->data();
        for (Data* d : {&before, &after})
            for (size_t b = 0; b < d->lin_acc.size(); ++b) d->lin_acc[b] = d->ang_acc[b] = Vec3::Zero();
        after.ang_acc[ball_body] = Vec3(0, 0, 40);
        const PositionErrorCoefficients symplectic = position_error_coefficients(1.0, false);
        const double h = 1e-3;
        for (double w : {0.25, 2.0}) {
            const double unweighted =
                largest_body_error(body_error_weights(model), symplectic, before, after, h, false);
            const double weighted =
                largest_body_error(body_error_weights(model, w), symplectic, before, after, h, false);
            QVERIFY(unweighted > 0);
            QVERIFY2(std::abs(weighted - w * unweighted) < 1e-12 * unweighted,
                     qPrintable(QString("%1 vs %2").arg(weighted).arg(w * unweighted)));
        }
        after.ang_acc[ball_body] = Vec3::Zero();
        after.lin_acc[ball_body] = Vec3(3, -2, 0);
        const double linear = largest_body_error(body_error_weights(model), symplectic, before, after, h, false);
        QVERIFY(linear > 0);
        QCOMPARE(largest_body_error(body_error_weights(model, 0.25), symplectic, before, after, h, false), linear);
    }

    // The property reaches the integrator: a body tumbling about an axis near its
    // intermediate one (no force; its angular acceleration is the gyroscopic w x I w,
    // its linear one zero, so only angular errors set the steps) takes fewer steps
    // under a weight of 0.25 than under 1, and a weight of 1 is the default, step
    // for step.
    void angular_error_weight_property_reaches_the_steps() {
        const auto steps = [](const std::string& integrator) {
            const auto sim = test::make_simulation(R"(
model {
  gravity = [ 0 0 0 ]
  body { name = tumbler mass = 1 inertia = [ 0.1 0.2 0.3 ] ang_vel = [ 0.2 6 0.3 ] }
}
composite_force {}
)" + integrator + "\n");
            if (!sim) return -1;
            int count = 0;
            while (sim->state().time < 2.0) {
                if (!sim->step()) return -1;
                ++count;
            }
            return count;
        };
        const int plain = steps("error_control_integrator_sem { accuracy = 1e-4 }");
        QVERIFY(plain > 0);
        QCOMPARE(steps("error_control_integrator_sem { accuracy = 1e-4 angular_error_weight = 1 }"), plain);
        const int weighted = steps("error_control_integrator_sem { accuracy = 1e-4 angular_error_weight = 0.25 }");
        QVERIFY2(weighted > 0 && weighted < plain, qPrintable(QString("%1 vs %2").arg(weighted).arg(plain)));
    }

    void coefficients_match_the_updates() {
        // one step of h from rest under a linear acceleration a0 -> a1 reaches
        // h^2 (2 a0 + a1) / 6; x + beta h^2 a0 differs by h^2 ((beta - 1/3) a0 - a1/6)
        const PositionErrorCoefficients symplectic = position_error_coefficients(1.0, false);
        QCOMPARE(symplectic.start, 2.0 / 3);
        QCOMPARE(symplectic.end, -1.0 / 6);
        const PositionErrorCoefficients midpoint = position_error_coefficients(0.5, false);
        QCOMPARE(midpoint.start + midpoint.end, 0.0);  // exact under a constant acceleration
        // two symplectic steps of h/2 from rest: x = h^2/4 a0 + h^2/4 (a0 + a_half)... against one
        // of h (h^2 a0): the difference h^2 (a0 / 2 - a_half / 4)
        const PositionErrorCoefficients doubling = position_error_coefficients(1.0, true);
        QCOMPARE(doubling.start, 0.5);
        QCOMPARE(doubling.end, -0.25);
    }

    void every_free_flight_step_is_within_accuracy_times_length_data() { add_variable_step_integrators(); }
    // The parabola from each step's start is known: the step's own position error
    // is measured, not estimated. Every variant is exact in free flight, so nothing
    // but max_step limits the steps. (Plain symplectic Euler, x' = x + h (v + h a),
    // would move h^2 |a| / 2 ahead of the parabola in each step.)
    void every_free_flight_step_is_within_accuracy_times_length() {
        QFETCH(QString, name);
        QFETCH(bool, midpoint);
        const double accuracy = 1e-6;
        auto sim = test::make_simulation(ball(name.toStdString() + " { accuracy = 1e-6 }"));
        QVERIFY(sim);
        const Vec3 gravity = sim->model().gravity;
        double largest_ratio = 0, previous_step = 0;
        while (sim->state().time < 0.15) {
            const State before = sim->state();
            QVERIFY(sim->step());
            const double h = sim->state().time - before.time;
            const Vec3 velocity = before.lin_vel[1] + (midpoint ? 0.0 : 0.5 * previous_step) * gravity;
            const Vec3 parabola = before.pos[1] + h * velocity + 0.5 * h * h * gravity;
            const double ratio = (sim->state().pos[1] - parabola).norm() / (accuracy * sphere_length);
            QVERIFY2(ratio <= 1 + 1e-6, qPrintable(QString("t = %1: %2 accuracy * L").arg(before.time).arg(ratio)));
            largest_ratio = std::max(largest_ratio, ratio);
            previous_step = name.endsWith("secm") ? 0.5 * h : h;
        }
        QVERIFY2(largest_ratio < 1e-6, qPrintable(QString("largest step error %1 accuracy * L").arg(largest_ratio)));
        QCOMPARE(sim->last_step_size(), 0.01);  // max_step: nothing limits it
    }

    void free_fall_ends_within_accuracy_times_steps_times_length_data() { add_variable_step_integrators(); }
    void free_fall_ends_within_accuracy_times_steps_times_length() {
        QFETCH(QString, name);
        const double accuracy = 1e-6, duration = 0.2;
        auto sim = test::make_simulation(ball(name.toStdString() + " { accuracy = 1e-6 }"));
        QVERIFY(sim);
        const State start = sim->state();
        QVERIFY(sim->advance_to(duration));
        const Vec3 parabola =
            start.pos[1] + duration * start.lin_vel[1] + 0.5 * duration * duration * sim->model().gravity;
        const double error = (sim->state().pos[1] - parabola).norm();
        const double steps = double(sim->accepted_steps());
        QVERIFY2(error <= accuracy * steps * sphere_length * (1 + 1e-6),
                 qPrintable(QString("error %1 m after %2 steps").arg(error).arg(steps)));
        const double bound = duration * std::sqrt(accuracy * sphere_length * g / 2);  // 1.1e-4 m
        QVERIFY2(error <= bound, qPrintable(QString("error %1 m, bound %2 m").arg(error).arg(bound)));
    }

    // A constant moment about z on a body at rest: the angle about z is alpha t^2 / 2.
    void each_rotation_step_is_within_accuracy_radians_data() { add_variable_step_integrators(); }
    void each_rotation_step_is_within_accuracy_radians() {
        QFETCH(QString, name);
        const double accuracy = 1e-6, inertia = 0.004, moment = 0.2, alpha = moment / inertia;
        auto sim = test::make_simulation(R"(
model { gravity = [ 0 0 0 ] body { name = wheel mass = 1 inertia = [ 0.004 0.004 0.004 ] } }
composite_force {}
)" + name.toStdString() + " { accuracy = 1e-6 }\n");
        QVERIFY(sim);
        Perturbation push;
        push.body = 0;
        push.moment = Vec3(0, 0, moment);
        sim->controls().perturbations.push_back(push);
        QFETCH(bool, midpoint);
        const double half_steps = name.endsWith("secm") ? 0.5 : 1.0;
        double largest = 0, previous_step = 0;
        while (sim->state().time < 0.05) {
            const State before = sim->state();
            QVERIFY(sim->step());
            const double h = sim->state().time - before.time;
            const double turned = 2 * std::atan2(sim->state().ori[0].z(), sim->state().ori[0].w()) -
                                  2 * std::atan2(before.ori[0].z(), before.ori[0].w());
            const double w = before.ang_vel[0].z() + (midpoint ? 0.0 : 0.5 * previous_step) * alpha;
            previous_step = half_steps * h;
            const double error = std::abs(turned - (h * w + 0.5 * h * h * alpha));
            QVERIFY2(error <= accuracy * (1 + 1e-6), qPrintable(QString("step error %1 rad").arg(error)));
            largest = std::max(largest, error);
        }
        // midpoint Euler's velocity is the one at t, the leapfrog's the one half a step before
        const double t = sim->state().time;
        const double lag = midpoint ? 0.0 : 0.5 * half_steps * sim->last_step_size();
        QVERIFY(std::abs(sim->state().ang_vel[0].z() - alpha * (t - lag)) < 1e-9 * alpha * t);
        QVERIFY2(largest < 1e-6 * accuracy, qPrintable(QString("largest step error %1 rad").arg(largest)));
    }

    // The sphere's centre falls 0.2 m to touch the floor: onset at sqrt(0.4 / g).
    void dropped_sphere_touches_down_on_time_with_any_sample_period_data() {
        QTest::addColumn<QString>("name");
        for (const char* name :
             {"error_control_integrator_sem", "error_control_integrator_secm", "error_control_integrator_pse"})
            QTest::newRow(name) << name;
    }
    void dropped_sphere_touches_down_on_time_with_any_sample_period() {
        QFETCH(QString, name);
        const std::string text =
            ball(name.toStdString() + " { accuracy = 1e-6 }",
                 "composite_force { simple_collision_detection {} contact_force_hunt_crossley_sb {} }");
        const double expected = std::sqrt(2 * 0.2 / g);
        std::vector<double> onsets;
        for (double period : {0.5e-3, 7e-3}) {
            SimConfig config;
            auto sim = test::make_simulation(text, nullptr, &config);
            QVERIFY(sim);
            const ContactPairSet pairs = candidate_contact_pairs(sim->model(), collision_settings(config));
            Recorder recorder(*sim, pairs, group_bit(ChannelGroup::Bodies));
            ContactEventDetector detector(*sim, pairs);
            RunOptions options;
            options.duration = 0.25;
            options.sample_period = period;
            options.events = &detector;
            const RunResult result = record_simulation(*sim, recorder, options);
            QVERIFY2(result.ok, result.message.c_str());
            QVERIFY(!detector.events().empty());
            QVERIFY(detector.events()[0].kind == ContactEventKind::Onset);
            const double onset = detector.events()[0].time;
            QVERIFY2(
                std::abs(onset - expected) < 1e-4,
                qPrintable(QString("period %1 s: onset %2 s, free fall %3 s").arg(period).arg(onset).arg(expected)));
            onsets.push_back(onset);
        }
        QCOMPARE(onsets[0], onsets[1]);  // the sampling never changes the steps
    }
};

QTEST_APPLESS_MAIN(TestPositionErrorControl)
#include "test_position_error_control.moc"
