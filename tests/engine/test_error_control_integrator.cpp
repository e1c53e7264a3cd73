// Error-controlled integrators: the largest per-body error of every accepted
// step is below the accuracy, and results converge as the accuracy tightens.
#include "chain_models.h"
#include "integrators/error_control_integrator.h"
#include "state/kinematics.h"
#include "sim_test_util.h"

#include <QTest>

#include <algorithm>

using namespace hfd;

namespace {

std::unique_ptr<Simulation> double_pendulum(const std::string& integrator, bool planar,
                                            const std::string& joint_extra = "") {
    auto sim = test::make_simulation(test::double_pendulum(
        planar ? "planar_joint_force_pnld {}" : "joint_force_pnld {}", integrator, 100, 30, joint_extra));
    if (!sim) return sim;
    State s = sim->state();
    apply_dofs(sim->model(), default_dof_assignment(sim->model()), s);
    sim->set_initial_state(s);
    return sim;
}

}  // namespace

class TestErrorControlIntegrator : public QObject {
    Q_OBJECT
private slots:
    void every_accepted_step_is_within_accuracy_for_every_body_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("planar");
        for (const char* name :
             {"error_control_integrator_sem", "error_control_integrator_mem", "error_control_integrator_secm"})
            QTest::newRow(name) << name << false;
        for (const char* name : {"error_control_integrator_psem", "error_control_integrator_pse"})
            QTest::newRow(name) << name << true;
    }
    void every_accepted_step_is_within_accuracy_for_every_body() {
        QFETCH(QString, name);
        QFETCH(bool, planar);
        const double accuracy = 0.01;
        auto sim = double_pendulum(name.toStdString() + " { accuracy = 0.01 }", planar);
        QVERIFY(sim);
        double largest_step = 0, smallest_step = 1;
        StepScratch scratch;
        while (sim->state().time < 1.0) {
            const State before = sim->state();
            const Data data_before = sim->data();
            QVERIFY(sim->step());
            QVERIFY(sim->last_step_error() <= accuracy);
            // recompute the criterion independently from the accelerations before and after:
            // it is the largest over bodies, so each body's own error is below accuracy too.
            // The step applied a~ (the joints' damping at its end velocity, body_update.h)
            // and counts |a~ - a| as well.
            const double h = sim->state().time - before.time;
            const double beta = name.contains("mem") ? 0.5 : 1.0;
            const StepAccelerations applied =
                step_accelerations(sim->model(), before, data_before, h, beta, planar, scratch);
            if (name != "error_control_integrator_secm")
                for (size_t b = 1; b < sim->model().bodies.size(); ++b) {
                    const Body& body = sim->model().bodies[b];
                    const double rho = std::sqrt(body.inertia.mean() / body.mass);
                    const double body_error = 0.5 * h *
                                              std::max({(sim->data().lin_acc[b] - applied.lin[b]).norm(),
                                                        rho * (sim->data().ang_acc[b] - applied.ang[b]).norm(),
                                                        (applied.lin[b] - data_before.lin_acc[b]).norm(),
                                                        rho * (applied.ang[b] - data_before.ang_acc[b]).norm()});
                    QVERIFY2(body_error <= accuracy * (1 + 1e-9), qPrintable(QString::number(body_error)));
                }
            largest_step = std::max(largest_step, h);
            smallest_step = std::min(smallest_step, h);
        }
        QVERIFY(largest_step > 2 * smallest_step);  // the step size does vary
        QVERIFY(sim->accepted_steps() > 0);
    }

    void error_is_bounded_against_a_thousand_times_more_accurate_run_data() {
        QTest::addColumn<QString>("name");
        QTest::newRow("sem") << "error_control_integrator_sem";
        QTest::newRow("mem") << "error_control_integrator_mem";
        QTest::newRow("secm") << "error_control_integrator_secm";
    }
    // A smooth problem where accuracy, not stability, sets the step: a body
    // tumbling about its intermediate axis, tracked at a point 1 m off its centre.
    void error_is_bounded_against_a_thousand_times_more_accurate_run() {
        QFETCH(QString, name);
        const double accuracy = 0.01, duration = 2.0;
        auto make = [&](double a) {
            return test::make_simulation(R"(
model { gravity = [ 0 0 0 ] body { name = brick mass = 3 inertia = [ 1 2 3 ] ang_vel = [ 0.05 3 0.05 ] } }
composite_force {}
)" + name.toStdString() +
                                         " { accuracy = " + std::to_string(a) + " max_step = 1 }\n");
        };
        auto reference = make(accuracy / 1000), coarse = make(accuracy), finer = make(accuracy / 2),
             finest = make(accuracy / 4);
        QVERIFY(reference && coarse && finer && finest);
        auto deviation = [&](Simulation& sim) {
            reference->reset();
            double largest = 0;
            for (double t = 0.25; t <= duration + 1e-9; t += 0.25) {
                if (!sim.advance_to(t) || !reference->advance_to(t)) return 1e9;
                largest = std::max(
                    largest, (sim.state().ori[0] * Vec3::UnitX() - reference->state().ori[0] * Vec3::UnitX()).norm());
            }
            return largest;
        };
        const double coarse_error = deviation(*coarse), finer_error = deviation(*finer),
                     finest_error = deviation(*finest);
        // every step's velocity error at the radius of gyration is below accuracy;
        // over N steps of the run the drift is below N * accuracy * duration (per m of radius)
        const double bound = double(coarse->accepted_steps()) * accuracy * duration;
        QVERIFY2(coarse_error < bound, qPrintable(QString("deviation %1, bound %2").arg(coarse_error).arg(bound)));
        QVERIFY2(finest_error < finer_error && finer_error < coarse_error,
                 qPrintable(QString("accuracy/4: %1, accuracy/2: %2, accuracy: %3")
                                .arg(finest_error)
                                .arg(finer_error)
                                .arg(coarse_error)));
        // h ~ sqrt(accuracy) and the global error of a first-order method ~ h: halving
        // the accuracy should scale the error by about 1/sqrt(2) = 0.71, at most 0.9
        // per halving; taken over two halvings, as one pair of runs of 28 steps
        // depends on where their few steps fall
        QVERIFY2(finest_error < 0.9 * 0.9 * coarse_error,
                 qPrintable(QString("ratio over two halvings %1").arg(finest_error / coarse_error)));
    }

    // Critically damped joint springs of 10^6 N/m set the step of a double pendulum where
    // their damping is explicit (midpoint Euler: body_update.h), at its stability limit,
    // not the accuracy: the PI control keeps h from growing straight back past that
    // limit, so almost no trial step is thrown away. Symplectic Euler takes the damping
    // at the step's end velocity: its limit lies further out, and although that control
    // throws away a third or more of its trial steps there, it evaluates fewer.
    void few_trial_steps_are_rejected_at_the_stability_limit_data() {
        QTest::addColumn<bool>("planar");
        QTest::newRow("3D") << false;
        QTest::newRow("planar") << true;
    }
    void few_trial_steps_are_rejected_at_the_stability_limit() {
        QFETCH(bool, planar);
        auto explicit_damping =
            double_pendulum(std::string(planar ? "error_control_integrator_psem" : "error_control_integrator_mem") +
                                " { accuracy = 0.01 }",
                            planar);
        auto implicit_damping =
            double_pendulum(std::string(planar ? "error_control_integrator_pse" : "error_control_integrator_sem") +
                                " { accuracy = 0.01 }",
                            planar);
        QVERIFY(explicit_damping && implicit_damping);
        QVERIFY(explicit_damping->advance_to(2.0) && implicit_damping->advance_to(2.0));
        const double steps_per_second = double(explicit_damping->accepted_steps()) / 2.0;
        QVERIFY2(steps_per_second > 2000, "the stiff joints, not the accuracy, set the step");
        const double rejected = double(explicit_damping->rejected_steps()) / double(explicit_damping->accepted_steps());
        QVERIFY2(rejected < 0.01, qPrintable(QString("%1 of the accepted steps rejected").arg(rejected)));
        auto evaluations = [](const Simulation& sim) { return sim.accepted_steps() + sim.rejected_steps(); };
        QVERIFY2(2 * evaluations(*implicit_damping) < evaluations(*explicit_damping),
                 qPrintable(QString("%1 trial steps against %2")
                                .arg(evaluations(*implicit_damping))
                                .arg(evaluations(*explicit_damping))));
    }

    void step_size_stays_within_min_and_max() {
        auto sim = double_pendulum("error_control_integrator_mem { accuracy = 1 max_step = 0.002 }", false);
        QVERIFY(sim);
        for (int i = 0; i < 200; ++i) {
            QVERIFY(sim->step());
            QVERIFY(sim->last_step_size() <= 0.002 * (1 + 1e-12));
        }
    }

    void too_strict_accuracy_stops_the_run_with_a_message() {
        auto sim =
            double_pendulum("error_control_integrator_mem { accuracy = 1e-12 min_step = 1e-3 max_step = 1e-2 }", false);
        QVERIFY(sim);
        QVERIFY(!sim->advance_to(0.1));
        QVERIFY(sim->error().has_value());
        QVERIFY(sim->error()->message.find("min_step") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestErrorControlIntegrator)
#include "test_error_control_integrator.moc"
