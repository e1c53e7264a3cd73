#include "analysis/muscle_motion.h"

#include "analysis/muscle_sweep.h"
#include "forces/muscle_path.h"
#include "format/read_text_file.h"
#include "io/text_file.h"
#include "state/state.h"

#include <charconv>
#include <cstdio>
#include <numbers>
#include <sstream>

namespace hfd {

namespace {

Diagnostic diagnostic_at(Severity severity, const std::string& file, int line, int column, std::string message) {
    return {severity, {file, line, column}, std::move(message)};
}

// Fields of a line: on `separator`, or on runs of spaces and tabs when it is 0.
// Each with the 1-based column where it starts.
std::vector<std::pair<std::string, int>> fields_of(std::string_view line, char separator) {
    std::vector<std::pair<std::string, int>> fields;
    size_t i = 0;
    while (i <= line.size()) {
        if (!separator)
            while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
        if (!separator && i == line.size()) break;
        size_t end = i;
        while (end < line.size() &&
               (separator ? line[end] != separator : line[end] != ' ' && line[end] != '\t' && line[end] != '\r'))
            ++end;
        std::string field(line.substr(i, end - i));
        if (!field.empty() && field.back() == '\r') field.pop_back();
        fields.emplace_back(std::move(field), int(i) + 1);
        i = end + 1;
    }
    return fields;
}

struct Column {
    Index dof = no_index;
    double scale = 1;  // to radians or metres
};

// The dof each column sets and its scale; the unmatched names go into `unknown`.
std::vector<Column> columns_of(const std::vector<std::pair<std::string, int>>& header, const Model& model,
                               bool in_degrees, std::string& unknown) {
    std::vector<Column> columns;
    for (size_t c = 1; c < header.size(); ++c) {
        std::string name = header[c].first;
        bool degrees = in_degrees;
        const size_t bracket = name.rfind(" [");
        if (bracket != std::string::npos && name.back() == ']') {
            degrees = name.substr(bracket) == " [deg]";
            name.erase(bracket);
        }
        Column column;
        column.dof = model.find_dof(name);
        if (column.dof == no_index) unknown += (unknown.empty() ? "'" : ", '") + name + "'";
        else if (degrees && model.dofs[column.dof].kind != Dof::Kind::RootTranslation)
            column.scale = std::numbers::pi / 180;
        columns.push_back(column);
    }
    return columns;
}

}  // namespace

MotionCoordinates read_motion_text(std::string_view text, const std::string& file, const Model& model) {
    MotionCoordinates out;
    auto error = [&](int line, int column, std::string message) {
        out.diagnostics.push_back(diagnostic_at(Severity::Error, file, line, column, std::move(message)));
        out.frames.clear();
        return out;
    };
    TextLines lines(text);
    std::string_view line;
    int number = 0;
    char separator = ',';
    bool in_degrees = false;
    if (text.find("endheader") != std::string_view::npos) {
        while (lines.next(line)) {
            number = lines.number();
            if (line.substr(0, 9) == "inDegrees") in_degrees = line.find("yes") != std::string_view::npos;
            if (line.substr(0, 9) == "endheader") break;
        }
        separator = 0;
    }
    std::vector<Column> columns;
    bool header_read = false;
    const DofAssignment defaults = default_dof_assignment(model);
    while (lines.next(line)) {
        number = lines.number();
        if (line.empty() || line[0] == '#') continue;
        const auto fields = fields_of(line, separator);
        if (!header_read) {
            if (fields.empty() || (fields[0].first != "time" && fields[0].first.rfind("time [", 0) != 0))
                return error(number, 1, "the first column must be 'time'");
            std::string unknown;
            columns = columns_of(fields, model, in_degrees, unknown);
            if (!unknown.empty())
                out.diagnostics.push_back(diagnostic_at(Severity::Warning, file, number, 1,
                                                        "columns that name no dof of the model, ignored: " + unknown));
            header_read = true;
            continue;
        }
        if (fields.size() != columns.size() + 1)
            return error(number, 1,
                         "row has " + std::to_string(fields.size()) + " fields, the header " +
                             std::to_string(columns.size() + 1));
        std::vector<double> values(fields.size());
        for (size_t c = 0; c < fields.size(); ++c) {
            const std::string& f = fields[c].first;
            const auto result = std::from_chars(f.data(), f.data() + f.size(), values[c]);
            if (result.ec != std::errc() || result.ptr != f.data() + f.size())
                return error(number, fields[c].second, "expected a number, got '" + f + "'");
        }
        if (!out.time.empty() && !(values[0] > out.time.back())) return error(number, 1, "time does not increase");
        out.time.push_back(values[0]);
        DofAssignment frame = defaults;
        for (size_t c = 0; c < columns.size(); ++c)
            if (columns[c].dof != no_index) frame.value[columns[c].dof] = values[c + 1] * columns[c].scale;
        out.frames.push_back(std::move(frame));
    }
    if (!header_read) return error(number, 1, "no header line (time, then coordinates)");
    if (out.frames.empty()) return error(number, 1, "no rows");
    return out;
}

MotionCoordinates read_motion_file(const std::string& path, const Model& model) {
    const std::optional<std::string> text = read_text_file(path);
    if (!text) {
        MotionCoordinates out;
        out.diagnostics.push_back(diagnostic_at(Severity::Error, path, 0, 0, "cannot open motion file"));
        return out;
    }
    return read_motion_text(*text, path, model);
}

MuscleMotion muscle_motion(const Model& model, const MotionCoordinates& motion, const std::vector<Index>& muscles) {
    MuscleMotion out;
    out.time = motion.time;
    out.muscles = muscles;
    if (out.muscles.empty())
        for (Index m = 0; m < Index(model.muscles.size()); ++m) out.muscles.push_back(m);
    out.length.assign(out.muscles.size(), {});
    for (Index m : out.muscles)
        for (Index d = 0; d < Index(model.dofs.size()); ++d)
            if (muscle_spans_dof(model, m, d)) out.moment_arms.push_back({m, d, {}});
    State state = initial_state(model);
    for (const DofAssignment& frame : motion.frames) {
        apply_dofs(model, frame, state);
        for (size_t i = 0; i < out.muscles.size(); ++i)
            out.length[i].push_back(muscle_path_length(model, state, out.muscles[i]));
        for (MuscleMotion::MomentArm& arm : out.moment_arms)
            arm.values.push_back(muscle_moment_arm(model, state, arm.muscle, arm.dof));
    }
    return out;
}

std::string muscle_motion_csv(const Model& model, const MuscleMotion& motion) {
    std::string text = "time [s]";
    for (Index m : motion.muscles) text += ',' + model.muscles[m].name + ".length [m]";
    for (const MuscleMotion::MomentArm& arm : motion.moment_arms)
        text += ',' + model.muscles[arm.muscle].name + ".moment_arm." + model.dofs[arm.dof].name + " [m]";
    text += '\n';
    char number[32];
    auto append = [&](double value, bool comma) {
        std::snprintf(number, sizeof number, comma ? ",%.9g" : "%.9g", value);
        text += number;
    };
    for (size_t r = 0; r < motion.time.size(); ++r) {
        append(motion.time[r], false);
        for (const std::vector<double>& length : motion.length) append(length[r], true);
        for (const MuscleMotion::MomentArm& arm : motion.moment_arms) append(arm.values[r], true);
        text += '\n';
    }
    return text;
}

}  // namespace hfd
