// With the half angle y = pi x / 4:
//   sin(pi x / 2) = 2 sin y cos y,   1 - cos(pi x / 2) = 2 sin^2 y,
// sin y and cos y from their Taylor series through y^17 and y^16. For |x| <= 1,
// |y| <= pi/4 and the remainders are below (pi/4)^19 / 19! = 9e-20 and
// (pi/4)^18 / 18! = 2e-18: the rounding of Horner's scheme is what is left. Any
// |x| > 1 (or NaN) sends the whole batch to the library's sin and cos.
#include "measures/quarter_turn_sine.h"

#include <cmath>

namespace hfd {

namespace {

constexpr double quarter_pi = 0.78539816339744830962;

// 1/k! with alternating signs, by powers of y^2
constexpr double sin_series[] = {1.0,
                                 -1.0 / 6,
                                 1.0 / 120,
                                 -1.0 / 5040,
                                 1.0 / 362880,
                                 -1.0 / 39916800,
                                 1.0 / 6227020800,
                                 -1.0 / 1307674368000,
                                 1.0 / 355687428096000};
constexpr double cos_series[] = {1.0,
                                 -1.0 / 2,
                                 1.0 / 24,
                                 -1.0 / 720,
                                 1.0 / 40320,
                                 -1.0 / 3628800,
                                 1.0 / 479001600,
                                 -1.0 / 87178291200,
                                 1.0 / 20922789888000};

}  // namespace

void quarter_turn_sine(const double* x, std::size_t count, double* sine, double* versine) {
    long outside = 0;
    for (std::size_t i = 0; i < count; ++i) outside += !(std::abs(x[i]) <= 1.0);  // NaN counts
    if (outside) {
        for (std::size_t i = 0; i < count; ++i) {
            const double half = quarter_pi * x[i], s = std::sin(half);
            sine[i] = std::sin(2 * half);
            versine[i] = 2 * s * s;
        }
        return;
    }
    for (std::size_t i = 0; i < count; ++i) {
        const double y = quarter_pi * x[i], y2 = y * y;
        double s = sin_series[8], c = cos_series[8];
        for (int k = 7; k >= 0; --k) {
            s = s * y2 + sin_series[k];
            c = c * y2 + cos_series[k];
        }
        s *= y;
        sine[i] = 2 * s * c;
        versine[i] = 2 * s * s;
    }
}

}  // namespace hfd
