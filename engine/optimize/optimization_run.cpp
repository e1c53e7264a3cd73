#include "optimize/optimization_run.h"

#include <stdexcept>

#include "optimize/optimization_state.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace hfd {
namespace {

struct FitnessStatistics {
    int best_index = 0;
    double median = 0;
    double std = 0;
};

FitnessStatistics statistics(const std::vector<Evaluation>& evaluations) {
    FitnessStatistics result;
    std::vector<double> sorted;
    for (size_t k = 0; k < evaluations.size(); ++k) {
        sorted.push_back(evaluations[k].fitness);
        if (evaluations[k].fitness < evaluations[result.best_index].fitness) result.best_index = int(k);
    }
    std::sort(sorted.begin(), sorted.end());
    const size_t n = sorted.size();
    result.median = n % 2 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
    double sum = 0, sum_squares = 0;
    int finite = 0;
    for (double f : sorted)
        if (std::isfinite(f)) {
            sum += f;
            ++finite;
        }
    if (finite >= 2) {
        const double mean = sum / finite;
        for (double f : sorted)
            if (std::isfinite(f)) sum_squares += (f - mean) * (f - mean);
        result.std = std::sqrt(sum_squares / (finite - 1));
    }
    return result;
}

}  // namespace

const char* stop_reason_text(StopReason reason) {
    switch (reason) {
        case StopReason::none: return "running";
        case StopReason::max_generations: return "max_generations reached";
        case StopReason::min_progress: return "progress below min_progress";
        case StopReason::stop_requested: return "stopped on request";
        case StopReason::write_failed: return "stopped: a result file could not be written";
    }
    return "unknown";
}

double fitness_progress(const std::vector<double>& bests, int window_size) {
    const int bin_size = std::max(1, std::min(10, window_size / 2));
    const int count = int(bests.size());
    const int bins = count / bin_size;
    if (bins < 2) return INFINITY;
    const int first = count % bin_size;  // the oldest samples that fill no bin are left out
    // Least squares line through (bin centre, bin best): slope = cov(x, y) / var(x).
    std::vector<double> values(bins, INFINITY);
    for (int i = first; i < count; ++i) {
        if (!std::isfinite(bests[i])) return INFINITY;
        double& value = values[(i - first) / bin_size];
        value = std::min(value, bests[i]);
    }
    double mean_x = 0, mean_y = 0;
    for (int b = 0; b < bins; ++b) {
        mean_x += (b + 0.5) * bin_size;
        mean_y += values[b];
    }
    mean_x /= bins;
    mean_y /= bins;
    double covariance = 0, variance = 0;
    for (int b = 0; b < bins; ++b) {
        const double dx = (b + 0.5) * bin_size - mean_x;
        covariance += dx * (values[b] - mean_y);
        variance += dx * dx;
    }
    const double slope = covariance / variance;
    // The line's value at the window centre is mean_y; SCONE divides by it signed,
    // which makes improving negative fitnesses look like regress: |mean_y| here.
    if (mean_y == 0) return slope < 0 ? INFINITY : slope > 0 ? -INFINITY : 0;
    return -slope / std::abs(mean_y);
}

OptimizationRun::OptimizationRun(const CmaSettings& settings, Objective objective, int threads)
    : cma_(settings), objective_(std::move(objective)), evaluator_(threads) {}

OptimizationResult OptimizationRun::result(StopReason reason) const {
    OptimizationResult result;
    result.reason = reason;
    result.generations = cma_.state().generation;
    result.evaluations = cma_.state().evaluations;
    result.best_fitness = progress_.best_fitness;
    result.best_parameters = progress_.best_parameters;
    result.best_generation = progress_.best_generation;
    return result;
}

StopReason OptimizationRun::stop_condition() const {
    const CmaSettings& s = cma_.settings();
    const int generation = cma_.state().generation;
    if (generation >= s.max_generations) return StopReason::max_generations;
    const int samples = s.min_progress_samples > 0 ? s.min_progress_samples : s.window_size;
    if (generation >= samples && fitness_progress(progress_.generation_bests, s.window_size) < s.min_progress)
        return StopReason::min_progress;
    return StopReason::none;
}

void OptimizationRun::record(const std::vector<std::vector<double>>& candidates,
                             const std::vector<Evaluation>& evaluations, double evaluations_per_second) {
    const int generation = cma_.state().generation;  // after tell(): this generation's number
    const FitnessStatistics stats = statistics(evaluations);
    const double best = evaluations[stats.best_index].fitness;
    int failed = 0;
    for (size_t k = 0; k < evaluations.size(); ++k) {
        if (evaluations[k].error.empty()) continue;
        ++failed;
        if (callbacks_.on_failure) callbacks_.on_failure({generation, int(k), evaluations[k].error});
    }
    progress_.generation_bests.push_back(best);
    const size_t window = size_t(cma_.settings().window_size);
    if (progress_.generation_bests.size() > window)
        progress_.generation_bests.erase(progress_.generation_bests.begin(),
                                         progress_.generation_bests.end() - ptrdiff_t(window));
    if (best < progress_.best_fitness) {
        progress_.best_fitness = best;
        progress_.best_parameters = candidates[stats.best_index];
        progress_.best_generation = generation;
        if (callbacks_.on_improvement) callbacks_.on_improvement({generation, best, &progress_.best_parameters});
    }
    if (callbacks_.on_generation) {
        GenerationReport report;
        report.generation = generation;
        report.best = best;
        report.median = stats.median;
        report.std = stats.std;
        report.failed = failed;
        report.best_so_far = progress_.best_fitness;
        report.best_parameters = &candidates[stats.best_index];
        report.evaluations = cma_.state().evaluations;
        report.evaluations_per_second = evaluations_per_second;
        report.progress = fitness_progress(progress_.generation_bests, cma_.settings().window_size);
        callbacks_.on_generation(report);
    }
}

StopReason OptimizationRun::step() {
    const auto start = std::chrono::steady_clock::now();
    // A copy: tell() may not invalidate what the callbacks are shown.
    const std::vector<std::vector<double>> candidates = cma_.ask();
    const std::vector<Evaluation> evaluations =
        generation_evaluator_ ? generation_evaluator_(candidates) : evaluator_.evaluate(objective_, candidates);
    if (evaluations.size() != candidates.size())
        throw std::runtime_error("the generation evaluator returned " + std::to_string(evaluations.size()) +
                                 " results for " + std::to_string(candidates.size()) + " candidates");
    std::vector<double> fitnesses(evaluations.size());
    for (size_t k = 0; k < evaluations.size(); ++k) fitnesses[k] = evaluations[k].fitness;
    cma_.tell(fitnesses);
    seconds_this_process_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    evaluations_this_process_ += ptrdiff_t(candidates.size());
    record(candidates, evaluations, evaluations_this_process_ / std::max(seconds_this_process_, 1e-9));
    return stop_condition();
}

OptimizationResult OptimizationRun::run(const std::atomic<bool>* stop) {
    StopReason reason = stop_condition();
    while (reason == StopReason::none) {
        if (stop && stop->load()) return result(StopReason::stop_requested);
        reason = step();
    }
    return result(reason);
}

bool OptimizationRun::save_state(const std::string& path, std::string* error) const {
    return write_optimization_state(path, cma_, progress_, error);
}

bool OptimizationRun::load_state(const std::string& path, std::string* error) {
    CmaState state;
    RunProgress progress;
    if (!read_optimization_state(path, cma_, state, progress, error)) return false;
    restore(state, std::move(progress));
    return true;
}

void OptimizationRun::restore(const CmaState& state, RunProgress progress) {
    cma_.set_state(state);
    progress_ = std::move(progress);
}

}  // namespace hfd
