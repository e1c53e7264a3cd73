#pragma once
// The generation loop around CmaEs: ask, evaluate on a ParallelEvaluator, tell,
// report, test the stop conditions (SCONE's max_generations and min_progress,
// and a stop flag), and save or resume the whole state. No scenario knowledge:
// the objective is any thread-safe function of a parameter vector.
#include "optimize/cma_es.h"
#include "optimize/parallel_evaluator.h"

#include <atomic>
#include <functional>
#include <limits>
#include <string>
#include <vector>

namespace hfd {

struct GenerationReport {
    int generation = 0;  // generations completed, this one included (1 for the first)
    double best = 0;     // this generation's lowest fitness
    double median = 0;   // of all lambda fitnesses (failures count as +inf)
    double std = 0;      // of the finite fitnesses of this generation (0 when fewer than 2)
    int failed = 0;      // candidates whose evaluation failed
    double best_so_far = 0;
    const std::vector<double>* best_parameters = nullptr;  // this generation's best candidate
    long long evaluations = 0;          // since the start of the optimization (resumed runs included)
    double evaluations_per_second = 0;  // this process's evaluations over its wall time in run()
    double progress = 0;                // the min_progress measure; +inf until min_progress_samples generations
};

struct Improvement {
    int generation = 0;
    double fitness = 0;
    const std::vector<double>* parameters = nullptr;
};

struct EvaluationFailure {
    int generation = 0;  // the generation being evaluated (1 for the first)
    int candidate = 0;
    std::string message;
};

// Called on the thread that runs the optimization, after each generation.
struct OptimizationCallbacks {
    std::function<void(const GenerationReport&)> on_generation;
    std::function<void(const Improvement&)> on_improvement;  // before on_generation
    std::function<void(const EvaluationFailure&)> on_failure;
};

enum class StopReason { none, max_generations, min_progress, stop_requested, write_failed };
const char* stop_reason_text(StopReason reason);

// What the loop keeps besides the CMA-ES state; saved with it.
struct RunProgress {
    double best_fitness = std::numeric_limits<double>::infinity();
    std::vector<double> best_parameters;  // empty until a finite fitness was seen
    int best_generation = 0;
    std::vector<double> generation_bests;  // the last window_size generations' best fitnesses
};

// SCONE's progress measure (spot's optimizer::progress): the generation bests
// of the window, in bins of up to 10 keeping each bin's best, fitted by a
// straight line; progress = -slope / |mean|, the relative improvement per
// generation. +inf while there are fewer than two bins or values are not finite.
double fitness_progress(const std::vector<double>& generation_bests, int window_size);

struct OptimizationResult {
    StopReason reason = StopReason::none;
    int generations = 0;
    long long evaluations = 0;
    double best_fitness = std::numeric_limits<double>::infinity();
    std::vector<double> best_parameters;
    int best_generation = 0;
};

// Evaluates a whole generation somewhere else (e.g. a cluster) instead of on the
// thread pool: one Evaluation per candidate, in their order.
using GenerationEvaluator = std::function<std::vector<Evaluation>(const std::vector<std::vector<double>>&)>;

class OptimizationRun {
public:
    // threads <= 0: one per hardware thread. Throws std::invalid_argument for bad settings.
    OptimizationRun(const CmaSettings& settings, Objective objective, int threads = 0);

    void set_callbacks(OptimizationCallbacks callbacks) { callbacks_ = std::move(callbacks); }
    // Replaces the thread pool for the evaluations (empty: back to the pool). The
    // result of a seed is the same either way when the objective is.
    void set_generation_evaluator(GenerationEvaluator evaluator) { generation_evaluator_ = std::move(evaluator); }

    // Runs generations until a stop condition holds. *stop (Ctrl+C, the studio's
    // Stop button) is read after each generation: the run ends there, the best
    // is kept, and the state can be saved and resumed.
    OptimizationResult run(const std::atomic<bool>* stop = nullptr);
    // One generation, then the stop condition it reached (none: go on).
    StopReason step();
    StopReason stop_condition() const;

    // A plain text file (format in docs/optimization.md). Resuming with the
    // same settings continues bit for bit as if the run had not stopped.
    bool save_state(const std::string& path, std::string* error = nullptr) const;
    bool load_state(const std::string& path, std::string* error = nullptr);
    // A state read before (read_optimization_state) for these settings.
    void restore(const CmaState& state, RunProgress progress);

    const CmaEs& optimizer() const { return cma_; }
    const RunProgress& progress() const { return progress_; }
    int thread_count() const { return evaluator_.thread_count(); }
    OptimizationResult result(StopReason reason) const;

private:
    void record(const std::vector<std::vector<double>>& candidates, const std::vector<Evaluation>& evaluations,
                double evaluations_per_second);

    CmaEs cma_;
    Objective objective_;
    ParallelEvaluator evaluator_;
    GenerationEvaluator generation_evaluator_;
    OptimizationCallbacks callbacks_;
    RunProgress progress_;
    long long evaluations_this_process_ = 0;
    double seconds_this_process_ = 0;
};

}  // namespace hfd
