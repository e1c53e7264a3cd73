#include "induced_dock.h"

#include "analysis/trajectory_states.h"
#include "document.h"
#include "main_window.h"
#include "plot_dock.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
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
    controls->addWidget(analyze_);
    controls->addWidget(new QLabel(tr("contacts:"), body));
    controls->addWidget(constraint_);
    controls->addWidget(new QLabel(tr("output:"), body));
    controls->addWidget(output_, 1);
    controls->addWidget(style_);
    layout->addLayout(controls);
    layout->addWidget(status_);

    chart_ = new QChart;
    x_ = new QValueAxis;
    y_ = new QValueAxis;
    x_->setTitleText(tr("time [s]"));
    chart_->addAxis(x_, Qt::AlignBottom);
    chart_->addAxis(y_, Qt::AlignLeft);
    chart_->legend()->setAlignment(Qt::AlignRight);
    view_ = new QChartView(chart_, body);
    view_->setRenderHint(QPainter::Antialiasing);
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
    double worst = 0;
    for (const State& s : states.states) {
        const InducedAccelerations frame = induced_accelerations(*sim, s, {kind});
        worst = std::max(worst, frame.superposition_error);
        append_induced_frame(series_, sim->model(), s.time, frame);
    }
    const QString current = output_->currentText();
    output_->blockSignals(true);
    output_->clear();
    for (const InducedTable& t : series_.tables) output_->addItem(QString::fromStdString(t.output));
    output_->setCurrentText(current.isEmpty() ? QStringLiteral("com_y") : current);
    output_->blockSignals(false);
    status_->setText(tr("%1 rows, %2 contributors, %3 contacts; largest superposition error %4")
                         .arg(series_.frame_count())
                         .arg(series_.columns.size() - 2)
                         .arg(QString::fromLatin1(contact_constraint_name(kind)))
                         .arg(worst, 0, 'g', 3));
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
    // the largest contributors by peak magnitude; the others summed
    std::vector<size_t> order(contributors);
    std::iota(order.begin(), order.end(), size_t(0));
    auto peak = [&](size_t c) {
        double p = 0;
        for (size_t f = 0; f < frames; ++f) p = std::max(p, std::abs(series_.value(*table, f, c)));
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
    auto add_series = [&](const QString& name, const std::function<double(size_t)>& value, Qt::PenStyle pen,
                          int width_px) {
        auto* line = new QLineSeries;
        line->setName(name);
        for (size_t f = 0; f < frames; ++f) {
            double v = value(f);
            if (stacked && pen == Qt::SolidLine && width_px == 1) v = cumulative[f] += v;
            line->append(series_.time[f], v);
            low = std::min(low, v), high = std::max(high, v);
        }
        chart_->addSeries(line);
        line->attachAxis(x_);
        line->attachAxis(y_);
        QPen p = line->pen();
        p.setStyle(pen);
        p.setWidth(width_px);
        line->setPen(p);
    };
    for (size_t i = 0; i < shown; ++i)
        add_series(
            QString::fromStdString(series_.columns[order[i]]),
            [&, c = order[i]](size_t f) { return series_.value(*table, f, c); }, Qt::SolidLine, 1);
    if (order.size() > shown)
        add_series(
            tr("other (%1)").arg(order.size() - shown),
            [&](size_t f) {
                double sum = 0;
                for (size_t i = shown; i < order.size(); ++i) sum += series_.value(*table, f, order[i]);
                return sum;
            },
            Qt::SolidLine, 1);
    add_series(
        tr("total"), [&](size_t f) { return series_.value(*table, f, width - 2); }, Qt::SolidLine, 3);
    add_series(
        tr("forward"), [&](size_t f) { return series_.value(*table, f, width - 1); }, Qt::DashLine, 2);
    const double margin = 0.05 * std::max(1e-9, high - low);
    x_->setRange(series_.time.front(), std::max(series_.time.back(), series_.time.front() + 1e-6));
    y_->setRange(low - margin, high + margin);
    y_->setTitleText(QString::fromStdString(table->unit));
    cursor_ = new QLineSeries;
    cursor_->setName(tr("cursor"));
    chart_->addSeries(cursor_);
    cursor_->attachAxis(x_);
    cursor_->attachAxis(y_);
    for (QLegendMarker* marker : chart_->legend()->markers(cursor_)) marker->setVisible(false);
    setCursorTime(cursor_time_);
}

void InducedDock::updateTable() {
    const InducedTable* table = series_.find(output_->currentText().toStdString());
    if (!table) return;
    const size_t frame = cursorFrame(), width = series_.columns.size();
    std::vector<size_t> order(width);
    std::iota(order.begin(), order.end(), size_t(0));
    // contributors by |value|, then total and forward
    std::sort(order.begin(), order.end() - 2, [&](size_t a, size_t b) {
        return std::abs(series_.value(*table, frame, a)) > std::abs(series_.value(*table, frame, b));
    });
    table_->setRowCount(int(width));
    for (size_t r = 0; r < width; ++r) {
        table_->setItem(int(r), 0, new QTableWidgetItem(QString::fromStdString(series_.columns[order[r]])));
        table_->setItem(int(r), 1,
                        new QTableWidgetItem(QString::number(series_.value(*table, frame, order[r]), 'g', 6)));
    }
    table_->setHorizontalHeaderLabels(
        {tr("t = %1 s").arg(series_.time[frame]), QString::fromStdString("[" + table->unit + "]")});
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
