#include "plot_dock.h"

#include "draw/recorded_pose.h"
#include "plot_ticks.h"
#include "time_plot_view.h"

#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QGraphicsLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QLegendMarker>
#include <QLineSeries>
#include <QListWidget>
#include <QPushButton>
#include <QSplitter>
#include <QTimer>
#include <QPen>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QMessageBox>
#include <QMenu>
#include <QValueAxis>
#include <QResizeEvent>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace hfd::studio {

std::vector<size_t> decimated_rows(size_t rows, size_t max_points) {
    std::vector<size_t> picked;
    if (rows == 0 || max_points == 0) return picked;
    const size_t stride = std::max<size_t>(1, (rows + max_points - 2) / std::max<size_t>(1, max_points - 1));
    for (size_t r = 0; r < rows; r += stride) picked.push_back(r);
    if (picked.back() != rows - 1) picked.push_back(rows - 1);
    return picked;
}

AxisRange round_axis_range(double low, double high, int ticks) {
    const int intervals = std::max(1, ticks - 1);
    if (!(high > low)) {
        const double half = std::max(1e-12, std::abs(low) * 0.05);
        low -= half, high += half;
    }
    double interval = (high - low) / intervals;
    const double decade = std::pow(10.0, std::floor(std::log10(interval)));
    for (double mantissa : {1.0, 2.0, 2.5, 5.0, 10.0, 20.0}) {
        interval = mantissa * decade;
        const double first = std::floor(low / interval) * interval;
        if (first + intervals * interval >= high) return {first, first + intervals * interval};
    }
    const double first = std::floor(low / interval) * interval;
    return {first, first + intervals * interval};
}

PlotDock::PlotDock(QWidget* parent) : QDockWidget(tr("Plots"), parent) {
    setObjectName(QStringLiteral("PlotDock"));
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(createPicker());
    auto* right = new QWidget(splitter);
    auto* layout = new QVBoxLayout(right);
    layout->setContentsMargins(0, 0, 0, 0);
    for (int p = 0; p < plot_count; ++p) {
        Plot& plot = plots_[p];
        plot.chart = new QChart;
        plot.chart->legend()->setAlignment(Qt::AlignRight);
        // Qt Charts elides every axis label when a short chart also keeps its
        // default margins; three plots in a dock are short.
        plot.chart->setMargins(QMargins(4, 4, 4, 4));
        plot.chart->layout()->setContentsMargins(0, 0, 0, 0);
        plot.chart->setBackgroundRoundness(0);
        plot.x = new QValueAxis(plot.chart);
        plot.x->setTitleText(tr("time [s]"));
        plot.chart->addAxis(plot.x, Qt::AlignBottom);
        auto* y = new QValueAxis(plot.chart);
        plot.chart->addAxis(y, Qt::AlignLeft);
        plot.axes.push_back({y, {}});
        // Ticks on multiples of a round interval (0, 0.25, 0.5 ...) whatever the range shown.
        for (QValueAxis* axis : {plot.x, y}) {
            axis->setTickType(QValueAxis::TicksDynamic);
            axis->setTickAnchor(0);
        }
        plot.cursor = new QLineSeries(plot.chart);
        plot.cursor->setName(tr("t"));
        plot.cursor->setColor(Qt::gray);
        plot.chart->addSeries(plot.cursor);
        plot.cursor->attachAxis(plot.x);
        plot.cursor->attachAxis(y);
        plot.chart->legend()->markers(plot.cursor).first()->setVisible(false);
        auto* view = new TimePlotView(plot.chart, right);
        connect(view, &TimePlotView::timeSpanRequested, this, &PlotDock::zoomTime);
        connect(view, &TimePlotView::resized, this, [this] {
            alignPlotAreas();  // at once: a fixed plot area does not follow the chart's new size
            scheduleRedraw();  // the tick density follows the size
        });
        plot.view = view;
        plot.view->setMinimumHeight(110);
        // Drag to zoom into a time span (right click zooms out), the wheel pans (Ctrl: zooms);
        // Autoscale returns to the whole run.
        plot.view->setRubberBand(QChartView::HorizontalRubberBand);
        connect(plot.x, &QValueAxis::rangeChanged, this, [this](qreal t0, qreal t1) {
            if (zooming_) return;
            setTimeRange(t0, t1);
            if (autoscale_->isChecked()) {
                const QSignalBlocker blocker(autoscale_);
                autoscale_->setChecked(false);
            }
        });
        layout->addWidget(plot.view, 1);
    }
    timeline_ =
        new Timeline([this] { return rowCount(); }, [this](size_t row) { return values_[row * column_count_]; }, right);
    connect(timeline_, &Timeline::rowRequested, this, &PlotDock::scrubTo);
    layout->addWidget(timeline_);
    splitter->addWidget(right);
    splitter->setStretchFactor(1, 1);
    setWidget(splitter);
    updatePlotVisibility();

    // One redraw at most every 33 ms, and none while nothing changes: a paused studio sleeps.
    redraw_ = new QTimer(this);
    redraw_->setSingleShot(true);
    redraw_->setInterval(33);
    connect(redraw_, &QTimer::timeout, this, [this] {
        if (dirty_) refresh();
    });
}

QWidget* PlotDock::createPicker() {
    auto* box = new QWidget(this);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    search_ = new QLineEdit(box);
    search_->setPlaceholderText(tr("Search channels"));
    search_->setClearButtonEnabled(true);
    target_ = new QComboBox(box);
    for (int p = 0; p < plot_count; ++p) target_->addItem(tr("Plot %1").arg(p + 1));
    autoscale_ = new QCheckBox(tr("Autoscale"), box);
    autoscale_->setObjectName(QStringLiteral("autoscale"));
    autoscale_->setChecked(true);
    radians_ = new QCheckBox(tr("Angles in radians"), box);
    radians_->setObjectName(QStringLiteral("anglesInRadians"));
    radians_->setToolTip(tr("Show angles and angular velocities in rad and rad/s instead of degrees"));
    list_ = new QListWidget(box);
    layout->addWidget(search_);
    layout->addWidget(target_);
    layout->addWidget(list_, 1);
    layout->addWidget(autoscale_);
    layout->addWidget(radians_);
    auto* run_row = new QHBoxLayout;
    keep_ = new QPushButton(tr("Keep run"), box);
    keep_->setObjectName(QStringLiteral("keepRun"));
    keep_->setToolTip(tr("Keep this run's recording to compare: drawn grey and dashed under the next runs"));
    forget_ = new QPushButton(tr("Forget"), box);
    forget_->setObjectName(QStringLiteral("forgetKeptRun"));
    forget_->setToolTip(tr("Forget the kept run"));
    forget_->setEnabled(false);
    auto* export_button = new QPushButton(tr("Export"), box);
    export_button->setToolTip(tr("Save a plot as a figure (PNG, SVG, PDF) or its data as CSV, or copy it"));
    auto* export_menu = new QMenu(export_button);
    for (int p = 0; p < plot_count; ++p)
        export_menu->addAction(tr("Plot %1...").arg(p + 1), this, [this, p] { exportWithPrompt(p); });
    export_menu->addSeparator();
    for (int p = 0; p < plot_count; ++p)
        export_menu->addAction(tr("Copy Plot %1 as Image").arg(p + 1), this, [this, p] { copyPlotImage(p); })
            ->setObjectName(QStringLiteral("copyPlot%1").arg(p + 1));
    export_button->setMenu(export_menu);
    run_row->addWidget(keep_);
    run_row->addWidget(forget_);
    run_row->addWidget(export_button);
    layout->addLayout(run_row);
    connect(keep_, &QPushButton::clicked, this, [this] { keepRun(); });
    connect(radians_, &QCheckBox::toggled, this,
            [this](bool radians) { setAngleUnit(radians ? AngleUnit::Radians : AngleUnit::Degrees); });
    connect(forget_, &QPushButton::clicked, this, &PlotDock::forgetKeptRun);
    connect(search_, &QLineEdit::textChanged, this, &PlotDock::setSearch);
    connect(list_, &QListWidget::itemChanged, this, &PlotDock::onItemChanged);
    connect(autoscale_, &QCheckBox::toggled, this, &PlotDock::scheduleRedraw);
    // The check marks show the channels of the plot chosen above.
    connect(target_, &QComboBox::currentIndexChanged, this, [this](int plot) {
        const QSignalBlocker blocker(list_);
        for (int i = 0; i < list_->count(); ++i) {
            const size_t channel = list_->item(i)->data(Qt::UserRole).toULongLong();
            const auto& series = plots_[plot].series;
            const bool shown = std::any_of(series.begin(), series.end(), [&](auto& s) { return s.first == channel; });
            list_->item(i)->setCheckState(shown ? Qt::Checked : Qt::Unchecked);
        }
        updatePlotVisibility();
    });
    return box;
}

void PlotDock::scheduleRedraw() {
    dirty_ = true;
    if (!redraw_->isActive()) redraw_->start();
}

void PlotDock::setModel(std::shared_ptr<const Model> model) {
    model_ = std::move(model);
    pose_columns_ = model_ ? resolve_recorded_pose(*model_, channels_, pairs_) : RecordedPoseColumns{};
}

void PlotDock::setLayout(const RecordingLayout& layout) {
    const bool same = layout.channels.size() == channels_.size() &&
                      std::equal(channels_.begin(), channels_.end(), layout.channels.begin(),
                                 [](const Channel& a, const Channel& b) { return a.name == b.name; });
    values_.clear();
    column_count_ = layout.channels.size();
    if (!same) {
        channels_ = layout.channels;
        for (Plot& plot : plots_) {
            for (auto& [channel, series] : plot.series) plot.chart->removeSeries(series), delete series;
            plot.series.clear();
            syncKeptSeries(plot);
        }
        updatePlotVisibility();
        pairs_ = layout.pairs;
        pose_columns_ = model_ ? resolve_recorded_pose(*model_, channels_, pairs_) : RecordedPoseColumns{};
        const QSignalBlocker blocker(list_);
        list_->clear();
        for (size_t c = 1; c < channels_.size(); ++c) {
            auto* item = new QListWidgetItem(QString::fromStdString(channel_label(channels_[c])), list_);
            item->setData(Qt::UserRole, qulonglong(c));
            item->setData(Qt::UserRole + 1, QString::fromStdString(std::string(group_name(channels_[c].group)) + " " +
                                                                   channels_[c].source));
            item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
            item->setCheckState(Qt::Unchecked);
        }
        setSearch(search_->text());
    }
    scheduleRedraw();
    updateTimeline();
}

void PlotDock::clear() {
    model_.reset();
    timeline_->stopPlayback();
    setLayout(RecordingLayout{});
    running_ = false;
    cursor_time_ = 0;
    updateTimeline();
}

void PlotDock::addFrame(const SimulationFrame& frame) {
    if (column_count_ == 0) return;
    if (frame.first_row == 0 && frame.row_count > 0) values_.clear();
    if (frame.first_row == rowCount()) values_.insert(values_.end(), frame.rows.begin(), frame.rows.end());
    running_ = frame.running;
    if (cursor_time_ != frame.time) {
        cursor_time_ = frame.time;
        emit cursorTimeChanged(cursor_time_);
    }
    scheduleRedraw();
    updateTimeline();
    // the live run's newest row, also when it arrives with the run's end
    if (frame.row_count > 0) timeline_->showNewestRow();
}

void PlotDock::updateTimeline() {
    timeline_->setTimeText(timeText());
    timeline_->setRunning(running_);
}

void PlotDock::setSearch(const QString& text) {
    for (int i = 0; i < list_->count(); ++i) {
        QListWidgetItem* item = list_->item(i);
        const bool match = item->text().contains(text, Qt::CaseInsensitive) ||
                           item->data(Qt::UserRole + 1).toString().contains(text, Qt::CaseInsensitive);
        item->setHidden(!text.isEmpty() && !match);
    }
}

QString PlotDock::timeText() const { return rowCount() ? tr("t = %1 s").arg(cursor_time_, 0, 'f', 3) : QString(); }

void PlotDock::zoomTime(double t0, double t1) {
    autoscale_->setChecked(false);
    setTimeRange(t0, t1);
}

// Every plot shows [t0, t1]; values are scaled to what is visible in it.
void PlotDock::setTimeRange(double t0, double t1) {
    zooming_ = true;
    for (Plot& plot : plots_) plot.x->setRange(t0, t1);
    zooming_ = false;
    scheduleRedraw();
}

void PlotDock::onItemChanged(QListWidgetItem* item) {
    setChannelPlotted(item->data(Qt::UserRole).toULongLong(), target_->currentIndex(),
                      item->checkState() == Qt::Checked);
}

void PlotDock::setChannelPlotted(size_t channel, int plot_index, bool plotted) {
    if (channel >= channels_.size() || plot_index < 0 || plot_index >= plot_count) return;
    Plot& plot = plots_[plot_index];
    auto found = std::find_if(plot.series.begin(), plot.series.end(), [&](auto& s) { return s.first == channel; });
    if (plotted && found == plot.series.end()) {
        auto* series = new QLineSeries(plot.chart);
        plot.chart->addSeries(series);
        series->attachAxis(plot.x);
        plot.series.emplace_back(channel, series);
    } else if (!plotted && found != plot.series.end()) {
        plot.chart->removeSeries(found->second);
        delete found->second;
        plot.series.erase(found);
    }
    syncAxes(plot);
    syncKeptSeries(plot);
    updatePlotVisibility();
    scheduleRedraw();
}

void PlotDock::clearPlotted() {
    for (int p = 0; p < plot_count; ++p)
        while (!plots_[p].series.empty()) setChannelPlotted(plots_[p].series.back().first, p, false);
    const QSignalBlocker blocker(list_);
    for (int i = 0; i < list_->count(); ++i) list_->item(i)->setCheckState(Qt::Unchecked);
}

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
        axis->setTickType(QValueAxis::TicksDynamic);
        axis->setTickAnchor(0);
        plot.chart->addAxis(axis, plot.axes.size() % 2 ? Qt::AlignRight : Qt::AlignLeft);
        plot.axes.push_back({axis, {}});
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

// Plots without channels take no height: the first one always shows, the others
// when they have a channel or are the one the picker adds to.
void PlotDock::updatePlotVisibility() {
    for (int p = 0; p < plot_count; ++p)
        plots_[p].view->setVisible(p == 0 || !plots_[p].series.empty() || (target_ && target_->currentIndex() == p));
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

// Room for labels: a tick every ~90 pixels across, ~22 pixels up (at least two intervals).
int intervals_for(double pixels, double per_tick) { return std::clamp(int(pixels / per_tick), 2, 10); }
}  // namespace

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
        const FittedAxis fitted = fitted_axis(low, high, std::min(6, intervals_for(height, 22)));
        QValueAxis* axis = plot.axes[a].axis;
        axis->setRange(fitted.min, fitted.max);
        axis->setTickInterval(fitted.interval);
        axis->setLabelFormat(QStringLiteral("%.%1f").arg(tick_decimals(fitted.interval)));
    }
}

void PlotDock::refresh() {
    dirty_ = false;
    const size_t rows = rowCount();
    const double t0 = rows ? values_[0] : 0, t1 = rows ? values_[(rows - 1) * column_count_] : 1;
    zooming_ = true;
    for (Plot& plot : plots_) {
        // A recording of one sample spans no time: show a second rather than ticks of 2.5e-07 s.
        if (autoscale_->isChecked()) plot.x->setRange(t0, t1 - t0 >= 1e-3 ? t1 : t0 + 1);
        const FittedAxis time = time_axis(plot.x->min(), plot.x->max(), intervals_for(plot.view->width() - 150, 90));
        plot.x->setTickInterval(time.interval);
        plot.x->setLabelFormat(QStringLiteral("%.%1f").arg(tick_decimals(time.interval)));
        fitAxes(plot, plot.x->min(), plot.x->max());
        applyStyle(plot, screen_plot_style());
        QValueAxis* first = plot.axes.front().axis;
        plot.cursor->replace({QPointF(cursor_time_, first->min()), QPointF(cursor_time_, first->max())});
    }
    zooming_ = false;
    alignPlotAreas();
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

void PlotDock::resizeEvent(QResizeEvent* event) {
    QDockWidget::resizeEvent(event);
    scheduleRedraw();  // the ticks and the aligned plot areas follow the size
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
        QPen pen(QColor::fromRgb(QRgb(series_color(int(s)))));
        pen.setWidthF(style.line_width);
        if (plot.series[s].second->pen() != pen) plot.series[s].second->setPen(pen);
    }
    for (size_t k = 0; k < plot.kept.size(); ++k) {
        QPen pen(QColor::fromRgb(QRgb(kept_series_color(int(k)))));
        pen.setWidthF(style.kept_line_width);
        pen.setStyle(Qt::DashLine);
        if (plot.kept[k].second->pen() != pen) plot.kept[k].second->setPen(pen);
    }
}

void PlotDock::keepRun(const QString& name) {
    if (rowCount() == 0) return;
    ++runs_kept_;
    kept_.name = name.isEmpty() ? tr("run %1").arg(runs_kept_) : name;
    kept_.names.clear();
    for (const Channel& channel : channels_) kept_.names.push_back(channel.name);
    kept_.columns = column_count_;
    kept_.values = values_;
    for (Plot& plot : plots_) {
        for (auto& [column, series] : plot.kept) plot.chart->removeSeries(series), delete series;
        plot.kept.clear();
        syncKeptSeries(plot);
    }
    forget_->setEnabled(true);
    scheduleRedraw();
}

void PlotDock::forgetKeptRun() {
    kept_ = KeptRun{};
    for (Plot& plot : plots_) syncKeptSeries(plot);
    forget_->setEnabled(false);
    scheduleRedraw();
}

// The plot's kept series follow its current channels: one grey dashed series per
// channel the kept run recorded too (by name), against the same axis, named with the run.
void PlotDock::syncKeptSeries(Plot& plot) {
    std::vector<std::pair<size_t, QLineSeries*>> wanted;
    for (auto& [channel, series] : plot.series) {
        if (channel >= channels_.size()) continue;
        const auto name = std::find(kept_.names.begin(), kept_.names.end(), channels_[channel].name);
        if (name == kept_.names.end()) continue;
        const size_t column = size_t(name - kept_.names.begin());
        auto existing = std::find_if(plot.kept.begin(), plot.kept.end(), [&](auto& k) { return k.first == column; });
        QLineSeries* kept = nullptr;
        if (existing != plot.kept.end()) {
            kept = existing->second;
            plot.kept.erase(existing);
            for (QAbstractAxis* axis : kept->attachedAxes())
                if (axis != plot.x) kept->detachAxis(axis);
        } else {
            kept = new QLineSeries(plot.chart);
            plot.chart->addSeries(kept);
            kept->attachAxis(plot.x);
        }
        kept->attachAxis(axisOf(plot, channel));
        kept->setName(tr("%1 \u2014 %2 (kept)").arg(series->name(), kept_.name));
        wanted.emplace_back(column, kept);
    }
    for (auto& [column, series] : plot.kept) plot.chart->removeSeries(series), delete series;
    plot.kept = std::move(wanted);
    applyStyle(plot, screen_plot_style());
}

PlotData PlotDock::plotData(int plot_index) const {
    PlotData data;
    if (plot_index < 0 || plot_index >= plot_count) return data;
    const Plot& plot = plots_[plot_index];
    data.x_label = plot.x->titleText();
    data.x_min = plot.x->min(), data.x_max = plot.x->max();
    data.y_min = plot.axes.front().axis->min(), data.y_max = plot.axes.front().axis->max();
    auto add = [&data](const QString& label, const std::vector<double>& values, size_t columns, size_t column,
                       bool dashed) {
        PlotSeriesData series;
        series.label = label;
        series.dashed = dashed;
        const size_t rows = columns ? values.size() / columns : 0;
        series.points.reserve(rows);
        for (size_t r = 0; r < rows; ++r) series.points.emplace_back(values[r * columns], values[r * columns + column]);
        data.series.push_back(std::move(series));
    };
    for (const auto& [channel, series] : plot.series)
        add(QString::fromStdString(channel_label(channels_[channel])), values_, column_count_, channel, false);
    for (const auto& [column, series] : plot.kept) add(series->name(), kept_.values, kept_.columns, column, true);
    return data;
}

void PlotDock::setExportPathPrompt(std::function<QString(const QString&, const QString&)> prompt) {
    export_prompt_ = std::move(prompt);
}

PoseSnapshot PlotDock::poseAt(size_t row) const {
    if (!model_ || row >= rowCount()) return {};
    return recorded_pose(*model_, pose_columns_, values_.data() + row * column_count_);
}

void PlotDock::scrubTo(size_t row) {
    if (row >= rowCount()) return;
    cursor_time_ = values_[row * column_count_];
    timeline_->setTimeText(timeText());
    emit cursorTimeChanged(cursor_time_);
    scheduleRedraw();
    if (model_) emit poseRequested(poseAt(row));
}

}  // namespace hfd::studio
