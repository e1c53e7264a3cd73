#pragma once
// The recording of a scenario evaluation, the one the command line's
// `scenario evaluate --out` writes and the studio plots: a row per sample, taken at
// control steps (every step, or the first at or after each sample period), of
//   the Recorder's channels (the channel table, io/channels.h: every group), then
//   per leg its ground reaction force  <leg>.grf_x/y/z [N] (contacts group), then
//   the controller's channels as it lists them at the first step (muscles group,
//   source "controller": reflex outputs, gait states).
#include "control/controller.h"
#include "control/plant.h"
#include "run/recorder.h"
#include "scenario/scenario.h"

#include <memory>
#include <vector>

namespace hfd {

class ScenarioRecorder {
public:
    // `sample_period` 0: every control step.
    ScenarioRecorder(const Scenario& scenario, double sample_period = 0);

    // At a control step (EvaluationOptions::on_control_step): a row when one is due.
    // True when a row was added.
    bool on_control_step(double time, const Plant& plant, const std::vector<ControlChannel>& controls);

    bool started() const { return recorder_ != nullptr; }
    // The columns; empty before the first control step.
    const std::vector<Channel>& channels() const { return channels_; }
    const ContactPairSet& pairs() const { return pairs_; }
    size_t row_count() const { return channels_.empty() ? 0 : rows_.size() / channels_.size(); }
    const double* row(size_t r) const { return rows_.data() + r * channels_.size(); }
    const std::vector<double>& rows() const { return rows_; }  // row-major

private:
    void start(const Plant& plant, const std::vector<ControlChannel>& controls);

    const Scenario& scenario_;
    double period_;
    double next_sample_ = 0;
    ContactPairSet pairs_;
    std::unique_ptr<Recorder> recorder_;  // streams each row into rows_, with the scenario's columns after it
    std::vector<Channel> channels_;
    std::vector<double> scenario_values_;  // the scenario's columns of the row being sampled
    size_t control_count_ = 0;
    std::vector<double> rows_;
};

// The recording as CSV: a header of channel labels ("knee_angle_r [rad]"), a row per sample.
bool save_scenario_recording_csv(const std::string& path, const ScenarioRecorder& recording, std::string* error);

}  // namespace hfd
