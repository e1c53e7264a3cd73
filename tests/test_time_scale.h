#pragma once
// Bounds on how long a test waits for a run, a process or a signal, scaled by
// HFD_TEST_TIME_SCALE (default 1; scripts/sanitize.sh sets it: code under
// AddressSanitizer runs 3-30x slower). These are bounds a broken build would
// hit, never measurements: scaling them changes no assertion.
#include <algorithm>
#include <cstdlib>

namespace hfd::test {

inline int scaled_ms(int ms) {
    static const double scale = [] {
        const char* text = std::getenv("HFD_TEST_TIME_SCALE");
        const double value = text ? std::atof(text) : 1.0;
        return value > 1.0 ? value : 1.0;
    }();
    return int(std::min(ms * scale, 2e9));
}

}  // namespace hfd::test
