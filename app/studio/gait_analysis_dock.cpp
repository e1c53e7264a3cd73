#include "gait_analysis_dock.h"

#include "chart_legend.h"
#include "document.h"
#include "gait_cycle_table.h"
#include "main_window.h"
#include "nice_axis.h"
#include "plot_dock.h"
#include "plot_export.h"
#include "plot_style.h"
#include "simulation_ui.h"

#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QElapsedTimer>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QPen>
#include <QPushButton>
#include <QRegularExpression>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTableView>
#include <QValueAxis>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>

namespace hfd::studio {

namespace {

constexpr double mean_width = 2.5, cycle_width = 1;  // px
constexpr int cycle_alpha = 110, band_alpha = 55;    // of 255

QColor side_color(GaitSide side, int alpha = 255) {
    QColor color = QColor::fromRgb(series_color(side == GaitSide::Right ? 0 : 1));
    color.setAlpha(alpha);
    return color;
}

QString side_text(GaitSide side) { return QString::fromLatin1(gait_side_name(side)); }

// x: 0..100 % over the curve's samples.
QList<QPointF> percent_points(const std::vector<double>& values, double offset = 0,
                              const std::vector<double>* sd = nullptr, double sign = 1) {
    QList<QPointF> points;
    const size_t n = values.size();
    for (size_t i = 0; i < n; ++i) {
        const double x = n > 1 ? 100.0 * double(i) / double(n - 1) : 0;
        points.append(QPointF(x, values[i] + offset + (sd ? sign * (*sd)[i] : 0)));
    }
    return points;
}

// A name's one side word ("r", "right", "l", "left" between _ - . and spaces, as
// gait_recording.h tells sides): the name with it swapped for the other side's
// (empty: no such word, or two), and whether it is the left's.
struct Mirror {
    QString other;
    bool left = false;
};
Mirror mirrored(const QString& name) {
    static const QRegularExpression word(QStringLiteral("(?:^|[-_. ])(r|right|l|left)(?=$|[-_. ])"));
    QRegularExpressionMatchIterator it = word.globalMatch(name);
    if (!it.hasNext()) return {};
    const QRegularExpressionMatch m = it.next();
    if (it.hasNext()) return {};
    const QString side = m.captured(1);
    const bool left = side.startsWith(u'l');
    const QString other = side.size() == 1 ? (left ? QStringLiteral("r") : QStringLiteral("l"))
                                           : (left ? QStringLiteral("right") : QStringLiteral("left"));
    QString swapped = name;
    return {swapped.replace(m.capturedStart(1), m.capturedLength(1), other), left};
}

bool all_finite(const std::vector<double>& values) {
    return !values.empty() && std::all_of(values.begin(), values.end(), [](double v) { return std::isfinite(v); });
}

}  // namespace

GaitAnalysisDock::GaitAnalysisDock(QWidget* parent) : QDockWidget(tr("Gait Analysis"), parent) {
    setObjectName(QStringLiteral("gait_analysis_dock"));
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);
    auto* controls = new QHBoxLayout;
    analyze_ = new QPushButton(tr("Analyze"), body);
    analyze_->setObjectName(QStringLiteral("analyze"));
    analyze_->setToolTip(tr("Gait events, cycles and normalized curves of the recorded run (docs/analyses.md)"));
    channel_ = new QComboBox(body);
    channel_->setObjectName(QStringLiteral("channel"));
    channel_->setMinimumContentsLength(18);
    channel_->setToolTip(tr("The channel drawn over the gait cycle"));
    export_ = new QPushButton(tr("Export CSV..."), body);
    export_->setObjectName(QStringLiteral("export"));
    export_->setToolTip(tr("The normalized curves of each side and the cycles as CSV (as hfd analyze gait)"));
    export_->setEnabled(false);
    controls->addWidget(analyze_);
    controls->addWidget(new QLabel(tr("channel:"), body));
    controls->addWidget(channel_, 1);
    controls->addWidget(export_);
    layout->addLayout(controls);
    status_ = new QLabel(body);
    status_->setObjectName(QStringLiteral("gaitStatus"));
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(status_);
    pages_ = new QStackedWidget(body);
    pages_->setObjectName(QStringLiteral("gaitPages"));
    message_ = new QLabel(body);
    message_->setObjectName(QStringLiteral("gaitMessage"));
    message_->setWordWrap(true);
    message_->setAlignment(Qt::AlignCenter);
    message_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    pages_->addWidget(message_);
    pages_->addWidget(createResults(body));
    layout->addWidget(pages_, 1);
    setWidget(body);
    showMessage(
        tr("Record a walking run (a scenario, or a simulation with foot contacts), then Analyze: "
           "each leg's vertical ground force gives its heel strikes and toe offs."));

    connect(analyze_, &QPushButton::clicked, this, [this] { analyze(); });
    connect(channel_, &QComboBox::currentIndexChanged, this, [this] { redraw(); });
    connect(export_, &QPushButton::clicked, this, [this] { exportWithPrompt(); });
}

QWidget* GaitAnalysisDock::createResults(QWidget* parent) {
    table_model_ = new GaitCycleTableModel(this);
    table_ = new QTableView(parent);
    table_->setObjectName(QStringLiteral("gaitCycles"));
    table_->setModel(table_model_);
    table_->verticalHeader()->hide();
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    chart_ = new QChart;
    x_ = new QValueAxis;
    y_ = new QValueAxis;
    x_->setTitleText(tr("gait cycle [%]"));
    apply_axis(*x_, fitted_axis(0, 100, 5));
    apply_axis(*y_, fitted_axis(0, 1, 4));
    chart_->addAxis(x_, Qt::AlignBottom);
    chart_->addAxis(y_, Qt::AlignLeft);
    use_plot_legend(*chart_);
    view_ = new QChartView(chart_, parent);
    view_->setObjectName(QStringLiteral("gaitChart"));
    view_->setRenderHint(QPainter::Antialiasing);
    view_->installEventFilter(this);  // resized: ticks for the new size
    auto* split = new QSplitter(Qt::Horizontal, parent);
    split->addWidget(view_);
    split->addWidget(table_);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    split->setSizes({5000, 4000});  // in proportion: the chart a little wider than the table
    return split;
}

void GaitAnalysisDock::setRecordingSource(std::function<GaitRows()> source) { source_ = std::move(source); }

void GaitAnalysisDock::setExportPathPrompt(std::function<QString(const QString&, const QString&)> prompt) {
    export_prompt_ = std::move(prompt);
}

bool GaitAnalysisDock::analyze() {
    if (!source_) {
        clearResults(tr("No recording to analyze."));
        emit analyzed(false);
        return false;
    }
    return analyzeRows(source_());
}

bool GaitAnalysisDock::analyzeRows(const GaitRows& rows) {
    if (rows.channels.empty() || rows.values.size() < rows.channels.size()) {
        clearResults(tr("Nothing recorded yet: run a scenario or a simulation, then Analyze."));
        emit analyzed(false);
        return false;
    }
    QElapsedTimer timer;
    timer.start();
    std::vector<std::string> names, units;
    for (const Channel& channel : rows.channels) {
        names.push_back(channel.name);
        units.push_back(channel.unit);
    }
    const GaitRecordingRead read = gait_recording_from_rows(names, units, rows.values);
    analysis_ = read.ok() ? analyze_gait(read.recording) : GaitAnalysis{};
    if (!read.ok()) analysis_.diagnostics = read.diagnostics;
    analysis_ms_ = double(timer.nsecsElapsed()) * 1e-6;
    if (!analysis_.ok()) {
        QStringList errors;
        for (const Diagnostic& d : analysis_.diagnostics)
            if (d.severity == Severity::Error) errors << QString::fromStdString(d.message);
        showMessage(tr("No gait analysis of this run:\n%1").arg(errors.join(u'\n')));
        status_->clear();
        emit statusMessage(tr("Gait analysis: %1").arg(errors.value(0)));
        emit analyzed(false);
        return false;
    }
    showResults();
    emit analyzed(true);
    return true;
}

void GaitAnalysisDock::showMessage(const QString& text) {
    table_model_->clear();
    chart_->removeAllSeries();
    update_plot_legend(*chart_);
    export_->setEnabled(false);
    message_->setText(text);
    pages_->setCurrentWidget(message_);
}

void GaitAnalysisDock::clearResults(const QString& message) {
    analysis_ = GaitAnalysis{};
    status_->clear();
    showMessage(message.isEmpty() ? tr("Record a walking run, then Analyze.") : message);
}

void GaitAnalysisDock::showResults() {
    table_model_->setAnalysis(analysis_);
    const GaitSideResult &right = analysis_.side(GaitSide::Right), &left = analysis_.side(GaitSide::Left);
    QStringList notes;
    for (const Diagnostic& d : analysis_.diagnostics)
        if (d.severity != Severity::Error) notes << QString::fromStdString(d.message);
    if (!analysis_.has_position) notes << tr("no pelvis_tx or centre of mass channel: lengths and speed unknown");
    QString text = tr("%1 right and %2 left cycles; body weight %3 N (%4), threshold %5 N; analysed in %6 ms")
                       .arg(right.cycles.size())
                       .arg(left.cycles.size())
                       .arg(analysis_.body_weight, 0, 'f', 1)
                       .arg(analysis_.body_weight_from_forces ? tr("mean vertical ground force") : tr("given"))
                       .arg(analysis_.threshold, 0, 'f', 1)
                       .arg(analysis_ms_, 0, 'f', 1);
    if (!notes.isEmpty()) text += QStringLiteral("\n") + notes.join(u'\n');
    status_->setText(text);
    export_->setEnabled(true);
    pages_->setCurrentIndex(1);
    fillChannels();
    redraw();
}

// Vertical and forward ground force of the cycle's own leg, then the angles and
// moments: a right one with a left counterpart (knee_angle_r, knee_angle_l) is one
// entry, the right's over the right cycles and the left's over the left ones.
void GaitAnalysisDock::fillChannels() {
    const QString current = channel();
    QSignalBlocker block(channel_);
    channel_->clear();
    channel_->addItem(tr("vertical GRF [BW]"), QStringLiteral("grf_y"));
    channel_->addItem(tr("forward GRF [BW]"), QStringLiteral("grf_x"));
    const std::vector<GaitCurve>& curves = analysis_.side(GaitSide::Right).curves;
    auto exists = [&curves](const QString& name) {
        return std::any_of(curves.begin(), curves.end(),
                           [&](const GaitCurve& c) { return c.name == name.toStdString(); });
    };
    for (const GaitCurve& curve : curves) {
        const QString name = QString::fromStdString(curve.name), unit = QString::fromStdString(curve.unit);
        if (name.startsWith(QStringLiteral("right.")) || name.startsWith(QStringLiteral("left."))) continue;
        const Mirror mirror = mirrored(name);
        const bool paired = !mirror.other.isEmpty() && exists(mirror.other);
        if (paired && mirror.left) continue;  // listed with its right counterpart
        const QString label = paired ? QStringLiteral("%1 / %2 [%3]").arg(name, mirror.other, unit)
                                     : QStringLiteral("%1 [%2]").arg(name, unit);
        channel_->addItem(label, name);
    }
    const int at = channel_->findData(current);
    channel_->setCurrentIndex(at >= 0 ? at : 0);
}

// The curve drawn for a side: its own leg's force, its own side's joint when the
// recording has both sides' (the left cycles of knee_angle_r draw knee_angle_l).
QString GaitAnalysisDock::curveName(const QString& key, GaitSide side) const {
    if (key.startsWith(QStringLiteral("grf_"))) return side_text(side) + u'.' + key;
    const Mirror mirror = mirrored(key);
    if (side == GaitSide::Left && !mirror.left && !mirror.other.isEmpty())
        for (const GaitCurve& c : analysis_.side(side).curves)
            if (c.name == mirror.other.toStdString()) return mirror.other;
    return key;
}

const GaitCurve* GaitAnalysisDock::curve(GaitSide side) const {
    const std::string name = curveName(channel(), side).toStdString();
    for (const GaitCurve& c : analysis_.side(side).curves)
        if (c.name == name) return &c;
    return nullptr;
}

QString GaitAnalysisDock::channel() const { return channel_->currentData().toString(); }

QStringList GaitAnalysisDock::channelKeys() const {
    QStringList keys;
    for (int i = 0; i < channel_->count(); ++i) keys << channel_->itemData(i).toString();
    return keys;
}

bool GaitAnalysisDock::setChannel(const QString& key) {
    const int at = channel_->findData(key);
    if (at < 0) return false;
    channel_->setCurrentIndex(at);
    return true;
}

void GaitAnalysisDock::redraw() {
    chart_->removeAllSeries();
    low_ = std::numeric_limits<double>::infinity();
    high_ = -low_;
    if (hasResults())
        for (int layer = 0; layer < 3; ++layer)  // bands under the cycles under the means
            for (const GaitSide side : gait_sides)
                if (const GaitCurve* c = curve(side)) drawLayer(layer, side, *c);
    if (!(low_ <= high_)) low_ = 0, high_ = 1;
    y_->setTitleText(channel_->currentText());
    fitAxes();
    update_plot_legend(*chart_);
}

void GaitAnalysisDock::addLine(QLineSeries* series, const QPen& pen, const QString& name, bool in_legend) {
    series->setPen(pen);
    series->setName(name);
    chart_->addSeries(series);
    series->attachAxis(x_);
    series->attachAxis(y_);
    if (!in_legend) leave_out_of_plot_legend(*series);
    for (const QPointF& p : series->points()) low_ = std::min(low_, p.y()), high_ = std::max(high_, p.y());
}

// Layer 0: the band mean ± SD; 1: each cycle, thin; 2: the mean, bold.
void GaitAnalysisDock::drawLayer(int layer, GaitSide side, const GaitCurve& curve) {
    const QString name = side_text(side);
    if (layer == 0) {
        if (!all_finite(curve.sd) || curve.sd.size() != curve.mean.size()) return;
        auto* upper = new QLineSeries;
        auto* lower = new QLineSeries;
        upper->append(percent_points(curve.mean, 0, &curve.sd, 1));
        lower->append(percent_points(curve.mean, 0, &curve.sd, -1));
        auto* band = new QAreaSeries(upper, lower);
        upper->setParent(band);  // an area series does not own its lines
        lower->setParent(band);
        band->setName(tr("%1 ± SD").arg(name));
        band->setPen(Qt::NoPen);
        band->setBrush(side_color(side, band_alpha));
        chart_->addSeries(band);
        band->attachAxis(x_);
        band->attachAxis(y_);
        leave_out_of_plot_legend(*band);
        for (const QPointF& p : upper->points()) high_ = std::max(high_, p.y());
        for (const QPointF& p : lower->points()) low_ = std::min(low_, p.y());
    } else if (layer == 1) {
        for (size_t k = 0; k < curve.cycles.size(); ++k) {
            auto* line = new QLineSeries;
            line->append(percent_points(curve.cycles[k]));
            addLine(line, QPen(side_color(side, cycle_alpha), cycle_width), tr("%1 cycle %2").arg(name).arg(k + 1),
                    false);
        }
    } else {
        auto* line = new QLineSeries;
        line->append(percent_points(curve.mean));
        const QString label = curve.cycles.size() > 1
                                  ? tr("%1 mean ± SD (%2 cycles)").arg(name).arg(curve.cycles.size())
                                  : tr("%1 (1 cycle)").arg(name);
        addLine(line, QPen(side_color(side), mean_width), label, true);
    }
}

void GaitAnalysisDock::fitAxes() {
    const QRectF area = chart_->plotArea();
    const double width = area.width() > 10 ? area.width() : std::max(80, view_->width() - 200);
    const double height = area.height() > 10 ? area.height() : std::max(40, view_->height() - 60);
    fit_value_axis(*x_, 0, 100, tick_budget(width, across_tick_pixels, 10));
    fit_value_axis(*y_, low_, high_, tick_budget(height, up_tick_pixels, 8));
}

bool GaitAnalysisDock::eventFilter(QObject* watched, QEvent* event) {
    if (watched == view_ && event->type() == QEvent::Resize)
        QMetaObject::invokeMethod(
            this, [this] { fitAxes(); }, Qt::QueuedConnection);  // once laid out
    return QDockWidget::eventFilter(watched, event);
}

// A theme switch recolours the chart's series (theme.cpp keeps only the lines'
// colours): the band and the cycles' translucency are drawn again after it.
void GaitAnalysisDock::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange && hasResults())
        QMetaObject::invokeMethod(
            this, [this] { redraw(); }, Qt::QueuedConnection);
    QDockWidget::changeEvent(event);
}

bool GaitAnalysisDock::exportTo(const QString& path, QStringList* written, QString* error) {
    if (!hasResults()) {
        if (error) *error = tr("nothing analyzed to export");
        return false;
    }
    const QFileInfo info(path);
    QString stem = info.absoluteFilePath();
    if (info.suffix().compare(QStringLiteral("csv"), Qt::CaseInsensitive) == 0) stem.chop(4);
    const std::pair<QString, std::string> files[] = {
        {stem + QStringLiteral("_right.csv"), gait_normalized_csv(analysis_, GaitSide::Right)},
        {stem + QStringLiteral("_left.csv"), gait_normalized_csv(analysis_, GaitSide::Left)},
        {stem + QStringLiteral("_cycles.csv"), gait_cycles_csv(analysis_)},
    };
    for (const auto& [file, text] : files) {
        if (!write_text_file(file, QString::fromStdString(text), error)) return false;
        if (written) *written << file;
    }
    return true;
}

void GaitAnalysisDock::exportWithPrompt() {
    if (!export_prompt_ || !hasResults()) return;
    const QString path = export_prompt_(QStringLiteral("gait.csv"), tr("CSV files (*.csv)"));
    if (path.isEmpty()) return;
    QStringList written;
    QString error;
    if (exportTo(path, &written, &error))
        emit statusMessage(tr("Gait analysis written: %1").arg(written.join(QStringLiteral(", "))));
    else emit statusMessage(tr("Gait analysis not written: %1").arg(error));
}

GaitAnalysisDock* install_gait_analysis_dock(MainWindow* window) {
    auto* dock = new GaitAnalysisDock(window);
    window->addDock(dock, Qt::BottomDockWidgetArea);
    PlotDock* plots = window->simulationUi()->plotDock();
    window->tabifyDockWidget(plots, dock);
    plots->raise();
    dock->setRecordingSource([plots] { return GaitRows{plots->channels(), plots->recordedValues()}; });
    dock->setExportPathPrompt([window](const QString& suggested, const QString& filter) {
        const auto& prompt = window->prompts().export_path;
        return prompt ? prompt({QObject::tr("Export Gait Analysis"), suggested, filter}) : QString();
    });
    QObject::connect(dock, &GaitAnalysisDock::statusMessage, window,
                     [window](const QString& text) { window->statusBar()->showMessage(text, 10000); });
    // another file: the previous run's results go with its recording
    QObject::connect(window->document(), &Document::contentReplaced, dock, [dock] { dock->clearResults(); });
    return dock;
}

}  // namespace hfd::studio
