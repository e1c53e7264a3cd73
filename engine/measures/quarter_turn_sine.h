#pragma once
// sin(pi x / 2) and 1 - cos(pi x / 2) of many x at once (the effort measure's
// excitation and activation heat, Wang 2012), in a loop the compiler vectorizes.
#include <cstddef>

namespace hfd {

// sine[i] = sin(pi x[i] / 2), versine[i] = 1 - cos(pi x[i] / 2), for i < count.
// Exact to a few units in the last place for every x (NaN gives NaN); the versine
// has no cancellation near x = 0.
void quarter_turn_sine(const double* x, std::size_t count, double* sine, double* versine);

}  // namespace hfd
