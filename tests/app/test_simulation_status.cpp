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
};

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
