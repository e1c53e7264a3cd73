#include "io/shortest_double.h"

#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace hfd {

namespace {

using u64 = std::uint64_t;
using u128 = unsigned __int128;

constexpr int largest_power = 27;  // 5^27 < 2^64

constexpr std::array<u64, largest_power + 1> powers_of_5 = [] {
    std::array<u64, largest_power + 1> powers{};
    powers[0] = 1;
    for (int i = 1; i <= largest_power; ++i) powers[i] = powers[i - 1] * 5;
    return powers;
}();

// floor(M 5^p 2^shift) into `scaled`, `exact` when nothing was cut off; false when
// the result does not fit 64 bits. M < 2^55, so M 5^p < 2^119.
bool scale(u64 m, int p, int shift, u64& scaled, bool& exact) {
    const u128 product = u128(m) * powers_of_5[p];
    if (shift >= 0) {
        if (shift > 63 || (product >> (64 - shift)) != 0) return false;
        scaled = u64(product << shift);
        exact = true;
        return true;
    }
    if (shift < -126) return false;
    const u128 quotient = product >> -shift;
    if ((quotient >> 64) != 0) return false;
    scaled = u64(quotient);
    exact = (product & ((u128(1) << -shift) - 1)) == 0;
    return true;
}

constexpr std::array<u64, 20> powers_of_10 = [] {
    std::array<u64, 20> powers{};
    powers[0] = 1;
    for (int i = 1; i < 20; ++i) powers[i] = powers[i - 1] * 10;
    return powers;
}();

// Decimal digits of v: floor(bits log10 2) is the count or one more (1233 / 4096 ~ log10 2).
int decimal_length(u64 v) {
    const int bits = 64 - std::countl_zero(v | 1);
    const int t = (bits * 1233) >> 12;
    return t + 1 - (v < powers_of_10[t] ? 1 : 0);
}

constexpr char digit_pairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

// The 8 digits of x < 10^8, leading zeros included: y = x 10^-6 in 16.48 fixed
// point (c = ceil(2^48 / 10^6)) holds the first pair above the point; each pair
// after it is the fraction times 100. Exact for every x < 10^8 (checked for all).
void write_8_digits(char* out, std::uint32_t x) {
    constexpr u64 fraction_mask = (u64(1) << 48) - 1;
    u64 y = u64(x) * 281474977u;
    std::memcpy(out, digit_pairs + 2 * (y >> 48), 2);
    y = (y & fraction_mask) * 100;
    std::memcpy(out + 2, digit_pairs + 2 * (y >> 48), 2);
    y = (y & fraction_mask) * 100;
    std::memcpy(out + 4, digit_pairs + 2 * (y >> 48), 2);
    y = (y & fraction_mask) * 100;
    std::memcpy(out + 6, digit_pairs + 2 * (y >> 48), 2);
}

// The last n decimal digits of v at first, with leading zeros; n <= 24.
void write_digits(char* first, u64 v, int n) {
    char buffer[24];
    constexpr u64 e8 = 100000000;
    if (n <= 8) {
        write_8_digits(buffer + 16, std::uint32_t(v % e8));
    } else if (n <= 16) {
        write_8_digits(buffer + 16, std::uint32_t(v % e8));
        write_8_digits(buffer + 8, std::uint32_t(v / e8 % e8));
    } else {
        write_8_digits(buffer + 16, std::uint32_t(v % e8));
        write_8_digits(buffer + 8, std::uint32_t(v / e8 % e8));
        write_8_digits(buffer, std::uint32_t(v / e8 / e8 % e8));
    }
    std::memcpy(first, buffer + 24 - n, size_t(n));
}

// The exponent of the scientific form: two digits, three from 100.
char* write_exponent_digits(char* at, int exponent) {
    if (exponent >= 100) {
        *at++ = char('0' + exponent / 100);
        exponent %= 100;
    }
    std::memcpy(at, digit_pairs + 2 * exponent, 2);
    return at + 2;
}

// digits 10^exponent as printf's %f or %e would write it, the shorter (fixed on a tie).
// A fixed form with trailing zeros is an integer, written exactly (as std::to_chars
// does): `magnitude`, the value's absolute value.
char* write_decimal(char* at, u64 digits, int exponent, double magnitude) {
    const int n = decimal_length(digits);
    const int scientific_exponent = exponent + n - 1;
    const int abs_exponent = scientific_exponent < 0 ? -scientific_exponent : scientific_exponent;
    const int scientific_length = n + (n > 1 ? 1 : 0) + 2 + (abs_exponent >= 100 ? 3 : 2);
    const int fixed_length = exponent >= 0 ? n + exponent : n + exponent > 0 ? n + 1 : 2 - exponent;
    if (fixed_length <= scientific_length) {
        if (exponent > 0) {
            const u64 integer = u64(magnitude);
            const int length = decimal_length(integer);
            write_digits(at, integer, length);
            return at + length;
        }
        if (exponent == 0) {
            write_digits(at, digits, n);
        } else if (n + exponent > 0) {  // ddd.ddd
            const int integer_digits = n + exponent;
            const u64 scale = powers_of_10[-exponent];
            write_digits(at, digits / scale, integer_digits);
            at[integer_digits] = '.';
            write_digits(at + integer_digits + 1, digits % scale, -exponent);
        } else {  // 0.000ddd
            at[0] = '0', at[1] = '.';
            for (int i = 0; i < -exponent - n; ++i) at[2 + i] = '0';
            write_digits(at + 2 - exponent - n, digits, n);
        }
        return at + fixed_length;
    }
    const u64 scale = powers_of_10[n - 1];
    *at++ = char('0' + digits / scale);
    if (n > 1) {
        *at++ = '.';
        write_digits(at, digits % scale, n - 1);
        at += n - 1;
    }
    *at++ = 'e';
    *at++ = scientific_exponent < 0 ? '-' : '+';
    return write_exponent_digits(at, abs_exponent);
}

// Shortest digits of m 2^e2 (normal double, m with its hidden bit) as digits
// 10^exponent; false when the exact scaling does not fit (see the header).
bool shortest_digits(u64 m, int e2, bool lower_gap_is_half, u64& digits, int& exponent) {
    // p = least integer with 10^p >= 100 2^-e2: 2 + ceil(-e2 log10 2), where
    // floor(k log10 2) = (k 78913) >> 18 for 0 <= k <= 1650 and k log10 2 is
    // never an integer for k != 0.
    const int k = -e2;
    const int p = 2 + (k > 0 ? ((k * 78913) >> 18) + 1 : -((-k * 78913) >> 18));
    if (p < 0 || p > largest_power) return false;
    // the value and the ends of its rounding interval, times 4: m +- 1/2 ulp
    const u64 mv = 4 * m, mp = 4 * m + 2, mm = 4 * m - (lower_gap_is_half ? 1 : 2);
    const int shift = e2 - 2 + p;
    u64 vr, vp, vm;
    bool vr_exact, vp_exact, vm_exact;
    if (!scale(mv, p, shift, vr, vr_exact) || !scale(mp, p, shift, vp, vp_exact) || !scale(mm, p, shift, vm, vm_exact))
        return false;
    const bool accept_bounds = (m & 1) == 0;  // an even mantissa wins the ties of reading back
    if (vp_exact && !accept_bounds) --vp;
    bool vm_trailing_zeros = accept_bounds && vm_exact;  // vm is exactly the lower bound, and included
    bool vr_trailing_zeros = vr_exact;                   // nothing below the removed digits of vr
    int removed = 0, last_removed = 0;
    if (vm_trailing_zeros || vr_trailing_zeros) {
        for (; vp / 10 > vm / 10; ++removed) {
            vm_trailing_zeros &= vm % 10 == 0;
            vr_trailing_zeros &= last_removed == 0;
            last_removed = int(vr % 10);
            vr /= 10, vp /= 10, vm /= 10;
        }
        if (vm_trailing_zeros) {
            for (; vm % 10 == 0; ++removed) {
                vr_trailing_zeros &= last_removed == 0;
                last_removed = int(vr % 10);
                vr /= 10, vp /= 10, vm /= 10;
            }
        }
        if (vr_trailing_zeros && last_removed == 5 && vr % 2 == 0) last_removed = 4;  // a tie: to even
        digits = vr + ((vr == vm && !vm_trailing_zeros) || last_removed >= 5);
    } else {
        // the common case: vr has a non-zero fraction, so a removed 5 is above half
        bool round_up = false;
        if (vp / 100 > vm / 100) {
            round_up = vr % 100 >= 50;
            vr /= 100, vp /= 100, vm /= 100;
            removed += 2;
        }
        for (; vp / 10 > vm / 10; ++removed) {
            round_up = vr % 10 >= 5;
            vr /= 10, vp /= 10, vm /= 10;
        }
        digits = vr + (vr == vm || round_up);
    }
    exponent = removed - p;
    return true;
}

}  // namespace

bool shortest_decimal(double value, std::uint64_t& digits, int& exponent) {
    const u64 bits = std::bit_cast<u64>(value);
    const u64 fraction = bits & ((u64(1) << 52) - 1);
    const int biased_exponent = int((bits >> 52) & 0x7ff);
    return biased_exponent != 0 && biased_exponent != 0x7ff &&
           shortest_digits(fraction | (u64(1) << 52), biased_exponent - 1075, fraction == 0 && biased_exponent > 1,
                           digits, exponent);
}

char* write_shortest(char* first, double value) {
    u64 digits;
    int exponent;
    if (!shortest_decimal(value, digits, exponent)) return std::to_chars(first, first + 32, value).ptr;
    if (std::signbit(value)) *first++ = '-';
    return write_decimal(first, digits, exponent, std::abs(value));
}

}  // namespace hfd
