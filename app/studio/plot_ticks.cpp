#include "plot_ticks.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace hfd::studio {

double round_tick_interval(double span, int max_intervals) {
    max_intervals = std::max(1, max_intervals);
    if (!(span > 0) || !std::isfinite(span)) return 1;
    const double raw = span / max_intervals;
    const double decade = std::pow(10.0, std::floor(std::log10(raw)));
    for (double mantissa : {1.0, 2.0, 2.5, 5.0})
        if (mantissa * decade >= raw * (1 - 1e-9)) return mantissa * decade;
    return 10 * decade;
}

FittedAxis fitted_axis(double low, double high, int max_intervals) {
    if (!std::isfinite(low) || !std::isfinite(high) || low > high) return {};
    max_intervals = std::max(1, max_intervals);
    if (high - low <= 1e-12 * std::max(1.0, std::abs(low))) {
        // one value: 5 % of it either side, not across zero when it is not negative
        const double half = std::max(1e-9, std::abs(low) * 0.05);
        const bool non_negative = low >= 0;
        low -= half, high += half;
        if (non_negative) low = std::max(low, 0.0);
    }
    double interval = round_tick_interval(high - low, max_intervals);
    for (;;) {
        // the ends rounded out to the interval can take one interval more than the data
        const double first = std::floor(low / interval + 1e-9) * interval;
        const double last = std::ceil(high / interval - 1e-9) * interval;
        if ((last - first) / interval <= max_intervals + 1e-6) return {first + 0.0, last + 0.0, interval};
        interval = round_tick_interval(interval * 1.0001, 1);
    }
}

FittedAxis time_axis(double t0, double t1, int max_intervals) {
    if (!(t1 > t0)) t1 = t0 + 1;
    return {t0, t1, round_tick_interval(t1 - t0, max_intervals)};
}

std::vector<double> tick_values(const FittedAxis& axis) {
    std::vector<double> ticks;
    if (!(axis.interval > 0)) return ticks;
    const double first = std::ceil(axis.min / axis.interval - 1e-9);
    for (double k = first; k * axis.interval <= axis.max + 1e-9 * axis.interval; k += 1) {
        const double value = k * axis.interval;
        ticks.push_back(value == 0 ? 0.0 : value);
    }
    return ticks;
}

int tick_decimals(double interval) {
    if (!(interval > 0)) return 0;
    for (int decimals = 0; decimals < 12; ++decimals) {
        const double scaled = interval * std::pow(10.0, decimals);
        if (std::abs(scaled - std::round(scaled)) < 1e-6 * scaled) return decimals;
    }
    return 12;
}

std::string tick_label(double value, double interval) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", tick_decimals(interval), value);
    std::string label = text;
    if (label.find_first_not_of("-0.") == std::string::npos && label[0] == '-') label.erase(0, 1);
    return label;
}

}  // namespace hfd::studio
