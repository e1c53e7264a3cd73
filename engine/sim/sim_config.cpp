#include "sim/sim_config.h"

#include "format/parser.h"
#include "sim/components.h"

#include <algorithm>

namespace hfd {

SimConfig default_sim_config() {
    const char* text =
        "composite_force {\n"
        "\tjoint_force_pnld {}\n"
        "\tsimple_collision_detection {}\n"
        "\tcontact_force_hunt_crossley {}\n"
        "\tmuscle_activation {}\n"
        "\tmuscle_force_m2012fast {}\n"
        "\tjoint_motor_force {}\n"
        "}\n"
        "error_control_integrator_mem { accuracy = 0.01 }\n";
    ParseResult parsed = parse_text(text, "<default config>");
    SimConfig config;
    config.file = "<default config>";
    config.from_defaults = true;
    if (const PropNode* forces = parsed.root.find("composite_force")) config.composite_force = *forces;
    if (const PropNode* integrator = parsed.root.find("error_control_integrator_mem")) config.integrator = *integrator;
    return config;
}

SimConfig read_sim_config(const PropNode& root, const std::string& file, std::vector<Diagnostic>& diagnostics) {
    const SimConfig defaults = default_sim_config();
    SimConfig config;
    config.file = file;
    const auto names = integrator_names();
    const PropNode* forces = nullptr;
    const PropNode* integrator = nullptr;
    for (const PropNode& node : root.children) {
        if (node.key == "composite_force") {
            if (forces)
                diagnostics.push_back(
                    {Severity::Error, location_of(node, file), "more than one composite_force block"});
            forces = &node;
        } else if (std::find(names.begin(), names.end(), node.key) != names.end()) {
            if (integrator)
                diagnostics.push_back(
                    {Severity::Error, location_of(node, file),
                     "more than one integrator block ('" + integrator->key + "' and '" + node.key + "')"});
            integrator = &node;
        } else if (node.key != "model" && !node.is_variable_definition()) {
            // A misspelt block would otherwise leave the defaults in force without a word.
            std::string known = "model, composite_force";
            std::vector<std::string_view> blocks = {"model", "composite_force"};
            for (std::string_view name : names) known += ", " + std::string(name), blocks.push_back(name);
            diagnostics.push_back({Severity::Warning, location_of(node, file),
                                   "unknown top-level block '" + node.key + "' (ignored); expected one of: " + known +
                                       did_you_mean(node.key, blocks)});
        }
    }
    config.composite_force = forces ? *forces : defaults.composite_force;
    config.integrator = integrator ? *integrator : defaults.integrator;
    config.from_defaults = !forces && !integrator;
    // `name = ""` writes an empty component: treat it as a group without properties
    for (PropNode& component : config.composite_force.children)
        if (component.is_value() && component.value.empty()) component.kind = PropNode::Kind::Group;
    if (config.integrator.is_value() && config.integrator.value.empty()) config.integrator.kind = PropNode::Kind::Group;
    return config;
}

PropNode sim_config_to_prop(const SimConfig& config) {
    PropNode root;
    root.kind = PropNode::Kind::Group;
    root.children.push_back(config.composite_force);
    root.children.push_back(config.integrator);
    return root;
}

}  // namespace hfd
