// The status-bar text of a run.
#include "studio_test_support.h"
#include "simulation_status.h"

#include "simulation_controller.h"

#include <QTest>

using namespace hfd::studio;

class TestSimulationStatus : public QObject {
    Q_OBJECT
private slots:
    void runningShowsTimeSpeedStepAndRate();
    void blowUpShowsTheMessage();
    void stageTimesAddUp();
    void playbackSaysPlayingBack();
};

// A finished or paused run whose recording plays back says so, not "paused" (#49 item 6).
void TestSimulationStatus::playbackSaysPlayingBack() {
    SimulationFrame frame;
    frame.time = 1.0;
    SimulationStatus status;
    status.showFrame(frame);
    QVERIFY2(status.text().endsWith("paused"), qPrintable(status.text()));
    status.setPlayingBack(true);
    QVERIFY2(status.text().endsWith("playing back"), qPrintable(status.text()));
    status.showTime(0.25);  // the rows played back
    QVERIFY2(status.text().startsWith("t = 0.250 s") && status.text().endsWith("playing back"),
             qPrintable(status.text()));
    status.setPlayingBack(false);
    QVERIFY2(status.text().endsWith("paused"), qPrintable(status.text()));
    frame.finished = true;
    status.showFrame(frame);
    status.setPlayingBack(true);
    QVERIFY2(status.text().endsWith("playing back"), qPrintable(status.text()));
    status.setPlayingBack(false);
    QVERIFY2(status.text().endsWith("finished"), qPrintable(status.text()));
}

// The stage line lists every stage with its time and their sum (1.5 + 2.0 + 0.5 = 4.0);
// the status bar shows the sum per step.
void TestSimulationStatus::stageTimesAddUp() {
    SimulationFrame frame;
    frame.running = true;
    QVERIFY(stage_text(frame).isEmpty());
    QVERIFY(!status_text(frame).contains("/step"));
    frame.stages = {{"joint_force_pnld", 1.5}, {"dynamics", 2.0}, {"integrator", 0.5}};
    frame.evaluations_per_step = 1.25;
    const QString text = stage_text(frame);
    QVERIFY2(text.startsWith(QString::fromUtf8("4.0 \u00b5s")), qPrintable(text));
    for (const char* part : {"joint_force_pnld 1.5", "dynamics 2.0", "integrator 0.5", "1.25 evaluations"})
        QVERIFY2(text.contains(part), qPrintable(text));
    QVERIFY2(status_text(frame).contains(QString::fromUtf8("4.0 \u00b5s/step")), qPrintable(status_text(frame)));
}

void TestSimulationStatus::runningShowsTimeSpeedStepAndRate() {
    SimulationFrame frame;
    frame.time = 0.5;
    frame.running = true;
    frame.real_time_factor = 1.02;
    frame.step_size = 0.001;
    frame.steps_per_second = 12345;
    const QString text = status_text(frame);
    QVERIFY2(text.contains("t = 0.500 s"), qPrintable(text));
    QVERIFY2(text.contains("1.02x"), qPrintable(text));
    QVERIFY2(text.contains("h = 1.0e-03 s"), qPrintable(text));
    QVERIFY2(text.contains("12345 steps/s"), qPrintable(text));
    frame.running = false;
    QVERIFY(status_text(frame).contains("paused"));
    QVERIFY(!status_text(frame).contains("steps/s"));
}

void TestSimulationStatus::blowUpShowsTheMessage() {
    SimulationFrame frame;
    frame.time = 0.25;
    frame.error = "simulation blew up: non-finite or runaway state of body 'link' at t = 0.25 s";
    SimulationStatus status;
    status.showFrame(frame);
    QVERIFY(status.text().contains("'link'"));
    QVERIFY(status.text().contains("t = 0.25 s"));
}

STUDIO_TEST_MAIN(TestSimulationStatus)
#include "test_simulation_status.moc"
