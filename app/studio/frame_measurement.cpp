#include "frame_measurement.h"

#include "frame_timing.h"
#include "main_window.h"
#include "model_viewer.h"
#include "simulation_controller.h"
#include "viewer_pane.h"
#include "window_screenshot.h"

#include <QDir>
#include <QEventLoop>
#include <QFileInfo>
#include <QGuiApplication>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QTimer>

#include <map>
#include <unistd.h>

namespace hfd::studio {

namespace {

constexpr int warm_up_ms = 1000;  // the first frames upload the scene; not measured

// Runs the event loop for `ms` of wall time (the run and the view go on meanwhile).
void run_events_for(int ms) {
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

QString opengl_renderer() {
    QOffscreenSurface surface;
    surface.create();
    QOpenGLContext context;
    if (!context.create() || !context.makeCurrent(&surface)) return QStringLiteral("unknown");
    const auto* name = reinterpret_cast<const char*>(context.functions()->glGetString(GL_RENDERER));
    const QString renderer = name ? QString::fromLatin1(name) : QStringLiteral("unknown");
    context.doneCurrent();
    return renderer;
}

// CPU seconds each group of this process's threads has used, by what they do:
// "simulation", "rasterizer" (Mesa's llvmpipe threads), "gui" (the main thread,
// which drives Qt3D and submits its GL commands) and "other" (Qt3D's job pool,
// ...). From Linux's /proc/self/task/*/stat (utime, stime); empty elsewhere.
std::map<QString, double> cpu_seconds_by_group() {
    std::map<QString, double> seconds;
    const double ticks = double(sysconf(_SC_CLK_TCK));
    const QDir tasks(QStringLiteral("/proc/self/task"));
    const QString main_thread = QString::number(getpid());
    for (const QString& tid : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile file(tasks.filePath(tid + QStringLiteral("/stat")));
        if (!file.open(QIODevice::ReadOnly)) continue;
        const QByteArray line = file.readAll();
        const qsizetype open = line.indexOf('('), close = line.lastIndexOf(')');
        if (open < 0 || close < open) continue;
        const QByteArray name = line.mid(open + 1, close - open - 1);
        const QList<QByteArray> fields = line.mid(close + 2).split(' ');  // from field 3 (state) on
        if (fields.size() < 13) continue;
        const QString group = tid == main_thread            ? QStringLiteral("gui")
                              : name == "simulation"        ? QStringLiteral("simulation")
                              : name.startsWith("llvmpipe") ? QStringLiteral("rasterizer")
                                                            : QStringLiteral("other");
        seconds[group] += (fields[11].toDouble() + fields[12].toDouble()) / ticks;  // utime, stime (fields 14, 15)
    }
    return seconds;
}

QString stats_text(const TimeStats& stats) {
    return QStringLiteral("median %1 ms, 95th percentile %2 ms, mean %3 ms")
        .arg(stats.median, 0, 'f', 2)
        .arg(stats.p95, 0, 'f', 2)
        .arg(stats.mean, 0, 'f', 2);
}

}  // namespace

bool measure_frames(const FrameMeasurement& request, QString* report, QString* error) {
    if (!QFileInfo(request.model_path).isFile())
        return (*error = QStringLiteral("%1: no such file").arg(request.model_path), false);
    MainWindowOptions options;
    options.use_dialogs = false;
    options.restore_settings = false;
    options.remember_recent_files = false;
    QString open_error;
    MainWindow window(options);
    window.prompts().error = [&open_error](const QString& title, const QString& message) {
        open_error = title + QStringLiteral(": ") + message;
    };
    window.resize(request.size);
    window.show();
    auto* controller = window.findChild<SimulationController*>();
    if (!open_for_simulation(window, controller, request.model_path, open_error, error)) return false;
    if (!load_inputs(window, request.config_path, request.state_path, error)) return false;
    ModelViewer* viewer = window.viewerPane()->viewer();
    FrameTiming* timing = viewer ? viewer->frameTiming() : nullptr;
    if (!timing || viewer->grabRenderedImage().isNull())
        return (*error = QStringLiteral(
                    "the 3D view needs an OpenGL display (on a machine without one: xvfb-run -a hfd-studio ...)"),
                false);

    QString stop_message;
    QObject::connect(controller, &SimulationController::stopped, &window,
                     [&stop_message](const QString& message) { stop_message = message; });
    const double start_time = controller->latestFrame() ? controller->latestFrame()->time : 0;
    controller->setRealTimeFactor(1);
    controller->setEndTime(start_time + request.seconds + warm_up_ms * 1e-3 + 10);
    timing->setEnabled(true);
    controller->play();
    run_events_for(warm_up_ms);
    timing->clear();
    const double measured_from = controller->latestFrame()->time;
    std::map<QString, double> cpu = cpu_seconds_by_group();
    run_events_for(int(request.seconds * 1000));
    const double measured_to = controller->latestFrame()->time;
    for (const auto& [group, seconds] : cpu_seconds_by_group()) cpu[group] = seconds - cpu[group];
    const TimeStats frames = time_stats(timing->frameIntervals());
    const TimeStats poses = time_stats(timing->poseUpdates());
    timing->setEnabled(false);
    controller->pause();
    if (!stop_message.isEmpty()) return (*error = QStringLiteral("the run stopped: %1").arg(stop_message), false);
    if (frames.count == 0) return (*error = QStringLiteral("the 3D view rendered no frame while the model ran"), false);

    const QSize view = viewer->size();
    *report = QStringLiteral("model: %1\n").arg(request.model_path);
    *report += QStringLiteral("view: %1x%2 px, platform %3, OpenGL renderer %4\n")
                   .arg(view.width())
                   .arg(view.height())
                   .arg(QGuiApplication::platformName(), opengl_renderer());
    *report += QStringLiteral("measured: %1 s of wall time after %2 s of warm-up, real-time factor %3\n")
                   .arg(request.seconds)
                   .arg(warm_up_ms * 1e-3)
                   .arg((measured_to - measured_from) / request.seconds, 0, 'f', 3);
    *report += QStringLiteral("view frame time: %1 (%2 frames, %3 per second)\n")
                   .arg(stats_text(frames))
                   .arg(frames.count)
                   .arg(double(frames.count) / request.seconds, 0, 'f', 1);
    *report += QStringLiteral("pose update time: %1 (%2 poses)\n").arg(stats_text(poses)).arg(poses.count);
    if (!cpu.empty()) {
        // CPU time does not grow when other processes load the machine: it says what a frame costs.
        QStringList per_frame;
        for (const char* group : {"gui", "rasterizer", "other"})
            per_frame << QStringLiteral("%1 %2")
                             .arg(QLatin1String(group))
                             .arg(cpu[QLatin1String(group)] * 1e3 / double(frames.count), 0, 'f', 1);
        *report +=
            QStringLiteral("CPU per rendered frame (ms): %1; simulation thread %2 s of CPU per simulated second\n")
                .arg(per_frame.join(QStringLiteral(", ")))
                .arg(measured_to > measured_from ? cpu[QStringLiteral("simulation")] / (measured_to - measured_from)
                                                 : 0.0,
                     0, 'f', 2);
    }
    return true;
}

}  // namespace hfd::studio
