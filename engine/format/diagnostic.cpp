#include "format/diagnostic.h"

#include <algorithm>
#include <charconv>

namespace hfd {

namespace {

const char* severity_name(Severity severity) {
    switch (severity) {
        case Severity::Error: return "error";
        case Severity::Warning: return "warning";
        case Severity::Note: return "note";
    }
    return "error";
}

}  // namespace

std::string format_diagnostic(const Diagnostic& diagnostic) {
    const SourceLocation& where = diagnostic.location;
    std::string text;
    if (!where.file.empty()) text += where.file + ":";
    if (where.line > 0) {
        text += std::to_string(where.line) + ":";
        if (where.column > 0) text += std::to_string(where.column) + ":";
    }
    if (!text.empty()) text += " ";
    text += severity_name(diagnostic.severity);
    text += ": ";
    text += diagnostic.message;
    return text;
}

std::string number_in_message(double value) {
    char text[32];  // the longest shortest form, "-2.2250738585072014e-308", is 24
    const std::to_chars_result end = std::to_chars(text, text + sizeof text, value);
    return std::string(text, end.ptr);
}

Diagnostic error_at(std::string file, int line, int column, std::string message) {
    return {Severity::Error, {std::move(file), line, column}, std::move(message)};
}

bool has_errors(const std::vector<Diagnostic>& diagnostics) {
    return std::any_of(diagnostics.begin(), diagnostics.end(),
                       [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

}  // namespace hfd
