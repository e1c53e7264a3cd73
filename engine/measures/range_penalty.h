#pragma once
// Penalty for a value outside a range (SCONE's RangePenalty), and the time
// statistic measures accumulate their samples in (SCONE's Statistic).
//
// Range violation E = v - min when v < min, v - max when v > max, else 0.
// Penalty of a sample:  P = abs_penalty |E| + squared_penalty E^2.
// Properties: min = -inf, max = +inf, abs_penalty (or abs_range_penalty) = 0,
// squared_penalty (or squared_range_penalty) = 0, mode = average | lowest | highest | sum.
// A range whose penalties are both 0 is null: its measure takes no samples of it.
//
// The statistic of samples (t_i, v_i), trapezoidal in time:
//   total = sum (t_i - t_{i-1}) (v_{i-1} + v_i) / 2,  average = total / (t_n - t_0)
//   (the first sample when there is one, or all samples share one time).
// Mode sum is that total (the time integral), as SCONE's.
#include "control/properties.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>

namespace hfd {

class TimeStatistic {
public:
    void add(double time, double value) {
        if (count_ == 0) {
            start_time_ = previous_time_ = time;
            previous_ = initial_ = highest_ = lowest_ = value;
        }
        highest_ = std::max(highest_, value);
        lowest_ = std::min(lowest_, value);
        total_ += (time - previous_time_) * (previous_ + value) / 2;
        previous_time_ = time;
        previous_ = value;
        ++count_;
    }
    void reset() { *this = TimeStatistic(); }
    double total() const { return total_; }
    double average() const {
        if (count_ == 0) return 0;
        if (count_ == 1 || previous_time_ == start_time_) return initial_;
        return total_ / (previous_time_ - start_time_);
    }
    double highest() const { return highest_; }
    double lowest() const { return lowest_; }
    double latest() const { return previous_; }
    size_t count() const { return count_; }

private:
    double total_ = 0, initial_ = 0, highest_ = 0, lowest_ = 0, previous_ = 0;
    double start_time_ = 0, previous_time_ = 0;
    size_t count_ = 0;
};

struct RangePenalty {
    enum class Mode { Average, Lowest, Highest, Sum };
    double min = -std::numeric_limits<double>::infinity();
    double max = std::numeric_limits<double>::infinity();
    double abs_penalty = 0, squared_penalty = 0;
    Mode mode = Mode::Average;
    TimeStatistic penalty;

    bool is_null() const { return abs_penalty == 0 && squared_penalty == 0; }
    double violation(double value) const { return value < min ? value - min : value > max ? value - max : 0.0; }
    double penalty_of(double value) const {
        const double e = violation(value);
        return abs_penalty * std::abs(e) + squared_penalty * e * e;
    }
    void add(double time, double value) { penalty.add(time, penalty_of(value)); }
    double result() const;
};

// Reads min, max, the penalties and mode from the reader's node (the range's own
// group, or the measure itself for ReactionForceMeasure).
RangePenalty read_range_penalty(PropertyReader& reader);
// The range in the group `key` of the reader's node; a null range when absent.
RangePenalty read_range_penalty(PropertyReader& reader, std::string_view key);

}  // namespace hfd
