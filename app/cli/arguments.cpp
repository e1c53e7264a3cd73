#include "arguments.h"

#include "format/repeated_diagnostics.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <exception>
#include <filesystem>

namespace hfd::cli {

namespace {
std::string failed_activity;
}

Activity::Activity(std::string what) : what_(std::move(what)), exceptions_at_start_(std::uncaught_exceptions()) {}

// Moved, not copied: memory may be short when this runs.
Activity::~Activity() {
    if (std::uncaught_exceptions() > exceptions_at_start_ && failed_activity.empty())
        failed_activity = std::move(what_);
}

const std::string& Activity::failed() { return failed_activity; }

std::optional<std::string> output_directory_problem(const std::string& out) {
    namespace fs = std::filesystem;
    std::error_code ignored;
    const fs::path parent = fs::absolute(out, ignored).parent_path();
    if (fs::is_directory(parent, ignored)) return std::nullopt;
    // the nearest part of the path that exists tells which it is
    for (fs::path part = parent; !part.empty() && part != part.root_path(); part = part.parent_path()) {
        if (!fs::exists(part, ignored)) continue;
        if (fs::is_directory(part, ignored)) break;
        return "'" + part.string() + "' in the output path '" + out + "' is a file, not a directory";
    }
    return "output directory '" + parent.string() + "' of '" + out + "' does not exist";
}

void print_diagnostics(const std::vector<Diagnostic>& diagnostics) {
    for (const Diagnostic& diagnostic : cap_repeated_diagnostics(diagnostics))
        std::fprintf(stderr, "%s\n", format_diagnostic(diagnostic).c_str());
}

std::optional<std::string> split_words(const Args& args, const std::function<bool(std::string_view)>& takes_value,
                                       std::vector<Word>& words) {
    for (size_t i = 0; i < args.size(); ++i) {
        std::string name = args[i], value;
        bool has_value = false;
        if (name.rfind("--", 0) == 0 && name.find('=') != std::string::npos) {
            value = name.substr(name.find('=') + 1);
            name = name.substr(0, name.find('='));
            has_value = true;
        }
        if (name == "--help" || name == "-h") {
            words.push_back({Word::Kind::Help, name, {}});
            continue;
        }
        if (name.rfind("-", 0) != 0 || name == "-") {
            words.push_back({Word::Kind::Positional, name, {}});
            continue;
        }
        if (!takes_value(name)) return "unknown option '" + name + "'";
        if (!has_value) {
            if (i + 1 >= args.size()) return "option " + name + " needs a value";
            value = args[++i];
        }
        words.push_back({Word::Kind::Option, name, value});
    }
    return std::nullopt;
}

std::optional<double> parse_positive_number(const std::string& text) {
    double value = 0;
    const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
    if (result.ec != std::errc() || result.ptr != text.data() + text.size() || !std::isfinite(value) || value <= 0)
        return std::nullopt;
    return value;
}

std::function<bool(std::string_view)> one_of(std::initializer_list<std::string_view> names) {
    std::vector<std::string> list(names.begin(), names.end());
    return [list](std::string_view name) { return std::find(list.begin(), list.end(), name) != list.end(); };
}

}  // namespace hfd::cli
