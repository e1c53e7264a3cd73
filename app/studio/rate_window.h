#pragma once
// Rates over a sliding window of wall time: simulated seconds and integrator
// steps per wall second, from (wall, simulated time, steps) samples. A rate
// from one frame to the next jumps with the bursts in which the worker
// computes; over the window it is what the user sees the simulation do.
#include <cstddef>
#include <deque>

namespace hfd::studio {

class RateWindow {
public:
    explicit RateWindow(double span = 1.0) : span_(span) {}

    void clear() { samples_.clear(); }
    // wall and sim in seconds, steps counted from any origin; wall never decreases.
    void add(double wall, double sim, long long steps);
    double realTimeFactor() const;  // simulated / wall seconds over the window; 0 with less than two samples
    double stepsPerSecond() const;

private:
    struct Sample {
        double wall, sim;
        long long steps;
    };
    double wallSpan() const { return samples_.size() < 2 ? 0 : samples_.back().wall - samples_.front().wall; }
    double span_;
    std::deque<Sample> samples_;
};

}  // namespace hfd::studio
