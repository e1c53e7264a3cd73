#pragma once
#include "format/prop_node.h"

#include <string>
#include <string_view>
#include <vector>

namespace hfd {

struct ParseResult {
    PropNode root;  // a Group with an empty key holding the top-level nodes
    std::vector<Diagnostic> diagnostics;
    bool ok() const { return !has_errors(diagnostics); }
};

// Parses .hfd / .zml text. Never throws or crashes on any input; on a syntax
// error the diagnostic reads "file:line:col: expected X, found Y" and the root
// holds what was parsed up to there.
ParseResult parse_text(std::string_view text, const std::string& file_name = {});
ParseResult parse_file(const std::string& path);

}  // namespace hfd
