#pragma once
// One way to set up a run, for every front end (hfd simulate / analyze /
// collocate, batch jobs, Python, the studio): a model (file, text, or already
// built), an optional config file, an optional initial state file and an
// optional excitation file become a ready Simulation, its SimConfig, the
// excitation series and the control callback of the run loop (run/run.h), with
// the diagnostics of every input located at file:line:col.
//
// The steps, in order (the first that fails stops; PreparedRun::failed names it):
//   model       parse, edit_texts (batch overrides), build; file and directory set
//   config      the config file's composite_force / integrator blocks, else the
//               model file's, else the default (a warning); a config file
//               without either block is an error
//   simulation  Simulation::create
//   state       the state file's dofs, then initial_dofs, then initial_state
//               (each replaces what the one before set); initial contacts checked
//   excitation  the excitation file (muscle names checked against the model)
//
// Controllers (e.g. a scenario's) are added to the prepared run and called
// after the excitation at every control time of the run loop, in the order
// added, with the simulation they control.
#include "format/diagnostic.h"
#include "format/prop_node.h"
#include "io/excitation_csv.h"
#include "run/run.h"
#include "state/kinematics.h"
#include "sim/sim_config.h"
#include "sim/simulation.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hfd {

// A file given by its path (read when the run is prepared) or by its text
// (batch jobs shipped to another machine, Python, the studio's editor); `file`
// names it in messages and gives the model's directory.
struct RunInput {
    std::string file;
    std::optional<std::string> text;

    static RunInput path(std::string file) { return {std::move(file), std::nullopt}; }
    static RunInput content(std::string text, std::string file) { return {std::move(file), std::move(text)}; }
    bool given() const { return text.has_value() || !file.empty(); }
};

// Sets controls from the simulation's state at `time` (the start of a step, or
// a sample time inside the step just taken). Must not allocate in a run.
using RunController = std::function<void(const Simulation& sim, double time, Controls& controls)>;

// Changes the parsed model file (and config file, when given) before the model
// is built, e.g. a batch run's property overrides; false after adding errors.
using TextEditor = std::function<bool(PropNode& model_root, PropNode* config_root, std::vector<Diagnostic>&)>;

struct RunInputs {
    RunInput model;
    // Instead of `model`: a model already built (the studio's document) and,
    // when its text parsed, that text's root for its config blocks.
    std::shared_ptr<const Model> built_model;
    const PropNode* built_model_root = nullptr;
    TextEditor edit_texts;

    RunInput config;                       // optional; see above
    std::optional<SimConfig> read_config;  // instead of any file: a config already read

    RunInput state;                             // optional: dof values and velocities (io/state_file.h)
    std::optional<DofAssignment> initial_dofs;  // optional: applied after the state file
    std::optional<State> initial_state;         // optional: the whole initial state (e.g. a scenario's)

    RunInput excitation;                                        // optional: CSV (io/excitation_csv.h)
    std::shared_ptr<const ExcitationSeries> excitation_series;  // instead of the file: already read

    std::vector<RunController> controllers;
};

enum class RunStage { None, Model, Config, Simulation, State, Excitation };
const char* run_stage_name(RunStage stage);  // "model", "config", ...

struct PreparedRun {
    std::unique_ptr<Simulation> sim;  // nullptr when an input is unusable
    SimConfig config;
    std::shared_ptr<const ExcitationSeries> excitation;  // nullptr: none
    std::vector<RunController> controllers;
    std::vector<Diagnostic> diagnostics;  // errors and warnings of every input, in the order read
    RunStage failed = RunStage::None;     // the input that stopped the setup

    bool ok() const { return sim != nullptr && failed == RunStage::None; }
    void add_controller(RunController controller) { controllers.push_back(std::move(controller)); }
    // The run loop's control callback: the excitation, then every controller;
    // empty when there is neither. Holds the simulation by pointer: valid while
    // `sim` lives, wherever this PreparedRun is moved.
    std::function<void(double time, Controls& controls)> control() const;
    // RunOptions with duration, sample period and control() set.
    RunOptions run_options(double duration, double sample_period) const;
};

PreparedRun prepare_run(const RunInputs& inputs);

// The config of a parsed file: its blocks, else the default. A config file
// (is_config_file) without a composite_force or integrator block is an error;
// a model file without them gets a warning that the default is used.
SimConfig read_run_config(const PropNode& root, const std::string& file, bool is_config_file,
                          std::vector<Diagnostic>& diagnostics);
// The same for a config file given by path or text (parse errors included).
std::optional<SimConfig> read_config_input(const RunInput& config, std::vector<Diagnostic>& diagnostics);

}  // namespace hfd
