// The step control earns its steps: on a compound pendulum (a 1 kg bob, I = 0.01 kg m^2,
// 0.5 m from a pin joint of stiffness 1e7, critically damped, released horizontal) the
// variable-step leapfrog of error_control_integrator_sem (error_control_integrator.h)
//   - stays within 0.05 mm of the rigid pendulum's exact motion over 5 s at 1e-6,
//   - is no worse than symplectic Euler with as many even steps at every accuracy,
//   - and its error falls at least as fast as its mean step.
// Exact motion (Lawden 1989, "Elliptic Functions and Applications", 4.3): with
// k = sin(theta0 / 2), omega = sqrt(m g d / I_pin), sin(theta / 2) = k sn(K(k) - omega t, k),
// theta from the downward vertical. The joint's compliance (a stretch of micrometres
// under the bob's load) moves the period by a few parts per million; over 5 s that puts
// a converged run about 0.04 mm from the rigid motion, so the convergence checks compare
// against a run at 1e-10, itself shown converged against 1e-9.
#include "sim_test_util.h"

#include <QTest>

#include <cmath>
#include <vector>

using namespace hfd;

namespace {

constexpr double mass = 1, inertia = 0.01, arm = 0.5, g = 9.81;

std::string pendulum(const std::string& integrator) {
    return R"(
model {
  gravity = [ 0 -9.81 0 ]
  body { name = ground mass = 0 inertia = [ 0 0 0 ] }
  body { name = bob mass = 1 inertia = [ 0.01 0.01 0.01 ]
    joint { name = pin parent = ground pos_in_parent = [ 0 0 0 ] pos_in_child = [ 0 0.5 0 ] stiffness = 1e7 } }
  dof { name = swing source = bob_rz default = 90 }
}
composite_force { joint_force_pnld {} }
)" + integrator + "\n";
}

// K(k) by the arithmetic-geometric mean: K = pi / (2 AGM(1, sqrt(1 - k^2))).
double complete_elliptic_k(double k) {
    double a = 1, b = std::sqrt(1 - k * k);
    for (int i = 0; i < 30; ++i) {
        const double mean = 0.5 * (a + b);
        b = std::sqrt(a * b), a = mean;
    }
    return M_PI / (2 * a);
}

// The Jacobi amplitude am(u, k) by the descending Landen transformation
// (Abramowitz & Stegun 16.4): sn(u, k) = sin(am(u, k)).
double jacobi_amplitude(double u, double k) {
    double a[32], c[32], b = std::sqrt(1 - k * k);
    a[0] = 1, c[0] = k;
    int n = 0;
    while (std::abs(c[n]) > 1e-16 && n < 30) {
        a[n + 1] = 0.5 * (a[n] + b), c[n + 1] = 0.5 * (a[n] - b), b = std::sqrt(a[n] * b);
        ++n;
    }
    double phi = std::ldexp(1.0, n) * a[n] * u;
    for (int i = n; i > 0; --i) phi = 0.5 * (phi + std::asin(c[i] / a[i] * std::sin(phi)));
    return phi;
}

// The bob's centre at t for the rigid pendulum released at 90 degrees.
Vec3 exact_centre(double t) {
    const double pin_inertia = inertia + mass * arm * arm, omega = std::sqrt(mass * g * arm / pin_inertia);
    const double k = std::sin(M_PI / 4), quarter = complete_elliptic_k(k);
    const double theta = 2 * std::asin(k * std::sin(jacobi_amplitude(quarter - omega * t, k)));
    return {arm * std::sin(theta), -arm * std::cos(theta), 0};
}

struct Run {
    std::vector<Vec3> centres;  // every 10 ms
    long long steps = 0;
};

Run run(const std::string& integrator, double duration) {
    Run result;
    auto sim = test::make_simulation(pendulum(integrator));
    if (!sim) return result;
    const int samples = int(std::lround(duration * 100));
    for (int i = 1; i <= samples; ++i) {
        if (!sim->advance_to(duration * i / samples)) return result;
        result.centres.push_back(sim->state().pos[1]);
    }
    result.steps = sim->accepted_steps();
    return result;
}

double largest_distance(const Run& a, const Run& b) {
    double largest = 0;
    for (size_t i = 0; i < a.centres.size(); ++i) largest = std::max(largest, (a.centres[i] - b.centres[i]).norm());
    return largest;
}

std::string number(double value) { return QString::number(value, 'g', 17).toStdString(); }

std::string controlled(double accuracy) { return "error_control_integrator_sem { accuracy = " + number(accuracy) + " }"; }

}  // namespace

class TestStepControlAccuracy : public QObject {
    Q_OBJECT

private slots:
    void exact_solution_is_a_pendulum() {
        // the quarter period from K: 4 K / omega of a 90 degree swing is 1.18 times the small-angle period
        const double pin_inertia = inertia + mass * arm * arm, omega = std::sqrt(mass * g * arm / pin_inertia);
        QVERIFY(std::abs(4 * complete_elliptic_k(std::sin(M_PI / 4)) / omega / (2 * M_PI / omega) - 1.18034) < 1e-5);
        QVERIFY((exact_centre(0) - Vec3(arm, 0, 0)).norm() < 1e-12);
        const double quarter = complete_elliptic_k(std::sin(M_PI / 4)) / omega;
        QVERIFY((exact_centre(quarter) - Vec3(0, -arm, 0)).norm() < 1e-9);  // the bottom
        QVERIFY((exact_centre(2 * quarter) - Vec3(-arm, 0, 0)).norm() < 1e-9);  // the far side
    }

    void five_seconds_at_1e6_stay_within_50_micrometres_of_the_exact_motion() {
        auto sim = test::make_simulation(pendulum(controlled(1e-6)));
        QVERIFY(sim);
        double largest = 0;
        for (int i = 1; i <= 500; ++i) {
            QVERIFY(sim->advance_to(i * 0.01));
            largest = std::max(largest, (sim->state().pos[1] - exact_centre(i * 0.01)).norm());
        }
        qInfo("accuracy 1e-6, 5 s: %lld steps (%lld rejected), at most %.4f mm from the exact motion",
              sim->accepted_steps(), sim->rejected_steps(), largest * 1e3);
        QVERIFY2(largest < 5e-5, qPrintable(QString("%1 mm from the exact motion").arg(largest * 1e3)));
    }

    void controlled_steps_are_no_worse_than_as_many_even_steps() {
        const double duration = 1;
        const Run reference = run(controlled(1e-10), duration);
        QVERIFY(reference.steps > 0);
        QVERIFY(largest_distance(run(controlled(1e-9), duration), reference) < 1e-7);  // converged
        std::vector<double> errors, steps;
        for (double accuracy : {1e-3, 1e-4, 1e-5, 1e-6, 1e-7}) {
            const Run controlled_run = run(controlled(accuracy), duration);
            QVERIFY(controlled_run.steps > 0);
            const Run even =
                run("symplectic_euler_integrator { step_size = " + number(duration / double(controlled_run.steps)) + " }",
                    duration);
            QVERIFY(even.steps > 0);
            const double error = largest_distance(controlled_run, reference);
            const double even_error = largest_distance(even, reference);
            qInfo("accuracy %g, 1 s: %lld steps, %.3g mm from the 1e-10 run; as many even steps %.3g mm", accuracy,
                  controlled_run.steps, error * 1e3, even_error * 1e3);
            QVERIFY2(error <= even_error, qPrintable(QString("accuracy %1: %2 mm in %3 steps, even steps %4 mm")
                                                         .arg(accuracy)
                                                         .arg(error * 1e3)
                                                         .arg(controlled_run.steps)
                                                         .arg(even_error * 1e3)));
            errors.push_back(error), steps.push_back(double(controlled_run.steps));
        }
        // from 1e-3 to 1e-7 the error falls at least as fast as the mean step (first order)
        const double error_ratio = errors.front() / errors.back(), step_ratio = steps.back() / steps.front();
        QVERIFY2(error_ratio >= step_ratio,
                 qPrintable(QString("error / %1, step / %2").arg(error_ratio).arg(step_ratio)));
        for (size_t i = 1; i < errors.size(); ++i) QVERIFY(errors[i] < errors[i - 1]);
    }
};

QTEST_APPLESS_MAIN(TestStepControlAccuracy)
#include "test_step_control_accuracy.moc"
