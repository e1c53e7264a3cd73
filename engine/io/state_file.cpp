#include "io/state_file.h"

#include "format/parser.h"
#include "format/read_text_file.h"

#include <cmath>

namespace hfd {

namespace {

void report(std::vector<Diagnostic>& diagnostics, Severity severity, const PropNode& node, const std::string& file,
            std::string message) {
    diagnostics.push_back({severity, location_of(node, file), std::move(message)});
}

// Reads `group { dof = number ... }` into target (per Model::dofs).
void read_dof_group(const PropNode& group, const std::string& file, const Model& model, std::vector<double>& target,
                    std::vector<Diagnostic>& diagnostics) {
    if (!group.is_group()) {
        report(diagnostics, Severity::Error, group, file,
               "'" + group.key + "' must be a group of dof values: " + group.key + " { dof_name = number ... }");
        return;
    }
    std::vector<const PropNode*> seen(model.dofs.size(), nullptr);
    for (const PropNode& entry : group.children) {
        if (entry.is_variable_definition()) continue;
        const Index dof = model.find_dof(entry.key);
        if (dof == no_index) {
            std::string message = "unknown dof '" + entry.key + "' in " + group.key;
            if (model.dofs.empty()) message += " (the model defines no dofs)";
            report(diagnostics, Severity::Error, entry, file, message);
            continue;
        }
        std::string why;
        const std::optional<double> number = entry.is_value() ? to_number(entry, &why) : std::nullopt;
        if (!number || !std::isfinite(*number)) {
            diagnostics.push_back(
                {Severity::Error, value_location_of(entry, file),
                 "value of dof '" + entry.key + "' must be a finite number" + (why.empty() ? "" : ": " + why)});
            continue;
        }
        if (seen[dof])
            report(diagnostics, Severity::Warning, entry, file,
                   "dof '" + entry.key + "' given twice in " + group.key + "; the last value is used");
        seen[dof] = &entry;
        target[dof] = *number;
    }
}

// Reads `activations { muscle = a ... }`: a in [0, 1] per named muscle.
void read_activations(const PropNode& group, const std::string& file, const Model& model, std::vector<double>& target,
                      std::vector<Diagnostic>& diagnostics) {
    if (!group.is_group()) {
        report(diagnostics, Severity::Error, group, file,
               "'activations' must be a group: activations { muscle_name = number ... }");
        return;
    }
    for (const PropNode& entry : group.children) {
        if (entry.is_variable_definition()) continue;
        const Index muscle = model.find_muscle(entry.key);
        if (muscle == no_index) {
            // SCONE shares state files between models with different muscle sets
            report(diagnostics, Severity::Warning, entry, file,
                   "muscle '" + entry.key + "' in activations is not in the model; ignored");
            continue;
        }
        std::string why;
        const std::optional<double> number = entry.is_value() ? to_number(entry, &why) : std::nullopt;
        if (!number || !(*number >= 0 && *number <= 1)) {
            diagnostics.push_back({Severity::Error, value_location_of(entry, file),
                                   "activation of muscle '" + entry.key + "' must be a number in [0, 1]" +
                                       (why.empty() ? "" : ": " + why)});
            continue;
        }
        target[muscle] = *number;
    }
}

}  // namespace

StateFileResult read_state_text(std::string_view text, const std::string& file_name, const Model& model) {
    StateFileResult result;
    ParseResult parsed = parse_text(text, file_name);
    result.diagnostics = parsed.diagnostics;
    if (!parsed.ok()) return result;
    DofAssignment dofs = default_dof_assignment(model);
    dofs.value.resize(model.dofs.size(), 0.0);
    dofs.velocity.resize(model.dofs.size(), 0.0);
    bool has_state = false;
    for (const PropNode& node : parsed.root.children) {
        has_state = has_state || node.key == "values" || node.key == "velocities" || node.key == "activations";
        if (node.key == "values") read_dof_group(node, file_name, model, dofs.value, result.diagnostics);
        else if (node.key == "velocities") read_dof_group(node, file_name, model, dofs.velocity, result.diagnostics);
        else if (node.key == "activations") {
            result.activations.assign(model.muscles.size(), std::nan(""));
            read_activations(node, file_name, model, result.activations, result.diagnostics);
        } else if (!node.is_variable_definition())
            report(
                result.diagnostics, Severity::Warning, node, file_name,
                "'" + node.key + "' is not part of a state file (expected values, velocities or activations); ignored");
    }
    // an empty (or truncated to nothing) file would silently mean the default pose
    if (!has_state)
        result.diagnostics.push_back(
            error_at(file_name, 1, 1, "no values, velocities or activations: the state file holds no state"));
    if (!has_errors(result.diagnostics)) result.dofs = std::move(dofs);
    return result;
}

StateFileResult read_state_file(const std::string& path, const Model& model) {
    const std::optional<std::string> text = read_text_file(path);
    if (!text) {
        StateFileResult result;
        result.diagnostics.push_back(error_at(path, 0, 0, "cannot open state file"));
        return result;
    }
    return read_state_text(*text, path, model);
}

}  // namespace hfd
