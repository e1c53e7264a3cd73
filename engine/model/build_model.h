#pragma once
#include "format/prop_node.h"
#include "model/model.h"

#include <optional>
#include <string>
#include <vector>

namespace hfd {

struct BuildResult {
    std::optional<Model> model;             // empty when there are errors
    std::vector<Diagnostic> diagnostics;    // errors and warnings, each with file:line:col
    bool ok() const { return model.has_value(); }
};

// root: the parse result root (holding a `model { }` group; other top-level
// groups such as composite_force or an integrator are ignored here).
BuildResult build_model(const PropNode& root, const std::string& file_name = {});
// Parses and builds; parse errors are returned as diagnostics. Sets the model's
// file and directory and warns at each mesh whose file is not found (mesh_files.h).
BuildResult load_model(const std::string& path);

}  // namespace hfd
