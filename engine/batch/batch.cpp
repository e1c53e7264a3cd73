#include "batch/batch.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <string>
#include <thread>

namespace hfd {

int batch_thread_count(int threads, size_t jobs) {
    if (threads <= 0) threads = int(std::max(1u, std::thread::hardware_concurrency()));
    return std::max(1, std::min(threads, int(std::max<size_t>(jobs, 1))));
}

void run_batch(const std::vector<BatchJob>& jobs, int threads, const JobDone& on_done,
               const volatile std::sig_atomic_t* interrupted) {
    std::atomic<size_t> next{0};
    auto worker = [&] {
        while (!(interrupted && *interrupted)) {
            const size_t index = next.fetch_add(1);
            if (index >= jobs.size()) return;
            JobOutcome outcome;
            try {
                outcome = run_job(jobs[index], interrupted);
            } catch (const std::exception& error) {  // e.g. out of memory: this run fails, the others go on
                outcome = JobOutcome{};
                outcome.message = std::string("run aborted: ") + error.what();
            }
            if (on_done) on_done(index, outcome);
        }
    };
    const int count = batch_thread_count(threads, jobs.size());
    std::vector<std::thread> pool;
    for (int t = 1; t < count; ++t) pool.emplace_back(worker);
    worker();  // the calling thread is one of the workers
    for (std::thread& thread : pool) thread.join();
}

}  // namespace hfd
