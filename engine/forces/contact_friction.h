#pragma once
// Pieces shared by the contact response components (contact_force_pd,
// contact_force_hunt_crossley, contact_force_hunt_crossley_sb): the velocity
// split at a contact, the Hunt-Crossley normal force, the two friction laws,
// and applying a contact force.
#include "forces/force_component.h"
#include "state/data.h"
#include "state/state.h"

#include <algorithm>
#include <cmath>

namespace hfd {

// Normal component of the relative velocity (b minus a): < 0 while approaching.
inline double normal_velocity(const Contact& contact) { return contact.relative_velocity.dot(contact.normal); }
// Relative velocity (b minus a) in the contact plane.
inline Vec3 tangential_velocity(const Contact& contact) {
    return contact.relative_velocity - normal_velocity(contact) * contact.normal;
}

// Hunt & Crossley (1975), Hyfydy manual "contact_force_hunt_crossley":
//   Fn = max(0, (k d)^(3/2) (1 - 3/2 c v_n))
// k combined stiffness [N^(2/3)/m], c damping [s/m], d depth, v_n normal velocity
// (< 0 approaching, so approach adds to the force). (k d)^(3/2), not k d^(3/2):
// only then does the manual's OpenSim conversion k = (4/3 sqrt(r) k_osim)^(2/3)
// reproduce OpenSim's force (4/3) sqrt(r) E d^(3/2) (DESIGN.md).
inline double hunt_crossley_normal_force(double stiffness, double damping, double depth, double normal_velocity) {
    if (depth <= 0) return 0.0;
    const double kd = stiffness * depth;
    const double elastic = kd * std::sqrt(kd);  // (k d)^(3/2) without pow
    return std::max(0.0, elastic * (1.0 - 1.5 * damping * normal_velocity));
}

// Hyfydy manual, contact_force_pd: friction on b, opposite to its slip,
//   Ft = -vt/|vt| min(eta |vt|, mu Fn)
// (viscous below the slip speed mu Fn / eta, Coulomb above it).
inline Vec3 viscous_coulomb_friction(const Vec3& tangent_velocity, double normal_force, double mu, double viscosity) {
    const double slip_speed = tangent_velocity.norm();
    if (slip_speed <= 0 || normal_force <= 0) return Vec3::Zero();
    const double magnitude = std::min(viscosity * slip_speed, mu * normal_force);
    return (-magnitude / slip_speed) * tangent_velocity;
}

// Friction of Simbody's HuntCrossleyForce (model attributed to M. Hollars):
//   Ft = -vt/|vt| Fn [min(vs/vtr, 1) (mu_d + 2 (mu_s - mu_d) / (1 + (vs/vtr)^2)) + mu_v vs]
// vs = |vt| slip speed, vtr transition velocity; it peaks at mu_s Fn when vs = vtr
// and tends to mu_d Fn (+ viscous) when sliding fast.
Vec3 hollars_friction(const Vec3& tangent_velocity, double normal_force, double static_friction,
                      double dynamic_friction, double viscous_friction, double transition_velocity);

// Applies `force` to body b at the contact point and -force to body a (torques
// about their centres of mass) and stores it in contact.force.
// A planar evaluation (data.planar) adds the torques about z only, as the planar
// dynamics reads no other.
inline void apply_contact_force(const State& state, const Vec3& force, Contact& contact, Data& data) {
    contact.force = force;
    const Index a = contact.body_a, b = contact.body_b;
    const Vec3 arm_b = contact.point - state.pos[b], arm_a = contact.point - state.pos[a];
    data.force[b] += force;
    data.force[a] -= force;
    if (data.planar) {
        data.torque[b].z() += cross_z(arm_b, force);
        data.torque[a].z() -= cross_z(arm_a, force);
        return;
    }
    data.torque[b] += arm_b.cross(force);
    data.torque[a] -= arm_a.cross(force);
}

}  // namespace hfd
