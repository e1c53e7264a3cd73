#include "io/contact_events.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace hfd {

std::string_view to_string(ContactEventKind kind) { return kind == ContactEventKind::Onset ? "onset" : "lift-off"; }

ContactEventDetector::ContactEventDetector(const Simulation& sim, ContactPairSet pairs, double time_tolerance)
    : pairs_(std::move(pairs)), time_tolerance_(time_tolerance) {
    after_ = std::as_const(sim).state();
    in_contact_.assign(pairs_.size(), 0);
    next_ = probe_ = in_contact_;
    gathered_.resize(pairs_.size());
}

void ContactEventDetector::current_contacts(Simulation& sim, std::vector<char>& touching) {
    // After a step or evaluate() the simulation's data describes its current state.
    sim.ensure_evaluated();
    gather_pair_contacts(std::as_const(sim).data(), pairs_, gathered_);
    for (size_t p = 0; p < gathered_.size(); ++p) touching[p] = gathered_[p].touching ? 1 : 0;
}

void ContactEventDetector::start(Simulation& sim) {
    if (pairs_.size() == 0) return;
    current_contacts(sim, in_contact_);
}

double ContactEventDetector::locate_change(Simulation& sim, const State& before, double end_time, Index pair,
                                           bool touching_before) {
    double low = before.time, high = end_time;
    while (high - low > time_tolerance_) {
        const double middle = 0.5 * (low + high);
        sim.state() = before;
        if (!sim.advance_to(middle)) break;  // keep the bracket found so far
        current_contacts(sim, probe_);
        if ((probe_[pair] != 0) == touching_before) low = middle;
        else high = middle;
    }
    return 0.5 * (low + high);
}

void ContactEventDetector::after_step(Simulation& sim, const State& before) {
    if (pairs_.size() == 0) return;
    current_contacts(sim, next_);
    bool changed = false;
    for (size_t p = 0; p < next_.size(); ++p) changed = changed || next_[p] != in_contact_[p];
    if (!changed) return;
    after_ = std::as_const(sim).state();
    const size_t first_new = events_.size();
    for (size_t p = 0; p < next_.size(); ++p) {
        if (next_[p] == in_contact_[p]) continue;
        const bool touching_before = in_contact_[p] != 0;
        const double time = locate_change(sim, before, after_.time, static_cast<Index>(p), touching_before);
        events_.push_back({time, static_cast<Index>(p),
                           touching_before ? ContactEventKind::LiftOff : ContactEventKind::Onset});
    }
    std::sort(events_.begin() + first_new, events_.end(),
              [](const ContactEvent& a, const ContactEvent& b) { return a.time < b.time; });
    sim.state() = after_;
    in_contact_ = next_;
}

}  // namespace hfd
