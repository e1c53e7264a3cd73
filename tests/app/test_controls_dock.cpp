// Sliders reach the simulation: excitations during a run, dofs pose the start.
#include "recording_test_support.h"
#include "studio_test_support.h"
#include "controls_dock.h"

#include "format/parser.h"
#include "model/build_model.h"
#include "simulation_controller.h"

#include <QLabel>
#include <QLineEdit>
#include <QSlider>
#include <QTest>
#include <cmath>

using namespace hfd;
using namespace hfd::studio;

namespace {

const QString arm = QStringLiteral(HFD_SAMPLES_DIR "/arm_muscles.hfd");

SimulationSetup arm_setup(double end_time) {
    SimulationSetup setup;
    BuildResult built = load_model(arm.toStdString());
    if (!built.ok()) return setup;
    setup.model = std::make_shared<const Model>(std::move(*built.model));
    std::vector<Diagnostic> diagnostics;
    setup.config = read_sim_config(parse_file(arm.toStdString()).root, arm.toStdString(), diagnostics);
    setup.end_time = end_time;
    return setup;
}

}  // namespace

class TestControlsDock : public QObject {
    Q_OBJECT
private slots:
    void excitationSliderDrivesTheRecordedExcitation();
    void dofSliderPosesTheInitialState();
    void excitationsSurviveReload();
    void filterHidesOtherRows();
};

void TestControlsDock::excitationSliderDrivesTheRecordedExcitation() {
    SimulationController controller;
    SimulationSetup setup = arm_setup(0.2);
    const Model model = *setup.model;
    QVERIFY(!has_errors(controller.load(std::move(setup))));
    ControlsDock dock(&controller);
    dock.setModel(model);
    QSlider* biceps = dock.findChild<QSlider*>(QStringLiteral("excitation_biceps"));
    QVERIFY(biceps);
    biceps->setValue(700);  // 0.7
    controller.setRealTimeFactor(0);
    controller.play();
    QTRY_VERIFY_WITH_TIMEOUT(controller.latestFrame() && controller.latestFrame()->finished, 20000);
    const auto& channels = controller.layout()->channels;
    size_t excitation = 0, activation = 0;
    for (size_t c = 0; c < channels.size(); ++c) {
        if (channels[c].name == "biceps.excitation") excitation = c;
        if (channels[c].name == "biceps.activation") activation = c;
    }
    QVERIFY(excitation > 0 && activation > 0);
    const SimulationFrame& last = *controller.latestFrame();
    const size_t columns = channels.size();
    QVERIFY(last.row_count > 0);
    const double* row = last.rows.data() + (last.row_count - 1) * columns;
    QCOMPARE(row[excitation], 0.7);
    // First-order activation dynamics rise towards the excitation.
    QVERIFY(row[activation] > 0.3 && row[activation] <= 0.7 + 1e-9);
}

void TestControlsDock::dofSliderPosesTheInitialState() {
    SimulationController controller;
    SimulationSetup setup = arm_setup(0.2);
    const Model model = *setup.model;
    QVERIFY(!has_errors(controller.load(std::move(setup))));
    ControlsDock dock(&controller);
    dock.setModel(model);
    const Index elbow = model.find_dof("elbow_flexion");
    QVERIFY(elbow != no_index);
    const Dof& dof = model.dofs[elbow];
    QSlider* slider = dock.findChild<QSlider*>(QStringLiteral("dof_elbow_flexion"));
    QVERIFY(slider);
    slider->setValue(500);  // middle of the range
    const double wanted = dof.range_min + 0.5 * (dof.range_max - dof.range_min);
    // The state a run starts from is posed: the recording restarts from it...
    auto recorded_start = [&] { return studio_test::first_row_value(controller, dof.name); };
    QTRY_VERIFY_WITH_TIMEOUT(std::abs(recorded_start() - wanted) < 1e-9, 5000);
    QCOMPARE(controller.latestFrame()->steps, 0LL);
    QCOMPARE(controller.latestFrame()->time, 0.0);
    // ...and so does every run after a reset: the initial state itself holds the pose.
    controller.setRealTimeFactor(0);
    controller.play();
    QTRY_VERIFY_WITH_TIMEOUT(controller.latestFrame()->finished, 20000);
    controller.reset();
    QTRY_VERIFY_WITH_TIMEOUT(controller.latestFrame()->steps == 0, 5000);
    QVERIFY2(std::abs(recorded_start() - wanted) < 1e-9, qPrintable(QString::number(recorded_start())));
}

// Reset builds a new simulation: it must run with what the sliders show.
void TestControlsDock::excitationsSurviveReload() {
    SimulationController controller;
    SimulationSetup setup = arm_setup(0.05);
    const Model model = *setup.model;
    QVERIFY(!has_errors(controller.load(std::move(setup))));
    ControlsDock dock(&controller);
    dock.setModel(model);
    QSlider* biceps = dock.findChild<QSlider*>(QStringLiteral("excitation_biceps"));
    QVERIFY(biceps);
    biceps->setValue(1000);
    QCOMPARE(dock.findChild<QLabel*>(QStringLiteral("excitationValue_biceps"))->text(), QStringLiteral("1.000"));
    QVERIFY(!has_errors(controller.load(arm_setup(0.05))));  // what Reset does
    controller.setRealTimeFactor(0);
    controller.play();
    QTRY_VERIFY_WITH_TIMEOUT(controller.latestFrame() && controller.latestFrame()->finished, 20000);
    const auto& channels = controller.layout()->channels;
    size_t excitation = channels.size();
    for (size_t c = 0; c < channels.size(); ++c)
        if (channels[c].name == "biceps.excitation") excitation = c;
    QVERIFY(excitation < channels.size());
    const SimulationFrame& last = *controller.latestFrame();
    QVERIFY(last.row_count > 0);
    QCOMPARE(last.rows[(last.row_count - 1) * channels.size() + excitation], 1.0);
}

void TestControlsDock::filterHidesOtherRows() {
    SimulationController controller;
    SimulationSetup setup = arm_setup(0.2);
    const Model model = *setup.model;
    ControlsDock dock(&controller);
    dock.setModel(model);
    dock.show();
    dock.setFilter(QStringLiteral("tri"));
    QVERIFY(!dock.findChild<QSlider*>(QStringLiteral("excitation_biceps"))->isVisibleTo(&dock));
    QVERIFY(dock.findChild<QSlider*>(QStringLiteral("excitation_triceps"))->isVisibleTo(&dock));
}

STUDIO_TEST_MAIN(TestControlsDock)
#include "test_controls_dock.moc"
