#pragma once
// One SCONE Lua script (ScriptController, ScriptMeasure) in its own lua_State: one per
// controller or measure of an evaluation, so evaluations on different threads share
// nothing. Lua's C API is used directly, built when CMake finds Lua 5.4 (without it
// lua_scripts_available() is false and load() refuses):
//   lua_script.cpp        this class: loading and the calls into the script
//   lua_interpreter.cpp   the lua_State: sandbox, instruction budget, located errors
//   lua_api_values.cpp    vec3, scone, par and frame
//   lua_api_model.cpp     model, body, dof, muscle
//   lua_api_control.cpp   controller (control parameters), neural delays, delayed
//                         sensors and actuators
//
// The script sees SCONE's API (docs/scenarios.md lists what exists here):
//   init(model, par, side[, controller])   optional; declares parameters with
//                                          par:create_from_mean_std / create_from_string
//   update(model, time[, controller])      true ends the run
//   result(model)                          ScriptMeasure: the measure's result
//   store_data(frame)                      frame:set_value(name, value): recorded channels
//   scone.<property>                       every property of the script's block, as text
//   scone.debug / info / warning / error   messages (notes / warnings of the evaluation)
//   controller:get_control_parameter(name) / set_control_parameter(name, v) /
//   get_control_parameter_names()          the child controllers' reflex values
//   muscle:create_delayed_length_sensor(d), ..._force_sensor, create_delayed_actuator(d)
//                                          SCONE's delay lines: round(d / control step)
//                                          control steps (at least one)
// Errors (syntax, runtime, a bad argument of an API function) are diagnostics at the
// script's file and line; a runtime error fails the evaluation, it never aborts.
#include "control/controller.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hfd {

// Whether this build runs Lua scripts.
bool lua_scripts_available();

// The script a ScriptController / ScriptMeasure names: relative to the scenario file's
// folder, else its file name there or in the parent folder (SCONE's FindFile).
std::string find_script_file(const std::string& scenario_file, const std::string& path);

class LuaScript {
public:
    enum class Role { controller, measure };
    // An external force and moment the script put on a body (persisting until it
    // changes them, as SCONE's AddExternalForce / AddExternalMoment): world frame, at
    // the body's centre of mass.
    struct Load {
        Index body = no_index;
        Vec3 force = Vec3::Zero(), moment = Vec3::Zero();
    };

    // Reads and runs the script once (defining its functions), then checks that
    // `required` is defined; nullptr after a located error in context.
    static std::unique_ptr<LuaScript> load(const std::string& path, const PropNode& node, CreationContext& context,
                                           Role role, const char* required);
    ~LuaScript();
    LuaScript(const LuaScript&) = delete;
    LuaScript& operator=(const LuaScript&) = delete;

    bool has_function(const char* name) const;
    // The controller's control parameters (a ScriptController's children's), which the
    // script reads and changes; their values now are what reinit restores.
    void set_control_parameters(std::vector<ControlParameter> parameters);
    // init(model, par, side): parameters are declared in context (prefix included);
    // plant may be null (no state to read yet). False after an error (in context).
    bool init(const Plant* plant, CreationContext& context, char side);
    // Runs the script again from its start and init with the parameter values of the
    // first init (a run's reset): the script's globals are as after creation, the
    // control parameters as set_control_parameters found them, no delay lines.
    bool reinit(const Plant* plant);
    // update(model, time): whether to end the run. excitation: the controller's outputs
    // (muscle:add_input and the delayed actuators' inputs that are due), null for a
    // measure. Delayed sensors take their sample first. After an error: true, failed() set.
    bool update(const Plant& plant, double time, std::vector<double>* excitation);
    // result(model); nullopt after an error (or a result that is not a number).
    std::optional<double> result(const Plant& plant);
    // store_data(frame), when the script has it: the values it sets, appended to out.
    void store_data(const Plant& plant, std::vector<ControlChannel>& out);

    const std::vector<Load>& loads() const;
    bool failed() const;
    // Messages and errors since the last call, moved to out.
    void take_diagnostics(std::vector<Diagnostic>& out);

    struct Impl;

private:
    explicit LuaScript(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

}  // namespace hfd
