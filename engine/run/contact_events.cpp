#include "run/contact_events.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace hfd {

std::string_view to_string(ContactEventKind kind) { return kind == ContactEventKind::Onset ? "onset" : "lift-off"; }

ContactEventDetector::ContactEventDetector(const Simulation& sim, ContactPairSet pairs, double time_tolerance)
    : pairs_(std::move(pairs)), time_tolerance_(time_tolerance) {
    probe_ = sim.state();
    probe_data_.resize(sim.model());
    in_contact_.assign(pairs_.size(), 0);
    next_ = probe_flags_ = in_contact_;
    gathered_.resize(pairs_.size());
}

void ContactEventDetector::contacts_of(const Data& data, std::vector<char>& touching) {
    gather_pair_contacts(data, pairs_, gathered_);
    for (size_t p = 0; p < gathered_.size(); ++p) touching[p] = gathered_[p].touching ? 1 : 0;
}

void ContactEventDetector::start(const Simulation& sim) {
    if (pairs_.size() == 0) return;
    sim.evaluate(sim.state(), probe_data_);
    contacts_of(probe_data_, in_contact_);
}

double ContactEventDetector::locate_change(const Simulation& sim, const State& before, const Data& before_data,
                                           double end_time, Index pair, bool touching_before) {
    double low = before.time, high = end_time;
    while (high - low > time_tolerance_) {
        const double middle = 0.5 * (low + high);
        sim.integrator().partial_step(sim.model(), before, before_data, middle - before.time, probe_);
        probe_.time = middle;
        sim.evaluate(probe_, probe_data_);
        contacts_of(probe_data_, probe_flags_);
        if ((probe_flags_[pair] != 0) == touching_before) low = middle;
        else high = middle;
    }
    return 0.5 * (low + high);
}

void ContactEventDetector::after_step(const Simulation& sim, const State& before, const Data& before_data) {
    if (pairs_.size() == 0) return;
    contacts_of(sim.data(), next_);
    if (next_ == in_contact_) return;
    const size_t first_new = events_.size();
    for (size_t p = 0; p < next_.size(); ++p) {
        if (next_[p] == in_contact_[p]) continue;
        const bool touching_before = in_contact_[p] != 0;
        const double time =
            locate_change(sim, before, before_data, sim.state().time, static_cast<Index>(p), touching_before);
        events_.push_back(
            {time, static_cast<Index>(p), touching_before ? ContactEventKind::LiftOff : ContactEventKind::Onset});
    }
    std::sort(events_.begin() + first_new, events_.end(),
              [](const ContactEvent& a, const ContactEvent& b) { return a.time < b.time; });
    in_contact_.swap(next_);
}

}  // namespace hfd
