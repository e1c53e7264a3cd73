#pragma once
// Simulation config: the composite_force block (components in order) and one
// integrator block, from the model file's top level or a separate config file.
#include "format/prop_node.h"

#include <optional>
#include <string>
#include <vector>

namespace hfd {

struct SimConfig {
    PropNode composite_force;    // Group; children are components in order
    PropNode integrator;         // Group; key is the integrator name
    std::string file;            // where it was read from (for diagnostics)
    bool from_defaults = false;  // true when neither block was found
};

// Default when a file has no config: joint_force_pnld, simple_collision_detection,
// contact_force_hunt_crossley, muscle_activation, muscle_force_m2012fast,
// joint_motor_force; error_control_integrator_mem { accuracy = 0.01 }.
SimConfig default_sim_config();

// Reads the blocks from a parsed file's root. Missing blocks take the default;
// more than one integrator block is an error.
SimConfig read_sim_config(const PropNode& root, const std::string& file, std::vector<Diagnostic>& diagnostics);

// Writes the config back as a root holding composite_force and the integrator.
PropNode sim_config_to_prop(const SimConfig& config);

}  // namespace hfd
