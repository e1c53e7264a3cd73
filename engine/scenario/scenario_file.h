#pragma once
// SCONE scenario files (.scone): the .hfd property-tree syntax with $variables,
// plus `<< file >>` includes, which are replaced by the included file's nodes
// (paths relative to the including file; nodes keep their own file for messages).
#include "format/prop_node.h"

#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace hfd {

struct ScenarioFile {
    PropNode root;     // the file's top-level nodes, includes spliced in
    std::string file;  // the scenario's path
    std::string directory;
    // The included files' names; PropNode::source_file of spliced nodes points here.
    std::shared_ptr<std::deque<std::string>> included = std::make_shared<std::deque<std::string>>();
    std::vector<Diagnostic> diagnostics;
    bool ok() const { return !has_errors(diagnostics); }
};

ScenarioFile read_scenario_text(std::string_view text, const std::string& path);
ScenarioFile read_scenario_file(const std::string& path);

// A path written in a file: absolute as is, else relative to `directory`.
std::string resolve_path(const std::string& directory, const std::string& path);

// A file a scenario names (model, state, init .par): resolve_path's, or when that does
// not exist the same file name in `directory` or its parent, where a results folder
// keeps its copies (SCONE's FindFile). The resolved path when none exists.
std::string find_scenario_file(const std::string& directory, const std::string& path);

}  // namespace hfd
