#include "frame_timing.h"

#include <QTimer>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace hfd {

namespace {

constexpr size_t max_samples = 1 << 16;  // about 18 minutes at 60 frames per second

void append(std::vector<double>& samples, double value) {
    if (samples.size() >= max_samples) samples.erase(samples.begin(), samples.begin() + max_samples / 2);
    samples.push_back(value);
}

TimeStats recent(const std::vector<double>& samples, size_t count) {
    const size_t first = samples.size() > count ? samples.size() - count : 0;
    return time_stats(std::vector<double>(samples.begin() + std::ptrdiff_t(first), samples.end()));
}

}  // namespace

// The p-th percentile by nearest rank: the smallest sample with at least p % of
// the samples at or below it (the median of an even count is the lower middle one).
TimeStats time_stats(std::vector<double> milliseconds) {
    TimeStats stats;
    stats.count = milliseconds.size();
    if (milliseconds.empty()) return stats;
    std::sort(milliseconds.begin(), milliseconds.end());
    const auto rank = [&](double percent) {
        const size_t r = size_t(std::ceil(percent / 100 * double(milliseconds.size())));
        return milliseconds[std::clamp<size_t>(r, 1, milliseconds.size()) - 1];
    };
    stats.median = rank(50);
    stats.p95 = rank(95);
    stats.mean = std::accumulate(milliseconds.begin(), milliseconds.end(), 0.0) / double(milliseconds.size());
    return stats;
}

FrameTiming::FrameTiming(Qt3DRender::QRenderCapture* capture, QObject* parent) : QObject(parent), capture_(capture) {
    clock_.start();
}

void FrameTiming::setEnabled(bool enabled) {
    enabled_ = enabled;
    last_frame_ns_ = -1;  // a pause is no frame time
}

void FrameTiming::clear() {
    frame_intervals_.clear();
    pose_updates_.clear();
    last_frame_ns_ = -1;
}

void FrameTiming::poseApplied(double milliseconds) {
    if (!enabled_) return;
    append(pose_updates_, milliseconds);
    requestCapture();
}

void FrameTiming::requestCapture() {
    if (!capture_) return;
    Qt3DRender::QRenderCaptureReply* reply = capture_->requestCapture(QRect(0, 0, 1, 1));
    connect(reply, &Qt3DRender::QRenderCaptureReply::completed, this, [this, reply] {
        reply->deleteLater();
        onCaptured();
    });
}

void FrameTiming::onCaptured() {
    if (!enabled_ || frame_timed_) return;
    frame_timed_ = true;  // the answers still to come in this go belong to the same frame
    QTimer::singleShot(0, this, [this] { frame_timed_ = false; });
    const qint64 now = clock_.nsecsElapsed();
    if (last_frame_ns_ >= 0) append(frame_intervals_, double(now - last_frame_ns_) * 1e-6);
    last_frame_ns_ = now;
}

TimeStats FrameTiming::recentFrames(size_t count) const { return recent(frame_intervals_, count); }

TimeStats FrameTiming::recentPoseUpdates(size_t count) const { return recent(pose_updates_, count); }

}  // namespace hfd
