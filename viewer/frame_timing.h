#pragma once
// How fast the 3D view follows a run: the wall time between frames Qt3D has
// actually rendered with a new pose, and the time ModelViewer::setSnapshot
// spends applying a pose. A frame counts as rendered when a one-pixel render
// capture requested right after its pose completes (Qt3D renders on demand:
// the pose change itself causes the frame, the capture only marks it). While
// enabled, each new pose asks for such a capture; Qt3D answers all captures
// requested before a frame together, in one go at the start of the next frame,
// so the first answer of a go times the frame and the others are that frame too.
#include <Qt3DRender/QRenderCapture>

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <vector>

namespace hfd {

// Statistics of durations in milliseconds: nearest-rank percentiles.
struct TimeStats {
    size_t count = 0;
    double median = 0, p95 = 0, mean = 0;
};
TimeStats time_stats(std::vector<double> milliseconds);

class FrameTiming : public QObject {
    Q_OBJECT
public:
    explicit FrameTiming(Qt3DRender::QRenderCapture* capture, QObject* parent = nullptr);

    void setEnabled(bool enabled);  // off: no captures, nothing recorded
    void clear();                   // forgets the samples (the next frame starts a new interval)

    // The view applied a pose, taking `milliseconds`.
    void poseApplied(double milliseconds);

    const std::vector<double>& frameIntervals() const { return frame_intervals_; }  // ms
    const std::vector<double>& poseUpdates() const { return pose_updates_; }        // ms
    // Over the last `count` samples (all when there are fewer).
    TimeStats recentFrames(size_t count) const;
    TimeStats recentPoseUpdates(size_t count) const;

private:
    void requestCapture();
    void onCaptured();

    QPointer<Qt3DRender::QRenderCapture> capture_;
    bool enabled_ = false;
    bool frame_timed_ = false;  // this go of answers has timed its frame (reset from the event loop)
    QElapsedTimer clock_;
    qint64 last_frame_ns_ = -1;
    std::vector<double> frame_intervals_, pose_updates_;
};

}  // namespace hfd
