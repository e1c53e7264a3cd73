#include "analysis/gait_recording.h"

#include "format/read_text_file.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <map>
#include <optional>

namespace hfd {

const char* gait_side_name(GaitSide side) { return side == GaitSide::Right ? "right" : "left"; }

namespace {

constexpr size_t none = std::numeric_limits<size_t>::max();

struct Column {
    std::string name, unit;
    int text_column = 0;  // 1-based character column in the header line (0: not from a file)
};

struct ForceTerm {
    size_t column;
    double sign;
};

// Which columns make which channel of the recording.
struct Layout {
    size_t time = none, position = none;
    std::array<std::vector<ForceTerm>, 2> x, y;  // per side
    std::vector<size_t> angles, moments;
    std::vector<size_t> used;  // every column above
};

struct Field {
    std::string_view text;
    int column;  // 1-based
};

// Splits a CSV line at commas outside double quotes.
void split_fields(std::string_view line, std::vector<Field>& fields) {
    fields.clear();
    size_t start = 0;
    bool quoted = false;
    for (size_t i = 0; i <= line.size(); ++i) {
        if (i < line.size() && line[i] == '"') quoted = !quoted;
        else if (i == line.size() || (line[i] == ',' && !quoted)) {
            fields.push_back({line.substr(start, i - start), int(start) + 1});
            start = i + 1;
        }
    }
}

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

std::string unquoted(std::string_view field) {
    field = trimmed(field);
    if (field.size() < 2 || field.front() != '"' || field.back() != '"') return std::string(field);
    std::string text;
    for (size_t i = 1; i + 1 < field.size(); ++i) {
        text += field[i];
        if (field[i] == '"' && field[i + 1] == '"') ++i;
    }
    return text;
}

// "knee_angle_r [rad]" -> name "knee_angle_r", unit "rad".
Column column_of(std::string text, int text_column) {
    Column column{std::move(text), "", text_column};
    const size_t bracket = column.name.rfind(" [");
    if (bracket != std::string::npos && column.name.back() == ']') {
        column.unit = column.name.substr(bracket + 2, column.name.size() - bracket - 3);
        column.name.erase(bracket);
    }
    return column;
}

std::optional<GaitSide> side_of(std::string_view name) {
    bool right = false, left = false;
    size_t start = 0;
    for (size_t i = 0; i <= name.size(); ++i) {
        if (i < name.size() && name[i] != '_' && name[i] != '-' && name[i] != '.' && name[i] != ' ') continue;
        const std::string_view word = name.substr(start, i - start);
        right |= word == "r" || word == "R" || word == "right";
        left |= word == "l" || word == "L" || word == "left";
        start = i + 1;
    }
    if (right == left) return std::nullopt;
    return right ? GaitSide::Right : GaitSide::Left;
}

struct ForceColumn {
    GaitSide side;
    bool is_x;
    double sign;
    bool pair;  // a contact pair's force, not a leg total
};

// "<leg>.grf_x/y" (a leg total) or "<a>-<b>.force_x/y" (a contact pair), with the side it belongs to.
std::optional<ForceColumn> force_column(const std::string& name) {
    for (const bool pair : {false, true}) {
        const std::string_view stem = pair ? ".force_" : ".grf_";
        const size_t at = name.rfind(stem);
        if (at == std::string::npos || at + stem.size() + 1 != name.size()) continue;
        const bool is_x = name.back() == 'x';
        if (!is_x && name.back() != 'y') return std::nullopt;
        const std::string source = name.substr(0, at);
        if (!pair) {
            const std::optional<GaitSide> side = side_of(source);
            if (!side) return std::nullopt;
            return ForceColumn{*side, is_x, 1, false};
        }
        const size_t dash = source.find('-');
        if (dash == std::string::npos) return std::nullopt;
        if (const std::optional<GaitSide> side = side_of(source.substr(0, dash)))
            return ForceColumn{*side, is_x, 1, true};
        if (const std::optional<GaitSide> side = side_of(source.substr(dash + 1)))
            return ForceColumn{*side, is_x, -1, true};
        return std::nullopt;
    }
    return std::nullopt;
}

// The leg totals of a side, or when it has none its contact pairs' forces.
void find_leg_forces(const std::vector<Column>& columns, Layout& layout) {
    std::array<bool, 2> totals{};
    for (const Column& column : columns)
        if (const std::optional<ForceColumn> f = force_column(column.name); f && !f->pair)
            totals[size_t(f->side)] = true;
    for (size_t c = 0; c < columns.size(); ++c) {
        const std::optional<ForceColumn> f = force_column(columns[c].name);
        if (!f || f->pair == totals[size_t(f->side)]) continue;
        (f->is_x ? layout.x : layout.y)[size_t(f->side)].push_back({c, f->sign});
    }
}

bool is_angle(const Column& column) {
    const std::string& name = column.name;
    if (name.empty() || name == "time" || std::find(name.begin(), name.end(), '.') != name.end()) return false;
    if (name.ends_with("_tx") || name.ends_with("_ty") || name.ends_with("_tz")) return false;
    return column.unit.empty() || column.unit == "rad" || column.unit == "deg";
}

bool is_moment(const Column& column) { return column.name.ends_with(".moment") || column.name.ends_with("_moment"); }

size_t find_position(const std::vector<Column>& columns) {
    for (const char* name : {"pelvis_tx", "pelvis.pos_x", "com_x", "com.pos_x"})
        for (size_t c = 0; c < columns.size(); ++c)
            if (columns[c].name == name) return c;
    return none;
}

Diagnostic header_error(const std::string& file, const Column& column, std::string message) {
    return error_at(file, column.text_column > 0 ? 1 : 0, column.text_column, std::move(message));
}

std::string missing_force_message(const std::string& file, GaitSide side) {
    const char* s = side == GaitSide::Right ? "r" : "l";
    return std::string(file.empty() ? "the recording has " : "") + "no vertical ground force of the " +
           gait_side_name(side) + " leg: expected a column '<leg>_" + s +
           ".grf_y' (hfd scenario evaluate --out) or contact pairs '<geometry>_" + s +
           "-<ground>.force_y' (hfd simulate --out with the contacts group)";
}

// A used column named twice is an error at the second one.
bool check_unique(const std::vector<Column>& columns, const Layout& layout, const std::string& file,
                  std::vector<Diagnostic>& diagnostics) {
    std::vector<bool> used(columns.size());
    for (const size_t c : layout.used) used[c] = true;
    std::map<std::string_view, size_t> first;
    for (size_t c = 0; c < columns.size(); ++c) {
        const auto [at, inserted] = first.emplace(columns[c].name, c);
        if (inserted || !(used[c] || used[at->second])) continue;
        diagnostics.push_back(header_error(file, columns[c],
                                           "column '" + columns[c].name + "' appears twice (columns " +
                                               std::to_string(at->second + 1) + " and " + std::to_string(c + 1) + ")"));
        return false;
    }
    return true;
}

std::optional<Layout> layout_of(const std::vector<Column>& columns, const std::string& file,
                                std::vector<Diagnostic>& diagnostics) {
    Layout layout;
    for (size_t c = 0; c < columns.size(); ++c)
        if (columns[c].name == "time" && layout.time == none) layout.time = c;
    if (layout.time == none) {
        diagnostics.push_back(error_at(file, file.empty() ? 0 : 1, 0, "no 'time' column"));
        return std::nullopt;
    }
    find_leg_forces(columns, layout);
    for (const GaitSide side : gait_sides)
        if (layout.y[size_t(side)].empty()) {
            diagnostics.push_back(error_at(file, file.empty() ? 0 : 1, 0, missing_force_message(file, side)));
            return std::nullopt;
        }
    layout.position = find_position(columns);
    for (size_t c = 0; c < columns.size(); ++c) {
        if (c == layout.position) continue;
        if (is_moment(columns[c])) layout.moments.push_back(c);
        else if (is_angle(columns[c])) layout.angles.push_back(c);
    }
    layout.used = {layout.time};
    if (layout.position != none) layout.used.push_back(layout.position);
    for (const auto* terms : {&layout.x, &layout.y})
        for (const std::vector<ForceTerm>& side : *terms)
            for (const ForceTerm& term : side) layout.used.push_back(term.column);
    layout.used.insert(layout.used.end(), layout.angles.begin(), layout.angles.end());
    layout.used.insert(layout.used.end(), layout.moments.begin(), layout.moments.end());
    if (!check_unique(columns, layout, file, diagnostics)) return std::nullopt;
    return layout;
}

// The channels of the recording, without rows yet.
GaitRecording empty_recording(const std::vector<Column>& columns, const Layout& layout, const std::string& file) {
    GaitRecording recording;
    recording.file = file;
    for (const GaitSide side : gait_sides)
        for (const ForceTerm& term : layout.y[size_t(side)])
            recording.legs[size_t(side)].columns.push_back(columns[term.column].name);
    if (layout.position != none) recording.position_name = columns[layout.position].name;
    for (const size_t c : layout.angles)
        recording.angles.push_back({columns[c].name, columns[c].unit.empty() ? "rad" : columns[c].unit, {}});
    for (const size_t c : layout.moments)
        recording.moments.push_back({columns[c].name, columns[c].unit.empty() ? "Nm" : columns[c].unit, {}});
    return recording;
}

double force_sum(const std::vector<ForceTerm>& terms, const std::vector<double>& row) {
    double sum = 0;
    for (const ForceTerm& term : terms) sum += term.sign * row[term.column];
    return sum;
}

void append_row(const Layout& layout, const std::vector<double>& row, GaitRecording& recording) {
    recording.time.push_back(row[layout.time]);
    for (const GaitSide side : gait_sides) {
        if (!layout.x[size_t(side)].empty())
            recording.legs[size_t(side)].x.push_back(force_sum(layout.x[size_t(side)], row));
        recording.legs[size_t(side)].y.push_back(force_sum(layout.y[size_t(side)], row));
    }
    if (layout.position != none) recording.position.push_back(row[layout.position]);
    for (size_t i = 0; i < layout.angles.size(); ++i) recording.angles[i].values.push_back(row[layout.angles[i]]);
    for (size_t i = 0; i < layout.moments.size(); ++i) recording.moments[i].values.push_back(row[layout.moments[i]]);
}

// Reads the used cells of one data line into row; false with an error at the cell.
bool read_row(const std::vector<Field>& fields, const std::vector<Column>& columns, const Layout& layout,
              const std::string& file, int line, std::vector<double>& row, std::vector<Diagnostic>& diagnostics) {
    if (fields.size() != columns.size()) {
        diagnostics.push_back(error_at(
            file, line, 1,
            "row has " + std::to_string(fields.size()) + " fields, the header " + std::to_string(columns.size())));
        return false;
    }
    for (const size_t c : layout.used) {
        std::string_view text = trimmed(fields[c].text);
        if (text.size() >= 2 && text.front() == '"' && text.back() == '"') text = text.substr(1, text.size() - 2);
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), row[c]);
        if (error != std::errc{} || end != text.data() + text.size() || !std::isfinite(row[c])) {
            diagnostics.push_back(error_at(
                file, line, fields[c].column,
                "expected a finite number in column '" + columns[c].name + "', got " + quoted(fields[c].text)));
            return false;
        }
    }
    return true;
}

bool check_time(const GaitRecording& recording, const std::string& file, int line,
                std::vector<Diagnostic>& diagnostics) {
    const size_t n = recording.time.size();
    if (n < 2 || recording.time[n - 1] > recording.time[n - 2]) return true;
    diagnostics.push_back(error_at(file, line, 0,
                                   "time " + number_in_message(recording.time[n - 1]) +
                                       " does not increase (previous row " + number_in_message(recording.time[n - 2]) +
                                       ")"));
    return false;
}

GaitRecordingRead read_rows(std::string_view text, const std::string& file) {
    GaitRecordingRead read;
    TextLines lines(text);
    std::string_view line;
    if (!lines.next(line)) {
        read.diagnostics.push_back(error_at(file, 0, 0, "'" + file + "' is empty: expected a CSV header line"));
        return read;
    }
    std::vector<Field> fields;
    split_fields(line, fields);
    std::vector<Column> columns;
    for (const Field& field : fields) columns.push_back(column_of(unquoted(field.text), field.column));
    const std::optional<Layout> layout = layout_of(columns, file, read.diagnostics);
    if (!layout) return read;
    read.recording = empty_recording(columns, *layout, file);
    std::vector<double> row(columns.size(), 0.0);
    while (lines.next(line)) {
        if (trimmed(line).empty()) continue;
        split_fields(line, fields);
        if (!read_row(fields, columns, *layout, file, lines.number(), row, read.diagnostics)) return read;
        append_row(*layout, row, read.recording);
        if (!check_time(read.recording, file, lines.number(), read.diagnostics)) return read;
    }
    return read;
}

}  // namespace

GaitRecordingRead read_gait_recording_text(std::string_view text, const std::string& file) {
    return read_rows(text, file);
}

GaitRecordingRead read_gait_recording_file(const std::string& path) {
    const std::optional<std::string> text = read_text_file(path);
    if (!text) {
        GaitRecordingRead read;
        read.diagnostics.push_back(error_at(path, 0, 0, "cannot open or read the file"));
        return read;
    }
    return read_rows(*text, path);
}

GaitRecordingRead gait_recording_from_rows(const std::vector<std::string>& names, const std::vector<std::string>& units,
                                           const std::vector<double>& values) {
    GaitRecordingRead read;
    std::vector<Column> columns;
    for (size_t c = 0; c < names.size(); ++c) columns.push_back({names[c], c < units.size() ? units[c] : "", 0});
    const std::optional<Layout> layout = layout_of(columns, "", read.diagnostics);
    if (!layout) return read;
    read.recording = empty_recording(columns, *layout, "");
    std::vector<double> row(columns.size());
    for (size_t r = 0; r + columns.size() <= values.size(); r += columns.size()) {
        row.assign(values.begin() + std::ptrdiff_t(r), values.begin() + std::ptrdiff_t(r + columns.size()));
        for (const size_t c : layout->used)
            if (!std::isfinite(row[c])) {
                read.diagnostics.push_back(error_at(
                    "", 0, 0,
                    "row " + std::to_string(r / columns.size() + 1) + ": '" + names[c] + "' is not a finite number"));
                return read;
            }
        append_row(*layout, row, read.recording);
        if (!check_time(read.recording, "", 0, read.diagnostics)) return read;
    }
    return read;
}

}  // namespace hfd
