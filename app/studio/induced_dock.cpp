#include "induced_dock.h"

#include "analysis/trajectory_states.h"
#include "chart_legend.h"
#include "document.h"
#include "main_window.h"
#include "nice_axis.h"
#include "plot_dock.h"

#include <QAreaSeries>
#include <QBrush>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QPen>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QValueAxis>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>

namespace hfd::studio {

namespace {

constexpr int plotted_contributors = 8;  // the largest; the rest are summed as "other"

}  // namespace

InducedDock::InducedDock(QWidget* parent) : QDockWidget(tr("Induced accelerations"), parent) {
    setObjectName(QStringLiteral("induced_dock"));
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);
    auto* controls = new QHBoxLayout;
    analyze_ = new QPushButton(tr("Analyze recording"), body);
    analyze_->setToolTip(tr("Induced acceleration analysis of every recorded row (docs/analyses.md)"));
    constraint_ = new QComboBox(body);
    constraint_->setObjectName(QStringLiteral("constraint"));
    for (ContactConstraint kind : {ContactConstraint::Point, ContactConstraint::Weld, ContactConstraint::Rolling})
        constraint_->addItem(QString::fromLatin1(contact_constraint_name(kind)), int(kind));
    constraint_->setToolTip(tr("Constraint that replaces each touching contact"));
    output_ = new QComboBox(body);
    output_->setObjectName(QStringLiteral("output"));
    output_->setMinimumContentsLength(18);
    style_ = new QComboBox(body);
    style_->setObjectName(QStringLiteral("style"));
    style_->addItems({tr("lines"), tr("stacked")});
    status_ = new QLabel(tr("Run a simulation, then analyze its recording."), body);
    status_->setObjectName(QStringLiteral("analysisStatus"));
    status_->setWordWrap(true);
    frame_status_ = new QLabel(body);
    frame_status_->setObjectName(QStringLiteral("frameValidity"));
    frame_status_->setWordWrap(true);
    frame_status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    controls->addWidget(analyze_);
    controls->addWidget(new QLabel(tr("contacts:"), body));
    controls->addWidget(constraint_);
    controls->addWidget(new QLabel(tr("output:"), body));
    controls->addWidget(output_, 1);
    controls->addWidget(style_);
    layout->addLayout(controls);
    layout->addWidget(status_);
    layout->addWidget(frame_status_);

    chart_ = new QChart;
    x_ = new QValueAxis;
    y_ = new QValueAxis;
    x_->setTitleText(tr("time [s]"));
    for (QValueAxis* axis : {x_, y_}) apply_axis(*axis, fitted_axis(0, 1, 4));
    chart_->addAxis(x_, Qt::AlignBottom);
    chart_->addAxis(y_, Qt::AlignLeft);
    use_plot_legend(*chart_);  // at the right or under the plot, names whole (chart_legend.h)
    view_ = new QChartView(chart_, body);
    view_->setRenderHint(QPainter::Antialiasing);
    view_->installEventFilter(this);  // resized: as many ticks as the new size has room for
    table_ = new QTableWidget(0, 2, body);
    table_->setObjectName(QStringLiteral("contributions"));
    table_->setHorizontalHeaderLabels({tr("contributor"), tr("value")});
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->verticalHeader()->hide();
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    residual_table_ = new QTableWidget(0, 3, body);
    residual_table_->setObjectName(QStringLiteral("residuals"));
    residual_table_->setHorizontalHeaderLabels({tr("body"), tr("residual force [N]"), tr("torque [N m]")});
    residual_table_->setToolTip(
        tr("Implicit residual of the recording (differences of its rows): zero where the "
           "recorded motion obeys the model's dynamics"));
    residual_table_->horizontalHeader()->setStretchLastSection(true);
    residual_table_->verticalHeader()->hide();
    residual_table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    auto* tables = new QSplitter(Qt::Vertical, body);
    tables->addWidget(table_);
    tables->addWidget(residual_table_);
    auto* split = new QSplitter(Qt::Horizontal, body);
    split->addWidget(view_);
    split->addWidget(tables);
    split->setStretchFactor(0, 3);
    layout->addWidget(split, 1);
    setWidget(body);

    connect(analyze_, &QPushButton::clicked, this, [this] { analyze(); });
    connect(output_, &QComboBox::currentTextChanged, this, [this] { redraw(); });
    connect(style_, &QComboBox::currentIndexChanged, this, [this] { redraw(); });
}

void InducedDock::setModel(std::shared_ptr<const Model> model, const SimConfig& config) {
    model_ = std::move(model);
    config_ = config;
}

void InducedDock::setLayout(const RecordingLayout& layout) {
    channel_names_.clear();
    for (const Channel& c : layout.channels) channel_names_.push_back(c.name);
    rows_.clear();
}

void InducedDock::addFrame(const SimulationFrame& frame) {
    if (channel_names_.empty()) return;
    const size_t width = channel_names_.size();
    rows_.resize(frame.first_row * width);  // a reset starts the recording over
    rows_.insert(rows_.end(), frame.rows.begin(), frame.rows.end());
    setCursorTime(frame.time);
}

void InducedDock::setCursorTime(double time) {
    cursor_time_ = time;
    if (series_.frame_count() == 0 || !cursor_) return;
    const double t = series_.time[cursorFrame()];
    cursor_->replace({QPointF(t, y_->min()), QPointF(t, y_->max())});
    updateTable();
}

bool InducedDock::analyze() {
    auto fail = [this](const QString& text) {
        status_->setText(text);
        emit statusMessage(text);
        return false;
    };
    if (!model_) return fail(tr("No valid model to analyze."));
    if (rows_.empty()) return fail(tr("Nothing recorded yet: run the simulation first."));
    std::vector<Diagnostic> diagnostics;
    std::unique_ptr<Simulation> sim = Simulation::create(model_, config_, diagnostics);
    if (!sim) return fail(tr("Cannot create the simulation of the current model."));
    TrajectoryStates states = trajectory_from_rows(channel_names_, rows_, sim->model(), std::as_const(*sim).state());
    if (!states.ok())
        return fail(tr("The recording does not fit the current model (re-run it): %1")
                        .arg(QString::fromStdString(format_diagnostic(states.diagnostics.front()))));
    const ImplicitDynamics dynamics(*sim, config_);
    residuals_.clear();
    for (size_t k = 0; k < states.states.size(); ++k)
        residuals_.push_back(recording_residual(dynamics, states.states, k));
    const auto kind = ContactConstraint(constraint_->currentData().toInt());
    series_ = make_induced_series(sim->model(), {});
    double worst = 0, largest_com = 0;
    for (const State& s : states.states) {
        InducedAccelerationOptions options;
        options.contact = kind;
        const InducedAccelerations frame = induced_accelerations(*sim, s, options);
        worst = std::max(worst, frame.superposition_error);
        largest_com = std::max(largest_com, frame.validity.com_residual);
        append_induced_frame(series_, sim->model(), s.time, frame);
    }
    const QString current = output_->currentText();
    output_->blockSignals(true);
    output_->clear();
    for (const InducedTable& t : series_.tables) output_->addItem(QString::fromStdString(t.output));
    output_->setCurrentText(current.isEmpty() ? QStringLiteral("com_y") : current);
    output_->blockSignals(false);
    const QString counts = tr("%1 rows, %2 contributors, %3 contacts")
                               .arg(series_.frame_count())
                               .arg(series_.columns.size() - 2)
                               .arg(QString::fromLatin1(contact_constraint_name(kind)));
    const QString solve = tr("superposition error %1 (a check of the solve only)").arg(worst, 0, 'g', 3);
    const size_t invalid = series_.invalid_frame_count();
    if (invalid == 0) {
        status_->setStyleSheet(QString());
        status_->setText(tr("%1; the constraint model holds in every frame (|a_com - forward| at most %2 m/s², "
                            "limit %3); %4")
                             .arg(counts)
                             .arg(largest_com, 0, 'g', 3)
                             .arg(series_.validity.front().com_limit, 0, 'g', 3)
                             .arg(solve));
    } else {
        status_->setStyleSheet(QStringLiteral("color: #d03030; font-weight: bold"));
        const QString where = QString::fromStdString(describe_spans(series_, invalid_spans(series_)));
        status_->setText(tr("%1. Warning: %2 of %3 frames invalid, the constraint model does not hold at %4: "
                            "their contributions are meaningless, shaded and not drawn; %5")
                             .arg(counts)
                             .arg(invalid)
                             .arg(series_.frame_count())
                             .arg(where)
                             .arg(solve));
        emit statusMessage(tr("Induced accelerations: %1 of %2 frames invalid (constraint model does not hold)")
                               .arg(invalid)
                               .arg(series_.frame_count()));
    }
    redraw();
    return true;
}

size_t InducedDock::cursorFrame() const {
    const auto it = std::lower_bound(series_.time.begin(), series_.time.end(), cursor_time_ - 1e-12);
    return std::min(size_t(it - series_.time.begin()), series_.frame_count() - 1);
}

void InducedDock::redraw() {
    chart_->removeAllSeries();
    cursor_ = nullptr;
    const InducedTable* table = series_.find(output_->currentText().toStdString());
    if (!table || series_.frame_count() == 0) return;
    const size_t width = series_.columns.size(), contributors = width - 2, frames = series_.frame_count();
    // the largest contributors by peak magnitude over the valid frames; the others summed
    std::vector<size_t> order(contributors);
    std::iota(order.begin(), order.end(), size_t(0));
    auto peak = [&](size_t c) {
        double p = 0;
        for (size_t f = 0; f < frames; ++f)
            if (series_.valid(f)) p = std::max(p, std::abs(series_.value(*table, f, c)));
        return p;
    };
    std::vector<double> peaks(contributors);
    for (size_t c = 0; c < contributors; ++c) peaks[c] = peak(c);
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return peaks[a] > peaks[b]; });
    while (!order.empty() && peaks[order.back()] == 0) order.pop_back();
    const size_t shown = std::min<size_t>(order.size(), plotted_contributors);
    const bool stacked = style_->currentIndex() == 1;
    double low = 0, high = 0;
    std::vector<double> cumulative(frames, 0.0);
    // Results (contributors, other, total) are drawn over the valid frames only: one
    // line per run of valid frames, in one colour with one legend entry. Forward
    // (the simulation's own value) is drawn over every frame.
    enum class Kind { Contributor, Total, Forward };
    struct Curve {
        QString name;
        Kind kind;
        std::vector<QList<QPointF>> runs;
    };
    std::vector<Curve> curves;
    auto add_series = [&](const QString& name, const std::function<double(size_t)>& value, Kind kind) {
        Curve curve{name, kind, {}};
        bool gap = true;
        for (size_t f = 0; f < frames; ++f) {
            if (kind != Kind::Forward && !series_.valid(f)) {
                gap = true;  // the next valid frame starts a new line
                continue;
            }
            double v = value(f);
            if (stacked && kind == Kind::Contributor) v = cumulative[f] += v;
            if (gap) curve.runs.emplace_back();
            gap = false;
            curve.runs.back().append(QPointF(series_.time[f], v));
            low = std::min(low, v), high = std::max(high, v);
        }
        if (!curve.runs.empty()) curves.push_back(std::move(curve));
    };
    for (size_t i = 0; i < shown; ++i)
        add_series(
            QString::fromStdString(series_.columns[order[i]]),
            [&, c = order[i]](size_t f) { return series_.value(*table, f, c); }, Kind::Contributor);
    if (order.size() > shown)
        add_series(
            tr("other (%1)").arg(order.size() - shown),
            [&](size_t f) {
                double sum = 0;
                for (size_t i = shown; i < order.size(); ++i) sum += series_.value(*table, f, order[i]);
                return sum;
            },
            Kind::Contributor);
    add_series(
        tr("total"), [&](size_t f) { return series_.value(*table, f, width - 2); }, Kind::Total);
    add_series(
        tr("forward"), [&](size_t f) { return series_.value(*table, f, width - 1); }, Kind::Forward);
    // the first line of every curve first: the theme colours them in turn, as
    // without gaps; the further lines of a curve take its colour
    // (the studio's palette, series_pen: curve i in slot i; forward dashed)
    std::vector<QPen> pens(curves.size());
    for (size_t i = 0; i < curves.size(); ++i) {
        const double width = curves[i].kind == Kind::Contributor ? 1.5 : curves[i].kind == Kind::Total ? 3 : 2;
        pens[i] = series_pen(int(i), width);
        if (curves[i].kind == Kind::Forward) pens[i].setStyle(Qt::DashLine);
    }
    for (size_t pass = 0; pass < 2; ++pass)
        for (size_t i = 0; i < curves.size(); ++i)
            for (size_t k = pass == 0 ? 0 : 1; k < (pass == 0 ? 1 : curves[i].runs.size()); ++k) {
                auto* line = new QLineSeries;
                line->setName(curves[i].name);
                line->replace(curves[i].runs[k]);
                chart_->addSeries(line);
                line->attachAxis(x_);
                line->attachAxis(y_);
                if (k > 0) leave_out_of_plot_legend(*line);  // one entry per curve
                line->setPen(pens[i]);
            }
    data_low_ = low;
    data_high_ = high;
    y_->setTitleText(QString::fromStdString(table->unit));
    fitAxes(false);
    // invalid frames shaded, half a frame interval either side
    for (const FrameSpan& span : invalid_spans(series_)) {
        auto half_step = [&](size_t a, size_t b) { return 0.5 * (series_.time[b] - series_.time[a]); };
        const double before = span.first > 0 ? half_step(span.first - 1, span.first)
                              : frames > 1   ? half_step(0, 1)
                                             : 0.5e-3;
        const double after = span.last + 1 < frames ? half_step(span.last, span.last + 1) : before;
        const double t0 = std::max(series_.time.front(), series_.time[span.first] - before);
        const double t1 = std::min(series_.time.back(), series_.time[span.last] + after);
        auto* upper = new QLineSeries;
        auto* lower = new QLineSeries;
        upper->append({QPointF(t0, y_->max()), QPointF(t1, y_->max())});
        lower->append({QPointF(t0, y_->min()), QPointF(t1, y_->min())});
        auto* area = new QAreaSeries(upper, lower);
        upper->setParent(area);
        lower->setParent(area);
        area->setName(tr("invalid frames"));
        chart_->addSeries(area);
        area->attachAxis(x_);
        area->attachAxis(y_);
        area->setBrush(QColor(220, 60, 60, 70));
        area->setPen(Qt::NoPen);
        leave_out_of_plot_legend(*area);  // a shading, no curve (the status line names the frames)
    }
    cursor_ = new QLineSeries;
    cursor_->setName(tr("cursor"));
    cursor_->setColor(Qt::gray);
    chart_->addSeries(cursor_);
    cursor_->attachAxis(x_);
    cursor_->attachAxis(y_);
    leave_out_of_plot_legend(*cursor_);
    update_plot_legend(*chart_);
    setCursorTime(cursor_time_);
}

// Round ticks for the chart's size (nice_axis.h): the recorded time span exactly, the
// values rounded out to ticks; the shading and the cursor span the new value range.
void InducedDock::fitAxes(bool follow) {
    if (series_.frame_count() == 0) return;
    const QRectF area = chart_->plotArea();
    const double width = area.width() > 10 ? area.width() : std::max(80, view_->width() - 200);
    const double height = area.height() > 10 ? area.height() : std::max(40, view_->height() - 60);
    fit_span_axis(*x_, series_.time.front(), series_.time.back(), tick_budget(width, across_tick_pixels));
    fit_value_axis(*y_, data_low_, data_high_, tick_budget(height, up_tick_pixels, 8));
    if (!follow) return;
    for (QAbstractSeries* s : chart_->series())
        if (auto* shade = qobject_cast<QAreaSeries*>(s)) {
            QLineSeries* upper = shade->upperSeries();
            QLineSeries* lower = shade->lowerSeries();
            upper->replace({QPointF(upper->at(0).x(), y_->max()), QPointF(upper->at(1).x(), y_->max())});
            lower->replace({QPointF(lower->at(0).x(), y_->min()), QPointF(lower->at(1).x(), y_->min())});
        }
    setCursorTime(cursor_time_);
}

bool InducedDock::eventFilter(QObject* watched, QEvent* event) {
    if (watched == view_ && event->type() == QEvent::Resize)
        QMetaObject::invokeMethod(this, [this] { fitAxes(true); }, Qt::QueuedConnection);  // once laid out
    return QDockWidget::eventFilter(watched, event);
}

void InducedDock::updateTable() {
    const InducedTable* table = series_.find(output_->currentText().toStdString());
    if (!table) return;
    const size_t frame = cursorFrame(), width = series_.columns.size();
    const bool valid = series_.valid(frame);
    std::vector<size_t> order(width);
    std::iota(order.begin(), order.end(), size_t(0));
    // contributors by |value|, then total and forward; an invalid frame's contributions
    // are not results: listed in column order, without values
    if (valid)
        std::sort(order.begin(), order.end() - 2, [&](size_t a, size_t b) {
            return std::abs(series_.value(*table, frame, a)) > std::abs(series_.value(*table, frame, b));
        });
    table_->setRowCount(int(width));
    for (size_t r = 0; r < width; ++r) {
        const bool shown = valid || order[r] + 1 == width;  // forward is the simulation's own value
        table_->setItem(int(r), 0, new QTableWidgetItem(QString::fromStdString(series_.columns[order[r]])));
        table_->setItem(int(r), 1,
                        new QTableWidgetItem(shown ? QString::number(series_.value(*table, frame, order[r]), 'g', 6)
                                                   : tr("invalid")));
    }
    table_->setHorizontalHeaderLabels(
        {tr("t = %1 s").arg(series_.time[frame]), QString::fromStdString("[" + table->unit + "]")});
    if (frame < series_.validity.size()) {
        const InducedValidity& v = series_.validity[frame];
        if (v.valid) {
            frame_status_->setStyleSheet(QString());
            frame_status_->setText(tr("t = %1 s: the constraint model holds (|a_com - forward| = %2 m/s², limit %3)")
                                       .arg(series_.time[frame])
                                       .arg(v.com_residual, 0, 'g', 3)
                                       .arg(v.com_limit, 0, 'g', 3));
        } else {
            frame_status_->setStyleSheet(QStringLiteral("color: #d03030"));
            frame_status_->setText(
                tr("t = %1 s invalid: %2").arg(series_.time[frame]).arg(QString::fromStdString(v.reason)));
        }
    }
    updateResidualTable();
}

void InducedDock::updateResidualTable() {
    const size_t frame = cursorFrame();
    if (frame >= residuals_.size()) return;
    const std::vector<BodyResidual>& rows = residuals_[frame];
    residual_table_->setRowCount(int(rows.size()));
    for (size_t r = 0; r < rows.size(); ++r) {
        residual_table_->setItem(int(r), 0,
                                 new QTableWidgetItem(QString::fromStdString(model_->bodies[rows[r].body].name)));
        residual_table_->setItem(int(r), 1, new QTableWidgetItem(QString::number(rows[r].force, 'g', 4)));
        residual_table_->setItem(int(r), 2, new QTableWidgetItem(QString::number(rows[r].torque, 'g', 4)));
    }
}

InducedDock* install_induced_dock(MainWindow* window, SimulationController* controller, PlotDock* plots) {
    auto* dock = new InducedDock(window);
    window->addDock(dock, Qt::BottomDockWidgetArea);
    window->tabifyDockWidget(plots, dock);
    plots->raise();
    Document* document = window->document();
    // the analysis uses the document's latest valid model and its config
    auto use_document = [dock, document] {
        std::shared_ptr<const Model> model = document->sharedModel();
        if (!model) return;
        SimConfig config = default_sim_config();
        const editor::Analysis* analysis = document->analysis();
        std::vector<Diagnostic> ignored;
        if (analysis && analysis->parse.ok())
            config = read_sim_config(analysis->parse.root, analysis->file_name, ignored);
        dock->setModel(std::move(model), config);
    };
    use_document();
    QObject::connect(document, &Document::modelChanged, dock, use_document);
    QObject::connect(controller, &SimulationController::layoutReceived, dock, &InducedDock::setLayout);
    QObject::connect(controller, &SimulationController::frameReceived, dock, &InducedDock::addFrame);
    QObject::connect(plots, &PlotDock::poseRequested, dock,
                     [dock](const PoseSnapshot& pose) { dock->setCursorTime(pose.time); });
    return dock;
}

}  // namespace hfd::studio
