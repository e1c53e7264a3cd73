#include "osim/osim_xml.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace hfd::osim {

LineIndex::LineIndex(const std::string& text) {
    line_starts_.push_back(0);
    for (size_t i = 0; i < text.size(); ++i)
        if (text[i] == '\n') line_starts_.push_back(static_cast<std::ptrdiff_t>(i + 1));
}

SourceLocation LineIndex::locate(std::ptrdiff_t offset, const std::string& file) const {
    SourceLocation location;
    location.file = file;
    if (offset < 0) return location;
    const auto after = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
    const auto line = static_cast<int>(after - line_starts_.begin());
    location.line = line;
    location.column = static_cast<int>(offset - line_starts_[static_cast<size_t>(line - 1)]) + 1;
    return location;
}

SourceLocation Report::location(pugi::xml_node where) const {
    if (!where) return SourceLocation{file_, 0, 0};
    // offset_debug points at the element name; the '<' is one byte before.
    const std::ptrdiff_t offset = where.offset_debug();
    return lines_.locate(offset > 0 ? offset - 1 : offset, file_);
}

void Report::add(Severity severity, pugi::xml_node where, std::string message) {
    diagnostics_.push_back(Diagnostic{severity, location(where), std::move(message)});
}

std::string trimmed(const std::string& text) {
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) return {};
    const auto last = text.find_last_not_of(" \t\r\n");
    return text.substr(first, last - first + 1);
}

std::vector<std::string> split_words(const std::string& text) {
    std::vector<std::string> words;
    size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
        size_t j = i;
        while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j]))) ++j;
        if (j > i) words.push_back(text.substr(i, j - i));
        i = j;
    }
    return words;
}

std::string describe(pugi::xml_node element) {
    std::string text = element.name();
    const char* name = element.attribute("name").value();
    if (name && *name) text += std::string(" '") + name + "'";
    return text;
}

std::optional<std::vector<double>> read_numbers(pugi::xml_node element, int count, Report& report) {
    std::vector<double> values;
    for (const std::string& word : split_words(element.text().get())) {
        errno = 0;
        char* end = nullptr;
        const double v = std::strtod(word.c_str(), &end);
        if (end == word.c_str() || *end != '\0' || errno == ERANGE) {
            report.error(element, "<" + std::string(element.name()) + ">: expected a number, found '" + word + "'");
            return std::nullopt;
        }
        if (!std::isfinite(v)) {
            report.error(element, "<" + std::string(element.name()) + ">: value is not finite ('" + word + "')");
            return std::nullopt;
        }
        values.push_back(v);
    }
    if (count >= 0 && static_cast<int>(values.size()) != count) {
        report.error(element, "<" + std::string(element.name()) + ">: expected " + std::to_string(count) + " number" +
                                  (count == 1 ? "" : "s") + ", found " + std::to_string(values.size()));
        return std::nullopt;
    }
    return values;
}

std::optional<double> child_number(pugi::xml_node parent, const char* name, Report& report) {
    const pugi::xml_node child = parent.child(name);
    if (!child) return std::nullopt;
    const auto values = read_numbers(child, 1, report);
    if (!values) return std::nullopt;
    return (*values)[0];
}

std::optional<Vec3> child_vec3(pugi::xml_node parent, const char* name, Report& report) {
    const pugi::xml_node child = parent.child(name);
    if (!child) return std::nullopt;
    const auto values = read_numbers(child, 3, report);
    if (!values) return std::nullopt;
    return Vec3((*values)[0], (*values)[1], (*values)[2]);
}

std::optional<bool> child_bool(pugi::xml_node parent, const char* name, Report& report) {
    const pugi::xml_node child = parent.child(name);
    if (!child) return std::nullopt;
    const std::string text = trimmed(child.text().get());
    if (text == "true" || text == "1") return true;
    if (text == "false" || text == "0") return false;
    report.error(child, "<" + std::string(name) + ">: expected true or false, found '" + text + "'");
    return std::nullopt;
}

std::string child_text(pugi::xml_node parent, const char* name) { return trimmed(parent.child(name).text().get()); }

}  // namespace hfd::osim
