// install_simulation_ui: the simulation controller, its docks, status, export
// and input-file actions, connected to the main window.
#include "simulation_dock.h"

#include "controls_dock.h"
#include "document.h"
#include "export_actions.h"
#include "induced_dock.h"
#include "main_window.h"
#include "model_viewer.h"
#include "plot_dock.h"
#include "pose_writer.h"
#include "simulation_controller.h"
#include "simulation_inputs.h"
#include "simulation_status.h"
#include "viewer_pane.h"
#include "diagnostics_dock.h"

#include <QAction>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QStatusBar>

namespace hfd::studio {


namespace {

// Simulation > Load Simulation Config / Load Initial State / Clear, .zml drops,
// and the loaded files shown in the title and the status bar.
void install_simulation_inputs(MainWindow* window, SimulationInputs* inputs, QMenu* menu) {
    auto report = [window](const QString& path, const std::vector<Diagnostic>& diagnostics) {
        QStringList lines;
        for (const Diagnostic& diagnostic : diagnostics)
            if (diagnostic.severity == Severity::Error) lines << QString::fromStdString(format_diagnostic(diagnostic));
        window->prompts().error(QObject::tr("Cannot load %1").arg(QFileInfo(path).fileName()), lines.join(u'\n'));
    };
    auto load = [window, inputs, report](const QString& title, const QString& filter, bool config) {
        const QString start = QFileInfo(window->document()->path()).absolutePath();
        const QString path = window->prompts().input_path ? window->prompts().input_path({title, start, filter}) : QString();
        if (path.isEmpty()) return;
        std::vector<Diagnostic> diagnostics;
        if (!(config ? inputs->setConfigPath(path, diagnostics) : inputs->setStatePath(path, diagnostics)))
            report(path, diagnostics);
    };
    menu->addSeparator();
    menu->addAction(QObject::tr("Load Simulation &Config..."), window, [load] {
        load(QObject::tr("Load Simulation Config"), QObject::tr("Simulation configs (HfdConfig*.zml *.zml *.hfd)"), true);
    });
    menu->addAction(QObject::tr("Load Initial &State..."), window, [load] {
        load(QObject::tr("Load Initial State"), QObject::tr("Initial states (InitState*.zml *.zml)"), false);
    });
    QAction* clear = menu->addAction(QObject::tr("C&lear Config and State"), inputs, &SimulationInputs::clear);
    window->addFileHandler(QStringLiteral("zml"), [window, inputs, report](const QString& path) {
        std::vector<Diagnostic> diagnostics;
        if (!window->document()->lastValidModel()) {
            window->prompts().error(QObject::tr("Cannot load %1").arg(QFileInfo(path).fileName()),
                                    QObject::tr("Open the model first: a config or state file belongs to a model."));
            return false;
        }
        const bool ok = inputs->setFile(path, diagnostics);
        if (!ok) report(path, diagnostics);
        return ok;
    });
    auto* label = new QLabel(window);
    window->statusBar()->insertPermanentWidget(0, label);
    auto show = [window, inputs, label, clear] {
        const QString summary = inputs->summary();
        window->setTitleDetail(summary);
        label->setText(summary);
        label->setToolTip(QStringList{inputs->configPath(), inputs->statePath()}.join(u'\n').trimmed());
        label->setVisible(!summary.isEmpty());
        clear->setEnabled(!summary.isEmpty());
    };
    QObject::connect(inputs, &SimulationInputs::changed, window, show);
    Document* document = window->document();
    // Before the new content is analysed, so that its simulation is built with its files.
    QObject::connect(document, &Document::contentReplaced, inputs, [inputs, document] { inputs->setModelPath(document->path()); });
    QObject::connect(document, &Document::savedAs, inputs, &SimulationInputs::moveToModelPath);
    inputs->setModelPath(document->path());
}

}  // namespace

SimulationController* install_simulation_ui(MainWindow* window) {
    auto* controller = new SimulationController(window);
    auto* inputs = new SimulationInputs(window);
    auto* dock = new SimulationDock(window->document(), controller, window, inputs);
    auto* controls = new ControlsDock(controller, window);
    auto* plots = new PlotDock(window);
    auto* status = new SimulationStatus(window);
    ModelViewer* viewer = window->viewerPane()->viewer();
    auto* exports = new ExportActions(controller, &window->prompts(), viewer, window);

    window->addDock(dock, Qt::RightDockWidgetArea);
    window->addDock(controls, Qt::RightDockWidgetArea);
    window->addDock(plots, Qt::BottomDockWidgetArea);
    // Run settings and controls share one tabbed column, plots and diagnostics one
    // tabbed strip under the view: an empty list of diagnostics takes no space.
    window->tabifyDockWidget(dock, controls);
    dock->raise();
    window->tabifyDockWidget(window->diagnosticsDock(), plots);
    plots->raise();
    window->resizeDocks({dock}, {300}, Qt::Horizontal);
    window->resizeDocks({plots}, {230}, Qt::Vertical);
    window->statusBar()->insertPermanentWidget(0, status);
    plots->setExportPathPrompt([window](const QString& suggested, const QString& filter) {
        const auto& prompt = window->prompts().export_path;
        return prompt ? prompt({QObject::tr("Export Plot"), suggested, filter}) : QString();
    });
    exports->addToMenu(window->fileMenu());
    QMenu* menu = window->addMenu(QObject::tr("&Simulation"));
    menu->addActions({dock->playAction(), dock->stepAction(), dock->resetAction()});
    install_simulation_inputs(window, inputs, menu);
    window->addActions({dock->playAction(), dock->stepAction()});  // active while the Simulation dock is hidden too

    auto show_model = [controls, plots](const Model& model) {
        controls->setModel(model);
        plots->setModel(model);
    };
    Document* document = window->document();
    if (const Model* model = document->lastValidModel()) show_model(*model);
    QObject::connect(document, &Document::modelChanged, controls, show_model);
    // Another file: nothing of the previous model's run stays (its model, if it builds, follows).
    QObject::connect(document, &Document::contentReplaced, controller, [controller, controls, plots, status] {
        controller->unload();
        controls->setModel(Model{});
        plots->clear();
        status->clear();
    });
    QObject::connect(controller, &SimulationController::layoutReceived, plots, &PlotDock::setLayout);
    // The view shows the document's latest model; frames of a run started with an
    // older model (it changes on reset) are drawn only while they still fit it.
    QObject::connect(controller, &SimulationController::frameReceived, window,
                     [viewer, status, plots, document](const SimulationFrame& frame) {
                         status->showFrame(frame);
                         plots->addFrame(frame);
                         const Model* model = document->lastValidModel();
                         if (viewer && model && model->bodies.size() == frame.pose.body_pos.size() &&
                             model->muscles.size() == frame.pose.muscle_activation.size() &&
                             model->joints.size() == frame.pose.joint_displacement.size())
                             viewer->setSnapshot(frame.pose);
                     });
    if (viewer) {
        // A blow-up: the named body turns red, the view shows the last recorded frame; a
        // frame without the error (reset, a new run) takes the mark away.
        QObject::connect(controller, &SimulationController::stopped, viewer, [viewer, plots, controller, document] {
            const SimulationFrame* frame = controller->latestFrame();
            const Model* model = document->lastValidModel();
            if (!frame || !model) return;
            viewer->setMarkedBody(model->find_body(frame->error_body.toStdString()));
            if (plots->rowCount() > 0) plots->scrubTo(plots->rowCount() - 1);
        });
        QObject::connect(controller, &SimulationController::frameReceived, viewer, [viewer](const SimulationFrame& frame) {
            if (frame.error.isEmpty() && viewer->markedBody() != no_index) viewer->setMarkedBody(no_index);
        });
        QObject::connect(plots, &PlotDock::poseRequested, viewer, &ModelViewer::setSnapshot);
        QObject::connect(viewer, &ModelViewer::bodyClicked, controls, &ControlsDock::setSelectedBody);
        QObject::connect(viewer, &ModelViewer::pushForceChanged, controller, &SimulationController::holdForce);
    }
    auto show_message = [window](const QString& text) { window->statusBar()->showMessage(text, 10000); };
    auto* pose = new PoseActions(document, controls, &window->prompts(), window);
    QObject::connect(pose, &PoseActions::statusMessage, window, show_message);
    QObject::connect(install_induced_dock(window, controller, plots), &InducedDock::statusMessage, window, show_message);
    QObject::connect(controller, &SimulationController::stopped, window, show_message);
    QObject::connect(dock, &SimulationDock::message, window, show_message);
    QObject::connect(exports, &ExportActions::statusMessage, window, show_message);
    return controller;
}

}  // namespace hfd::studio
