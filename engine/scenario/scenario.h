#pragma once
// A SCONE scenario, loaded once and evaluated for any set of parameter values:
//   CmaOptimizer { ... SimulationObjective { max_duration ModelHyfydy { ... }
//                                            <controller> <measure> } }
// (a bare SimulationObjective at the top is accepted too). The model file and its
// simulation config are read once; every evaluation builds its own Simulation,
// controller and measure from the scenario's tree with the given parameter values,
// so evaluations are independent and may run on different threads.
#include "control/controller.h"
#include "control/properties.h"
#include "measures/measure.h"
#include "optimize/cma_es.h"
#include "scenario/scenario_file.h"
#include "sim/simulation.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace hfd {

// SCONE's CmaOptimizer properties (read by the scenario so that a misspelt key is
// reported; used by the optimizer). Defaults are CmaSettings's.
struct OptimizerSettings {
    bool present = false;   // the scenario has a CmaOptimizer block
    CmaSettings cma;        // lambda, mu, sigma, random_seed and the stop conditions
    std::string init_file;  // resolved path of init { file } or init_file
    bool use_init_file = true, use_init_file_std = true;
    double init_std_factor = 1;     // init { std_factor }: multiplies the file's stds
    double init_std_offset = 0;     // init { std_offset }: added to them
    bool use_best_as_mean = false;  // init { use_best_as_mean }: the file's value column is the mean
    std::string signature_prefix;
};

// The run one evaluation makes (after the model options are applied).
struct EvaluationOptions {
    // Called at every control step after the controllers (time, plant, controller
    // channels), e.g. to record a row; empty: nothing recorded.
    std::function<void(double time, const Plant& plant, const std::vector<ControlChannel>& channels)> on_control_step;
    const volatile bool* stop = nullptr;  // set to end the run early (its measures still score it)
    // When set, the wall seconds spent in the sensors and controllers, and in the measures,
    // are added here (two clock reads per control step).
    double* control_seconds = nullptr;
    double* measure_seconds = nullptr;
};

struct ScenarioResult {
    bool ok = true;  // false: the simulation failed (message says why); still scored
    std::string message;
    double objective = 0;  // the weighted result of the scenario's measure
    bool minimize = true;  // the measure's direction (minimize = 0: larger is better)
    std::vector<MeasureTerm> terms;
    double simulated_time = 0, distance = 0, speed = 0;  // distance: centre of mass x displacement, m
    std::string termination;                             // why the run ended before max_duration, else empty
    long long steps = 0;
    std::vector<Diagnostic> diagnostics;  // creation problems of this evaluation (bad values)
};

class Scenario {
public:
    // Reads the scenario, its includes, model and config; declares its parameters
    // (with their means). Errors are located; nullptr when it cannot be used.
    static std::unique_ptr<Scenario> load(const std::string& path, std::vector<Diagnostic>& diagnostics);
    static std::unique_ptr<Scenario> load_text(std::string_view text, const std::string& path,
                                               std::vector<Diagnostic>& diagnostics);

    // Declared parameters; values are their means.
    const ParamSet& parameters() const { return parameters_; }
    const OptimizerSettings& optimizer() const { return optimizer_; }
    double max_duration() const { return max_duration_; }
    const std::string& file() const { return file_.file; }
    const Model& model() const { return *model_; }
    const std::string& model_file() const { return model_file_; }  // ModelHyfydy's model_file, resolved
    std::shared_ptr<const Model> shared_model() const { return model_; }
    const SimConfig& config() const { return config_; }
    double control_step() const { return control_step_; }

    // Parameter values by name: a .par file's values checked against the declared
    // parameters (unknown names and values outside a range are located errors;
    // parameters it lacks keep their means, with a warning naming them).
    std::optional<std::unordered_map<std::string, double>> values_from_par(const std::string& par_path,
                                                                           std::vector<Diagnostic>& diagnostics) const;
    // The parameters the scenario starts from, as SCONE evaluates a scenario without a
    // .par: the means, and for those its optimizer's init file names, the file's mean
    // column (its value column with use_best_as_mean; a file without means: its values).
    // Names the scenario lacks are skipped with a warning, as SCONE skips them; nullopt
    // when the init file cannot be used or puts a value outside its range (the errors
    // in diagnostics: a run never starts from values other than those asked for).
    std::optional<std::unordered_map<std::string, double>> initial_values(std::vector<Diagnostic>& diagnostics) const;
    std::unordered_map<std::string, double> values_by_name(const std::vector<double>& values) const;

    // Values that are not finite, or a vector of the wrong length, are refused before
    // anything runs: an error in diagnostics names the first bad parameter (its index
    // in parameters() and its name), ok is false and the objective +inf.
    ScenarioResult evaluate(const std::unordered_map<std::string, double>& values,
                            const EvaluationOptions& options = {}) const;
    // values in parameters() order
    ScenarioResult evaluate(const std::vector<double>& values, const EvaluationOptions& options = {}) const;

    // Everything one evaluation runs: built from the tree with the given values.
    struct RunObjects;
    // Declares the parameters it reads into `declared`; nullptr after errors in diagnostics.
    std::unique_ptr<RunObjects> create_run(const std::unordered_map<std::string, double>& values, ParamSet& declared,
                                           std::vector<Diagnostic>& diagnostics) const;

private:
    Scenario() = default;
    bool read_structure(std::vector<Diagnostic>& diagnostics);

    ScenarioFile file_;
    const PropNode* objective_ = nullptr;  // SimulationObjective
    const PropNode *model_node_ = nullptr, *controller_node_ = nullptr, *measure_node_ = nullptr;
    std::shared_ptr<const Model> model_;
    std::string model_file_;
    SimConfig config_;
    ParamSet parameters_;
    OptimizerSettings optimizer_;
    double max_duration_ = 1, control_step_ = 0.001;
    ParamDefaults objective_param_defaults_;  // SimulationObjective { auto_std_factor auto_std_minimum }
};

}  // namespace hfd
