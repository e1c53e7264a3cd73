// The simulation dock writes its force and integrator choices into the
// document's config blocks, and what it runs is what the file says.
#include "simulation_dock.h"

#include "controls_dock.h"
#include "document.h"
#include "format/parser.h"
#include "code_editor.h"
#include "editor_dock.h"
#include "main_window.h"
#include "model_tree_dock.h"
#include "model_tree_model.h"
#include "plot_dock.h"
#include "plot_test_support.h"
#include "simulation_status.h"
#include "simulation_controller.h"
#include "studio_test_support.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QApplication>
#include <QListWidget>
#include <QMenuBar>
#include <QRegularExpression>
#include <QTimer>
#include <QTreeView>
#include <QWheelEvent>
#include <QSignalSpy>
#include <QTest>
#include <QTextCursor>
#include <QTextDocument>
#include "test_time_scale.h"

using namespace hfd;
using namespace hfd::studio;

namespace {

// A studio window without the 3D view, dialogs or remembered settings.
MainWindowOptions headless_options() {
    MainWindowOptions options;
    options.with_viewer = false;
    options.use_dialogs = false;
    options.restore_settings = false;
    return options;
}

QString model_with_config() {
    return QString::fromUtf8(studio_test::pendulum_text()) +
           QStringLiteral(
               "composite_force {\n\tjoint_force_pnld {}\n\tsimple_collision_detection {}\n"
               "\tcontact_force_hunt_crossley {}\n}\n# integrator\nerror_control_integrator_mem { accuracy = 0.001 "
               "}\n");
}

SimConfig config_of(const std::string& text) {
    const ParseResult parsed = parse_text(text, "test.hfd");
    std::vector<Diagnostic> diagnostics;
    SimConfig config = read_sim_config(parsed.root, "test.hfd", diagnostics);
    return parsed.ok() && !has_errors(diagnostics) ? config : SimConfig{};
}

QComboBox* combo_with(QWidget* parent, const QString& item) {
    for (QComboBox* combo : parent->findChildren<QComboBox*>())
        if (combo->findText(item) >= 0) return combo;
    return nullptr;
}

}  // namespace

class TestSimulationDock : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { studio_test::isolate_settings(settings_dir_); }
    void changingTheIntegratorRewritesTheDocument();
    void aSyntaxErrorKeepsTheFilesChoicesReadOnly();
    void installAddsDocksAndMenus();
    void playFollowsTheWorkerAfterAFinishedRun();
    void playOnABrokenFileStaysUnchecked();
    void wheelOverAnUnfocusedComboChangesNothing();
    void openingAnotherFileDropsTheOldRun();
    void keysPlayOutsideTextAndUndoFromTheTree();
    void aFinishedRunLeavesNoTimerRunning();
    void speedStepsAreLogarithmicUpToMax();
    void statusBarShowsTheScrubbedTime();

private:
    QTemporaryDir settings_dir_;
};

// 1-2-5 steps from 0.01x to 10x (each 2 to 2.5 times the last), then max; the slider
// picks the nearest step on a log scale and its last position runs as fast as possible.
void TestSimulationDock::speedStepsAreLogarithmicUpToMax() {
    const std::vector<double>& steps = speed_steps();
    QCOMPARE(steps.front(), 0.01);
    QCOMPARE(steps.back(), 10.0);
    for (size_t i = 1; i < steps.size(); ++i) QVERIFY(steps[i] / steps[i - 1] >= 2 && steps[i] / steps[i - 1] <= 2.5);
    QCOMPARE(speed_step_of(0), int(steps.size()));
    QCOMPARE(speed_steps()[speed_step_of(0.3)], 0.2);  // |log(0.3/0.2)| < |log(0.5/0.3)|
    QCOMPARE(speed_steps()[speed_step_of(1e-5)], 0.01);
    Document document;
    SimulationController controller;
    SimulationDock dock(&document, &controller);
    QCOMPARE(dock.realTimeFactor(), 1.0);
    auto* slider = dock.findChild<QSlider*>("speedSlider");
    QVERIFY(slider);
    slider->setValue(slider->maximum());
    QCOMPARE(dock.realTimeFactor(), 0.0);
    dock.setRealTimeFactor(0.05);
    QCOMPARE(slider->value(), 2);
    QCOMPARE(dock.realTimeFactor(), 0.05);
}

void TestSimulationDock::changingTheIntegratorRewritesTheDocument() {
    Document document;
    document.setUntitled(model_with_config(), {}, false);
    document.analyzer()->analyzeNow();
    QVERIFY(document.lastValidModel());
    SimulationController controller;
    SimulationDock dock(&document, &controller);
    QComboBox* integrator = combo_with(&dock, QStringLiteral("symplectic_euler_integrator"));
    QVERIFY(integrator);
    QCOMPARE(integrator->currentText(), QStringLiteral("error_control_integrator_mem"));
    QVERIFY(!document.isDirty());
    integrator->setCurrentIndex(integrator->findText(QStringLiteral("symplectic_euler_integrator")));
    const std::string text = document.text().toStdString();
    QVERIFY(document.isDirty());
    QCOMPARE(config_of(text).integrator.key, std::string("symplectic_euler_integrator"));
    QVERIFY(text.find("error_control_integrator_mem") == std::string::npos);
    // One undo step restores the file.
    document.textDocument()->undo();
    QCOMPARE(document.text(), model_with_config());

    // Unchecking collision detection removes the component from the file.
    document.analyzer()->analyzeNow();
    QCheckBox* collision = nullptr;
    for (QCheckBox* check : dock.findChildren<QCheckBox*>())
        if (check->text() == QStringLiteral("collision detection")) collision = check;
    QVERIFY(collision && collision->isChecked());
    collision->setChecked(false);
    QVERIFY(!config_of(document.text().toStdString()).composite_force.find("simple_collision_detection"));
    // Reset loads what the file says.
    QVERIFY(dock.reloadFromDocument());
    QVERIFY(controller.isLoaded());
}

// While the text does not parse, the dock shows the last valid text's forces and
// integrator (not the built-in defaults), read-only; a value changed anyway is refused
// and goes back; fixing the text makes them editable again.
void TestSimulationDock::aSyntaxErrorKeepsTheFilesChoicesReadOnly() {
    Document document;
    document.setUntitled(model_with_config(), {}, false);
    document.analyzer()->analyzeNow();
    SimulationController controller;
    SimulationDock dock(&document, &controller);
    QComboBox* integrator = combo_with(&dock, QStringLiteral("symplectic_euler_integrator"));
    QVERIFY(integrator && integrator->isEnabled());
    // a choice that is not the built-in default (error_control_integrator_mem is)
    integrator->setCurrentIndex(integrator->findText(QStringLiteral("symplectic_euler_integrator")));
    document.analyzer()->analyzeNow();
    QCOMPARE(config_of(document.text().toStdString()).integrator.key, std::string("symplectic_euler_integrator"));
    QTextCursor end(document.textDocument());
    end.movePosition(QTextCursor::End);
    end.insertText(QStringLiteral("\nbroken { = \n"));
    document.analyzer()->analyzeNow();
    QVERIFY(document.analysis() && !document.analysis()->parse.ok());
    QCOMPARE(integrator->currentText(), QStringLiteral("symplectic_euler_integrator"));
    QVERIFY(!integrator->isEnabled());
    QString said;
    connect(&dock, &SimulationDock::message, this, [&](const QString& text) { said = text; });
    const QString broken_text = document.text();
    integrator->setCurrentIndex(integrator->findText(QStringLiteral("error_control_integrator_mem")));
    QVERIFY2(said.contains(QStringLiteral("syntax errors")), qPrintable(said));
    QCOMPARE(integrator->currentText(), QStringLiteral("symplectic_euler_integrator"));
    QCOMPARE(document.text(), broken_text);
    document.textDocument()->undo();
    document.analyzer()->analyzeNow();
    QVERIFY(document.analysis()->parse.ok());
    QVERIFY(integrator->isEnabled());
    QCOMPARE(integrator->currentText(), QStringLiteral("symplectic_euler_integrator"));
}

void TestSimulationDock::installAddsDocksAndMenus() {
    MainWindow window(headless_options());
    QVERIFY(window.findChild<SimulationDock*>());
    QVERIFY(window.findChild<QDockWidget*>(QStringLiteral("PlotDock")));
    QVERIFY(window.findChild<QDockWidget*>(QStringLiteral("ControlsDock")));
    QVERIFY(window.findChild<QWidget*>(QStringLiteral("SimulationStatus")));
    QStringList menus;
    for (QAction* action : window.menuBar()->actions()) menus << action->text();
    QVERIFY2(menus.contains(QStringLiteral("&Simulation")), qPrintable(menus.join(',')));
    SimulationDock* dock = window.findChild<SimulationDock*>();
    QCOMPARE(dock->playAction()->shortcut(), QKeySequence(Qt::Key_Space));

    // Open a sample and play it through the window's actions: the status bar
    // and the plots follow the run.
    QVERIFY(window.openFile(QStringLiteral(HFD_SAMPLES_DIR "/arm_muscles.hfd")));
    window.document()->analyzer()->analyzeNow();
    QVERIFY(window.document()->lastValidModel());
    // at the default real-time factor 1: 5 s of simulated time take about 5 s
    auto* status = window.findChild<SimulationStatus*>();
    auto* plots = window.findChild<PlotDock*>();
    dock->playAction()->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(plots->rowCount() > 20, hfd::test::scaled_ms(20000));
    dock->playAction()->trigger();  // pause
    QTRY_VERIFY2_WITH_TIMEOUT(status->text().contains(QStringLiteral("paused")), qPrintable(status->text()), 5000);
    QVERIFY(!dock->playAction()->isChecked());
    dock->resetAction()->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(plots->rowCount(), size_t(1), hfd::test::scaled_ms(5000));
    // Reset has Ctrl+R or F5, and no key that another action of the window already uses.
    const QList<QKeySequence> reset_keys = dock->resetAction()->shortcuts();
    QVERIFY(!reset_keys.isEmpty());
    QVERIFY(reset_keys.contains(QKeySequence(Qt::Key_F5)) || reset_keys.contains(QKeySequence(Qt::CTRL | Qt::Key_R)));
    for (QAction* action : window.findChildren<QAction*>()) {
        if (action == dock->resetAction()) continue;
        for (const QKeySequence& key : action->shortcuts())
            QVERIFY2(!reset_keys.contains(key), qPrintable(action->text() + " also uses " + key.toString()));
    }
}

// One time everywhere: after a run, scrubbing the timeline moves the status bar's time
// with the plots' cursor (it said the run's end time before).
void TestSimulationDock::statusBarShowsTheScrubbedTime() {
    MainWindow window(headless_options());
    auto* dock = window.findChild<SimulationDock*>();
    auto* controller = window.findChild<SimulationController*>();
    auto* status = window.findChild<SimulationStatus*>();
    auto* plots = window.findChild<PlotDock*>();
    QVERIFY(window.openFile(QStringLiteral(HFD_SAMPLES_DIR "/arm_muscles.hfd")));
    window.document()->analyzer()->analyzeNow();
    dock->setEndTime(0.3);
    dock->setRealTimeFactor(0);
    QVERIFY(dock->reloadFromDocument());
    dock->playAction()->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(controller->latestFrame() && controller->latestFrame()->finished,
                             hfd::test::scaled_ms(20000));
    QTRY_VERIFY2_WITH_TIMEOUT(status->text().startsWith(QStringLiteral("t = 0.300 s")), qPrintable(status->text()),
                              5000);
    QVERIFY(plots->rowCount() > 10);
    const size_t row = plots->rowCount() / 3;
    plots->scrubTo(row);
    QVERIFY(plots->timeText() != QStringLiteral("t = 0.300 s"));
    QVERIFY2(status->text().startsWith(plots->timeText()), qPrintable(status->text() + " / " + plots->timeText()));
}

// After a run has finished, Play is refused by the worker: the button must not
// stay checked, and Reset leaves it unchecked so that the next click plays.
void TestSimulationDock::playFollowsTheWorkerAfterAFinishedRun() {
    MainWindow window(headless_options());
    auto* dock = window.findChild<SimulationDock*>();
    auto* controller = window.findChild<SimulationController*>();
    QVERIFY(window.openFile(QStringLiteral(HFD_SAMPLES_DIR "/arm_muscles.hfd")));
    window.document()->analyzer()->analyzeNow();
    dock->setEndTime(0.05);
    dock->setRealTimeFactor(0);  // as fast as possible
    QVERIFY(dock->reloadFromDocument());
    QAction* play = dock->playAction();
    play->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(controller->latestFrame() && controller->latestFrame()->finished,
                             hfd::test::scaled_ms(20000));
    QTRY_VERIFY_WITH_TIMEOUT(!play->isChecked(), hfd::test::scaled_ms(5000));
    const long long frames_before = controller->latestFrame()->steps;
    QSignalSpy frames(controller, &SimulationController::frameReceived);
    play->trigger();  // refused: the run is at its end
    QVERIFY(frames.wait(hfd::test::scaled_ms(5000)));
    QVERIFY(!play->isChecked());
    QCOMPARE(controller->latestFrame()->steps, frames_before);
    dock->resetAction()->trigger();
    QVERIFY(!play->isChecked());
    play->trigger();
    QVERIFY(play->isChecked());
    QTRY_VERIFY_WITH_TIMEOUT(controller->latestFrame()->steps > 0, hfd::test::scaled_ms(20000));
}

void TestSimulationDock::playOnABrokenFileStaysUnchecked() {
    Document document;
    document.setUntitled(QStringLiteral("model {\n\tbody { name = b mass = }\n}\n"), {}, false);
    document.analyzer()->analyzeNow();
    QVERIFY(!document.lastValidModel());
    SimulationController controller;
    SimulationDock dock(&document, &controller);
    dock.playAction()->trigger();
    QVERIFY(!dock.playAction()->isChecked());
}

namespace {
void turn_wheel(QWidget* widget, int steps) {
    const QPointF centre(widget->width() / 2.0, widget->height() / 2.0);
    QWheelEvent wheel(centre, widget->mapToGlobal(centre), QPoint(), QPoint(0, 120 * steps), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(widget, &wheel);
}
}  // namespace

// Scrolling over the Simulation panel must not pick another joint force (and rewrite the file).
void TestSimulationDock::wheelOverAnUnfocusedComboChangesNothing() {
    MainWindow window(headless_options());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openFile(QStringLiteral(HFD_SAMPLES_DIR "/arm_muscles.hfd")));
    window.document()->analyzer()->analyzeNow();
    auto* dock = window.findChild<SimulationDock*>();
    QComboBox* joint_force = combo_with(dock, QStringLiteral("joint_force_pnld"));
    QVERIFY(joint_force);
    QVERIFY(joint_force->focusPolicy() != Qt::WheelFocus);
    const int index = joint_force->currentIndex();
    const int steps = index > 0 ? 1 : -1;  // towards an existing item
    QVERIFY(!joint_force->hasFocus());
    turn_wheel(joint_force, steps);
    QCOMPARE(joint_force->currentIndex(), index);
    QVERIFY(!window.document()->isDirty());
    // Focused (clicked or tabbed to), the wheel does change it.
    window.activateWindow();
    joint_force->setFocus();
    if (!joint_force->hasFocus()) QSKIP("the platform gives no keyboard focus");
    turn_wheel(joint_force, steps);
    QVERIFY(joint_force->currentIndex() != index);
}

// Plots, channels, controls and status of the previous file go when another is
// opened; a file that does not parse shows no tree rather than the old one.
void TestSimulationDock::openingAnotherFileDropsTheOldRun() {
    MainWindow window(headless_options());
    auto* dock = window.findChild<SimulationDock*>();
    auto* controller = window.findChild<SimulationController*>();
    auto* plots = window.findChild<PlotDock*>();
    auto* status = window.findChild<SimulationStatus*>();
    auto* controls = window.findChild<ControlsDock*>();
    auto* channel_list = plots->findChild<QListWidget*>();
    QVERIFY(controls && channel_list);
    auto listed = [channel_list](const QString& text) {
        for (int i = 0; i < channel_list->count(); ++i)
            if (channel_list->item(i)->text().contains(text)) return true;
        return false;
    };
    QVERIFY(window.openFile(QStringLiteral(HFD_SAMPLES_DIR "/arm_muscles.hfd")));
    dock->setEndTime(0.05);
    dock->setRealTimeFactor(0);  // as fast as possible
    QVERIFY(dock->reloadFromDocument());
    dock->playAction()->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(status->text().contains(QStringLiteral("finished")), hfd::test::scaled_ms(20000));
    QVERIFY(plots->rowCount() > 2);
    QVERIFY(listed(QStringLiteral("biceps")));
    QVERIFY(controls->findChildren<QSlider*>(QRegularExpression(QStringLiteral("^excitation_"))).size() > 0);

    QTemporaryDir dir;
    const QString pendulum = dir.filePath(QStringLiteral("pendulum.hfd"));
    QVERIFY(studio_test::write_file(pendulum, studio_test::pendulum_text()));
    QVERIFY(window.openFile(pendulum));
    QVERIFY(!status->text().contains(QStringLiteral("finished")));
    QVERIFY(!listed(QStringLiteral("biceps")));
    QVERIFY(controls->findChildren<QSlider*>(QRegularExpression(QStringLiteral("^excitation_"))).isEmpty());
    QVERIFY(plots->rowCount() <= 1);
    QTRY_VERIFY_WITH_TIMEOUT(controller->layout() && listed(QStringLiteral("link")), hfd::test::scaled_ms(5000));

    const QString broken = dir.filePath(QStringLiteral("broken.hfd"));
    QVERIFY(studio_test::write_file(broken, "model {\n\tbody { name = b mass = 1 \n}\n"));
    QVERIFY(window.openFile(broken));
    QVERIFY(!window.document()->lastValidModel());
    QVERIFY(!controller->isLoaded());
    QCOMPARE(channel_list->count(), 0);
    QCOMPARE(plots->rowCount(), size_t(0));
    QCOMPARE(window.findChild<ModelTreeDock*>()->model()->rowCount(), 0);
}

// Space plays wherever the focus is not in a text field (the tree here; the 3D
// view the same way), types a space in the editor; Ctrl+Z undoes from the tree.
void TestSimulationDock::keysPlayOutsideTextAndUndoFromTheTree() {
    MainWindow window(headless_options());
    window.show();
    window.activateWindow();
    if (!QTest::qWaitForWindowActive(&window)) QSKIP("the platform activates no window");
    QVERIFY(window.openFile(QStringLiteral(HFD_SAMPLES_DIR "/arm_muscles.hfd")));
    window.document()->analyzer()->analyzeNow();
    auto* dock = window.findChild<SimulationDock*>();
    dock->setEndTime(0.05);
    QAction* play = dock->playAction();
    editor::CodeEditor* editor = window.findChild<EditorDock*>()->editor();
    QTreeView* tree = window.findChild<ModelTreeDock*>()->findChild<QTreeView*>(QStringLiteral("modelTree"));
    QVERIFY(tree);

    editor->setFocus();
    QVERIFY(editor->hasFocus());
    const QString before = window.document()->text();
    QTest::keyClick(editor, Qt::Key_Space);
    QCOMPARE(window.document()->text().size(), before.size() + 1);
    QVERIFY(!play->isChecked());
    window.document()->textDocument()->undo();
    QCOMPARE(window.document()->text(), before);

    tree->setFocus();
    QVERIFY(tree->hasFocus());
    QTest::keyClick(tree, Qt::Key_Space);
    QVERIFY(play->isChecked());
    QTest::keyClick(tree, Qt::Key_Space);  // pause
    QVERIFY(!play->isChecked());

    // An edit (as the tree makes them), undone with the focus still in the tree.
    QTextCursor cursor(window.document()->textDocument());
    cursor.insertText(QStringLiteral("# note\n"));
    QVERIFY(window.document()->text() != before);
    QTest::keyClick(tree, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(window.document()->text(), before);
}

// A paused studio sleeps: after a run has finished (and after a pause) no
// repeating timer keeps waking it up.
void TestSimulationDock::aFinishedRunLeavesNoTimerRunning() {
    MainWindow window(headless_options());
    window.show();
    auto* dock = window.findChild<SimulationDock*>();
    auto* controller = window.findChild<SimulationController*>();
    auto* plots = window.findChild<PlotDock*>();
    QVERIFY(window.openFile(QStringLiteral(HFD_SAMPLES_DIR "/arm_muscles.hfd")));
    window.document()->analyzer()->analyzeNow();
    dock->setEndTime(0.1);
    dock->setRealTimeFactor(0);  // as fast as possible
    QVERIFY(dock->reloadFromDocument());
    QTRY_VERIFY_WITH_TIMEOUT(plots->findChild<QListWidget*>()->count() > 0,
                             hfd::test::scaled_ms(5000));  // the channels have arrived
    plots->setChannelPlotted(1, 0, true);
    QCOMPARE(plots->plotData(0).series.size(), size_t(1));  // no kept run: the channel's series alone
    dock->playAction()->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(controller->latestFrame() && controller->latestFrame()->finished,
                             hfd::test::scaled_ms(20000));
    auto drawn_points = [&] {  // of the one line drawn in the first plot
        const QList<QLineSeries*> lines = studio_test::drawn_lines(*plots, 0);
        return lines.size() == 1 ? int(lines[0]->count()) : -1;
    };
    QTRY_COMPARE_WITH_TIMEOUT(drawn_points(), int(plots->rowCount()),
                              hfd::test::scaled_ms(5000));  // the last rows are drawn
    QCOMPARE(plots->rowCount(), size_t(11));
    // The worker's own timer is checked in test_simulation_controller.
    auto timers = [&] { return window.findChildren<QTimer*>(); };
    QTRY_VERIFY2_WITH_TIMEOUT(studio_test::running_repeating_timers(timers()).isEmpty(),
                              qPrintable(studio_test::running_repeating_timers(timers()).join(", ")), 5000);
}

STUDIO_TEST_MAIN(TestSimulationDock)
#include "test_simulation_dock.moc"
