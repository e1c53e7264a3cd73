#include "optimize/portable_random.h"

#include <cmath>
#include <limits>

namespace hfd {
namespace {

constexpr double ln2_high = 0.693147180369123816490;    // 0x1.62e42fee00000p-1: k * ln2_high is exact for |k| < 2^11
constexpr double ln2_low = 1.90821492927058770002e-10;  // ln 2 - ln2_high
constexpr double ln2 = 0.69314718055994530942;

std::uint64_t splitmix64(std::uint64_t& x) {
    x += 0x9e3779b97f4a7c15ull;
    std::uint64_t z = x;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

std::uint64_t rotate_left(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

}  // namespace

double portable_log(double x) {
    if (std::isnan(x) || x < 0) return std::numeric_limits<double>::quiet_NaN();
    if (x == 0) return -std::numeric_limits<double>::infinity();
    if (std::isinf(x)) return x;
    // x = m 2^e with m in [sqrt(1/2), sqrt(2)) (frexp and the doubling are exact);
    // ln m = 2 atanh(t) = 2 (t + t^3/3 + t^5/5 + ...), t = (m - 1) / (m + 1), |t| < 0.172:
    // t^2 < 0.0295, so 12 terms leave a truncation error below 1e-19.
    int e = 0;
    double m = std::frexp(x, &e);
    if (m < 0.70710678118654752440) {
        m *= 2;
        --e;
    }
    const double t = (m - 1) / (m + 1);
    const double t2 = t * t;
    double series = 1.0 / 25;
    for (int k = 11; k >= 1; --k) series = 1.0 / (2 * k + 1) + t2 * series;
    const double ln_m = 2 * t + 2 * t * t2 * series;
    return e * ln2_high + (e * ln2_low + ln_m);
}

double portable_exp(double x) {
    if (std::isnan(x)) return x;
    if (x > 709.782712893384) return std::numeric_limits<double>::infinity();
    if (x < -745.2) return 0;
    // x = k ln 2 + r with |r| <= ln2 / 2 (Cody and Waite's two-part ln 2 keeps r exact
    // to ~1e-19); e^r by its Taylor series to r^17/17! (< 1e-20 for |r| < 0.347).
    const double k = std::floor(x / ln2 + 0.5);
    const double r = (x - k * ln2_high) - k * ln2_low;
    double series = 1;
    for (int n = 17; n >= 1; --n) series = 1 + r * series / n;
    return std::ldexp(series, int(k));
}

PortableRandom::PortableRandom(std::uint64_t seed) {
    std::uint64_t x = seed;
    for (std::uint64_t& word : state_.words) word = splitmix64(x);
}

std::uint64_t PortableRandom::next() {
    std::array<std::uint64_t, 4>& s = state_.words;
    const std::uint64_t result = rotate_left(s[1] * 5, 7) * 9;
    const std::uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotate_left(s[3], 45);
    return result;
}

double PortableRandom::uniform() { return double(next() >> 11) * 0x1.0p-53; }

double PortableRandom::normal() {
    if (state_.has_spare_normal) {
        state_.has_spare_normal = false;
        return state_.spare_normal;
    }
    // Marsaglia and Bray (1964): (u, v) uniform in the unit disc, s = u^2 + v^2:
    // u f and v f with f = sqrt(-2 ln s / s) are two independent N(0, 1) deviates.
    double u = 0, v = 0, s = 0;
    do {
        u = 2 * uniform() - 1;
        v = 2 * uniform() - 1;
        s = u * u + v * v;
    } while (s >= 1 || s == 0);
    const double f = std::sqrt(-2 * portable_log(s) / s);
    state_.has_spare_normal = true;
    state_.spare_normal = v * f;
    return u * f;
}

}  // namespace hfd
