#include "parallel/thread_pool.h"

#include <algorithm>

namespace hfd {

int hardware_thread_count(int threads) {
    return threads > 0 ? threads : int(std::max(1u, std::thread::hardware_concurrency()));
}

ThreadPool::ThreadPool(int threads) {
    for (int t = 1; t < hardware_thread_count(threads); ++t) workers_.emplace_back([this] { work_loop(); });
}

ThreadPool::~ThreadPool() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    work_ready_.notify_all();
    for (std::thread& worker : workers_) worker.join();
}

void ThreadPool::run_pending() {
    // one lock per index: negligible against a simulation
    std::unique_lock lock(mutex_);
    while (next_ < count_ && !(stop_ && *stop_)) {
        const size_t index = next_++;
        lock.unlock();
        (*task_)(index);
        lock.lock();
    }
}

void ThreadPool::work_loop() {
    unsigned long long seen = 0;
    std::unique_lock lock(mutex_);
    for (;;) {
        work_ready_.wait(lock, [&] { return stopping_ || run_ != seen; });
        if (stopping_) return;
        seen = run_;
        lock.unlock();
        run_pending();
        lock.lock();
        if (--busy_workers_ == 0) work_done_.notify_all();
    }
}

void ThreadPool::run(size_t count, const std::function<void(size_t)>& task, const volatile std::sig_atomic_t* stop) {
    {
        std::lock_guard lock(mutex_);
        task_ = &task;
        stop_ = stop;
        count_ = count;
        next_ = 0;
        busy_workers_ = int(workers_.size());
        ++run_;
    }
    work_ready_.notify_all();
    run_pending();
    // Every worker has to see this run before the next one may start, so the
    // caller waits for all of them, not only for the last index.
    std::unique_lock lock(mutex_);
    work_done_.wait(lock, [&] { return busy_workers_ == 0; });
    task_ = nullptr;
    stop_ = nullptr;
    count_ = 0;
}

}  // namespace hfd
