#include "muscle_analysis_dock.h"

#include "chart_legend.h"
#include "document.h"
#include "main_window.h"
#include "nice_axis.h"
#include "plot_dock.h"
#include "simulation_controller.h"
#include "simulation_ui.h"

#include "format/parser.h"
#include "model/build_model.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QGraphicsLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegendMarker>
#include <QLineEdit>
#include <QLineSeries>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QMouseEvent>
#include <QPainter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QBuffer>
#include <QPushButton>
#include <QSlider>
#include <QSplitter>
#include <QTextDocument>
#include <QTimer>
#include <QValueAxis>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <numbers>

namespace hfd::studio {

namespace {

constexpr int sweep_points = 60;
constexpr int default_picked = 6;  // muscles picked when none of a coordinate's is

std::vector<QPointF> points_of(const std::vector<double>& x, const std::vector<double>& y) {
    std::vector<QPointF> points;
    for (size_t k = 0; k < x.size() && k < y.size(); ++k) points.emplace_back(x[k], y[k]);
    return points;
}

}  // namespace

MuscleAnalysisDock::MuscleAnalysisDock(QWidget* parent) : QDockWidget(tr("Muscle Analysis"), parent) {
    setObjectName(QStringLiteral("MuscleAnalysisDock"));
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(createPicker());
    chart_ = new QChart;
    chart_->setMargins(QMargins(4, 4, 4, 4));
    chart_->layout()->setContentsMargins(0, 0, 0, 0);
    chart_->setBackgroundRoundness(0);
    use_plot_legend(*chart_);  // at the right or under the plot, names whole (chart_legend.h)
    x_ = new QValueAxis(chart_);
    y_ = new QValueAxis(chart_);
    for (QValueAxis* axis : {x_, y_}) apply_axis(*axis, fitted_axis(0, 1, 4));
    chart_->addAxis(x_, Qt::AlignBottom);
    chart_->addAxis(y_, Qt::AlignLeft);
    cursor_ = new QLineSeries(chart_);
    cursor_->setColor(Qt::gray);
    chart_->addSeries(cursor_);
    cursor_->attachAxis(x_);
    cursor_->attachAxis(y_);
    leave_out_of_plot_legend(*cursor_);
    view_ = new QChartView(chart_, splitter);
    view_->setObjectName(QStringLiteral("muscleChart"));
    view_->setMinimumHeight(120);
    view_->setToolTip(tr("Click to move the model to that coordinate value"));
    view_->viewport()->installEventFilter(this);
    view_->installEventFilter(this);  // resized: as many ticks as the new size has room for
    splitter->addWidget(view_);
    splitter->setStretchFactor(1, 1);
    setWidget(splitter);

    edit_timer_ = new QTimer(this);
    edit_timer_->setSingleShot(true);
    edit_timer_->setInterval(edit_pause_ms);
    connect(edit_timer_, &QTimer::timeout, this, [this] {
        if (isVisible()) setModelText(pending_text_, pending_file_);
        else stale_ = true;
    });
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (!visible || !stale_) return;
        stale_ = false;
        if (!pending_text_.isEmpty()) setModelText(pending_text_, pending_file_);
        else recompute();
    });
}

QWidget* MuscleAnalysisDock::createPicker() {
    auto* box = new QWidget(this);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    coordinate_ = new QComboBox(box);
    coordinate_->setObjectName(QStringLiteral("coordinate"));
    coordinate_->setToolTip(tr("The coordinate swept over its range; the others stay at the current pose"));
    quantity_ = new QComboBox(box);
    quantity_->setObjectName(QStringLiteral("quantity"));
    quantity_->addItem(tr("Moment arm [cm]"), int(Quantity::MomentArm));
    quantity_->addItem(tr("Muscle-tendon length [m]"), int(Quantity::Length));
    quantity_->addItem(tr("Fiber length [m]"), int(Quantity::FiberLength));
    quantity_->addItem(tr("Tendon force [N]"), int(Quantity::TendonForce));
    quantity_->addItem(tr("Joint moment [Nm]"), int(Quantity::Moment));
    search_ = new QLineEdit(box);
    search_->setObjectName(QStringLiteral("muscleSearch"));
    search_->setPlaceholderText(tr("Search muscles"));
    search_->setClearButtonEnabled(true);
    muscles_ = new QListWidget(box);
    muscles_->setObjectName(QStringLiteral("muscles"));
    lock_ = new QPushButton(tr("Lock"), box);
    lock_->setObjectName(QStringLiteral("lockCurves"));
    lock_->setToolTip(tr("Keep the curves, dashed, to compare with the next edits"));
    unlock_ = new QPushButton(tr("Unlock"), box);
    unlock_->setObjectName(QStringLiteral("unlockCurves"));
    unlock_->setEnabled(false);
    auto* export_button = new QPushButton(tr("Export..."), box);
    export_button->setToolTip(tr("Save the chart as PNG or SVG, or every quantity of the picked muscles as CSV"));
    status_ = new QLabel(box);
    status_->setObjectName(QStringLiteral("muscleStatus"));
    status_->setWordWrap(true);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(lock_);
    buttons->addWidget(unlock_);
    buttons->addWidget(export_button);
    layout->addWidget(coordinate_);
    layout->addWidget(quantity_);
    layout->addWidget(search_);
    layout->addWidget(muscles_, 1);
    layout->addLayout(buttons);
    layout->addWidget(status_);

    connect(coordinate_, &QComboBox::currentIndexChanged, this, [this] {
        if (!updating_lists_) recompute();
    });
    connect(quantity_, &QComboBox::currentIndexChanged, this, &MuscleAnalysisDock::redraw);
    connect(search_, &QLineEdit::textChanged, this, &MuscleAnalysisDock::setSearch);
    connect(muscles_, &QListWidget::itemChanged, this, [this](QListWidgetItem* item) {
        if (updating_lists_) return;
        if (item->checkState() == Qt::Checked) checked_.insert(item->text());
        else checked_.remove(item->text());
        redraw();
    });
    connect(lock_, &QPushButton::clicked, this, &MuscleAnalysisDock::lockCurves);
    connect(unlock_, &QPushButton::clicked, this, &MuscleAnalysisDock::unlockCurves);
    connect(export_button, &QPushButton::clicked, this, [this] {
        if (!export_prompt_) return;
        const QString path = export_prompt_(QStringLiteral("muscles_%1.png").arg(coordinate()),
                                            tr("PNG image (*.png);;SVG image (*.svg);;CSV data (*.csv)"));
        if (path.isEmpty()) return;
        QString error;
        if (!exportTo(path, &error)) QMessageBox::warning(this, tr("Export Muscle Analysis"), error);
    });
    return box;
}

void MuscleAnalysisDock::setExportPathPrompt(std::function<QString(const QString&, const QString&)> prompt) {
    export_prompt_ = std::move(prompt);
}

void MuscleAnalysisDock::setModel(std::shared_ptr<const Model> model, std::shared_ptr<const MuscleFiberModel> fiber) {
    model_ = std::move(model);
    fiber_ = std::move(fiber);
    if (model_ && pose_.value.size() != model_->dofs.size()) pose_ = default_dof_assignment(*model_);
    rebuildLists();
    recompute();
}

bool MuscleAnalysisDock::setModelText(const QString& text, const QString& file_name) {
    const std::string file = file_name.toStdString();
    const ParseResult parsed = parse_text(text.toStdString(), file);
    if (!parsed.ok()) return false;
    BuildResult built = build_model(parsed.root, file);
    if (!built.ok()) return false;
    std::vector<Diagnostic> ignored;  // the editor reports them
    const SimConfig config = read_sim_config(parsed.root, file, ignored);
    setModel(std::make_shared<const Model>(std::move(*built.model)), muscle_fiber_model(config));
    return true;
}

void MuscleAnalysisDock::scheduleModelText(const QString& text, const QString& file_name) {
    pending_text_ = text;
    pending_file_ = file_name;
    edit_timer_->start();
}

void MuscleAnalysisDock::setPose(const DofAssignment& pose) {
    if (!model_ || pose.value.size() != model_->dofs.size()) return;
    const int swept = coordinate_->currentIndex();
    bool others_moved = pose_.value.size() != pose.value.size();
    for (size_t d = 0; d < pose.value.size() && !others_moved; ++d)
        others_moved = int(d) != swept && pose.value[d] != pose_.value[d];
    pose_ = pose;
    if (!others_moved) return updateCursor();
    if (isVisible()) recompute();
    else stale_ = true;
}

void MuscleAnalysisDock::setPoseSnapshot(const PoseSnapshot& pose) {
    if (!model_ || pose.body_pos.size() != model_->bodies.size() || pose.body_ori.size() != model_->bodies.size())
        return;
    State state;
    state.pos = pose.body_pos;
    state.ori = pose.body_ori;
    state.lin_vel.assign(pose.body_pos.size(), Vec3::Zero());
    state.ang_vel.assign(pose.body_pos.size(), Vec3::Zero());
    CoordinateValues values = coordinate_values(*model_, state);
    setPose({std::move(values.value), std::vector<double>(model_->dofs.size(), 0.0)});
}

bool MuscleAnalysisDock::setCoordinate(const QString& dof_name) {
    const int index = coordinate_->findText(dof_name);
    if (index < 0) return false;
    coordinate_->setCurrentIndex(index);
    return true;
}

QString MuscleAnalysisDock::coordinate() const { return coordinate_->currentText(); }

void MuscleAnalysisDock::setMuscleChecked(const QString& muscle_name, bool checked) {
    if (checked) checked_.insert(muscle_name);
    else checked_.remove(muscle_name);
    const QList<QListWidgetItem*> items = muscles_->findItems(muscle_name, Qt::MatchExactly);
    if (!items.isEmpty()) items.first()->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
    else redraw();
}

QStringList MuscleAnalysisDock::checkedMuscles() const {
    QStringList names;
    for (int i = 0; i < muscles_->count(); ++i)
        if (muscles_->item(i)->checkState() == Qt::Checked) names << muscles_->item(i)->text();
    return names;
}

void MuscleAnalysisDock::setSearch(const QString& text) {
    if (search_->text() != text) search_->setText(text);  // comes back here through textChanged
    for (int i = 0; i < muscles_->count(); ++i) {
        QListWidgetItem* item = muscles_->item(i);
        item->setHidden(!text.isEmpty() && !item->text().contains(text, Qt::CaseInsensitive));
    }
}

void MuscleAnalysisDock::setQuantity(Quantity quantity) {
    quantity_->setCurrentIndex(quantity_->findData(int(quantity)));
}

void MuscleAnalysisDock::setActivation(double activation) {
    activation_ = std::clamp(activation, 0.0, 1.0);
    recompute();
}

void MuscleAnalysisDock::lockCurves() {
    if (!model_ || sweep_.dof == no_index) return;
    LockedCurves locked{coordinate(), sweep_.coordinate, {}};
    for (const MuscleCurves& c : sweep_.muscles) {
        const QString name = QString::fromStdString(model_->muscles[c.muscle].name);
        if (checked_.contains(name)) locked.muscles.emplace_back(name, c);
    }
    locked_ = std::move(locked);
    unlock_->setEnabled(true);
    redraw();
}

void MuscleAnalysisDock::unlockCurves() {
    locked_.reset();
    unlock_->setEnabled(false);
    redraw();
}

// The coordinates of the model in the combo box and the muscles crossing the
// chosen one in the list (checked as before by name).
void MuscleAnalysisDock::rebuildLists() {
    updating_lists_ = true;
    const QString current = coordinate_->currentText();
    coordinate_->clear();
    if (model_)
        for (const Dof& dof : model_->dofs) coordinate_->addItem(QString::fromStdString(dof.name));
    int index = coordinate_->findText(current);
    if (index < 0 && model_) {  // the first dof of a joint that a muscle crosses
        for (Index d = 0; d < Index(model_->dofs.size()) && index < 0; ++d)
            for (Index m = 0; m < Index(model_->muscles.size()) && index < 0; ++m)
                if (muscle_spans_dof(*model_, m, d)) index = int(d);
    }
    coordinate_->setCurrentIndex(std::max(index, 0));
    updating_lists_ = false;
}

void MuscleAnalysisDock::recompute() {
    const int dof = coordinate_->currentIndex();
    if (!model_ || dof < 0 || dof >= int(model_->dofs.size())) {
        sweep_ = {};
        muscles_->clear();
        redraw();
        return;
    }
    QElapsedTimer timer;
    timer.start();
    MuscleSweepOptions options;
    options.dof = dof;
    options.points = sweep_points;
    options.activation = activation_;
    options.fiber = fiber_;
    State pose = initial_state(*model_);
    apply_dofs(*model_, pose_, pose);
    sweep_ = sweep_muscles(*model_, pose, options);
    sweep_ms_ = double(timer.nsecsElapsed()) * 1e-6;

    updating_lists_ = true;
    muscles_->clear();
    bool any_checked = false;
    for (const MuscleCurves& c : sweep_.muscles)
        any_checked = any_checked || checked_.contains(QString::fromStdString(model_->muscles[c.muscle].name));
    for (const MuscleCurves& c : sweep_.muscles) {
        const QString name = QString::fromStdString(model_->muscles[c.muscle].name);
        if (!any_checked && muscles_->count() < default_picked) checked_.insert(name);
        auto* item = new QListWidgetItem(name, muscles_);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(checked_.contains(name) ? Qt::Checked : Qt::Unchecked);
    }
    updating_lists_ = false;
    setSearch(search_->text());
    status_->setText(
        tr("%1 muscles cross %2; sweep %3 ms").arg(sweep_.muscles.size()).arg(coordinate()).arg(sweep_ms_, 0, 'f', 1));
    redraw();
}

double MuscleAnalysisDock::displayScale() const {
    if (!model_ || sweep_.dof == no_index) return 1;
    return model_->dofs[sweep_.dof].kind == Dof::Kind::RootTranslation ? 1.0 : 180.0 / std::numbers::pi;
}

QString MuscleAnalysisDock::quantityLabel() const { return quantity_->currentText(); }

std::vector<double> MuscleAnalysisDock::values(const MuscleCurves& c) const {
    switch (Quantity(quantity_->currentData().toInt())) {
        case Quantity::MomentArm: {
            std::vector<double> cm = c.moment_arm;
            for (double& v : cm) v *= 100;
            return cm;
        }
        case Quantity::Length: return c.length;
        case Quantity::FiberLength: return c.fiber_length;
        case Quantity::TendonForce: return c.tendon_force;
        case Quantity::Moment: return c.moment;
    }
    return {};
}

PlotData MuscleAnalysisDock::plotData() const {
    PlotData plot;
    const double scale = displayScale();
    plot.x_label = coordinate() + (scale == 1 ? QStringLiteral(" [m]") : QStringLiteral(" [deg]"));
    auto scaled = [scale](std::vector<double> x) {
        for (double& v : x) v *= scale;
        return x;
    };
    // a muscle's curve and its locked one in the muscle's colour, the locked one dashed
    auto pen = [this](const QString& name, bool locked) {
        QPen pen = series_pen(colorSlot(name), curve_width);
        if (locked) pen.setStyle(Qt::DashLine);
        return pen;
    };
    if (locked_ && locked_->coordinate == coordinate())
        for (const auto& [name, curves] : locked_->muscles)
            if (checked_.contains(name))
                plot.series.push_back({name + tr(" (locked)"), points_of(scaled(locked_->values), values(curves)), true,
                                       pen(name, true)});
    if (model_)
        for (const MuscleCurves& c : sweep_.muscles) {
            const QString name = QString::fromStdString(model_->muscles[c.muscle].name);
            if (checked_.contains(name))
                plot.series.push_back({name, points_of(scaled(sweep_.coordinate), values(c)), false, pen(name, false)});
        }
    double low = INFINITY, high = -INFINITY;
    for (const PlotSeriesData& s : plot.series)
        for (const QPointF& p : s.points)
            if (std::isfinite(p.y())) low = std::min(low, p.y()), high = std::max(high, p.y());
    const FittedAxis y = std::isfinite(low) ? fitted_axis(low, high, valueTickBudget()) : FittedAxis{};
    plot.y_min = y.min, plot.y_max = y.max;
    if (!sweep_.coordinate.empty())
        plot.x_min = sweep_.coordinate.front() * scale, plot.x_max = sweep_.coordinate.back() * scale;
    return plot;
}

// Slots of the palette (series_pen) by muscle: a muscle keeps its slot while its curve
// is drawn, a newly drawn one takes the lowest free slot, so a curve never changes
// colour when another muscle is picked or dropped.
void MuscleAnalysisDock::assignColors() {
    QStringList shown;  // in the order they are drawn
    if (locked_ && locked_->coordinate == coordinate())
        for (const auto& [name, curves] : locked_->muscles)
            if (checked_.contains(name)) shown << name;
    if (model_)
        for (const MuscleCurves& c : sweep_.muscles)
            if (const QString name = QString::fromStdString(model_->muscles[c.muscle].name); checked_.contains(name))
                shown << name;
    for (auto slot = color_slots_.begin(); slot != color_slots_.end();)
        slot = shown.contains(slot.key()) ? std::next(slot) : color_slots_.erase(slot);
    for (const QString& name : shown) {
        if (color_slots_.contains(name)) continue;
        const QList<int> taken = color_slots_.values();
        int free = 0;
        while (taken.contains(free)) ++free;
        color_slots_.insert(name, free);
    }
}

int MuscleAnalysisDock::colorSlot(const QString& muscle) const { return color_slots_.value(muscle, 0); }

int MuscleAnalysisDock::valueTickBudget() const {
    const QRectF area = chart_->plotArea();
    const double height = area.height() > 10 ? area.height() : std::max(40, view_->height() - 60);
    return tick_budget(height, up_tick_pixels, 8);
}

// Round ticks for the chart's size: the coordinate's range exactly, the values' rounded out.
void MuscleAnalysisDock::fitAxes() {
    const QRectF area = chart_->plotArea();
    const double width = area.width() > 10 ? area.width() : std::max(80, view_->width() - 200);
    const double scale = displayScale();
    if (!sweep_.coordinate.empty())
        fit_span_axis(*x_, sweep_.coordinate.front() * scale, sweep_.coordinate.back() * scale,
                      tick_budget(width, across_tick_pixels));
    QList<QPointF> points;  // of every curve
    for (QAbstractSeries* series : chart_->series())
        if (auto* line = qobject_cast<QLineSeries*>(series); line && series != cursor_) points += line->points();
    double low = 0, high = 1;  // no curve: 0..1
    y_range({&points}, low, high);
    fit_value_axis(*y_, low, high, valueTickBudget());
    updateCursor();
}

void MuscleAnalysisDock::redraw() {
    for (QAbstractSeries* series : chart_->series())
        if (series != cursor_) {
            chart_->removeSeries(series);
            delete series;
        }
    assignColors();
    const PlotData plot = plotData();
    for (const PlotSeriesData& data : plot.series) {
        auto* series = new QLineSeries(chart_);
        series->setName(data.label);
        QList<QPointF> points(data.points.begin(), data.points.end());
        series->replace(points);
        chart_->addSeries(series);
        series->attachAxis(x_);
        series->attachAxis(y_);
        series->setPen(data.pen);
    }
    x_->setTitleText(plot.x_label);
    y_->setTitleText(quantityLabel());
    update_plot_legend(*chart_);
    fitAxes();
    emit curvesUpdated();
}

double MuscleAnalysisDock::cursorValue() const {
    const int dof = coordinate_->currentIndex();
    return dof >= 0 && size_t(dof) < pose_.value.size() ? pose_.value[dof] : 0.0;
}

void MuscleAnalysisDock::updateCursor() {
    const double x = cursorValue() * displayScale();
    cursor_->replace({QPointF(x, y_->min()), QPointF(x, y_->max())});
}

void MuscleAnalysisDock::requestPoseAt(double coordinate_value) {
    const int dof = coordinate_->currentIndex();
    if (!model_ || dof < 0 || size_t(dof) >= pose_.value.size()) return;
    const Dof& d = model_->dofs[dof];
    pose_.value[dof] = std::clamp(coordinate_value, d.range_min, d.range_max);
    updateCursor();
    emit poseRequested(dof, pose_.value[dof]);
}

bool MuscleAnalysisDock::eventFilter(QObject* watched, QEvent* event) {
    if (watched == view_ && event->type() == QEvent::Resize) {
        QMetaObject::invokeMethod(this, &MuscleAnalysisDock::fitAxes, Qt::QueuedConnection);  // once laid out
        return false;
    }
    if (watched == view_->viewport() && event->type() == QEvent::MouseButtonPress) {
        const auto* mouse = static_cast<QMouseEvent*>(event);
        if (mouse->button() == Qt::LeftButton && chart_->plotArea().contains(mouse->position())) {
            requestPoseAt(chart_->mapToValue(mouse->position(), cursor_).x() / displayScale());
            return true;
        }
    }
    return QDockWidget::eventFilter(watched, event);
}

bool MuscleAnalysisDock::exportTo(const QString& path, QString* error) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("csv")) {
        if (!model_ || sweep_.dof == no_index) {
            if (error) *error = tr("no curves to export");
            return false;
        }
        MuscleSweep picked = sweep_;
        std::erase_if(picked.muscles, [this](const MuscleCurves& c) {
            return !checked_.contains(QString::fromStdString(model_->muscles[c.muscle].name));
        });
        return write_text_file(path, QString::fromStdString(muscle_sweep_csv(*model_, picked)), error);
    }
    if (suffix == QLatin1String("svg") || suffix == QLatin1String("png")) {
        if (!view_->isVisible()) view_->resize(800, 400);  // a hidden chart has no size of its own
        view_->grab();                                     // the chart takes the view's size
        // laid out now (legend, plot area) with the ticks for that size, not at the next event
        for (int pass = 0; pass < 2; ++pass) {
            chart_->layout()->invalidate();
            chart_->layout()->activate();
            fitAxes();
        }
        const QImage image = view_->grab().toImage();
        QByteArray bytes;
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        bool drawn = false;
        if (suffix == QLatin1String("png")) {
            drawn = image.save(&buffer, "PNG");
        } else {  // the chart painted as on screen, as vectors
            const QRectF area(chart_->pos(), chart_->size());
            QSvgGenerator svg;
            svg.setOutputDevice(&buffer);
            svg.setResolution(96);
            svg.setSize(area.size().toSize());
            svg.setViewBox(QRectF(QPointF(0, 0), area.size()));
            svg.setTitle(tr("Muscle Analysis: %1").arg(coordinate()));
            QPainter painter(&svg);
            drawn = painter.isActive();
            if (drawn) {
                painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
                painter.fillRect(QRectF(QPointF(0, 0), area.size()), chart_->backgroundBrush());
                chart_->scene()->render(&painter, QRectF(QPointF(0, 0), area.size()), area);
            }
        }
        buffer.close();
        QSaveFile file(path);
        if (drawn && file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.commit()) return true;
        if (error) *error = tr("cannot write %1").arg(path);
        return false;
    }
    if (error) *error = tr("%1: export as .png, .svg or .csv").arg(path);
    return false;
}

MuscleAnalysisDock* install_muscle_analysis_dock(MainWindow* window) {
    auto* dock = new MuscleAnalysisDock(window);
    window->addDock(dock, Qt::BottomDockWidgetArea);
    PlotDock* plots = window->simulationUi()->plotDock();
    window->tabifyDockWidget(plots, dock);
    plots->raise();
    dock->setExportPathPrompt([window](const QString& suggested, const QString& filter) {
        const auto& prompt = window->prompts().export_path;
        return prompt ? prompt({QObject::tr("Export Muscle Analysis"), suggested, filter}) : QString();
    });
    Document* document = window->document();
    auto file_name = [document] { return document->isUntitled() ? document->suggestedPath() : document->path(); };
    QObject::connect(document->textDocument(), &QTextDocument::contentsChanged, dock,
                     [dock, document, file_name] { dock->scheduleModelText(document->text(), file_name()); });
    dock->scheduleModelText(document->text(), file_name());
    QObject::connect(window->simulationUi()->controller(), &SimulationController::frameReceived, dock,
                     [dock](const SimulationFrame& frame) { dock->setPoseSnapshot(frame.pose); });
    QObject::connect(plots, &PlotDock::poseRequested, dock, &MuscleAnalysisDock::setPoseSnapshot);
    // a click moves the Controls dock's slider of the coordinate, which poses the model
    QObject::connect(dock, &MuscleAnalysisDock::poseRequested, window, [window, dock](int dof, double value) {
        const Model* model = dock->model();
        if (!model || dof >= int(model->dofs.size())) return;
        const Dof& d = model->dofs[dof];
        auto* slider = window->findChild<QSlider*>(QStringLiteral("dof_") + QString::fromStdString(d.name));
        if (!slider || !(d.range_max > d.range_min)) return;
        const double fraction = (value - d.range_min) / (d.range_max - d.range_min);
        slider->setValue(slider->minimum() + int(std::lround(fraction * (slider->maximum() - slider->minimum()))));
    });
    return dock;
}

}  // namespace hfd::studio
