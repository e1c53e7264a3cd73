#pragma once
// Induced accelerations of the recorded run (engine/analysis, docs/analyses.md):
// "Analyze" runs the induced acceleration analysis on every recorded row with
// the chosen contact constraint; the chart shows, for a chosen output (a dof,
// the centre of mass, a contact reaction), the accelerations induced by the
// largest contributors over time, as lines or stacked (cumulative), with the
// total and the forward simulation's value; the table lists every contributor
// at the scrubbed time. Below it, the recording's dynamic consistency: the
// implicit residual force and torque per body at the scrubbed time
// (analysis/recording_residual.h), zero where the recorded motion obeys the model.
// Frames where the analysis' constraint model does not hold (InducedValidity)
// are shaded on the chart and their contributions are not drawn (the lines
// break there; forward is drawn throughout); the status line warns how many and
// where, a second line gives the scrubbed frame's verdict and reason, and the
// table shows no values for an invalid frame.
#include "analysis/induced_series.h"
#include "analysis/recording_residual.h"
#include "simulation_controller.h"

#include <QDockWidget>

class QChart;
class QChartView;
class QComboBox;
class QLabel;
class QLineSeries;
class QPushButton;
class QTableWidget;
class QValueAxis;

namespace hfd::studio {

class InducedDock : public QDockWidget {
    Q_OBJECT
public:
    explicit InducedDock(QWidget* parent = nullptr);

    // The model and config the analysis uses (the document's latest).
    void setModel(std::shared_ptr<const Model> model, const SimConfig& config);
    void setModel(const Model& model, const SimConfig& config) {
        setModel(std::make_shared<const Model>(model), config);
    }
    void setLayout(const RecordingLayout& layout);
    void addFrame(const SimulationFrame& frame);
    void setCursorTime(double time);

    // Runs the analysis on the recording; false (with a message) when it cannot.
    bool analyze();
    // Its choices are the combo boxes constraint (ContactConstraint as item data),
    // output and style (lines, stacked); it shows its outcome in the label
    // analysisStatus, the scrubbed frame's verdict in the label frameValidity, and
    // the tables contributions (contributor, value at the cursor) and residuals
    // (body, force [N], torque [Nm] at the cursor).
    const InducedSeries& series() const { return series_; }

signals:
    void statusMessage(const QString& text);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void redraw();
    // Round ticks for the chart's size; `follow`: the shading and cursor to the new range.
    void fitAxes(bool follow);
    void updateTable();
    void updateResidualTable();
    size_t cursorFrame() const;

    std::shared_ptr<const Model> model_;  // null: none to analyze
    SimConfig config_;
    std::vector<std::string> channel_names_;
    std::vector<double> rows_;
    InducedSeries series_;
    double cursor_time_ = 0;
    double data_low_ = 0, data_high_ = 0;  // of the drawn values, 0 included
    QPushButton* analyze_ = nullptr;
    QComboBox* constraint_ = nullptr;
    QComboBox* output_ = nullptr;
    QComboBox* style_ = nullptr;
    QLabel* status_ = nullptr;
    QLabel* frame_status_ = nullptr;
    QChart* chart_ = nullptr;
    QChartView* view_ = nullptr;
    QValueAxis *x_ = nullptr, *y_ = nullptr;
    QLineSeries* cursor_ = nullptr;
    QTableWidget* table_ = nullptr;
    QTableWidget* residual_table_ = nullptr;
    std::vector<std::vector<BodyResidual>> residuals_;  // per analysed row
};

class MainWindow;
class PlotDock;
// Adds the dock next to the plots and feeds it the recording, the scrubbed
// time and the document's model and config.
InducedDock* install_induced_dock(MainWindow* window, SimulationController* controller, PlotDock* plots);

}  // namespace hfd::studio
