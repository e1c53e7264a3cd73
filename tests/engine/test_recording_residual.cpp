// Dynamic consistency of a recording: the implicit residual with velocities
// and accelerations from differences of the recorded rows. A body recorded by
// its own model leaves residual forces at the level of the difference error;
// analysed with twice the gravity, each row misses m g.
#include "analysis/recording_residual.h"
#include "analysis/trajectory_states.h"
#include "chain_models.h"
#include "io/run.h"
#include "sim_test_util.h"

#include <QtTest>

#include <string>

using namespace hfd;

namespace {

struct Recorded {
    std::vector<std::string> names;
    std::vector<double> rows;
};

Recorded record(Simulation& sim, double duration, double period) {
    Recorder recorder(sim, ContactPairSet{});
    RunOptions options;
    options.duration = duration;
    options.sample_period = period;
    if (!record_simulation(sim, recorder, options).ok) qFatal("run failed");
    Recorded r;
    for (const Channel& c : recorder.channels()) r.names.push_back(c.name);
    r.rows = recorder.values();
    return r;
}

// Largest residual force over the rows `skip` away from either end (the reader's
// velocities are one-sided differences at the ends), with the model of `text`.
double largest_force(const std::string& text, const Recorded& recorded, size_t skip) {
    SimConfig config;
    auto sim = test::make_simulation(text, nullptr, &config);
    if (!sim) qFatal("no simulation");
    const TrajectoryStates states =
        trajectory_from_rows(recorded.names, recorded.rows, sim->model(), std::as_const(*sim).state());
    if (!states.ok()) qFatal("recording does not fit");
    const ImplicitDynamics dynamics(*sim, config);
    double largest = 0;
    for (size_t k = skip; k + skip < states.states.size(); ++k)
        for (const BodyResidual& b : recording_residual(dynamics, states.states, k)) largest = std::max(largest, b.force);
    return largest;
}

}  // namespace

class TestRecordingResidual : public QObject {
    Q_OBJECT
private slots:
    void own_model_is_consistent_and_another_gravity_is_not() {
        // A free body tumbling through the air (no joint springs: its recorded poses
        // are its whole state, and the reader differentiates them): at 1 ms per row
        // the differences miss (h w)^2 / 6 ~ 1e-6 of the motion, against m g = 19.6 N
        // when the analysis assumes twice the gravity.
        const std::string tumbling = R"(
model {
	body { name = ground mass = 0 inertia = [ 0 0 0 ] }
	body { name = brick mass = 2 inertia = [ 0.02 0.05 0.08 ] pos = [ 0 2 0 ]
		lin_vel = [ 1 3 0 ] ang_vel = [ 3 1 0.5 ] }
}
composite_force { joint_force_pnld {} }
symplectic_euler_integrator { step_size = 1e-5 }
)";
        auto sim = test::make_simulation(tumbling);
        QVERIFY(sim);
        const Recorded recorded = record(*sim, 0.5, 0.001);
        const double weight = 2 * 9.81;
        const double own = largest_force(tumbling, recorded, 2);
        std::string heavier = tumbling;
        heavier.replace(heavier.find("model {"), 7, "model { gravity = [ 0 -19.62 0 ]");
        const double other = largest_force(heavier, recorded, 2);
        qInfo("largest residual force: own model %.3g N, twice the gravity %.3g N (m g = %.3g N)", own, other, weight);
        QVERIFY2(own < 1e-3 * weight, QByteArray::number(own));
        QVERIFY2(std::abs(other - weight) < 1e-3 * weight, QByteArray::number(other));
    }

    void ends_use_one_sided_differences_and_short_recordings_give_nothing() {
        auto sim = test::make_simulation(test::pin_pendulum_text);
        QVERIFY(sim);
        SimConfig config;
        auto analysed = test::make_simulation(test::pin_pendulum_text, nullptr, &config);
        const ImplicitDynamics dynamics(*analysed, config);
        const State one = std::as_const(*sim).state();
        QVERIFY(recording_residual(dynamics, {one}, 0).empty());
        const Recorded recorded = record(*sim, 0.01, 0.0005);
        const TrajectoryStates states = trajectory_from_rows(recorded.names, recorded.rows, analysed->model(), one);
        QVERIFY(states.ok());
        for (const size_t row : {size_t(0), states.states.size() - 1}) {
            const std::vector<BodyResidual> r = recording_residual(dynamics, states.states, row);
            QCOMPARE(r.size(), size_t(1));  // the bob
            QCOMPARE(r[0].body, analysed->model().find_body("bob"));
            QVERIFY(std::isfinite(r[0].force) && std::isfinite(r[0].torque));
        }
    }
};

QTEST_APPLESS_MAIN(TestRecordingResidual)
#include "test_recording_residual.moc"
