// Evaluations CMA-ES needs to reach a target on standard functions, per seed:
// one side of the comparison with DEAP's deap.cma.Strategy that
// scripts/compare_cma.py runs (table in docs/optimization.md). The problems
// (start, step size, lambda, target, budget) are the ones that script uses.
//
// Output: one line per run, "function seed evaluations" (evaluations = -1 when
// the budget ran out before the target), then the median per function.
#include "optimize/benchmark_functions.h"
#include "optimize/cma_es.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

namespace {

struct Problem {
    const char* name;
    std::function<double(const std::vector<double>&)> function;
    int dimension;
    double start;  // every coordinate of the initial mean
    double sigma;  // initial step size (every initial std)
    int lambda;    // 0: automatic
    double target;
    long long budget;  // evaluations
};

// Evaluations until the first generation whose best fitness is <= target (all
// lambda evaluations of that generation counted), -1 when the budget runs out
// or the run converged without reaching it.
long long evaluations_to_target(const Problem& problem, std::uint64_t seed) {
    hfd::CmaSettings settings;
    settings.initial_mean.assign(problem.dimension, problem.start);
    settings.initial_std.assign(problem.dimension, problem.sigma);
    settings.lambda = problem.lambda;
    settings.random_seed = seed;
    hfd::CmaEs cma(settings);
    long long evaluations = 0;
    std::vector<double> fitnesses(cma.lambda());
    while (evaluations < problem.budget) {
        const auto& candidates = cma.ask();
        double best = INFINITY;
        for (int k = 0; k < cma.lambda(); ++k) {
            fitnesses[k] = problem.function(candidates[k]);
            best = std::min(best, fitnesses[k]);
        }
        evaluations += cma.lambda();
        if (best <= problem.target) return evaluations;
        cma.tell(fitnesses);
        // Converged elsewhere (a local minimum): the longest axis of the sample
        // distribution is below 1e-12 and will not grow again.
        if (cma.state().sigma * cma.state().axis_lengths.maxCoeff() < 1e-12) return -1;
    }
    return -1;
}

}  // namespace

int main(int argc, char** argv) {
    namespace f = hfd::benchmark_functions;
    const std::vector<Problem> problems = {
        {"sphere", f::sphere, 10, 1.0, 0.5, 0, 1e-10, 100000},
        {"rosenbrock", f::rosenbrock, 10, 0.0, 0.5, 0, 1e-10, 200000},
        {"rastrigin", f::rastrigin, 10, 3.0, 2.0, 400, 1e-8, 1000000},
    };
    const int seeds = argc > 1 ? std::atoi(argv[1]) : 10;
    for (const Problem& problem : problems) {
        std::vector<long long> reached;
        for (int seed = 1; seed <= seeds; ++seed) {
            const long long evaluations = evaluations_to_target(problem, std::uint64_t(seed));
            std::printf("%s %d %lld\n", problem.name, seed, evaluations);
            if (evaluations >= 0) reached.push_back(evaluations);
        }
        std::sort(reached.begin(), reached.end());
        const size_t n = reached.size();
        const double median = n == 0  ? -1
                              : n % 2 ? double(reached[n / 2])
                                      : 0.5 * double(reached[n / 2 - 1] + reached[n / 2]);
        std::printf("# %s median %.1f reached %zu of %d\n", problem.name, median, n, seeds);
    }
    return 0;
}
