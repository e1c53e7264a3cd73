#include "integrators/body_update.h"

#include <algorithm>
#include <cmath>

namespace hfd {

namespace {
// cos(x), sin(x) of the small half-angles of a step: Taylor polynomials for |x| < 0.02,
// whose truncation (x^8/8! and x^9/9!, below 1e-18) lies under the rounding of the
// result; the library functions otherwise.
void small_angle_cos_sin(double x, double& c, double& s) {
    if (std::abs(x) >= 0.02) {
        c = std::cos(x), s = std::sin(x);
        return;
    }
    const double x2 = x * x;
    c = 1.0 - x2 * (1.0 / 2 - x2 * (1.0 / 24 - x2 * (1.0 / 720)));
    s = x * (1.0 - x2 * (1.0 / 6 - x2 * (1.0 / 120 - x2 * (1.0 / 5040))));
}
// exp of a rotation vector r as a unit quaternion: (cos(|r|/2), sin(|r|/2) r / |r|)
Quat quat_exp(const Vec3& rotation) {
    const double angle = rotation.norm();
    if (angle < 1e-12) return Quat(1.0, 0.5 * rotation.x(), 0.5 * rotation.y(), 0.5 * rotation.z()).normalized();
    double c, s;
    small_angle_cos_sin(0.5 * angle, c, s);
    const Vec3 v = (s / angle) * rotation;
    return Quat(c, v.x(), v.y(), v.z());
}
}  // namespace

void advance_bodies(const Model& m, State& s, const Data& d, double h, double beta) {
    for (size_t b = 0, n = m.bodies.size(); b < n; ++b) {
        if (m.bodies[b].is_static()) continue;
        const Vec3 v_pos = s.lin_vel[b] + (beta * h) * d.lin_acc[b];
        const Vec3 w_pos = s.ang_vel[b] + (beta * h) * d.ang_acc[b];
        s.pos[b] += h * v_pos;
        s.ori[b] = (quat_exp(h * w_pos) * s.ori[b]).normalized();
        s.lin_vel[b] += h * d.lin_acc[b];
        s.ang_vel[b] += h * d.ang_acc[b];
    }
    advance_muscle_states(s, d, h);
    s.time += h;
}

void advance_bodies_planar(const Model& m, State& s, const Data& d, double h, double beta) {
    // raw pointers: the stores cannot then be taken to change the vectors themselves
    const Body* __restrict bodies = m.bodies.data();
    const Vec3* __restrict lin_acc = d.lin_acc.data(), * __restrict ang_acc = d.ang_acc.data();
    Vec3* __restrict pos = s.pos.data(), * __restrict lin_vel = s.lin_vel.data(), * __restrict ang_vel = s.ang_vel.data();
    Quat* __restrict ori = s.ori.data();
    for (size_t b = 0, n = m.bodies.size(); b < n; ++b) {
        if (bodies[b].is_static()) continue;
        const double vx = lin_vel[b].x() + beta * h * lin_acc[b].x();
        const double vy = lin_vel[b].y() + beta * h * lin_acc[b].y();
        const double wz = ang_vel[b].z() + beta * h * ang_acc[b].z();
        pos[b].x() += h * vx;
        pos[b].y() += h * vy;
        double c, sn;
        small_angle_cos_sin(0.5 * h * wz, c, sn);
        Quat& q = ori[b];
        if (q.x() == 0.0 && q.y() == 0.0) {
            // a rotation about z stays one: the product and norm without the zero terms
            const double w = c * q.w() - sn * q.z(), z = c * q.z() + sn * q.w();
            const double norm = std::sqrt(z * z + w * w);
            q = Quat(w / norm, 0.0, 0.0, z / norm);
        } else {
            q = (Quat(c, 0.0, 0.0, sn) * q).normalized();
        }
        lin_vel[b].x() += h * lin_acc[b].x();
        lin_vel[b].y() += h * lin_acc[b].y();
        ang_vel[b].z() += h * ang_acc[b].z();
    }
    advance_muscle_states(s, d, h);
    s.time += h;
}

void advance_muscle_states(State& s, const Data& d, double h) {
    for (size_t i = 0, n = s.activation.size(); i < n; ++i) {
        s.activation[i] = std::clamp(s.activation[i] + h * d.activation_derivative[i], 0.0, 1.0);
        s.fiber_length[i] = std::max(1e-6, s.fiber_length[i] + h * d.fiber_length_derivative[i]);
    }
}

}  // namespace hfd
