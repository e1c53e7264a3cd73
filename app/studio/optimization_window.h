#pragma once
// The Optimization window of the open scenario (SCONE's CmaOptimizer, engine/
// scenario/scenario_optimization.h): Start / Stop, the best and median of every
// generation on a live plot, the best parameters so far played in the 3D view
// while the run goes on, and a browser of the run folders under the output
// folder with their .par files (one loads and plays on a double click; Resume
// continues a stopped run from its folder, as hfd optimize --resume does).
//
// The optimization runs on its own thread and evaluates on the optimizer's own
// thread pool; its progress reaches the window as queued calls, so the studio
// stays responsive while every core evaluates. Stop sets the optimizer's stop
// flag: the generation under way ends, the best and the run's state are kept.
#include "scenario/scenario_optimization.h"

#include <QWidget>
#include <atomic>
#include <memory>

class QChart;
class QChartView;
class QCheckBox;
class QLabel;
class QLineEdit;
class QLineSeries;
class QPushButton;
class QSpinBox;
class QThread;
class QTreeWidget;
class QTreeWidgetItem;
class QValueAxis;

namespace hfd::studio {

class ScenarioSession;

class OptimizationWindow : public QWidget {
    Q_OBJECT
public:
    explicit OptimizationWindow(ScenarioSession* session, QWidget* parent = nullptr);
    ~OptimizationWindow() override;  // stops a run under way and waits for it

    // Starts optimizing the session's scenario; false (the reason in statusText()) when it cannot.
    bool start();
    // Continues the run in `run_folder` (ScenarioOptimization::resume, as hfd optimize
    // --resume) up to Max generations (0: the scenario's); the plot starts with its
    // history. Its bests play only when its scenario is the open one. False (the
    // reason in statusText()) when it cannot.
    bool resume(const QString& run_folder);
    void stop();
    bool isRunning() const { return thread_ != nullptr; }

    void setOutputDirectory(const QString& directory);
    QString outputDirectory() const;
    void setThreads(int threads);             // 0: one per hardware thread
    void setMaxGenerations(int generations);  // 0: the scenario's own
    void setPlayBest(bool play);              // play each new best .par while running

    QString statusText() const;
    QString runFolder() const { return folder_; }  // of the current or last run
    // The run folders under the output directory, newest first, with their .par files.
    QTreeWidget* resultsTree() const { return results_; }
    void refreshResults();
    // Loads a .par of the results into the scenario and plays it.
    bool loadResult(const QString& par_path);
    // Points of the progress plot (generation, value).
    QList<QPointF> bestPoints() const;
    QList<QPointF> medianPoints() const;
    // The progress chart (at least 380 x 260 px; round ticks fitted to the values, from 0
    // when none is negative; whole generations).
    QChart* progressChart() const;
    // Shows the generations of a run folder's history.csv on the progress chart (a
    // resumed run starts from them).
    void showRunHistory(const QString& run_folder);

signals:
    void progressed(int generation, double best, double median);
    void finished(bool ok);  // ok: every result file was written

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    struct Progress {
        OptimizationProgress progress;
        std::string best_par;  // newest .par written, after this generation
    };
    QWidget* createControls();
    QWidget* createChart();
    QWidget* createResults();
    ScenarioOptimizationOptions runOptions() const;
    bool begin(std::unique_ptr<ScenarioOptimization> optimization, const std::vector<Diagnostic>& diagnostics);
    void showHistory(const QString& run_folder);
    void clearChart();
    void fitChart();
    void onProgress(const Progress& progress);
    void onFinished(bool ok, const QString& error);
    void playNewestBest();
    void updateButtons();
    void joinThread();

    ScenarioSession* session_;
    QSpinBox *threads_ = nullptr, *max_generations_ = nullptr;
    QLineEdit* out_dir_ = nullptr;
    QCheckBox* play_best_ = nullptr;
    QPushButton *start_ = nullptr, *stop_ = nullptr;
    QLabel* status_ = nullptr;
    QLineSeries *best_series_ = nullptr, *median_series_ = nullptr;
    QValueAxis *x_axis_ = nullptr, *y_axis_ = nullptr;
    QChart* chart_ = nullptr;
    QChartView* view_ = nullptr;
    QTreeWidget* results_ = nullptr;
    QThread* thread_ = nullptr;
    std::unique_ptr<ScenarioOptimization> optimization_;
    std::atomic<bool> stop_flag_{false};
    QString folder_, best_par_, played_par_;
    bool plays_session_ = true;  // the run's scenario is the session's: its bests can play there
};

}  // namespace hfd::studio
