#include "forces/muscle_curves.h"

#include <algorithm>
#include <cmath>

namespace hfd {

namespace gh2010 {

double active_force_length(double l) {
    const double x = std::abs((l - 1.0) / width);
    return std::exp(std::log(0.05) * x * x * x);
}

double force_velocity(double v) {
    const double N = eccentric_force, K = curvature;
    if (v < 0.0) return std::max(0.0, (1.0 + v) / (1.0 - K * v));
    return N - (N - 1.0) * (1.0 - v) / (1.0 + 7.56 * K * v);
}

double inverse_force_velocity(double f) {
    const double N = eccentric_force, K = curvature;
    f = std::clamp(f, 0.0, N);
    if (f < 1.0) return (f - 1.0) / (1.0 + K * f);
    return (f - 1.0) / (7.56 * K * (N - f) + N - 1.0);
}

double parallel_elastic(double l) {
    if (l <= 1.0) return 0.0;
    const double x = (l - 1.0) / width;
    return x * x;
}

double buffer_elastic(double l) {
    const double l_min = 1.0 - width;
    if (l >= l_min) return 0.0;
    const double x = (l - l_min) / (0.5 * width);
    return x * x;
}

double tendon_force(double strain) {
    if (strain <= 0.0) return 0.0;
    const double x = strain / tendon_reference_strain;
    return x * x;
}

}  // namespace gh2010

namespace tj2003 {

namespace {
constexpr double gamma = 0.45;
constexpr double passive_shape = 5.0;
constexpr double passive_strain = 0.6;
constexpr double tendon_strain = 0.04;
constexpr double toe_strain = 0.609 * tendon_strain;
constexpr double toe_force = 0.333;
constexpr double toe_shape = 3.0;
constexpr double linear_stiffness = 1.712 / tendon_strain;
constexpr double eccentric_slope_factor = (2.0 + 2.0 / af) / (flen - 1.0);
constexpr double eccentric_end = 0.95;  // of a_fl * flen

double concentric_velocity(double f, double a_fl, double damping) { return (f - a_fl) / (a_fl + f / af + damping); }
double concentric_slope(double f, double a_fl, double damping) {  // dv/dF
    const double b = a_fl + f / af + damping;
    return (b - (f - a_fl) / af) / (b * b);
}
double eccentric_velocity(double f, double a_fl, double damping) {
    return (f - a_fl) / (eccentric_slope_factor * (a_fl * flen - f) + damping);
}
double eccentric_slope(double f, double a_fl, double damping) {
    const double b = eccentric_slope_factor * (a_fl * flen - f) + damping;
    return (eccentric_slope_factor * a_fl * (flen - 1.0) + damping) / (b * b);
}
}  // namespace

double active_force_length(double l) { return std::exp(-(l - 1.0) * (l - 1.0) / gamma); }

double passive_force_length(double l) {
    if (l <= 1.0) return 0.0;
    return std::expm1(passive_shape * (l - 1.0) / passive_strain) / std::expm1(passive_shape);
}

double tendon_force_length(double strain) {
    if (strain <= 0.0) return 0.0;
    if (strain <= toe_strain) return toe_force / std::expm1(toe_shape) * std::expm1(toe_shape * strain / toe_strain);
    return toe_force + linear_stiffness * (strain - toe_strain);
}

double fiber_velocity(double f, double a_fl, double damping) {
    a_fl = std::max(a_fl, 1e-9);
    if (f < 0.0) return concentric_velocity(0.0, a_fl, damping) + concentric_slope(0.0, a_fl, damping) * f;
    if (f <= a_fl) return concentric_velocity(f, a_fl, damping);
    const double end = eccentric_end * a_fl * flen;
    if (f < end) return eccentric_velocity(f, a_fl, damping);
    return eccentric_velocity(end, a_fl, damping) + eccentric_slope(end, a_fl, damping) * (f - end);
}

double force_velocity(double v, double a_fl, double damping) {
    a_fl = std::max(a_fl, 1e-9);
    const double k = eccentric_slope_factor, d = damping;
    const double v_zero = concentric_velocity(0.0, a_fl, d);
    if (v < v_zero) return (v - v_zero) / concentric_slope(0.0, a_fl, d);
    if (v <= 0.0) return (a_fl + v * (a_fl + d)) / (1.0 - v / af);
    const double end = eccentric_end * a_fl * flen;
    const double v_end = eccentric_velocity(end, a_fl, d);
    if (v < v_end) return (a_fl * (1.0 + v * k * flen) + v * d) / (1.0 + v * k);
    return end + (v - v_end) / eccentric_slope(end, a_fl, d);
}

}  // namespace tj2003

}  // namespace hfd
