#pragma once
// Status-bar label beside the run's real-time factor while a run plays: the 3D
// view's frame time ("view 16.7 ms", the median time between rendered frames
// with a new pose over the last 60 frames), the 95th percentile and the time
// to apply a pose in its tooltip. Measuring starts with each run and stops with it.
#include <QLabel>

class QTimer;

namespace hfd {
class ModelViewer;
struct TimeStats;
}  // namespace hfd

namespace hfd::studio {

class SimulationController;

// "view 16.7 ms"; empty without frames.
QString view_frame_text(const TimeStats& frames);
// "3D view: 16.7 ms between frames (median of the last 60), 95th percentile 18.0 ms; applying a pose 0.40 ms"
QString view_frame_tooltip(const TimeStats& frames, const TimeStats& poses);

class ViewFrameStatus : public QLabel {
    Q_OBJECT
public:
    // Without a 3D view (viewer null, or no OpenGL) it stays hidden.
    ViewFrameStatus(ModelViewer* viewer, SimulationController* controller, QWidget* parent = nullptr);
    void refresh();  // shows the latest statistics (done twice a second while running)

private:
    void setRunning(bool running);

    ModelViewer* viewer_;
    QTimer* timer_;
};

}  // namespace hfd::studio
