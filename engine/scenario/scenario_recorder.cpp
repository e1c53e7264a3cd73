#include "scenario/scenario_recorder.h"

#include "io/text_file.h"
#include "run/csv_writer.h"

#include <algorithm>

namespace hfd {

namespace {

// The scenario's own channels after the Recorder's (leg forces, controller outputs).
std::vector<Channel> scenario_channels(const Plant& plant, const std::vector<ControlChannel>& controls) {
    std::vector<Channel> channels;
    for (const Leg& leg : plant.legs)
        for (const char* axis : {"x", "y", "z"})
            channels.push_back(
                {leg.name + ".grf_" + axis, "N", ChannelGroup::Contacts, leg.name, std::string("grf_") + axis});
    // Controller outputs join the muscle group: most drive excitations (reflexes,
    // feed-forward patterns); their source names them as the controller's.
    for (const ControlChannel& control : controls)
        channels.push_back({control.name, "", ChannelGroup::Muscles, "controller", "controller"});
    return channels;
}

}  // namespace

ScenarioRecorder::ScenarioRecorder(const Scenario& scenario, double sample_period)
    : scenario_(scenario), period_(std::max(sample_period, 0.0)) {}

void ScenarioRecorder::start(const Plant& plant, const std::vector<ControlChannel>& controls) {
    pairs_ = candidate_contact_pairs(plant.model(), collision_settings(scenario_.config()));
    recorder_ = std::make_unique<Recorder>(*plant.simulation, pairs_, all_channel_groups);
    channels_ = recorder_->channels();
    const std::vector<Channel> own = scenario_channels(plant, controls);
    channels_.insert(channels_.end(), own.begin(), own.end());
    control_count_ = controls.size();
    const size_t recorded = recorder_->channel_count();
    recorder_->stream_to(
        [this, recorded](const double* row, size_t count) {
            for (size_t r = 0; r < count; ++r) {
                rows_.insert(rows_.end(), row + r * recorded, row + (r + 1) * recorded);
                rows_.insert(rows_.end(), scenario_values_.begin(), scenario_values_.end());
            }
            return true;
        },
        1);
    // reserved for a usual run only: a scenario's max_duration may be anything
    const double period = period_ > 0 ? period_ : scenario_.control_step();
    rows_.reserve((std::min<size_t>(sample_count(scenario_.max_duration(), period), 1 << 14) + 1) * channels_.size());
}

bool ScenarioRecorder::on_control_step(double time, const Plant& plant, const std::vector<ControlChannel>& controls) {
    if (!recorder_) {
        start(plant, controls);
        next_sample_ = time;
    }
    if (time + 1e-9 < next_sample_) return false;
    scenario_values_.clear();
    for (const Leg& leg : plant.legs) {
        const Vec3 force = leg_ground_force(plant, leg);
        scenario_values_.insert(scenario_values_.end(), force.data(), force.data() + 3);
    }
    for (size_t c = 0; c < control_count_; ++c)
        scenario_values_.push_back(c < controls.size() ? controls[c].value : 0.0);
    recorder_->sample(*plant.simulation);  // streams the row (one buffered row)
    next_sample_ += period_;
    return true;
}

bool save_scenario_recording_csv(const std::string& path, const ScenarioRecorder& recording, std::string* error) {
    std::vector<std::string> labels;
    for (const Channel& channel : recording.channels()) labels.push_back(channel_label(channel));
    std::vector<size_t> columns(labels.size());
    for (size_t c = 0; c < columns.size(); ++c) columns[c] = c;
    return write_file_streamed(
        path,
        [&](const TextSink& out) {
            return write_csv_table(out, labels, recording.rows().data(), recording.row_count(), labels.size(), columns);
        },
        error);
}

}  // namespace hfd
