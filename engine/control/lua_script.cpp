// SCONE's Lua scripting (lua_script.h) on Lua 5.4's C API. Every API function is a
// C++ function that reports a bad call by throwing; the one wrapper `bind` turns the
// exception into a Lua error after the C++ frames are gone (Lua's errors are longjmps,
// which must not cross a C++ object that has a destructor). The script's own errors
// carry "name:line:" (its chunk is named by its file name), parsed into diagnostics
// at the script's path and line.
#include "control/lua_script.h"

#include <filesystem>

namespace hfd {

std::string find_script_file(const std::string& scenario_file, const std::string& path) {
    namespace fs = std::filesystem;
    const fs::path written(path);
    const fs::path directory = fs::path(scenario_file).parent_path();
    const fs::path resolved = written.is_absolute() ? written : directory / written;
    std::error_code error;
    if (fs::exists(resolved, error)) return resolved.lexically_normal().string();
    for (const fs::path& folder : {directory, directory.parent_path()}) {
        const fs::path candidate = folder / written.filename();
        if (fs::exists(candidate, error)) return candidate.lexically_normal().string();
    }
    return resolved.lexically_normal().string();
}

}  // namespace hfd

#ifndef HFD_HAVE_LUA

namespace hfd {

bool lua_scripts_available() { return false; }

struct LuaScript::Impl {};
LuaScript::LuaScript(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
LuaScript::~LuaScript() = default;
std::unique_ptr<LuaScript> LuaScript::load(const std::string&, const PropNode& node, CreationContext& context, Role,
                                           const char*) {
    context.error(node, "Lua scripts are not supported: this hfd was built without Lua 5.4 (liblua5.4-dev)");
    return nullptr;
}
bool LuaScript::has_function(const char*) const { return false; }
bool LuaScript::init(const Plant*, CreationContext&, char) { return false; }
bool LuaScript::reinit(const Plant*) { return false; }
bool LuaScript::update(const Plant&, double, std::vector<double>*) { return true; }
std::optional<double> LuaScript::result(const Plant&) { return std::nullopt; }
void LuaScript::store_data(const Plant&, std::vector<ControlChannel>&) {}
const std::vector<LuaScript::Load>& LuaScript::loads() const {
    static const std::vector<Load> none;
    return none;
}
bool LuaScript::failed() const { return true; }
void LuaScript::take_diagnostics(std::vector<Diagnostic>&) {}

}  // namespace hfd

#else

#include "format/read_text_file.h"
#include "state/kinematics.h"

#include <lua.hpp>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <unordered_map>

namespace hfd {

bool lua_scripts_available() { return true; }

namespace {

constexpr const char* vec3_type = "hfd.vec3";
constexpr const char* model_type = "hfd.Model";
constexpr const char* body_type = "hfd.Body";
constexpr const char* dof_type = "hfd.Dof";
constexpr const char* muscle_type = "hfd.Muscle";
constexpr const char* par_type = "hfd.Params";
constexpr const char* frame_type = "hfd.Frame";
constexpr const char* controller_type = "hfd.Controller";
constexpr int max_messages = 100;  // per script and run: scone.debug in update() must not flood
// One call into a script (init, update, result, store_data) may run 100 million Lua
// instructions (~1 s), far more than any update needs: then it is taken as an endless loop.
constexpr int hook_interval = 100000;
constexpr int max_hook_calls = 1000;

struct ScriptError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace

struct LuaScript::Impl {
    std::string path, chunk;  // chunk: the file name, as Lua's messages name it
    std::string source;
    const PropNode* node = nullptr;
    Role role = Role::controller;
    lua_State* L = nullptr;
    // what the API functions act on during a call
    const Plant* plant = nullptr;
    std::vector<double>* excitation = nullptr;
    std::vector<ControlChannel>* frame = nullptr;
    CreationContext* creation = nullptr;                   // during init: parameters are declared there
    std::string file_for_params;                           // the node's file, for parameter locations
    std::unordered_map<std::string, double> param_values;  // what init's parameters took
    bool replay = false;                                   // reinit: parameters from param_values
    std::string prefix;                                    // of the parameters' names, at init
    char side = 0;
    std::vector<Load> loads;
    std::vector<Diagnostic> diagnostics;
    int messages = 0;
    bool failed = false;
    int hook_calls = 0;  // since the current call into the script began

    ~Impl() {
        if (L) lua_close(L);
    }

    const Plant& need_plant(const char* what) const {
        if (!plant) throw ScriptError(std::string(what) + ": the model's state is not available here");
        return *plant;
    }

    void add(Severity severity, int line, std::string message) {
        Diagnostic diagnostic;
        diagnostic.severity = severity;
        diagnostic.location.file = path;
        diagnostic.location.line = line;
        diagnostic.message = std::move(message);
        diagnostics.push_back(std::move(diagnostic));
    }

    Diagnostic located(Severity severity, std::string message) const {
        // "chunk:line: text" -> the script's path and line
        int line = 0;
        const std::string prefix = chunk + ":";
        if (message.compare(0, prefix.size(), prefix) == 0) {
            size_t end = prefix.size();
            while (end < message.size() && std::isdigit(static_cast<unsigned char>(message[end]))) ++end;
            if (end > prefix.size() && end + 1 < message.size() && message[end] == ':') {
                line = std::stoi(message.substr(prefix.size(), end - prefix.size()));
                message = message.substr(end + 1);
                if (!message.empty() && message[0] == ' ') message.erase(0, 1);
            }
        }
        return {severity, {path, line, 0}, std::move(message)};
    }

    // the line of the Lua code calling the running C function
    int caller_line() const {
        lua_Debug ar;
        if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "Sl", &ar)) return ar.currentline > 0 ? ar.currentline : 0;
        return 0;
    }

    void message(Severity severity, const std::string& text) {
        if (messages > max_messages) return;
        ++messages;
        if (messages > max_messages) {
            add(Severity::Note, 0, "further script messages are left out");
            return;
        }
        add(severity, caller_line(), text);
    }

    // Calls global `name` with the arguments pushed after it (the function was pushed
    // first, below them); nresults left on the stack on success.
    bool call(int nargs, int nresults, const char* name) {
        hook_calls = 0;
        const int function = lua_gettop(L) - nargs;
        lua_pushcfunction(L, &message_handler);
        lua_insert(L, function);
        const int status = lua_pcall(L, nargs, nresults, function);
        lua_remove(L, function);
        if (status == LUA_OK) return true;
        const char* text = lua_tostring(L, -1);
        std::string message = text ? text : "error object is not a string";
        lua_pop(L, 1);
        Diagnostic diagnostic = located(Severity::Error, std::move(message));
        diagnostic.message = std::string("script error in ") + name + "(): " + diagnostic.message;
        diagnostics.push_back(std::move(diagnostic));
        failed = true;
        return false;
    }

    // Every hook_interval instructions; a call that runs past the budget (an endless
    // loop) ends with an error, which fails its evaluation like any runtime error.
    static void count_instructions(lua_State* L, lua_Debug*) {
        Impl* impl = *static_cast<Impl**>(lua_getextraspace(L));
        if (++impl->hook_calls <= max_hook_calls) return;
        lua_Debug running;  // level 0 in a hook: the Lua function being run
        const int line = lua_getstack(L, 0, &running) && lua_getinfo(L, "l", &running) ? running.currentline : 0;
        lua_pushfstring(L, "%s:%d: the script ran past its budget of %d million instructions in one call (an "
                           "endless loop?)",
                        impl->chunk.c_str(), line, max_hook_calls / 1000 * hook_interval / 1000);
        lua_error(L);
    }

    static int message_handler(lua_State* L) {
        if (!lua_isstring(L, 1)) lua_pushstring(L, luaL_tolstring(L, 1, nullptr));
        return 1;
    }

    bool push_function(const char* name) {
        if (lua_getglobal(L, name) == LUA_TFUNCTION) return true;
        lua_pop(L, 1);
        return false;
    }
};

namespace {

using Impl = LuaScript::Impl;

Impl& host(lua_State* L) { return **static_cast<Impl**>(lua_getextraspace(L)); }

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

double number_arg(lua_State* L, int index, const char* what) {
    int ok = 0;
    const double value = lua_tonumberx(L, index, &ok);
    if (!ok)
        throw ScriptError(std::string(what) + ": argument " + std::to_string(index - 1) + " must be a number, not " +
                          luaL_typename(L, index));
    return value;
}

std::string string_arg(lua_State* L, int index, const char* what) {
    size_t length = 0;
    const char* text = lua_type(L, index) == LUA_TSTRING || lua_type(L, index) == LUA_TNUMBER
                           ? lua_tolstring(L, index, &length)
                           : nullptr;
    if (!text)
        throw ScriptError(std::string(what) + ": argument " + std::to_string(index - 1) + " must be a string, not " +
                          luaL_typename(L, index));
    return std::string(text, length);
}

Index& handle(lua_State* L, int index, const char* type, const char* what) {
    void* data = luaL_testudata(L, index, type);
    if (!data) throw ScriptError(std::string(what) + ": called on a " + luaL_typename(L, index) + " (use ':')");
    return *static_cast<Index*>(data);
}

void push_handle(lua_State* L, const char* type, Index index) {
    *static_cast<Index*>(lua_newuserdatauv(L, sizeof(Index), 0)) = index;
    luaL_setmetatable(L, type);
}

void push_vec3(lua_State* L, const Vec3& v) {
    double* data = static_cast<double*>(lua_newuserdatauv(L, 3 * sizeof(double), 0));
    data[0] = v.x();
    data[1] = v.y();
    data[2] = v.z();
    luaL_setmetatable(L, vec3_type);
}

// a vec3, a table {x =, y =, z =} or {a, b, c}
Vec3 vec3_arg(lua_State* L, int index, const char* what) {
    if (const double* data = static_cast<const double*>(luaL_testudata(L, index, vec3_type)))
        return {data[0], data[1], data[2]};
    if (lua_type(L, index) == LUA_TTABLE) {
        Vec3 v;
        const char* names[] = {"x", "y", "z"};
        for (int i = 0; i < 3; ++i) {
            lua_getfield(L, index, names[i]);
            if (lua_isnil(L, -1)) {
                lua_pop(L, 1);
                lua_rawgeti(L, index, i + 1);
            }
            int ok = 0;
            v[i] = lua_tonumberx(L, -1, &ok);
            lua_pop(L, 1);
            if (!ok) throw ScriptError(std::string(what) + ": expected a vector with numbers x, y and z");
        }
        return v;
    }
    throw ScriptError(std::string(what) + ": expected a vector (vec3 or {x, y, z}), not " + luaL_typename(L, index));
}

// ---- vec3 ----

int vec3_new(lua_State* L, Impl&) {
    push_vec3(L, {lua_isnoneornil(L, 1) ? 0.0 : number_arg(L, 1, "vec3.new"),
                  lua_isnoneornil(L, 2) ? 0.0 : number_arg(L, 2, "vec3.new"),
                  lua_isnoneornil(L, 3) ? 0.0 : number_arg(L, 3, "vec3.new")});
    return 1;
}

int component(const char* key) {
    if (key && key[0] && !key[1]) {
        if (key[0] == 'x') return 0;
        if (key[0] == 'y') return 1;
        if (key[0] == 'z') return 2;
    }
    return -1;
}

int vec3_index(lua_State* L, Impl&) {
    double* data = static_cast<double*>(luaL_testudata(L, 1, vec3_type));
    const char* key = lua_tostring(L, 2);
    if (const int i = component(key); data && i >= 0) {
        lua_pushnumber(L, data[i]);
        return 1;
    }
    luaL_getmetatable(L, vec3_type);
    lua_getfield(L, -1, "methods");
    lua_pushvalue(L, 2);
    lua_rawget(L, -2);
    return 1;
}

int vec3_newindex(lua_State* L, Impl&) {
    double* data = static_cast<double*>(luaL_testudata(L, 1, vec3_type));
    const int i = component(lua_tostring(L, 2));
    if (!data || i < 0) throw ScriptError("vec3 has only x, y and z");
    data[i] = number_arg(L, 3, "vec3");
    return 0;
}

int vec3_add(lua_State* L, Impl&) {
    push_vec3(L, vec3_arg(L, 1, "vec3 +") + vec3_arg(L, 2, "vec3 +"));
    return 1;
}
int vec3_sub(lua_State* L, Impl&) {
    push_vec3(L, vec3_arg(L, 1, "vec3 -") - vec3_arg(L, 2, "vec3 -"));
    return 1;
}
int vec3_mul(lua_State* L, Impl&) {
    if (lua_isnumber(L, 1)) push_vec3(L, lua_tonumber(L, 1) * vec3_arg(L, 2, "vec3 *"));
    else if (lua_isnumber(L, 2)) push_vec3(L, vec3_arg(L, 1, "vec3 *") * lua_tonumber(L, 2));
    else lua_pushnumber(L, vec3_arg(L, 1, "vec3 *").dot(vec3_arg(L, 2, "vec3 *")));
    return 1;
}
int vec3_div(lua_State* L, Impl&) {
    push_vec3(L, vec3_arg(L, 1, "vec3 /") / number_arg(L, 2, "vec3 /"));
    return 1;
}
int vec3_unm(lua_State* L, Impl&) {
    push_vec3(L, -vec3_arg(L, 1, "vec3 -"));
    return 1;
}
int vec3_eq(lua_State* L, Impl&) {
    lua_pushboolean(L, vec3_arg(L, 1, "vec3 ==") == vec3_arg(L, 2, "vec3 =="));
    return 1;
}
int vec3_tostring(lua_State* L, Impl&) {
    const Vec3 v = vec3_arg(L, 1, "tostring");
    lua_pushfstring(L, "[%f %f %f]", v.x(), v.y(), v.z());
    return 1;
}
int vec3_length(lua_State* L, Impl&) {
    lua_pushnumber(L, vec3_arg(L, 1, "vec3:length()").norm());
    return 1;
}
int vec3_normalize(lua_State* L, Impl&) {
    double* data = static_cast<double*>(luaL_testudata(L, 1, vec3_type));
    if (!data) throw ScriptError("vec3:normalize(): called on a " + std::string(luaL_typename(L, 1)));
    const double length = std::sqrt(data[0] * data[0] + data[1] * data[1] + data[2] * data[2]);
    if (length > 0)
        for (int i = 0; i < 3; ++i) data[i] /= length;
    lua_pushnumber(L, length);
    return 1;
}
int vec3_dot(lua_State* L, Impl&) {
    lua_pushnumber(L, vec3_arg(L, 1, "vec3:dot()").dot(vec3_arg(L, 2, "vec3:dot()")));
    return 1;
}
int vec3_cross(lua_State* L, Impl&) {
    push_vec3(L, vec3_arg(L, 1, "vec3:cross()").cross(vec3_arg(L, 2, "vec3:cross()")));
    return 1;
}

// ---- scone ----

int scone_message(lua_State* L, Impl& impl, Severity severity, const char* prefix) {
    const char* message = luaL_tolstring(L, 1, nullptr);
    impl.message(severity, prefix + std::string(message));
    lua_pop(L, 1);
    return 0;
}
int scone_debug(lua_State* L, Impl& impl) { return scone_message(L, impl, Severity::Note, "script: "); }
int scone_info(lua_State* L, Impl& impl) { return scone_message(L, impl, Severity::Note, "script: "); }
int scone_warning(lua_State* L, Impl& impl) { return scone_message(L, impl, Severity::Warning, "script: "); }
int scone_error(lua_State* L, Impl& impl) { return scone_message(L, impl, Severity::Warning, "script error: "); }

// ---- model ----

std::vector<Index> dynamic_bodies(const Model& model) {
    std::vector<Index> bodies;
    for (Index b = 0; b < Index(model.bodies.size()); ++b)
        if (!model.bodies[b].is_static()) bodies.push_back(b);
    return bodies;
}

Index lua_index(lua_State* L, int count, const char* what) {
    const double i = number_arg(L, 2, what);
    if (i < 1 || i > count || i != std::floor(i))
        throw ScriptError(std::string(what) + ": index must be between 1 and " + std::to_string(count));
    return Index(i) - 1;
}

const Model& model_of(Impl& impl, const char* what) { return impl.need_plant(what).model(); }

int model_time(lua_State* L, Impl& impl) {
    lua_pushnumber(L, impl.need_plant("model:time()").time());
    return 1;
}
int model_delta_time(lua_State* L, Impl& impl) {
    const Plant& plant = impl.need_plant("model:delta_time()");
    lua_pushnumber(L, plant.time() - plant.previous_time);
    return 1;
}
int model_max_duration(lua_State* L, Impl& impl) {
    lua_pushnumber(L, impl.need_plant("model:max_duration()").max_duration);
    return 1;
}
int model_com_pos(lua_State* L, Impl& impl) {
    const Plant& plant = impl.need_plant("model:com_pos()");
    push_vec3(L, center_of_mass(plant.model(), plant.state()));
    return 1;
}
int model_com_vel(lua_State* L, Impl& impl) {
    const Plant& plant = impl.need_plant("model:com_vel()");
    push_vec3(L, center_of_mass_velocity(plant.model(), plant.state()));
    return 1;
}
int model_mass(lua_State* L, Impl& impl) {
    double mass = 0;
    for (const Body& body : model_of(impl, "model:mass()").bodies) mass += body.is_static() ? 0 : body.mass;
    lua_pushnumber(L, mass);
    return 1;
}
int model_gravity(lua_State* L, Impl& impl) {
    push_vec3(L, model_of(impl, "model:gravity()").gravity);
    return 1;
}
int model_body_count(lua_State* L, Impl& impl) {
    lua_pushinteger(L, lua_Integer(dynamic_bodies(model_of(impl, "model:body_count()")).size()));
    return 1;
}
int model_body(lua_State* L, Impl& impl) {
    const std::vector<Index> bodies = dynamic_bodies(model_of(impl, "model:body()"));
    push_handle(L, body_type, bodies[size_t(lua_index(L, int(bodies.size()), "model:body()"))]);
    return 1;
}
int model_find_body(lua_State* L, Impl& impl) {
    const std::string name = string_arg(L, 2, "model:find_body()");
    const Index body = model_of(impl, "model:find_body()").find_body(name);
    if (body == no_index) throw ScriptError("model:find_body(): no body '" + name + "'");
    push_handle(L, body_type, body);
    return 1;
}
int model_find_body_index(lua_State* L, Impl& impl) {
    const std::string name = string_arg(L, 2, "model:find_body_index()");
    const std::vector<Index> bodies = dynamic_bodies(model_of(impl, "model:find_body_index()"));
    const Index body = model_of(impl, "model:find_body_index()").find_body(name);
    lua_Integer found = 0;
    for (size_t i = 0; i < bodies.size(); ++i)
        if (bodies[i] == body) found = lua_Integer(i) + 1;
    lua_pushinteger(L, found);
    return 1;
}
int model_muscle_count(lua_State* L, Impl& impl) {
    lua_pushinteger(L, lua_Integer(model_of(impl, "model:muscle_count()").muscles.size()));
    return 1;
}
int model_muscle(lua_State* L, Impl& impl) {
    push_handle(L, muscle_type, lua_index(L, int(model_of(impl, "model:muscle()").muscles.size()), "model:muscle()"));
    return 1;
}
int find_muscle(lua_State* L, Impl& impl, const char* what) {
    const std::string name = string_arg(L, 2, what);
    const Model& model = model_of(impl, what);
    for (Index m = 0; m < Index(model.muscles.size()); ++m)
        if (model.muscles[m].name == name) {
            push_handle(L, muscle_type, m);
            return 1;
        }
    throw ScriptError(std::string(what) + ": no muscle '" + name + "'");
}
int model_find_muscle(lua_State* L, Impl& impl) { return find_muscle(L, impl, "model:find_muscle()"); }
int model_find_actuator(lua_State* L, Impl& impl) { return find_muscle(L, impl, "model:find_actuator()"); }
int model_actuator_count(lua_State* L, Impl& impl) {
    lua_pushinteger(L, lua_Integer(model_of(impl, "model:actuator_count()").muscles.size()));
    return 1;
}
int model_actuator(lua_State* L, Impl& impl) {
    push_handle(L, muscle_type,
                lua_index(L, int(model_of(impl, "model:actuator()").muscles.size()), "model:actuator()"));
    return 1;
}
int model_dof_count(lua_State* L, Impl& impl) {
    lua_pushinteger(L, lua_Integer(model_of(impl, "model:dof_count()").dofs.size()));
    return 1;
}
int model_dof(lua_State* L, Impl& impl) {
    push_handle(L, dof_type, lua_index(L, int(model_of(impl, "model:dof()").dofs.size()), "model:dof()"));
    return 1;
}
int model_find_dof(lua_State* L, Impl& impl) {
    const std::string name = string_arg(L, 2, "model:find_dof()");
    const Index dof = model_of(impl, "model:find_dof()").find_dof(name);
    if (dof == no_index) throw ScriptError("model:find_dof(): no dof '" + name + "'");
    push_handle(L, dof_type, dof);
    return 1;
}

// ---- body ----

int body_name(lua_State* L, Impl& impl) {
    const Index b = handle(L, 1, body_type, "body:name()");
    lua_pushstring(L, model_of(impl, "body:name()").bodies[b].name.c_str());
    return 1;
}
int body_mass(lua_State* L, Impl& impl) {
    const Index b = handle(L, 1, body_type, "body:mass()");
    lua_pushnumber(L, model_of(impl, "body:mass()").bodies[b].mass);
    return 1;
}
int body_inertia_diagonal(lua_State* L, Impl& impl) {
    const Index b = handle(L, 1, body_type, "body:inertia_diagonal()");
    push_vec3(L, model_of(impl, "body:inertia_diagonal()").bodies[b].inertia);
    return 1;
}
int body_com_pos(lua_State* L, Impl& impl) {
    const Index b = handle(L, 1, body_type, "body:com_pos()");
    push_vec3(L, impl.need_plant("body:com_pos()").state().pos[b]);
    return 1;
}
int body_com_vel(lua_State* L, Impl& impl) {
    const Index b = handle(L, 1, body_type, "body:com_vel()");
    push_vec3(L, impl.need_plant("body:com_vel()").state().lin_vel[b]);
    return 1;
}
int body_com_acc(lua_State* L, Impl& impl) {
    const Index b = handle(L, 1, body_type, "body:com_acc()");
    push_vec3(L, impl.need_plant("body:com_acc()").data().lin_acc[b]);
    return 1;
}
int body_ang_pos(lua_State* L, Impl& impl) {
    // the orientation as a rotation vector (axis times angle, rad), as SCONE's
    const Index b = handle(L, 1, body_type, "body:ang_pos()");
    const Eigen::AngleAxisd rotation(impl.need_plant("body:ang_pos()").state().ori[b].normalized());
    double angle = rotation.angle();
    Vec3 axis = rotation.axis();
    if (angle > M_PI) {
        angle = 2 * M_PI - angle;
        axis = -axis;
    }
    push_vec3(L, axis * angle);
    return 1;
}
int body_ang_vel(lua_State* L, Impl& impl) {
    const Index b = handle(L, 1, body_type, "body:ang_vel()");
    push_vec3(L, impl.need_plant("body:ang_vel()").state().ang_vel[b]);
    return 1;
}
int body_ang_acc(lua_State* L, Impl& impl) {
    const Index b = handle(L, 1, body_type, "body:ang_acc()");
    push_vec3(L, impl.need_plant("body:ang_acc()").data().ang_acc[b]);
    return 1;
}
int body_point_pos(lua_State* L, Impl& impl) {
    const Index b = handle(L, 1, body_type, "body:point_pos()");
    const Vec3 p = vec3_arg(L, 2, "body:point_pos()");
    push_vec3(L, world_point(impl.need_plant("body:point_pos()").state(), b, p));
    return 1;
}
int body_point_vel(lua_State* L, Impl& impl) {
    const Index b = handle(L, 1, body_type, "body:point_vel()");
    const Vec3 p = vec3_arg(L, 2, "body:point_vel()");
    const State& s = impl.need_plant("body:point_vel()").state();
    push_vec3(L, world_point_velocity(s, b, world_point(s, b, p)));
    return 1;
}
LuaScript::Load& load_of(Impl& impl, Index body, const char* what) {
    if (impl.role != LuaScript::Role::controller)
        throw ScriptError(std::string(what) + ": only a ScriptController applies external loads");
    if (model_of(impl, what).bodies[body].is_static())
        throw ScriptError(std::string(what) + ": body '" + model_of(impl, what).bodies[body].name + "' is static");
    for (LuaScript::Load& load : impl.loads)
        if (load.body == body) return load;
    impl.loads.push_back({body, Vec3::Zero(), Vec3::Zero()});
    return impl.loads.back();
}
Vec3 xyz_args(lua_State* L, const char* what) {
    if (lua_gettop(L) == 2) return vec3_arg(L, 2, what);
    return {number_arg(L, 2, what), number_arg(L, 3, what), number_arg(L, 4, what)};
}
int body_add_external_force(lua_State* L, Impl& impl) {
    const Index b = handle(L, 1, body_type, "body:add_external_force()");
    const Vec3 f = xyz_args(L, "body:add_external_force()");
    load_of(impl, b, "body:add_external_force()").force += f;
    return 0;
}
int body_add_external_moment(lua_State* L, Impl& impl) {
    const Index b = handle(L, 1, body_type, "body:add_external_moment()");
    const Vec3 m = xyz_args(L, "body:add_external_moment()");
    load_of(impl, b, "body:add_external_moment()").moment += m;
    return 0;
}

// ---- dof ----

int dof_name(lua_State* L, Impl& impl) {
    const Index d = handle(L, 1, dof_type, "dof:name()");
    lua_pushstring(L, model_of(impl, "dof:name()").dofs[d].name.c_str());
    return 1;
}
int dof_position(lua_State* L, Impl& impl) {
    const Index d = handle(L, 1, dof_type, "dof:position()");
    const Plant& plant = impl.need_plant("dof:position()");
    lua_pushnumber(L, dof_value(plant.model(), plant.state(), d));
    return 1;
}
int dof_velocity(lua_State* L, Impl& impl) {
    const Index d = handle(L, 1, dof_type, "dof:velocity()");
    const Plant& plant = impl.need_plant("dof:velocity()");
    lua_pushnumber(L, hfd::dof_velocity(plant.model(), plant.state(), d));
    return 1;
}

// ---- muscle (also the actuators) ----

int muscle_name(lua_State* L, Impl& impl) {
    const Index m = handle(L, 1, muscle_type, "muscle:name()");
    lua_pushstring(L, model_of(impl, "muscle:name()").muscles[m].name.c_str());
    return 1;
}
int muscle_add_input(lua_State* L, Impl& impl) {
    const Index m = handle(L, 1, muscle_type, "muscle:add_input()");
    const double value = number_arg(L, 2, "muscle:add_input()");
    if (!impl.excitation) throw ScriptError("muscle:add_input(): only a ScriptController's update() sets inputs");
    (*impl.excitation)[size_t(m)] += value;
    return 0;
}
int muscle_input(lua_State* L, Impl& impl) {
    const Index m = handle(L, 1, muscle_type, "muscle:input()");
    lua_pushnumber(L, impl.excitation ? (*impl.excitation)[size_t(m)] : 0.0);
    return 1;
}
int muscle_min_input(lua_State* L, Impl&) {
    handle(L, 1, muscle_type, "muscle:min_input()");
    lua_pushnumber(L, 0);
    return 1;
}
int muscle_max_input(lua_State* L, Impl&) {
    handle(L, 1, muscle_type, "muscle:max_input()");
    lua_pushnumber(L, 1);
    return 1;
}
int muscle_excitation(lua_State* L, Impl& impl) {
    const Index m = handle(L, 1, muscle_type, "muscle:excitation()");
    const Plant& plant = impl.need_plant("muscle:excitation()");
    lua_pushnumber(L, size_t(m) < plant.excitation.size() ? plant.excitation[size_t(m)] : 0.0);
    return 1;
}
int muscle_activation(lua_State* L, Impl& impl) {
    const Index m = handle(L, 1, muscle_type, "muscle:activation()");
    lua_pushnumber(L, hfd::muscle_activation(impl.need_plant("muscle:activation()"), m));
    return 1;
}
int muscle_fiber_length(lua_State* L, Impl& impl) {
    const Index m = handle(L, 1, muscle_type, "muscle:fiber_length()");
    lua_pushnumber(L, impl.need_plant("muscle:fiber_length()").state().fiber_length[size_t(m)]);
    return 1;
}
int muscle_normalized_fiber_length(lua_State* L, Impl& impl) {
    const Index m = handle(L, 1, muscle_type, "muscle:normalized_fiber_length()");
    lua_pushnumber(L, normalized_fiber_length(impl.need_plant("muscle:normalized_fiber_length()"), m));
    return 1;
}
int muscle_fiber_velocity(lua_State* L, Impl& impl) {
    const Index m = handle(L, 1, muscle_type, "muscle:fiber_velocity()");
    lua_pushnumber(L, impl.need_plant("muscle:fiber_velocity()").data().fiber_length_derivative[size_t(m)]);
    return 1;
}
int muscle_normalized_fiber_velocity(lua_State* L, Impl& impl) {
    const Index m = handle(L, 1, muscle_type, "muscle:normalized_fiber_velocity()");
    lua_pushnumber(L, hfd::normalized_fiber_velocity(impl.need_plant("muscle:normalized_fiber_velocity()"), m));
    return 1;
}
int muscle_force(lua_State* L, Impl& impl) {
    const Index m = handle(L, 1, muscle_type, "muscle:force()");
    lua_pushnumber(L, impl.need_plant("muscle:force()").data().muscle_force[size_t(m)]);
    return 1;
}
int muscle_normalized_force(lua_State* L, Impl& impl) {
    const Index m = handle(L, 1, muscle_type, "muscle:normalized_force()");
    lua_pushnumber(L, normalized_muscle_force(impl.need_plant("muscle:normalized_force()"), m));
    return 1;
}
int muscle_max_isometric_force(lua_State* L, Impl& impl) {
    const Index m = handle(L, 1, muscle_type, "muscle:max_isometric_force()");
    lua_pushnumber(L, model_of(impl, "muscle:max_isometric_force()").muscles[m].max_isometric_force);
    return 1;
}
int muscle_optimal_fiber_length(lua_State* L, Impl& impl) {
    const Index m = handle(L, 1, muscle_type, "muscle:optimal_fiber_length()");
    lua_pushnumber(L, model_of(impl, "muscle:optimal_fiber_length()").muscles[m].optimal_fiber_length);
    return 1;
}

// ---- par ----

double declare(Impl& impl, ParamInfo info, const char* what) {
    if (!impl.creation && !impl.replay) throw ScriptError(std::string(what) + ": parameters are created in init()");
    if (impl.replay) {
        const auto it = impl.param_values.find(impl.prefix + info.name);
        if (it != impl.param_values.end()) return it->second;
        return info.mean;
    }
    CreationContext& context = *impl.creation;
    info.name = context.prefix() + info.name;
    info.location = {impl.path, impl.caller_line(), 0};
    const std::string name = info.name;
    const double value = declare_parameter(context, std::move(info));
    impl.param_values[name] = value;
    return value;
}
int par_create_from_mean_std(lua_State* L, Impl& impl) {
    const char* what = "par:create_from_mean_std()";
    handle(L, 1, par_type, what);
    ParamInfo info;
    info.name = string_arg(L, 2, what);
    info.mean = number_arg(L, 3, what);
    info.std = number_arg(L, 4, what);
    if (!lua_isnoneornil(L, 5)) info.min = number_arg(L, 5, what);
    if (!lua_isnoneornil(L, 6)) info.max = number_arg(L, 6, what);
    if (info.std < 0 || info.min > info.max)
        throw ScriptError(std::string(what) + ": parameter '" + info.name + "' needs std >= 0 and min <= max");
    lua_pushnumber(L, declare(impl, std::move(info), what));
    return 1;
}
int par_create_from_string(lua_State* L, Impl& impl) {
    const char* what = "par:create_from_string()";
    handle(L, 1, par_type, what);
    const std::string name = string_arg(L, 2, what);
    const std::string text = string_arg(L, 3, what);
    if (!is_param_text(text)) {  // a plain number: a constant, as SCONE's Params::get
        char* end = nullptr;
        const double value = std::strtod(text.c_str(), &end);
        if (end == text.c_str() || *end != 0)
            throw ScriptError(std::string(what) + ": '" + text + "' is neither a number nor a parameter");
        lua_pushnumber(L, value);
        return 1;
    }
    std::string error;
    const ParamDefaults defaults = impl.creation ? impl.creation->defaults.back() : ParamDefaults{};
    std::optional<ParamInfo> info = parse_param_text(text, defaults, &error);
    if (!info) throw ScriptError(std::string(what) + ": " + error);
    info->name = name;
    lua_pushnumber(L, declare(impl, std::move(*info), what));
    return 1;
}
int par_get(lua_State* L, Impl& impl) {
    const char* what = "par:get()";
    handle(L, 1, par_type, what);
    std::string name = impl.prefix + string_arg(L, 2, what);
    for (const auto& [known, value] : impl.param_values)
        if (known == name) {
            lua_pushnumber(L, value);
            return 1;
        }
    if (impl.creation && impl.creation->params) {
        const ParamSet& params = *impl.creation->params;
        if (const auto it = params.index.find(name); it != params.index.end()) {
            lua_pushnumber(L, params.values[it->second]);
            return 1;
        }
    }
    throw ScriptError(std::string(what) + ": no parameter '" + name + "'");
}

// ---- frame ----

int frame_set_value(lua_State* L, Impl& impl) {
    const char* what = "frame:set_value()";
    handle(L, 1, frame_type, what);
    std::string name = string_arg(L, 2, what);
    if (lua_isnoneornil(L, 3)) return 0;  // SCONE ignores nil
    const double value = number_arg(L, 3, what);
    if (impl.frame) impl.frame->push_back({std::move(name), value});
    return 0;
}
int frame_set_bool(lua_State* L, Impl& impl) {
    const char* what = "frame:set_bool()";
    handle(L, 1, frame_type, what);
    std::string name = string_arg(L, 2, what);
    const bool value = lua_toboolean(L, 3);
    if (impl.frame) impl.frame->push_back({std::move(name), value ? 1.0 : 0.0});
    return 0;
}
int frame_set_vec3(lua_State* L, Impl& impl) {
    const char* what = "frame:set_vec3()";
    handle(L, 1, frame_type, what);
    const std::string name = string_arg(L, 2, what);
    const Vec3 v = vec3_arg(L, 3, what);
    if (impl.frame) {
        impl.frame->push_back({name + "_x", v.x()});
        impl.frame->push_back({name + "_y", v.y()});
        impl.frame->push_back({name + "_z", v.z()});
    }
    return 0;
}
int frame_time(lua_State* L, Impl& impl) {
    handle(L, 1, frame_type, "frame:time()");
    lua_pushnumber(L, impl.need_plant("frame:time()").time());
    return 1;
}

// ---- controller ----

int controller_name(lua_State* L, Impl& impl) {
    handle(L, 1, controller_type, "controller:name()");
    const PropNode* name = impl.node ? impl.node->find("name") : nullptr;
    lua_pushstring(L, name ? name->value.c_str() : "");
    return 1;
}

// SCONE's LuaController methods that need run-time access to other controllers'
// parameters or children (Tutorial 6c): refused with the method's name.
int controller_unsupported(lua_State* L, Impl&) {
    lua_Debug ar;
    const char* name = lua_getstack(L, 0, &ar) && lua_getinfo(L, "n", &ar) && ar.name ? ar.name : "this method";
    throw ScriptError(std::string("controller:") + name + "() is not supported yet");
}

struct Method {
    const char* name;
    lua_CFunction function;
};

void register_type(lua_State* L, const char* type, std::initializer_list<Method> methods) {
    luaL_newmetatable(L, type);
    lua_newtable(L);
    for (const Method& method : methods) {
        lua_pushcfunction(L, method.function);
        lua_setfield(L, -2, method.name);
    }
    lua_setfield(L, -2, "__index");
    lua_pushstring(L, type);
    lua_setfield(L, -2, "__name");
    lua_pop(L, 1);
}

void register_api(lua_State* L) {
    luaL_newmetatable(L, vec3_type);
    const Method meta[] = {{"__index", bind<vec3_index>},      {"__newindex", bind<vec3_newindex>},
                           {"__add", bind<vec3_add>},          {"__sub", bind<vec3_sub>},
                           {"__mul", bind<vec3_mul>},          {"__div", bind<vec3_div>},
                           {"__unm", bind<vec3_unm>},          {"__eq", bind<vec3_eq>},
                           {"__tostring", bind<vec3_tostring>}};
    for (const Method& m : meta) {
        lua_pushcfunction(L, m.function);
        lua_setfield(L, -2, m.name);
    }
    lua_newtable(L);
    const Method methods[] = {{"length", bind<vec3_length>},
                              {"normalize", bind<vec3_normalize>},
                              {"dot", bind<vec3_dot>},
                              {"cross", bind<vec3_cross>}};
    for (const Method& m : methods) {
        lua_pushcfunction(L, m.function);
        lua_setfield(L, -2, m.name);
    }
    lua_setfield(L, -2, "methods");
    lua_pop(L, 1);
    lua_newtable(L);  // vec3.new(x, y, z), and vec3(x, y, z)
    lua_pushcfunction(L, bind<vec3_new>);
    lua_setfield(L, -2, "new");
    lua_setglobal(L, "vec3");

    register_type(L, model_type,
                  {{"time", bind<model_time>},
                   {"delta_time", bind<model_delta_time>},
                   {"max_duration", bind<model_max_duration>},
                   {"com_pos", bind<model_com_pos>},
                   {"com_vel", bind<model_com_vel>},
                   {"mass", bind<model_mass>},
                   {"gravity", bind<model_gravity>},
                   {"body", bind<model_body>},
                   {"body_count", bind<model_body_count>},
                   {"find_body", bind<model_find_body>},
                   {"find_body_index", bind<model_find_body_index>},
                   {"muscle", bind<model_muscle>},
                   {"muscle_count", bind<model_muscle_count>},
                   {"find_muscle", bind<model_find_muscle>},
                   {"actuator", bind<model_actuator>},
                   {"actuator_count", bind<model_actuator_count>},
                   {"find_actuator", bind<model_find_actuator>},
                   {"dof", bind<model_dof>},
                   {"dof_count", bind<model_dof_count>},
                   {"find_dof", bind<model_find_dof>}});
    register_type(L, body_type,
                  {{"name", bind<body_name>},
                   {"mass", bind<body_mass>},
                   {"inertia_diagonal", bind<body_inertia_diagonal>},
                   {"com_pos", bind<body_com_pos>},
                   {"com_vel", bind<body_com_vel>},
                   {"com_acc", bind<body_com_acc>},
                   {"ang_pos", bind<body_ang_pos>},
                   {"ang_vel", bind<body_ang_vel>},
                   {"ang_acc", bind<body_ang_acc>},
                   {"point_pos", bind<body_point_pos>},
                   {"point_vel", bind<body_point_vel>},
                   {"add_external_force", bind<body_add_external_force>},
                   {"add_external_moment", bind<body_add_external_moment>}});
    register_type(L, dof_type,
                  {{"name", bind<dof_name>}, {"position", bind<dof_position>}, {"velocity", bind<dof_velocity>}});
    register_type(L, muscle_type,
                  {{"name", bind<muscle_name>},
                   {"add_input", bind<muscle_add_input>},
                   {"input", bind<muscle_input>},
                   {"min_input", bind<muscle_min_input>},
                   {"max_input", bind<muscle_max_input>},
                   {"excitation", bind<muscle_excitation>},
                   {"activation", bind<muscle_activation>},
                   {"fiber_length", bind<muscle_fiber_length>},
                   {"normalized_fiber_length", bind<muscle_normalized_fiber_length>},
                   {"fiber_velocity", bind<muscle_fiber_velocity>},
                   {"normalized_fiber_velocity", bind<muscle_normalized_fiber_velocity>},
                   {"force", bind<muscle_force>},
                   {"normalized_force", bind<muscle_normalized_force>},
                   {"max_isometric_force", bind<muscle_max_isometric_force>},
                   {"optimal_fiber_length", bind<muscle_optimal_fiber_length>}});
    register_type(L, par_type,
                  {{"create_from_mean_std", bind<par_create_from_mean_std>},
                   {"create_from_string", bind<par_create_from_string>},
                   {"get", bind<par_get>}});
    register_type(L, frame_type,
                  {{"set_value", bind<frame_set_value>},
                   {"set_bool", bind<frame_set_bool>},
                   {"set_vec3", bind<frame_set_vec3>},
                   {"time", bind<frame_time>}});
    register_type(L, controller_type,
                  {{"name", bind<controller_name>},
                   {"child_count", bind<controller_unsupported>},
                   {"child", bind<controller_unsupported>},
                   {"set_child_enabled", bind<controller_unsupported>},
                   {"is_child_enabled", bind<controller_unsupported>},
                   {"get_control_parameter", bind<controller_unsupported>},
                   {"set_control_parameter", bind<controller_unsupported>},
                   {"get_control_parameter_names", bind<controller_unsupported>},
                   {"create_control_parameter", bind<controller_unsupported>}});
}

void push_object(lua_State* L, const char* type) {
    lua_newuserdatauv(L, 1, 0);
    luaL_setmetatable(L, type);
}

// A fresh state with the script run once; false after an error (in impl.diagnostics).
bool start(Impl& impl) {
    if (impl.L) lua_close(impl.L);
    impl.L = luaL_newstate();
    if (!impl.L) {
        impl.add(Severity::Error, 0, "could not create a Lua state");
        impl.failed = true;
        return false;
    }
    lua_State* L = impl.L;
    *static_cast<Impl**>(lua_getextraspace(L)) = &impl;
    const luaL_Reg libraries[] = {{LUA_GNAME, luaopen_base},
                                  {LUA_LOADLIBNAME, luaopen_package},
                                  {LUA_TABLIBNAME, luaopen_table},
                                  {LUA_STRLIBNAME, luaopen_string},
                                  {LUA_MATHLIBNAME, luaopen_math}};
    for (const luaL_Reg& library : libraries) {
        luaL_requiref(L, library.name, library.func, 1);
        lua_pop(L, 1);
    }
    // modules from the script's folder (SCONE sets package.path so); no C modules and
    // no other files: a script reaches only the model, its parameters and `scone`
    lua_getglobal(L, "package");
    const std::string folder = std::filesystem::path(impl.path).parent_path().string();
    lua_pushstring(L, ((folder.empty() ? std::string(".") : folder) + "/?.lua").c_str());
    lua_setfield(L, -2, "path");
    lua_pushstring(L, "");
    lua_setfield(L, -2, "cpath");
    lua_pushnil(L);
    lua_setfield(L, -2, "loadlib");
    lua_pop(L, 1);
    for (const char* unsafe : {"dofile", "loadfile"}) {
        lua_pushnil(L);
        lua_setglobal(L, unsafe);
    }
    lua_sethook(L, &Impl::count_instructions, LUA_MASKCOUNT, hook_interval);
    register_api(L);
    lua_newtable(L);  // scone: messages and the block's properties, as text
    const Method messages[] = {{"trace", bind<scone_debug>},
                               {"debug", bind<scone_debug>},
                               {"info", bind<scone_info>},
                               {"warning", bind<scone_warning>},
                               {"error", bind<scone_error>}};
    for (const Method& m : messages) {
        lua_pushcfunction(L, m.function);
        lua_setfield(L, -2, m.name);
    }
    if (impl.node)
        for (const PropNode& property : impl.node->children) {
            if (!property.is_value()) continue;
            lua_pushstring(L, property.value.c_str());
            lua_setfield(L, -2, property.key.c_str());
        }
    lua_setglobal(L, "scone");
    if (luaL_loadbufferx(L, impl.source.data(), impl.source.size(), ("=" + impl.chunk).c_str(), "t") != LUA_OK) {
        const char* text = lua_tostring(L, -1);
        Diagnostic diagnostic = impl.located(Severity::Error, text ? text : "cannot load the script");
        diagnostic.message = "script syntax error: " + diagnostic.message;
        impl.diagnostics.push_back(std::move(diagnostic));
        lua_pop(L, 1);
        impl.failed = true;
        return false;
    }
    return impl.call(0, 0, "the script's main chunk");
}

}  // namespace

LuaScript::LuaScript(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
LuaScript::~LuaScript() = default;

std::unique_ptr<LuaScript> LuaScript::load(const std::string& path, const PropNode& node, CreationContext& context,
                                           Role role, const char* required) {
    auto impl = std::make_unique<Impl>();
    impl->path = path;
    impl->chunk = std::filesystem::path(path).filename().string();
    impl->node = &node;
    impl->role = role;
    const std::optional<std::string> text = read_text_file(path);
    if (!text) {
        context.error(node, "cannot read script '" + path + "'");
        return nullptr;
    }
    impl->source = *text;
    const bool started = start(*impl);
    for (Diagnostic& d : impl->diagnostics) context.diagnostics->push_back(std::move(d));
    impl->diagnostics.clear();
    if (!started) return nullptr;
    std::unique_ptr<LuaScript> script(new LuaScript(std::move(impl)));
    if (required && !script->has_function(required)) {
        context.diagnostics->push_back(
            error_at(path, 0, 0, std::string("script defines no function '") + required + "'"));
        return nullptr;
    }
    return script;
}

bool LuaScript::has_function(const char* name) const {
    lua_State* L = impl_->L;
    const bool found = lua_getglobal(L, name) == LUA_TFUNCTION;
    lua_pop(L, 1);
    return found;
}

bool LuaScript::init(const Plant* plant, CreationContext& context, char side) {
    Impl& impl = *impl_;
    impl.side = side;
    bool ok = true;
    if (impl.push_function("init")) {
        impl.plant = plant;
        impl.creation = &context;
        impl.prefix = context.prefix();
        push_object(impl.L, model_type);
        push_object(impl.L, par_type);
        lua_pushnumber(impl.L, side == 'l' ? -1 : side == 'r' ? 1 : 0);
        int args = 3;
        if (impl.role == Role::controller) {
            push_object(impl.L, controller_type);
            ++args;
        }
        ok = impl.call(args, 0, "init");
        impl.creation = nullptr;
        impl.plant = nullptr;
    }
    for (Diagnostic& d : impl.diagnostics) context.diagnostics->push_back(std::move(d));
    impl.diagnostics.clear();
    return ok;
}

bool LuaScript::reinit(const Plant* plant) {
    Impl& impl = *impl_;
    impl.loads.clear();
    impl.messages = 0;
    impl.failed = false;
    if (!start(impl)) return false;
    if (!impl.push_function("init")) return true;
    impl.plant = plant;
    impl.replay = true;
    push_object(impl.L, model_type);
    push_object(impl.L, par_type);
    lua_pushnumber(impl.L, impl.side == 'l' ? -1 : impl.side == 'r' ? 1 : 0);
    int args = 3;
    if (impl.role == Role::controller) {
        push_object(impl.L, controller_type);
        ++args;
    }
    const bool ok = impl.call(args, 0, "init");
    impl.replay = false;
    impl.plant = nullptr;
    return ok;
}

bool LuaScript::update(const Plant& plant, double time, std::vector<double>* excitation) {
    Impl& impl = *impl_;
    if (impl.failed) return true;
    if (!impl.push_function("update")) return false;
    impl.plant = &plant;
    impl.excitation = excitation;
    push_object(impl.L, model_type);
    lua_pushnumber(impl.L, time);
    int args = 2;
    if (impl.role == Role::controller) {
        push_object(impl.L, controller_type);
        ++args;
    }
    bool end = true;
    if (impl.call(args, 1, "update")) {
        end = lua_toboolean(impl.L, -1);
        lua_pop(impl.L, 1);
    }
    impl.plant = nullptr;
    impl.excitation = nullptr;
    return end;
}

std::optional<double> LuaScript::result(const Plant& plant) {
    Impl& impl = *impl_;
    if (impl.failed || !impl.push_function("result")) return std::nullopt;
    impl.plant = &plant;
    push_object(impl.L, model_type);
    std::optional<double> value;
    if (impl.call(1, 1, "result")) {
        int ok = 0;
        const double number = lua_tonumberx(impl.L, -1, &ok);
        if (ok) value = number;
        else {
            impl.add(
                Severity::Error, 0,
                std::string("script error in result(): it returned a ") + luaL_typename(impl.L, -1) + ", not a number");
            impl.failed = true;
        }
        lua_pop(impl.L, 1);
    }
    impl.plant = nullptr;
    return value;
}

void LuaScript::store_data(const Plant& plant, std::vector<ControlChannel>& out) {
    Impl& impl = *impl_;
    if (impl.failed || !impl.push_function("store_data")) return;
    impl.plant = &plant;
    impl.frame = &out;
    push_object(impl.L, frame_type);
    impl.call(1, 0, "store_data");
    impl.frame = nullptr;
    impl.plant = nullptr;
}

const std::vector<LuaScript::Load>& LuaScript::loads() const { return impl_->loads; }
bool LuaScript::failed() const { return impl_->failed; }

void LuaScript::take_diagnostics(std::vector<Diagnostic>& out) {
    for (Diagnostic& d : impl_->diagnostics) out.push_back(std::move(d));
    impl_->diagnostics.clear();
}

}  // namespace hfd

#endif
