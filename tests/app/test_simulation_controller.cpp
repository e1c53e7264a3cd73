// The simulation thread: runs, pauses, resets exactly, records what `hfd
// simulate` records, stops cleanly on a blow-up, and keeps the live state on
// its own thread.
#include "simulation_controller.h"
#include "frame_mailbox.h"
#include "studio_test_support.h"

#include "format/parser.h"
#include "io/excitation_csv.h"
#include "model/build_model.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <cmath>
#include "test_time_scale.h"

using namespace hfd;
using namespace hfd::studio;

namespace {

const QString sample = QStringLiteral(HFD_SAMPLES_DIR "/human_standing.hfd");

SimulationSetup setup_from_file(const QString& path, double end_time) {
    SimulationSetup setup;
    BuildResult built = load_model(path.toStdString());
    if (!built.ok()) return setup;
    setup.model = std::make_shared<const Model>(std::move(*built.model));
    std::vector<Diagnostic> diagnostics;
    setup.config = read_sim_config(parse_file(path.toStdString()).root, path.toStdString(), diagnostics);
    setup.end_time = end_time;
    return setup;
}

std::vector<std::vector<double>> read_csv(const QString& path, QStringList* header) {
    QFile file(path);
    std::vector<std::vector<double>> rows;
    if (!file.open(QIODevice::ReadOnly)) return rows;
    *header = QString::fromUtf8(file.readLine()).trimmed().split(QLatin1Char(','));
    while (!file.atEnd()) {
        const QStringList fields = QString::fromUtf8(file.readLine()).trimmed().split(QLatin1Char(','));
        std::vector<double> row;
        for (const QString& field : fields) row.push_back(field.toDouble());
        rows.push_back(std::move(row));
    }
    return rows;
}

// Time of the last row of the recording as exported now; -1 when nothing could be
// exported. The export is a blocking call to the worker between its steps: the GUI
// thread processes no events meanwhile.
double recorded_until(const SimulationController& controller, const QString& path) {
    QString error;
    if (!controller.exportCsv(path, &error)) return -1;
    QStringList header;
    const auto rows = read_csv(path, &header);
    return rows.empty() || rows.back().empty() ? -1 : rows.back()[0];
}

// `hfd simulate MODEL ARGS...`, true when it ran to the end (exit code 0).
bool run_hfd_simulate(const QStringList& arguments) {
    QProcess cli;
    cli.start(QStringLiteral(HFD_BIN_DIR "/hfd"), QStringList{"simulate"} + arguments);
    return cli.waitForFinished(hfd::test::scaled_ms(60000)) && cli.exitStatus() == QProcess::NormalExit &&
           cli.exitCode() == 0;
}

}  // namespace

class TestSimulationController : public QObject {
    Q_OBJECT
private slots:
    void runsPausesResumesAndMatchesTheCli();
    void excitationsFromAFileDriveTheRunAsTheCliDoes();
    void resetRestoresTheInitialStateExactly();
    void blowUpStopsWithTimeAndBody();
    void liveStateStaysOnTheWorkerThread();
    void aBusyGuiGetsMergedFramesNotABacklog();
    void theMailboxPassesUntakenRowsOnWithinARun();
    void aStoppedWorkerKeepsNoTimerRunning();
};

// The recorded CSV of a GUI run (paused and resumed midway) equals the CSV of
// `hfd simulate` with the same model and config, value for value: both advance
// with the same integrator steps to the same sample times.
void TestSimulationController::runsPausesResumesAndMatchesTheCli() {
    SimulationController controller;
    QVERIFY(!has_errors(controller.load(setup_from_file(sample, 1.0))));
    QVERIFY(controller.isLoaded());
    // First at real time: simulated time never runs ahead of the wall clock.
    controller.setRealTimeFactor(1);
    QElapsedTimer wall;
    wall.start();
    controller.play();
    QTRY_VERIFY_WITH_TIMEOUT(controller.latestFrame() && controller.latestFrame()->time > 0.2,
                             hfd::test::scaled_ms(20000));
    controller.pause();
    QTRY_VERIFY_WITH_TIMEOUT(!controller.latestFrame()->running, hfd::test::scaled_ms(5000));
    const double paused_at = controller.latestFrame()->time;
    QVERIFY2(paused_at <= wall.elapsed() * 1e-3 + 0.02, qPrintable(QString::number(paused_at)));
    QVERIFY(paused_at < 1.0);
    controller.setRealTimeFactor(0);
    // Nothing advances while paused: no frame (a running worker publishes at display
    // rate), the shown time stays, and the recording does not grow.
    QSignalSpy frames_while_paused(&controller, &SimulationController::frameReceived);
    QTest::qWait(200);
    QCOMPARE(frames_while_paused.count(), 0);
    QCOMPARE(controller.latestFrame()->time, paused_at);
    QTemporaryDir paused_dir;
    QVERIFY(recorded_until(controller, paused_dir.filePath("paused.csv")) <= paused_at);
    controller.play();
    QTRY_VERIFY_WITH_TIMEOUT(controller.latestFrame()->finished, hfd::test::scaled_ms(30000));
    QVERIFY(controller.latestFrame()->error.isEmpty());
    QCOMPARE(controller.latestFrame()->time, 1.0);
    // The stage times: each force component, then the dynamics and the integrator's own
    // work, all spent (> 0, finite); every accepted step evaluates the forces at least once.
    const SimulationFrame& done = *controller.latestFrame();
    QVERIFY(done.stages.size() >= 3);
    QCOMPARE(done.stages[done.stages.size() - 2].name, std::string("dynamics"));
    QCOMPARE(done.stages.back().name, std::string("integrator"));
    for (const SimulationFrame::Stage& stage : done.stages)
        QVERIFY2(std::isfinite(stage.microseconds_per_step) && stage.microseconds_per_step >= 0, stage.name.c_str());
    QVERIFY(done.stages.front().microseconds_per_step > 0 &&
            done.stages[done.stages.size() - 2].microseconds_per_step > 0);
    QVERIFY(done.evaluations_per_step >= 1);

    QTemporaryDir dir;
    const QString gui_csv = dir.filePath("gui.csv"), cli_csv = dir.filePath("cli.csv");
    QString error;
    QVERIFY2(controller.exportCsv(gui_csv, &error), qPrintable(error));
    QVERIFY2(controller.exportContactEvents(dir.filePath("gui_events.csv"), &error), qPrintable(error));

    QVERIFY(
        run_hfd_simulate({sample, "--duration", "1", "--out", cli_csv, "--events", dir.filePath("cli_events.csv")}));

    QStringList gui_header, cli_header;
    const auto gui_rows = read_csv(gui_csv, &gui_header);
    const auto cli_rows = read_csv(cli_csv, &cli_header);
    QCOMPARE(gui_header, cli_header);
    QCOMPARE(gui_rows.size(), size_t(101));
    QCOMPARE(gui_rows.size(), cli_rows.size());
    for (size_t r = 0; r < gui_rows.size(); ++r) {
        QCOMPARE(gui_rows[r].size(), cli_rows[r].size());
        for (size_t c = 0; c < gui_rows[r].size(); ++c)
            if (gui_rows[r][c] != cli_rows[r][c])
                QFAIL(qPrintable(QStringLiteral("row %1 column %2 (%3): gui %4, cli %5")
                                     .arg(r)
                                     .arg(c)
                                     .arg(gui_header[c])
                                     .arg(gui_rows[r][c], 0, 'g', 17)
                                     .arg(cli_rows[r][c], 0, 'g', 17)));
    }
    QCOMPARE(studio_test::read_file(dir.filePath("gui_events.csv")),
             studio_test::read_file(dir.filePath("cli_events.csv")));
}

// An excitation file drives the run (soleus_r ramps 0 -> 1, tib_ant_r stays 0) and
// the recording equals `hfd simulate --excitation` with the same file, value for value.
void TestSimulationController::excitationsFromAFileDriveTheRunAsTheCliDoes() {
    QTemporaryDir dir;
    const QString excitation_csv = dir.filePath("excitation.csv");
    {
        QFile file(excitation_csv);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("time,soleus_r,tib_ant_r\n0,0,0\n0.2,1,0\n0.5,1,0\n");
    }
    SimulationSetup setup = setup_from_file(sample, 0.5);
    ExcitationReadResult read = read_excitation_csv(excitation_csv.toStdString(), *setup.model);
    QVERIFY(read.ok());
    setup.excitation = std::make_shared<const ExcitationSeries>(std::move(*read.series));
    SimulationController controller;
    QVERIFY(!has_errors(controller.load(std::move(setup))));
    controller.setRealTimeFactor(0);
    controller.play();
    QTRY_VERIFY_WITH_TIMEOUT(controller.latestFrame() && controller.latestFrame()->finished,
                             hfd::test::scaled_ms(30000));
    QVERIFY(controller.latestFrame()->error.isEmpty());

    const QString gui_csv = dir.filePath("gui.csv"), cli_csv = dir.filePath("cli.csv");
    QString error;
    QVERIFY2(controller.exportCsv(gui_csv, &error), qPrintable(error));
    QVERIFY(run_hfd_simulate({sample, "--duration", "0.5", "--excitation", excitation_csv, "--out", cli_csv}));
    QStringList gui_header, cli_header;
    const auto gui_rows = read_csv(gui_csv, &gui_header);
    const auto cli_rows = read_csv(cli_csv, &cli_header);
    QCOMPARE(gui_header, cli_header);
    QCOMPARE(gui_rows.size(), size_t(51));
    QCOMPARE(gui_rows, cli_rows);
    const qsizetype soleus = gui_header.indexOf("soleus_r.activation"),
                    tib_ant = gui_header.indexOf("tib_ant_r.activation");
    const qsizetype soleus_excitation = gui_header.indexOf("soleus_r.excitation");
    QVERIFY(soleus >= 0 && tib_ant >= 0 && soleus_excitation >= 0);
    QCOMPARE(gui_rows[10][size_t(soleus_excitation)], 0.5);  // t = 0.1: halfway up the ramp
    QVERIFY(gui_rows.back()[size_t(soleus)] > 0.9);          // activation follows (rate 100/s)
    QCOMPARE(gui_rows.back()[size_t(tib_ant)], 0.0);
}

// Reset goes back to the initial state exactly: the first frame after it shows the
// pose and recorded row of the load, and the run that follows records what a freshly
// loaded run records, value for value (no state of the first run is left over).
void TestSimulationController::resetRestoresTheInitialStateExactly() {
    const double end_time = 0.3;
    SimulationController controller;
    QVERIFY(!has_errors(controller.load(setup_from_file(sample, end_time))));
    QTRY_VERIFY_WITH_TIMEOUT(controller.latestFrame(), hfd::test::scaled_ms(5000));  // the frame of the load
    const std::vector<Vec3> initial_pos = controller.latestFrame()->pose.body_pos;
    const std::vector<Quat> initial_ori = controller.latestFrame()->pose.body_ori;
    const std::vector<double> initial_row = controller.latestFrame()->rows;
    const double initial_time = controller.latestFrame()->time;
    QCOMPARE(controller.latestFrame()->row_count, size_t(1));
    controller.setRealTimeFactor(0);
    controller.play();
    QTRY_VERIFY_WITH_TIMEOUT(controller.latestFrame()->time > 0.1, hfd::test::scaled_ms(20000));
    controller.pause();
    QTRY_VERIFY_WITH_TIMEOUT(!controller.latestFrame()->running, hfd::test::scaled_ms(5000));
    QVERIFY(controller.latestFrame()->pose.body_pos != initial_pos);  // the run moved the model
    controller.reset();
    QTRY_VERIFY_WITH_TIMEOUT(controller.latestFrame()->steps == 0, hfd::test::scaled_ms(5000));
    const SimulationFrame& after_reset = *controller.latestFrame();
    QCOMPARE(after_reset.time, initial_time);
    QVERIFY(after_reset.pose.body_pos == initial_pos);
    for (size_t b = 0; b < initial_ori.size(); ++b)
        QVERIFY(after_reset.pose.body_ori.at(b).coeffs() == initial_ori[b].coeffs());
    QCOMPARE(after_reset.first_row, size_t(0));  // a fresh recording
    QCOMPARE(after_reset.row_count, size_t(1));
    QVERIFY(after_reset.rows == initial_row);  // every recorded channel, bit for bit
    controller.play();
    QTRY_VERIFY_WITH_TIMEOUT(controller.latestFrame()->finished, hfd::test::scaled_ms(20000));

    SimulationController fresh;
    QVERIFY(!has_errors(fresh.load(setup_from_file(sample, end_time))));
    fresh.setRealTimeFactor(0);
    fresh.play();
    QTRY_VERIFY_WITH_TIMEOUT(fresh.latestFrame() && fresh.latestFrame()->finished, hfd::test::scaled_ms(20000));
    QTemporaryDir dir;
    QString error;
    QVERIFY2(controller.exportCsv(dir.filePath("after_reset.csv"), &error), qPrintable(error));
    QVERIFY2(fresh.exportCsv(dir.filePath("fresh.csv"), &error), qPrintable(error));
    QStringList header;
    QCOMPARE(read_csv(dir.filePath("after_reset.csv"), &header).size(), size_t(31));
    QCOMPARE(studio_test::read_file(dir.filePath("after_reset.csv")),
             studio_test::read_file(dir.filePath("fresh.csv")));
}

void TestSimulationController::blowUpStopsWithTimeAndBody() {
    const ParseResult parsed = parse_text(studio_test::exploding_text(), "exploding.hfd");
    QVERIFY(parsed.ok());
    BuildResult built = build_model(parsed.root, "exploding.hfd");
    QVERIFY(built.ok());
    SimulationSetup setup;
    setup.model = std::make_shared<const Model>(std::move(*built.model));
    std::vector<Diagnostic> diagnostics;
    setup.config = read_sim_config(parsed.root, "exploding.hfd", diagnostics);
    setup.end_time = 100;
    SimulationController controller;
    QSignalSpy stopped(&controller, &SimulationController::stopped);
    QVERIFY(!has_errors(controller.load(std::move(setup))));
    controller.setRealTimeFactor(0);
    controller.play();
    QTRY_VERIFY_WITH_TIMEOUT(stopped.count() == 1, hfd::test::scaled_ms(10000));
    const SimulationFrame& frame = *controller.latestFrame();
    QVERIFY(!frame.running);
    QVERIFY(!frame.finished);
    QVERIFY(frame.time < 100);
    QVERIFY2(frame.error.contains(QStringLiteral("'link'")), qPrintable(frame.error));
    QVERIFY2(frame.error.contains(QStringLiteral("t = ")), qPrintable(frame.error));
    QCOMPARE(frame.error_body, QStringLiteral("link"));
    QVERIFY(frame.error_time > 0);
    // The recording made until then is kept and exportable.
    QTemporaryDir dir;
    QString error;
    QVERIFY(controller.exportCsv(dir.filePath("kept.csv"), &error));
    QStringList header;
    const auto rows = read_csv(dir.filePath("kept.csv"), &header);
    QVERIFY(rows.size() >= 1);
    QVERIFY(rows.back()[0] <= frame.error_time);
    // Play does nothing after a blow-up until reset.
    controller.play();
    QTest::qWait(100);
    QVERIFY(!controller.latestFrame()->running);
}

// The simulation runs on its own thread: it goes on while the GUI thread processes
// no events at all, and the frame the GUI holds is a copy that keeps its values.
void TestSimulationController::liveStateStaysOnTheWorkerThread() {
    SimulationController controller;
    const QThread* worker_thread = controller.findChild<QThread*>(QStringLiteral("simulation"));
    QVERIFY(worker_thread);
    QVERIFY(worker_thread != QThread::currentThread());
    QVERIFY(worker_thread->isRunning());
    QVERIFY(!has_errors(controller.load(setup_from_file(sample, 1.0))));
    controller.setRealTimeFactor(0);
    controller.play();
    QTRY_VERIFY_WITH_TIMEOUT(controller.latestFrame() && controller.latestFrame()->time > 0.05,
                             hfd::test::scaled_ms(20000));
    // From here on no event is processed, so the GUI keeps this frame (frames arrive as events).
    const SimulationFrame* held = controller.latestFrame();
    const double time = held->time;
    const std::vector<Vec3> poses = held->pose.body_pos;
    QTemporaryDir dir;
    QDeadlineTimer patience(hfd::test::scaled_ms(60000));  // a bound for a broken build, not a measurement
    double recorded = -1;
    while ((recorded = recorded_until(controller, dir.filePath("live.csv"))) < time + 0.1 && recorded < 1.0 &&
           !patience.hasExpired()) {
    }
    QVERIFY2(recorded >= time + 0.1 || recorded == 1.0, qPrintable(QString::number(recorded)));
    QVERIFY(controller.latestFrame() == held);
    QCOMPARE(held->time, time);
    QVERIFY(held->pose.body_pos == poses);
    controller.pause();
    QTRY_VERIFY_WITH_TIMEOUT(!controller.latestFrame()->running, hfd::test::scaled_ms(5000));
    QVERIFY(controller.latestFrame()->time > time);
    QVERIFY(controller.latestFrame()->pose.body_pos != poses);
}

// While the GUI thread is busy the worker keeps running; when the GUI looks
// again it finds one frame holding every row since, not a queue of stale frames
// to work through (the view would lag further and further behind the run).
// The one mailbox of the worker and the scenario runner (frame_mailbox.h): a frame
// not taken gives its rows, layout and error to the next of its run; a frame of
// another run, or one whose rows do not follow on, replaces it.
void TestSimulationController::theMailboxPassesUntakenRowsOnWithinARun() {
    const auto frame = [](unsigned generation, size_t first_row, std::vector<double> rows) {
        auto f = std::make_shared<SimulationFrame>();
        f->generation = generation;
        f->first_row = first_row;
        f->row_count = rows.size();  // one column
        f->rows = std::move(rows);
        return f;
    };
    FrameMailbox mailbox;
    auto first = frame(1, 0, {0, 1});
    first->layout = std::make_shared<RecordingLayout>();
    first->error = QStringLiteral("blew up");
    QVERIFY(mailbox.post(first));              // an empty slot: the GUI is told
    QVERIFY(!mailbox.post(frame(1, 2, {2})));  // already told
    std::shared_ptr<SimulationFrame> taken = mailbox.take();
    QVERIFY(taken);
    QCOMPARE(taken->first_row, size_t(0));
    QCOMPARE(taken->rows, (std::vector<double>{0, 1, 2}));
    QVERIFY(taken->layout);
    QCOMPARE(taken->error, QStringLiteral("blew up"));
    QVERIFY(!mailbox.take());

    QVERIFY(mailbox.post(frame(1, 3, {3})));
    QVERIFY(!mailbox.post(frame(2, 0, {10})));  // a new run: the old rows are not its rows
    QCOMPARE(mailbox.take()->rows, (std::vector<double>{10}));
    QVERIFY(mailbox.post(frame(2, 1, {11})));
    QVERIFY(!mailbox.post(frame(2, 5, {15})));  // not following on: replaced
    QCOMPARE(mailbox.take()->first_row, size_t(5));
}

void TestSimulationController::aBusyGuiGetsMergedFramesNotABacklog() {
    SimulationController controller;
    const double end_time = 2.0;
    QVERIFY(!has_errors(controller.load(setup_from_file(sample, end_time))));
    QSignalSpy frames(&controller, &SimulationController::frameReceived);
    size_t rows = 0, next_row = 0;
    bool contiguous = true;
    connect(&controller, &SimulationController::frameReceived, this, [&](const SimulationFrame& frame) {
        contiguous = contiguous && frame.first_row == next_row;
        next_row = frame.first_row + frame.row_count;
        rows += frame.row_count;
    });
    QTRY_VERIFY_WITH_TIMEOUT(controller.latestFrame(), hfd::test::scaled_ms(5000));  // the frame of the load
    frames.clear();
    controller.setRealTimeFactor(0);
    controller.play();
    // Busy: no events are processed here, only blocking calls to the worker between its steps.
    QTemporaryDir dir;
    QDeadlineTimer patience(hfd::test::scaled_ms(120000));  // a bound for a broken build, not a measurement
    while (recorded_until(controller, dir.filePath("busy.csv")) < end_time && !patience.hasExpired()) {
    }
    QTRY_VERIFY_WITH_TIMEOUT(controller.latestFrame()->finished, hfd::test::scaled_ms(5000));
    QVERIFY2(frames.count() <= 2, qPrintable(QString::number(frames.count())));
    QVERIFY(contiguous);
    QCOMPARE(rows, size_t(201));  // every sample, 0.01 s apart, the first one from the load
}

// The worker paces the run with a repeating timer; paused or at the end it
// must stop it, or the simulation thread wakes up a thousand times a second
// for nothing. The worker is driven here on the test's own thread.
void TestSimulationController::aStoppedWorkerKeepsNoTimerRunning() {
    SimulationWorker worker;
    auto running_timers = [&] { return studio_test::running_repeating_timers(worker.findChildren<QTimer*>()); };
    QVERIFY(!has_errors(worker.load(setup_from_file(sample, 0.05))));
    worker.setRealTimeFactor(0);
    worker.play();
    QVERIFY(worker.isRunning());
    QVERIFY(!running_timers().isEmpty());  // the check sees the pacing timer while it runs
    worker.pause();
    QVERIFY2(running_timers().isEmpty(), qPrintable(running_timers().join(", ")));
    worker.play();
    QTRY_VERIFY_WITH_TIMEOUT(!worker.isRunning(), hfd::test::scaled_ms(20000));  // at the end time
    QVERIFY(worker.simulation()->state().time >= 0.05 - 1e-9);
    QVERIFY2(running_timers().isEmpty(), qPrintable(running_timers().join(", ")));
}

STUDIO_TEST_MAIN(TestSimulationController)
#include "test_simulation_controller.moc"
