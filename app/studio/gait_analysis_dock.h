#pragma once
// Gait analysis of the run recorded in the Plots dock (engine/analysis/gait_cycles.h,
// docs/analyses.md "Gait analysis"): "Analyze" finds each leg's heel strikes and toe
// offs from its vertical ground force (a scenario run's <leg>.grf_y, a simulation's
// contact pair forces), the table lists the cycles with a mean ± SD row per side
// (GaitCycleTableModel), and the chart shows a channel (the vertical or forward
// ground force of the cycle's own leg, a joint angle or moment: the cycle's own
// side's, knee_angle_l over the left cycles, when both are recorded) over 0-100 % of
// the gait cycle: each cycle thin, the mean bold over a band of ± 1 SD, right and
// left in two colours. A recording the analysis refuses (no foot ground forces,
// fewer than 2 heel strikes on a side) shows the engine's message in place of the
// results. Export writes the normalized curves of each side and the cycles as CSV
// (the engine's writers, as `hfd analyze gait` does). The analysis runs on the GUI
// thread: a 20 s run of 1 ms rows takes a few milliseconds.
#include "analysis/gait_cycles.h"
#include "io/channels.h"

#include <QDockWidget>
#include <functional>
#include <string>
#include <vector>

class QChart;
class QChartView;
class QComboBox;
class QLabel;
class QLineSeries;
class QPen;
class QPushButton;
class QStackedWidget;
class QTableView;
class QValueAxis;

namespace hfd::studio {

class GaitCycleTableModel;

// A recording as the Plots dock holds it: its channels and rows of channels.size() values.
struct GaitRows {
    std::vector<Channel> channels;
    std::vector<double> values;
};

class GaitAnalysisDock : public QDockWidget {
    Q_OBJECT
public:
    explicit GaitAnalysisDock(QWidget* parent = nullptr);

    // Where Analyze takes the recording from (the Plots dock's).
    void setRecordingSource(std::function<GaitRows()> source);
    // Analyzes the source's recording; false (the message shown) when it cannot.
    bool analyze();
    bool analyzeRows(const GaitRows& rows);
    void clearResults(const QString& message = {});  // nothing analyzed (another file)

    // The chart's channel: a key of channelKeys() ("grf_y", "knee_angle_r").
    bool setChannel(const QString& key);
    QString channel() const;
    QStringList channelKeys() const;

    // <stem>_right.csv and <stem>_left.csv (the normalized curves, gait_normalized_csv)
    // and <stem>_cycles.csv (gait_cycles_csv) beside `path` (<stem>.csv); false with *error.
    bool exportTo(const QString& path, QStringList* written, QString* error);
    // Where Export asks for a file name (suggested name, filter); empty: cancelled.
    void setExportPathPrompt(std::function<QString(const QString& suggested, const QString& filter)> prompt);

    const GaitAnalysis& analysis() const { return analysis_; }
    bool hasResults() const { return analysis_.ok() && !analysis_.side(GaitSide::Right).cycles.empty(); }
    const GaitCycleTableModel* cycleTable() const { return table_model_; }
    double lastAnalysisMilliseconds() const { return analysis_ms_; }
    // The widgets: the buttons "analyze" and "export", the combo "channel", the labels
    // "gaitStatus" (summary) and "gaitMessage" (why there are no results), the table
    // "gaitCycles" and the chart view "gaitChart".

signals:
    void analyzed(bool ok);
    void statusMessage(const QString& text);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    QWidget* createResults(QWidget* parent);
    void showMessage(const QString& text);
    void showResults();
    void fillChannels();
    void redraw();
    void drawLayer(int layer, GaitSide side, const GaitCurve& curve);
    void addLine(QLineSeries* series, const QPen& pen, const QString& name, bool in_legend);
    void fitAxes();
    void exportWithPrompt();
    QString curveName(const QString& key, GaitSide side) const;
    const GaitCurve* curve(GaitSide side) const;

    std::function<GaitRows()> source_;
    std::function<QString(const QString&, const QString&)> export_prompt_;
    GaitAnalysis analysis_;
    double analysis_ms_ = 0;
    double low_ = 0, high_ = 1;  // of the drawn values
    GaitCycleTableModel* table_model_ = nullptr;
    QPushButton *analyze_ = nullptr, *export_ = nullptr;
    QComboBox* channel_ = nullptr;
    QLabel *status_ = nullptr, *message_ = nullptr;
    QStackedWidget* pages_ = nullptr;
    QTableView* table_ = nullptr;
    QChart* chart_ = nullptr;
    QChartView* view_ = nullptr;
    QValueAxis *x_ = nullptr, *y_ = nullptr;
};

class MainWindow;
// Adds the dock beside the plots (after Muscle Analysis); Analyze reads the Plots
// dock's recording, another file clears the results.
GaitAnalysisDock* install_gait_analysis_dock(MainWindow* window);

}  // namespace hfd::studio
