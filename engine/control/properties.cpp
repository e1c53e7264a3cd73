#include "control/properties.h"

#include "format/property_spec.h"
#include "format/read_text_file.h"
#include "io/text_file.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace hfd {

namespace {

// Reads a double at the front of text (after spaces); advances past it.
std::optional<double> take_number(std::string_view& text) {
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || !std::isfinite(value)) return std::nullopt;
    text.remove_prefix(static_cast<size_t>(end - text.data()));
    return value;
}

std::optional<double> whole_number(std::string_view text) {
    std::string_view rest = text;
    const std::optional<double> value = take_number(rest);
    while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    if (!value || !rest.empty()) return std::nullopt;
    return value;
}

}  // namespace

const ParamInfo* ParamSet::find(std::string_view name) const {
    const auto it = index.find(std::string(name));
    return it == index.end() ? nullptr : &infos[it->second];
}

void CreationContext::error(const PropNode& node, std::string message) const {
    diagnostics->push_back({Severity::Error, location_of(node, file), std::move(message)});
}

void CreationContext::warning(const PropNode& node, std::string message) const {
    diagnostics->push_back({Severity::Warning, location_of(node, file), std::move(message)});
}

std::string CreationContext::prefix() const {
    std::string joined;
    for (const std::string& part : prefixes) joined += part;
    return joined;
}

bool is_param_text(std::string_view text) {
    return text.find_first_of("~<[(") != std::string_view::npos && !whole_number(text);
}

std::optional<ParamInfo> parse_param_text(std::string_view text, const ParamDefaults& defaults, std::string* error) {
    auto fail = [&](std::string message) -> std::optional<ParamInfo> {
        if (error) *error = std::move(message);
        return std::nullopt;
    };
    ParamInfo info;
    std::optional<double> mean, std;
    bool has_bounds = false, has_tilde = false;
    std::string_view rest = text;
    while (!rest.empty()) {
        const char c = rest.front();
        if (c == ' ') {
            rest.remove_prefix(1);
        } else if (c == '~') {
            if (has_tilde) return fail("two '~' in parameter '" + std::string(text) + "'");
            has_tilde = true;
            rest.remove_prefix(1);
            std = take_number(rest);
            if (!std) return fail("expected a number after '~' in parameter '" + std::string(text) + "'");
        } else if (c == '<' || c == '[' || c == '(') {
            const char close = c == '<' ? '>' : c == '[' ? ']' : ')';
            rest.remove_prefix(1);
            const std::optional<double> low = take_number(rest);
            if (!low || rest.empty() || rest.front() != ',')
                return fail("expected '" + std::string(1, c) + "min,max" + close + "' in parameter '" +
                            std::string(text) + "'");
            rest.remove_prefix(1);
            const std::optional<double> high = take_number(rest);
            while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
            if (!high || rest.empty() || rest.front() != close)
                return fail("expected '" + std::string(1, c) + "min,max" + close + "' in parameter '" +
                            std::string(text) + "'");
            rest.remove_prefix(1);
            info.min = *low;
            info.max = *high;
            has_bounds = true;
        } else {
            if (mean) return fail("two values before '~' in parameter '" + std::string(text) + "'");
            mean = take_number(rest);
            if (!mean) return fail("expected a number in parameter '" + std::string(text) + "'");
        }
    }
    if (has_bounds && !(info.min < info.max)) return fail("parameter '" + std::string(text) + "' has min >= max");
    if (has_tilde && !mean) {  // ~value: the value is the mean, the std derived from it
        mean = std;
        std = std::max(defaults.auto_std_factor * std::abs(*mean), defaults.auto_std_minimum);
    }
    if (!mean && has_bounds) mean = info.min + (info.max - info.min) / 2;
    if (!std && has_bounds) std = (info.max - info.min) / 4;
    if (!mean || !std) return fail("'" + std::string(text) + "' is not a parameter (expected ~mean<min,max>)");
    if (*std < 0) return fail("parameter '" + std::string(text) + "' has a negative std");
    info.mean = *mean;
    info.std = *std;
    if (info.mean < info.min || info.mean > info.max)
        return fail("parameter '" + std::string(text) + "' has its mean outside [min, max]");
    return info;
}

PropertyReader::PropertyReader(const PropNode& node, CreationContext& context, std::string type)
    : node_(node), context_(context), type_(std::move(type)), read_(node.children.size(), false) {}

PropertyReader::~PropertyReader() {
    for (size_t i = 0; i < node_.children.size(); ++i) {
        if (read_[i]) continue;
        const PropNode& child = node_.children[i];
        if (child.is_variable_definition()) continue;
        context_.error(child, "unknown property '" + child.key + "' of " + type_ + did_you_mean(child.key, asked_));
    }
}

const PropNode* PropertyReader::child(std::string_view key) {
    if (std::find(asked_.begin(), asked_.end(), key) == asked_.end()) asked_.emplace_back(key);
    const PropNode* found = nullptr;
    for (size_t i = 0; i < node_.children.size(); ++i) {
        if (node_.children[i].key != key) continue;
        read_[i] = true;
        if (!found) found = &node_.children[i];
    }
    return found;
}

void PropertyReader::accept(std::string_view key) { child(key); }

void PropertyReader::accept_all() { std::fill(read_.begin(), read_.end(), true); }

std::string PropertyReader::text(std::string_view key, std::string fallback) {
    const PropNode* value = child(key);
    if (!value) return fallback;
    if (!value->is_value()) {
        context_.error(*value, "expected a value for '" + std::string(key) + "' of " + type_);
        return fallback;
    }
    return value->value;
}

std::optional<std::string> PropertyReader::required_text(std::string_view key) {
    if (!has(key)) {
        context_.error(node_, type_ + " needs '" + std::string(key) + "'");
        return std::nullopt;
    }
    return text(key);
}

std::optional<double> PropertyReader::optional_number(std::string_view key) {
    const PropNode* value = child(key);
    if (!value) return std::nullopt;
    std::string error;
    const std::optional<double> number = value->is_value() ? whole_number(value->value) : std::nullopt;
    if (!number) {
        context_.diagnostics->push_back(
            {Severity::Error, value_location_of(*value, context_.file),
             "expected a number for '" + std::string(key) + "' of " + type_ + ", found '" + value->value + "'"});
        return std::nullopt;
    }
    return number;
}

double PropertyReader::number(std::string_view key, double fallback) { return optional_number(key).value_or(fallback); }

std::optional<double> PropertyReader::required_number(std::string_view key) {
    if (!has(key)) {
        context_.error(node_, type_ + " needs '" + std::string(key) + "'");
        return std::nullopt;
    }
    return optional_number(key);
}

bool PropertyReader::vector3(std::string_view key, Eigen::Vector3d& value) {
    const PropNode* node = child(key);
    if (!node) return true;
    std::string error;
    const std::optional<Eigen::Vector3d> vector = to_vec3(*node, &error);
    if (!vector) {
        context_.error(*node, "expected [x y z] for '" + std::string(key) + "' of " + type_ + ": " + error);
        return false;
    }
    value = *vector;
    return true;
}

bool PropertyReader::flag(std::string_view key, bool fallback) {
    const PropNode* value = child(key);
    if (!value) return fallback;
    std::string error;
    const std::optional<bool> on = to_bool(*value, &error);
    if (!on) {
        context_.diagnostics->push_back({Severity::Error, value_location_of(*value, context_.file),
                                         "expected 0 or 1 for '" + std::string(key) + "' of " + type_});
        return fallback;
    }
    return *on;
}

double PropertyReader::parameter(std::string_view key, double fallback, std::string_view par_name) {
    const PropNode* value = child(key);
    if (!value) return fallback;
    std::optional<ParamInfo> info;
    std::string error;
    if (value->is_group()) {
        PropertyReader group(*value, context_, "parameter '" + std::string(key) + "'");
        ParamInfo declared;
        const std::optional<double> mean = group.optional_number("mean");
        const std::optional<double> init_mean = group.optional_number("init_mean");
        const std::optional<double> std = group.optional_number("std");
        const std::optional<double> init_std = group.optional_number("init_std");
        declared.min = group.number("min", declared.min);
        declared.max = group.number("max", declared.max);
        declared.mean = mean.value_or(init_mean.value_or(0));
        declared.std = std.value_or(init_std.value_or(0));
        info = declared;
    } else if (value->is_value() && is_param_text(value->value)) {
        info = parse_param_text(value->value, context_.defaults.back(), &error);
        if (!info) {
            context_.diagnostics->push_back(
                {Severity::Error, value_location_of(*value, context_.file), std::move(error)});
            return fallback;
        }
    } else {
        const std::optional<double> constant = value->is_value() ? whole_number(value->value) : std::nullopt;
        if (!constant) {
            context_.diagnostics->push_back({Severity::Error, value_location_of(*value, context_.file),
                                             "expected a number or a parameter (~mean<min,max>) for '" +
                                                 std::string(key) + "' of " + type_ + ", found '" + value->value +
                                                 "'"});
            return fallback;
        }
        return *constant;
    }
    info->name = context_.prefix() + std::string(par_name.empty() ? key : par_name);
    info->location = value_location_of(*value, context_.file);
    return declare_parameter(context_, std::move(*info));
}

double declare_parameter(CreationContext& context, ParamInfo info) {
    ParamSet& params = *context.params;
    if (const auto it = params.index.find(info.name); it != params.index.end()) return params.values[it->second];
    double in_use = info.mean;
    if (context.given) {
        if (const auto it = context.given->find(info.name); it != context.given->end()) in_use = it->second;
    }
    if (in_use < info.min || in_use > info.max) {
        context.diagnostics->push_back({Severity::Error, info.location,
                                        "parameter '" + info.name + "' = " + number_in_message(in_use) +
                                            " is outside its range [" + number_in_message(info.min) + ", " +
                                            number_in_message(info.max) + "]"});
        in_use = std::clamp(in_use, info.min, info.max);
    }
    params.index.emplace(info.name, params.infos.size());
    params.infos.push_back(info);
    params.values.push_back(in_use);
    return in_use;
}

ParFile read_par_text(std::string_view text, const std::string& file_name) {
    ParFile par;
    TextLines lines(text);
    std::string_view line;
    while (lines.next(line)) {
        const int line_number = lines.number();
        std::vector<std::string_view> fields;
        size_t pos = 0;
        while (pos < line.size()) {
            while (pos < line.size() && (line[pos] == ' ' || line[pos] == '\t')) ++pos;
            const size_t start = pos;
            while (pos < line.size() && line[pos] != ' ' && line[pos] != '\t') ++pos;
            if (pos > start) fields.push_back(line.substr(start, pos - start));
        }
        if (fields.empty() || fields[0][0] == '#') continue;
        const SourceLocation where{file_name, line_number, 1};
        if (fields.size() != 2 && fields.size() != 4) {
            par.diagnostics.push_back(
                {Severity::Error, where,
                 "expected 'name value' or 'name value mean std', found " + std::to_string(fields.size()) + " fields"});
            continue;
        }
        ParFileEntry entry;
        entry.name = std::string(fields[0]);
        entry.line = line_number;
        std::optional<double> numbers[3];
        bool ok = true;
        for (size_t i = 1; i < fields.size(); ++i) {
            numbers[i - 1] = whole_number(fields[i]);
            if (!numbers[i - 1]) {
                par.diagnostics.push_back(
                    {Severity::Error, where,
                     "expected a number for '" + entry.name + "', found '" + std::string(fields[i]) + "'"});
                ok = false;
            }
        }
        if (!ok) continue;
        entry.value = *numbers[0];
        if (fields.size() == 4) {
            entry.mean = *numbers[1];
            entry.std = *numbers[2];
            entry.has_mean_std = true;
        } else {
            entry.mean = entry.value;
        }
        for (const ParFileEntry& earlier : par.entries)
            if (earlier.name == entry.name)
                par.diagnostics.push_back(
                    {Severity::Error, where,
                     "parameter '" + entry.name + "' given twice (also on line " + std::to_string(earlier.line) + ")"});
        par.entries.push_back(std::move(entry));
    }
    return par;
}

ParFile read_par_file(const std::string& path) {
    const std::optional<std::string> text = read_text_file(path);
    if (!text) {
        ParFile par;
        par.diagnostics.push_back({Severity::Error, {path, 0, 0}, "cannot open file"});
        return par;
    }
    return read_par_text(*text, path);
}

std::string par_text(const ParamSet& params, const std::vector<double>& means, const std::vector<double>& stds) {
    size_t width = 0;
    for (const ParamInfo& info : params.infos) width = std::max(width, info.name.size());
    std::string out;
    char number[40];
    for (size_t i = 0; i < params.infos.size(); ++i) {
        out += params.infos[i].name;
        out.append(width - params.infos[i].name.size(), ' ');
        for (const double value : {params.values[i], means[i], stds[i]}) {
            std::snprintf(number, sizeof number, "\t%.17g", value);
            out += number;
        }
        out += '\n';
    }
    return out;
}

bool write_par_file(const std::string& path, const ParamSet& params, const std::vector<double>& means,
                    const std::vector<double>& stds, std::string* error) {
    const std::string text = par_text(params, means, stds);
    return write_file_streamed(
        path, [&](const TextSink& sink) { return sink(text); }, error);
}

}  // namespace hfd
