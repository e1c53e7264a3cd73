// The controller table: SCONE type name -> creation function, and what all
// controllers share (locations, timing).
#include "control/controller.h"

#include "format/type_table.h"

#include <algorithm>
#include <cctype>

namespace hfd {

std::unique_ptr<Controller> create_reflex_controller(const PropNode& node, ControllerContext& context);
std::unique_ptr<Controller> create_gait_state_controller(const PropNode& node, ControllerContext& context);
std::unique_ptr<Controller> create_feed_forward_controller(const PropNode& node, ControllerContext& context);
std::unique_ptr<Controller> create_composite_controller(const PropNode& node, ControllerContext& context);
std::unique_ptr<Controller> create_noise_controller(const PropNode& node, ControllerContext& context);
std::unique_ptr<Controller> create_perturbation_controller(const PropNode& node, ControllerContext& context);
std::unique_ptr<Controller> create_script_controller(const PropNode& node, ControllerContext& context);

namespace {

using ControllerFactory = std::unique_ptr<Controller> (*)(const PropNode&, ControllerContext&);

const TypeRow<ControllerFactory> controller_types[] = {
    {"ReflexController", create_reflex_controller},
    {"GaitStateController", create_gait_state_controller},
    {"FeedForwardController", create_feed_forward_controller},
    {"CompositeController", create_composite_controller},
    {"NoiseController", create_noise_controller},
    {"PerturbationController", create_perturbation_controller},
    {"ScriptController", create_script_controller},  // refuses when built without Lua
    {"NeuralController", nullptr, "NeuralController is not supported"},
    {"SpinalController", nullptr, "SpinalController is not supported"},
    {"MirrorController", nullptr, "MirrorController is not supported"},
    {"TrackingController", nullptr, "TrackingController is not supported"},
    {"SequentialController", nullptr, "SequentialController is not supported"},
};

}  // namespace

std::string Location::sided(const std::string& name) const {
    const char name_side = side_of_name(name);
    if (name_side == 0) return side ? name + "_" + side : name;
    if (name_side == 'o') {
        const char opposite = side == 'r' ? 'l' : side == 'l' ? 'r' : 0;
        return opposite ? name_without_side(name) + "_" + opposite : name_without_side(name);
    }
    return name;
}

std::string Location::parameter_name(const std::string& name) const {
    if (!symmetric) return sided(name);
    const char name_side = side_of_name(name);
    if (name_side == 0 || name_side == side || side == 0) return name_without_side(name);
    return name_without_side(name) + "_o";
}

void read_controller_timing(PropertyReader& reader, ControllerTiming& timing) {
    timing.name = reader.text("name");
    timing.start_time = reader.parameter("start_time", 0);
    timing.stop_time = reader.parameter("stop_time", 0);
    timing.disabled = reader.flag("disabled", false);
    for (const char* key : {"signature", "signature_prefix", "signature_postfix", "auto_std_factor"})
        reader.accept(key);
}

bool is_controller_type(const std::string& key) { return find_type(controller_types, key) != nullptr; }

std::unique_ptr<Controller> create_controller(const PropNode& node, ControllerContext& context) {
    const TypeRow<ControllerFactory>* type = find_type(controller_types, node.key);
    if (!type || !type->create) {
        context.creation.error(node, type ? std::string(type->unsupported)
                                          : unknown_type_message(controller_types, "controller type", node.key));
        return nullptr;
    }
    // auto_std_factor applies to the parameters declared below it
    ParamDefaults defaults = context.creation.defaults.back();
    if (const PropNode* factor = node.find("auto_std_factor")) {
        std::string error;
        const std::optional<double> value = to_number(*factor, &error);
        if (value && *value >= 0) defaults.auto_std_factor = *value;
        else context.creation.error(*factor, "expected a number >= 0 for auto_std_factor");
    }
    context.creation.defaults.push_back(defaults);
    // a named controller's parameters start with its name (SCONE's CreateController)
    const PropNode* name = node.find("name");
    ScopedPrefix prefix(context.creation, name && !name->value.empty() ? name->value + "." : std::string());
    std::unique_ptr<Controller> controller = type->create(node, context);
    context.creation.defaults.pop_back();
    return controller;
}

}  // namespace hfd
