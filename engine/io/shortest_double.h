#pragma once
// The shortest decimal text that reads back to the same double, byte for byte
// what std::to_chars(first, last, value) writes (fixed or scientific, whichever
// is shorter, fixed on a tie; the closest of the shortest digit strings, ties to
// even), in about a third of its instructions for the values a recording holds.
//
// How: x = m 2^e with m < 2^53. The values within half an ulp of x, scaled by
// 10^p, are computed exactly in 128-bit integers (x 10^p = m 5^p 2^(e+p)), with p
// the least that makes the scaled interval at least 100 wide. Decimal digits are
// then removed while the interval still holds a number with fewer digits (the
// digit-removal loop of Adams' Ryu, PLDI 2018, here on exact values instead of
// its tables). Outside 5^p < 2^64 (|x| below ~5e-10 or above ~1e17), for 0,
// subnormals, infinities and NaN, std::to_chars writes the text.
#include <cstdint>

namespace hfd {

// Writes the text at `first` (32 chars are always enough) and returns its end.
char* write_shortest(char* first, double value);

// The digits of that text: |value| reads back from digits 10^exponent, digits has
// the fewest decimal digits that do, and is the closest of those. False (nothing
// written) where write_shortest leaves the text to std::to_chars.
bool shortest_decimal(double value, std::uint64_t& digits, int& exponent);

}  // namespace hfd
