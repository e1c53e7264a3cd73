#pragma once
// Checks of a simulation about to start that point at a likely mistake in the
// set-up rather than in the model: warnings, never errors.
#include "sim/simulation.h"

#include <vector>

namespace hfd {

// A geometry that starts deeper inside another than its own size (sphere,
// capsule or cylinder radius, smallest box half-width): its centre is already
// past the other's surface, which a model loaded without its initial state
// shows (feet under the floor). One warning per such contact, at the deeper
// geometry, naming both and the depth.
std::vector<Diagnostic> check_initial_contacts(const Simulation& sim);

}  // namespace hfd
