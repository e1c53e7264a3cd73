// Sliders reach the simulation: excitations during a run, dofs pose the start.
#include "recording_test_support.h"
#include "studio_test_support.h"
#include "controls_dock.h"

#include "format/parser.h"
#include "model/build_model.h"
#include "simulation_controller.h"

#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QSlider>
#include <QTest>
#include <cmath>
#include "test_time_scale.h"

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
    void dofFieldShowsUnitsTakesTypedValuesAndClamps();
};

// The elbow's row: a value in degrees beside the slider; a typed value poses the
// model exactly, one beyond the range stops at its end; an arrow key on the
// slider steps one degree. Translations show in metres.
void TestControlsDock::dofFieldShowsUnitsTakesTypedValuesAndClamps() {
    SimulationController controller;
    SimulationSetup setup = arm_setup(0.2);
    const Model model = *setup.model;
    ControlsDock dock(&controller);
    dock.setModel(model);
    dock.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dock));
    const Index elbow = model.find_dof("elbow_flexion");
    QVERIFY(elbow != no_index);
    const Dof& dof = model.dofs[elbow];
    constexpr double degree = M_PI / 180;
    auto* field = dock.findChild<QDoubleSpinBox*>(QStringLiteral("dofValue_elbow_flexion"));
    auto* slider = dock.findChild<QSlider*>(QStringLiteral("dof_elbow_flexion"));
    QVERIFY(field && slider);
    QVERIFY(field->suffix().contains(QString::fromUtf8("\u00b0")));
    QVERIFY(std::abs(field->value() - dof.default_value / degree) < 0.05);
    QVERIFY(std::abs(field->maximum() - dof.range_max / degree) < 0.05);

    auto type = [&](const QString& text) {
        field->setFocus();
        field->selectAll();
        QTest::keyClicks(field, text);
        QTest::keyClick(field, Qt::Key_Return);
    };
    const double typed = dof.range_min / degree + 12.5;
    type(QString::number(typed, 'f', 1));
    QVERIFY2(std::abs(dock.pose().value[elbow] - typed * degree) < 1e-12,
             qPrintable(QString::number(dock.pose().value[elbow] / degree)));
    QCOMPARE(slider->value(), 125);

    slider->setFocus();
    QTest::keyClick(slider, Qt::Key_Right);
    QVERIFY(std::abs(dock.pose().value[elbow] - (typed + 1) * degree) < 1e-9);
    QVERIFY(std::abs(field->value() - (typed + 1)) < 1e-9);

    type(QStringLiteral("100000"));  // past the end: the range's end
    QVERIFY(std::abs(dock.pose().value[elbow] - dof.range_max) < 1e-9);

    Dof slide;
    slide.kind = Dof::Kind::RootTranslation;
    QCOMPARE(dof_unit(slide).suffix, QStringLiteral(" m"));
    QCOMPARE(dof_unit(dof).per_si, 1 / degree);
}

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
    QTRY_VERIFY_WITH_TIMEOUT(controller.latestFrame() && controller.latestFrame()->finished,
                             hfd::test::scaled_ms(20000));
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
    const int middle = slider->maximum() / 2;
    slider->setValue(middle);  // ticks of 0.1 degree from the low end
    const double wanted = dof.range_min + middle * 0.1 * M_PI / 180;
    // The state a run starts from is posed: the recording restarts from it...
    auto recorded_start = [&] { return studio_test::first_row_value(controller, dof.name); };
    QTRY_VERIFY_WITH_TIMEOUT(std::abs(recorded_start() - wanted) < 1e-9, hfd::test::scaled_ms(5000));
    QCOMPARE(controller.latestFrame()->steps, 0LL);
    QCOMPARE(controller.latestFrame()->time, 0.0);
    // ...and so does every run after a reset: the initial state itself holds the pose.
    controller.setRealTimeFactor(0);
    controller.play();
    QTRY_VERIFY_WITH_TIMEOUT(controller.latestFrame()->finished, hfd::test::scaled_ms(20000));
    controller.reset();
    QTRY_VERIFY_WITH_TIMEOUT(controller.latestFrame()->steps == 0, hfd::test::scaled_ms(5000));
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
    QTRY_VERIFY_WITH_TIMEOUT(controller.latestFrame() && controller.latestFrame()->finished,
                             hfd::test::scaled_ms(20000));
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
