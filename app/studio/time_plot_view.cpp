#include "time_plot_view.h"

#include <QValueAxis>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

namespace hfd::studio {

TimeSpan wheel_time_span(TimeSpan shown, double notches, double at, bool zoom) {
    const double width = shown.t1 - shown.t0;
    if (!(width > 0)) return shown;
    if (zoom) {
        const double factor = std::pow(0.8, notches);  // away from the user: closer in
        return {std::max(0.0, at - (at - shown.t0) * factor), at + (shown.t1 - at) * factor};
    }
    const double shift = -0.1 * notches * width;  // away from the user: earlier times
    if (shown.t0 + shift < 0) return {0, width};  // a recording starts at 0: no time before it
    return {shown.t0 + shift, shown.t1 + shift};
}

void TimePlotView::resizeEvent(QResizeEvent* event) {
    QChartView::resizeEvent(event);
    emit resized();
}

void TimePlotView::wheelEvent(QWheelEvent* event) {
    const auto axes = chart()->axes(Qt::Horizontal);
    auto* axis = axes.isEmpty() ? nullptr : qobject_cast<QValueAxis*>(axes.first());
    const double notches = event->angleDelta().y() / 120.0;
    if (!axis || notches == 0) return QChartView::wheelEvent(event);
    const double at = chart()->mapToValue(event->position()).x();
    const TimeSpan span =
        wheel_time_span({axis->min(), axis->max()}, notches, at, event->modifiers() & Qt::ControlModifier);
    emit timeSpanRequested(span.t0, span.t1);
    event->accept();
}

}  // namespace hfd::studio
