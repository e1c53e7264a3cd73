#include "format/repeated_diagnostics.h"

#include <map>

namespace hfd {

std::string diagnostic_kind(const Diagnostic& diagnostic) {
    std::string kind(1, char('0' + int(diagnostic.severity)));
    char open = 0;
    for (const char c : diagnostic.message) {
        if (open) {
            if (c == open) open = 0;
            continue;
        }
        if (c == '\'' || c == '"') {
            open = c;
            kind += "''";
            continue;
        }
        kind += c;
    }
    return kind;
}

std::vector<Diagnostic> cap_repeated_diagnostics(const std::vector<Diagnostic>& diagnostics, size_t shown_per_kind) {
    struct Count {
        size_t seen = 0;
        size_t first = 0;  // index of the first of the kind
    };
    std::map<std::string, Count> counts;
    std::vector<std::string> order;  // kinds with more than shown, in order of their first
    std::vector<Diagnostic> shown;
    for (size_t i = 0; i < diagnostics.size(); ++i) {
        const std::string kind = diagnostic_kind(diagnostics[i]);
        auto [it, added] = counts.try_emplace(kind, Count{0, i});
        if (++it->second.seen <= shown_per_kind) shown.push_back(diagnostics[i]);
        else if (it->second.seen == shown_per_kind + 1) order.push_back(kind);
    }
    for (const std::string& kind : order) {
        const Count& count = counts[kind];
        const Diagnostic& first = diagnostics[count.first];
        const char* what = first.severity == Severity::Error     ? "errors"
                           : first.severity == Severity::Warning ? "warnings"
                                                                 : "notes";
        shown.push_back(
            {Severity::Note,
             {first.location.file, 0, 0},
             "... and " + std::to_string(count.seen - shown_per_kind) + " more " + what + " like: " + first.message});
    }
    return shown;
}

}  // namespace hfd
