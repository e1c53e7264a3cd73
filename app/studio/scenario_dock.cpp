#include "scenario_dock.h"

#include "code_editor.h"
#include "diagnostics_dock.h"
#include "document.h"
#include "file_actions.h"
#include "main_window.h"
#include "model_viewer.h"
#include "optimization_window.h"
#include "plot_dock.h"
#include "simulation_controller.h"
#include "simulation_dock.h"
#include "simulation_ui.h"
#include "viewer_pane.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QFontDatabase>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTextDocument>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace hfd::studio {

namespace {

QString number(double value) { return QString::number(value, 'g', 6); }

QTreeWidget* make_tree(const QString& name, const QStringList& headers, QWidget* parent) {
    auto* tree = new QTreeWidget(parent);
    tree->setObjectName(name);
    tree->setHeaderLabels(headers);
    tree->setRootIsDecorated(false);
    tree->setUniformRowHeights(true);
    tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    tree->header()->setStretchLastSection(false);
    return tree;
}

}  // namespace

ScenarioDock::ScenarioDock(ScenarioSession* session, QWidget* parent)
    : QDockWidget(tr("Scenario"), parent), session_(session) {
    setObjectName(QStringLiteral("ScenarioDock"));
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    file_label_ = new QLabel(tr("No scenario: File > Open a .scone file"), content);
    file_label_->setWordWrap(true);
    layout->addWidget(file_label_);
    auto* buttons = new QHBoxLayout;
    run_ = new QPushButton(tr("Run"), content);
    run_->setObjectName(QStringLiteral("runScenario"));
    run_->setToolTip(tr("Evaluate the scenario with the parameters shown"));
    stop_ = new QPushButton(tr("Stop"), content);
    stop_->setObjectName(QStringLiteral("stopScenario"));
    load_par_ = new QPushButton(tr("Parameters..."), content);
    load_par_->setToolTip(tr("Load a .par file's parameter values"));
    optimize_ = new QPushButton(tr("Optimize..."), content);
    for (QPushButton* button : {run_, stop_, load_par_, optimize_}) buttons->addWidget(button);
    layout->addLayout(buttons);
    summary_ = new QLabel(content);
    summary_->setObjectName(QStringLiteral("scenarioSummary"));
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(summary_);
    auto* tabs = new QTabWidget(content);
    auto* splitter = new QSplitter(Qt::Vertical, tabs);
    terms_ = make_tree(QStringLiteral("measureTerms"), {tr("Measure"), tr("Weighted"), tr("Raw")}, splitter);
    terms_->setRootIsDecorated(true);
    parameters_ = make_tree(QStringLiteral("scenarioParameters"),
                            {tr("Parameter"), tr("Value"), tr("Mean"), tr("Std"), tr("Min"), tr("Max")}, splitter);
    tabs->addTab(splitter, tr("Scores and Parameters"));
    tabs->addTab(createTextTab(), tr("Text"));
    layout->addWidget(tabs, 1);
    setWidget(content);

    connect(run_, &QPushButton::clicked, session_, &ScenarioSession::run);
    connect(stop_, &QPushButton::clicked, session_, &ScenarioSession::stop);
    connect(load_par_, &QPushButton::clicked, this, &ScenarioDock::loadParametersRequested);
    connect(optimize_, &QPushButton::clicked, this, &ScenarioDock::optimizationRequested);
    connect(session_, &ScenarioSession::scenarioChanged, this, &ScenarioDock::showScenario);
    connect(session_, &ScenarioSession::parametersChanged, this, &ScenarioDock::showParameters);
    ScenarioRunner* runner = session_->runner();
    connect(runner, &ScenarioRunner::started, this, [this] {
        summary_->setText(tr("Running..."));
        terms_->clear();
        updateButtons();
    });
    connect(runner, &ScenarioRunner::frameReceived, this, [this](const SimulationFrame& frame) {
        if (frame.running) summary_->setText(tr("Running: t = %1 s").arg(frame.time, 0, 'f', 2));
    });
    connect(runner, &ScenarioRunner::finished, this, &ScenarioDock::showResult);
    updateButtons();
}

QWidget* ScenarioDock::createTextTab() {
    auto* box = new QWidget(this);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    text_ = new QPlainTextEdit(box);
    text_->setObjectName(QStringLiteral("scenarioText"));
    text_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    text_->setTabStopDistance(editor::tab_width * text_->fontMetrics().horizontalAdvance(u' '));  // as the model text
    text_->setLineWrapMode(QPlainTextEdit::NoWrap);
    save_run_ = new QPushButton(tr("Save and Run"), box);
    save_run_->setToolTip(tr("Write the scenario file and run it (Ctrl+Enter)"));
    save_run_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
    layout->addWidget(text_, 1);
    layout->addWidget(save_run_);
    connect(save_run_, &QPushButton::clicked, this, &ScenarioDock::saveAndRun);
    connect(text_->document(), &QTextDocument::modificationChanged, save_run_, &QPushButton::setEnabled);
    save_run_->setEnabled(false);
    return box;
}

bool ScenarioDock::saveAndRun() {
    QString error;
    if (!session_->saveText(text_->toPlainText(), &error)) {
        summary_->setText(tr("<span style='color:#c00'>%1</span>").arg(error.toHtmlEscaped()));
        return false;
    }
    text_->document()->setModified(false);
    return true;
}

void ScenarioDock::updateButtons() {
    const bool open = session_->isOpen();
    const bool running = session_->runner()->isRunning();
    run_->setEnabled(open);
    stop_->setEnabled(running);
    load_par_->setEnabled(open);
    optimize_->setEnabled(open);
}

void ScenarioDock::showScenario() {
    if (!session_->isOpen()) {  // closed for another document: nothing of it is shown
        setWindowTitle(tr("Scenario"));
        if (!text_->document()->isModified()) {
            text_->clear();
            text_path_.clear();
        }
        summary_->clear();
        terms_->clear();
        updateButtons();
        return;
    }
    const QString name = QFileInfo(session_->path()).fileName();
    setWindowTitle(tr("Scenario: %1").arg(name));
    // The file as read, unless the text holds edits of this file not saved yet.
    const bool other_file = text_path_ != session_->path();
    if (other_file || (!text_->document()->isModified() && text_->toPlainText() != session_->text())) {
        text_->setPlainText(session_->text());
        text_->document()->setModified(false);
        text_path_ = session_->path();
    }
    updateButtons();
}

void ScenarioDock::showParameters() {
    if (!session_->isOpen()) {
        file_label_->clear();
        file_label_->setToolTip({});
        parameters_->clear();
        return;
    }
    const QString par = session_->parPath();
    file_label_->setText(
        tr("<b>%1</b><br>model: %2<br>parameters: %3")
            .arg(QFileInfo(session_->path()).fileName().toHtmlEscaped(),
                 QFileInfo(session_->modelPath()).fileName().toHtmlEscaped(),
                 par.isEmpty() ? tr("the scenario's own") : QFileInfo(par).fileName().toHtmlEscaped()));
    file_label_->setToolTip(QStringList{session_->path(), session_->modelPath(), par}.join(u'\n').trimmed());
    parameters_->clear();
    const std::shared_ptr<const Scenario> scenario = session_->scenario();
    if (!scenario) return;
    QList<QTreeWidgetItem*> items;
    for (const ParamInfo& info : scenario->parameters().infos) {
        const auto value = session_->values().find(info.name);
        const double shown = value != session_->values().end() ? value->second : info.mean;
        items << new QTreeWidgetItem({QString::fromStdString(info.name), number(shown), number(info.mean),
                                      number(info.std), number(info.min), number(info.max)});
    }
    parameters_->addTopLevelItems(items);
    updateButtons();
}

void ScenarioDock::showResult(const ScenarioResult& result) {
    terms_->clear();
    std::vector<QTreeWidgetItem*> parents;  // by depth
    for (const MeasureTerm& term : result.terms) {
        const QStringList columns{QString::fromStdString(term.name), number(term.weighted), number(term.result)};
        const size_t depth = size_t(std::max(0, term.depth));
        auto* item = depth > 0 && depth <= parents.size() ? new QTreeWidgetItem(parents[depth - 1], columns)
                                                          : new QTreeWidgetItem(terms_, columns);
        parents.resize(depth);
        parents.push_back(item);
    }
    terms_->expandAll();
    QString text = tr("objective %1 (%2)<br>%3 s of %4 s, distance %5 m, speed %6 m/s")
                       .arg(number(result.objective), result.minimize ? tr("minimized") : tr("maximized"))
                       .arg(result.simulated_time, 0, 'f', 3)
                       .arg(session_->scenario() ? session_->scenario()->max_duration() : 0.0)
                       .arg(result.distance, 0, 'f', 3)
                       .arg(result.speed, 0, 'f', 3);
    if (!result.termination.empty())
        text +=
            QStringLiteral("<br>") + tr("ended: %1").arg(QString::fromStdString(result.termination).toHtmlEscaped());
    if (!result.ok && result.steps == 0)
        text = tr("<span style='color:#c00'>%1</span>").arg(QString::fromStdString(result.message).toHtmlEscaped());
    summary_->setText(text);
    updateButtons();
}

QString ScenarioDock::summaryText() const { return summary_->text(); }

namespace {

// The scenario's model (its model file with the scenario's changes) in the 3D view
// and the plots, also after the document, which they otherwise follow, was replaced.
void show_scenario_model(MainWindow* window, ScenarioSession* session) {
    if (!session->scenario()) return;
    window->simulationUi()->plotDock()->setModel(session->scenario()->shared_model());
    ViewerPane* pane = window->viewerPane();
    pane->setModel(session->scenario()->shared_model());
    if (ModelViewer* viewer = pane->viewer()) viewer->frameNextSnapshot();
}

// The model, the recording and the poses of scenario runs go to the 3D view and
// the plots; the document's own simulation pauses while a scenario runs.
void connect_runs(MainWindow* window, ScenarioSession* session) {
    PlotDock* plots = window->simulationUi()->plotDock();
    SimulationController* controller = window->simulationUi()->controller();
    ViewerPane* pane = window->viewerPane();
    ScenarioRunner* runner = session->runner();
    QObject::connect(session, &ScenarioSession::scenarioChanged, window,
                     [window, session] { show_scenario_model(window, session); });
    // One run feeds the plots and the view: a scenario run pauses the document's
    // simulation, and an edit of the model text does not load it; the user's Play, Step
    // or Reset of that simulation, or another document, stops the scenario's hold.
    SimulationDock* simulation = window->simulationUi()->simulationDock();
    QObject::connect(runner, &ScenarioRunner::started, controller, [controller, simulation] {
        controller->pause();
        simulation->setLoadOnModelChange(false);
    });
    for (QAction* action : {simulation->playAction(), simulation->stepAction(), simulation->resetAction()})
        QObject::connect(action, &QAction::triggered, session, [session, simulation] {
            session->stop();
            simulation->setLoadOnModelChange(true);
        });
    QObject::connect(window->document(), &Document::contentReplaced, simulation,
                     [simulation] { simulation->setLoadOnModelChange(true); });
    auto plotted_for = std::make_shared<std::vector<std::string>>();  // channel names last auto-plotted
    QObject::connect(runner, &ScenarioRunner::layoutReceived, plots,
                     [plots, plotted_for](const RecordingLayout& layout) {
                         plots->setLayout(layout);
                         std::vector<std::string> names;
                         for (const Channel& channel : layout.channels) names.push_back(channel.name);
                         if (names == *plotted_for) return;  // a run again: the user's choice of plotted channels stays
                         *plotted_for = std::move(names);
                         // The gait states and the vertical ground forces are what a scenario is watched for
                         // (in place of the joint angles a new model starts with).
                         plots->clearPlotted();
                         for (size_t c = 0; c < layout.channels.size(); ++c) {
                             const std::string& name = layout.channels[c].name;
                             if (name.ends_with(".state")) plots->setChannelPlotted(c, 0, true);
                             else if (name.ends_with(".grf_y")) plots->setChannelPlotted(c, 1, true);
                         }
                     });
    QObject::connect(runner, &ScenarioRunner::frameReceived, plots,
                     [plots, pane, session](const SimulationFrame& frame) {
                         plots->addFrame(frame);
                         ModelViewer* viewer = pane->viewer();
                         const std::shared_ptr<const Scenario> scenario = session->scenario();
                         if (viewer && scenario && scenario->model().bodies.size() == frame.pose.body_pos.size())
                             viewer->setSnapshot(frame.pose);
                     });
}

void install_menu(MainWindow* window, ScenarioDock* dock, QPointer<OptimizationWindow>* optimization) {
    ScenarioSession* session = dock->session();
    auto load_parameters = [window, session] {
        const QString start =
            QFileInfo(session->parPath().isEmpty() ? session->path() : session->parPath()).absolutePath();
        const auto& prompt = window->prompts().input_path;
        const QString path =
            prompt ? prompt({QObject::tr("Load Parameters"), start, QObject::tr("SCONE parameters (*.par)")})
                   : QString();
        if (!path.isEmpty()) session->loadParameters(path);
    };
    auto show_optimization = [window, session, optimization] {
        if (!*optimization) *optimization = new OptimizationWindow(session, window);
        (*optimization)->show();
        (*optimization)->raise();
    };
    QMenu* menu = window->addMenu(QObject::tr("Sc&enario"));
    menu->setObjectName(QStringLiteral("scenarioMenu"));
    QAction* run = menu->addAction(QObject::tr("&Run Scenario"), session, &ScenarioSession::run);
    run->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));  // Ctrl+R resets the simulation
    run->setShortcutContext(Qt::WindowShortcut);
    menu->addAction(QObject::tr("&Stop Scenario"), session, &ScenarioSession::stop);
    menu->addSeparator();
    menu->addAction(QObject::tr("Load &Parameters..."), window, load_parameters);
    menu->addAction(QObject::tr("Use the Scenario's &Own Parameters"), session, &ScenarioSession::clearParameters);
    menu->addSeparator();
    menu->addAction(QObject::tr("&Optimization..."), window, show_optimization);
    QObject::connect(dock, &ScenarioDock::loadParametersRequested, window, load_parameters);
    QObject::connect(dock, &ScenarioDock::optimizationRequested, window, show_optimization);
}

// The document becomes the model file the scenario runs, so the Model Tree and Text
// show what walks, unless that would lose an edit (the user cancels the prompt): then
// the scenario runs beside the document and the status bar names its model file. The
// document is replaced before the run, so the document's simulation, reloaded with it,
// publishes its first frame before the scenario's run does.
bool open_scenario(MainWindow* window, ScenarioDock* dock, const QString& path) {
    ScenarioSession* session = dock->session();
    if (!session->load(path)) {
        window->prompts().error(QObject::tr("Cannot open %1").arg(QFileInfo(path).fileName()),
                                QObject::tr("The scenario cannot be used: see the Diagnostics."));
        return false;
    }
    dock->show();
    dock->raise();
    const QString model = session->modelPath();
    if (window->fileActions()->openModelFile(model)) {
        show_scenario_model(window, session);
    } else {
        window->statusBar()->showMessage(
            QObject::tr("%1 runs %2; the document keeps %3")
                .arg(QFileInfo(path).fileName(), QDir::toNativeSeparators(model), window->document()->displayName()));
    }
    session->run();
    return true;
}

}  // namespace

ScenarioDock* install_scenario_ui(MainWindow* window) {
    auto* session = new ScenarioSession(window);
    auto* dock = new ScenarioDock(session, window);
    window->addDock(dock, Qt::RightDockWidgetArea);
    dock->hide();  // shown when a scenario opens: most files the studio opens are models
    auto* optimization = new QPointer<OptimizationWindow>;
    QObject::connect(dock, &QObject::destroyed, [optimization] { delete optimization; });
    install_menu(window, dock, optimization);
    connect_runs(window, session);
    // One document shows one run: opening, importing or creating another model than the
    // one the scenario runs closes the scenario (the document's own unsaved-changes
    // question came first; Save As, which keeps the content, does not close it). Unsaved
    // edits of the scenario's text keep it open.
    QObject::connect(window->document(), &Document::contentReplaced, session, [window, dock, session] {
        if (!session->isOpen() || window->document()->path() == session->modelPath()) return;
        if (dock->textEdit()->document()->isModified()) return;
        session->close();
        dock->hide();
    });
    QObject::connect(session, &ScenarioSession::diagnosticsChanged, window,
                     [window](const std::vector<Diagnostic>& diagnostics) {
                         window->diagnosticsDock()->setDiagnostics(DiagnosticsDock::Source::Import, diagnostics);
                         if (has_errors(diagnostics)) window->diagnosticsDock()->raise();
                     });
    QObject::connect(session, &ScenarioSession::message, window,
                     [window](const QString& text) { window->statusBar()->showMessage(text, 10000); });
    window->addFileHandler(
        QStringLiteral("scone"), [window, dock](const QString& path) { return open_scenario(window, dock, path); },
        true);
    window->addFileHandler(
        QStringLiteral("par"),
        [window, session](const QString& path) {
            const bool ok = session->loadParameters(path);
            if (!ok)
                window->prompts().error(
                    QObject::tr("Cannot load %1").arg(QFileInfo(path).fileName()),
                    QObject::tr("The parameters do not fit the open scenario: see the Diagnostics."));
            return ok;
        },
        true);
    return dock;
}

}  // namespace hfd::studio
