#pragma once
#include "format/prop_node.h"
#include "model/model.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace hfd {

struct BuildResult {
    std::optional<Model> model;           // empty when there are errors
    std::vector<Diagnostic> diagnostics;  // errors and warnings, each with file:line:col
    bool ok() const { return model.has_value(); }
};

// root: the parse result root (holding a `model { }` group; other top-level
// groups such as composite_force or an integrator are ignored here).
BuildResult build_model(const PropNode& root, const std::string& file_name = {});
// Parses and builds; parse errors are returned as diagnostics. Sets the model's
// file and directory and warns at each mesh whose file is not found (mesh_files.h).
BuildResult load_model(const std::string& path);

// The components a model block holds (body, joint, ..., perturbation), and
// "model" itself first; force components and integrators are in sim/components.h.
std::span<const std::string_view> model_component_names();

}  // namespace hfd
