#include "io/excitation_csv.h"

#include "format/read_text_file.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace hfd {

namespace {

struct Field {
    std::string_view text;
    int column = 1;  // 1-based byte column of the field's first character
};

std::string_view trim(std::string_view s, int& offset) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
        s.remove_prefix(1);
        ++offset;
    }
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

char detect_separator(std::string_view header) {
    for (char c : {',', '\t', ';'})
        if (header.find(c) != std::string_view::npos) return c;
    return ',';
}

void split(std::string_view line, char separator, std::vector<Field>& fields) {
    fields.clear();
    size_t start = 0;
    while (true) {
        const size_t end = line.find(separator, start);
        const std::string_view raw = line.substr(start, end == std::string_view::npos ? line.npos : end - start);
        int offset = 0;
        std::string_view text = trim(raw, offset);
        if (text.size() >= 2 && text.front() == '"' && text.back() == '"') {
            text = text.substr(1, text.size() - 2);
            ++offset;
        }
        fields.push_back({text, int(start) + offset + 1});
        if (end == std::string_view::npos) break;
        start = end + 1;
    }
}

std::optional<double> parse_number(std::string_view text) {
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
    return value;
}

class Reader {
public:
    Reader(const std::string& file, const Model& model, std::vector<Diagnostic>& diagnostics)
        : file_(file), model_(model), diagnostics_(diagnostics) {}

    void error(int line, int column, std::string message) {
        diagnostics_.push_back({Severity::Error, {file_, line, column}, std::move(message)});
    }

    bool read_header(const std::vector<Field>& fields, int line, ExcitationSeries& series) {
        if (fields[0].text != "time")
            error(line, fields[0].column, "first column must be 'time', found " + quoted(fields[0].text));
        for (size_t c = 1; c < fields.size(); ++c) {
            const std::string name(fields[c].text);
            const Index muscle = model_.find_muscle(name);
            if (muscle == no_index) {
                error(line, fields[c].column, "unknown muscle " + quoted(name) + " in column " + std::to_string(c + 1));
            } else if (std::find(series.muscle.begin(), series.muscle.end(), muscle) != series.muscle.end()) {
                error(line, fields[c].column, "muscle " + quoted(name) + " has more than one column");
            }
            series.muscle.push_back(muscle);
        }
        series.values.resize(series.muscle.size());
        return !has_errors(diagnostics_);
    }

    void read_row(const std::vector<Field>& fields, int line, size_t expected, ExcitationSeries& series) {
        if (fields.size() != expected) {
            error(line, fields.back().column,
                  "expected " + std::to_string(expected) + " fields, found " + std::to_string(fields.size()));
            return;
        }
        for (size_t c = 0; c < fields.size(); ++c) {
            const auto value = parse_number(fields[c].text);
            if (!value || !std::isfinite(*value)) {
                error(line, fields[c].column, "expected a finite number, found " + quoted(fields[c].text));
                continue;
            }
            if (c == 0) {
                if (!series.time.empty() && !(*value > series.time.back()))
                    error(line, fields[c].column,
                          "time must increase (previous row has " + number_in_message(series.time.back()) + ")");
                series.time.push_back(*value);
            } else {
                if (*value < 0 || *value > 1)
                    error(line, fields[c].column, "excitation must be within 0..1, found " + quoted(fields[c].text));
                series.values[c - 1].push_back(*value);
            }
        }
    }

private:
    const std::string& file_;
    const Model& model_;
    std::vector<Diagnostic>& diagnostics_;
};

}  // namespace

ExcitationReadResult read_excitation_text(std::string_view text, const std::string& file_name, const Model& model) {
    ExcitationReadResult result;
    ExcitationSeries series;
    Reader reader(file_name, model, result.diagnostics);
    std::vector<Field> fields;
    char separator = 0;
    size_t expected = 0;
    TextLines lines(text);
    std::string_view line;
    int line_number = 0;
    while (lines.next(line)) {
        line_number = lines.number();
        int offset = 0;
        if (trim(line, offset).empty() || trim(line, offset).front() == '#') continue;
        if (separator == 0) {
            separator = detect_separator(line);
            split(line, separator, fields);
            expected = fields.size();
            if (!reader.read_header(fields, line_number, series)) return result;
            continue;
        }
        split(line, separator, fields);
        reader.read_row(fields, line_number, expected, series);
    }
    if (separator == 0) reader.error(1, 1, "no header line 'time,<muscle>,...'");
    else if (series.time.empty()) reader.error(line_number, 1, "no data rows after the header");
    if (!has_errors(result.diagnostics)) result.series = std::move(series);
    return result;
}

ExcitationReadResult read_excitation_csv(const std::string& path, const Model& model) {
    const std::optional<std::string> text = read_text_file(path);
    if (!text) {
        ExcitationReadResult result;
        result.diagnostics.push_back(error_at(path, 0, 0, "cannot open excitation file"));
        return result;
    }
    return read_excitation_text(*text, path, model);
}

namespace {

// The rows around t: time[row] <= t < time[row + 1] with its weight, or the first
// or last row held before the first time or from the last one on.
struct RowSpan {
    size_t row = 0;
    bool held = true;
    double weight = 0;
};

RowSpan row_span(const std::vector<double>& time, double t) {
    if (t <= time.front()) return {0, true, 0.0};
    if (t >= time.back()) return {time.size() - 1, true, 0.0};
    const size_t k = size_t(std::upper_bound(time.begin(), time.end(), t) - time.begin());
    return {k - 1, false, (t - time[k - 1]) / (time[k] - time[k - 1])};
}

double interpolate(const std::vector<double>& values, const RowSpan& span) {
    if (span.held) return values[span.row];
    return values[span.row] + span.weight * (values[span.row + 1] - values[span.row]);
}

}  // namespace

double excitation_at(const ExcitationSeries& series, size_t column, double t) {
    return interpolate(series.values[column], row_span(series.time, t));
}

// excitation_at for every column, with one search for the rows around t.
void apply_excitation(const ExcitationSeries& series, double t, Controls& controls) {
    const RowSpan span = row_span(series.time, t);
    for (size_t c = 0; c < series.muscle.size(); ++c) {
        const Index muscle = series.muscle[c];
        if (muscle < 0 || size_t(muscle) >= controls.excitation.size()) continue;
        controls.excitation[muscle] = interpolate(series.values[c], span);
    }
}

}  // namespace hfd
