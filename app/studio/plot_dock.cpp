#include "plot_dock.h"

#include "chart_legend.h"
#include "draw/recorded_pose.h"
#include "nice_axis.h"
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
        // Qt Charts elides every axis label when a short chart also keeps its
        // default margins; three plots in a dock are short.
        plot.chart->setMargins(QMargins(4, 4, 4, 4));
        plot.chart->layout()->setContentsMargins(0, 0, 0, 0);
        plot.chart->setBackgroundRoundness(0);
        use_plot_legend(*plot.chart);  // at the right or under the plot, names whole (chart_legend.h)
        plot.x = new QValueAxis(plot.chart);
        plot.x->setTitleText(tr("time [s]"));
        plot.chart->addAxis(plot.x, Qt::AlignBottom);
        auto* y = new QValueAxis(plot.chart);
        plot.chart->addAxis(y, Qt::AlignLeft);
        plot.axes.push_back({y, {}, {}, {}});
        // Ticks on multiples of a round interval (0, 0.25, 0.5 ...) whatever the range shown.
        for (QValueAxis* axis : {plot.x, y}) apply_axis(*axis, fitted_axis(0, 1, 5));
        plot.cursor = new QLineSeries(plot.chart);
        plot.cursor->setName(tr("t"));
        plot.cursor->setColor(Qt::gray);
        plot.chart->addSeries(plot.cursor);
        plot.cursor->attachAxis(plot.x);
        plot.cursor->attachAxis(y);
        leave_out_of_plot_legend(*plot.cursor);
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
            leaveAutoscale();
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
    search_->setObjectName(QStringLiteral("channelSearch"));
    search_->setPlaceholderText(tr("Search channels"));
    search_->setClearButtonEnabled(true);
    target_ = new QComboBox(box);
    for (int p = 0; p < plot_count; ++p) target_->addItem(tr("Plot %1").arg(p + 1));
    autoscale_ = new QCheckBox(tr("Autoscale"), box);
    autoscale_->setObjectName(QStringLiteral("autoscale"));
    autoscale_->setChecked(true);
    autoscale_->setToolTip(tr("Show the whole run; zooming or scrolling a plot's time turns it off"));
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
    for (int p = 0; p < plot_count; ++p) {
        QAction* action = export_menu->addAction(tr("Plot %1...").arg(p + 1), this, [this, p] { exportWithPrompt(p); });
        action->setObjectName(QStringLiteral("exportPlot%1").arg(p + 1));
        export_actions_.push_back(action);
    }
    export_menu->addSeparator();
    for (int p = 0; p < plot_count; ++p) {
        QAction* action =
            export_menu->addAction(tr("Copy Plot %1 as Image").arg(p + 1), this, [this, p] { copyPlotImage(p); });
        action->setObjectName(QStringLiteral("copyPlot%1").arg(p + 1));
        export_actions_.push_back(action);
    }
    export_menu->setToolTipsVisible(true);
    // a plot without curves is no figure: its entries are disabled
    connect(export_menu, &QMenu::aboutToShow, this, &PlotDock::updateExportActions);
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
        plotJointAngles();
        setSearch(search_->text());
    }
    scheduleRedraw();
    updateTimeline();
}

void PlotDock::plotJointAngles() {
    if (!model_) return;
    constexpr int most = 6;
    int plotted = 0;
    for (size_t c = 1; c < channels_.size() && plotted < most; ++c) {
        const Channel& channel = channels_[c];
        if (channel.group != ChannelGroup::Dofs || !channel.quantity.empty()) continue;
        const auto dof = std::find_if(model_->dofs.begin(), model_->dofs.end(),
                                      [&](const Dof& d) { return d.name == channel.source; });
        if (dof == model_->dofs.end() || dof->kind != Dof::Kind::JointRotation) continue;
        setChannelPlotted(c, 0, true);
        ++plotted;
    }
}

void PlotDock::clear() {
    model_.reset();
    timeline_->stopPlayback();
    forgetKeptRun();  // a run of the old model: no ghost, no kept curves
    search_->clear();
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
        emitCursorMoved();
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
    if (t0 < 0) t1 -= t0, t0 = 0;  // nothing is recorded before 0
    leaveAutoscale();
    setTimeRange(t0, t1);
}

void PlotDock::leaveAutoscale() {
    if (!autoscale_->isChecked()) return;
    {
        const QSignalBlocker blocker(autoscale_);
        autoscale_->setChecked(false);
    }
    emit message(tr("Autoscale off: the plots keep the time span you zoomed or scrolled to; tick Autoscale "
                    "to see the whole run again"));
}

// Every plot shows [t0, t1]; values are scaled to what is visible in it.
void PlotDock::setTimeRange(double t0, double t1) {
    zooming_ = true;
    for (Plot& plot : plots_) setTimeAxis(plot, t0, t1);
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
    // the list shows the ticks of the plot it adds to
    if (target_ && target_->currentIndex() == plot_index) {
        const QSignalBlocker blocker(list_);
        for (int i = 0; i < list_->count(); ++i)
            if (list_->item(i)->data(Qt::UserRole).toULongLong() == channel)
                list_->item(i)->setCheckState(plotted ? Qt::Checked : Qt::Unchecked);
    }
    scheduleRedraw();
}

void PlotDock::clearPlotted() {
    for (int p = 0; p < plot_count; ++p)
        while (!plots_[p].series.empty()) setChannelPlotted(plots_[p].series.back().first, p, false);
    const QSignalBlocker blocker(list_);
    for (int i = 0; i < list_->count(); ++i) list_->item(i)->setCheckState(Qt::Unchecked);
}

// Plots without channels take no height: the first one always shows, the others
// when they have a channel or are the one the picker adds to.
void PlotDock::updatePlotVisibility() {
    for (int p = 0; p < plot_count; ++p)
        plots_[p].view->setVisible(p == 0 || !plots_[p].series.empty() || (target_ && target_->currentIndex() == p));
    updateExportActions();
}

bool PlotDock::hasCurves(int plot) const { return plot >= 0 && plot < plot_count && !plots_[plot].series.empty(); }

void PlotDock::updateExportActions() {
    for (size_t i = 0; i < export_actions_.size(); ++i) {
        const int plot = int(i) % plot_count;
        const bool curves = hasCurves(plot);
        export_actions_[i]->setEnabled(curves);
        export_actions_[i]->setToolTip(curves ? QString()
                                              : tr("Plot %1 has no curves: tick channels for it first").arg(plot + 1));
    }
}

void PlotDock::refresh() {
    dirty_ = false;
    const size_t rows = rowCount();
    const double t0 = rows ? values_[0] : 0, t1 = rows ? values_[(rows - 1) * column_count_] : 1;
    zooming_ = true;
    for (Plot& plot : plots_) {
        // A recording of one sample spans no time: show a second rather than ticks of 2.5e-07 s.
        if (autoscale_->isChecked()) setTimeAxis(plot, t0, t1 - t0 >= 1e-3 ? t1 : t0 + 1);
        else fitTimeTicks(plot);
        fitAxes(plot, plot.x->min(), plot.x->max());
        applyStyle(plot, screen_plot_style());
        placeCursor(plot);
    }
    zooming_ = false;
    alignPlotAreas();
}

void PlotDock::placeCursor(Plot& plot) {
    const QValueAxis* first = plot.axes.front().axis;
    plot.cursor->replace({QPointF(cursor_time_, first->min()), QPointF(cursor_time_, first->max())});
}

void PlotDock::resizeEvent(QResizeEvent* event) {
    QDockWidget::resizeEvent(event);
    scheduleRedraw();  // the ticks and the aligned plot areas follow the size
}

void PlotDock::keepRun(const QString& name) {
    if (rowCount() == 0) return;
    ++runs_kept_;
    kept_.name = name.isEmpty() ? tr("run %1").arg(runs_kept_) : name;
    kept_.names.clear();
    for (const Channel& channel : channels_) kept_.names.push_back(channel.name);
    kept_.columns = column_count_;
    kept_.values = values_;
    kept_.model = model_;
    kept_.pose_columns = pose_columns_;
    for (Plot& plot : plots_) {
        for (auto& [column, series] : plot.kept) plot.chart->removeSeries(series), delete series;
        plot.kept.clear();
        syncKeptSeries(plot);
    }
    forget_->setEnabled(true);
    scheduleRedraw();
    emit keptRunChanged();
    if (kept_.model) emit keptPoseChanged(keptPoseAt(cursor_time_));
}

void PlotDock::forgetKeptRun() {
    kept_ = KeptRun{};
    for (Plot& plot : plots_) syncKeptSeries(plot);
    forget_->setEnabled(false);
    scheduleRedraw();
    emit keptRunChanged();
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
    emitCursorMoved();
    scheduleRedraw();
    if (model_) emit poseRequested(poseAt(row));
}

void PlotDock::emitCursorMoved() {
    emit cursorTimeChanged(cursor_time_);
    if (kept_.model) emit keptPoseChanged(keptPoseAt(cursor_time_));
}

// Rows are in time order: the last one whose time is not after `time`.
static size_t row_at_or_before(const std::vector<double>& values, size_t columns, double time) {
    const size_t rows = columns ? values.size() / columns : 0;
    size_t low = 0, high = rows;  // the answer's successor lies in (low, high]
    while (high - low > 1) {
        const size_t middle = low + (high - low) / 2;
        if (values[middle * columns] <= time) low = middle;
        else high = middle;
    }
    return low;
}

size_t PlotDock::rowAtTime(double time) const { return row_at_or_before(values_, column_count_, time); }

PoseSnapshot PlotDock::keptPoseAt(double time) const {
    if (!kept_.model || kept_.values.empty()) return {};
    const size_t row = row_at_or_before(kept_.values, kept_.columns, time);
    return recorded_pose(*kept_.model, kept_.pose_columns, kept_.values.data() + row * kept_.columns);
}

}  // namespace hfd::studio
