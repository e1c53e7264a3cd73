#include "run/recorder.h"

#include "state/kinematics.h"

#include <algorithm>
#include <cmath>
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
    for (const ChannelGroupRow& row : channel_table())
        if (groups_ & group_bit(row.group))
            for (const ChannelElement& element : row.elements(model, pairs_))
                elements_.push_back({&row, element.index});
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
    if (groups_ & group_bit(ChannelGroup::Dofs)) coordinates_ = coordinate_values(model, state);
    if (groups_ & group_bit(ChannelGroup::Contacts)) gather_pair_contacts(data_, pairs_, pair_contacts_);
    const ChannelSample sample{model,        state,          sim.controls(),        data_,
                               coordinates_, pair_contacts_, fiber_length_in_state_};
    const size_t row_begin = values_.size();
    values_.resize(row_begin + channels_.size());
    double* out = values_.data() + row_begin;
    *out++ = state.time;
    // the columns of describe_channels: the same rows, elements and quantities in order
    for (const auto& [row, element] : elements_) {
        row->values(sample, element, out);
        out += row->quantities.size();
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
