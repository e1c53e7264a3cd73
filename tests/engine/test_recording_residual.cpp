// Dynamic consistency of a recording: the implicit residual with velocities
// and accelerations from differences of the recorded rows. A body recorded by
// its own model leaves residual forces at the level of the difference error;
// analysed with twice the gravity, each row misses m g.
#include "analysis/recording_residual.h"
#include "analysis/trajectory_states.h"
#include "chain_models.h"
#include "run/run.h"
#include "sim_test_util.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <string>
#include "test_time_scale.h"

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
        for (const BodyResidual& b : recording_residual(dynamics, states.states, k))
            largest = std::max(largest, b.force);
    return largest;
}

// A free body tumbling under gravity: no joints, its poses are its whole state.
const std::string tumbling = R"(
model {
	body { name = ground mass = 0 inertia = [ 0 0 0 ] }
	body { name = brick mass = 2 inertia = [ 0.02 0.05 0.08 ] pos = [ 0 2 0 ]
		lin_vel = [ 1 3 0 ] ang_vel = [ 3 1 0.5 ] }
}
composite_force { joint_force_pnld {} }
symplectic_euler_integrator { step_size = 1e-5 }
)";

}  // namespace

class TestRecordingResidual : public QObject {
    Q_OBJECT
private slots:
    void own_model_is_consistent_and_another_gravity_is_not() {
        // A free body tumbling through the air (no joint springs: its recorded poses
        // are its whole state, and the reader differentiates them): at 1 ms per row
        // the differences miss (h w)^2 / 6 ~ 1e-6 of the motion, against m g = 19.6 N
        // when the analysis assumes twice the gravity.
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

    void command_line_writes_the_residual_per_row_and_body() {
        QTemporaryDir dir;
        const QString model = dir.filePath("brick.hfd"), run = dir.filePath("run.csv"), out = dir.filePath("res.csv");
        QFile file(model);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(tumbling.c_str());
        file.close();
        QProcess hfd;
        hfd.start(HFD_BIN_DIR "/hfd", {"simulate", model, "--duration", "0.2", "--sample", "0.001", "--out", run});
        QVERIFY(hfd.waitForFinished(hfd::test::scaled_ms(60000)) && hfd.exitCode() == 0);
        hfd.start(HFD_BIN_DIR "/hfd", {"analyze", "residual", model, "--trajectory", run, "--out", out});
        QVERIFY(hfd.waitForFinished(hfd::test::scaled_ms(60000)));
        QCOMPARE(hfd.exitCode(), 0);
        QFile result(out);
        QVERIFY(result.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(result.readAll()).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 202);  // header + 201 rows
        QCOMPARE(lines[0], QStringLiteral("time [s],brick.residual_force [N],brick.residual_torque [Nm]"));
        for (int row = 3; row < lines.size() - 2; ++row)  // one-sided differences at the ends
            QVERIFY2(lines[row].split(',')[1].toDouble() < 1e-3 * 2 * 9.81, qPrintable(lines[row]));
        hfd.start(HFD_BIN_DIR "/hfd", {"analyze", "residual", model, "--out", out});
        QVERIFY(hfd.waitForFinished(hfd::test::scaled_ms(60000)));
        QCOMPARE(hfd.exitCode(), 2);  // no recorded run given
        QVERIFY(hfd.readAllStandardError().contains("--trajectory"));
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

QTEST_GUILESS_MAIN(TestRecordingResidual)
#include "test_recording_residual.moc"
