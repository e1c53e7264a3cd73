#include "forces/contact_friction.h"

#include <algorithm>
#include <cmath>

namespace hfd {

Vec3 viscous_coulomb_friction(const Vec3& tangent_velocity, double normal_force, double mu, double viscosity) {
    const double slip_speed = tangent_velocity.norm();
    if (slip_speed <= 0 || normal_force <= 0) return Vec3::Zero();
    const double magnitude = std::min(viscosity * slip_speed, mu * normal_force);
    return (-magnitude / slip_speed) * tangent_velocity;
}

Vec3 hollars_friction(const Vec3& tangent_velocity, double normal_force, double static_friction,
                      double dynamic_friction, double viscous_friction, double transition_velocity) {
    const double slip_speed = tangent_velocity.norm();
    if (slip_speed <= 0 || normal_force <= 0) return Vec3::Zero();
    const double ratio = slip_speed / transition_velocity;
    const double coefficient =
        std::min(ratio, 1.0) * (dynamic_friction + 2 * (static_friction - dynamic_friction) / (1 + ratio * ratio)) +
        viscous_friction * slip_speed;
    return (-normal_force * coefficient / slip_speed) * tangent_velocity;
}

void apply_contact_force(const State& state, const Vec3& force, Contact& contact, Data& data) {
    contact.force = force;
    const Index a = contact.body_a, b = contact.body_b;
    data.force[b] += force;
    data.torque[b] += (contact.point - state.pos[b]).cross(force);
    data.force[a] -= force;
    data.torque[a] -= (contact.point - state.pos[a]).cross(force);
}

bool read_contact_viscosity(const PropNode& props, ForceContext& context, double& viscosity) {
    const size_t diagnostics_before = context.diagnostics.size();
    viscosity = read_number(props, "viscosity", 1000.0, context);
    if (context.diagnostics.size() > diagnostics_before) return false;  // not a number
    if (viscosity >= 0) return true;
    context.diagnostics.push_back({Severity::Error, location_of(*props.find("viscosity"), context.file),
                                   std::string(props.key) + ".viscosity must be >= 0, found " +
                                       std::to_string(viscosity)});
    return false;
}

}  // namespace hfd
