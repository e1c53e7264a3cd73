#include "control/name_pattern.h"

namespace hfd {

namespace {

// Iterative wildcard match: on a mismatch, the last '*' takes one more character.
bool wildcard_match(std::string_view pattern, std::string_view name) {
    size_t p = 0, n = 0;
    size_t star = std::string_view::npos, star_name = 0;
    while (n < name.size()) {
        if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == name[n])) {
            ++p;
            ++n;
        } else if (p < pattern.size() && pattern[p] == '*') {
            star = p++;
            star_name = n;
        } else if (star != std::string_view::npos) {
            p = star + 1;
            n = ++star_name;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '*') ++p;
    return p == pattern.size();
}

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
    return text;
}

}  // namespace

NamePattern::NamePattern(std::string_view text) {
    while (!text.empty()) {
        const size_t end = text.find(';');
        const std::string_view part = trimmed(text.substr(0, end));
        if (!part.empty()) alternatives_.emplace_back(part);
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    }
}

bool NamePattern::matches(std::string_view name) const {
    for (const std::string& alternative : alternatives_)
        if (wildcard_match(alternative, name)) return true;
    return false;
}

}  // namespace hfd
