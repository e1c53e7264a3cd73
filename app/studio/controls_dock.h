#pragma once
// Live inputs of a run: per-muscle excitation sliders (with a filter box),
// joint motor targets, dof sliders that pose the model before it starts, and a
// push (a short perturbation force) on the selected body. Every change is
// queued to the simulation thread and applied between steps.
#include "model/model.h"
#include "state/kinematics.h"

#include <QDockWidget>
#include <QString>
#include <array>
#include <memory>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSlider;
class QVBoxLayout;

namespace hfd::studio {

class SimulationController;

// How a dof is shown: rotations in degrees, translations in metres.
struct DofUnit {
    double per_si = 1;         // display units per radian or metre
    QString suffix;            // " °" or " m"
    int decimals = 1;          // in the spin box
    double slider_step = 0.1;  // display units per slider tick
    int key_step = 10;         // ticks per arrow key: 1 degree, 1 cm
};
DofUnit dof_unit(const Dof& dof);

class ControlsDock : public QDockWidget {
    Q_OBJECT
public:
    explicit ControlsDock(SimulationController* controller, QWidget* parent = nullptr);

    void setModel(std::shared_ptr<const Model> model);  // rebuilds the sliders; null: no model
    void setModel(const Model& model) { setModel(std::make_shared<const Model>(model)); }
    void setSelectedBody(int body);
    void setFilter(const QString& text);

    // Its sliders are named excitation_<muscle> (beside a label excitationValue_<muscle>)
    // and dof_<dof> (beside a spin box dofValue_<dof> showing the value in degrees or
    // metres, which takes typed values, clamped to the dof's range; the slider's
    // arrow keys step 1 degree or 1 cm, page keys 10).

    // Sends every input the sliders show (a new simulation starts with the model's).
    void resendControls();
    void pushSelected();
    // The dof sliders' pose (per Model::dofs, zero velocities).
    DofAssignment pose() const;

signals:
    void writePoseRequested();  // "Write Pose to Model File" (pose_writer.h)
    void savePoseRequested();   // "Save Pose as State File..."

private:
    QWidget* row(const QString& name, QWidget* field);
    void sendDofs();
    void addDofRow(std::size_t d, QWidget* list);
    void setDofValue(std::size_t d, double value);  // SI units, clamped to the range
    void sendMotor(int motor);

    SimulationController* controller_;
    std::shared_ptr<const Model> model_ = std::make_shared<const Model>();
    QLineEdit* filter_;
    QVBoxLayout* rows_;
    QComboBox* body_;
    QComboBox* direction_;
    QDoubleSpinBox* push_force_;
    std::vector<QSlider*> excitation_, dofs_;
    std::vector<QDoubleSpinBox*> dof_fields_;
    std::vector<double> dof_values_;  // radians or metres, as typed or slid (not rounded to the slider's steps)
    std::vector<bool> motor_moved_;
    bool dofs_moved_ = false;  // the initial pose differs from the model's: resent on reload
    std::vector<std::array<QSlider*, 3>> motors_;
    std::vector<QWidget*> row_widgets_;
};

}  // namespace hfd::studio
