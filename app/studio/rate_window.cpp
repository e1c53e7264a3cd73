#include "rate_window.h"

namespace hfd::studio {

void RateWindow::add(double wall, double sim, long long steps) {
    samples_.push_back({wall, sim, steps});
    // Keep one sample at or before the window's start, so that the window spans `span_` once full.
    while (samples_.size() > 2 && samples_[1].wall <= wall - span_) samples_.pop_front();
}

double RateWindow::realTimeFactor() const {
    const double wall = wallSpan();
    return wall > 0 ? (samples_.back().sim - samples_.front().sim) / wall : 0;
}

double RateWindow::stepsPerSecond() const {
    const double wall = wallSpan();
    return wall > 0 ? double(samples_.back().steps - samples_.front().steps) / wall : 0;
}

}  // namespace hfd::studio
