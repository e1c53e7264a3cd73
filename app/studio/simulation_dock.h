#pragma once
// The simulation dock: play / pause / step / reset (actions with shortcuts),
// real-time factor, end time, and the force components and integrator of the
// run. The choices are written back into the document's top-level
// composite_force and integrator blocks, so the file says what runs; they
// apply when the simulation is reset.
#include "sim/config_choices.h"

#include <QDockWidget>
#include <string>
#include <vector>

class QAction;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSlider;

class QTextDocument;

namespace hfd::studio {

class Document;
class SimulationController;
class SimulationInputs;

// The same edits made in the editor's document (whose text is `text`, UTF-8) as one undo step.
void apply_text_edits(QTextDocument* document, const std::string& text, const std::vector<TextEdit>& edits);

// The speed slider's real-time factors, in log steps 1-2-5 from 0.01x to 10x;
// the slider's last step past them runs as fast as possible.
const std::vector<double>& speed_steps();
// The step nearest to factor on a log scale; speed_steps().size() (max) for factor <= 0.
int speed_step_of(double factor);

class SimulationDock : public QDockWidget {
    Q_OBJECT
public:
    // inputs: the config and initial state files used instead of the document's (optional).
    SimulationDock(Document* document, SimulationController* controller, QWidget* parent = nullptr,
                   SimulationInputs* inputs = nullptr);

    QAction* playAction() const { return play_action_; }
    QAction* stepAction() const { return step_action_; }
    QAction* resetAction() const { return reset_action_; }

    // Loads the document's model and config into the controller (also what Reset does).
    bool reloadFromDocument();
    // Off while another run (a scenario's) is shown: a new model of the document then
    // unloads the simulation not yet stepped (Play, Step and Reset load it again) instead
    // of loading it, whose first frame would replace that run in the plots and the view.
    void setLoadOnModelChange(bool load) { load_on_model_change_ = load; }
    // Current choices of the widgets; setting them writes the document text.
    ForceChoices choices() const;
    void setChoices(const ForceChoices& choices);
    double endTime() const;
    void setEndTime(double seconds);
    // The speed slider's step: one of speed_steps(), 0 = as fast as possible.
    double realTimeFactor() const;
    void setRealTimeFactor(double factor);  // the nearest step (on a log scale); <= 0: max

signals:
    void message(const QString& text);

private:
    QWidget* createRunControls();
    QWidget* createForceControls();
    void updateFromDocument();
    void showChoices(const ForceChoices& choices);  // widgets only, no document edit
    void writeChoicesToDocument();
    void updateRealTimeFactor();
    void updateIntegratorFields();

    Document* document_;
    SimulationController* controller_;
    QAction *play_action_, *step_action_, *reset_action_;
    QSlider* speed_slider_ = nullptr;
    QLabel* speed_label_ = nullptr;
    QLabel* stage_label_ = nullptr;
    QDoubleSpinBox* end_time_ = nullptr;
    QComboBox *joint_force_ = nullptr, *contact_force_ = nullptr, *muscle_force_ = nullptr, *integrator_ = nullptr;
    QCheckBox *collision_ = nullptr, *between_objects_ = nullptr, *motors_ = nullptr;
    QDoubleSpinBox *accuracy_ = nullptr, *step_size_ = nullptr;
    QWidget* force_box_ = nullptr;
    QLabel* config_note_ = nullptr;
    SimulationInputs* inputs_ = nullptr;
    bool updating_ = false;
    ForceChoices shown_choices_;  // what the widgets show: kept through a syntax error
    bool load_on_model_change_ = true;
};

}  // namespace hfd::studio
