#pragma once
// One run loop for every front end (hfd simulate, the studio's worker, tests):
// integrator steps, samples at fixed times, contact events, divergence checks.
//
// The steps never depend on the sampling: a step is only shortened to land on
// the end of the run. A sample time that falls inside a step [t0, t1] is
// recorded from the integrator's partial step from t0 (Integrator::partial_step),
// which is the state a step cut at that time would reach; the run itself
// continues from t1. So a run sampled every 0.5 ms and one sampled every 10 ms
// take the same steps and meet the same contact events.
#include "format/diagnostic.h"
#include "run/contact_events.h"
#include "run/recorder.h"
#include "sim/simulation.h"

#include <csignal>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace hfd {

// Limits of one run (docs/cli.md, "Limits of a run"). A run is refused before
// its first step when its duration is not a finite number >= 0, when it does
// not change the time (t + duration == t in double precision), when it would
// record more than max_run_samples samples or take more than max_run_steps
// steps of the integrator's nominal step (step_size, or max_step of an
// error-controlled one), or when the time near its end is too coarse for
// that step (t + h/2 == t). These catch a step of 1e-300 s, or durations of 1e18 s,
// that would otherwise run for ever or record nothing.
constexpr double max_run_steps = 1e10;
constexpr double max_run_samples = 1e8;

// Why a run of `duration` from sim's current time sampled every
// `sample_period` cannot be simulated, or nullopt. An error about the step
// count is located at the integrator's step size property.
std::optional<Diagnostic> check_run_length(const Simulation& sim, double duration, double sample_period);

struct RunOptions {
    double duration = 1;                     // s
    double sample_period = 0.01;             // s
    double max_kinetic_energy = 1e9;         // J; above it the run is stopped as diverged
    ContactEventDetector* events = nullptr;  // locates contact changes when given
    // Sets time-dependent controls (e.g. excitations from a file) before every
    // step, held constant during it, and at every sample time for the row.
    std::function<void(double time, Controls& controls)> control;
    std::function<void(double time)> on_sample;               // e.g. progress display
    const volatile std::sig_atomic_t* interrupted = nullptr;  // set (e.g. by SIGINT) to stop early
};

struct RunResult {
    bool ok = true;
    std::string message;        // why the run stopped early
    double time = 0;            // simulated time reached
    Index body = no_index;      // offending body of a failed run, when known
    long long steps = 0;        // accepted integrator steps of the run
    bool refused = false;       // check_run_length refused the run: nothing was simulated or recorded
    bool write_failed = false;  // the recorder's sink refused rows (message tells why)
};

class Run {
public:
    // Records the first sample (and the starting contacts) at sim's current
    // state; a run that check_run_length refuses records nothing and is finished.
    Run(Simulation& sim, Recorder& recorder, const RunOptions& options);

    // All samples recorded, or stopped early (result().ok is false).
    bool finished() const { return !result_.ok || next_sample_ >= sample_count_; }
    // One accepted step and the samples it passes; false when the run stopped.
    bool step();
    // Steps until the next sample has been recorded (or the run stopped).
    bool advance_to_next_sample();
    // Moves the end of the run (e.g. extended after it finished); samples keep
    // their period from the start. An end before the current time ends the run.
    void set_end_time(double end_time);
    const RunResult& result() const { return result_; }
    double end_time() const { return end_time_; }
    size_t next_sample() const { return next_sample_; }

private:
    bool fail(std::string message, double time, Index body);
    bool check_energy();
    bool check_sink();                  // fails the run when the recorder's sink refused rows
    bool record_samples_within_step();  // false when the recorder's sink failed

    Simulation& sim_;
    Recorder& recorder_;
    RunOptions options_;
    double start_time_ = 0, end_time_ = 0;
    size_t sample_count_ = 0, next_sample_ = 1;
    double next_sample_at_ = 0;    // sample_time of next_sample_
    State before_, sample_state_;  // state at the start of the current step, and a sample within it
    Data before_data_;             // its derivatives (what partial_step reads)
    // per body, 0 for static ones: m/2 and max(I)/2, the kinetic energy bound's weights
    std::vector<double> half_mass_, half_largest_inertia_;
    RunResult result_;
};

// Runs to the end (or the first failure): Run constructed, then stepped.
RunResult record_simulation(Simulation& sim, Recorder& recorder, const RunOptions& options);

}  // namespace hfd
