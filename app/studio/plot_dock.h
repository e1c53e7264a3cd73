#pragma once
// Live plots of recorded channels (Qt Charts): several plots, a channel
// picker with search, autoscale, a time cursor and decimation to a bounded
// number of points, redrawn at display rate. Each shown unit gets its own
// value axis (angles in degrees by default), ticks are round, and the stacked
// plots share one time axis (their plot areas are aligned). Figures are
// painted by the charts themselves (plot_figure.cpp). After a run the timeline
// (timeline.h) scrubs and plays the recording back, driving the 3D view and
// the cursor together from the same rows.
#include "chart_legend.h"
#include "draw/recorded_pose.h"
#include "plot_export.h"
#include "plot_style.h"
#include "plot_units.h"
#include "simulation_controller.h"
#include "timeline.h"

#include <QDockWidget>
#include <QImage>
#include <array>
#include <functional>
#include <optional>
#include <vector>

class QAction;
class QCheckBox;
class QComboBox;
class QLineEdit;
class QListWidget;
class QListWidgetItem;
class QPushButton;
class QTimer;
class QChart;
class QChartView;
class QLineSeries;
class QValueAxis;

namespace hfd::studio {

constexpr int plot_count = 3;
constexpr int max_plot_points = 2000;

// Indices of the rows drawn for `rows` rows: every k-th row with k chosen so
// that at most max_points are drawn, plus always the last row.
std::vector<size_t> decimated_rows(size_t rows, size_t max_points);

// A plot exported as a figure: `size` in pixels for PNG (its DPI in the file);
// for SVG and PDF the same size at `dpi` gives the page in inches. Laid out at
// size * 96 / dpi logical pixels, so text keeps its point size at any DPI.
struct FigureOptions {
    QSize size{1600, 1000};
    double dpi = 192;
    bool print_style = false;  // thicker lines, larger text (print_plot_style())
};

// A dialog asking for a figure's size, DPI and style; nullopt: cancelled.
std::optional<FigureOptions> ask_figure_options(QWidget* parent, const FigureOptions& suggested);

// The options of the last figure exported (studio settings, "plotFigure/..."), else `fallback`.
FigureOptions remembered_figure_options(const FigureOptions& fallback);
void remember_figure_options(const FigureOptions& figure);

// A figure as it is painted, in its logical pixels (the chart's coordinates): the plot
// area, the legend, every text drawn (tick labels, axis titles, legend names) and the
// value axes (orientation, range, tick interval, label format).
struct FigureLayout {
    QSizeF size;
    QRectF plot_area;
    PlotLegendLayout legend;
    QStringList texts;
    struct Axis {
        Qt::Orientation orientation;
        double min, max, interval;
        QString label_format;
    };
    std::vector<Axis> axes;
};

class PlotDock : public QDockWidget {
    Q_OBJECT
public:
    explicit PlotDock(QWidget* parent = nullptr);

    void setModel(std::shared_ptr<const Model> model);
    void setModel(const Model& model) { setModel(std::make_shared<const Model>(model)); }
    void setLayout(const RecordingLayout& layout);
    void addFrame(const SimulationFrame& frame);
    void clear();  // no model, no channels, no recording (another file was opened)

    // Shows channel `channel` in plot `plot` (or removes it).
    void setChannelPlotted(size_t channel, int plot, bool plotted);
    void clearPlotted();  // no channel in any plot
    const std::vector<Channel>& channels() const { return channels_; }
    // Matches channel names, their group ("contacts", "muscles", ...) and source.
    void setSearch(const QString& text);
    QString timeText() const;  // the readout beside the timeline: "t = 0.350 s"
    Timeline* timeline() const { return timeline_; }
    // Shows [t0, t1] in every plot (autoscale off), as dragging a rubber band does.
    void zoomTime(double t0, double t1);
    size_t rowCount() const { return column_count_ ? values_.size() / column_count_ : 0; }
    // The recorded rows, row-major, channels().size() values each (the Gait Analysis dock's input).
    const std::vector<double>& recordedValues() const { return values_; }
    void refresh();            // redraws the plots now (normally at display rate)
    void scrubTo(size_t row);  // moves the cursor and the 3D view to a recorded row
    // Pose of the model at a recorded row (bodies from the channels, static ones as built).
    PoseSnapshot poseAt(size_t row) const;

    // Keep this run: its recording stays, drawn grey and dashed under the same channels of
    // the following runs of the model (matched by channel name) until forgotten; the legend
    // names it (`name`, or "run N" counting the runs kept).
    void keepRun(const QString& name = {});
    void forgetKeptRun();
    QString keptRunName() const { return kept_.name; }
    // The kept run's model (null: nothing kept) and its pose at `time`: the row at or
    // before it, the last row after the run's end (a fall stays on the floor). The 3D
    // view draws it as a ghost beside the current run (simulation_ui.cpp).
    std::shared_ptr<const Model> keptModel() const { return kept_.model; }
    PoseSnapshot keptPoseAt(double time) const;
    // The row at or before `time` (0 before the first).
    size_t rowAtTime(double time) const;

    // Angles (rad, rad/s channels) are shown in degrees unless set to radians.
    void setAngleUnit(AngleUnit unit);
    AngleUnit angleUnit() const { return angle_unit_; }

    // The plot's series over the whole recording (kept runs after the current ones, dashed)
    // in recorded units, and its axis ranges (of its first value axis), for the exports.
    PlotData plotData(int plot) const;
    // By the suffix: .png, .svg and .pdf (the plot drawn by the same code as on screen,
    // at the view's size unless `figure` is given) or .csv; false with *error set.
    bool exportPlot(int plot, const QString& path, QString* error, const std::optional<FigureOptions>& figure = {});
    // The figure options matching the view on screen (its size, the screen's DPI).
    FigureOptions screenFigureOptions(int plot) const;
    // The figure's layout without painting it (what renderFigure paints).
    FigureLayout figureLayout(int plot, const FigureOptions& figure);
    // The plot as an image (the figure's PNG); copyPlotImage puts it on the clipboard.
    QImage plotImage(int plot, const FigureOptions& figure);
    void copyPlotImage(int plot);  // nothing for a plot without curves
    bool hasCurves(int plot) const;  // false: nothing to export (Export's entries for it are disabled)
    // Where a plot's time t is drawn, in dock coordinates (x); NaN when hidden.
    double timeToDockX(int plot, double t) const;
    // Where Export asks for a file name (suggested name, filter); empty: cancelled.
    void setExportPathPrompt(std::function<QString(const QString& suggested, const QString& filter)> prompt);

    // Asked before a figure is written (size, DPI, style), suggesting the last figure's
    // options (remembered_figure_options) or the view's; nullopt: cancelled. Unset: the view's.
    void setFigureOptionsPrompt(std::function<std::optional<FigureOptions>(const FigureOptions&)> prompt);

signals:
    void poseRequested(const hfd::PoseSnapshot& pose);
    void cursorTimeChanged(double time);                  // scrubbing, playback or the live run moved the cursor
    void keptRunChanged();                                // a run was kept or forgotten: keptModel()
    void keptPoseChanged(const hfd::PoseSnapshot& pose);  // the kept run's pose at the cursor's time
    void message(const QString& text);                    // for the status bar (autoscale turned off)

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void updatePlotVisibility();
    // A new set of channels starts with the model's joint angles in the first plot
    // (up to six, in model order), so that a first run shows something until the
    // user picks channels.
    void plotJointAngles();
    void leaveAutoscale();  // a zoom, a pan: Autoscale off, and a message that says so
    struct UnitAxis {
        QValueAxis* axis = nullptr;
        std::string unit;            // shown unit
        QString title, short_title;  // "angle [deg]", and "[deg]" for a plot too short for it
    };
    struct Plot {
        QChart* chart = nullptr;
        QChartView* view = nullptr;
        QValueAxis* x = nullptr;
        std::vector<UnitAxis> axes;  // one per shown unit; [0] always exists (the cursor's)
        QLineSeries* cursor = nullptr;
        std::vector<std::pair<size_t, QLineSeries*>> series;  // channel, series
        std::vector<std::pair<size_t, QLineSeries*>> kept;    // kept-run column, series
    };
    struct KeptRun {
        QString name;
        std::vector<std::string> names;  // channel names of its columns
        size_t columns = 0;
        std::vector<double> values;          // rows, row-major
        std::shared_ptr<const Model> model;  // of the run, for its poses (null: none)
        RecordedPoseColumns pose_columns;
    };
    void emitCursorMoved();
    void syncKeptSeries(Plot& plot);
    void syncAxes(Plot& plot);
    DisplayUnit shownUnit(size_t channel) const;
    QValueAxis* axisOf(const Plot& plot, size_t channel) const;
    void fitAxes(Plot& plot, double t0, double t1);
    void fitTimeTicks(Plot& plot);
    void setTimeAxis(Plot& plot, double t0, double t1);
    void applyStyle(Plot& plot, const PlotStyle& style);
    void alignPlotAreas();
    void fitAxisTitles(Plot& plot);
    bool renderFigure(int plot, QPaintDevice* device, QSizeF logical, const FigureOptions& figure);
    void layOutFigure(Plot& plot, QSizeF logical, const FigureOptions& figure);
    void layOutScreen(Plot& plot, QSizeF screen_size);
    void placeCursor(Plot& plot);  // the time cursor across the first value axis
    bool exportFigure(int plot, const QString& path, const FigureOptions& figure, QString* error);
    void exportWithPrompt(int plot);  // refused, with a message, for a plot without curves
    void updateExportActions();
    std::vector<QAction*> export_actions_;  // Export's "Plot N..." then "Copy Plot N as Image"
    QWidget* createPicker();
    void onItemChanged(QListWidgetItem* item);
    void setTimeRange(double t0, double t1);
    void scheduleRedraw();
    void updateTimeline();

    std::array<Plot, plot_count> plots_;
    std::shared_ptr<const Model> model_;  // null: none (poses are not drawn)
    std::vector<Channel> channels_;
    ContactPairSet pairs_;
    RecordedPoseColumns pose_columns_;  // where poseAt finds the pose in a row
    size_t column_count_ = 0;
    std::vector<double> values_;  // recorded rows, row-major
    double cursor_time_ = 0;
    bool running_ = false, dirty_ = false;
    QLineEdit* search_ = nullptr;
    QListWidget* list_ = nullptr;
    QComboBox* target_ = nullptr;
    QCheckBox* autoscale_ = nullptr;
    Timeline* timeline_ = nullptr;
    bool zooming_ = false;  // ranges being set by refresh or a zoom, not by the user
    QTimer* redraw_ = nullptr;
    KeptRun kept_;
    int runs_kept_ = 0;
    AngleUnit angle_unit_ = AngleUnit::Degrees;
    QCheckBox* radians_ = nullptr;
    std::function<QString(const QString&, const QString&)> export_prompt_;
    std::function<std::optional<FigureOptions>(const FigureOptions&)> figure_prompt_;
    QPushButton *keep_ = nullptr, *forget_ = nullptr;
};

}  // namespace hfd::studio
