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

ParallelEvaluator::ParallelEvaluator(int threads) {
    if (threads <= 0) threads = int(std::max(1u, std::thread::hardware_concurrency()));
    for (int t = 1; t < threads; ++t) workers_.emplace_back([this] { work_loop(); });
}

ParallelEvaluator::~ParallelEvaluator() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    work_ready_.notify_all();
    for (std::thread& worker : workers_) worker.join();
}

void ParallelEvaluator::run_pending() {
    // Candidates are handed out one at a time (their costs may differ a lot: a
    // simulation that falls ends early); one lock per candidate is negligible
    // against an evaluation.
    std::unique_lock lock(mutex_);
    while (next_ < candidates_->size()) {
        const size_t index = next_++;
        lock.unlock();
        Evaluation result = evaluate_one(*objective_, (*candidates_)[index]);
        lock.lock();
        (*results_)[index] = std::move(result);
    }
}

void ParallelEvaluator::work_loop() {
    unsigned long long seen = 0;
    std::unique_lock lock(mutex_);
    for (;;) {
        work_ready_.wait(lock, [&] { return stopping_ || batch_ != seen; });
        if (stopping_) return;
        seen = batch_;
        lock.unlock();
        run_pending();
        lock.lock();
        if (--busy_workers_ == 0) work_done_.notify_all();
    }
}

std::vector<Evaluation> ParallelEvaluator::evaluate(const Objective& objective,
                                                    const std::vector<std::vector<double>>& candidates) {
    std::vector<Evaluation> results(candidates.size());
    {
        std::lock_guard lock(mutex_);
        objective_ = &objective;
        candidates_ = &candidates;
        results_ = &results;
        next_ = 0;
        busy_workers_ = int(workers_.size());
        ++batch_;
    }
    work_ready_.notify_all();
    run_pending();
    // Every worker has to see this batch before the next one may start, so the
    // caller waits for all of them, not only for the last candidate.
    std::unique_lock lock(mutex_);
    work_done_.wait(lock, [&] { return busy_workers_ == 0; });
    objective_ = nullptr;
    candidates_ = nullptr;
    results_ = nullptr;
    return results;
}

}  // namespace hfd
