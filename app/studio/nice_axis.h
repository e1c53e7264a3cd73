#pragma once
// Round ticks on Qt Charts' value axes, shared by every plot of the studio (Plots,
// Muscle Analysis, Optimization; the Induced accelerations dock should use it too).
// plot_ticks.h has the rules: ends and ticks on multiples of a 1, 2, 2.5 or 5 x 10^k
// interval, constant data with room around it, labels with the digits the interval
// needs ("%.2f" for 0.25 steps, "%.0f" for 10000 ones), as many ticks as the axis has
// room for.
#include "plot_ticks.h"

#include <QList>
#include <QPointF>
#include <initializer_list>

class QValueAxis;

namespace hfd::studio {

// Across, a label such as "-12.25" with room on either side; up, a label's height and room.
constexpr double across_tick_pixels = 75;
constexpr double up_tick_pixels = 22;

// Intervals an axis `pixels` long has room for, a label every `per_tick` pixels: 2 to `most`.
int tick_budget(double pixels, double per_tick, int most = 10);

// Puts `fitted` on the axis: its range, dynamic ticks on the multiples of its interval
// (anchored at 0), labels in label_format(fitted). Safe from any previous state: Qt Charts
// makes every tick of an intermediate range (a range 10^6 times wider under the previous
// interval would be a million ticks), so a coarser interval goes first, a finer one last.
void apply_axis(QValueAxis& axis, const FittedAxis& fitted);

// fitted_axis / time_axis of the range, put on the axis; returns what was put.
FittedAxis fit_value_axis(QValueAxis& axis, double low, double high, int max_intervals, double min_interval = 0);
FittedAxis fit_span_axis(QValueAxis& axis, double t0, double t1, int max_intervals, double min_interval = 0);

// What the axis shows (range and interval), as plot_ticks describes it.
FittedAxis shown_axis(const QValueAxis& axis);

// The finite y values of the lists: false (low, high untouched) when there are none.
bool y_range(std::initializer_list<const QList<QPointF>*> lists, double& low, double& high);

}  // namespace hfd::studio
