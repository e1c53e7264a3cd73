#pragma once
// One simulation of a batch, as `hfd simulate` runs it: model (with property
// overrides), config, initial state and excitations given as texts, recorded
// by the shared run loop (run/run.h). Inputs are texts, not paths, so a job can
// be shipped to another machine; `file` names them in messages.
#include "batch/sweep.h"
#include "run/recorder.h"
#include "run/run.h"
#include "run/run_setup.h"
#include "sim/simulation.h"

#include <csignal>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hfd {

struct TextInput {
    std::string text;
    std::string file;  // for file:line:col and the model's directory; may be empty
    bool given() const { return !text.empty() || !file.empty(); }
};

// Reads a whole file; nullopt and error when it cannot be read.
std::optional<TextInput> read_text_input(const std::string& path, std::string* error);

struct JobInputs {
    TextInput model;
    TextInput config;  // optional: else the model file's own blocks, else the default
    TextInput state;   // optional: initial dof values / velocities (io/state_file.h)
    OverrideSet overrides;
};

struct BatchJob {
    JobInputs inputs;
    TextInput excitation;                       // optional: excitation CSV (io/excitation_csv.h)
    double duration = 1, sample_period = 0.01;  // s
    GroupMask groups = all_channel_groups;
};

// Model, overrides, config, initial state and excitation, set up by prepare_run
// (run/run_setup.h) as for `hfd simulate`.
PreparedRun prepare_job(const JobInputs& inputs, const TextInput& excitation = {});

// OutputError: the run was simulated but its file could not be written.
enum class JobStatus { Done, InputError, SimulationFailed, OutputError };
const char* job_status_name(JobStatus status);  // "done", "input error", "failed", "output error"

struct JobOutcome {
    JobStatus status = JobStatus::InputError;
    std::string message;  // first error, or why the run stopped
    std::vector<Diagnostic> diagnostics;
    RunResult run;
    std::optional<Recorder> recording;  // rows recorded (also those before a failure)
    double wall_seconds = 0;
};

JobOutcome run_job(const BatchJob& job, const volatile std::sig_atomic_t* interrupted = nullptr);

}  // namespace hfd
