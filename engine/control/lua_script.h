#pragma once
// One SCONE Lua script (ScriptController, ScriptMeasure) in its own lua_State: one per
// controller or measure of an evaluation, so evaluations on different threads share
// nothing. Lua's C API is used directly (engine/control/lua_script.cpp, built when
// CMake finds Lua 5.4; without it lua_scripts_available() is false and load() refuses).
//
// The script sees SCONE's API (docs/scenarios.md lists what exists here):
//   init(model, par, side[, controller])   optional; declares parameters with
//                                          par:create_from_mean_std / create_from_string
//   update(model, time[, controller])      true ends the run
//   result(model)                          ScriptMeasure: the measure's result
//   store_data(frame)                      frame:set_value(name, value): recorded channels
//   scone.<property>                       every property of the script's block, as text
//   scone.debug / info / warning / error   messages (notes / warnings of the evaluation)
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
    // init(model, par, side): parameters are declared in context (prefix included);
    // plant may be null (no state to read yet). False after an error (in context).
    bool init(const Plant* plant, CreationContext& context, char side);
    // Runs the script again from its start and init with the parameter values of the
    // first init (a run's reset): the script's globals are as after creation.
    bool reinit(const Plant* plant);
    // update(model, time): whether to end the run. excitation: the controller's outputs
    // (muscle:add_input), null for a measure. After an error: true, failed() set.
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
