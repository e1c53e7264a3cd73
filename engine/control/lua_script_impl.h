#pragma once
// Internal to the Lua script files (lua_script.h lists them; built with HFD_HAVE_LUA
// only): the state of one script, the error path from C++ to Lua, and the helpers the
// API files share. Every API function is a C++ function `int f(lua_State*, Impl&)` that
// reports a bad call by throwing ScriptError; bind<f> turns the exception into a Lua
// error after the C++ frames are gone (Lua's errors are longjmps, which must not cross a
// C++ object that has a destructor), prefixed by the calling line ("file.lua:12:").
#include "control/lua_script.h"

#include <lua.hpp>

#include <cstdio>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace hfd {

namespace lua {

constexpr const char* vec3_type = "hfd.vec3";
constexpr const char* model_type = "hfd.Model";
constexpr const char* body_type = "hfd.Body";
constexpr const char* dof_type = "hfd.Dof";
constexpr const char* muscle_type = "hfd.Muscle";
constexpr const char* par_type = "hfd.Params";
constexpr const char* frame_type = "hfd.Frame";
constexpr const char* controller_type = "hfd.Controller";
constexpr const char* delayed_sensor_type = "hfd.DelayedSensor";
constexpr const char* delayed_actuator_type = "hfd.DelayedActuator";
constexpr int max_messages = 100;  // per script and run: scone.debug in update() must not flood
// One call into a script (init, update, result, store_data) may run 100 million Lua
// instructions (~1 s), far more than any update needs: then it is taken as an endless loop.
constexpr int hook_interval = 100000;
constexpr int max_hook_calls = 1000;

struct ScriptError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// SCONE's delay line (DelayBuffer) of a delayed sensor or actuator, `delay` control
// steps long (round(delay / control step), at least 1). With k the number of control
// steps since its creation: a sensor read at step k gives its sample of step
// max(0, k - delay); an actuator adds at step k what the script gave it at step
// max(0, k - delay). ring holds the last delay + 1 samples; no allocation per step.
struct DelayLine {
    SensorSource source;  // a sensor's source; an actuator's muscle is source.index
    size_t delay = 1;
    std::vector<double> ring;
    size_t written = 0;  // samples taken (sensor) or steps begun (actuator)

    double& slot(size_t k) { return ring[k % ring.size()]; }
    // the sample of step max(0, latest - delay)
    double due() const {
        if (written == 0) return 0;
        const size_t latest = written - 1;
        return ring[(latest > delay ? latest - delay : 0) % ring.size()];
    }
};

}  // namespace lua

struct LuaScript::Impl {
    std::string path, chunk;  // chunk: the file name, as Lua's messages name it
    std::string source;
    const PropNode* node = nullptr;
    Role role = Role::controller;
    lua_State* L = nullptr;
    // what the API functions act on during a call
    const Plant* plant = nullptr;
    std::vector<double>* excitation = nullptr;  // in a ScriptController's update() only
    std::vector<ControlChannel>* frame = nullptr;
    CreationContext* creation = nullptr;                   // during init: parameters are declared there
    std::unordered_map<std::string, double> param_values;  // what init's parameters took
    bool replay = false;                                   // reinit: parameters from param_values
    std::string prefix;                                    // of the parameters' names, at init
    char side = 0;
    std::vector<Load> loads;
    // the child controllers' control parameters, their values at creation (reinit
    // restores them) and their indices sorted by name (for lookups by binary search)
    std::vector<ControlParameter> controls;
    std::vector<double> control_defaults;
    std::vector<size_t> control_order;
    bool warned_unknown_control = false;
    std::vector<lua::DelayLine> delayed_sensors, delayed_actuators;
    // the objects handed to the script's functions, made once per lua_State (registry refs)
    int model_ref = LUA_NOREF, par_ref = LUA_NOREF, frame_ref = LUA_NOREF, controller_ref = LUA_NOREF;
    std::vector<Diagnostic> diagnostics;
    int messages = 0;
    bool failed = false;
    int hook_calls = 0;  // since the current call into the script began

    ~Impl() {
        if (L) lua_close(L);
    }

    const Plant& need_plant(const char* what) const {
        if (!plant) throw lua::ScriptError(std::string(what) + ": the model's state is not available here");
        return *plant;
    }
    void add(Severity severity, int line, std::string message);
    // "chunk:line: text" -> a diagnostic at the script's path and line
    Diagnostic located(Severity severity, std::string message) const;
    // the line of the Lua code calling the running C function
    int caller_line() const;
    // scone.debug / info / ...: at most max_messages per run
    void message(Severity severity, const std::string& text);
    // Calls the function pushed before its nargs arguments; nresults left on the stack
    // on success; a located error (and failed) otherwise.
    bool call(int nargs, int nresults, const char* name);
    // Pushes global `name` when it is a function.
    bool push_function(const char* name);
    void push_ref(int ref) const { lua_rawgeti(L, LUA_REGISTRYINDEX, ref); }
    // A fresh lua_State with the API and the script run once; false after an error (in
    // diagnostics). Clears the loads and the delay lines (init makes them again).
    bool start();

    static void count_instructions(lua_State* L, lua_Debug*);
    static int message_handler(lua_State* L);
};

namespace lua {

using Impl = LuaScript::Impl;

inline Impl& host(lua_State* L) { return **static_cast<Impl**>(lua_getextraspace(L)); }

// The one way from a C++ error to a Lua error: the message is copied out of the
// exception before lua_error jumps.
template <int (*F)(lua_State*, Impl&)>
int bind(lua_State* L) {
    char message[1024];
    try {
        return F(L, host(L));
    } catch (const std::exception& e) {
        std::snprintf(message, sizeof message, "%s", e.what());
    }
    luaL_where(L, 1);
    lua_pushstring(L, message);
    lua_concat(L, 2);
    return lua_error(L);
}

// Arguments (index as Lua counts them, 1 = self for methods); bad ones throw.
double number_arg(lua_State* L, int index, const char* what);
std::string string_arg(lua_State* L, int index, const char* what);
// A string argument without a copy (valid while it is on the stack).
std::string_view string_view_arg(lua_State* L, int index, const char* what);
Index& handle(lua_State* L, int index, const char* type, const char* what);
void push_handle(lua_State* L, const char* type, Index index);
void push_vec3(lua_State* L, const Vec3& v);
// a vec3, a table {x =, y =, z =} or {a, b, c}
Vec3 vec3_arg(lua_State* L, int index, const char* what);

struct Method {
    const char* name;
    lua_CFunction function;
};
// A userdata type whose methods are `methods` (its metatable's __index).
void register_type(lua_State* L, const char* type, std::initializer_list<Method> methods);
// More methods for a type registered before.
void add_methods(lua_State* L, const char* type, std::initializer_list<Method> methods);

// The API, by file: vec3 (a global), par, frame and the scone functions (set on the
// table at the stack's top); model, body, dof, muscle; controller and the delay lines.
void register_value_api(lua_State* L);
void register_scone_functions(lua_State* L);
void register_model_api(lua_State* L);
void register_control_api(lua_State* L);

// The delay lines' work around a ScriptController's update(): before, each sensor
// takes its sample and each actuator's input of this step starts at 0; after, each
// actuator adds its due input to the excitations.
void begin_delay_step(Impl& impl, const Plant& plant);
void end_delay_step(Impl& impl, std::vector<double>& excitation);

}  // namespace lua

}  // namespace hfd
