// SCONE scenarios in the studio: opening one builds its model and lists its
// parameters, a run records the gait states, ground forces and reflex outputs
// as plot channels and scores the run as the engine does, a change on disk runs
// it again (also when its model file changes), the document becomes the model
// file it runs unless that loses an edit, and the Optimization window starts and stops a run and lists its
// results folder.
#include "code_editor.h"
#include "diagnostics_dock.h"
#include "document.h"
#include "file_actions.h"
#include "main_window.h"
#include "model_tree_dock.h"
#include "model_analyzer.h"
#include "model_tree_model.h"
#include "optimization_window.h"
#include "plot_dock.h"
#include "recent_test_support.h"
#include "scenario_dock.h"
#include "simulation_controller.h"
#include "simulation_ui.h"
#include "scenario_test_support.h"
#include "studio_test_support.h"

#include <QDir>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QFile>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTest>
#include <QTreeWidget>
#include <set>
#include "test_time_scale.h"

using namespace hfd;
using namespace hfd::studio;

namespace {

const int run_timeout_ms = hfd::test::scaled_ms(60000);  // an upper bound on a loaded machine, not a wait

MainWindowOptions headless_options() { return studio_test::test_window_options(false); }

using studio_test::tiny_scenario;

bool write_file(const QString& path, const QString& text) {
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(text.toUtf8()) == text.toUtf8().size();
}

ScenarioDock* scenario_dock(MainWindow& window) { return window.findChild<ScenarioDock*>(); }

// The column of a channel in the plots' recording, or -1.
int channel_column(const RecordingLayout& layout, const std::string& name) {
    for (size_t c = 0; c < layout.channels.size(); ++c)
        if (layout.channels[c].name == name) return int(c);
    return -1;
}

QStringList tree_column(const QTreeWidget* tree, int column) {
    QStringList texts;
    for (int i = 0; i < tree->topLevelItemCount(); ++i) texts << tree->topLevelItem(i)->text(column);
    return texts;
}

// A studio window that opens a scenario and waits for its first run.
struct StudioWithScenario {
    MainWindow window{headless_options()};
    ScenarioDock* dock = scenario_dock(window);
    ScenarioSession* session = dock->session();
    QSignalSpy finished{session->runner(), &ScenarioRunner::finished};

    bool open(const QString& path) { return window.openFile(path) && finished.wait(run_timeout_ms); }
};

}  // namespace

class TestScenarioStudio : public QObject {
    Q_OBJECT
private slots:
    void init();
    void openingAScenarioBuildsTheModelAndListsItsParameters();
    void anotherDocumentClosesTheScenario();
    void fileOpenTakesScenariosPastTheDocument();
    void openRecentListsScenarios();
    void theScenarioTextUsesTheEditorsTabWidth();
    void theModelTreeShowsTheScenarioModelsBodies();
    void savingTheModelTextRunsTheScenarioAgain();
    void aRunRecordsGaitStatesGroundForcesAndScoresAsTheEngine();
    void aParFileAndAChangeOnDiskRunItAgain();
    void editingTheTextSavesAndRunsIt();
    void optimizationStartsStopsAndListsItsResults();
    void tutorial4aWalksThroughItsGaitStates();

private:
    QTemporaryDir dir_;
    QString scenario_path_;
};

void TestScenarioStudio::init() {
    QVERIFY(dir_.isValid());
    scenario_path_ = dir_.filePath(QStringLiteral("tiny.scone"));
    QVERIFY(write_file(scenario_path_, tiny_scenario(0.2, 2)));
}

void TestScenarioStudio::openingAScenarioBuildsTheModelAndListsItsParameters() {
    MainWindow window(headless_options());
    ScenarioDock* dock = scenario_dock(window);
    QVERIFY(dock);
    QSignalSpy finished(dock->session()->runner(), &ScenarioRunner::finished);
    QVERIFY(window.openFile(scenario_path_));
    QVERIFY(dock->session()->isOpen());
    QCOMPARE(dock->session()->scenario()->model().name, std::string("human_planar"));
    // the unedited document becomes the model file the scenario runs
    QCOMPARE(window.document()->path(), dock->session()->modelPath());
    const QStringList names = tree_column(dock->parameterTree(), 0);
    QCOMPARE(names.size(), 3);
    QVERIFY2(names.contains(QStringLiteral("stance_load_threshold")), qPrintable(names.join(u',')));
    QCOMPARE(names.filter(QStringLiteral("soleus.KL")).size(), 1);
    QCOMPARE(names.filter(QStringLiteral("soleus.L0")).size(), 1);
    // without a .par the values are the means written in the file
    const int row = int(names.indexOf(QStringLiteral("stance_load_threshold")));
    QCOMPARE(dock->parameterTree()->topLevelItem(row)->text(1).toDouble(), 0.3);
    QVERIFY(finished.wait(run_timeout_ms));  // opening runs it
}

// One document shows one run: after a scenario, opening another model closes the
// scenario (its dock, its parameters, Run), and the plots keep nothing of its run (no
// kept run, no channel search, no channels).
void TestScenarioStudio::anotherDocumentClosesTheScenario() {
    StudioWithScenario studio;
    QVERIFY(studio.open(scenario_path_));
    ScenarioDock* dock = studio.dock;
    PlotDock* plots = studio.window.simulationUi()->plotDock();
    QVERIFY(plots->rowCount() > 0);
    plots->keepRun(QStringLiteral("scenario run"));
    QVERIFY(plots->keptModel());
    auto* search = plots->findChild<QLineEdit*>(QStringLiteral("channelSearch"));
    QVERIFY(search);
    search->setText(QStringLiteral("soleus"));
    // Save As keeps the content: the scenario stays
    QString error;
    QVERIFY2(studio.window.document()->saveAs(dir_.filePath(QStringLiteral("copy.hfd")), &error), qPrintable(error));
    QVERIFY(dock->session()->isOpen());
    const QString other = dir_.filePath(QStringLiteral("pendulum.hfd"));
    QVERIFY(write_file(other, QString::fromUtf8(studio_test::pendulum_text())));
    QVERIFY(studio.window.openFile(other));
    QCOMPARE(studio.window.document()->path(), QFileInfo(other).absoluteFilePath());
    QVERIFY(!dock->session()->isOpen());
    QVERIFY(dock->isHidden());
    QCOMPARE(dock->parameterTree()->topLevelItemCount(), 0);
    QVERIFY(!plots->keptModel());
    QVERIFY(search->text().isEmpty());
    // Run Scenario now runs nothing: no scenario run is started on the pendulum's bodies
    QSignalSpy started(dock->session()->runner(), &ScenarioRunner::started);
    dock->session()->run();
    QCOMPARE(started.count(), 0);
    // the scenario opens again as before
    QVERIFY(studio.open(scenario_path_));
    QVERIFY(dock->session()->isOpen() && !dock->isHidden());
}

// The Scenario dock's Text tab advances a tab as far as the model text does (4 spaces),
// not Qt's default 80 px (8 or more spaces).
void TestScenarioStudio::theScenarioTextUsesTheEditorsTabWidth() {
    MainWindow window(headless_options());
    const auto* text = window.findChild<QPlainTextEdit*>(QStringLiteral("scenarioText"));
    const auto* model_text = window.findChild<editor::CodeEditor*>();
    QVERIFY(text && model_text);
    QCOMPARE(text->tabStopDistance(), editor::tab_width * text->fontMetrics().horizontalAdvance(u' '));
    QCOMPARE(model_text->tabStopDistance(), editor::tab_width * model_text->fontMetrics().horizontalAdvance(u' '));
    QCOMPARE(editor::tab_width, 4);
}

// A scenario opened by File > Open, from the command line or a drop is in Open Recent,
// as a model is, and opens again from there.
void TestScenarioStudio::openRecentListsScenarios() {
    MainWindow window(headless_options());
    auto* recent = window.findChild<RecentFiles*>();
    QVERIFY(recent);
    QSignalSpy finished(scenario_dock(window)->session()->runner(), &ScenarioRunner::finished);
    QVERIFY(window.openFile(scenario_path_));  // the command line, a drop
    QCOMPARE(studio_test::recent_menu_paths(*recent).value(0), QFileInfo(scenario_path_).absoluteFilePath());
    QVERIFY(finished.wait(run_timeout_ms));
    const QString second = dir_.filePath(QStringLiteral("second.scone"));
    QVERIFY(write_file(second, tiny_scenario(0.1, 2)));
    window.prompts().open_path = [&](const QString&) { return second; };
    QVERIFY(window.fileActions()->open());  // File > Open
    QCOMPARE(studio_test::recent_menu_paths(*recent),
             QStringList({QFileInfo(second).absoluteFilePath(), QFileInfo(scenario_path_).absoluteFilePath()}));
    QVERIFY(finished.wait(run_timeout_ms));
    // Open Recent opens it again, through the scenario session
    emit recent->openRequested(QFileInfo(scenario_path_).absoluteFilePath());
    QCOMPARE(QFileInfo(scenario_dock(window)->session()->path()), QFileInfo(scenario_path_));
    QCOMPARE(studio_test::recent_menu_paths(*recent).value(0), QFileInfo(scenario_path_).absoluteFilePath());
    QVERIFY(finished.wait(run_timeout_ms));
}

// File > Open of a .scone opens the scenario, and the document becomes its model
// file when no edit is lost: at once when unedited; when edited only after the
// unsaved-changes prompt, whose Cancel keeps the edits (the scenario opens anyway).
void TestScenarioStudio::fileOpenTakesScenariosPastTheDocument() {
    MainWindow window(headless_options());
    Document* document = window.document();
    QVERIFY(document->isUntitled() && !document->isDirty());
    int asked = 0;
    UnsavedChoice answer = UnsavedChoice::Cancel;
    window.prompts().unsaved_changes = [&](const QString&) { return ++asked, answer; };
    window.prompts().open_path = [this](const QString&) { return scenario_path_; };
    auto* file_actions = window.findChild<FileActions*>();
    QVERIFY(file_actions);
    ScenarioSession* session = scenario_dock(window)->session();
    QSignalSpy finished(session->runner(), &ScenarioRunner::finished);
    const QString model = QFileInfo(QStringLiteral(HFD_SAMPLES_DIR "/human_planar.hfd")).absoluteFilePath();
    QFile model_file(model);
    QVERIFY(model_file.open(QIODevice::ReadOnly));
    const QString model_text = QString::fromUtf8(model_file.readAll());

    // untitled and unedited: replaced without a question
    QVERIFY(file_actions->open());
    QCOMPARE(session->path(), QFileInfo(scenario_path_).absoluteFilePath());
    QCOMPARE(session->modelPath(), model);
    QCOMPARE(asked, 0);
    QCOMPARE(document->path(), model);
    QCOMPARE(document->text(), model_text);
    QVERIFY(!document->isDirty());
    QVERIFY2(window.windowTitle().contains(QStringLiteral("human_planar.hfd")), qPrintable(window.windowTitle()));
    QVERIFY(finished.wait(run_timeout_ms));

    // edited, Cancel: the scenario opens and runs, the edits stay, the status bar names its model
    const QString edited = FileActions::newModelTemplate() + QStringLiteral("\n# an edit\n");
    document->setUntitled(edited, {}, true);
    QVERIFY(file_actions->open());
    QCOMPARE(asked, 1);
    QCOMPARE(document->text(), edited);
    QVERIFY(document->isDirty() && document->isUntitled());
    QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("human_planar.hfd")),
             qPrintable(window.statusBar()->currentMessage()));
    QVERIFY(finished.wait(run_timeout_ms));
    QCOMPARE(finished.size(), 2);

    // edited, Discard: replaced
    answer = UnsavedChoice::Discard;
    QVERIFY(file_actions->open());
    QCOMPARE(asked, 2);
    QCOMPARE(document->path(), model);
    QCOMPARE(document->text(), model_text);
    QVERIFY(!document->isDirty());
    QVERIFY(finished.wait(run_timeout_ms));
}

// The Model Tree lists the bodies of the model the scenario runs.
void TestScenarioStudio::theModelTreeShowsTheScenarioModelsBodies() {
    StudioWithScenario studio;
    editor::ModelTreeModel* tree = studio.window.findChild<ModelTreeDock*>()->model();
    QVERIFY(tree->findNamedGroup("body", "pendulum").isValid());  // the new-model template
    QVERIFY(studio.open(scenario_path_));
    const Model& model = studio.session->scenario()->model();
    QVERIFY(model.bodies.size() > 2);
    for (const Body& body : model.bodies)
        QVERIFY2(tree->findNamedGroup("body", body.name).isValid(), body.name.c_str());
    QVERIFY(!tree->findNamedGroup("body", "pendulum").isValid());
}

// The scenario runs again when its model file changes on disk, here saved from the Model Text.
void TestScenarioStudio::savingTheModelTextRunsTheScenarioAgain() {
    const QString model = dir_.filePath(QStringLiteral("walker.hfd"));
    QVERIFY(QFile::copy(QStringLiteral(HFD_SAMPLES_DIR "/human_planar.hfd"), model));
    QString scenario = tiny_scenario(0.05, 2);
    QVERIFY(scenario.contains(QStringLiteral(HFD_SAMPLES_DIR "/human_planar.hfd")));
    scenario.replace(QStringLiteral(HFD_SAMPLES_DIR "/human_planar.hfd"), model);
    QVERIFY(write_file(scenario_path_, scenario));
    StudioWithScenario studio;
    QVERIFY(studio.open(scenario_path_));
    Document* document = studio.window.document();
    QCOMPARE(document->path(), QFileInfo(model).absoluteFilePath());
    QCOMPARE(studio.session->scenario()->model().name, std::string("human_planar"));

    QString text = document->text();
    QVERIFY(text.contains(QStringLiteral("name = human_planar\n")));
    text.replace(QStringLiteral("name = human_planar\n"), QStringLiteral("name = human_planar_edited\n"));
    document->textDocument()->setPlainText(text);
    QVERIFY(document->isDirty());
    // The edited model does not load the document's simulation over the scenario's run
    // shown in the plots (0.05 s at 0.01 s: 6 rows).
    SimulationController* controller = studio.window.simulationUi()->controller();
    QVERIFY(controller->isLoaded());  // loaded with the document, before the scenario's run
    QSignalSpy model_changed(document, &Document::modelChanged);
    document->analyzer()->analyzeNow();
    QCOMPARE(model_changed.size(), 1);
    QVERIFY(!controller->isLoaded());
    QCoreApplication::processEvents();
    QCOMPARE(studio.window.simulationUi()->plotDock()->rowCount(), size_t(6));
    QSignalSpy changed(studio.session, &ScenarioSession::scenarioChanged);
    QSignalSpy started(studio.session->runner(), &ScenarioRunner::started);
    QVERIFY(studio.window.findChild<FileActions*>()->save());
    QVERIFY(changed.wait(run_timeout_ms));
    QCOMPARE(studio.session->scenario()->model().name, std::string("human_planar_edited"));
    QCOMPARE(started.size(), 1);
    QVERIFY(studio.finished.wait(run_timeout_ms));
    QCOMPARE(studio.session->path(), QFileInfo(scenario_path_).absoluteFilePath());
}

void TestScenarioStudio::aRunRecordsGaitStatesGroundForcesAndScoresAsTheEngine() {
    MainWindow window(headless_options());
    ScenarioDock* dock = scenario_dock(window);
    ScenarioRunner* runner = dock->session()->runner();
    QSignalSpy finished(runner, &ScenarioRunner::finished);
    QVERIFY(window.openFile(scenario_path_));
    QVERIFY(runner->isRunning());
    QVERIFY(finished.wait(run_timeout_ms));
    QVERIFY(!runner->isRunning());

    // One row per 0.01 s (the control step) from 0 to 0.2 s: 21 rows in the plots.
    PlotDock* plots = window.simulationUi()->plotDock();
    QCOMPARE(plots->rowCount(), size_t(21));
    const RecordingLayout* layout = runner->layout();
    QVERIFY(layout);
    const SimulationFrame* last = runner->latestFrame();
    QVERIFY(last && last->finished && !last->running);
    for (const char* name : {"leg0_r.state", "leg1_l.state", "leg0_r.grf_y", "leg1_l.grf_y", "soleus_r.excitation"})
        QVERIFY2(channel_column(*layout, name) >= 0, name);
    bool reflex_channel = false;
    for (const Channel& channel : layout->channels)
        reflex_channel |= channel.name.find("soleus") != std::string::npos && channel.source == "controller";
    QVERIFY(reflex_channel);

    // initial_load = 1: at the first row the legs carry the body weight; both feet stand,
    // so both legs are in a stance state (EarlyStance 0 or LateStance 1).
    const PlotData first = plots->plotData(0);  // plot 0 shows the gait states
    QCOMPARE(first.series.size(), size_t(2));
    for (const auto& series : first.series) {
        QVERIFY(!series.points.empty());
        QVERIFY2(series.points.front().y() == 0 || series.points.front().y() == 1, qPrintable(series.label));
    }
    const PlotData forces = plots->plotData(1);  // the vertical ground forces
    QCOMPARE(forces.series.size(), size_t(2));
    const Model& model = dock->session()->scenario()->model();
    const double weight = model.total_mass() * model.gravity.norm();
    const double carried = forces.series[0].points.front().y() + forces.series[1].points.front().y();
    QVERIFY2(std::abs(carried - weight) < 0.02 * weight, qPrintable(QString::number(carried)));

    // The studio's run scores as an evaluation without recording does.
    const std::shared_ptr<const Scenario> scenario = dock->session()->scenario();
    const ScenarioResult reference = scenario->evaluate(dock->session()->values());
    QVERIFY(runner->lastResult());
    QCOMPARE(runner->lastResult()->objective, reference.objective);
    QCOMPARE(runner->lastResult()->simulated_time, reference.simulated_time);
    QVERIFY(dock->termTree()->topLevelItemCount() >= 1);
    QVERIFY2(dock->summaryText().contains(QString::number(reference.objective, 'g', 6)),
             qPrintable(dock->summaryText()));
}

void TestScenarioStudio::aParFileAndAChangeOnDiskRunItAgain() {
    StudioWithScenario studio;
    QVERIFY(studio.open(scenario_path_));
    MainWindow& window = studio.window;
    ScenarioDock* dock = studio.dock;
    ScenarioSession* session = studio.session;
    QSignalSpy& finished = studio.finished;

    // A .par: its values are shown and run.
    const QString par = dir_.filePath(QStringLiteral("p.par"));
    QVERIFY(write_file(par, QStringLiteral("stance_load_threshold 0.5 0.5 0.01\n")));
    QVERIFY(window.openFile(par));
    QCOMPARE(session->parPath(), QFileInfo(par).absoluteFilePath());
    QCOMPARE(session->values().at("stance_load_threshold"), 0.5);
    const QStringList names = tree_column(dock->parameterTree(), 0);
    const int row = int(names.indexOf(QStringLiteral("stance_load_threshold")));
    QCOMPARE(dock->parameterTree()->topLevelItem(row)->text(1).toDouble(), 0.5);
    QVERIFY(finished.wait(run_timeout_ms));

    // A .par naming a parameter the scenario lacks is refused with a located error.
    const QString bad = dir_.filePath(QStringLiteral("bad.par"));
    QVERIFY(write_file(bad, QStringLiteral("stance_load_threshold 0.5 0.5 0.01\nnot_a_parameter 1 1 0.1\n")));
    QVERIFY(!window.openFile(bad));
    QCOMPARE(session->values().at("stance_load_threshold"), 0.5);  // the previous values stay
    QVERIFY(window.diagnosticsDock()->errorCount() >= 1);

    // Another program shortens the scenario: the watcher runs it again, 11 rows now.
    QSignalSpy changed(session, &ScenarioSession::scenarioChanged);
    QVERIFY(write_file(scenario_path_, tiny_scenario(0.1, 2)));
    QVERIFY(changed.wait(run_timeout_ms));
    QCOMPARE(session->scenario()->max_duration(), 0.1);
    QCOMPARE(session->values().at("stance_load_threshold"), 0.5);  // the .par is kept
    QTRY_VERIFY_WITH_TIMEOUT(!session->runner()->isRunning() && session->runner()->lastResult() &&
                                 session->runner()->lastResult()->simulated_time < 0.15,
                             run_timeout_ms);
    QCOMPARE(window.simulationUi()->plotDock()->rowCount(), size_t(11));
}

// The dock's Text tab shows the file; Save and Run writes it and runs the new text
// once (the watcher's notice of that write runs nothing more).
void TestScenarioStudio::editingTheTextSavesAndRunsIt() {
    StudioWithScenario studio;
    QVERIFY(studio.open(scenario_path_));
    MainWindow& window = studio.window;
    ScenarioDock* dock = studio.dock;
    ScenarioSession* session = studio.session;
    QSignalSpy& finished = studio.finished;
    QCOMPARE(dock->textEdit()->toPlainText(), tiny_scenario(0.2, 2));
    dock->textEdit()->setPlainText(tiny_scenario(0.05, 2));
    QSignalSpy started(session->runner(), &ScenarioRunner::started);
    QVERIFY(dock->saveAndRun());
    QVERIFY(!dock->textEdit()->document()->isModified());
    QFile file(scenario_path_);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(file.readAll()), tiny_scenario(0.05, 2));
    QCOMPARE(session->scenario()->max_duration(), 0.05);
    QVERIFY(finished.wait(run_timeout_ms));
    QCOMPARE(window.simulationUi()->plotDock()->rowCount(), size_t(6));
    // A write by another program with other text runs it; that shows the watcher is live,
    // and by then the notice of Save and Run's own write has come and gone without a run.
    QVERIFY(write_file(scenario_path_, tiny_scenario(0.1, 2)));
    QTRY_COMPARE_WITH_TIMEOUT(session->scenario()->max_duration(), 0.1, run_timeout_ms);
    QCOMPARE(started.size(), 2);
    QCOMPARE(dock->textEdit()->toPlainText(), tiny_scenario(0.1, 2));
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 3, run_timeout_ms);  // may have finished within the wait above
}

void TestScenarioStudio::optimizationStartsStopsAndListsItsResults() {
    StudioWithScenario studio;
    QVERIFY(studio.open(scenario_path_));
    ScenarioSession* session = studio.session;

    OptimizationWindow optimization(session);
    const QString results = dir_.filePath(QStringLiteral("results"));
    optimization.setOutputDirectory(results);
    optimization.setThreads(2);
    QCOMPARE(optimization.resultsTree()->topLevelItemCount(), 0);
    QSignalSpy progressed(&optimization, &OptimizationWindow::progressed);
    QSignalSpy finished(&optimization, &OptimizationWindow::finished);
    QVERIFY(optimization.start());
    QVERIFY(optimization.isRunning());
    QVERIFY(!optimization.start());  // one run at a time
    QVERIFY(finished.wait(run_timeout_ms));
    QCOMPARE(finished.first().first().toBool(), true);
    QVERIFY(!optimization.isRunning());
    // max_generations = 2: two points per series, the best never above the median
    QCOMPARE(progressed.size(), 2);
    QCOMPARE(optimization.bestPoints().size(), 2);
    QCOMPARE(optimization.medianPoints().size(), 2);
    for (int i = 0; i < 2; ++i) QVERIFY(optimization.bestPoints()[i].y() <= optimization.medianPoints()[i].y());
    QVERIFY(optimization.bestPoints()[1].y() <= optimization.bestPoints()[0].y());  // best so far
    // the new run folder is listed with its .par files
    QCOMPARE(optimization.resultsTree()->topLevelItemCount(), 1);
    QTreeWidgetItem* run = optimization.resultsTree()->topLevelItem(0);
    QCOMPARE(QDir(run->data(0, Qt::UserRole).toString()).absolutePath(), QDir(optimization.runFolder()).absolutePath());
    QVERIFY(run->childCount() >= 1);
    const QString best = run->child(run->childCount() - 1)->data(0, Qt::UserRole).toString();
    QVERIFY(best.endsWith(QStringLiteral(".par")));
    // a result loads and plays
    QVERIFY(optimization.loadResult(best));
    QCOMPARE(session->parPath(), QFileInfo(best).absoluteFilePath());

    // Stop: a long run ends after the generation under way, its best kept and listed.
    const QString stopped_results = dir_.filePath(QStringLiteral("stopped"));
    optimization.setOutputDirectory(stopped_results);
    optimization.setMaxGenerations(100000);
    progressed.clear();
    finished.clear();
    QVERIFY(optimization.start());
    QVERIFY(progressed.wait(run_timeout_ms));
    optimization.stop();
    QVERIFY(finished.wait(run_timeout_ms));
    QVERIFY(progressed.size() < 100000);
    QCOMPARE(optimization.resultsTree()->topLevelItemCount(), 1);
    QVERIFY(optimization.resultsTree()->topLevelItem(0)->childCount() >= 1);
    QVERIFY(optimization.statusText().contains(QStringLiteral("best")));
}

// Tutorial 4a for 1.5 s with SCONE's walking parameters (a copy of the scenario
// next to links to its folders): each leg passes through stance and swing states.
void TestScenarioStudio::tutorial4aWalksThroughItsGaitStates() {
    const QString corpus = QStringLiteral(HFD_CORPUS_DIR "/scone-tutorials3");
    const QString original = corpus + QStringLiteral("/Tutorial 4a - Gait - Hyfydy.scone");
    if (!QFileInfo::exists(original)) QSKIP("corpus scone-tutorials3 absent");
    QFile file(original);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QString text = QString::fromUtf8(file.readAll());
    QVERIFY(text.contains(QStringLiteral("max_duration = 20")));
    text.replace(QStringLiteral("max_duration = 20"), QStringLiteral("max_duration = 1.5"));
    for (const char* folder : {"models", "controllers", "measures", "init", "par"})
        QFile::link(corpus + u'/' + QLatin1String(folder), dir_.filePath(QLatin1String(folder)));
    const QString copy = dir_.filePath(QStringLiteral("gait.scone"));
    QVERIFY(write_file(copy, text));

    MainWindow window(headless_options());
    ScenarioSession* session = scenario_dock(window)->session();
    QSignalSpy finished(session->runner(), &ScenarioRunner::finished);
    QVERIFY(window.openFile(copy));
    QVERIFY(finished.wait(run_timeout_ms));
    QVERIFY(window.openFile(dir_.filePath(QStringLiteral("init/H0918GaitRS2Hfd4.par"))));
    QVERIFY(finished.wait(run_timeout_ms));
    const ScenarioResult& result = *session->runner()->lastResult();
    QVERIFY2(result.termination.empty(), result.termination.c_str());  // it walks the 1.5 s
    const PlotData states = window.simulationUi()->plotDock()->plotData(0);
    QCOMPARE(states.series.size(), size_t(2));
    for (const auto& series : states.series) {
        std::set<int> visited;
        for (const QPointF& point : series.points) visited.insert(int(point.y()));
        QVERIFY2(visited.count(0) || visited.count(1), qPrintable(series.label));  // stance
        QVERIFY2(visited.count(3), qPrintable(series.label));                      // swing
    }
}

STUDIO_TEST_MAIN(TestScenarioStudio)
#include "test_scenario_studio.moc"
