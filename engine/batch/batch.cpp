#include "batch/batch.h"

#include "parallel/thread_pool.h"

#include <algorithm>
#include <exception>
#include <string>

namespace hfd {

int batch_thread_count(int threads, size_t jobs) {
    return std::max(1, std::min(hardware_thread_count(threads), int(std::max<size_t>(jobs, 1))));
}

void run_batch(const std::vector<BatchJob>& jobs, int threads, const JobDone& on_done,
               const volatile std::sig_atomic_t* interrupted) {
    ThreadPool pool(batch_thread_count(threads, jobs.size()));
    pool.run(
        jobs.size(),
        [&](size_t index) {
            JobOutcome outcome;
            try {
                outcome = run_job(jobs[index], interrupted);
            } catch (const std::exception& error) {  // e.g. out of memory: this run fails, the others go on
                outcome = JobOutcome{};
                outcome.message = std::string("run aborted: ") + error.what();
            }
            if (on_done) on_done(index, outcome);
        },
        interrupted);
}

}  // namespace hfd
