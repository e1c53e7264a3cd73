#include "analysis/gait_cycles.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numbers>

namespace hfd {

namespace {

constexpr double nan = std::numeric_limits<double>::quiet_NaN();

GaitSide other_side(GaitSide side) { return side == GaitSide::Right ? GaitSide::Left : GaitSide::Right; }

// The loaded intervals as the threshold crossings make them, before chatter is removed.
std::vector<GaitStance> threshold_intervals(const std::vector<double>& time, const std::vector<double>& force,
                                            double threshold) {
    std::vector<GaitStance> stances;
    bool loaded = false;
    for (size_t k = 0; k < time.size() && k < force.size(); ++k) {
        const bool now = force[k] > threshold;
        if (k == 0) {
            if (now) stances.push_back({time[0], time[0], false, true});
            loaded = now;
            continue;
        }
        if (now == loaded) continue;
        const double f0 = force[k - 1], f1 = force[k];
        const double t = time[k - 1] + (threshold - f0) / (f1 - f0) * (time[k] - time[k - 1]);
        if (now) stances.push_back({t, t, true, true});
        else stances.back().end = t;
        loaded = now;
    }
    if (loaded) {
        stances.back().end = time[std::min(time.size(), force.size()) - 1];
        stances.back().ends_with_toe_off = false;
    }
    return stances;
}

double value_at(const std::vector<double>& time, const std::vector<double>& values, double t) {
    if (t <= time.front()) return values.front();
    if (t >= time.back()) return values.back();
    const size_t k = size_t(std::upper_bound(time.begin(), time.end(), t) - time.begin());
    const double w = (t - time[k - 1]) / (time[k] - time[k - 1]);
    return values[k - 1] + w * (values[k] - values[k - 1]);
}

// The time mean of the summed vertical force of both legs (trapezoidal rule).
double mean_vertical_force(const GaitRecording& recording) {
    const std::vector<double>& t = recording.time;
    double integral = 0;
    for (size_t k = 1; k < t.size(); ++k)
        for (const GaitLegForces& leg : recording.legs) integral += 0.5 * (leg.y[k - 1] + leg.y[k]) * (t[k] - t[k - 1]);
    return integral / (t.back() - t.front());
}

std::string in_file(const GaitRecording& recording) {
    return recording.file.empty() ? std::string("the recording") : "'" + recording.file + "'";
}

void add_error(GaitAnalysis& analysis, std::string message) {
    analysis.diagnostics.push_back(error_at("", 0, 0, std::move(message)));
}

bool check_inputs(const GaitRecording& recording, const GaitOptions& options, GaitAnalysis& analysis) {
    if (recording.time.size() < 2) add_error(analysis, in_file(recording) + " has fewer than 2 rows");
    for (const GaitSide side : gait_sides)
        if (recording.leg(side).y.size() != recording.time.size())
            add_error(analysis,
                      in_file(recording) + " has no vertical ground force of the " + gait_side_name(side) + " leg");
    if (options.samples < 2) add_error(analysis, "a normalized cycle needs at least 2 samples");
    if (!(options.min_stance >= 0) || !(options.min_swing >= 0))
        add_error(analysis, "the minimum stance and swing durations must be >= 0");
    if (!(options.threshold_force >= 0) || !(options.threshold_fraction > 0) || !(options.body_weight >= 0))
        add_error(analysis, "the threshold and the body weight must be positive numbers");
    return analysis.ok();
}

// Body weight and threshold, or an error when no positive weight is found.
bool set_threshold(const GaitRecording& recording, const GaitOptions& options, GaitAnalysis& analysis) {
    analysis.body_weight_from_forces = options.body_weight == 0;
    analysis.body_weight = options.body_weight > 0 ? options.body_weight : mean_vertical_force(recording);
    if (!(analysis.body_weight > 0) || !std::isfinite(analysis.body_weight)) {
        add_error(analysis, "the mean vertical ground force of " + in_file(recording) + " is " +
                                number_in_message(analysis.body_weight) + " N: give the body weight (--body-weight N)");
        return false;
    }
    analysis.threshold =
        options.threshold_force > 0 ? options.threshold_force : options.threshold_fraction * analysis.body_weight;
    return true;
}

std::vector<GaitEvent> events_of(const GaitAnalysis& analysis) {
    std::vector<GaitEvent> events;
    for (const GaitSide side : gait_sides)
        for (const GaitStance& stance : analysis.side(side).stances) {
            if (stance.starts_with_strike) events.push_back({side, GaitEvent::Kind::HeelStrike, stance.start});
            if (stance.ends_with_toe_off) events.push_back({side, GaitEvent::Kind::ToeOff, stance.end});
        }
    std::stable_sort(events.begin(), events.end(),
                     [](const GaitEvent& a, const GaitEvent& b) { return a.time < b.time; });
    return events;
}

bool check_heel_strikes(const GaitRecording& recording, GaitAnalysis& analysis) {
    for (const GaitSide side : gait_sides) {
        std::vector<double> strikes;
        for (const GaitStance& stance : analysis.side(side).stances)
            if (stance.starts_with_strike) strikes.push_back(stance.start);
        if (strikes.size() >= 2) continue;
        std::string message = in_file(recording) + ": the " + gait_side_name(side) + " leg has " +
                              std::to_string(strikes.size()) + " heel strike" + (strikes.empty() ? "s" : "");
        if (!strikes.empty()) message += " (at " + number_in_message(strikes[0]) + " s)";
        char numbers[160];
        std::snprintf(numbers, sizeof numbers, "; a gait cycle needs 2 (threshold %.4g N, body weight %.4g N)",
                      analysis.threshold, analysis.body_weight);
        add_error(analysis, message + numbers);
    }
    return analysis.ok();
}

double overlap(const GaitStance& stance, const std::vector<GaitStance>& others) {
    double sum = 0;
    for (const GaitStance& other : others)
        sum += std::max(0.0, std::min(stance.end, other.end) - std::max(stance.start, other.start));
    return sum;
}

// The other leg's last heel strike inside (start, end), or NaN.
double last_strike_between(const std::vector<GaitStance>& stances, double start, double end) {
    double last = nan;
    for (const GaitStance& stance : stances)
        if (stance.starts_with_strike && stance.start > start && stance.start < end) last = stance.start;
    return last;
}

GaitCycle cycle_of(const GaitRecording& recording, const GaitAnalysis& analysis, GaitSide side, size_t i) {
    const std::vector<GaitStance>& own = analysis.side(side).stances;
    const std::vector<GaitStance>& other = analysis.side(other_side(side)).stances;
    GaitCycle c;
    c.side = side;
    c.start = own[i].start;
    c.toe_off = own[i].end;
    c.end = own[i + 1].start;
    c.stride_time = c.end - c.start;
    c.cadence = 120 / c.stride_time;
    c.stance_percent = 100 * (c.toe_off - c.start) / c.stride_time;
    c.double_support_percent = 100 * overlap(own[i], other) / c.stride_time;
    const double other_strike = last_strike_between(other, c.start, c.end);
    c.step_time = c.end - other_strike;
    c.stride_length = c.step_length = c.speed = nan;
    if (analysis.has_position) {
        const auto x = [&](double t) { return value_at(recording.time, recording.position, t); };
        c.stride_length = x(c.end) - x(c.start);
        c.step_length = std::isnan(other_strike) ? nan : x(c.end) - x(other_strike);
        c.speed = c.stride_length / c.stride_time;
    }
    return c;
}

std::vector<GaitCycle> cycles_of(const GaitRecording& recording, const GaitAnalysis& analysis, GaitSide side) {
    const std::vector<GaitStance>& own = analysis.side(side).stances;
    std::vector<GaitCycle> cycles;
    for (size_t i = 0; i + 1 < own.size(); ++i) {
        if (!own[i].starts_with_strike) continue;  // the recording started in this stance
        cycles.push_back(cycle_of(recording, analysis, side, i));
        cycles.back().number = int(cycles.size());
    }
    return cycles;
}

struct CurveSource {
    std::string name, unit;
    const std::vector<double>* values;
    double scale;
};

std::vector<CurveSource> curve_sources(const GaitRecording& recording, double body_weight) {
    std::vector<CurveSource> sources;
    for (const GaitChannel& angle : recording.angles)
        sources.push_back({angle.name, "deg", &angle.values, angle.unit == "deg" ? 1 : 180 / std::numbers::pi});
    for (const GaitSide side : gait_sides) {
        const GaitLegForces& leg = recording.leg(side);
        const std::string prefix = gait_side_name(side);
        if (leg.x.size() == recording.time.size())
            sources.push_back({prefix + ".grf_x", "BW", &leg.x, 1 / body_weight});
        sources.push_back({prefix + ".grf_y", "BW", &leg.y, 1 / body_weight});
    }
    for (const GaitChannel& moment : recording.moments)
        sources.push_back({moment.name, moment.unit, &moment.values, 1});
    return sources;
}

void set_mean_and_sd(GaitCurve& curve, int samples) {
    const size_t n = curve.cycles.size();
    curve.mean.assign(size_t(samples), 0.0);
    curve.sd.assign(size_t(samples), nan);
    for (size_t j = 0; j < size_t(samples); ++j) {
        double sum = 0;
        for (const std::vector<double>& cycle : curve.cycles) sum += cycle[j];
        curve.mean[j] = sum / double(n);
        if (n < 2) continue;
        double squares = 0;
        for (const std::vector<double>& cycle : curve.cycles)
            squares += (cycle[j] - curve.mean[j]) * (cycle[j] - curve.mean[j]);
        curve.sd[j] = std::sqrt(squares / double(n - 1));
    }
}

std::vector<GaitCurve> curves_of(const GaitRecording& recording, const GaitAnalysis& analysis, GaitSide side,
                                 int samples) {
    std::vector<GaitCurve> curves;
    for (const CurveSource& source : curve_sources(recording, analysis.body_weight)) {
        GaitCurve curve{source.name, source.unit, {}, {}, {}};
        for (const GaitCycle& cycle : analysis.side(side).cycles) {
            curve.cycles.push_back(resample_linear(recording.time, *source.values, cycle.start, cycle.end, samples));
            for (double& v : curve.cycles.back()) v *= source.scale;
        }
        set_mean_and_sd(curve, samples);
        curves.push_back(std::move(curve));
    }
    return curves;
}

}  // namespace

std::vector<GaitStance> gait_stances(const std::vector<double>& time, const std::vector<double>& vertical_force,
                                     double threshold, double min_stance, double min_swing) {
    std::vector<GaitStance> joined;
    for (const GaitStance& stance : threshold_intervals(time, vertical_force, threshold)) {
        if (!joined.empty() && stance.start - joined.back().end < min_swing) {
            joined.back().end = stance.end;
            joined.back().ends_with_toe_off = stance.ends_with_toe_off;
        } else {
            joined.push_back(stance);
        }
    }
    std::erase_if(joined, [&](const GaitStance& s) {
        return s.starts_with_strike && s.ends_with_toe_off && s.end - s.start < min_stance;
    });
    return joined;
}

std::vector<double> resample_linear(const std::vector<double>& time, const std::vector<double>& values, double start,
                                    double end, int samples) {
    std::vector<double> out(size_t(std::max(samples, 0)));
    for (int j = 0; j < samples; ++j) {
        const double t = samples == 1 ? start : start + (end - start) * double(j) / double(samples - 1);
        out[size_t(j)] = value_at(time, values, t);
    }
    return out;
}

GaitAnalysis analyze_gait(const GaitRecording& recording, const GaitOptions& options) {
    GaitAnalysis analysis;
    if (!check_inputs(recording, options, analysis) || !set_threshold(recording, options, analysis)) return analysis;
    analysis.has_position = recording.position.size() == recording.time.size();
    analysis.has_moments = !recording.moments.empty();
    for (const GaitSide side : gait_sides)
        analysis.sides[size_t(side)].stances = gait_stances(recording.time, recording.leg(side).y, analysis.threshold,
                                                            options.min_stance, options.min_swing);
    analysis.events = events_of(analysis);
    if (!check_heel_strikes(recording, analysis)) return analysis;
    for (const GaitSide side : gait_sides) analysis.sides[size_t(side)].cycles = cycles_of(recording, analysis, side);
    for (const GaitSide side : gait_sides)
        analysis.sides[size_t(side)].curves = curves_of(recording, analysis, side, options.samples);
    return analysis;
}

std::vector<GaitStatistic> gait_statistics(const GaitSideResult& side) {
    struct Measure {
        const char* name;
        const char* unit;
        double GaitCycle::*value;
    };
    static constexpr Measure measures[] = {
        {"stride_time", "s", &GaitCycle::stride_time},     {"cadence", "steps/min", &GaitCycle::cadence},
        {"stride_length", "m", &GaitCycle::stride_length}, {"step_time", "s", &GaitCycle::step_time},
        {"step_length", "m", &GaitCycle::step_length},     {"speed", "m/s", &GaitCycle::speed},
        {"stance", "%", &GaitCycle::stance_percent},       {"double_support", "%", &GaitCycle::double_support_percent},
    };
    std::vector<GaitStatistic> statistics;
    for (const Measure& m : measures) {
        GaitStatistic s{m.name, m.unit, 0, 0, nan};
        double sum = 0, squares = 0;
        for (const GaitCycle& c : side.cycles)
            if (!std::isnan(c.*m.value)) sum += c.*m.value, ++s.count;
        s.mean = s.count > 0 ? sum / s.count : nan;
        for (const GaitCycle& c : side.cycles)
            if (!std::isnan(c.*m.value)) squares += (c.*m.value - s.mean) * (c.*m.value - s.mean);
        if (s.count >= 2) s.sd = std::sqrt(squares / (s.count - 1));
        statistics.push_back(s);
    }
    return statistics;
}

}  // namespace hfd
