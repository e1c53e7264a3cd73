#include "optimize/parallel_evaluator.h"

#include <cmath>
#include <exception>
#include <limits>

namespace hfd {
namespace {

Evaluation evaluate_one(const Objective& objective, const std::vector<double>& candidate) {
    Evaluation result;
    try {
        result.fitness = objective(candidate);
        if (std::isnan(result.fitness)) result.error = "the objective returned NaN";
    } catch (const std::exception& error) {
        result.error = error.what();
        if (result.error.empty()) result.error = "the objective threw an exception without a message";
    } catch (...) {
        result.error = "the objective threw an exception that is not a std::exception";
    }
    if (!result.error.empty()) result.fitness = std::numeric_limits<double>::infinity();
    return result;
}

}  // namespace

ParallelEvaluator::ParallelEvaluator(int threads) : pool_(threads) {}

std::vector<Evaluation> ParallelEvaluator::evaluate(const Objective& objective,
                                                    const std::vector<std::vector<double>>& candidates) {
    std::vector<Evaluation> results(candidates.size());
    pool_.run(candidates.size(), [&](size_t i) { results[i] = evaluate_one(objective, candidates[i]); });
    return results;
}

}  // namespace hfd
