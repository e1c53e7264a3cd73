#pragma once
// Round axis ticks for every plot of the studio: the interval is 1, 2, 2.5 or 5 x 10^k
// and the ticks sit on its multiples (0, 0.25, 0.5 ... s), whatever the shown range;
// labels carry the digits the interval needs and no more. Qt-free; nice_axis.h puts
// them on Qt Charts' value axes.
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
// negative gets no negative axis. The interval is at least `min_interval` (1 for
// counts such as generations). Constant data (a span below a millionth of its
// values) gets a range from zero with room past the value ([0, 1.5 v] rounded out for
// v > 0, [1.5 v, 0] for v < 0, [-1, 1] for 0), never a sliver of 1e-9 whose labels
// read "0.000000...".
FittedAxis fitted_axis(double low, double high, int max_intervals, double min_interval = 0);

// A time axis showing exactly [t0, t1] with round ticks inside it (also a swept
// coordinate's range; an end within 1e-9 of an interval from a tick is put on it, so
// that its label shows). An empty span shows [t0, t0 + 1].
FittedAxis time_axis(double t0, double t1, int max_intervals, double min_interval = 0);

// The multiples of `interval` in [min, max].
std::vector<double> tick_values(const FittedAxis& axis);

// Digits after the point a label needs for ticks `interval` apart (0.25 -> 2, 500 -> 0).
int tick_decimals(double interval);

// The label of tick `value` in fixed notation ("0.25", "-500", never "-0").
std::string tick_label(double value, double interval);

// The printf format of an axis' labels: fixed with tick_decimals ("%.2f") for intervals
// from 1e-6 up to below 1e6, else "%.Ng" with the significant digits its ticks need
// ("2.5e-08", "1.5e+12"), so that no label is longer than its step requires.
std::string label_format(const FittedAxis& axis);
// The label the axis shows at `value` (label_format; never "-0").
std::string axis_label(double value, const FittedAxis& axis);

}  // namespace hfd::studio
