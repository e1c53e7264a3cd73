#pragma once
// Evaluates the candidates of one generation on a pool of threads. Result i
// always belongs to candidate i, whatever thread ran it and whenever it ended,
// so an optimization gives the same bits with 1 or 64 threads. The threads
// live as long as the evaluator and wait between generations.
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
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
    ~ParallelEvaluator();
    ParallelEvaluator(const ParallelEvaluator&) = delete;
    ParallelEvaluator& operator=(const ParallelEvaluator&) = delete;

    int thread_count() const { return int(workers_.size()) + 1; }

    // objective(candidates[i]) for every i; returns when all are done. One call at a time.
    std::vector<Evaluation> evaluate(const Objective& objective, const std::vector<std::vector<double>>& candidates);

private:
    void work_loop();
    void run_pending();

    std::vector<std::thread> workers_;
    std::mutex mutex_;
    std::condition_variable work_ready_;
    std::condition_variable work_done_;
    bool stopping_ = false;
    unsigned long long batch_ = 0;  // counts evaluate() calls; a change wakes the workers
    int busy_workers_ = 0;
    // The batch being evaluated (valid while busy_workers_ > 0 or in evaluate()).
    const Objective* objective_ = nullptr;
    const std::vector<std::vector<double>>* candidates_ = nullptr;
    std::vector<Evaluation>* results_ = nullptr;
    size_t next_ = 0;  // the next candidate to take, under mutex_
};

}  // namespace hfd
