#include "nice_axis.h"

#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace hfd::studio {

int tick_budget(double pixels, double per_tick, int most) {
    if (!(per_tick > 0) || !std::isfinite(pixels)) return 2;
    return std::clamp(int(pixels / per_tick), 2, std::max(2, most));
}

void apply_axis(QValueAxis& axis, const FittedAxis& fitted) {
    if (!(fitted.interval > 0) || !(fitted.max > fitted.min)) return;
    const bool dynamic = axis.tickType() == QValueAxis::TicksDynamic;
    if (!dynamic || fitted.interval >= axis.tickInterval()) {
        axis.setTickInterval(fitted.interval);
        axis.setRange(fitted.min, fitted.max);
    } else {
        axis.setRange(fitted.min, fitted.max);
        axis.setTickInterval(fitted.interval);
    }
    if (axis.tickAnchor() != 0) axis.setTickAnchor(0);
    if (!dynamic) axis.setTickType(QValueAxis::TicksDynamic);  // Qt's default interval is 0: set it first
    const QString format = QString::fromStdString(label_format(fitted));
    if (axis.labelFormat() != format) axis.setLabelFormat(format);
}

FittedAxis fit_value_axis(QValueAxis& axis, double low, double high, int max_intervals, double min_interval) {
    const FittedAxis fitted = fitted_axis(low, high, max_intervals, min_interval);
    apply_axis(axis, fitted);
    return fitted;
}

FittedAxis fit_span_axis(QValueAxis& axis, double t0, double t1, int max_intervals, double min_interval) {
    const FittedAxis fitted = time_axis(t0, t1, max_intervals, min_interval);
    apply_axis(axis, fitted);
    return fitted;
}

FittedAxis shown_axis(const QValueAxis& axis) { return {axis.min(), axis.max(), axis.tickInterval()}; }

bool y_range(std::initializer_list<const QList<QPointF>*> lists, double& low, double& high) {
    double lo = INFINITY, hi = -INFINITY;
    for (const QList<QPointF>* points : lists)
        for (const QPointF& point : *points)
            if (std::isfinite(point.y())) lo = std::min(lo, point.y()), hi = std::max(hi, point.y());
    if (!(lo <= hi)) return false;
    low = lo, high = hi;
    return true;
}

}  // namespace hfd::studio
