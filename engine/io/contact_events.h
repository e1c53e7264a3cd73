#pragma once
// Onset and lift-off of each candidate geometry pair, located in time between
// integrator steps: after every step the contact state of each pair is read
// from the simulation's data (which describes the state after the step); where it changed, the crossing is found by bisection on time,
// re-simulating from the state saved before the step (sim.advance_to with a
// shortened step) until the bracket is below time_tolerance. The event time is
// the middle of the final bracket. A pair that touches and separates within
// one step is not seen.
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
    void start(Simulation& sim);
    // Called after one accepted step that went from `before` to sim.state().
    // Records an event per pair whose state changed; sim.state() is restored to
    // the state after the step (the search does not change the trajectory of
    // fixed-step integrators; variable-step ones may choose other next steps).
    void after_step(Simulation& sim, const State& before);

    const std::vector<ContactEvent>& events() const { return events_; }
    const ContactPairSet& contact_pairs() const { return pairs_; }
    const std::vector<char>& in_contact() const { return in_contact_; }  // per pair, now
    double time_tolerance() const { return time_tolerance_; }

private:
    void current_contacts(Simulation& sim, std::vector<char>& touching);
    double locate_change(Simulation& sim, const State& before, double end_time, Index pair, bool touching_before);

    ContactPairSet pairs_;
    double time_tolerance_;
    State after_;
    std::vector<PairContact> gathered_;
    std::vector<char> in_contact_, next_, probe_;
    std::vector<ContactEvent> events_;
};

}  // namespace hfd
