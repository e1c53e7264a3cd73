// Registration of the muscle force family. Each component of the family lives in
// its own file; this file lists them.
#include "forces/force_component.h"

namespace hfd {

std::unique_ptr<ForceComponent> create_muscle_activation(const PropNode& props, ForceContext& context);
std::unique_ptr<ForceComponent> create_muscle_force_m2012fast(const PropNode& props, ForceContext& context);
std::unique_ptr<ForceComponent> create_muscle_force_gh2010(const PropNode& props, ForceContext& context);
std::unique_ptr<ForceComponent> create_muscle_force_tj2003(const PropNode& props, ForceContext& context);

void register_muscle_forces(std::vector<ForceRegistration>& registry) {
    registry.push_back({"muscle_activation", create_muscle_activation});
    registry.push_back({"muscle_force_m2012fast", create_muscle_force_m2012fast});
    registry.push_back({"muscle_force_gh2010", create_muscle_force_gh2010});
    registry.push_back({"muscle_force_tj2003", create_muscle_force_tj2003});
}

}  // namespace hfd
