#include "run/recorder.h"

#include "state/kinematics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <utility>

namespace hfd {

Recorder::Recorder(const Simulation& sim, ContactPairSet pairs, GroupMask groups)
    : pairs_(std::move(pairs)), groups_(groups | group_bit(ChannelGroup::Time)) {
    const Model& model = sim.model();
    channels_ = describe_channels(model, pairs_, groups_);
    for (size_t c = 0; c < channels_.size(); ++c)
        if (channels_[c].group == ChannelGroup::Dofs && channels_[c].quantity.empty() && channels_[c].unit == "rad")
            angle_columns_.push_back(c);
    data_.resize(model);
    pair_contacts_.resize(pairs_.size());
    bool integrated = false;
    for (const auto& force : sim.forces()) integrated = integrated || force->integrates_fiber_length();
    fiber_length_in_state_ = integrated && sim.state().fiber_length.size() == model.muscles.size();
}

Index Recorder::find_channel(std::string_view name) const {
    for (size_t i = 0; i < channels_.size(); ++i)
        if (channels_[i].name == name) return static_cast<Index>(i);
    return no_index;
}

void Recorder::sample(const Simulation& sim, const State& state) {
    const Model& model = sim.model();
    const bool needs_forces = groups_ & (group_bit(ChannelGroup::Joints) | group_bit(ChannelGroup::Muscles) |
                                         group_bit(ChannelGroup::Contacts));
    if (needs_forces) sim.evaluate(state, data_);
    const size_t row_begin = values_.size();
    values_.push_back(state.time);
    if (groups_ & group_bit(ChannelGroup::Dofs)) {
        const CoordinateValues coordinates = coordinate_values(model, state);
        for (size_t i = 0; i < coordinates.value.size(); ++i) {
            values_.push_back(coordinates.value[i]);
            values_.push_back(coordinates.velocity[i]);
        }
    }
    if (groups_ & group_bit(ChannelGroup::Bodies)) {
        for (size_t b = 0; b < model.bodies.size(); ++b) {
            if (model.bodies[b].is_static()) continue;
            const Vec3& p = state.pos[b];
            const Quat& q = state.ori[b];
            values_.insert(values_.end(), {p.x(), p.y(), p.z(), q.w(), q.x(), q.y(), q.z()});
        }
    }
    if (groups_ & group_bit(ChannelGroup::Joints)) {
        for (size_t j = 0; j < model.joints.size(); ++j) {
            const Vec3 d = joint_displacement(model, state, static_cast<Index>(j));
            const Vec3 t = j < data_.joint_limit_torque.size() ? data_.joint_limit_torque[j] : Vec3::Zero();
            values_.insert(values_.end(), {d.x(), d.y(), d.z(), t.x(), t.y(), t.z()});
        }
    }
    if (groups_ & group_bit(ChannelGroup::Muscles)) append_muscles(sim, state);
    if (groups_ & group_bit(ChannelGroup::Contacts)) append_contacts();
    if (values_.size() - row_begin != channels_.size()) {
        // A layout mismatch would shift every later column: keep rows aligned.
        std::fprintf(stderr, "hfd: recorder row has %zu values for %zu channels\n", values_.size() - row_begin,
                     channels_.size());
        values_.resize(row_begin + channels_.size(), std::nan(""));
    }
    unwrap_angles(row_begin);
    if (sink_ && row_count() >= buffered_rows_) flush();
}

// The angle a of the new row is replaced by a + 2 pi k, the value closest to the
// previous row's (a sample period is far shorter than half a turn of any joint).
void Recorder::unwrap_angles(size_t row_begin) {
    constexpr double two_pi = 2 * M_PI;
    const bool first = previous_angles_.empty();
    if (first) previous_angles_.resize(angle_columns_.size());
    for (size_t i = 0; i < angle_columns_.size(); ++i) {
        double& angle = values_[row_begin + angle_columns_[i]];
        const double previous = previous_angles_[i];
        if (!first && std::isfinite(angle) && std::isfinite(previous))
            angle += two_pi * std::round((previous - angle) / two_pi);
        previous_angles_[i] = angle;
    }
}

void Recorder::stream_to(RowSink sink, size_t buffered_rows) {
    sink_ = std::move(sink);
    buffered_rows_ = std::max<size_t>(buffered_rows, 1);
    values_.reserve(buffered_rows_ * channels_.size());
}

bool Recorder::flush() {
    const size_t rows = row_count();
    if (sink_ && rows > 0 && !sink_failed_) sink_failed_ = !sink_(values_.data(), rows);
    if (sink_) {
        streamed_rows_ += rows;
        values_.clear();
    }
    return !sink_failed_;
}

namespace {
double at(const std::vector<double>& values, size_t i) { return i < values.size() ? values[i] : std::nan(""); }
}  // namespace

void Recorder::append_muscles(const Simulation& sim, const State& state) {
    const Model& model = sim.model();
    const Controls& controls = sim.controls();
    for (size_t m = 0; m < model.muscles.size(); ++m) {
        const Muscle& muscle = model.muscles[m];
        const double tendon_length = at(data_.tendon_length, m);
        double fiber_length = 0;
        if (fiber_length_in_state_) {
            fiber_length = state.fiber_length[m];
        } else {
            // Rigid or equilibrium tendon: fibre length from the path and the tendon,
            // with the constant-thickness pennation model l_f sin(alpha) = l_opt sin(alpha_opt)
            // (Millard et al. 2013, eq. 17).
            const double along_path = at(data_.muscle_length, m) - tendon_length;
            const double thickness = muscle.optimal_fiber_length * std::sin(muscle.pennation_angle);
            fiber_length = std::sqrt(along_path * along_path + thickness * thickness);
        }
        values_.insert(values_.end(), {at(controls.excitation, m), at(state.activation, m), fiber_length, tendon_length,
                                       at(data_.muscle_force, m)});
    }
}

void Recorder::append_contacts() {
    gather_pair_contacts(data_, pairs_, pair_contacts_);
    for (const PairContact& pair : pair_contacts_) {
        const Vec3& f = pair.force;
        const Vec3& p = pair.point;
        values_.insert(values_.end(), {pair.touching ? 1.0 : 0.0, f.x(), f.y(), f.z(), p.x(), p.y(), p.z()});
    }
}

double sample_count_exact(double duration, double period) {
    if (!(duration > 0) || !(period > 0)) return 1;
    // Tolerance so that 1.0 / 0.01 counts 100 periods despite rounding.
    const double periods = duration / period;
    const double whole = std::floor(periods + 1e-9);
    const bool partial = periods - whole > 1e-9;
    return whole + 1 + (partial ? 1 : 0);
}

size_t sample_count(double duration, double period) {
    const double count = sample_count_exact(duration, period);
    // 2^63 is exact as a double and within size_t; NaN (an infinite duration) saturates too
    if (!(count < 9.2e18)) return std::numeric_limits<size_t>::max();
    return static_cast<size_t>(count);
}

double sample_time(double start, double duration, double period, size_t k) {
    const size_t last = sample_count(duration, period) - 1;
    if (k >= last) return start + duration;
    // A period of 1/N s (0.01, 0.05) gives times k / N, correctly rounded, so that
    // they print as 0.15 rather than 3 * 0.05 = 0.15000000000000002.
    const double rate = std::round(1 / period);
    if (rate >= 1 && std::abs(rate * period - 1) < 1e-12) return start + static_cast<double>(k) / rate;
    return start + static_cast<double>(k) * period;
}

}  // namespace hfd
