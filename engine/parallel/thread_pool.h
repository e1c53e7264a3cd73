#pragma once
// The engine's one pool of threads (batch runs, an optimizer's generations): run()
// calls task(i) once for every i < count, handing the indices out one at a time
// (their costs may differ a lot: a simulation that falls ends early), on the pool's
// threads and on the calling thread, and returns when all are done. What task(i)
// writes belongs to index i, whatever thread ran it, so results do not depend on
// the thread count. The threads live as long as the pool and wait between runs.
#include <condition_variable>
#include <csignal>
#include <cstddef>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace hfd {

// threads <= 0: one per hardware thread; at least 1.
int hardware_thread_count(int threads);

class ThreadPool {
public:
    // `threads` in all, the calling thread one of them (threads <= 0: hardware_thread_count).
    explicit ThreadPool(int threads = 0);
    ~ThreadPool();
    ThreadPool(const ThreadPool&) = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    int thread_count() const { return int(workers_.size()) + 1; }

    // task(i) for every i < count; one run at a time. When *stop becomes non-zero,
    // no further index starts (the ones under way finish).
    void run(size_t count, const std::function<void(size_t)>& task, const volatile std::sig_atomic_t* stop = nullptr);

private:
    void work_loop();
    void run_pending();

    std::vector<std::thread> workers_;
    std::mutex mutex_;
    std::condition_variable work_ready_;
    std::condition_variable work_done_;
    bool stopping_ = false;
    unsigned long long run_ = 0;  // counts run() calls; a change wakes the workers
    int busy_workers_ = 0;
    // The run under way (valid while busy_workers_ > 0 or in run()).
    const std::function<void(size_t)>* task_ = nullptr;
    const volatile std::sig_atomic_t* stop_ = nullptr;
    size_t count_ = 0;
    size_t next_ = 0;  // the next index to hand out, under mutex_
};

}  // namespace hfd
