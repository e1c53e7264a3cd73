#pragma once
// Live inputs of a run: per-muscle excitation sliders (with a filter box),
// joint motor targets, dof sliders that pose the model before it starts, and a
// push (a short perturbation force) on the selected body. Every change is
// queued to the simulation thread and applied between steps.
#include "model/model.h"
#include "state/kinematics.h"

#include <QDockWidget>
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

class ControlsDock : public QDockWidget {
    Q_OBJECT
public:
    explicit ControlsDock(SimulationController* controller, QWidget* parent = nullptr);

    void setModel(std::shared_ptr<const Model> model);  // rebuilds the sliders; null: no model
    void setModel(const Model& model) { setModel(std::make_shared<const Model>(model)); }
    void setSelectedBody(int body);
    void setFilter(const QString& text);

    // Its sliders are named excitation_<muscle> (beside a label excitationValue_<muscle>)
    // and dof_<dof>.

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
    void sendMotor(int motor);

    SimulationController* controller_;
    std::shared_ptr<const Model> model_ = std::make_shared<const Model>();
    QLineEdit* filter_;
    QVBoxLayout* rows_;
    QComboBox* body_;
    QComboBox* direction_;
    QDoubleSpinBox* push_force_;
    std::vector<QSlider*> excitation_, dofs_;
    std::vector<bool> motor_moved_;
    bool dofs_moved_ = false;  // the initial pose differs from the model's: resent on reload
    std::vector<std::array<QSlider*, 3>> motors_;
    std::vector<QWidget*> row_widgets_;
};

}  // namespace hfd::studio
