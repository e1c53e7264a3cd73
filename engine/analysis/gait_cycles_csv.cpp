// The output files of gait analysis (docs/analyses.md, "Gait analysis"): numbers
// with 9 significant digits, an unknown value (NaN) as an empty cell.
#include "analysis/gait_cycles.h"

#include "io/text_file.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <utility>

namespace hfd {

namespace {

void append_cell(std::string& out, double value) {
    out += ',';
    if (std::isnan(value)) return;
    char text[32];
    std::snprintf(text, sizeof text, "%.9g", value);
    out += text;
}

std::vector<GaitCycle> cycles_in_time_order(const GaitAnalysis& analysis) {
    std::vector<GaitCycle> cycles;
    for (const GaitSide side : gait_sides)
        cycles.insert(cycles.end(), analysis.side(side).cycles.begin(), analysis.side(side).cycles.end());
    std::stable_sort(cycles.begin(), cycles.end(),
                     [](const GaitCycle& a, const GaitCycle& b) { return a.start < b.start; });
    return cycles;
}

std::string curve_column(const GaitCurve& curve, const std::string& what) {
    std::string name;
    append_csv_field(name, curve.name + "." + what + " [" + curve.unit + "]");
    return name;
}

}  // namespace

std::string gait_cycles_csv(const GaitAnalysis& analysis) {
    std::string text =
        "side,cycle,heel_strike [s],toe_off [s],next_heel_strike [s],stride_time [s],cadence [steps/min],"
        "stride_length [m],step_time [s],step_length [m],speed [m/s],stance [%],double_support [%]\n";
    for (const GaitCycle& c : cycles_in_time_order(analysis)) {
        text += gait_side_name(c.side);
        text += ',' + std::to_string(c.number);
        for (const double v : {c.start, c.toe_off, c.end, c.stride_time, c.cadence, c.stride_length, c.step_time,
                               c.step_length, c.speed, c.stance_percent, c.double_support_percent})
            append_cell(text, v);
        text += '\n';
    }
    return text;
}

std::string gait_events_csv(const GaitAnalysis& analysis) {
    std::string text = "time [s],side,event\n";
    for (const GaitEvent& event : analysis.events) {
        char time[32];
        std::snprintf(time, sizeof time, "%.9g", event.time);
        text += std::string(time) + ',' + gait_side_name(event.side) + ',' +
                (event.kind == GaitEvent::Kind::HeelStrike ? "heel_strike" : "toe_off") + '\n';
    }
    return text;
}

std::string gait_summary_csv(const GaitAnalysis& analysis) {
    std::string text = "side,cycles,body_weight [N],threshold [N]";
    for (const GaitStatistic& s : gait_statistics(analysis.side(GaitSide::Right)))
        text += "," + s.name + ".mean [" + s.unit + "]," + s.name + ".sd [" + s.unit + "]";
    text += '\n';
    for (const GaitSide side : gait_sides) {
        text += gait_side_name(side);
        text += ',' + std::to_string(analysis.side(side).cycles.size());
        append_cell(text, analysis.body_weight);
        append_cell(text, analysis.threshold);
        for (const GaitStatistic& s : gait_statistics(analysis.side(side))) {
            append_cell(text, s.mean);
            append_cell(text, s.sd);
        }
        text += '\n';
    }
    return text;
}

std::string gait_normalized_csv(const GaitAnalysis& analysis, GaitSide side) {
    const GaitSideResult& result = analysis.side(side);
    std::string text = "cycle [%]";
    for (const GaitCurve& curve : result.curves) {
        text += ',' + curve_column(curve, "mean") + ',' + curve_column(curve, "sd");
        for (const GaitCycle& cycle : result.cycles)
            text += ',' + curve_column(curve, "cycle" + std::to_string(cycle.number));
    }
    text += '\n';
    const size_t samples = result.curves.empty() ? 0 : result.curves.front().mean.size();
    for (size_t j = 0; j < samples; ++j) {
        char percent[32];
        std::snprintf(percent, sizeof percent, "%.9g", samples > 1 ? 100.0 * double(j) / double(samples - 1) : 0.0);
        text += percent;
        for (const GaitCurve& curve : result.curves) {
            append_cell(text, curve.mean[j]);
            append_cell(text, curve.sd[j]);
            for (const std::vector<double>& cycle : curve.cycles) append_cell(text, cycle[j]);
        }
        text += '\n';
    }
    return text;
}

bool save_gait_analysis(const std::string& directory, const GaitAnalysis& analysis, std::vector<std::string>* written,
                        std::string* error) {
    std::error_code ec;
    std::filesystem::create_directories(directory, ec);
    if (!std::filesystem::is_directory(directory)) {
        if (error) *error = "cannot create directory '" + directory + "'";
        return false;
    }
    const std::pair<const char*, std::string> files[] = {
        {"cycles.csv", gait_cycles_csv(analysis)},
        {"summary.csv", gait_summary_csv(analysis)},
        {"events.csv", gait_events_csv(analysis)},
        {"normalized_right.csv", gait_normalized_csv(analysis, GaitSide::Right)},
        {"normalized_left.csv", gait_normalized_csv(analysis, GaitSide::Left)},
    };
    for (const auto& [name, text] : files) {
        const std::string path = (std::filesystem::path(directory) / name).string();
        if (!write_file_streamed(
                path, [&](const TextSink& sink) { return sink(text); }, error))
            return false;
        if (written) written->push_back(path);
    }
    return true;
}

}  // namespace hfd
