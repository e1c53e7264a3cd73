#pragma once
// Runs many jobs on a pool of threads, one simulation per thread at a time.
// Jobs share nothing (each builds its own Model and Simulation), so the
// results do not depend on the thread count or on the order jobs finish in.
#include "batch/job.h"

#include <csignal>
#include <functional>
#include <vector>

namespace hfd {

// Called on the worker thread that ran job `index`, possibly concurrently with
// other calls: callers synchronize what they share.
using JobDone = std::function<void(size_t index, JobOutcome& outcome)>;

// Runs every job; threads <= 0 means one per hardware thread. Returns when all
// have run (jobs not started when `interrupted` is set are skipped and not reported).
void run_batch(const std::vector<BatchJob>& jobs, int threads, const JobDone& on_done,
               const volatile std::sig_atomic_t* interrupted = nullptr);

// threads <= 0 -> std::thread::hardware_concurrency(), at most the job count, at least 1.
int batch_thread_count(int threads, size_t jobs);

}  // namespace hfd
