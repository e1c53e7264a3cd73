#pragma once
// The dof sliders' pose written back: into the model text as each dof's
// `default` (degrees for rotations, metres / model scale for root
// translations, as the dof component reads them), or as an initial state file
// (`values { dof = v } velocities { dof = 0 }` in radians / metres, what
// `hfd simulate --state` and Simulation > Load Initial State read).
#include "format/prop_node.h"
#include "model/model.h"
#include "state/kinematics.h"
#include "simulation_dock.h"  // TextEdit

#include <QObject>
#include <string>
#include <vector>

namespace hfd::studio {

class ControlsDock;
class Document;
struct StudioPrompts;

// Edits that make every dof component of the model in `text` (parsed into
// `root`) hold `values` (per Model::dofs) as its default: an existing default
// is replaced, a missing one added after the dof's source. Sorted from the end
// backwards. Empty with *error set when a dof's component is not found.
std::vector<TextEdit> dof_default_edits(const std::string& text, const PropNode& root, const Model& model,
                                        const std::vector<double>& values, std::string* error);
// The state file text of a pose (velocities zero unless given).
std::string state_file_text(const Model& model, const DofAssignment& pose);

// Controls > Write Pose to Model File / Save Pose as State File.
class PoseActions : public QObject {
    Q_OBJECT
public:
    PoseActions(Document* document, ControlsDock* controls, StudioPrompts* prompts, QObject* parent = nullptr);

    // One undoable edit of the document (unsaved until saved); false with a message when impossible.
    bool writePoseToModel();
    // Asks for a file (prompts->export_path) and writes it atomically.
    bool savePoseAsStateFile();
    bool savePoseAsStateFile(const QString& path);

signals:
    void statusMessage(const QString& message);

private:
    Document* document_;
    ControlsDock* controls_;
    StudioPrompts* prompts_;
};

}  // namespace hfd::studio
