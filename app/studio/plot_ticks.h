#pragma once
// Round axis ticks: the interval is 1, 2, 2.5 or 5 x 10^k and the ticks sit on
// its multiples (0, 0.25, 0.5 ... s), whatever the shown range. Qt-free.
#include <string>
#include <vector>

namespace hfd::studio {

// The smallest round interval that cuts `span` into at most `max_intervals` parts.
double round_tick_interval(double span, int max_intervals);

struct FittedAxis {
    double min = 0, max = 1, interval = 1;
};

// A value axis holding [low, high]: its ends are the multiples of a round interval
// just outside the data (at most `max_intervals` intervals), so data that never goes
// negative gets no negative axis. An empty or one-valued range is widened a little.
FittedAxis fitted_axis(double low, double high, int max_intervals);

// A time axis showing exactly [t0, t1] with round ticks inside it.
FittedAxis time_axis(double t0, double t1, int max_intervals);

// The multiples of `interval` in [min, max].
std::vector<double> tick_values(const FittedAxis& axis);

// Digits after the point a label needs for ticks `interval` apart (0.25 -> 2, 500 -> 0).
int tick_decimals(double interval);

// The label of tick `value` ("0.25", "-500", never "-0").
std::string tick_label(double value, double interval);

}  // namespace hfd::studio
