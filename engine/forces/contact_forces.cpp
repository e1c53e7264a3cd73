// Registration of the contact force family. Each component of the family lives in
// its own file; this file lists them.
#include "forces/force_component.h"
#include "forces/simple_collision_detection.h"

namespace hfd {

std::unique_ptr<ForceComponent> create_contact_force_pd(const PropNode& props, ForceContext& context);
std::unique_ptr<ForceComponent> create_contact_force_hunt_crossley(const PropNode& props, ForceContext& context);
std::unique_ptr<ForceComponent> create_contact_force_hunt_crossley_sb(const PropNode& props, ForceContext& context);

void register_contact_forces(std::vector<ForceRegistration>& registry) {
    registry.push_back({"simple_collision_detection", create_simple_collision_detection});
    registry.push_back({"contact_force_pd", create_contact_force_pd});
    registry.push_back({"contact_force_hunt_crossley", create_contact_force_hunt_crossley});
    registry.push_back({"contact_force_hunt_crossley_sb", create_contact_force_hunt_crossley_sb});
}

}  // namespace hfd
