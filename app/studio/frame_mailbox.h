#pragma once
// The one-slot mailbox between a simulation thread (the interactive worker, the
// scenario runner) and the GUI: the thread posts frames, the GUI takes the latest.
// A frame the GUI has not taken yet is not lost: the next one of the same run
// (generation) carries its rows before its own, and its layout and error when it
// has none. The GUI is told once per filled slot (post returns true).
#include "simulation_controller.h"

#include <memory>
#include <mutex>

namespace hfd::studio {

class FrameMailbox {
public:
    // True when the slot was empty: the GUI must be told.
    bool post(std::shared_ptr<SimulationFrame> next) {
        std::lock_guard lock(mutex_);
        const bool notify = !frame_;
        if (frame_ && frame_->generation == next->generation &&
            next->first_row == frame_->first_row + frame_->row_count) {
            next->rows.insert(next->rows.begin(), frame_->rows.begin(), frame_->rows.end());
            next->first_row = frame_->first_row;
            next->row_count += frame_->row_count;
            if (!next->layout) next->layout = frame_->layout;
            if (!frame_->error.isEmpty() && next->error.isEmpty()) next->error = frame_->error;
        }
        frame_ = std::move(next);
        return notify;
    }

    std::shared_ptr<SimulationFrame> take() {
        std::lock_guard lock(mutex_);
        return std::move(frame_);
    }

private:
    std::mutex mutex_;
    std::shared_ptr<SimulationFrame> frame_;  // guarded by mutex_
};

}  // namespace hfd::studio
