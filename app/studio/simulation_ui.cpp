#include "simulation_ui.h"

#include "controls_dock.h"
#include "diagnostics_dock.h"
#include "document.h"
#include "export_actions.h"
#include "induced_dock.h"
#include "main_window.h"
#include "model_viewer.h"
#include "plot_dock.h"
#include "pose_writer.h"
#include "simulation_controller.h"
#include "simulation_dock.h"
#include "simulation_inputs.h"
#include "simulation_status.h"
#include "video_export_action.h"
#include "view_frame_status.h"
#include "viewer_pane.h"

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
    using Setter = bool (SimulationInputs::*)(const QString&, std::vector<Diagnostic>&);
    auto load = [window, inputs, report](const QString& title, const QString& filter, Setter set) {
        const QString start = QFileInfo(window->document()->path()).absolutePath();
        const QString path =
            window->prompts().input_path ? window->prompts().input_path({title, start, filter}) : QString();
        if (path.isEmpty()) return;
        std::vector<Diagnostic> diagnostics;
        if (!(inputs->*set)(path, diagnostics)) report(path, diagnostics);
    };
    menu->addSeparator();
    menu->addAction(QObject::tr("Load Simulation &Config..."), window, [load] {
        load(QObject::tr("Load Simulation Config"), QObject::tr("Simulation configs (HfdConfig*.zml *.zml *.hfd)"),
             &SimulationInputs::setConfigPath);
    });
    menu->addAction(QObject::tr("Load Initial &State..."), window, [load] {
        load(QObject::tr("Load Initial State"), QObject::tr("Initial states (InitState*.zml *.zml)"),
             &SimulationInputs::setStatePath);
    });
    menu->addAction(QObject::tr("Load &Excitations..."), window, [load] {
        load(QObject::tr("Load Excitations"), QObject::tr("Excitations, time,muscle,... (*.csv)"),
             &SimulationInputs::setExcitationPath);
    });
    QAction* clear =
        menu->addAction(QObject::tr("C&lear Config, State and Excitations"), inputs, &SimulationInputs::clear);
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
        label->setToolTip(
            QStringList{inputs->configPath(), inputs->statePath(), inputs->excitationPath()}.join(u'\n').trimmed());
        label->setVisible(!summary.isEmpty());
        clear->setEnabled(!summary.isEmpty());
    };
    QObject::connect(inputs, &SimulationInputs::changed, window, show);
    Document* document = window->document();
    // Before the new content is analysed, so that its simulation is built with its files.
    QObject::connect(document, &Document::contentReplaced, inputs,
                     [inputs, document] { inputs->setModelPath(document->path()); });
    QObject::connect(document, &Document::savedAs, inputs, &SimulationInputs::moveToModelPath);
    inputs->setModelPath(document->path());
}

}  // namespace

SimulationUi::SimulationUi(MainWindow* window) : QObject(window) {
    controller_ = new SimulationController(window);
    inputs_ = new SimulationInputs(window);
    dock_ = new SimulationDock(window->document(), controller_, window, inputs_);
    controls_ = new ControlsDock(controller_, window);
    plots_ = new PlotDock(window);
    status_ = new SimulationStatus(window);
    exports_ = new ExportActions(controller_, &window->prompts(), window->viewerPane()->viewer(), window);
    placeDocks(window);
    QMenu* export_menu = exports_->addToMenu(window->fileMenu());
    PlotDock* plots = plots_;
    video_ = new VideoExportAction(
        window->viewerPane()->viewer(),
        {[plots] { return plots->rowCount(); }, [plots](size_t row) { return plots->poseAt(row); }}, controller_,
        &window->prompts(), window);
    video_->addToMenu(export_menu);
    QMenu* menu = window->addMenu(QObject::tr("&Simulation"));
    menu->addActions({dock_->playAction(), dock_->stepAction(), dock_->resetAction()});
    install_simulation_inputs(window, inputs_, menu);
    window->addActions({dock_->playAction(), dock_->stepAction()});  // active while the Simulation dock is hidden too
    connectDocument(window);
    connectRun(window);
    auto show_message = [window](const QString& text) { window->statusBar()->showMessage(text, 10000); };
    induced_ = install_induced_dock(window, controller_, plots_);
    QObject::connect(induced_, &InducedDock::statusMessage, window, show_message);
    QObject::connect(controller_, &SimulationController::stopped, window, show_message);
    QObject::connect(dock_, &SimulationDock::message, window, show_message);
    QObject::connect(exports_, &ExportActions::statusMessage, window, show_message);
    QObject::connect(plots_, &PlotDock::message, window, show_message);
    QObject::connect(video_, &VideoExportAction::statusMessage, window, show_message);
}

void SimulationUi::placeDocks(MainWindow* window) {
    window->addDock(dock_, Qt::RightDockWidgetArea);
    window->addDock(controls_, Qt::RightDockWidgetArea);
    window->addDock(plots_, Qt::BottomDockWidgetArea);
    // Run settings and controls share one tabbed column, plots and diagnostics one
    // tabbed strip under the view: an empty list of diagnostics takes no space.
    window->tabifyDockWidget(dock_, controls_);
    dock_->raise();
    window->tabifyDockWidget(window->diagnosticsDock(), plots_);
    plots_->raise();
    window->resizeDocks({dock_}, {300}, Qt::Horizontal);
    window->resizeDocks({plots_}, {230}, Qt::Vertical);
    window->statusBar()->insertPermanentWidget(0, status_);
    window->statusBar()->insertPermanentWidget(
        1, new ViewFrameStatus(window->viewerPane()->viewer(), controller_, window));
    plots_->setExportPathPrompt([window](const QString& suggested, const QString& filter) {
        const auto& prompt = window->prompts().export_path;
        return prompt ? prompt({QObject::tr("Export Plot"), suggested, filter}) : QString();
    });
    // The figure's size and DPI are asked where the 3D view's image size is (dialogs, not tests).
    plots_->setFigureOptionsPrompt([window](const FigureOptions& suggested) -> std::optional<FigureOptions> {
        if (!window->prompts().image_size) return suggested;
        return ask_figure_options(window, suggested);
    });
    // One time everywhere: the status bar reads the time the plots' cursor and the view show.
    QObject::connect(plots_, &PlotDock::cursorTimeChanged, status_, &SimulationStatus::showTime);
    QObject::connect(plots_->timeline(), &Timeline::playbackChanged, status_, &SimulationStatus::setPlayingBack);
}

void SimulationUi::connectDocument(MainWindow* window) {
    Document* document = window->document();
    auto show_model = [controls = controls_, plots = plots_, document] {
        controls->setModel(document->sharedModel());
        plots->setModel(document->sharedModel());
    };
    if (document->lastValidModel()) show_model();
    QObject::connect(document, &Document::modelChanged, controls_, show_model);
    // Another file: nothing of the previous model's run stays (its model, if it builds, follows).
    QObject::connect(document, &Document::contentReplaced, controller_,
                     [controller = controller_, controls = controls_, plots = plots_, status = status_] {
                         controller->unload();
                         controls->setModel(std::make_shared<const Model>());
                         plots->clear();
                         status->clear();
                     });
}

void SimulationUi::connectRun(MainWindow* window) {
    ModelViewer* viewer = window->viewerPane()->viewer();
    Document* document = window->document();
    QObject::connect(controller_, &SimulationController::layoutReceived, plots_, &PlotDock::setLayout);
    // The view shows the document's latest model; frames of a run started with an
    // older model (it changes on reset) are drawn only while they still fit it.
    QObject::connect(controller_, &SimulationController::frameReceived, window,
                     [viewer, status = status_, plots = plots_, document](const SimulationFrame& frame) {
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
        QObject::connect(controller_, &SimulationController::stopped, viewer,
                         [viewer, plots = plots_, controller = controller_, document] {
                             const SimulationFrame* frame = controller->latestFrame();
                             const Model* model = document->lastValidModel();
                             if (!frame || !model) return;
                             viewer->setMarkedBody(model->find_body(frame->error_body.toStdString()));
                             if (plots->rowCount() > 0) plots->scrubTo(plots->rowCount() - 1);
                         });
        QObject::connect(controller_, &SimulationController::frameReceived, viewer,
                         [viewer](const SimulationFrame& frame) {
                             if (frame.error.isEmpty() && viewer->markedBody() != no_index)
                                 viewer->setMarkedBody(no_index);
                         });
        QObject::connect(plots_, &PlotDock::poseRequested, viewer, &ModelViewer::setSnapshot);
        // the kept run walks beside the current one, see-through, at the cursor's time
        QObject::connect(plots_, &PlotDock::keptRunChanged, viewer,
                         [viewer, plots = plots_] { viewer->setGhostModel(plots->keptModel()); });
        QObject::connect(plots_, &PlotDock::keptPoseChanged, viewer, &ModelViewer::setGhostSnapshot);
        QObject::connect(viewer, &ModelViewer::bodyClicked, controls_, &ControlsDock::setSelectedBody);
        QObject::connect(viewer, &ModelViewer::pushForceChanged, controller_, &SimulationController::holdForce);
        // a state file chosen now moves the model (a SCONE model lies under the floor without it)
        QObject::connect(inputs_, &SimulationInputs::filesChosen, viewer, &ModelViewer::frameNextSnapshot);
        // Reset frames the initial pose again (from the same direction): the framing of a
        // fallen model would cut off the standing one's head, in the view and in videos.
        QObject::connect(dock_->resetAction(), &QAction::triggered, viewer, &ModelViewer::frameNextSnapshot);
    }
    auto* pose = new PoseActions(document, controls_, &window->prompts(), window);
    QObject::connect(pose, &PoseActions::statusMessage, window,
                     [window](const QString& text) { window->statusBar()->showMessage(text, 10000); });
}

}  // namespace hfd::studio
