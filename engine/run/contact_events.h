#pragma once
// Onset and lift-off of each candidate geometry pair, located in time between
// integrator steps: after every step the contact state of each pair is read
// from the simulation's data (which describes the state after the step); where
// it changed, the time the pair's depth crosses zero is found by bisection over
// the integrator's partial steps from the state before the step
// (Integrator::partial_step: the state a step cut at that time would reach),
// until the bracket is below time_tolerance; the event time is the middle of
// the final bracket. The search works on its own copies: the run it watches
// is never rewound or changed. A pair that touches and separates within one
// step is not seen.
#include "io/contact_pairs.h"
#include "sim/simulation.h"

#include <string_view>
#include <vector>

namespace hfd {

enum class ContactEventKind { Onset, LiftOff };
std::string_view to_string(ContactEventKind kind);  // "onset", "lift-off"

struct ContactEvent {
    double time = 0;
    Index pair = no_index;  // into ContactPairSet::pairs
    ContactEventKind kind = ContactEventKind::Onset;
};

class ContactEventDetector {
public:
    ContactEventDetector(const Simulation& sim, ContactPairSet pairs, double time_tolerance = 1e-5);

    // Takes the contact state of sim.state() as the starting state (no event).
    void start(const Simulation& sim);
    // Called after one accepted step that went from `before` (evaluated in
    // before_data) to sim.state(), whose evaluation sim.data() holds. Records an
    // event per pair whose contact state changed.
    void after_step(const Simulation& sim, const State& before, const Data& before_data);

    const std::vector<ContactEvent>& events() const { return events_; }
    const ContactPairSet& contact_pairs() const { return pairs_; }
    const std::vector<char>& in_contact() const { return in_contact_; }  // per pair, now
    double time_tolerance() const { return time_tolerance_; }

private:
    void contacts_of(const Data& data, std::vector<char>& touching);
    double locate_change(const Simulation& sim, const State& before, const Data& before_data, double end_time,
                         Index pair, bool touching_before);

    ContactPairSet pairs_;
    double time_tolerance_;
    State probe_;      // partial steps of the search
    Data probe_data_;  // their evaluation
    std::vector<PairContact> gathered_;
    std::vector<char> in_contact_, next_, probe_flags_;
    std::vector<ContactEvent> events_;
};

}  // namespace hfd
