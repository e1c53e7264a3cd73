#pragma once
// Evaluates the candidates of one generation on the engine's thread pool
// (parallel/thread_pool.h). Result i always belongs to candidate i, whatever
// thread ran it and whenever it ended, so an optimization gives the same bits
// with 1 or 64 threads.
#include "parallel/thread_pool.h"

#include <functional>
#include <string>
#include <vector>

namespace hfd {

// The score of a parameter vector, lower is better. Called concurrently from
// several threads: it must not modify shared state without synchronization.
using Objective = std::function<double(const std::vector<double>& parameters)>;

struct Evaluation {
    double fitness = 0;
    // Empty when the objective returned a number; otherwise why the candidate
    // failed (an exception's text, "returned NaN"), and fitness is +inf.
    std::string error;
};

class ParallelEvaluator {
public:
    // threads <= 0: one per hardware thread. The calling thread is one of them.
    explicit ParallelEvaluator(int threads = 0);

    int thread_count() const { return pool_.thread_count(); }

    // objective(candidates[i]) for every i; returns when all are done. One call at a time.
    std::vector<Evaluation> evaluate(const Objective& objective, const std::vector<std::vector<double>>& candidates);

private:
    ThreadPool pool_;
};

}  // namespace hfd
