#pragma once
// A chart view whose time axis the wheel moves: the wheel pans the shown time
// span by a tenth per notch, Ctrl+wheel zooms it about the time under the
// mouse. Dragging a rubber band zooms too (QChartView). The view only asks:
// the plot dock applies the span to all plots.
#include <QChartView>

namespace hfd::studio {

// The span [t0, t1] after `notches` wheel notches (> 0: away from the user)
// with the mouse at time `at`: panned, or zoomed when `zoom`.
struct TimeSpan {
    double t0 = 0, t1 = 1;
};
// Never before 0, where every recording starts: a pan stops with t0 = 0, a zoom out
// keeps t0 at 0.
TimeSpan wheel_time_span(TimeSpan shown, double notches, double at, bool zoom);

class TimePlotView : public QChartView {
    Q_OBJECT
public:
    using QChartView::QChartView;

signals:
    void timeSpanRequested(double t0, double t1);
    void resized();  // after the chart took the view's new size

protected:
    void wheelEvent(QWheelEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
};

}  // namespace hfd::studio
