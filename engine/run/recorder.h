#pragma once
// A recording: the simulation sampled at a fixed period, independent of the
// integrator's steps (see run/run.h for how samples inside a step are taken). Each
// sample is one flat row of doubles described by channels() (see channels.h);
// rows are stored back to back in one vector reserved ahead.
#include "io/channels.h"
#include "io/contact_pairs.h"
#include "sim/simulation.h"

#include <string>
#include <vector>

namespace hfd {

class Recorder {
public:
    Recorder(const Simulation& sim, ContactPairSet pairs, GroupMask groups = all_channel_groups);

    const std::vector<Channel>& channels() const { return channels_; }
    const ContactPairSet& contact_pairs() const { return pairs_; }
    GroupMask groups() const { return groups_; }
    size_t channel_count() const { return channels_.size(); }
    size_t row_count() const { return channels_.empty() ? 0 : values_.size() / channels_.size(); }
    const double* row(size_t r) const { return values_.data() + r * channels_.size(); }
    double value(size_t r, size_t channel) const { return values_[r * channels_.size() + channel]; }
    const std::vector<double>& values() const { return values_; }
    Index find_channel(std::string_view name) const;  // no_index when absent

    void reserve_rows(size_t rows) { values_.reserve(rows * channels_.size()); }
    void clear_rows() { values_.clear(); }  // keeps the capacity (e.g. a one-row probe)
    // Appends one row for sim.state() (forces evaluated into the recorder's own data).
    // Rotational coordinates are unwrapped: each differs from its previous
    // sample by at most pi (a knee at -3.4 rad stays there instead of jumping to
    // +2.9), so plots, CSV and .sto follow the motion.
    void sample(const Simulation& sim) { sample(sim, sim.state()); }
    // Appends one row for `state` of sim (e.g. a sample inside an integrator step).
    void sample(const Simulation& sim, const State& state);

private:
    void append_muscles(const Simulation& sim, const State& state);
    void append_contacts();
    void unwrap_angles(size_t row_begin);

    ContactPairSet pairs_;
    GroupMask groups_;
    std::vector<Channel> channels_;
    std::vector<size_t> angle_columns_;  // rotational coordinates, unwrapped from row to row
    std::vector<double> values_;
    Data data_;
    std::vector<PairContact> pair_contacts_;
    bool fiber_length_in_state_ = false;
};

// Number of samples of a run: one at the start, one per period, and one at the
// end when the duration is not a multiple of the period.
size_t sample_count(double duration, double period);
// Time of sample k after `start`: k * period, computed as k / N when the period
// is 1/N s; the last one is start + duration exactly.
double sample_time(double start, double duration, double period, size_t k);

}  // namespace hfd
