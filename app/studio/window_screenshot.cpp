#include "window_screenshot.h"

#include "document.h"
#include "main_window.h"
#include "model_analyzer.h"
#include "model_viewer.h"
#include "plot_dock.h"
#include "scenario_dock.h"
#include "simulation_controller.h"
#include "simulation_dock.h"
#include "simulation_inputs.h"
#include "simulation_ui.h"
#include "view_options.h"
#include "viewer_pane.h"

#include <QApplication>
#include <QDeadlineTimer>
#include <QFileInfo>
#include <QPainter>
#include <QThread>

#include <functional>
#include <vector>

namespace hfd::studio {

namespace {

// Processes events until `done` holds or the time is up; the simulation runs on
// its own thread and the model is analysed after a debounce, so both need waiting.
bool wait_until(const std::function<bool()>& done, int timeout_ms) {
    QDeadlineTimer deadline(timeout_ms);
    while (!done()) {
        if (deadline.hasExpired()) return false;
        QApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(5);
    }
    return true;
}

// Disconnects on scope exit: the lambdas below capture locals of the function that connects them.
struct ScopedConnections {
    std::vector<QMetaObject::Connection> connections;
    ~ScopedConnections() {
        for (const QMetaObject::Connection& connection : connections) QObject::disconnect(connection);
    }
};

bool plot_channels(const QStringList& names, const std::vector<Channel>& channels, PlotDock* plots, QString* error) {
    if (!names.isEmpty()) plots->clearPlotted();  // --plot replaces the joint angles a new model starts with
    int plot = 0;
    for (const QString& name : names) {
        if (name == QLatin1String(";")) {
            plot = std::min(plot + 1, plot_count - 1);
            continue;
        }
        size_t found = channels.size();
        for (size_t c = 0; c < channels.size(); ++c)
            if (QString::fromStdString(channels[c].name) == name) found = c;
        if (found == channels.size()) {
            *error = QStringLiteral("--plot: no channel '%1' in this model").arg(name);
            return false;
        }
        plots->setChannelPlotted(found, plot, true);
    }
    return true;
}

bool run_for(SimulationController* controller, double seconds, QString* error) {
    QString stop_message;
    ScopedConnections scoped;
    scoped.connections.push_back(QObject::connect(controller, &SimulationController::stopped, controller,
                                                  [&stop_message](const QString& message) { stop_message = message; }));
    controller->setRealTimeFactor(0);
    controller->setEndTime(seconds);
    controller->play();
    const auto reached = [&] {
        const SimulationFrame* frame = controller->latestFrame();
        return !stop_message.isEmpty() || (frame && frame->time >= seconds - 1e-9 && !controller->isRunning());
    };
    const int timeout_ms = 60000;
    if (!wait_until(reached, timeout_ms)) {
        *error = QStringLiteral("the simulation did not reach %1 s within %2 s").arg(seconds).arg(timeout_ms / 1000);
        return false;
    }
    if (!stop_message.isEmpty()) {
        *error = stop_message;
        return false;
    }
    return true;
}

// QWidget::grab() leaves the Qt3D window container empty: paint the 3D view's
// own capture over it, a rendered frame that shows the model (null: none came).
QImage compose(MainWindow& window) {
    QImage image = window.grab().toImage();
    ModelViewer* viewer = window.viewerPane()->viewer();
    if (!viewer || !viewer->isVisible()) return image;
    QImage view = viewer->grabRenderedImage();
    if (view.isNull()) return {};
    // A painter on an image with a device pixel ratio works in logical pixels
    // (the ratio is its transform): the view's rectangle in the window, unscaled;
    // the capture, in device pixels, fills it at full resolution.
    const QRect area = viewer->renderArea();
    const QRect target(viewer->mapTo(&window, area.topLeft()), area.size());
    QPainter painter(&image);
    painter.setRenderHint(QPainter::SmoothPixmapTransform);
    painter.drawImage(target, view);
    return image;
}

QStringList error_lines(const std::vector<Diagnostic>& diagnostics) {
    QStringList lines;
    for (const Diagnostic& diagnostic : diagnostics)
        if (diagnostic.severity == Severity::Error) lines << QString::fromStdString(format_diagnostic(diagnostic));
    return lines;
}

bool has_suffix(const QString& path, const char* suffix) {
    return QFileInfo(path).suffix().compare(QLatin1String(suffix), Qt::CaseInsensitive) == 0;
}

// The window still holds the New template it starts with: the file opened brought no model.
bool holds_no_opened_model(MainWindow& window) {
    return window.document()->isUntitled() && !window.document()->isDirty();
}

QString no_model_error(const QString& path, const QString& open_error) {
    return !open_error.isEmpty() ? open_error
                                 : QStringLiteral(
                                       "%1 brought no model to show: give a model (.hfd, .osim) or a "
                                       "scenario (.scone)")
                                       .arg(path);
}

}  // namespace

QString open_failure(MainWindow& window, const QString& path, const QString& open_error) {
    QStringList lines;
    if (has_suffix(path, "scone") || has_suffix(path, "par"))
        if (auto* dock = window.findChild<ScenarioDock*>()) lines = error_lines(dock->session()->diagnostics());
    if (lines.isEmpty()) lines << (open_error.isEmpty() ? QStringLiteral("%1: cannot open").arg(path) : open_error);
    return lines.join(u'\n');
}

bool open_as_file_open(MainWindow& window, const QString& path, const QString& open_error, QString* error) {
    if (!window.openFile(path)) {
        *error = open_failure(window, path, open_error);
        return false;
    }
    if (holds_no_opened_model(window)) {
        *error = no_model_error(path, open_error);
        return false;
    }
    // The document's text is analysed as it is replaced: its errors are known now.
    const editor::Analysis* analysis = window.document()->analysis();
    const QStringList model_errors = analysis ? error_lines(analysis->diagnostics()) : QStringList();
    if (!model_errors.isEmpty()) {
        *error = model_errors.join(u'\n');
        return false;
    }
    if (!window.document()->sharedModel()) {
        *error = QStringLiteral("%1: the model could not be built").arg(path);
        return false;
    }
    return true;
}

// Opens the file and waits until it is analysed and its simulation is built. The
// window starts with the New template: that one settles first, so what arrives next is the file's.
bool open_for_simulation(MainWindow& window, SimulationController* controller, const QString& path,
                         const QString& open_error, QString* error) {
    const int timeout_ms = 20000;
    wait_until([&] { return window.document()->lastValidModel() && controller->layout(); }, timeout_ms);
    bool analysed = false, layout_arrived = false;
    QStringList model_errors;
    ScopedConnections scoped;
    const auto on_analyzed = [&](const editor::Analysis& analysis) {
        analysed = true;
        model_errors.clear();
        for (const Diagnostic& diagnostic : analysis.diagnostics())
            if (diagnostic.severity == Severity::Error)
                model_errors << QString::fromStdString(format_diagnostic(diagnostic));
    };
    scoped.connections.push_back(QObject::connect(window.document(), &Document::analyzed, &window, on_analyzed));
    scoped.connections.push_back(
        QObject::connect(controller, &SimulationController::layoutReceived, &window, [&] { layout_arrived = true; }));
    if (!window.openFile(path)) {
        *error = open_failure(window, path, open_error);
        return false;
    }
    if (!analysed && holds_no_opened_model(window)) {  // no analysis is coming
        *error = no_model_error(path, open_error);
        return false;
    }
    if (!wait_until([&] { return analysed; }, timeout_ms) || !model_errors.isEmpty()) {
        *error = model_errors.isEmpty() ? QStringLiteral("%1: the model was not analysed").arg(path)
                                        : model_errors.join(u'\n');
        return false;
    }
    if (!wait_until([&] { return layout_arrived && controller->isLoaded() && controller->layout(); }, timeout_ms)) {
        *error = QStringLiteral("%1: the simulation could not be created (hfd simulate tells why)").arg(path);
        return false;
    }
    return true;
}

// A SCONE scenario: opened and run to its end (or its measure's) before the picture.
static bool run_scenario(MainWindow& window, const QString& path, const QString& open_error, QString* error) {
    auto* dock = window.findChild<ScenarioDock*>();
    if (!dock || !window.openFile(path)) {
        *error = open_failure(window, path, open_error);
        return false;
    }
    const ScenarioRunner* runner = dock->session()->runner();
    if (!wait_until([runner] { return !runner->isRunning() && runner->lastResult(); }, 600000)) {
        *error = QStringLiteral("%1: the scenario did not finish within 10 minutes").arg(path);
        return false;
    }
    return true;
}

// Runs the open scenario with a .par's values (empty: its own) and waits for the run's end.
static bool run_parameters(ScenarioSession* session, const QString& par_path, QString* error) {
    bool ended = false;
    ScopedConnections scoped;
    scoped.connections.push_back(QObject::connect(session->runner(), &ScenarioRunner::finished, session,
                                                  [&ended](const ScenarioResult&) { ended = true; }));
    if (par_path.isEmpty()) {
        session->clearParameters();
    } else if (!session->loadParameters(par_path)) {
        QStringList lines;
        for (const Diagnostic& diagnostic : session->diagnostics())
            if (diagnostic.severity == Severity::Error) lines << QString::fromStdString(format_diagnostic(diagnostic));
        *error = lines.isEmpty() ? QStringLiteral("%1 does not fit the scenario").arg(par_path) : lines.join(u'\n');
        return false;
    }
    if (!wait_until([&ended] { return ended; }, 600000)) {
        *error = QStringLiteral("%1: the scenario did not finish within 10 minutes").arg(par_path);
        return false;
    }
    const std::optional<ScenarioResult>& result = session->runner()->lastResult();
    if (!result || (!result->ok && result->steps == 0)) {
        *error = QStringLiteral("%1: %2").arg(
            par_path, result ? QString::fromStdString(result->message) : QStringLiteral("the run gave no result"));
        return false;
    }
    return true;
}

bool run_scenario_parameters(MainWindow& window, const QString& keep_run_par, const QString& par_path, QString* error) {
    auto* dock = window.findChild<ScenarioDock*>();
    if (!dock || !dock->session()->isOpen()) {
        *error = QStringLiteral("no scenario is open");
        return false;
    }
    ScenarioSession* session = dock->session();
    PlotDock* plots = window.simulationUi()->plotDock();
    if (!keep_run_par.isEmpty()) {
        if (!run_parameters(session, keep_run_par, error)) return false;
        plots->keepRun(QFileInfo(keep_run_par).fileName());
    }
    return run_parameters(session, par_path, error);
}

bool load_inputs(MainWindow& window, const QString& config_path, const QString& state_path, QString* error,
                 const QString& excitation_path) {
    auto* inputs = window.simulationUi()->inputs();
    auto* dock = window.simulationUi()->simulationDock();
    QString message;
    ScopedConnections scoped;
    scoped.connections.push_back(
        QObject::connect(dock, &SimulationDock::message, &window, [&message](const QString& text) { message = text; }));
    using Setter = bool (SimulationInputs::*)(const QString&, std::vector<Diagnostic>&);
    for (auto [path, set] : {std::pair<QString, Setter>{config_path, &SimulationInputs::setConfigPath},
                             std::pair<QString, Setter>{state_path, &SimulationInputs::setStatePath},
                             std::pair<QString, Setter>{excitation_path, &SimulationInputs::setExcitationPath}}) {
        if (path.isEmpty()) continue;
        std::vector<Diagnostic> diagnostics;
        if (!(inputs->*set)(path, diagnostics) || !message.isEmpty()) {
            QStringList lines{message};
            for (const Diagnostic& diagnostic : diagnostics)
                if (diagnostic.severity == Severity::Error)
                    lines << QString::fromStdString(format_diagnostic(diagnostic));
            lines.removeAll(QString());
            *error = lines.isEmpty() ? QStringLiteral("%1: cannot use it").arg(path) : lines.join(u'\n');
            return false;
        }
    }
    return true;
}

bool render_window_screenshot(const WindowScreenshot& request, QString* error) {
    if (!QFileInfo(request.model_path).isFile()) {
        *error = QStringLiteral("%1: no such file").arg(request.model_path);
        return false;
    }
    MainWindowOptions options;
    options.use_dialogs = false;
    options.restore_settings = false;
    options.remember_recent_files = false;  // a render is not a file the user opened
    QString open_error;                     // outlives the window, whose error prompt writes it
    MainWindow window(options);
    window.prompts().error = [&open_error](const QString& title, const QString& message) {
        open_error = title + QStringLiteral(": ") + message;
    };
    window.resize(request.size);
    window.show();
    auto* controller = window.simulationUi()->controller();
    auto* plots = window.simulationUi()->plotDock();
    if (auto* view_options = window.findChild<ViewOptions*>(); view_options && !request.shown.isEmpty())
        if (!view_options->applySettings(request.shown, error)) return false;
    if (QFileInfo(request.model_path).suffix().compare(QStringLiteral("scone"), Qt::CaseInsensitive) == 0) {
        if (!run_scenario(window, request.model_path, open_error, error)) return false;
        if ((!request.keep_run_par.isEmpty() || !request.par_path.isEmpty()) &&
            !run_scenario_parameters(window, request.keep_run_par, request.par_path, error))
            return false;
        if (!request.plotted.isEmpty()) {  // instead of the scenario's own choice
            plots->clearPlotted();
            if (!plot_channels(request.plotted, plots->channels(), plots, error)) return false;
        }
    } else {
        if (!open_for_simulation(window, controller, request.model_path, open_error, error)) return false;
        if (!load_inputs(window, request.config_path, request.state_path, error, request.excitation_path)) return false;
        if (!plot_channels(request.plotted, controller->layout()->channels, plots, error)) return false;
        if (request.simulate_seconds > 0 && !run_for(controller, request.simulate_seconds, error)) return false;
    }
    // Channels asked for: the plots get room to read them (two fifths of the height).
    if (!request.plotted.isEmpty()) window.resizeDocks({plots}, {request.size.height() * 2 / 5}, Qt::Vertical);
    if (request.zoom_to > request.zoom_from) plots->zoomTime(request.zoom_from, request.zoom_to);
    if (request.time >= 0) plots->scrubTo(plots->rowAtTime(request.time));
    plots->refresh();
    QCoreApplication::processEvents();  // the charts take the last rows; grab() paints them
    const QImage image = compose(window);
    if (image.isNull()) {
        *error = QStringLiteral("the 3D view rendered no frame showing the model (no OpenGL display, or it timed out)");
        return false;
    }
    if (!image.save(request.image_path)) {
        *error = QStringLiteral("cannot write %1").arg(request.image_path);
        return false;
    }
    for (const QString& path : request.plot_exports)
        if (!plots->exportPlot(0, path, error)) return false;
    return true;
}

}  // namespace hfd::studio
