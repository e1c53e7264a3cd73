#pragma once
// A recording: the simulation sampled at a fixed period, independent of the
// integrator's steps (the run advances to each sample time exactly). Each
// sample is one flat row of doubles described by channels() (see channels.h);
// rows are stored back to back in one vector reserved ahead.
#include "io/channels.h"
#include "io/contact_pairs.h"
#include "sim/simulation.h"

#include <csignal>
#include <functional>
#include <string>
#include <vector>

namespace hfd {

class ContactEventDetector;

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
    // Appends one row for sim.state() (forces evaluated into the recorder's own data).
    // Rotational coordinates are unwrapped: each differs from its previous
    // sample by at most pi (a knee at -3.4 rad stays there instead of jumping to
    // +2.9), so plots, CSV and .sto follow the motion.
    void sample(const Simulation& sim);

private:
    void append_muscles(const Simulation& sim);
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

struct RunOptions {
    double duration = 1;              // s
    double sample_period = 0.01;      // s
    double max_kinetic_energy = 1e9;  // J; above it the run is stopped as diverged
    ContactEventDetector* events = nullptr;             // locates contact changes when given
    // Sets time-dependent controls (e.g. excitations from a file) before every
    // step and every sample; held constant during a step.
    std::function<void(double time, Controls& controls)> control;
    std::function<void(double time)> on_sample;         // e.g. progress display
    const volatile std::sig_atomic_t* interrupted = nullptr;  // set (e.g. by SIGINT) to stop early
};

struct RunResult {
    bool ok = true;
    std::string message;      // why the run stopped early
    double time = 0;          // simulated time reached
    Index body = no_index;    // offending body of a failed run, when known
    long long steps = 0;      // accepted integrator steps of the run (event search not counted)
};

// Samples sim.state(), then advances to each sample time and samples again.
// Stops at the first non-finite state (sim.step fails) or when the kinetic
// energy exceeds max_kinetic_energy; the rows recorded until then are kept.
RunResult record_simulation(Simulation& sim, Recorder& recorder, const RunOptions& options);

// Kinetic energy 1/2 m v^2 + 1/2 w^T I w of one body [J].
double body_kinetic_energy(const Model& model, const State& state, Index body);

}  // namespace hfd
