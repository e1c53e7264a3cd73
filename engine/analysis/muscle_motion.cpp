#include "analysis/muscle_motion.h"

#include "analysis/muscle_sweep.h"
#include "forces/muscle_path.h"
#include "format/read_text_file.h"
#include "io/text_file.h"
#include "state/state.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <unordered_map>

namespace hfd {

namespace {

Diagnostic diagnostic_at(Severity severity, const std::string& file, int line, int column, std::string message) {
    return {severity, {file, line, column}, std::move(message)};
}

struct Field {
    std::string_view text;
    int column = 0;  // 1-based, where it starts
};

// Fields of a line into `fields` (reused from line to line): on `separator`, or
// on runs of spaces and tabs when it is 0.
void split_fields(std::string_view line, char separator, std::vector<Field>& fields) {
    fields.clear();
    size_t i = 0;
    while (i <= line.size()) {
        if (!separator)
            while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
        if (!separator && i == line.size()) break;
        size_t end = i;
        while (end < line.size() &&
               (separator ? line[end] != separator : line[end] != ' ' && line[end] != '\t' && line[end] != '\r'))
            ++end;
        std::string_view field = line.substr(i, end - i);
        if (!field.empty() && field.back() == '\r') field.remove_suffix(1);
        fields.push_back({field, int(i) + 1});
        i = end + 1;
    }
}

bool is_time_label(std::string_view name) { return name == "time" || name.rfind("time [", 0) == 0; }

struct Column {
    Index dof = no_index;
    double scale = 1;  // to radians or metres
};

// A motion read a line at a time: each line is checked and a row turned into
// dof values as it comes, so a motion of any length needs the memory of one row.
// Which format a file is, is told by its first line that is neither empty nor a
// '#' comment: a CSV header "time,..." starts a CSV; anything else starts the
// header of a .mot / .sto, which runs up to "endheader" (a reader of a stream
// cannot look for "endheader" in the whole text first).
class MotionReader {
public:
    enum class Read { Nothing, Row, Error };

    MotionReader(const Model& model, const std::string& file, std::vector<Diagnostic>& diagnostics)
        : model_(model),
          file_(file),
          diagnostics_(diagnostics),
          frame_(default_dof_assignment(model)),
          defaults_(frame_.value) {}

    // The line numbered `number` (1-based). After Row, time() and frame() hold it;
    // after Error the diagnostic is reported and no more lines are to be given.
    Read read(std::string_view line, int number) {
        switch (part_) {
            case Part::Start:
                if (line.empty() || line[0] == '#') return Read::Nothing;
                header_line_ = number;
                split_fields(line, ',', fields_);
                header_line_has_commas_ = fields_.size() > 1;
                if (is_time_label(fields_[0].text)) {
                    separator_ = ',';
                    part_ = Part::Columns;
                } else {
                    part_ = Part::FileHeader;
                }
                return read(line, number);
            case Part::FileHeader:
                if (line.substr(0, 9) == "inDegrees") return read_in_degrees(line, number);
                if (line.substr(0, 9) == "endheader") {
                    separator_ = 0;
                    part_ = Part::Columns;
                }
                return Read::Nothing;
            case Part::Columns:
                if (line.empty() || line[0] == '#') return Read::Nothing;
                return read_columns(line, number);
            case Part::Rows:
                if (line.empty() || line[0] == '#') return Read::Nothing;
                return read_row(line, number);
        }
        return Read::Error;
    }

    // After the last line (numbered `last_line`): false, reported, when the text
    // ended before its column labels or its first row.
    bool finish(int last_line) {
        // a first line of commas was meant as a CSV header
        if (part_ == Part::FileHeader && header_line_has_commas_)
            return error(header_line_, 1, "the first column must be 'time'");
        if (part_ == Part::FileHeader)
            return error(header_line_, 1,
                         "no 'endheader' line ends the header (a .mot / .sto file), and the first line is not a "
                         "CSV header 'time,...'");
        if (part_ != Part::Rows) return error(last_line, 1, "no header line (time, then coordinates)");
        if (rows_ == 0) return error(last_line, 1, "no rows");
        return true;
    }

    double time() const { return time_; }
    const DofAssignment& frame() const { return frame_; }

private:
    enum class Part { Start, FileHeader, Columns, Rows };

    bool error(int line, int column, std::string message) {
        diagnostics_.push_back(diagnostic_at(Severity::Error, file_, line, column, std::move(message)));
        return false;
    }

    // inDegrees=yes or inDegrees=no (spaces around '=' allowed); anything else
    // would leave the unit of every angle a guess.
    Read read_in_degrees(std::string_view line, int number) {
        size_t i = 9;
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
        if (i == line.size() || line[i] != '=') {
            error(number, int(i) + 1, "expected '=' after 'inDegrees', then yes or no");
            return Read::Error;
        }
        ++i;
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
        std::string_view value = line.substr(i);
        while (!value.empty() && (value.back() == ' ' || value.back() == '\t' || value.back() == '\r'))
            value.remove_suffix(1);
        if (value == "yes" || value == "no") {
            in_degrees_ = value == "yes";
            return Read::Nothing;
        }
        error(number, int(i) + 1, "expected inDegrees=yes or inDegrees=no, found " + quoted(value));
        return Read::Error;
    }

    // The dof each column sets and its scale; columns that name no dof are one
    // warning; a name given twice (the same dof set twice, one value lost) is an error.
    Read read_columns(std::string_view line, int number) {
        split_fields(line, separator_, fields_);
        if (fields_.empty() || !is_time_label(fields_[0].text)) {
            error(number, 1, "the first column must be 'time'");
            return Read::Error;
        }
        std::unordered_map<std::string_view, int> first_at;  // name -> column of its first field
        first_at.emplace("time", fields_[0].column);
        std::string unknown;
        for (size_t c = 1; c < fields_.size(); ++c) {
            std::string_view name = fields_[c].text;
            bool degrees = in_degrees_;
            const size_t bracket = name.rfind(" [");
            if (bracket != std::string_view::npos && name.back() == ']') {
                degrees = name.substr(bracket) == " [deg]";
                name = name.substr(0, bracket);
            }
            if (const auto [it, added] = first_at.emplace(name, fields_[c].column); !added) {
                error(
                    number, fields_[c].column,
                    "column " + quoted(name) + " is named twice (first at column " + std::to_string(it->second) + ")");
                return Read::Error;
            }
            Column column;
            column.dof = model_.find_dof(name);
            if (column.dof == no_index) unknown += (unknown.empty() ? "'" : ", '") + std::string(name) + "'";
            else if (degrees && model_.dofs[column.dof].kind != Dof::Kind::RootTranslation)
                column.scale = std::numbers::pi / 180;
            columns_.push_back(column);
        }
        if (!unknown.empty())
            diagnostics_.push_back(diagnostic_at(Severity::Warning, file_, number, 1,
                                                 "columns that name no dof of the model, ignored: " + unknown));
        values_.resize(fields_.size());
        part_ = Part::Rows;
        return Read::Nothing;
    }

    Read read_row(std::string_view line, int number) {
        split_fields(line, separator_, fields_);
        if (fields_.size() != columns_.size() + 1) {
            error(number, 1,
                  "row has " + std::to_string(fields_.size()) + " fields, the header " +
                      std::to_string(columns_.size() + 1));
            return Read::Error;
        }
        for (size_t c = 0; c < fields_.size(); ++c) {
            const std::string_view f = fields_[c].text;
            const auto result = std::from_chars(f.data(), f.data() + f.size(), values_[c]);
            if (result.ec != std::errc() || result.ptr != f.data() + f.size()) {
                error(number, fields_[c].column, "expected a number, got '" + std::string(f) + "'");
                return Read::Error;
            }
            // from_chars reads "nan" and "inf": no pose has them
            if (!std::isfinite(values_[c])) {
                error(number, fields_[c].column, "expected a finite number, got '" + std::string(f) + "'");
                return Read::Error;
            }
        }
        if (rows_ > 0 && !(values_[0] > time_)) {
            error(number, 1, "time does not increase");
            return Read::Error;
        }
        time_ = values_[0];
        frame_.value = defaults_;
        for (size_t c = 0; c < columns_.size(); ++c)
            if (columns_[c].dof != no_index) frame_.value[columns_[c].dof] = values_[c + 1] * columns_[c].scale;
        ++rows_;
        return Read::Row;
    }

    const Model& model_;
    const std::string& file_;
    std::vector<Diagnostic>& diagnostics_;
    Part part_ = Part::Start;
    char separator_ = ',';
    bool in_degrees_ = false;
    int header_line_ = 0;  // the first line neither empty nor a comment
    bool header_line_has_commas_ = false;
    std::vector<Column> columns_;
    std::vector<Field> fields_;
    std::vector<double> values_;
    DofAssignment frame_;  // velocities stay zero
    const std::vector<double> defaults_;
    double time_ = 0;
    size_t rows_ = 0;
};

// Reads every line of `next` into `reader`; on_row per row. False on an error.
template <class NextLine, class OnRow>
bool read_lines(MotionReader& reader, NextLine&& next, OnRow&& on_row) {
    std::string_view line;
    int number = 0;
    while (next(line, number)) {
        const MotionReader::Read read = reader.read(line, number);
        if (read == MotionReader::Read::Error) return false;
        if (read == MotionReader::Read::Row && !on_row()) return false;
    }
    return reader.finish(number);
}

// The muscles and moment arms of the analysis, and their values at one pose in
// buffers sized once.
class MuscleMotionRow {
public:
    MuscleMotionRow(const Model& model, const std::vector<Index>& muscles)
        : model_(model), muscles_(muscles), state_(initial_state(model)) {
        if (muscles_.empty())
            for (Index m = 0; m < Index(model.muscles.size()); ++m) muscles_.push_back(m);
        for (Index m : muscles_)
            for (Index d = 0; d < Index(model.dofs.size()); ++d)
                if (muscle_spans_dof(model, m, d)) arms_.push_back({m, d});
        lengths_.resize(muscles_.size());
        arm_values_.resize(arms_.size());
    }

    void evaluate(const DofAssignment& frame) {
        apply_dofs(model_, frame, state_);
        for (size_t i = 0; i < muscles_.size(); ++i) lengths_[i] = muscle_path_length(model_, state_, muscles_[i]);
        for (size_t i = 0; i < arms_.size(); ++i)
            arm_values_[i] = muscle_moment_arm(model_, state_, arms_[i].first, arms_[i].second);
    }

    const std::vector<Index>& muscles() const { return muscles_; }
    const std::vector<std::pair<Index, Index>>& arms() const { return arms_; }  // muscle, dof
    const std::vector<double>& lengths() const { return lengths_; }
    const std::vector<double>& arm_values() const { return arm_values_; }

private:
    const Model& model_;
    std::vector<Index> muscles_;
    std::vector<std::pair<Index, Index>> arms_;
    std::vector<double> lengths_, arm_values_;
    State state_;
};

std::string csv_header(const Model& model, const std::vector<Index>& muscles,
                       const std::vector<std::pair<Index, Index>>& arms) {
    std::string text = "time [s]";
    for (Index m : muscles) text += ',' + model.muscles[m].name + ".length [m]";
    for (const auto& [muscle, dof] : arms)
        text += ',' + model.muscles[muscle].name + ".moment_arm." + model.dofs[dof].name + " [m]";
    text += '\n';
    return text;
}

void append_csv_value(std::string& text, double value, bool comma) {
    char number[32];
    std::snprintf(number, sizeof number, comma ? ",%.9g" : "%.9g", value);
    text += number;
}

// Every frame of `lines` (TextLines or FileLines: next(line), number()) into out.
template <typename Lines>
bool read_frames(MotionReader& reader, Lines& lines, MotionCoordinates& out) {
    return read_lines(
        reader,
        [&](std::string_view& line, int& number) {
            if (!lines.next(line)) return false;
            number = lines.number();
            return true;
        },
        [&] {
            out.time.push_back(reader.time());
            out.frames.push_back(reader.frame());
            return true;
        });
}

}  // namespace

MotionCoordinates read_motion_text(std::string_view text, const std::string& file, const Model& model) {
    MotionCoordinates out;
    MotionReader reader(model, file, out.diagnostics);
    TextLines lines(text);
    const bool read = read_frames(reader, lines, out);
    if (!read) {
        out.time.clear();
        out.frames.clear();
    }
    return out;
}

MotionCoordinates read_motion_file(const std::string& path, const Model& model) {
    MotionCoordinates out;
    FileLines lines(path);
    if (!lines.is_open()) {
        out.diagnostics.push_back(diagnostic_at(Severity::Error, path, 0, 0, "cannot open motion file"));
        return out;
    }
    MotionReader reader(model, path, out.diagnostics);
    const bool read = read_frames(reader, lines, out);
    if (lines.failed())
        out.diagnostics.push_back(
            diagnostic_at(Severity::Error, path, lines.number() + 1, 0, "cannot read motion file"));
    if (!read || lines.failed()) {
        out.time.clear();
        out.frames.clear();
    }
    return out;
}

void differentiate_dof_values(MotionCoordinates& motion) {
    const size_t rows = motion.frames.size();
    for (size_t r = 0; r < rows; ++r) {
        DofAssignment& frame = motion.frames[r];
        frame.velocity.assign(frame.value.size(), 0.0);
        if (rows < 2) continue;
        if (r == 0 || r + 1 == rows) {
            const size_t a = r == 0 ? 0 : r - 1, b = a + 1;
            const double h = motion.time[b] - motion.time[a];
            for (size_t d = 0; d < frame.value.size(); ++d)
                frame.velocity[d] = (motion.frames[b].value[d] - motion.frames[a].value[d]) / h;
            continue;
        }
        const double h1 = motion.time[r] - motion.time[r - 1], h2 = motion.time[r + 1] - motion.time[r];
        const double w0 = -h2 / (h1 * (h1 + h2)), w1 = (h2 - h1) / (h1 * h2), w2 = h1 / (h2 * (h1 + h2));
        const std::vector<double>&before = motion.frames[r - 1].value, &after = motion.frames[r + 1].value;
        for (size_t d = 0; d < frame.value.size(); ++d)
            frame.velocity[d] = w0 * before[d] + w1 * frame.value[d] + w2 * after[d];
    }
}

MuscleMotion muscle_motion(const Model& model, const MotionCoordinates& motion, const std::vector<Index>& muscles) {
    MuscleMotionRow row(model, muscles);
    MuscleMotion out;
    out.time = motion.time;
    out.muscles = row.muscles();
    out.length.assign(out.muscles.size(), {});
    for (const auto& [muscle, dof] : row.arms()) out.moment_arms.push_back({muscle, dof, {}});
    for (const DofAssignment& frame : motion.frames) {
        row.evaluate(frame);
        for (size_t i = 0; i < out.muscles.size(); ++i) out.length[i].push_back(row.lengths()[i]);
        for (size_t i = 0; i < out.moment_arms.size(); ++i) out.moment_arms[i].values.push_back(row.arm_values()[i]);
    }
    return out;
}

std::string muscle_motion_csv(const Model& model, const MuscleMotion& motion) {
    std::vector<std::pair<Index, Index>> arms;
    for (const MuscleMotion::MomentArm& arm : motion.moment_arms) arms.push_back({arm.muscle, arm.dof});
    std::string text = csv_header(model, motion.muscles, arms);
    for (size_t r = 0; r < motion.time.size(); ++r) {
        append_csv_value(text, motion.time[r], false);
        for (const std::vector<double>& length : motion.length) append_csv_value(text, length[r], true);
        for (const MuscleMotion::MomentArm& arm : motion.moment_arms) append_csv_value(text, arm.values[r], true);
        text += '\n';
    }
    return text;
}

StreamedMuscleMotion stream_muscle_motion_csv(const Model& model, const std::string& file,
                                              const MotionLineSource& lines, const std::vector<Index>& muscles,
                                              const TextSink& out) {
    StreamedMuscleMotion result;
    MuscleMotionRow row(model, muscles);
    result.muscles = row.muscles().size();
    result.moment_arms = row.arms().size();
    MotionReader reader(model, file, result.diagnostics);
    std::string text = csv_header(model, row.muscles(), row.arms());
    bool header_written = false;
    read_lines(reader, lines, [&] {
        if (!header_written) {
            header_written = true;
            result.write_failed = !out(text);
        }
        row.evaluate(reader.frame());
        text.clear();
        append_csv_value(text, reader.time(), false);
        for (const double length : row.lengths()) append_csv_value(text, length, true);
        for (const double arm : row.arm_values()) append_csv_value(text, arm, true);
        text += '\n';
        result.write_failed = result.write_failed || !out(text);
        if (result.write_failed) return false;
        ++result.rows;
        return true;
    });
    return result;
}

}  // namespace hfd
