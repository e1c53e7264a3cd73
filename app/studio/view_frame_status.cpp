#include "view_frame_status.h"

#include "frame_timing.h"
#include "model_viewer.h"
#include "simulation_controller.h"

#include <QTimer>

namespace hfd::studio {

namespace {
constexpr size_t recent_frames = 60;  // about one second at 60 frames per second
constexpr int refresh_ms = 500;
}  // namespace

QString view_frame_text(const TimeStats& frames) {
    if (frames.count == 0) return {};
    return QObject::tr("view %1 ms").arg(frames.median, 0, 'f', 1);
}

QString view_frame_tooltip(const TimeStats& frames, const TimeStats& poses) {
    return QObject::tr(
               "3D view: %1 ms between frames showing a new pose (median of the last %2), 95th percentile %3 ms; "
               "applying a pose %4 ms")
        .arg(frames.median, 0, 'f', 1)
        .arg(frames.count)
        .arg(frames.p95, 0, 'f', 1)
        .arg(poses.median, 0, 'f', 2);
}

ViewFrameStatus::ViewFrameStatus(ModelViewer* viewer, SimulationController* controller, QWidget* parent)
    : QLabel(parent), viewer_(viewer), timer_(new QTimer(this)) {
    setObjectName(QStringLiteral("ViewFrameStatus"));
    hide();
    timer_->setInterval(refresh_ms);
    connect(timer_, &QTimer::timeout, this, &ViewFrameStatus::refresh);
    connect(controller, &SimulationController::runningChanged, this, &ViewFrameStatus::setRunning);
}

void ViewFrameStatus::setRunning(bool running) {
    FrameTiming* timing = viewer_ ? viewer_->frameTiming() : nullptr;
    if (!timing) return;
    if (running) timing->clear();
    timing->setEnabled(running);
    if (running) timer_->start();
    else timer_->stop();
    setVisible(running && !text().isEmpty());
}

void ViewFrameStatus::refresh() {
    FrameTiming* timing = viewer_ ? viewer_->frameTiming() : nullptr;
    if (!timing) return;
    const TimeStats frames = timing->recentFrames(recent_frames);
    setText(view_frame_text(frames));
    setToolTip(view_frame_tooltip(frames, timing->recentPoseUpdates(recent_frames)));
    setVisible(!text().isEmpty());
}

}  // namespace hfd::studio
