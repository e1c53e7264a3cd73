#pragma once
// Reading helpers for .osim XML (pugixml): typed values with line numbers, and
// the conversion report. pugixml gives byte offsets; LineIndex turns them into
// line:column.
#include "format/diagnostic.h"
#include "model/math_types.h"

#include <pugixml.hpp>

#include <optional>
#include <string>
#include <vector>

namespace hfd::osim {

class LineIndex {
public:
    explicit LineIndex(const std::string& text);
    SourceLocation locate(std::ptrdiff_t offset, const std::string& file) const;

private:
    std::vector<std::ptrdiff_t> line_starts_;
};

// Collects the conversion report: one Diagnostic per approximation, skipped
// item or error, each with the line of the XML element it is about.
class Report {
public:
    Report(const LineIndex& lines, std::string file) : lines_(lines), file_(std::move(file)) {}
    void error(pugi::xml_node where, std::string message) { add(Severity::Error, where, std::move(message)); }
    void warning(pugi::xml_node where, std::string message) { add(Severity::Warning, where, std::move(message)); }
    void note(pugi::xml_node where, std::string message) { add(Severity::Note, where, std::move(message)); }
    void add(Severity severity, pugi::xml_node where, std::string message);
    SourceLocation location(pugi::xml_node where) const;
    std::vector<Diagnostic>& diagnostics() { return diagnostics_; }
    bool has_errors() const { return hfd::has_errors(diagnostics_); }

private:
    const LineIndex& lines_;
    std::string file_;
    std::vector<Diagnostic> diagnostics_;
};

// The numbers in an element's text ("0 -9.81 0"). Reports an error (and returns
// nullopt) when the text holds something else, a non-finite value, or not
// `count` numbers (count < 0: any number of values).
std::optional<std::vector<double>> read_numbers(pugi::xml_node element, int count, Report& report);

// Child element `name` of `parent` read as one number / a vec3 / a bool.
// Absent child: nullopt without a report. Malformed: nullopt and an error.
std::optional<double> child_number(pugi::xml_node parent, const char* name, Report& report);
std::optional<Vec3> child_vec3(pugi::xml_node parent, const char* name, Report& report);
std::optional<bool> child_bool(pugi::xml_node parent, const char* name, Report& report);
// Trimmed text of child `name` ("" when absent).
std::string child_text(pugi::xml_node parent, const char* name);
// Whitespace-separated words of a text.
std::vector<std::string> split_words(const std::string& text);
std::string trimmed(const std::string& text);

// Element name and its name attribute, for messages: "PinJoint 'knee_r'".
std::string describe(pugi::xml_node element);

}  // namespace hfd::osim
