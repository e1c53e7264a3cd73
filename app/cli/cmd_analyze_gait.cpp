// hfd analyze gait RUN.csv --out DIR [--threshold N|P%] [--body-weight N] [--min-stance S] [--min-swing S]
// Gait events and cycles of a recorded walking run from each leg's vertical ground
// force (engine/analysis/gait_cycles.h): cycles.csv, summary.csv, events.csv and
// the time-normalized curves per side.
#include "commands.h"

#include "arguments.h"

#include "analysis/gait_cycles.h"

#include <cmath>
#include <cstdio>
#include <optional>
#include <string>

namespace hfd::cli {

namespace {

constexpr int exit_ok = 0, exit_input = 1, exit_usage = 2, exit_analysis = 3, exit_output = 4;

constexpr const char* gait_usage =
    "usage: hfd analyze gait RUN.csv --out DIR [options]\n"
    "\n"
    "  RUN.csv            a run with ground forces per leg: hfd scenario evaluate --out\n"
    "                     (<leg>_r/_l.grf_x/y) or hfd simulate --out with the contacts group\n"
    "                     (<geometry>_r/_l-<ground>.force_x/y, summed per leg)\n"
    "  --out DIR          cycles.csv, summary.csv, events.csv, normalized_right.csv,\n"
    "                     normalized_left.csv (created when missing)\n"
    "  --threshold F      vertical force of heel strike and toe off: N, or P% of the body\n"
    "                     weight (default 2%)\n"
    "  --body-weight N    body weight in N (default: the mean summed vertical ground force)\n"
    "  --min-stance S     shorter loaded intervals are chatter, dropped (default 0.1)\n"
    "  --min-swing S      shorter unloaded gaps are chatter, joined (default 0.1)\n"
    "\n"
    "A cycle runs from a heel strike to the next of the same leg; joint angles (deg) and\n"
    "ground forces (body weights) are resampled to 0-100 % of each cycle (docs/analyses.md).\n"
    "\n"
    "exit codes: 0 done, 1 bad input file, 2 bad arguments, 3 no gait cycles found (fewer\n"
    "than 2 heel strikes on a side), 4 output not written\n";

int usage(const std::string& message) {
    std::fprintf(stderr, "hfd analyze gait: %s\n\n%s", message.c_str(), gait_usage);
    return exit_usage;
}

std::optional<double> non_negative(const std::string& text) {
    if (text == "0") return 0.0;
    return parse_positive_number(text);
}

// "--threshold 20" (N) or "--threshold 5%" (of body weight).
bool parse_threshold(const std::string& text, GaitOptions& options) {
    if (text.ends_with('%')) {
        const std::optional<double> percent = parse_positive_number(text.substr(0, text.size() - 1));
        if (!percent || *percent >= 100) return false;
        options.threshold_fraction = *percent / 100;
        return true;
    }
    const std::optional<double> force = parse_positive_number(text);
    if (force) options.threshold_force = *force;
    return force.has_value();
}

struct GaitArguments {
    std::string run, out;
    GaitOptions options;
    bool help = false;
};

std::optional<int> parse(const Args& args, GaitArguments& a) {
    std::vector<Word> words;
    if (const auto error =
            split_words(args, one_of({"--out", "--threshold", "--body-weight", "--min-stance", "--min-swing"}), words))
        return usage(*error);
    for (const Word& word : words) {
        if (word.kind == Word::Kind::Help) a.help = true;
        else if (word.kind == Word::Kind::Positional) {
            if (!a.run.empty()) return usage("more than one run given");
            a.run = word.name;
        } else if (word.name == "--out") a.out = word.value;
        else if (word.name == "--threshold") {
            if (!parse_threshold(word.value, a.options))
                return usage("--threshold needs a force in N > 0 or a percentage below 100%, got '" + word.value + "'");
        } else if (word.name == "--body-weight") {
            const std::optional<double> weight = parse_positive_number(word.value);
            if (!weight) return usage("--body-weight needs a force in N > 0, got '" + word.value + "'");
            a.options.body_weight = *weight;
        } else {
            const std::optional<double> seconds = non_negative(word.value);
            if (!seconds) return usage(word.name + " needs a duration in s >= 0, got '" + word.value + "'");
            (word.name == "--min-stance" ? a.options.min_stance : a.options.min_swing) = *seconds;
        }
    }
    if (a.help) return std::nullopt;
    if (a.run.empty()) return usage("no run given (RUN.csv)");
    if (a.out.empty()) return usage("no output directory given (--out DIR)");
    return std::nullopt;
}

std::string columns_of(const GaitLegForces& leg) {
    std::string text;
    for (const std::string& column : leg.columns) text += (text.empty() ? "" : " + ") + column;
    return text;
}

void print_side(const GaitAnalysis& analysis, GaitSide side) {
    std::printf("%-5s %zu cycles:", gait_side_name(side), analysis.side(side).cycles.size());
    for (const GaitStatistic& s : gait_statistics(analysis.side(side))) {
        if (s.name != "stride_time" && s.name != "cadence" && s.name != "speed" && s.name != "stance" &&
            s.name != "double_support")
            continue;
        if (s.count == 0) continue;
        std::printf(" %s %.4g", s.name.c_str(), s.mean);
        if (!std::isnan(s.sd)) std::printf(" +- %.2g", s.sd);
        std::printf(" %s", s.unit.c_str());
    }
    std::printf("\n");
}

void print_report(const GaitRecording& recording, const GaitAnalysis& analysis, const std::string& out) {
    std::printf("body weight %.6g N (%s), threshold %.4g N\n", analysis.body_weight,
                analysis.body_weight_from_forces ? "mean vertical ground force" : "--body-weight", analysis.threshold);
    for (const GaitSide side : gait_sides)
        std::printf("%-5s leg: %s\n", gait_side_name(side), columns_of(recording.leg(side)).c_str());
    for (const GaitSide side : gait_sides) print_side(analysis, side);
    if (!analysis.has_position)
        std::printf(
            "no forward position column (pelvis_tx, pelvis.pos_x, com_x): stride length, step length and "
            "speed left empty\n");
    if (!analysis.has_moments) std::printf("no joint moment columns (<dof>.moment, <dof>_moment): moments left out\n");
    std::printf("%zu joint angles normalized -> %s\n", recording.angles.size(), out.c_str());
}

}  // namespace

int run_gait(const Args& args) {
    GaitArguments a;
    if (const std::optional<int> code = parse(args, a)) return *code;
    if (a.help) {
        std::fputs(gait_usage, stdout);
        return exit_ok;
    }
    const GaitRecordingRead read = read_gait_recording_file(a.run);
    print_diagnostics(read.diagnostics);
    if (!read.ok()) return exit_input;
    const GaitAnalysis analysis = analyze_gait(read.recording, a.options);
    print_diagnostics(analysis.diagnostics);
    if (!analysis.ok()) return exit_analysis;
    std::string error;
    if (!save_gait_analysis(a.out, analysis, nullptr, &error)) {
        std::fprintf(stderr, "hfd analyze gait: %s\n", error.c_str());
        return exit_output;
    }
    print_report(read.recording, analysis, a.out);
    return exit_ok;
}

}  // namespace hfd::cli
