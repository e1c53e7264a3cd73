#pragma once
// Random numbers that are the same on every platform for a seed: std::mt19937, whose
// output the C++ standard specifies, with the uniform and normal variates computed
// here (the standard library's distributions differ between implementations).
//   uniform:  u = (a 2^26 + b) / 2^53 from the top 27 and 26 bits of two draws, in [0, 1)
//   normal:   Box-Muller, z = sqrt(-2 ln(1 - u1)) cos(2 pi u2) (and sin for the next call)
#include "control/properties.h"

#include <cstdint>
#include <optional>
#include <random>

namespace hfd {

class RandomSequence {
public:
    explicit RandomSequence(uint32_t seed = 5489) : engine_(seed) {}
    void seed(uint32_t value) {
        engine_.seed(value);
        has_spare_ = false;
    }
    double uniform();
    double uniform(double low, double high) { return low + (high - low) * uniform(); }
    double normal(double mean, double std);

private:
    std::mt19937 engine_;
    double spare_ = 0;
    bool has_spare_ = false;
};

// The random_seed property: a whole number in [0, 2^32); nullopt after a located error.
std::optional<uint32_t> read_random_seed(PropertyReader& reader, uint32_t fallback);

}  // namespace hfd
