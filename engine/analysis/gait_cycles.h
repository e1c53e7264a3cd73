#pragma once
// Gait analysis of a recorded walking run (docs/analyses.md, "Gait analysis"):
// plain data in (GaitRecording, gait_recording.h), plain data out.
//   - Body weight W: GaitOptions::body_weight, else the time mean of the summed
//     vertical ground force of both legs over the run (m g for a run that ends at
//     the height it started).
//   - Threshold: threshold_force N, else threshold_fraction W (default 2 %).
//   - A leg is loaded where its vertical force exceeds the threshold; the
//     crossings are located by linear interpolation between rows. Loaded
//     intervals separated by less than min_swing are joined, then those shorter
//     than min_stance are dropped (chatter, a toe brushing the ground). A loaded
//     interval's start is a heel strike, its end a toe off, except where the
//     recording starts or ends in it.
//   - A cycle runs from a heel strike to the next of the same leg.
// Stride length and speed need the recording's forward position (the pelvis'
// travel between the heel strikes); without it they are NaN.
#include "analysis/gait_recording.h"

#include <string>
#include <vector>

namespace hfd {

struct GaitOptions {
    double threshold_fraction = 0.02;  // of body weight, when threshold_force is 0
    double threshold_force = 0;        // N; > 0 replaces the fraction
    double body_weight = 0;            // N; 0: the mean summed vertical ground force
    double min_stance = 0.1;           // s: shorter loaded intervals are dropped
    double min_swing = 0.1;            // s: shorter unloaded gaps are joined
    int samples = 101;                 // per normalized cycle, 0 to 100 %
};

struct GaitEvent {
    enum class Kind { HeelStrike, ToeOff };
    GaitSide side = GaitSide::Right;
    Kind kind = Kind::HeelStrike;
    double time = 0;  // s
};

struct GaitStance {
    double start = 0, end = 0;                                 // s
    bool starts_with_strike = true, ends_with_toe_off = true;  // false where the recording cuts it
};

// One cycle, heel strike to the next heel strike of the same leg; NaN where unknown.
struct GaitCycle {
    GaitSide side = GaitSide::Right;
    int number = 0;                          // 1, 2, ... per side
    double start = 0, toe_off = 0, end = 0;  // s
    double stride_time = 0;                  // s
    double cadence = 0;                      // steps/min: 120 / stride time
    double stride_length = 0;                // m: forward position at end - at start
    double step_time = 0, step_length = 0;   // s, m: from the other leg's last heel strike to end
    double speed = 0;                        // m/s: stride length / stride time
    double stance_percent = 0;               // (toe off - start) / stride time
    double double_support_percent = 0;       // both legs loaded, of the stride time
};

// A channel over the cycles of one side, each resampled to GaitOptions::samples points.
struct GaitCurve {
    std::string name;                         // "knee_angle_r", "right.grf_y"
    std::string unit;                         // "deg", "BW", "Nm"
    std::vector<std::vector<double>> cycles;  // per cycle of the side
    std::vector<double> mean, sd;             // per sample; sd NaN with one cycle
};

struct GaitSideResult {
    std::vector<GaitStance> stances;
    std::vector<GaitCycle> cycles;
    std::vector<GaitCurve> curves;  // angles [deg], then per leg grf_x, grf_y [BW], then moments
};

struct GaitAnalysis {
    double body_weight = 0;  // N
    bool body_weight_from_forces = true;
    double threshold = 0;                 // N
    std::vector<GaitEvent> events;        // both legs, in time order
    std::array<GaitSideResult, 2> sides;  // indexed by GaitSide
    bool has_position = false, has_moments = false;
    std::vector<Diagnostic> diagnostics;  // errors: no usable body weight, fewer than 2 heel strikes on a side
    bool ok() const { return !has_errors(diagnostics); }
    const GaitSideResult& side(GaitSide s) const { return sides[size_t(s)]; }
};

GaitAnalysis analyze_gait(const GaitRecording& recording, const GaitOptions& options = {});

// The loaded intervals of one vertical force (the event rule above).
std::vector<GaitStance> gait_stances(const std::vector<double>& time, const std::vector<double>& vertical_force,
                                     double threshold, double min_stance, double min_swing);

// values(t) by linear interpolation at `samples` evenly spaced times from start to end (inclusive).
std::vector<double> resample_linear(const std::vector<double>& time, const std::vector<double>& values, double start,
                                    double end, int samples);

// Mean and sample standard deviation (n - 1) of a cycle measure; sd NaN for n < 2, NaN values skipped.
struct GaitStatistic {
    std::string name, unit;  // "stride_time", "s"
    int count = 0;
    double mean = 0, sd = 0;
};
std::vector<GaitStatistic> gait_statistics(const GaitSideResult& side);

// The output files' text (docs/analyses.md lists their columns).
std::string gait_cycles_csv(const GaitAnalysis& analysis);
std::string gait_events_csv(const GaitAnalysis& analysis);
std::string gait_summary_csv(const GaitAnalysis& analysis);
std::string gait_normalized_csv(const GaitAnalysis& analysis, GaitSide side);
// Writes cycles.csv, summary.csv, events.csv, normalized_right.csv and
// normalized_left.csv into `directory` (created when missing), each whole or not
// at all; false with the reason at the first that fails. `written` gets the paths.
bool save_gait_analysis(const std::string& directory, const GaitAnalysis& analysis,
                        std::vector<std::string>* written = nullptr, std::string* error = nullptr);

}  // namespace hfd
