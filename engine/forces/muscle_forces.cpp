// Registration of the muscle force family. Each component of the family lives in
// its own file; this file lists them.
#include "forces/force_component.h"

namespace hfd {

void register_muscle_forces(std::vector<ForceRegistration>& registry) {}

}  // namespace hfd
