#include "integrators/body_update.h"

#include <Eigen/LU>

#include <algorithm>
#include <cmath>
#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

// q.normalized() to the bit (|q|^2 = (x^2 + z^2) + (y^2 + w^2), each coefficient divided
// by |q|, q itself when |q|^2 is not positive), from q's halves (x, y) and (z, w) as
// Eigen's quaternion product leaves them: normalized() read the product back as one
// 256-bit value from the two 128-bit stores, which the processor cannot forward (AMD
// Zen 4: a stall in every body update, about a third of advance_bodies' time on H1922).
Quat normalized(const Quat& q) {
#if defined(__SSE2__)
    const auto rounded = [](__m128d v) {  // no fused a * b + c: the squares are rounded as in normalized()
        asm("" : "+x"(v));
        return v;
    };
    const __m128d xy = _mm_loadu_pd(q.coeffs().data()), zw = _mm_loadu_pd(q.coeffs().data() + 2);
    const __m128d sums = _mm_add_pd(rounded(_mm_mul_pd(xy, xy)), rounded(_mm_mul_pd(zw, zw)));
    const double squared_norm = _mm_cvtsd_f64(sums) + _mm_cvtsd_f64(_mm_unpackhi_pd(sums, sums));
    if (!(squared_norm > 0.0)) return q;
    const __m128d norm = _mm_set1_pd(std::sqrt(squared_norm));
    Quat result;
    _mm_storeu_pd(result.coeffs().data(), _mm_div_pd(xy, norm));
    _mm_storeu_pd(result.coeffs().data() + 2, _mm_div_pd(zw, norm));
    return result;
#else
    return q.normalized();
#endif
}

// The vectors a body update reads and writes as raw pointers, loaded once: stores
// into the bodies cannot then be taken to change the vectors.
struct BodyArrays {
    const Body* bodies;
    const Vec3 *lin_acc, *ang_acc;  // of the evaluation
    const Vec3* pos;                // from
    const Quat* ori;
    const Vec3 *lin_vel, *ang_vel;
    Vec3* to_pos;  // to
    Quat* to_ori;
    Vec3 *to_lin_vel, *to_ang_vel;
};
BodyArrays body_arrays(const Model& m, const State& from, State& to, const StepAccelerations& a) {
    return {m.bodies.data(),     a.lin,         a.ang,         from.pos.data(),   from.ori.data(),  from.lin_vel.data(),
            from.ang_vel.data(), to.pos.data(), to.ori.data(), to.lin_vel.data(), to.ang_vel.data()};
}
}  // namespace

StepAccelerations step_accelerations(const Model& m, const State& from, const Data& d, double h, double beta,
                                     bool planar, StepScratch& scratch, double drift) {
    // midpoint Euler keeps the joints' damping explicit (implicit_joint_damping.h)
    const bool joints =
        d.joint_damping_applied && beta == 1.0 && scratch.implicit_joint_damping && scratch.joints.ready(m);
    if (!joints && d.friction_damped_bodies.empty()) return {d.lin_acc.data(), d.ang_acc.data()};
    std::vector<Vec3>&lin = scratch.lin, &ang = scratch.ang;
    lin.resize(d.lin_acc.size()), ang.resize(d.ang_acc.size());  // allocates on the first such step only
    static_assert(sizeof(Vec3) == 3 * sizeof(double));
    std::memcpy(static_cast<void*>(lin.data()), d.lin_acc.data(), lin.size() * sizeof(Vec3));
    std::memcpy(static_cast<void*>(ang.data()), d.ang_acc.data(), ang.size() * sizeof(Vec3));
    if (joints) {
        scratch.joints.solve(m, from, d, h, drift < 0 ? h : drift, planar, lin.data(), ang.data());
        return {lin.data(), ang.data()};
    }
    for (Index b : d.friction_damped_bodies) {
        const Body& body = m.bodies[b];
        const Mat6& damping = d.friction_damping[b];
        if (planar) {  // the top-left 3x3 block: x, y, z rotation
            Mat3 system = h * damping.topLeftCorner<3, 3>();
            const Vec3 inertia(body.mass, body.mass, body.inertia.z());
            system.diagonal() += inertia;
            const Vec3 momentum_rate = inertia.cwiseProduct(Vec3(lin[b].x(), lin[b].y(), ang[b].z()));
            const Vec3 result = system.inverse() * momentum_rate;  // symmetric positive definite, closed form
            lin[b].x() = result.x(), lin[b].y() = result.y(), ang[b].z() = result.z();
            continue;
        }
        // (M + h C) x = M a by blocks, M = diag(m I, J), J the world inertia:
        //   [[K, B], [B^T, L]] = [[m I + h C_vv, h C_vw], [h C_wv, J + h C_ww]],
        //   x_w = (L - B^T K^-1 B)^-1 (J alpha - B^T K^-1 m a),  x_v = K^-1 (m a - B x_w)
        const Mat3 rotation = from.ori[b].toRotationMatrix();
        const Mat3 world_inertia = rotation * body.inertia.asDiagonal() * rotation.transpose();
        Mat3 k = h * damping.topLeftCorner<3, 3>();
        k.diagonal().array() += body.mass;
        const Mat3 coupling = h * damping.topRightCorner<3, 3>();
        const Mat3 k_inverse = k.inverse();  // symmetric positive definite, closed form
        const Mat3 k_inverse_coupling = k_inverse * coupling;
        const Mat3 schur =
            world_inertia + h * damping.bottomRightCorner<3, 3>() - coupling.transpose() * k_inverse_coupling;
        const Vec3 momentum_rate = body.mass * lin[b];
        const Vec3 angular =
            schur.inverse() * (world_inertia * ang[b] - k_inverse_coupling.transpose() * momentum_rate);
        lin[b] = k_inverse * momentum_rate - k_inverse_coupling * angular;
        ang[b] = angular;
    }
    return {lin.data(), ang.data()};
}

void advance_bodies(const Model& m, const State& from, State& to, const Data& d, const StepAccelerations& a,
                    StepSpan span, double beta) {
    const double h = span.h, kick = span.kick;
    // `from` and `to` may be one state: each body is read before it is written
    const auto [bodies, lin_acc, ang_acc, pos, ori, lin_vel, ang_vel, to_pos, to_ori, to_lin_vel, to_ang_vel] =
        body_arrays(m, from, to, a);
    // Eight bodies at a time in two passes, the rotations of the step, then the rest:
    // each rotation is a chain of square roots and divisions (|h w|, then |q|), and
    // the processor overlaps more of them in the short first loop.
    constexpr size_t chunk = 8;
    for (size_t first = 0, n = m.bodies.size(); first < n; first += chunk) {
        const size_t end = std::min(n, first + chunk);
        Quat turn[chunk];
        for (size_t b = first; b < end; ++b)
            if (!bodies[b].is_static()) turn[b - first] = quat_exp(h * (ang_vel[b] + (beta * kick) * ang_acc[b]));
        for (size_t b = first; b < end; ++b) {
            if (bodies[b].is_static()) {
                to_pos[b] = pos[b], to_ori[b] = ori[b];
                to_lin_vel[b] = lin_vel[b], to_ang_vel[b] = ang_vel[b];
                continue;
            }
            const Vec3 v = lin_vel[b], w = ang_vel[b];
            const Vec3 v_pos = v + (beta * kick) * lin_acc[b];
            to_pos[b] = pos[b] + h * v_pos;
            to_ori[b] = normalized(turn[b - first] * ori[b]);
            to_lin_vel[b] = v + kick * lin_acc[b];
            to_ang_vel[b] = w + kick * ang_acc[b];
        }
    }
    advance_muscle_states(from, to, d, h);
    to.time = from.time + h;
}

void advance_bodies_planar(const Model& m, const State& from, State& to, const Data& d, const StepAccelerations& a,
                           StepSpan span, double beta) {
    const double h = span.h, kick = span.kick;
    // `from` and `to` may be one state: each body is read before it is written, and
    // x, y and the z rotation are all that change
    const auto [bodies, lin_acc, ang_acc, pos, ori, lin_vel, ang_vel, to_pos, to_ori, to_lin_vel, to_ang_vel] =
        body_arrays(m, from, to, a);
    const bool in_place = &from == &to;
    // d is the evaluation of `from`: every body of it turns about z only when the
    // evaluation found so (update_body_frames), and the per-body test is left out
    const bool z_rotations_only = d.z_rotations_only;
    for (size_t b = 0, n = m.bodies.size(); b < n; ++b) {
        if (!in_place) {  // the unchanged parts (all of a static body)
            to_pos[b].z() = pos[b].z(), to_lin_vel[b].z() = lin_vel[b].z();
            to_ang_vel[b].x() = ang_vel[b].x(), to_ang_vel[b].y() = ang_vel[b].y();
            if (bodies[b].is_static()) {
                to_pos[b] = pos[b], to_ori[b] = ori[b], to_lin_vel[b] = lin_vel[b], to_ang_vel[b] = ang_vel[b];
                continue;
            }
        } else if (bodies[b].is_static()) {
            continue;
        }
        const double vx = lin_vel[b].x(), vy = lin_vel[b].y(), wz = ang_vel[b].z();
        const double ax = lin_acc[b].x(), ay = lin_acc[b].y(), alpha_z = ang_acc[b].z();
        const double x = pos[b].x(), y = pos[b].y();
        double c, sn;
        small_angle_cos_sin(0.5 * h * (wz + beta * kick * alpha_z), c, sn);
        const Quat& q = ori[b];
        if (z_rotations_only || (q.x() == 0.0 && q.y() == 0.0)) {
            // a rotation about z stays one: the product and norm without the zero terms
            const double qw = c * q.w() - sn * q.z(), qz = c * q.z() + sn * q.w();
            const double norm = std::sqrt(qz * qz + qw * qw);
            to_ori[b] = Quat(qw / norm, 0.0, 0.0, qz / norm);
        } else {
            to_ori[b] = (Quat(c, 0.0, 0.0, sn) * q).normalized();
        }
        to_pos[b].x() = x + h * (vx + beta * kick * ax);
        to_pos[b].y() = y + h * (vy + beta * kick * ay);
        to_lin_vel[b].x() = vx + kick * ax;
        to_lin_vel[b].y() = vy + kick * ay;
        to_ang_vel[b].z() = wz + kick * alpha_z;
    }
    advance_muscle_states(from, to, d, h);
    to.time = from.time + h;
}

void advance_muscle_states(const State& from, State& to, const Data& d, double h) {
    // raw pointers; each muscle reads only its own values (in place too), so ivdep
    const double *activation = from.activation.data(), *fiber_length = from.fiber_length.data();
    const double *activation_derivative = d.activation_derivative.data(),
                 *fiber_length_derivative = d.fiber_length_derivative.data();
    double *to_activation = to.activation.data(), *to_fiber_length = to.fiber_length.data();
#pragma GCC ivdep
    for (size_t i = 0, n = from.activation.size(); i < n; ++i) {
        to_activation[i] = std::clamp(activation[i] + h * activation_derivative[i], 0.0, 1.0);
        to_fiber_length[i] = std::max(1e-6, fiber_length[i] + h * fiber_length_derivative[i]);
    }
}

}  // namespace hfd
