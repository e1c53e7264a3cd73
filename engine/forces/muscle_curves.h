#pragma once
// Curves of the Hill-type muscle models, as plain functions of normalized
// quantities: fiber length l in units of optimal fiber length, fiber velocity v
// in units of v_max * optimal fiber length per second (v < 0 shortening), tendon
// strain e = (l_T - l_slack) / l_slack, forces in units of max isometric force.
#include <algorithm>
#include <cmath>

namespace hfd {

// --- Millard et al. 2013 (muscle_force_m2012fast) ---------------------------
// Hyfydy's manual: its m2012 curves are polynomials that differ slightly from
// Millard's splines. A run of SCONE + Hyfydy that recorded every muscle at every
// 10 ms (scone-core commit 3e01d399, "Gait Uneven Terrain - H0914 - Hyfydy.scone.sto":
// 14 muscles x 281 samples of fiber length, force-length multiplier, passive force,
// tendon strain and force) gives them, with d = l - 1 (docs/gait_4a.md):
//  active force-length: f = 1 - 2.75 d^2 + 1.5 d^3, zero outside its roots
//    0.46899 < l < 1.80528 (every sample within 5e-6). 1 with zero slope at l = 1;
//    the cubic crosses zero with slope 4.2 (ascending) and -1.5 (descending).
//  passive force-length: f = 1.27366 d^2 + 1.08047 d^3 for l > 1, else 0 (within
//    3e-6 up to l = 1.2, the longest fiber recorded); 0.995 at l = 1.7.
//  tendon force-length: f = 7.969 e + 261.02 e^2 for strain e > 0 (within 2e-5 at
//    the samples whose strain changes slowly; 1.0 at e = 0.0485); stiff from zero
//    strain on, where a toe region would be slack.
//  force-velocity (not recorded directly; the fit of the samples is looser than
//    the curves above, so this stays the paper's): Hill's hyperbola
//    (1 + v) / (1 - v / A), A = 0.25, for -1 <= v <= 0 (0 at -v_max, 1 and slope
//    1 + 1/A = 5 at 0), zero below -1; E - (E - 1) B / (B + v) for v > 0 with
//    E = 1.4 (the paper's eccentric limit) and B = (E - 1) / 5 so that the slope
//    is continuous at 0. Increasing.
namespace m2012 {
constexpr double eccentric_limit = 1.4;
constexpr double concentric_curvature = 0.25;
// (inline: evaluated for every muscle at every evaluation)
namespace curve {
constexpr double active_min_length = 0.46899396;  // roots of 1 - 2.75 d^2 + 1.5 d^3
constexpr double active_max_length = 1.80527889;
constexpr double active_d2 = -2.75, active_d3 = 1.5;
constexpr double passive_d2 = 1.27366, passive_d3 = 1.08047;
constexpr double tendon_e1 = 7.969, tendon_e2 = 261.02;
constexpr double eccentric_shape = (eccentric_limit - 1.0) / 5.0;  // B: slope 5 at v = 0
}  // namespace curve

// The curves and the fiber velocity below compute every branch and select one
// (no jumps), so the fiber pass over muscles vectorizes; the selected value is the
// one the branch alone would give.
inline double active_force_length(double l) {
    using namespace curve;
    const double d = l - 1.0;
    const double value = 1.0 + d * d * (active_d2 + active_d3 * d);
    const bool inactive = (l <= active_min_length) | (l >= active_max_length);  // false for a NaN l
    return inactive ? 0.0 : value;
}

inline double passive_force_length(double l) {
    const double d = l - 1.0;
    const double value = d * d * (curve::passive_d2 + curve::passive_d3 * d);
    return l <= 1.0 ? 0.0 : value;  // NaN for a NaN l
}

inline double force_velocity(double v) {
    if (v <= -1.0) return 0.0;
    if (v <= 0.0) return (1.0 + v) / (1.0 - v / concentric_curvature);
    return eccentric_limit - (eccentric_limit - 1.0) * curve::eccentric_shape / (curve::eccentric_shape + v);
}

inline double tendon_force_length(double strain) {
    const double value = strain * (curve::tendon_e1 + curve::tendon_e2 * strain);
    return strain <= 0.0 ? 0.0 : value;
}

// Damped equilibrium along the fiber, solved exactly for v (no iteration):
//   a_fl * f_V(v) + beta * v = fiber_force,  with a_fl = a * f_L(l) >= 0, beta > 0.
// a_fl f_V(v) + beta v is strictly increasing, so the root is unique; on each
// branch of f_V it is a quadratic (or linear) equation in v.
inline double damped_fiber_velocity(double fiber_force, double a_fl, double beta) {
    const double A = concentric_curvature, E = eccentric_limit, B = curve::eccentric_shape;
    // fiber_force < -beta: below -v_max the active force is zero, beta v = fiber_force
    const double passive_only = beta > 0 ? fiber_force / beta : -1.0;
    // fiber_force <= a_fl: a_fl (1 + v) + beta v (1 - v/A) = F (1 - v/A), times -A:
    //   beta v^2 - p v + c = 0, p = A (a_fl + beta) + F, c = A (F - a_fl) <= 0.
    // The root in [-1, 0] is the non-positive one; written without cancellation.
    const double p = A * (a_fl + beta) + fiber_force;
    const double c = A * (fiber_force - a_fl);
    const double concentric_denominator = p + std::sqrt(std::max(0.0, p * p - 4.0 * beta * c));
    const double concentric = c == 0.0 ? 0.0 : concentric_denominator > 0 ? 2.0 * c / concentric_denominator : -1.0;
    // otherwise a_fl (E (B + v) - (E - 1) B) + beta v (B + v) = F (B + v):
    //   beta v^2 + q v + c = 0, q = E a_fl + beta B - F, c = B (a_fl - F) < 0.
    const double q = E * a_fl + beta * B - fiber_force;
    const double c_eccentric = B * (a_fl - fiber_force);
    const double root = std::sqrt(std::max(0.0, q * q - 4.0 * beta * c_eccentric));
    const double eccentric_denominator = q + root;
    const double eccentric = eccentric_denominator > 0 ? -2.0 * c_eccentric / eccentric_denominator
                             : beta > 0                ? (-q + root) / (2.0 * beta)
                                                       : 1.0;
    return fiber_force < -beta ? passive_only : fiber_force <= a_fl ? concentric : eccentric;
}
}  // namespace m2012

// --- Geyer & Herr 2010 (muscle_force_gh2010) ---------------------------------
// CE force-length exp(c |(l - 1) / w|^3), c = ln(0.05), w = 0.56.
// CE force-velocity (v < 0 shortening, |v| <= 1):
//   (1 + v) / (1 - K v) for v < 0, N - (N - 1)(1 - v) / (1 + 7.56 K v) for v >= 0,
//   N = 1.5, K = 5.
// SE (tendon) (e / e_ref)^2 for e > 0, e_ref = 0.04.
// PE ((l - 1) / w)^2 for l > 1; BE (buffer) ((l - (1 - w)) / (w / 2))^2 for l < 1 - w
// (Geyer, Seyfarth & Blickhan 2003), BE pushes the fiber apart.
namespace gh2010 {
constexpr double width = 0.56;
constexpr double eccentric_force = 1.5;  // N
constexpr double curvature = 5.0;        // K
constexpr double tendon_reference_strain = 0.04;
double active_force_length(double l);
double force_velocity(double v);
// Inverse of force_velocity for f in [0, N), clamped to that range.
double inverse_force_velocity(double f);
double parallel_elastic(double l);
double buffer_elastic(double l);
double tendon_force(double strain);
}  // namespace gh2010

// --- Thelen 2003 as described for OpenSim by C. T. John (muscle_force_tj2003) --
// f_L = exp(-(l - 1)^2 / gamma), gamma = 0.45.
// f_PE = (exp(k_PE (l - 1) / e0) - 1) / (exp(k_PE) - 1), k_PE = 5, e0 = 0.6 (l > 1).
// Tendon: F_toe / (exp(k_toe) - 1) (exp(k_toe e / e_toe) - 1) for e <= e_toe,
//   k_lin (e - e_toe) + F_toe beyond, with e0_T = 0.04, e_toe = 0.609 e0_T,
//   F_toe = 0.333, k_toe = 3, k_lin = 1.712 / e0_T.
// Force-velocity inverse: with F_a = a f_L and F the velocity-dependent fiber force,
//   v = (F - F_a) / b  (times (0.25 + 0.75 a) v_max l_opt), where
//   b = F_a + F / A_f (F <= F_a),  b = (2 + 2/A_f)(F_a F_len - F) / (F_len - 1) (F > F_a),
//   A_f = 0.25, F_len = 1.4, plus `damping` added to b. Outside 0 <= F < 0.95 F_a F_len
//   the curve is extended linearly with its slope at the end point.
namespace tj2003 {
constexpr double af = 0.25;
constexpr double flen = 1.4;
double active_force_length(double l);
double passive_force_length(double l);
double tendon_force_length(double strain);
// Normalized fiber velocity (units of the activation-scaled v_max, see above).
double fiber_velocity(double velocity_force, double a_fl, double damping);
// Velocity-dependent force for a normalized fiber velocity (inverse of fiber_velocity).
double force_velocity(double v, double a_fl, double damping);
}  // namespace tj2003

// --- Pennation and the musculotendon equilibrium, shared by the models -------
// Constant thickness: l_f sin(alpha) = l_opt sin(alpha_opt) = thickness.
struct FiberGeometry {
    double fiber_length = 0;  // m, clamped to minimum_fiber_length
    double cos_pennation = 1;
    double tendon_length = 0;   // path length - fiber_length cos(alpha)
    double minimum_length = 0;  // minimum_fiber_length of the muscle
};
// Shortest fiber allowed: 1 % of optimal, and pennation below acos(0.1).
inline double minimum_fiber_length(double optimal_fiber_length, double thickness) {
    constexpr double max_sin_pennation = 0.99498743710662;  // cos(alpha) >= 0.1
    return std::max(0.01 * optimal_fiber_length, thickness / max_sin_pennation);
}

// The geometry with the minimum length given (minimum_fiber_length of the muscle).
inline FiberGeometry fiber_geometry_above(double minimum_length, double path_length, double fiber_length,
                                          double thickness) {
    FiberGeometry g;
    g.minimum_length = minimum_length;
    g.fiber_length = std::max(fiber_length, minimum_length);
    const double sin_pennation = thickness / g.fiber_length;
    g.cos_pennation = std::sqrt(std::max(0.0, 1.0 - sin_pennation * sin_pennation));
    g.tendon_length = path_length - g.fiber_length * g.cos_pennation;
    return g;
}

inline FiberGeometry fiber_geometry(double path_length, double fiber_length, double optimal_fiber_length,
                                    double thickness) {
    return fiber_geometry_above(minimum_fiber_length(optimal_fiber_length, thickness), path_length, fiber_length,
                                thickness);
}

// Fiber length (m) where tendon force equals fiber force along the tendon at
// zero fiber velocity: tendon(e) = fiber(l_f / l_opt) cos(alpha). Bisection on
// the fiber length along the tendon; when no positive tendon force balances the
// fiber, the tendon is left exactly slack. The geometry is always the pennated
// one (l_T = L - l_f cos(alpha)), so the fiber length fits the path; with
// project_on_tendon = false the balance drops the cos(alpha) projection,
// tendon(e) = fiber(l_f / l_opt), which leaves the tendon force at most
// 1/cos(alpha) - 1 away from equilibrium.
template <typename FiberForce, typename TendonForce>
double equilibrium_fiber_length(double path_length, double optimal_fiber_length, double tendon_slack_length,
                                double thickness, FiberForce fiber_force, TendonForce tendon_force,
                                bool project_on_tendon = true) {
    const double min_length = minimum_fiber_length(optimal_fiber_length, thickness);
    const double min_along = std::sqrt(min_length * min_length - thickness * thickness);
    double hi = path_length - tendon_slack_length;  // tendon slack: no tendon force
    if (hi <= min_along) return min_length;
    double lo = min_along;
    auto imbalance = [&](double along) {
        const double fiber = std::sqrt(along * along + thickness * thickness);
        const double strain = (path_length - along - tendon_slack_length) / tendon_slack_length;
        const double projection = project_on_tendon ? along / fiber : 1.0;
        return tendon_force(strain) - fiber_force(fiber / optimal_fiber_length) * projection;
    };
    if (imbalance(lo) <= 0) return min_length;
    for (int i = 0; i < 100 && hi - lo > 1e-14 * (1 + hi); ++i) {
        const double mid = 0.5 * (lo + hi);
        (imbalance(mid) > 0 ? lo : hi) = mid;
    }
    const double along = 0.5 * (lo + hi);
    return std::sqrt(along * along + thickness * thickness);
}

}  // namespace hfd
