#include "batch/sweep.h"
#include "format/read_text_file.h"

#include "io/text_file.h"

#include "format/parser.h"
#include "io/text_file.h"

#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>

namespace hfd {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

std::optional<double> parse_number(std::string_view text) {
    text = trim(text);
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || text.empty() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

// "A..B:N" -> N evenly spaced values; nullopt when `text` is not of that form.
std::optional<std::vector<std::string>> expand_range(std::string_view text, std::string* error) {
    const size_t dots = text.find("..");
    const size_t colon = text.rfind(':');
    if (dots == std::string_view::npos || colon == std::string_view::npos || colon < dots) return std::nullopt;
    const auto a = parse_number(text.substr(0, dots));
    const auto b = parse_number(text.substr(dots + 2, colon - dots - 2));
    const auto n = parse_number(text.substr(colon + 1));
    if (!a || !b || !n || *n < 1 || *n != std::floor(*n) || *n > 1e6) {
        if (error) *error = quoted(text) + " is not a range A..B:N (numbers A, B and a count N >= 1)";
        return std::vector<std::string>{};
    }
    const int count = int(*n);
    std::vector<std::string> values;
    for (int i = 0; i < count; ++i) {
        // a + (b - a) * i / (n - 1): the ends are exactly a and b
        const double value = count == 1 ? *a : (i == count - 1 ? *b : *a + (*b - *a) * i / (count - 1));
        std::string number;
        append_number(number, value);
        values.push_back(number);
    }
    return values;
}

// Splits at commas outside quotes and brackets; quotes around a whole field are removed.
std::vector<std::string> split_values(std::string_view text) {
    std::vector<std::string> fields;
    std::string field;
    int depth = 0;
    bool quoted = false;
    for (char c : text) {
        if (c == '"') quoted = !quoted;
        else if (!quoted && (c == '[' || c == '{')) ++depth;
        else if (!quoted && (c == ']' || c == '}')) --depth;
        if (c == ',' && !quoted && depth <= 0) {
            fields.emplace_back(trim(field));
            field.clear();
        } else {
            field += c;
        }
    }
    fields.emplace_back(trim(field));
    for (std::string& f : fields)
        if (f.size() >= 2 && f.front() == '"' && f.back() == '"' && f.find('"', 1) == f.size() - 1)
            f = f.substr(1, f.size() - 2);
    return fields;
}

std::vector<std::string> split_path(std::string_view path) {
    std::vector<std::string> segments;
    size_t start = 0;
    while (true) {
        const size_t dot = path.find('.', start);
        segments.emplace_back(path.substr(start, dot == std::string_view::npos ? path.npos : dot - start));
        if (dot == std::string_view::npos) break;
        start = dot + 1;
    }
    return segments;
}

const PropNode* name_of(const PropNode& node) {
    const PropNode* name = node.is_group() ? node.find("name") : nullptr;
    return name && name->is_value() ? name : nullptr;
}

// Child `kind` of parent named `name` (a group holding `name = <name>`).
PropNode* find_named(PropNode& parent, std::string_view kind, std::string_view name) {
    for (PropNode& child : parent.children)
        if (child.key == kind && name_of(child) && name_of(child)->value == name) return &child;
    return nullptr;
}

bool has_named_child(const PropNode& parent, std::string_view kind) {
    for (const PropNode& child : parent.children)
        if (child.key == kind && name_of(child)) return true;
    return false;
}

}  // namespace

std::optional<SweepAxis> parse_sweep_axis(std::string_view text, std::string* error) {
    const size_t equals = text.find('=');
    if (equals == std::string_view::npos || trim(text.substr(0, equals)).empty()) {
        if (error) *error = quoted(text) + " is not PATH=V1,V2,... or PATH=A..B:N";
        return std::nullopt;
    }
    SweepAxis axis;
    axis.path = std::string(trim(text.substr(0, equals)));
    const std::string_view values = trim(text.substr(equals + 1));
    std::string range_error;
    if (auto range = expand_range(values, &range_error)) {
        if (range->empty()) {
            if (error) *error = range_error;
            return std::nullopt;
        }
        axis.values = std::move(*range);
    } else {
        axis.values = split_values(values);
    }
    for (const std::string& value : axis.values)
        if (value.empty()) {
            if (error) *error = "empty value in " + quoted(text);
            return std::nullopt;
        }
    return axis;
}

size_t sweep_run_count(const std::vector<SweepAxis>& axes, size_t rows, size_t excitations) {
    constexpr size_t most = std::numeric_limits<size_t>::max();
    size_t count = std::max<size_t>(rows, 1);
    auto times = [&](size_t factor) { count = factor != 0 && count > most / factor ? most : count * factor; };
    for (const SweepAxis& axis : axes) times(axis.values.size());
    times(std::max<size_t>(excitations, 1));
    return count;
}

std::optional<std::string> check_sweep_size(const std::vector<SweepAxis>& axes, size_t rows, size_t excitations) {
    const size_t count = sweep_run_count(axes, rows, excitations);
    if (count <= max_batch_runs) return std::nullopt;
    std::string factors;
    auto factor = [&](size_t n) { factors += (factors.empty() ? "" : " x ") + std::to_string(n); };
    if (rows > 1) factor(rows);
    for (const SweepAxis& axis : axes) factor(axis.values.size());
    if (excitations > 1) factor(excitations);
    char total[32];
    std::snprintf(total, sizeof total, "%.3g", static_cast<double>(count));
    return "the sweep makes " + std::string(count == std::numeric_limits<size_t>::max() ? "more than " : "") + total +
           " runs (" + factors + "), more than the " + std::to_string(max_batch_runs) +
           " a batch can hold: sweep fewer values or split the batch";
}

std::vector<OverrideSet> cartesian_runs(const std::vector<SweepAxis>& axes) {
    std::vector<OverrideSet> runs(1);
    for (const SweepAxis& axis : axes) {
        std::vector<OverrideSet> single;
        for (const std::string& value : axis.values) single.push_back({{axis.path, value}});
        runs = combine_runs(runs, single);
    }
    return runs;
}

std::vector<OverrideSet> combine_runs(const std::vector<OverrideSet>& left, const std::vector<OverrideSet>& right) {
    std::vector<OverrideSet> runs;
    for (const OverrideSet& a : left)
        for (const OverrideSet& b : right) {
            OverrideSet run = a;
            run.insert(run.end(), b.begin(), b.end());
            runs.push_back(std::move(run));
        }
    return runs;
}

SweepFileResult read_sweep_text(std::string_view text, const std::string& file_name) {
    SweepFileResult result;
    auto error = [&](int line, int column, std::string message) {
        result.diagnostics.push_back(error_at(file_name, line, column, std::move(message)));
    };
    std::vector<std::string> header;
    std::vector<OverrideSet> runs;
    int line_number = 0, header_line = 0;
    TextLines lines(text);
    std::string_view raw_line;
    while (lines.next(raw_line)) {
        const std::string_view line = trim(raw_line);
        line_number = lines.number();
        if (line.empty() || line.front() == '#') continue;
        std::vector<std::string> fields = split_values(line);
        if (header.empty()) {
            header = fields;
            header_line = line_number;
            for (size_t c = 0; c < header.size(); ++c)
                if (header[c].empty()) error(line_number, 1, "empty property path in column " + std::to_string(c + 1));
            continue;
        }
        if (fields.size() != header.size()) {
            error(line_number, 1,
                  std::to_string(fields.size()) + " values for " + std::to_string(header.size()) +
                      " columns (header on line " + std::to_string(header_line) + ")");
            continue;
        }
        OverrideSet run;
        for (size_t c = 0; c < fields.size(); ++c) {
            if (fields[c].empty()) error(line_number, 1, "empty value in column " + std::to_string(c + 1));
            run.push_back({header[c], fields[c]});
        }
        runs.push_back(std::move(run));
    }
    if (header.empty()) error(1, 1, "no header row of property paths");
    else if (runs.empty()) error(header_line, 1, "no runs after the header row");
    if (!has_errors(result.diagnostics)) result.runs = std::move(runs);
    return result;
}

SweepFileResult read_sweep_file(const std::string& path) {
    const std::optional<std::string> text = read_text_file(path);
    if (!text) {
        SweepFileResult result;
        result.diagnostics.push_back(error_at(path, 0, 0, "cannot read sweep file"));
        return result;
    }
    return read_sweep_text(*text, path);
}

bool apply_override(PropNode& root, const Override& change, std::string* error) {
    auto fail = [&](const std::string& message) {
        if (error) *error = "cannot set '" + change.path + "': " + message;
        return false;
    };
    const std::vector<std::string> segments = split_path(change.path);
    for (const std::string& segment : segments)
        if (segment.empty()) return fail("empty segment in the path");
    PropNode* node = &root;
    size_t i = 0;
    if (!root.find(segments[0])) {
        node = root.find("model");
        if (!node || !node->is_group()) return fail("no top-level '" + segments[0] + "' and no model { }");
    }
    std::string where = node == &root ? "the file's top level" : "model";
    while (i + 1 < segments.size()) {
        const std::string& kind = segments[i];
        if (has_named_child(*node, kind)) {
            PropNode* named = find_named(*node, kind, segments[i + 1]);
            if (!named) return fail(where + " has no " + kind + " named '" + segments[i + 1] + "'");
            where = kind + " '" + segments[i + 1] + "'";
            node = named;
            i += 2;
        } else {
            PropNode* child = node->find(kind);
            if (!child) return fail(where + " has no '" + kind + "'");
            if (child->is_value()) return fail("'" + kind + "' in " + where + " is a value, not a group");
            where = "'" + kind + "'";
            node = child;
            i += 1;
        }
        if (i == segments.size()) return fail("the path names a group, not a property");
    }
    const std::string& key = segments.back();
    const ParseResult parsed = parse_text(key + " = " + change.value, "--set " + change.path);
    if (!parsed.ok() || parsed.root.children.size() != 1) {
        std::string message = "'" + change.value + "' is not a .hfd value";
        if (!parsed.diagnostics.empty()) message += " (" + parsed.diagnostics.front().message + ")";
        return fail(message);
    }
    PropNode replacement = parsed.root.children.front();
    PropNode* target = node->find(key);
    // a misspelt name would otherwise sweep nothing
    if (!target) return fail(where + " has no '" + key + "' (only properties written in the file can be set)");
    // keep where the original was written, so model errors point into the file
    replacement.line = target->line;
    replacement.column = target->column;
    replacement.value_line = target->value_line;
    replacement.value_column = target->value_column;
    *target = std::move(replacement);
    return true;
}

}  // namespace hfd
