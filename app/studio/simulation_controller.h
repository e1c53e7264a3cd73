#pragma once
// Runs one hfd::Simulation on its own thread. The SimulationWorker lives on
// that thread and owns the Simulation, the Recorder and the contact event
// detector; the SimulationController (GUI thread) only queues commands to it,
// which the worker applies between integrator steps, and receives copies
// (SimulationFrame) at display rate. The GUI thread never sees the live State.
//
// A run records like `hfd simulate`: a sample at the start and one every
// sample_period (the run advances to each sample time exactly), all channel
// groups, contact events located between steps, and it stops when a body's
// state turns non-finite or the kinetic energy runs away; the recording made
// until then is kept.
#include "draw/pose_snapshot.h"
#include "io/channels.h"
#include "run/contact_events.h"
#include "io/excitation_csv.h"
#include "run/recorder.h"
#include "run/run.h"
#include "run/run_setup.h"
#include "rate_window.h"
#include "state/kinematics.h"
#include "sim/simulation.h"

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QThread>
#include <memory>
#include <mutex>
#include <optional>

class QTimer;

namespace hfd::studio {

struct SimulationSetup {
    std::shared_ptr<const Model> model = std::make_shared<const Model>();  // shared with the document
    SimConfig config;
    double end_time = 1;          // s of simulated time
    double sample_period = 0.01;  // s between recorded rows
    double max_kinetic_energy = 1e9;
    // An initial state file's dofs, applied to the model's initial state as `hfd simulate --state` does.
    std::optional<DofAssignment> initial_dofs;
    // Muscle excitations over time, applied before every step as `hfd simulate --excitation` does.
    std::shared_ptr<const ExcitationSeries> excitation;
    // Called after the excitation at every control time (run/run_setup.h).
    std::vector<RunController> controllers;
};

// Channels of the recording and the contact pairs (once per recording).
struct RecordingLayout {
    std::vector<Channel> channels;
    ContactPairSet pairs;
};

// What the GUI receives: copies, never references into the simulation.
struct SimulationFrame {
    PoseSnapshot pose;
    double time = 0;
    double real_time_factor = 0;  // simulated / wall seconds over the last second of running
    double step_size = 0;         // last accepted step
    double steps_per_second = 0;  // accepted integrator steps per wall second (same window)
    long long steps = 0;          // accepted steps since the start / reset
    // Where a step's wall time goes, averaged since the start / reset (the engine's
    // stage timers): each force component, the dynamics and the integrator's own work.
    struct Stage {
        std::string name;
        double microseconds_per_step = 0;
    };
    std::vector<Stage> stages;
    double evaluations_per_step = 0;  // force evaluations (integrator trials, re-evaluations)
    size_t first_row = 0;             // recorder row index of rows[0]
    size_t row_count = 0;             // rows in `rows`
    std::vector<double> rows;         // recorder rows added since the frame the GUI took last, row-major
    bool running = false, finished = false;
    QString error;  // why the run stopped (blow-up), empty otherwise
    double error_time = 0;
    QString error_body;
    unsigned generation = 0;  // which load the frame belongs to (older ones are dropped)
    // Set on the first frame of a recording, before whose rows it applies: it travels
    // with the frames so that rows never arrive before (or without) their channels.
    std::shared_ptr<const RecordingLayout> layout;
};

class FrameMailbox;

class SimulationWorker : public QObject {
    Q_OBJECT
public:
    SimulationWorker();
    ~SimulationWorker() override;

    // All of these run on the worker thread (the controller queues them).
    std::vector<Diagnostic> load(SimulationSetup setup, unsigned generation = 0);
    void unload();
    void play();
    void pause();
    void stepPeriod();
    void reset();
    void setRealTimeFactor(double factor) {
        real_time_factor_ = factor;
        restartPacing();
    }
    void setEndTime(double end_time);
    void setExcitation(Index muscle, double excitation);
    void setMotorTarget(Index motor, const Quat& target);
    void push(Index body, const Vec3& force, double duration);
    // A force on the body held from now until a zero force (or another body) releases it.
    void holdForce(Index body, const Vec3& force);
    void setInitialDofs(const DofAssignment& dofs);

    const Simulation* simulation() const { return sim_.get(); }
    const Recorder* recorder() const { return recorder_.get(); }
    const ContactEventDetector* events() const { return events_ ? &*events_ : nullptr; }
    bool isRunning() const { return running_; }

    // The newest frame, holding every row since the previous take (thread-safe; null when none is new).
    std::shared_ptr<SimulationFrame> takeFrame();

signals:
    // A frame waits in the mailbox. At most one notice is under way: a GUI that
    // draws slower than the worker publishes takes merged frames, never a backlog.
    void frameReady();

private:
    void tick();
    bool stopIfFailed();  // true (and stopped with its message) when the run failed
    bool atEnd() const;
    void stop(const QString& message, double time, Index body);
    void publish(bool force);
    void post(std::shared_ptr<SimulationFrame> frame);
    void restartPacing();
    void startRecording();

    std::unique_ptr<Simulation> sim_;
    std::unique_ptr<Recorder> recorder_;
    std::optional<ContactEventDetector> events_;
    std::unique_ptr<Run> run_;  // the engine's run loop over recorder_ and events_
    ContactPairSet pairs_;
    std::vector<Perturbation> model_perturbations_;
    std::function<void(double time, Controls& controls)> control_;  // excitation and controllers
    QTimer* timer_ = nullptr;
    double end_time_ = 1, sample_period_ = 0.01, max_kinetic_energy_ = 1e9;
    double real_time_factor_ = 1;  // <= 0: as fast as possible
    bool running_ = false, finished_ = false;
    QString error_;
    double error_time_ = 0;
    QString error_body_;
    // pacing and statistics
    QElapsedTimer wall_;
    double pace_wall_start_ = 0, pace_sim_start_ = 0;
    double last_frame_wall_ = -1;
    long long steps_ = 0;
    Index held_ = no_index;  // the perturbation holdForce updates in place
    RateWindow rates_;
    std::unique_ptr<FrameMailbox> mailbox_;              // to the GUI (frame_mailbox.h)
    std::shared_ptr<const RecordingLayout> new_layout_;  // for the next published frame
    size_t published_rows_ = 0;
    unsigned generation_ = 0;
};

class SimulationController : public QObject {
    Q_OBJECT
public:
    explicit SimulationController(QObject* parent = nullptr);
    ~SimulationController() override;

    // Builds the simulation from the model and config (replacing any run);
    // returns the diagnostics of Simulation::create (errors: nothing loaded).
    std::vector<Diagnostic> load(SimulationSetup setup);
    bool isLoaded() const { return loaded_; }
    // Drops the simulation, its recording and the latest frame (another file was opened);
    // frames still under way from the worker are ignored.
    void unload();

    void play();
    void pause();
    void togglePlay();
    void stepPeriod();                      // advances one sample period, then pauses
    void reset();                           // back to the initial state; recording cleared
    void setRealTimeFactor(double factor);  // <= 0: as fast as possible
    void setEndTime(double end_time);
    void setExcitation(int muscle, double excitation);
    void setMotorTarget(int motor, const Quat& target);
    void push(int body, const Vec3& force, double duration);
    void holdForce(int body, const Vec3& force);     // Ctrl+drag in the view: until a zero force
    void setInitialDofs(const DofAssignment& dofs);  // poses the initial state (before a run)

    bool isRunning() const { return running_; }
    const SimulationFrame* latestFrame() const { return latest_.get(); }
    const RecordingLayout* layout() const { return layout_.get(); }

    // Exports from the worker's recorder (between steps, blocking the GUI briefly).
    bool exportCsv(const QString& path, QString* error) const;
    bool exportSto(const QString& path, QString* error) const;
    bool exportContactEvents(const QString& path, QString* error) const;

signals:
    void frameReceived(const hfd::studio::SimulationFrame& frame);
    void layoutReceived(const hfd::studio::RecordingLayout& layout);
    void runningChanged(bool running);
    // A new simulation was built (load or Reset): live inputs are sent again after it.
    void loaded();
    void unloaded();
    void stopped(const QString& message);  // a blow-up: time and body in the message

private:
    template <typename F>
    void queue(F&& command);
    template <typename F>
    auto call(F&& function) const;
    void onFrameReady();

    QThread* thread_;
    SimulationWorker* worker_;
    std::shared_ptr<const SimulationFrame> latest_;
    std::shared_ptr<const RecordingLayout> layout_;
    bool loaded_ = false, running_ = false;
    unsigned generation_ = 0;
};

}  // namespace hfd::studio
