#pragma once
// Status-bar widget of a run: simulated time, real-time factor, current step
// size, integrator steps per second and wall time per step (the stages in its
// tooltip); a stopped run shows why in red.
#include "simulation_controller.h"

#include <QWidget>

class QLabel;

namespace hfd::studio {

class SimulationStatus : public QWidget {
    Q_OBJECT
public:
    explicit SimulationStatus(QWidget* parent = nullptr);
    void showFrame(const SimulationFrame& frame);
    // The time the plots' cursor and the 3D view show after scrubbing or playback:
    // the status reads it (the rest of the last frame's figures stay).
    void showTime(double time);
    // While the timeline plays the recording back the status says "playing back", not "paused".
    void setPlayingBack(bool playing);
    void clear();
    QString text() const;

private:
    QLabel* label_;
    SimulationFrame last_;
    bool playing_back_ = false;
};

// "t = 0.500 s  1.02x  h = 1.0e-03 s  12345 steps/s  21.8 µs/step"; a run that does not
// run ends in "finished" or "paused", or "playing back" while its recording plays back.
QString status_text(const SimulationFrame& frame, bool playing_back = false);
// Where a step's time goes: "21.8 µs: joint_force_pnld 3.1, ..., dynamics 2.0, integrator 1.1; 1.30 evaluations"
QString stage_text(const SimulationFrame& frame);

}  // namespace hfd::studio
