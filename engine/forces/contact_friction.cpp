#include "forces/contact_friction.h"

#include <algorithm>
#include <cmath>

namespace hfd {

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

}  // namespace hfd
