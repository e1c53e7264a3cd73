#pragma once
// Random numbers and the few transcendental functions CMA-ES needs, computed
// with +, -, *, / and sqrt only (IEEE 754 rounds each of them exactly), so a
// seed gives the same numbers on every machine, compiler and standard library.
// std::normal_distribution and std::log / std::exp give no such promise: their
// algorithms and last bits differ between libstdc++, libc++, MSVC and libm versions.
#include <array>
#include <cstdint>

namespace hfd {

// ln x for finite x > 0 (0 -> -inf, negative or NaN -> NaN). Relative error
// below 1e-15; the same bits everywhere (not correctly rounded).
double portable_log(double x);

// e^x; relative error below 1e-15; overflows to inf above ~709.78, 0 below ~-745.
double portable_exp(double x);

// xoshiro256** (Blackman and Vigna, "Scrambled linear pseudorandom number
// generators", 2021), its four words seeded by splitmix64 from one 64-bit seed.
// Normal deviates come from Marsaglia's polar method, which draws pairs: the
// second of a pair is kept for the next call and is part of the state.
class PortableRandom {
public:
    struct State {
        std::array<std::uint64_t, 4> words{};
        bool has_spare_normal = false;
        double spare_normal = 0;
    };

    explicit PortableRandom(std::uint64_t seed = 0);

    std::uint64_t next();
    // 53 random bits scaled to [0, 1).
    double uniform();
    // N(0, 1).
    double normal();

    const State& state() const { return state_; }
    void set_state(const State& state) { state_ = state; }

private:
    State state_;
};

}  // namespace hfd
