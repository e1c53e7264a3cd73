#pragma once
// A motion file (OpenSim .mot / .sto, or a CSV of coordinates; analysis/muscle_motion.h)
// played on the document's model as a recorded run: every row is posed with
// apply_dofs and sampled by the Recorder, so the Plots dock, its timeline and the 3D
// view play it like a simulation's recording. Each row also gets the muscle-tendon
// length of every muscle ("<muscle>.length") and its moment arm about every
// coordinate its path spans ("<muscle>.moment_arm.<dof>"), as OpenSim's Muscle
// Analysis gives them along a motion.
#include "analysis/muscle_motion.h"
#include "simulation_controller.h"

#include <QString>

namespace hfd::studio {

struct MotionRecording {
    RecordingLayout layout;
    SimulationFrame frame;  // every row, first_row 0
    QString error;          // empty when recorded
};

MotionRecording record_motion(std::shared_ptr<const Model> model, const SimConfig& config,
                              const MotionCoordinates& motion);

class MainWindow;
// File > Open Motion... and .mot / .sto files opened or dropped: played in Plots.
void install_motion_playback(MainWindow* window);

}  // namespace hfd::studio
