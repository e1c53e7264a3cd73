#pragma once
// Muscle analysis against a coordinate (engine/analysis/muscle_sweep.h) while the
// model is edited: pick a coordinate and muscles (search as in the Plots dock) and
// a quantity; the chart shows the quantity of each picked muscle over the
// coordinate's range with the other coordinates at the current pose, and a cursor
// at the pose's value. The curves follow the model text: an edit is parsed and
// built here after a short pause (not the analyzer's longer one), so the curve is
// redrawn soon after the keystroke. Lock keeps the drawn curves (dashed) to
// compare with the following edits; Export writes PNG, SVG or CSV; clicking the
// chart asks to move the model to the coordinate value under the mouse. Each picked
// muscle keeps its colour (a palette of 12, then line styles) while it is picked; its
// locked curve has the same colour, dashed. The coordinate is swept over its range
// (a joint's limits unless its dof gives one) with round ticks, the values' axis
// rounded out to round ticks (nice_axis.h).
#include "analysis/muscle_sweep.h"
#include "draw/pose_snapshot.h"
#include "plot_export.h"
#include "state/kinematics.h"

#include <QDockWidget>
#include <QHash>
#include <QSet>
#include <functional>
#include <memory>
#include <optional>

class QChart;
class QChartView;
class QComboBox;
class QLabel;
class QLineEdit;
class QLineSeries;
class QListWidget;
class QListWidgetItem;
class QPushButton;
class QTimer;
class QValueAxis;

namespace hfd::studio {

class MuscleAnalysisDock : public QDockWidget {
    Q_OBJECT
public:
    enum class Quantity { MomentArm, Length, FiberLength, TendonForce, Moment };

    explicit MuscleAnalysisDock(QWidget* parent = nullptr);

    // The model and the curves of its muscle force component; the sweep is redone.
    void setModel(std::shared_ptr<const Model> model, std::shared_ptr<const MuscleFiberModel> fiber);
    // Parses and builds the text (file_name for diagnostics and mesh files) and, when it
    // builds, takes the model and its config's curves; false (curves kept) otherwise.
    bool setModelText(const QString& text, const QString& file_name);
    // Schedules setModelText after the edit pause (edits in between restart it).
    void scheduleModelText(const QString& text, const QString& file_name);
    static constexpr int edit_pause_ms = 30;

    // The other coordinates (and the cursor) from a pose; the sweep is redone when a
    // coordinate other than the swept one moved.
    void setPose(const DofAssignment& pose);
    void setPoseSnapshot(const PoseSnapshot& pose);  // bodies of the current model

    bool setCoordinate(const QString& dof_name);
    QString coordinate() const;
    void setMuscleChecked(const QString& muscle_name, bool checked);
    QStringList checkedMuscles() const;
    void setSearch(const QString& text);  // hides muscles whose name does not contain it
    void setQuantity(Quantity quantity);
    void setActivation(double activation);  // 0..1, of every muscle

    void lockCurves();  // the drawn curves stay, dashed, until unlocked
    void unlockCurves();
    // By the suffix: .png or .svg (the chart as drawn, at the view's size) or .csv (every quantity of
    // the picked muscles, muscle_sweep_csv); false with *error set.
    bool exportTo(const QString& path, QString* error);
    // Where Export asks for a file name (suggested name, filter); empty: cancelled.
    void setExportPathPrompt(std::function<QString(const QString& suggested, const QString& filter)> prompt);
    // What a click on the chart at this coordinate value does: poseRequested.
    void requestPoseAt(double coordinate_value);

    const MuscleSweep& sweep() const { return sweep_; }
    PlotData plotData() const;  // drawn series (locked ones dashed), labels, ranges
    double cursorValue() const;
    const Model* model() const { return model_.get(); }
    double lastSweepMilliseconds() const { return sweep_ms_; }

signals:
    // Move the model: the coordinate (index in Model::dofs) to this value, the others kept.
    void poseRequested(int dof, double value);
    void curvesUpdated();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QWidget* createPicker();
    void rebuildLists();
    void recompute();
    void redraw();
    void updateCursor();
    std::vector<double> values(const MuscleCurves& curves) const;
    void addSeries(const QString& label, const std::vector<double>& x, const std::vector<double>& y, bool dashed);
    QString quantityLabel() const;
    double displayScale() const;  // radians shown in degrees
    void assignColors();
    int colorSlot(const QString& muscle) const;
    int valueTickBudget() const;
    void fitAxes();
    static constexpr double curve_width = 2;  // px, as the Plots dock's

    std::shared_ptr<const Model> model_;
    std::shared_ptr<const MuscleFiberModel> fiber_;  // null: muscle_force_m2012fast's defaults
    DofAssignment pose_;
    MuscleSweep sweep_;
    // The locked sweep, its muscles by name (an edit may renumber them).
    struct LockedCurves {
        QString coordinate;
        std::vector<double> values;  // coordinate values
        std::vector<std::pair<QString, MuscleCurves>> muscles;
    };
    std::optional<LockedCurves> locked_;
    QSet<QString> checked_;            // picked muscles by name, kept across coordinates and edits
    QHash<QString, int> color_slots_;  // palette slot of each picked muscle (assignColors)
    bool stale_ = false;               // changed while hidden: recomputed when shown
    double sweep_ms_ = 0;
    QString pending_text_, pending_file_;
    std::function<QString(const QString&, const QString&)> export_prompt_;
    QTimer* edit_timer_ = nullptr;
    QComboBox* coordinate_ = nullptr;
    QComboBox* quantity_ = nullptr;
    QLineEdit* search_ = nullptr;
    QListWidget* muscles_ = nullptr;
    QPushButton *lock_ = nullptr, *unlock_ = nullptr;
    QLabel* status_ = nullptr;
    QChart* chart_ = nullptr;
    QChartView* view_ = nullptr;
    QValueAxis *x_ = nullptr, *y_ = nullptr;
    QLineSeries* cursor_ = nullptr;
    double activation_ = 1;
    bool updating_lists_ = false;
};

class MainWindow;
// Adds the dock beside the plots: it follows the document's text, the pose of the
// simulation's frames and of the scrubbed recording, and a click on it moves the
// Controls dock's slider of the coordinate (which poses the model before a run).
MuscleAnalysisDock* install_muscle_analysis_dock(MainWindow* window);

}  // namespace hfd::studio
