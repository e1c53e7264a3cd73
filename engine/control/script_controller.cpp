// ScriptController { script_file name start_time stop_time <property> ... <Controller> ... }
//
// SCONE's ScriptController: a Lua script (control/lua_script.h) with
//   init(model, par, side, controller)   optional, at creation: declares parameters
//   update(model, time, controller)      required, every control step: adds to the
//                                        inputs (muscle:add_input) and puts external
//                                        loads on bodies; true ends the run
//   store_data(frame)                    optional, when the run is recorded
// Every property of the block is the script's (scone.<key>, as text). Like SCONE's,
// it is also a composite: controllers written inside it are created before init (their
// parameters come first) and run after the script, in order. Their control parameters
// (controller:get_control_parameter / set_control_parameter: reflex gains, offsets,
// constants) are the script's to change while it runs; a reset restores them.
// Delayed actuators (muscle:create_delayed_actuator) add their due inputs after update().
// External loads (body:add_external_force / add_external_moment) persist until the
// script changes them; each body's sum is one entry of Controls::perturbations, at its
// centre of mass. A runtime error fails the evaluation with the script's file and line.
#include "control/lua_script.h"

#include <limits>

namespace hfd {

namespace {

class ScriptController final : public Controller {
public:
    ControllerTiming timing;
    std::unique_ptr<LuaScript> script;
    std::vector<std::unique_ptr<Controller>> children;
    std::vector<Index> slots;  // per script load: its entry in Controls::perturbations
    bool stop = false;
    const Plant* plant_at_creation = nullptr;

    void update(const Plant& plant, const DelayedSensors& sensors, double time,
                std::vector<double>& excitation) override {
        last_plant = &plant;
        if (!timing.active(time)) return;
        if (!script->failed() && script->update(plant, time, &excitation)) stop = true;
        for (const auto& child : children) child->update(plant, sensors, time, excitation);
    }

    void update_controls(const Plant& plant, double time, Controls& controls) override {
        if (timing.disabled) return;
        const std::vector<LuaScript::Load>& loads = script->loads();
        for (size_t i = 0; i < loads.size(); ++i) {
            if (slots.size() <= i) slots.push_back(no_index);
            if (slots[i] == no_index || size_t(slots[i]) >= controls.perturbations.size()) {
                slots[i] = Index(controls.perturbations.size());
                controls.perturbations.emplace_back();
            }
            Perturbation& entry = controls.perturbations[size_t(slots[i])];
            entry.body = loads[i].body;
            entry.pos = Vec3::Zero();
            entry.force = loads[i].force;
            entry.moment = loads[i].moment;
            entry.start_time = -std::numeric_limits<double>::infinity();
            entry.end_time = std::numeric_limits<double>::infinity();
        }
        for (size_t i = loads.size(); i < slots.size(); ++i)  // loads of before a reset
            if (slots[i] != no_index && size_t(slots[i]) < controls.perturbations.size()) {
                controls.perturbations[size_t(slots[i])].force.setZero();
                controls.perturbations[size_t(slots[i])].moment.setZero();
            }
        for (const auto& child : children) child->update_controls(plant, time, controls);
    }

    void channels(std::vector<ControlChannel>& out) const override {
        if (const Plant* plant = last_plant) script->store_data(*plant, out);
        for (const auto& child : children) child->channels(out);
    }

    void control_parameters(std::vector<ControlParameter>& out) override {
        for (const auto& child : children) child->control_parameters(out);
    }

    void reset() override {
        stop = false;
        script->reinit(plant_at_creation);  // no loads until the script puts them again
        for (const auto& child : children) child->reset();
    }

    std::string stop_reason() const override {
        if (script->failed()) return "ScriptController: script error";
        if (stop)
            return (timing.name.empty() ? std::string("ScriptController") : timing.name) + ": update() ended the run";
        for (const auto& child : children)
            if (std::string reason = child->stop_reason(); !reason.empty()) return reason;
        return {};
    }

    void take_diagnostics(std::vector<Diagnostic>& out) override {
        script->take_diagnostics(out);
        for (const auto& child : children) child->take_diagnostics(out);
    }

    // the plant of the last update (store_data reads the state through it)
    const Plant* last_plant = nullptr;
};

}  // namespace

std::unique_ptr<Controller> create_script_controller(const PropNode& node, ControllerContext& context) {
    if (!lua_scripts_available()) {
        context.creation.error(node, "Lua script controllers are not supported: hfd was built without Lua 5.4");
        return nullptr;
    }
    auto controller = std::make_unique<ScriptController>();
    PropertyReader reader(node, context.creation, "ScriptController");
    read_controller_timing(reader, controller->timing);
    const std::optional<std::string> file = reader.required_text("script_file");
    reader.accept_all();  // every property is the script's
    if (!file) return nullptr;
    const std::string path = find_script_file(context.creation.file, *file);
    controller->script = LuaScript::load(path, node, context.creation, LuaScript::Role::controller, "update");
    if (!controller->script) return nullptr;
    controller->plant_at_creation = context.plant;
    controller->last_plant = context.plant;
    // the children first, as SCONE's CompositeController: init reads their control parameters
    bool ok = true;
    for (const PropNode& child : node.children) {
        if (!is_controller_type(child.key)) continue;
        ControllerContext child_context = context;
        std::unique_ptr<Controller> created = create_controller(child, child_context);
        if (created) controller->children.push_back(std::move(created));
        else ok = false;
    }
    if (!ok) return nullptr;
    std::vector<ControlParameter> parameters;
    controller->control_parameters(parameters);
    controller->script->set_control_parameters(std::move(parameters));
    if (!controller->script->init(context.plant, context.creation, context.location.side)) return nullptr;
    return controller;
}

}  // namespace hfd
