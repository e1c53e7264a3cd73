#pragma once
// Evaluates a SCONE scenario (engine/scenario/scenario.h) on its own thread and
// records the run the way a simulation run is recorded (simulation_controller.h),
// so that the plots, the timeline and the 3D playback take it unchanged: a row
// every sample period holding all channel groups of the Recorder, followed by the
// scenario's own channels, per leg its ground reaction force (N, world) and every
// controller channel (gait state per leg, reflex outputs, feed-forward patterns).
// Frames (the pose and the rows since the last one) reach the GUI at display rate
// through a one-slot mailbox; the scores arrive with finished().
#include "scenario/scenario.h"
#include "simulation_controller.h"

#include <QObject>
#include <memory>
#include <optional>
#include <unordered_map>

class QThread;

namespace hfd::studio {

using ParameterValues = std::unordered_map<std::string, double>;

class ScenarioRunner : public QObject {
    Q_OBJECT
public:
    explicit ScenarioRunner(QObject* parent = nullptr);
    ~ScenarioRunner() override;  // stops a run under way and waits for its thread

    // Starts evaluating `values` (a run under way is stopped first; its frames are dropped).
    void run(std::shared_ptr<const Scenario> scenario, ParameterValues values);
    // Ends the run at its next control step; it is still scored (finished() follows).
    void stop();
    bool isRunning() const { return running_; }
    // s of simulated time between recorded rows; a scenario whose control step is
    // longer records at every control step.
    void setSamplePeriod(double period) { sample_period_ = period; }

    const SimulationFrame* latestFrame() const { return latest_.get(); }
    const RecordingLayout* layout() const { return layout_.get(); }
    // The scores of the last finished run (none before the first).
    const std::optional<ScenarioResult>& lastResult() const { return result_; }

signals:
    void started();
    void layoutReceived(const hfd::studio::RecordingLayout& layout);
    void frameReceived(const hfd::studio::SimulationFrame& frame);
    void finished(const hfd::ScenarioResult& result);

private:
    struct Mailbox;
    void onFrameReady();
    void onRunEnded(unsigned generation);
    void joinThread();

    std::shared_ptr<Mailbox> mailbox_;
    QThread* thread_ = nullptr;
    std::shared_ptr<volatile bool> stop_flag_;
    std::shared_ptr<const SimulationFrame> latest_;
    std::shared_ptr<const RecordingLayout> layout_;
    std::optional<ScenarioResult> result_;
    double sample_period_ = 0.01;
    unsigned generation_ = 0;
    bool running_ = false;
};

}  // namespace hfd::studio
