#pragma once
// Errors are values: every problem found in a file carries where it is.
#include <string>
#include <vector>

namespace hfd {

struct SourceLocation {
    std::string file;  // may be empty for text without a file
    int line = 0;      // 1-based; 0 = unknown
    int column = 0;    // 1-based; 0 = unknown
};

enum class Severity { Error, Warning, Note };

struct Diagnostic {
    Severity severity = Severity::Error;
    SourceLocation location;
    std::string message;
};

// "file:line:col: error: message" (parts that are unknown are left out).
std::string format_diagnostic(const Diagnostic& diagnostic);

bool has_errors(const std::vector<Diagnostic>& diagnostics);

// A number for a message: the shortest text that reads back to the same double
// ("0.3", "1e+308", "-2.5e-07", "nan"). std::to_string writes "%f": 309 digits
// for 1e308, "0.000000" for 1e-7, "0.300000" for 0.3.
std::string number_in_message(double value);

// An error at file:line:col (line and column 0 when unknown).
Diagnostic error_at(std::string file, int line, int column, std::string message);

}  // namespace hfd
