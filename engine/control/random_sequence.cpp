#include "control/random_sequence.h"

#include <cmath>
#include <numbers>

namespace hfd {

double RandomSequence::uniform() {
    const uint64_t high = engine_() >> 5, low = engine_() >> 6;
    return double((high << 26) | low) * 0x1.0p-53;
}

double RandomSequence::normal(double mean, double std) {
    if (has_spare_) {
        has_spare_ = false;
        return mean + std * spare_;
    }
    const double radius = std::sqrt(-2.0 * std::log(1.0 - uniform()));
    const double angle = 2.0 * std::numbers::pi * uniform();
    spare_ = radius * std::sin(angle);
    has_spare_ = true;
    return mean + std * radius * std::cos(angle);
}

std::optional<uint32_t> read_random_seed(PropertyReader& reader, uint32_t fallback) {
    const double seed = reader.number("random_seed", fallback);
    if (seed < 0 || seed > 4294967295.0 || seed != std::floor(seed)) {
        reader.context().error(*reader.child("random_seed"),
                               "random_seed of " + reader.type() + " must be a whole number in [0, 2^32)");
        return std::nullopt;
    }
    return uint32_t(seed);
}

}  // namespace hfd
