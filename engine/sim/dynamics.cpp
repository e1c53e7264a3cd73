#include "sim/dynamics.h"

#include <algorithm>
#include <cstring>

namespace hfd {

void update_body_frames(const State& s, Data& d, bool planar) {
    // raw pointers, loaded once (a store into a rotation cannot change the vectors)
    const Quat* ori = s.ori.data();
    Mat3* rotation = d.body_rotation.data();
    const bool z_parts_standard = d.rotation_z_parts_standard;
    bool z_rotations_only = planar;
    for (size_t b = 0, n = s.ori.size(); b < n; ++b) {
        const Quat& q = ori[b];
        if (planar && q.x() == 0.0 && q.y() == 0.0) {
            // q = (cos a/2, 0, 0, sin a/2): cos a = w^2 - z^2, sin a = 2 w z (as toRotationMatrix)
            const double c = 1.0 - 2.0 * q.z() * q.z(), sn = 2.0 * q.w() * q.z();
            Mat3& r = rotation[b];
            if (z_parts_standard) r(0, 0) = c, r(1, 0) = sn, r(0, 1) = -sn, r(1, 1) = c;
            else r << c, -sn, 0.0, sn, c, 0.0, 0.0, 0.0, 1.0;
            continue;
        }
        z_rotations_only = false;
        rotation[b] = q.toRotationMatrix();
    }
    d.planar = planar;
    d.z_rotations_only = z_rotations_only;
    d.rotation_z_parts_standard = z_rotations_only;  // each z rotation's parts were standard or written
}

void apply_gravity(const Model& m, Data& d) {
    for (size_t b = 0, n = m.bodies.size(); b < n; ++b)
        if (!m.bodies[b].is_static()) d.force[b] += m.bodies[b].mass * m.gravity;
}

std::vector<Vec3> gravity_loads(const Model& m) {
    std::vector<Vec3> loads(m.bodies.size(), Vec3::Zero());
    for (size_t b = 0; b < m.bodies.size(); ++b)
        if (!m.bodies[b].is_static()) loads[b] += m.bodies[b].mass * m.gravity;  // the bits of apply_gravity on 0
    return loads;
}

void start_loads(const std::vector<Vec3>& gravity_loads, Data& d) {
    // two block operations (Vec3 holds its three coefficients only): a loop per Vec3
    // took 110 instructions for H0918's 10 bodies, a vectorized loop over the doubles 96
    static_assert(sizeof(Vec3) == 3 * sizeof(double));
    const size_t bytes = gravity_loads.size() * sizeof(Vec3);
    if (bytes > 0) {  // a model without bodies has null arrays, which memcpy may not be given
        std::memcpy(d.force.data(), gravity_loads.data(), bytes);
        std::memset(static_cast<void*>(d.torque.data()), 0, bytes);  // +0.0 is all zero bits
    }
    d.contacts.clear();
    d.friction_damped_bodies.clear();
    d.joint_damping_applied = false;
}

void apply_perturbations(const Model& m, const State& s, const Controls& c, Data& d) {
    for (const Perturbation& p : c.perturbations) {
        if (p.body == no_index || m.bodies[p.body].is_static()) continue;
        if (s.time < p.start_time || s.time >= p.end_time) continue;
        const Vec3 arm = s.ori[p.body] * p.pos;
        d.force[p.body] += p.force;
        d.torque[p.body] += arm.cross(p.force) + p.moment;
    }
}

void compute_accelerations(const Model& m, const std::vector<double>& inv_mass, const State& s, Data& d) {
    // raw pointers, loaded once (a store into an acceleration cannot change the vectors)
    const Body* bodies = m.bodies.data();
    const double* inverse_mass = inv_mass.data();
    const Mat3* rotation = d.body_rotation.data();
    const Vec3 *force = d.force.data(), *torque = d.torque.data(), *ang_vel = s.ang_vel.data();
    Vec3 *lin_acc = d.lin_acc.data(), *ang_acc = d.ang_acc.data();
    for (size_t b = 0, n = m.bodies.size(); b < n; ++b) {
        if (inverse_mass[b] == 0.0) {
            lin_acc[b].setZero();
            ang_acc[b].setZero();
            continue;
        }
        lin_acc[b] = inverse_mass[b] * force[b];
        // Euler's equations in the body frame, with the evaluation's rotation matrix
        // (update_body_frames) rather than three quaternion rotations
        const Vec3& inertia = bodies[b].inertia;
        const Mat3& r = rotation[b];
        const Vec3 w = r.transpose() * ang_vel[b];
        const Vec3 tau = r.transpose() * torque[b];
        const Vec3 dw = (tau - w.cross(inertia.cwiseProduct(w))).cwiseQuotient(inertia);
        ang_acc[b] = r * dw;
    }
}

void compute_planar_accelerations(const Model& m, const std::vector<double>& inv_mass, const State&, Data& d) {
    const Body* bodies = m.bodies.data();
    const double* inverse_mass = inv_mass.data();
    const Vec3 *force = d.force.data(), *torque = d.torque.data();
    Vec3 *lin_acc = d.lin_acc.data(), *ang_acc = d.ang_acc.data();
    for (size_t b = 0, n = m.bodies.size(); b < n; ++b) {
        const double im = inverse_mass[b];
        lin_acc[b] = Vec3(im * force[b].x(), im * force[b].y(), 0.0);
        ang_acc[b] = Vec3(0.0, 0.0, im == 0.0 ? 0.0 : torque[b].z() / bodies[b].inertia.z());
    }
}

}  // namespace hfd
