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

}  // namespace hfd
