#include "optimization_window.h"

#include "chart_legend.h"
#include "nice_axis.h"
#include "scenario_session.h"

#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QDateTime>
#include <QEvent>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QThread>
#include <QScrollBar>
#include <QSet>
#include <QTreeWidget>
#include <QValueAxis>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace hfd::studio {

namespace {

constexpr int path_role = Qt::UserRole;

// The progress chart: room for its axis titles, tick labels and legend ("generation",
// "objective", "best", "median") whatever the splitter or window leaves it.
constexpr int chart_min_width = 380, chart_min_height = 260;

}  // namespace

OptimizationWindow::OptimizationWindow(ScenarioSession* session, QWidget* parent)
    : QWidget(parent, Qt::Window), session_(session) {
    setObjectName(QStringLiteral("OptimizationWindow"));
    setWindowTitle(tr("Optimization: %1").arg(QFileInfo(session_->path()).fileName()));
    resize(900, 600);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(createControls());
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(createChart());
    splitter->addWidget(createResults());
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 1);
    layout->addWidget(splitter, 1);
    connect(session_, &ScenarioSession::scenarioChanged, this, [this] {
        setWindowTitle(tr("Optimization: %1").arg(QFileInfo(session_->path()).fileName()));
        if (!isRunning())
            setOutputDirectory(QFileInfo(session_->path()).absoluteDir().filePath(QStringLiteral("results")));
    });
    // A best found while a watched run went on plays once that run ends.
    connect(session_->runner(), &ScenarioRunner::finished, this, [this] {
        if (best_par_ != played_par_) playNewestBest();
    });
    setOutputDirectory(QFileInfo(session_->path()).absoluteDir().filePath(QStringLiteral("results")));
    updateButtons();
}

OptimizationWindow::~OptimizationWindow() { joinThread(); }

QWidget* OptimizationWindow::createControls() {
    auto* box = new QWidget(this);
    auto* form = new QFormLayout(box);
    threads_ = new QSpinBox(box);
    threads_->setRange(0, 1024);
    threads_->setSpecialValueText(tr("all cores (%1)").arg(QThread::idealThreadCount()));
    max_generations_ = new QSpinBox(box);
    max_generations_->setRange(0, 100000000);
    max_generations_->setSpecialValueText(tr("the scenario's"));
    auto* out_row = new QHBoxLayout;
    out_dir_ = new QLineEdit(box);
    auto* browse = new QPushButton(tr("Browse..."), box);
    out_row->addWidget(out_dir_, 1);
    out_row->addWidget(browse);
    play_best_ = new QCheckBox(tr("Play each new best in the 3D view"), box);
    play_best_->setChecked(true);
    form->addRow(tr("Threads:"), threads_);
    form->addRow(tr("Max generations:"), max_generations_);
    form->addRow(tr("Results folder:"), out_row);
    form->addRow(play_best_);
    auto* buttons = new QHBoxLayout;
    start_ = new QPushButton(tr("Start"), box);
    start_->setObjectName(QStringLiteral("startOptimization"));
    stop_ = new QPushButton(tr("Stop"), box);
    stop_->setObjectName(QStringLiteral("stopOptimization"));
    stop_->setToolTip(tr("End the run after the generation under way; its best and state are kept"));
    status_ = new QLabel(box);
    status_->setObjectName(QStringLiteral("optimizationStatus"));
    buttons->addWidget(start_);
    buttons->addWidget(stop_);
    buttons->addWidget(status_, 1);
    form->addRow(buttons);
    connect(start_, &QPushButton::clicked, this, &OptimizationWindow::start);
    connect(stop_, &QPushButton::clicked, this, &OptimizationWindow::stop);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString directory = QFileDialog::getExistingDirectory(this, tr("Results Folder"), outputDirectory());
        if (!directory.isEmpty()) setOutputDirectory(directory);
    });
    connect(out_dir_, &QLineEdit::editingFinished, this, &OptimizationWindow::refreshResults);
    return box;
}

QWidget* OptimizationWindow::createChart() {
    chart_ = new QChart;
    chart_->setTitle(tr("Progress"));
    chart_->setMargins(QMargins(6, 6, 6, 6));
    chart_->setBackgroundRoundness(0);
    use_plot_legend(*chart_);  // at the right or under the plot, names whole (chart_legend.h)
    best_series_ = new QLineSeries(chart_);
    best_series_->setName(tr("best"));
    median_series_ = new QLineSeries(chart_);
    median_series_->setName(tr("median"));
    x_axis_ = new QValueAxis(chart_);
    x_axis_->setTitleText(tr("generation"));
    y_axis_ = new QValueAxis(chart_);
    y_axis_->setTitleText(tr("objective"));
    chart_->addAxis(x_axis_, Qt::AlignBottom);
    chart_->addAxis(y_axis_, Qt::AlignLeft);
    for (int s = 0; s < 2; ++s) {
        QLineSeries* series = s == 0 ? best_series_ : median_series_;
        chart_->addSeries(series);
        series->attachAxis(x_axis_);
        series->attachAxis(y_axis_);
        series->setPen(series_pen(s, 2));
    }
    update_plot_legend(*chart_);
    view_ = new QChartView(chart_, this);
    view_->setObjectName(QStringLiteral("optimizationProgress"));
    view_->setRenderHint(QPainter::Antialiasing);
    view_->setMinimumSize(chart_min_width, chart_min_height);
    view_->installEventFilter(this);  // resized: as many ticks as the new size has room for
    fitChart();
    return view_;
}

bool OptimizationWindow::eventFilter(QObject* watched, QEvent* event) {
    if (watched == view_ && event->type() == QEvent::Resize)
        QMetaObject::invokeMethod(this, &OptimizationWindow::fitChart, Qt::QueuedConnection);  // once laid out
    return QWidget::eventFilter(watched, event);
}

QWidget* OptimizationWindow::createResults() {
    auto* box = new QWidget(this);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    results_ = new QTreeWidget(box);
    results_->setObjectName(QStringLiteral("optimizationResults"));
    results_->setHeaderLabels({tr("Run / parameters")});
    results_->header()->setStretchLastSection(true);
    layout->addWidget(results_, 1);
    auto* buttons = new QHBoxLayout;
    auto* refresh = new QPushButton(tr("Refresh"), box);
    auto* load = new QPushButton(tr("Load and Play"), box);
    auto* resume_button = new QPushButton(tr("Resume"), box);
    resume_button->setObjectName(QStringLiteral("resumeOptimization"));
    resume_button->setToolTip(tr("Continue the selected run from its folder (its state), up to Max generations"));
    buttons->addWidget(refresh);
    buttons->addWidget(load);
    buttons->addWidget(resume_button);
    layout->addLayout(buttons);
    connect(refresh, &QPushButton::clicked, this, &OptimizationWindow::refreshResults);
    auto load_current = [this] {
        // A run folder loads its newest (best) .par.
        QTreeWidgetItem* item = results_->currentItem();
        if (item && item->childCount() > 0) item = item->child(item->childCount() - 1);
        if (item) loadResult(item->data(0, path_role).toString());
    };
    connect(load, &QPushButton::clicked, this, load_current);
    connect(resume_button, &QPushButton::clicked, this, [this] {
        QTreeWidgetItem* item = results_->currentItem();
        if (item && item->parent()) item = item->parent();  // a .par: its run
        if (!item) {
            status_->setText(tr("Select a run to resume"));
            return;
        }
        resume(item->data(0, path_role).toString());
    });
    connect(results_, &QTreeWidget::itemDoubleClicked, this, load_current);
    return box;
}

void OptimizationWindow::setOutputDirectory(const QString& directory) {
    out_dir_->setText(QDir::toNativeSeparators(directory));
    refreshResults();
}

QString OptimizationWindow::outputDirectory() const { return QDir::fromNativeSeparators(out_dir_->text()); }
void OptimizationWindow::setThreads(int threads) { threads_->setValue(threads); }
void OptimizationWindow::setMaxGenerations(int generations) { max_generations_->setValue(generations); }
void OptimizationWindow::setPlayBest(bool play) { play_best_->setChecked(play); }
QString OptimizationWindow::statusText() const { return status_->text(); }

// Run folders are named <YYMMDD.HHMMSS>.<scenario>: by name, newest first. The
// .par files inside are named by generation, so their order is the run's.
// The runs opened, the item chosen and the scroll position stay as they were (a run
// that stops lists its folder again).
void OptimizationWindow::refreshResults() {
    QSet<QString> expanded;
    for (int i = 0; i < results_->topLevelItemCount(); ++i)
        if (results_->topLevelItem(i)->isExpanded()) expanded.insert(results_->topLevelItem(i)->data(0, path_role).toString());
    const QString current = results_->currentItem() ? results_->currentItem()->data(0, path_role).toString() : QString();
    const int scrolled = results_->verticalScrollBar()->value();
    results_->clear();
    QDir directory(outputDirectory());
    if (outputDirectory().isEmpty() || !directory.exists()) return;
    QTreeWidgetItem* chosen = nullptr;
    QStringList runs = directory.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name | QDir::Reversed);
    for (const QString& run : runs) {
        QDir folder(directory.filePath(run));
        const QStringList pars = folder.entryList({QStringLiteral("*.par")}, QDir::Files, QDir::Name);
        if (pars.isEmpty() && !folder.exists(QStringLiteral("history.csv"))) continue;  // not a run folder
        auto* item = new QTreeWidgetItem(results_, {run});
        item->setData(0, path_role, folder.absolutePath());
        item->setToolTip(0, folder.absolutePath());
        if (folder.absolutePath() == current) chosen = item;
        for (const QString& par : pars) {
            auto* child = new QTreeWidgetItem(item, {par});
            child->setData(0, path_role, folder.absoluteFilePath(par));
            if (folder.absoluteFilePath(par) == current) chosen = child;
        }
        if (expanded.contains(folder.absolutePath())) item->setExpanded(true);
    }
    if (chosen) results_->setCurrentItem(chosen);
    results_->verticalScrollBar()->setValue(scrolled);
}

bool OptimizationWindow::loadResult(const QString& par_path) {
    if (!par_path.endsWith(QStringLiteral(".par"), Qt::CaseInsensitive)) return false;
    const bool ok = session_->loadParameters(par_path);
    status_->setText(ok ? tr("Playing %1").arg(QFileInfo(par_path).fileName())
                        : tr("%1 does not fit the scenario: see the Diagnostics").arg(QFileInfo(par_path).fileName()));
    return ok;
}

QList<QPointF> OptimizationWindow::bestPoints() const { return best_series_->points(); }
QList<QPointF> OptimizationWindow::medianPoints() const { return median_series_->points(); }

ScenarioOptimizationOptions OptimizationWindow::runOptions() const {
    ScenarioOptimizationOptions options;
    options.threads = threads_->value();
    if (max_generations_->value() > 0) options.max_generations = max_generations_->value();
    options.out_dir = QFile::encodeName(outputDirectory()).toStdString();
    return options;
}

bool OptimizationWindow::start() {
    if (isRunning()) return false;
    if (!session_->isOpen()) {
        status_->setText(tr("Open a scenario first"));
        return false;
    }
    std::vector<Diagnostic> diagnostics;
    std::unique_ptr<ScenarioOptimization> optimization =
        ScenarioOptimization::create(session_->scenario(), runOptions(), diagnostics);
    if (optimization) {
        QDir().mkpath(outputDirectory());
        clearChart();
        plays_session_ = true;
    }
    return begin(std::move(optimization), diagnostics);
}

bool OptimizationWindow::resume(const QString& run_folder) {
    if (isRunning()) return false;
    std::vector<Diagnostic> diagnostics;
    std::unique_ptr<ScenarioOptimization> optimization =
        ScenarioOptimization::resume(QFile::encodeName(run_folder).toStdString(), runOptions(), diagnostics);
    if (optimization) {
        clearChart();
        showHistory(run_folder);
        // A run of another scenario (or another version of it) would play its bests in the wrong model.
        const QString scenario = QFile::decodeName(optimization->scenario().file().c_str());
        plays_session_ = session_->isOpen() &&
                         QFileInfo(scenario).canonicalFilePath() == QFileInfo(session_->path()).canonicalFilePath();
    }
    return begin(std::move(optimization), diagnostics);
}

void OptimizationWindow::clearChart() {
    best_series_->clear();
    median_series_->clear();
    fitChart();
}

void OptimizationWindow::showRunHistory(const QString& run_folder) {
    clearChart();
    showHistory(run_folder);
}

// The generations run so far, from the folder's history.csv (generation,best,median,...).
void OptimizationWindow::showHistory(const QString& run_folder) {
    QFile file(QDir(run_folder).filePath(QStringLiteral("history.csv")));
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) return;
    file.readLine();  // the header
    while (!file.atEnd()) {
        const QList<QByteArray> fields = file.readLine().trimmed().split(',');
        if (fields.size() < 3) continue;
        bool ok_generation = false, ok_best = false, ok_median = false;
        const int generation = fields[0].toInt(&ok_generation);
        const double best = fields[1].toDouble(&ok_best), median = fields[2].toDouble(&ok_median);
        if (!ok_generation || !ok_best || !ok_median) continue;
        best_series_->append(generation, best);
        median_series_->append(generation, median);
    }
    fitChart();
}

// Both axes on round ticks: the generations run so far from 0 (whole numbers), the
// objective over the values shown, from 0 when none is negative (fitted_axis).
void OptimizationWindow::fitChart() {
    const QRectF area = chart_->plotArea();
    const double width = area.width() > 10 ? area.width() : std::max(100, view_->width() - 120);
    const double height = area.height() > 10 ? area.height() : std::max(60, view_->height() - 110);
    const QList<QPointF> best = best_series_->points(), median = median_series_->points();
    double low = 0, high = 1;  // nothing yet: 0..1
    y_range({&best, &median}, low, high);
    fit_value_axis(*y_axis_, low, high, tick_budget(height, up_tick_pixels, 8));
    double last = 1;
    for (const QList<QPointF>* points : {&best, &median})
        if (!points->isEmpty()) last = std::max(last, points->back().x());
    fit_value_axis(*x_axis_, 0, last, tick_budget(width, across_tick_pixels * 0.8), 1);
}

QChart* OptimizationWindow::progressChart() const { return chart_; }

bool OptimizationWindow::begin(std::unique_ptr<ScenarioOptimization> optimization,
                               const std::vector<Diagnostic>& diagnostics) {
    if (!optimization) {
        QStringList lines;
        for (const Diagnostic& diagnostic : diagnostics)
            if (diagnostic.severity == Severity::Error) lines << QString::fromStdString(format_diagnostic(diagnostic));
        status_->setText(tr("Cannot optimize: %1").arg(lines.join(QStringLiteral("; "))));
        return false;
    }
    optimization_ = std::move(optimization);
    best_par_.clear();
    played_par_.clear();
    folder_ = QString::fromStdString(optimization_->folder());  // empty until a new run makes its folder
    stop_flag_ = false;
    ScenarioOptimization* running = optimization_.get();
    running->on_progress([this, running](const OptimizationProgress& progress) {
        Progress posted{progress, running->best_par_file()};
        posted.progress.report.best_parameters = nullptr;  // valid only during the callback
        QMetaObject::invokeMethod(
            this, [this, posted] { onProgress(posted); }, Qt::QueuedConnection);
    });
    thread_ = QThread::create([this, running] {
        std::string error;
        const bool ok = running->run(&stop_flag_, &error);
        QMetaObject::invokeMethod(
            this, [this, ok, error = QString::fromStdString(error)] { onFinished(ok, error); }, Qt::QueuedConnection);
    });
    thread_->setObjectName(QStringLiteral("optimization"));
    thread_->start();
    status_->setText(
        folder_.isEmpty()
            ? tr("Starting: generation 1 of %1").arg(running->settings().max_generations)
            : tr("Resuming %1 up to generation %2%3")
                  .arg(QFileInfo(folder_).fileName())
                  .arg(running->settings().max_generations)
                  .arg(plays_session_ ? QString() : tr(" (not the open scenario: its bests do not play)")));
    updateButtons();
    return true;
}

void OptimizationWindow::stop() {
    if (!isRunning()) return;
    stop_flag_ = true;
    status_->setText(tr("Stopping after the generation under way..."));
}

void OptimizationWindow::joinThread() {
    if (!thread_) return;
    stop_flag_ = true;
    thread_->wait();
    delete thread_;
    thread_ = nullptr;
}

void OptimizationWindow::onProgress(const Progress& posted) {
    const OptimizationProgress& progress = posted.progress;
    const int generation = progress.report.generation;
    best_series_->append(generation, progress.best);
    median_series_->append(generation, progress.median);
    fitChart();
    const double per_generation = generation > 0 ? progress.seconds / generation : 0;
    status_->setText(tr("generation %1 of %2: best %3, median %4, %5 evaluations/s, %6 s left")
                         .arg(generation)
                         .arg(progress.max_generations)
                         .arg(progress.best, 0, 'g', 6)
                         .arg(progress.median, 0, 'g', 6)
                         .arg(progress.report.evaluations_per_second, 0, 'f', 1)
                         .arg(per_generation * std::max(0, progress.max_generations - generation), 0, 'f', 0));
    if (folder_.isEmpty() && optimization_) folder_ = QString::fromStdString(optimization_->folder());
    if (!posted.best_par.empty() && QString::fromStdString(posted.best_par) != best_par_) {
        best_par_ = QString::fromStdString(posted.best_par);
        refreshResults();
        if (play_best_->isChecked() && !session_->runner()->isRunning()) playNewestBest();
    }
    emit progressed(generation, progress.best, progress.median);
}

void OptimizationWindow::playNewestBest() {
    if (best_par_.isEmpty() || !play_best_->isChecked() || !isRunning() || !plays_session_) return;
    played_par_ = best_par_;
    session_->loadParameters(best_par_);
}

void OptimizationWindow::onFinished(bool ok, const QString& error) {
    joinThread();
    const OptimizationResult& result = optimization_->result();
    folder_ = QString::fromStdString(optimization_->folder());
    status_->setText(ok ? tr("%1 after %2 generations, %3 evaluations: best %4 (generation %5)")
                              .arg(QString::fromUtf8(stop_reason_text(result.reason)))
                              .arg(result.generations)
                              .arg(result.evaluations)
                              .arg(optimization_->best_value(), 0, 'g', 8)
                              .arg(result.best_generation)
                        : tr("Results could not be written: %1").arg(error));
    refreshResults();
    updateButtons();
    emit finished(ok);
}

void OptimizationWindow::updateButtons() {
    start_->setEnabled(!isRunning());
    stop_->setEnabled(isRunning());
    threads_->setEnabled(!isRunning());
    max_generations_->setEnabled(!isRunning());
    out_dir_->setEnabled(!isRunning());
}

}  // namespace hfd::studio
