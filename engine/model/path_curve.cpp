#include "model/path_curve.h"

#include <algorithm>
#include <cstddef>
#include <utility>

namespace hfd {

PathCurve::PathCurve(std::vector<double> knots, std::vector<double> values)
    : knot_(std::move(knots)), value_(std::move(values)) {
    const std::size_t n = knot_.size();
    b_.assign(n, 0.0);
    c_.assign(n, 0.0);
    d_.assign(n, 0.0);
    if (n < 2) return;
    const auto& x = knot_;
    const auto& y = value_;
    if (n == 2) {
        b_[0] = b_[1] = (y[1] - y[0]) / (x[1] - x[0]);
        return;
    }
    // Tridiagonal system for sigma_i (c below) with h_i = x_{i+1} - x_i (d below):
    // h_{i-1} s_{i-1} + 2 (h_{i-1} + h_i) s_i + h_i s_{i+1} = delta_i - delta_{i-1}.
    auto &b = b_, &c = c_, &d = d_;
    const std::size_t last = n - 1;
    d[0] = x[1] - x[0];
    c[1] = (y[1] - y[0]) / d[0];
    for (std::size_t i = 1; i < last; ++i) {
        d[i] = x[i + 1] - x[i];
        b[i] = 2.0 * (d[i - 1] + d[i]);
        c[i + 1] = (y[i + 1] - y[i]) / d[i];
        c[i] = c[i + 1] - c[i];
    }
    // End rows: the third derivative matches the cubic through the four end knots
    // (divided differences); with three knots it is zero.
    b[0] = -d[0];
    b[last] = -d[n - 2];
    c[0] = c[last] = 0.0;
    if (n > 3) {
        c[0] = c[2] / (x[3] - x[1]) - c[1] / (x[2] - x[0]);
        c[last] = c[n - 2] / (x[last] - x[n - 3]) - c[n - 3] / (x[n - 2] - x[n - 4]);
        c[0] = c[0] * d[0] * d[0] / (x[3] - x[0]);
        c[last] = -c[last] * d[n - 2] * d[n - 2] / (x[last] - x[n - 4]);
    }
    for (std::size_t i = 1; i <= last; ++i) {
        const double t = d[i - 1] / b[i - 1];
        b[i] -= t * d[i - 1];
        c[i] -= t * c[i - 1];
    }
    c[last] /= b[last];
    for (std::size_t i = last; i-- > 0;) c[i] = (c[i] - d[i] * c[i + 1]) / b[i];
    // polynomial coefficients per interval
    b[last] = (y[last] - y[n - 2]) / d[n - 2] + d[n - 2] * (c[n - 2] + 2.0 * c[last]);
    for (std::size_t i = 0; i < last; ++i) {
        b[i] = (y[i + 1] - y[i]) / d[i] - d[i] * (c[i + 1] + 2.0 * c[i]);
        d[i] = (c[i + 1] - c[i]) / d[i];
        c[i] = 3.0 * c[i];
    }
    c[last] = 3.0 * c[last];
    d[last] = d[n - 2];
}

double PathCurve::evaluate(double q, double* slope) const {
    const std::size_t n = knot_.size();
    if (q <= knot_[0] || q >= knot_[n - 1]) {  // the end tangent continued
        const std::size_t i = q <= knot_[0] ? 0 : n - 1;
        *slope = b_[i];
        return value_[i] + b_[i] * (q - knot_[i]);
    }
    // the interval [q_i, q_i+1) holding q
    const std::size_t i = std::size_t(std::upper_bound(knot_.begin(), knot_.end(), q) - knot_.begin()) - 1;
    const double t = q - knot_[i];
    *slope = b_[i] + t * (2.0 * c_[i] + 3.0 * t * d_[i]);
    return value_[i] + t * (b_[i] + t * (c_[i] + t * d_[i]));
}

}  // namespace hfd
