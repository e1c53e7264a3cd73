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

namespace {

// Data narrower than this part of its magnitude is drawn as constant: its labels would
// need more than about seven significant digits to tell its ticks apart.
constexpr double constant_span = 1e-6;

}  // namespace

FittedAxis fitted_axis(double low, double high, int max_intervals, double min_interval) {
    if (!std::isfinite(low) || !std::isfinite(high) || low > high) return {};
    max_intervals = std::max(1, max_intervals);
    const double magnitude = std::max(std::abs(low), std::abs(high));
    if (high - low <= constant_span * magnitude) {
        const double value = 0.5 * (low + high);
        if (value > 0) low = 0, high = 1.5 * value;
        else if (value < 0) low = 1.5 * value, high = 0;
        else low = -1, high = 1;
    }
    double interval = std::max(round_tick_interval(high - low, max_intervals), min_interval);
    for (;;) {
        // the ends rounded out to the interval can take one interval more than the data
        const double first = std::floor(low / interval + 1e-9) * interval;
        const double last = std::ceil(high / interval - 1e-9) * interval;
        if ((last - first) / interval <= max_intervals + 1e-6) return {first + 0.0, last + 0.0, interval};
        interval = round_tick_interval(interval * 1.0001, 1);
    }
}

FittedAxis time_axis(double t0, double t1, int max_intervals, double min_interval) {
    if (!std::isfinite(t0) || !std::isfinite(t1)) return {};
    if (!(t1 > t0)) t1 = t0 + 1;
    const double interval = std::max(round_tick_interval(t1 - t0, max_intervals), min_interval);
    // an end a rounding error off a tick (120 deg through radians: 119.99999999999999) is that tick
    auto snapped = [interval](double t) {
        const double k = std::round(t / interval);
        return std::abs(t / interval - k) < 1e-9 ? k * interval + 0.0 : t;
    };
    return {snapped(t0), snapped(t1), interval};
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

namespace {

std::string without_negative_zero(std::string label) {
    // "-0", "-0.00", "-0e+00": a tick at zero that came out a hair below it
    const std::string mantissa = label.substr(0, label.find_first_of("eE"));
    if (label.size() > 1 && label[0] == '-' && mantissa.find_first_of("123456789") == std::string::npos)
        label.erase(0, 1);
    return label;
}

std::string formatted(const char* format, double value) {
    char text[64];
    std::snprintf(text, sizeof text, format, value);
    return without_negative_zero(text);
}

}  // namespace

std::string tick_label(double value, double interval) {
    return formatted(("%." + std::to_string(tick_decimals(interval)) + "f").c_str(), value);
}

std::string label_format(const FittedAxis& axis) {
    const double interval = axis.interval;
    if (!(interval > 0) || !std::isfinite(interval)) return "%g";
    if (interval >= 1e-6 && interval < 1e6) return "%." + std::to_string(tick_decimals(interval)) + "f";
    // significant digits: from the largest label's leading digit down to the interval's last one
    const double largest = std::max({std::abs(axis.min), std::abs(axis.max), interval});
    const int interval_digits = tick_decimals(interval / std::pow(10.0, std::floor(std::log10(interval))));
    const int digits = int(std::floor(std::log10(largest)) - std::floor(std::log10(interval))) + 1 + interval_digits;
    return "%." + std::to_string(std::clamp(digits, 1, 17)) + "g";
}

std::string axis_label(double value, const FittedAxis& axis) {
    return formatted(label_format(axis).c_str(), value == 0 ? 0.0 : value);
}

}  // namespace hfd::studio
