#pragma once
// Optimizing a scenario's parameters with CMA-ES (SCONE's CmaOptimizer), writing
// results as SCONE does, in a folder per run:
//   <out>/<YYMMDD.HHMMSS>.<scenario name>/
//     <scenario>.scone          a copy of the scenario as it was started
//     NNNN_<best>.par           the best parameters after each improving generation
//                               (value = the best candidate, mean / std = the
//                               optimizer's current mean and spread)
//     history.csv               generation,best,median,std,best_so_far,evaluations
//     optimization.state        the whole optimizer state after the last generation
// A run stopped (Ctrl+C, the studio's Stop, a kill) keeps its best and its state;
// resume() continues it bit for bit. Each generation's files land together
// (scenario/run_folder.h); the first failed write stops the run. A folder is held
// from resume() (or its making) to the end of run(): a second run or resume of it
// meanwhile is refused. The objective is the scenario's measure, minimized (a
// measure with minimize = 0 is negated for the optimizer; files show its own value).
#include "optimize/optimization_run.h"
#include "scenario/run_folder.h"
#include "scenario/scenario.h"

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace hfd {

struct ScenarioOptimizationOptions {
    int threads = 0;                     // 0: one per hardware thread
    std::optional<std::uint64_t> seed;   // overrides the scenario's random_seed
    std::optional<int> max_generations;  // overrides the scenario's
    std::string out_dir = "results";     // parent of the run folder
};

struct OptimizationProgress {
    GenerationReport report;      // as the optimizer reports it (fitness as minimized)
    double best = 0, median = 0;  // in the measure's own sign
    double seconds = 0;           // wall time of this process's run so far
    int max_generations = 0;
};

class ScenarioOptimization {
public:
    // Prepares a new run: initial mean and std from the scenario's init file
    // (use_init_file / use_init_file_std, std_factor, std_offset) or its
    // parameters' declarations; bounds from the declarations. The run folder is
    // made by start(). nullptr after errors in diagnostics.
    static std::unique_ptr<ScenarioOptimization> create(std::shared_ptr<const Scenario> scenario,
                                                        const ScenarioOptimizationOptions& options,
                                                        std::vector<Diagnostic>& diagnostics);
    // Continues the run in `folder` (its scenario copy and optimization.state).
    // Refused, with the reason in diagnostics, for a folder in use, without a
    // state (a kill before the first save) or with a damaged one.
    static std::unique_ptr<ScenarioOptimization> resume(const std::string& folder,
                                                        const ScenarioOptimizationOptions& options,
                                                        std::vector<Diagnostic>& diagnostics);

    void on_progress(std::function<void(const OptimizationProgress&)> callback) { progress_ = std::move(callback); }
    // Evaluates each generation elsewhere (a Dask cluster from Python): the scenario's
    // objective (its measure's own sign) per candidate, NaN for a failed one. The
    // folder's files are the same as with the thread pool.
    using ObjectiveEvaluator = std::function<std::vector<double>(const std::vector<std::vector<double>>&)>;
    void set_generation_evaluator(ObjectiveEvaluator evaluator) { external_ = std::move(evaluator); }
    // Runs until a stop condition or *stop; writes the folder's files as it goes.
    // False (error says why) when a file cannot be written: the run stops at the
    // first failure (result().reason == write_failed), its folder at the last
    // generation saved whole.
    bool run(const std::atomic<bool>* stop, std::string* error);

    // The run folder: empty until run() made it (or when it could not be made).
    const std::string& folder() const { return folder_; }
    const OptimizationResult& result() const { return result_; }
    const Scenario& scenario() const { return *scenario_; }
    const CmaSettings& settings() const { return settings_; }
    // The measure's value of the best parameters so far (its own sign).
    double best_value() const;
    // The newest .par written (empty before the first improvement).
    const std::string& best_par_file() const { return best_par_; }

private:
    ScenarioOptimization() = default;
    bool make_folder(std::string* error);
    bool write_generation(const GenerationReport& report, std::string* error);
    bool write_improvement(const Improvement& improvement, std::string* error);

    std::shared_ptr<const Scenario> scenario_;
    ScenarioOptimizationOptions options_;
    CmaSettings settings_;
    std::unique_ptr<OptimizationRun> run_;
    bool minimize_ = true;
    std::string folder_, best_par_;
    RunFolderLock lock_;
    bool resumed_ = false;
    CmaState resumed_state_;
    RunProgress resumed_progress_;
    OptimizationResult result_;
    std::function<void(const OptimizationProgress&)> progress_;
    ObjectiveEvaluator external_;
};

// SCONE's parameter values of a .par file, as a vector in the scenario's order
// (parameters it lacks take their means).
std::vector<double> parameter_vector(const Scenario& scenario, const std::unordered_map<std::string, double>& values);

}  // namespace hfd
