#pragma once
// A recording: the simulation sampled at a fixed period, independent of the
// integrator's steps (see run/run.h for how samples inside a step are taken). Each
// sample is one flat row of doubles described by channels() (see channels.h);
// rows are stored back to back in one vector. A recorder that streams (e.g. to
// a file, `hfd simulate --out`) hands its rows to a sink whenever it holds
// `buffered_rows` of them, and keeps no more: its memory does not grow with the
// length of the run.
#include "io/channels.h"
#include "io/contact_pairs.h"
#include "sim/simulation.h"

#include <functional>
#include <string>
#include <vector>

namespace hfd {

// Receives `count` consecutive rows (row-major, channel_count() values each);
// false when it could not take them (e.g. a failed write).
using RowSink = std::function<bool(const double* rows, size_t count)>;

class Recorder {
public:
    Recorder(const Simulation& sim, ContactPairSet pairs, GroupMask groups = all_channel_groups);

    const std::vector<Channel>& channels() const { return channels_; }
    const ContactPairSet& contact_pairs() const { return pairs_; }
    GroupMask groups() const { return groups_; }
    size_t channel_count() const { return channels_.size(); }
    // Rows held in memory (when streaming, those not yet handed to the sink).
    size_t row_count() const { return channels_.empty() ? 0 : values_.size() / channels_.size(); }
    // Every row recorded: those held and those handed to the sink.
    size_t recorded_row_count() const { return streamed_rows_ + row_count(); }
    const double* row(size_t r) const { return values_.data() + r * channels_.size(); }
    double value(size_t r, size_t channel) const { return values_[r * channels_.size() + channel]; }
    const std::vector<double>& values() const { return values_; }
    Index find_channel(std::string_view name) const;  // no_index when absent

    void reserve_rows(size_t rows) { values_.reserve(rows * channels_.size()); }
    // Forgets the rows held, and the previous row angles are unwrapped against;
    // keeps the capacity (e.g. a one-row probe).
    void clear_rows() {
        values_.clear();
        previous_angles_.clear();
    }

    // From now on, rows go to `sink` in blocks of buffered_rows (>= 1); the rows
    // held now go with the first block.
    void stream_to(RowSink sink, size_t buffered_rows = 256);
    bool streaming() const { return static_cast<bool>(sink_); }
    // Hands the rows held to the sink (e.g. at the end of a run); false when
    // the sink refused them now or earlier (the rows are dropped either way).
    bool flush();
    bool sink_failed() const { return sink_failed_; }
    // Appends one row for sim.state() (forces evaluated into the recorder's own data).
    // Rotational coordinates are unwrapped: each differs from its previous
    // sample by at most pi (a knee at -3.4 rad stays there instead of jumping to
    // +2.9), so plots, CSV and .sto follow the motion.
    void sample(const Simulation& sim) { sample(sim, sim.state()); }
    // Appends one row for `state` of sim (e.g. a sample inside an integrator step).
    void sample(const Simulation& sim, const State& state);

private:
    void unwrap_angles(size_t row_begin);

    ContactPairSet pairs_;
    GroupMask groups_;
    std::vector<Channel> channels_;
    std::vector<size_t> angle_columns_;  // rotational coordinates, unwrapped from row to row
    std::vector<double> values_;
    std::vector<double> previous_angles_;  // of the last row, per angle_columns_ (the row may be streamed away)
    RowSink sink_;
    size_t buffered_rows_ = 0, streamed_rows_ = 0;
    bool sink_failed_ = false;
    Data data_;
    std::vector<PairContact> pair_contacts_;
    CoordinateValues coordinates_;
    bool fiber_length_in_state_ = false;
    // every recorded element after time, in column order: its row of the channel table
    std::vector<std::pair<const ChannelGroupRow*, Index>> elements_;
};

// Number of samples of a run: one at the start, one per period, and one at the
// end when the duration is not a multiple of the period (as a double: the
// count of an unusable run may exceed any size_t; see check_run_length).
double sample_count_exact(double duration, double period);
// The same as a size_t, saturating at SIZE_MAX.
size_t sample_count(double duration, double period);
// Time of sample k after `start`: k * period, computed as k / N when the period
// is 1/N s; the last one is start + duration exactly.
double sample_time(double start, double duration, double period, size_t k);

}  // namespace hfd
