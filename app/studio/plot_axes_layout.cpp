// PlotDock's axes: one value axis per shown unit, fitted to the data with round
// ticks, the stacked plots' plot areas aligned on one time axis, and the plot style.
#include "chart_legend.h"
#include "nice_axis.h"
#include "plot_dock.h"

#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QLegend>
#include <QLineSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace hfd::studio {

DisplayUnit PlotDock::shownUnit(size_t channel) const {
    return display_unit(channel < channels_.size() ? channels_[channel].unit : std::string(), angle_unit_);
}

QValueAxis* PlotDock::axisOf(const Plot& plot, size_t channel) const {
    const std::string unit = shownUnit(channel).unit;
    for (const UnitAxis& axis : plot.axes)
        if (axis.unit == unit) return axis.axis;
    return plot.axes.front().axis;
}

// One value axis per shown unit, in the order the units first appear: the first on the
// left, the second on the right, further ones outside them (left, right, ...). A channel
// is drawn against its unit's axis and named with the shown unit.
void PlotDock::syncAxes(Plot& plot) {
    std::vector<std::string> units;
    for (auto& [channel, series] : plot.series) units.push_back(shownUnit(channel).unit);
    const std::vector<int> axis_of = axis_of_units(units);
    const int needed = std::max(1, axis_of.empty() ? 1 : *std::max_element(axis_of.begin(), axis_of.end()) + 1);
    while (int(plot.axes.size()) > needed) {
        QValueAxis* axis = plot.axes.back().axis;
        for (auto& [channel, series] : plot.series) series->detachAxis(axis);
        plot.chart->removeAxis(axis);
        delete axis;
        plot.axes.pop_back();
    }
    while (int(plot.axes.size()) < needed) {
        auto* axis = new QValueAxis(plot.chart);
        apply_axis(*axis, fitted_axis(0, 1, 5));
        axis->setGridLineVisible(plot.axes.empty());  // the first unit's grid alone: no second set of lines
        plot.chart->addAxis(axis, plot.axes.size() % 2 ? Qt::AlignRight : Qt::AlignLeft);
        plot.axes.push_back({axis, {}, {}, {}});
    }
    for (size_t s = 0; s < plot.series.size(); ++s) {
        auto& [channel, series] = plot.series[s];
        UnitAxis& wanted = plot.axes[size_t(axis_of[s])];
        wanted.unit = units[s];
        wanted.title = QString::fromStdString(axis_title(shownUnit(channel)));
        wanted.short_title =
            QStringLiteral("[%1]").arg(units[s].empty() ? QStringLiteral("-") : QString::fromStdString(units[s]));
        wanted.axis->setTitleText(wanted.title);
        for (const UnitAxis& axis : plot.axes)
            if (axis.axis != wanted.axis && series->attachedAxes().contains(axis.axis)) series->detachAxis(axis.axis);
        if (!series->attachedAxes().contains(wanted.axis)) series->attachAxis(wanted.axis);
        const Channel& recorded = channels_[channel];
        series->setName(QString::fromStdString(recorded.name + (units[s].empty() ? "" : " [" + units[s] + "]")));
    }
    if (plot.series.empty()) {
        plot.axes.front() = UnitAxis{plot.axes.front().axis, {}, {}, {}};
        plot.axes.front().axis->setTitleText(QString());
    }
}

void PlotDock::setAngleUnit(AngleUnit unit) {
    if (radians_ && radians_->isChecked() != (unit == AngleUnit::Radians)) {
        const QSignalBlocker blocker(radians_);
        radians_->setChecked(unit == AngleUnit::Radians);
    }
    if (unit == angle_unit_) return;
    angle_unit_ = unit;
    for (Plot& plot : plots_) {
        syncAxes(plot);
        syncKeptSeries(plot);
    }
    scheduleRedraw();
}

namespace {
// The recorded rows `picked` of one column as shown: (time, value * scale); low/high
// take the finite values within [t0, t1].
QList<QPointF> shown_points(const std::vector<double>& values, size_t columns, size_t column,
                            const std::vector<size_t>& picked, double scale, double t0, double t1, double& low,
                            double& high) {
    QList<QPointF> points;
    points.reserve(qsizetype(picked.size()));
    for (size_t r : picked) {
        const double time = values[r * columns], value = values[r * columns + column] * scale;
        points.append(QPointF(time, value));
        if (std::isfinite(value) && time >= t0 && time <= t1) low = std::min(low, value), high = std::max(high, value);
    }
    return points;
}

}  // namespace

// The time span [t0, t1] with round ticks, as many as the plot's width has room for
// (the last layout's plot area; before any, the view less the value axes and legend).
void PlotDock::setTimeAxis(Plot& plot, double t0, double t1) {
    const QRectF area = plot.chart->plotArea();
    const double width = area.width() > 10 ? area.width() : plot.view->width() - 150;
    fit_span_axis(*plot.x, t0, t1, tick_budget(width, across_tick_pixels));
}

void PlotDock::fitTimeTicks(Plot& plot) { setTimeAxis(plot, plot.x->min(), plot.x->max()); }

// Each value axis spans its own series' values within the shown time (a never-negative
// force gets no negative axis), with round ticks.
void PlotDock::fitAxes(Plot& plot, double t0, double t1) {
    const size_t rows = rowCount();
    const std::vector<size_t> picked = decimated_rows(rows, max_plot_points);
    const size_t kept_rows = kept_.columns ? kept_.values.size() / kept_.columns : 0;
    const std::vector<size_t> kept_picked = decimated_rows(kept_rows, max_plot_points);
    std::vector<std::pair<double, double>> ranges(plot.axes.size(), {INFINITY, -INFINITY});
    auto range_of = [&](QValueAxis* axis) -> std::pair<double, double>& {
        for (size_t a = 0; a < plot.axes.size(); ++a)
            if (plot.axes[a].axis == axis) return ranges[a];
        return ranges[0];
    };
    for (auto& [channel, series] : plot.series) {
        auto& [low, high] = range_of(axisOf(plot, channel));
        series->replace(
            shown_points(values_, column_count_, channel, picked, shownUnit(channel).scale, t0, t1, low, high));
    }
    for (auto& [column, series] : plot.kept) {
        const auto name = std::find_if(channels_.begin(), channels_.end(),
                                       [&](const Channel& c) { return c.name == kept_.names[column]; });
        const size_t channel = size_t(name - channels_.begin());
        auto& [low, high] = range_of(axisOf(plot, channel));
        series->replace(shown_points(kept_.values, kept_.columns, column, kept_picked, shownUnit(channel).scale, t0, t1,
                                     low, high));
    }
    const QRectF area = plot.chart->plotArea();  // the last layout's; before any, the view less the time axis
    const double height = area.height() > 10 ? area.height() : std::max(40, plot.view->height() - 50);
    for (size_t a = 0; a < plot.axes.size(); ++a) {
        const auto [low, high] = ranges[a];
        if (!(low <= high)) continue;
        fit_value_axis(*plot.axes[a].axis, low, high, tick_budget(height, up_tick_pixels, 6));
    }
}

// The same time at the same x in every plot: each chart lays itself out (its legend and
// axis labels take what they need), then all take the narrowest plot area of them.
void PlotDock::alignPlotAreas() {
    std::vector<std::pair<Plot*, QRectF>> natural;
    for (Plot& plot : plots_) {
        if (!plot.view->isVisible()) continue;
        plot.chart->setPlotArea(QRectF());
        plot.chart->layout()->invalidate();
        plot.chart->layout()->activate();
        fitAxisTitles(plot);
        natural.emplace_back(&plot, plot.chart->plotArea());
    }
    if (natural.size() < 2) return;
    double left = -INFINITY, right = INFINITY;
    for (auto& [plot, area] : natural) left = std::max(left, area.left()), right = std::min(right, area.right());
    if (!(right - left > 10)) return;
    for (auto& [plot, area] : natural) {
        plot->chart->setPlotArea(QRectF(left, area.top(), right - left, area.height()));
        // the series follow a fixed plot area at once, the axes at the next layout: now
        plot->chart->layout()->invalidate();
        plot->chart->layout()->activate();
    }
}

// Qt Charts elides a value axis title longer than the plot is high ("angle..."): a short
// plot shows the unit alone. The title's width across is its line height either way.
void PlotDock::fitAxisTitles(Plot& plot) {
    const double height = plot.chart->plotArea().height();
    for (const UnitAxis& axis : plot.axes) {
        const QString& wanted = QFontMetricsF(axis.axis->titleFont()).horizontalAdvance(axis.title) + 4 <= height
                                    ? axis.title
                                    : axis.short_title;
        if (axis.axis->titleText() != wanted) axis.axis->setTitleText(wanted);
    }
}

double PlotDock::timeToDockX(int plot_index, double t) const {
    if (plot_index < 0 || plot_index >= plot_count || !plots_[plot_index].view->isVisible()) return std::nan("");
    const Plot& plot = plots_[plot_index];
    const QPointF in_chart = plot.chart->mapToPosition(QPointF(t, plot.axes.front().axis->min()), plot.cursor);
    const QPoint in_view = plot.view->mapFromScene(plot.chart->mapToScene(in_chart));
    return plot.view->mapTo(this, in_view).x() + (in_chart.x() - std::floor(in_chart.x()));
}

void PlotDock::applyStyle(Plot& plot, const PlotStyle& style) {
    QFont labels = plot.x->labelsFont(), titles = plot.x->titleFont();
    labels.setPointSizeF(style.font_point_size);
    titles.setPointSizeF(style.title_point_size);
    std::vector<QAbstractAxis*> axes{plot.x};
    for (const UnitAxis& axis : plot.axes) axes.push_back(axis.axis);
    for (QAbstractAxis* axis : axes) {
        if (axis->labelsFont() != labels) axis->setLabelsFont(labels);
        if (axis->titleFont() != titles) axis->setTitleFont(titles);
    }
    if (plot.chart->legend()->font() != labels) plot.chart->legend()->setFont(labels);
    for (size_t s = 0; s < plot.series.size(); ++s) {
        const QPen pen = series_pen(int(s), style.line_width);
        if (plot.series[s].second->pen() != pen) plot.series[s].second->setPen(pen);
    }
    for (size_t k = 0; k < plot.kept.size(); ++k) {
        QPen pen(QColor::fromRgb(QRgb(kept_series_color(int(k)))));
        pen.setWidthF(style.kept_line_width);
        pen.setStyle(Qt::DashLine);
        if (plot.kept[k].second->pen() != pen) plot.kept[k].second->setPen(pen);
    }
    update_plot_legend(*plot.chart);
}

}  // namespace hfd::studio
