#pragma once
// The force and integrator choices a front end offers (the studio's Simulation
// dock), read from and written into a SimConfig by the component table's
// families, and the text edits that put a config's blocks into a model file
// without touching the rest of its text.
#include "format/prop_node.h"
#include "sim/components.h"
#include "sim/sim_config.h"

#include <functional>

#include <string>
#include <vector>

namespace hfd {

struct ForceChoices {
    std::string joint_force;  // "" = none
    bool collision_detection = false;
    bool collision_between_objects = false;
    std::string contact_force;  // "" = none
    std::string muscle_force;   // "" = none
    bool motors = false;
    std::string integrator;
    double accuracy = 0.01;    // error-controlled integrators
    double step_size = 0.001;  // fixed-step integrators
};
// The components of each family in the config (the last of a family wins), and
// the integrator with its accuracy or step size (the table's default when unwritten).
ForceChoices choices_from_config(const SimConfig& config);
// Rewrites the config's components in the order joint, collision, contact,
// activation, muscle, motor (others kept after them); kept components keep their
// properties. The integrator keeps the properties its family reads.
void apply_choices(const ForceChoices& choices, SimConfig& config);
bool is_error_controlled(const std::string& integrator_name);
// Names of the table's components that `accept` takes, or of one family, in table order.
std::vector<std::string> component_names(const std::function<bool(const ComponentInfo&)>& accept);
std::vector<std::string> component_names(ComponentFamily family);

// One replacement of the byte range [begin, end) of a text.
struct TextEdit {
    int begin = 0, end = 0;
    std::string replacement;
};
// Edits that make `text` (parsed into `root`) hold `config`'s blocks: the old
// top-level composite_force and integrator blocks are replaced in place,
// missing ones appended at the end. Sorted from the end of the text backwards.
std::vector<TextEdit> config_block_edits(const std::string& text, const PropNode& root, const SimConfig& config);
// Applies edits sorted from the end backwards (as config_block_edits returns them).
std::string apply_text_edits(std::string text, const std::vector<TextEdit>& edits);

}  // namespace hfd
