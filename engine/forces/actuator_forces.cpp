// Registration of the actuator force family. Each component of the family lives in
// its own file; this file lists them.
#include "forces/force_component.h"

namespace hfd {

std::unique_ptr<ForceComponent> create_joint_motor_force(const PropNode& props, ForceContext& context);

void register_actuator_forces(std::vector<ForceRegistration>& registry) {
    registry.push_back({"joint_motor_force", create_joint_motor_force});
}

}  // namespace hfd
