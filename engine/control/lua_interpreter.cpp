// The lua_State of one script (lua_script_impl.h): the sandbox (which libraries, no
// files, no C modules), the instruction budget of one call, and errors turned into
// diagnostics at the script's file and line (its chunk is named by its file name, so
// Lua's messages start "name:line:").
#ifdef HFD_HAVE_LUA

#include "control/lua_script_impl.h"

#include <cctype>
#include <filesystem>

namespace hfd {

using lua::Method;

void LuaScript::Impl::add(Severity severity, int line, std::string message) {
    Diagnostic diagnostic;
    diagnostic.severity = severity;
    diagnostic.location.file = path;
    diagnostic.location.line = line;
    diagnostic.message = std::move(message);
    diagnostics.push_back(std::move(diagnostic));
}

Diagnostic LuaScript::Impl::located(Severity severity, std::string message) const {
    int line = 0;
    const std::string start = chunk + ":";
    if (message.compare(0, start.size(), start) == 0) {
        size_t end = start.size();
        while (end < message.size() && std::isdigit(static_cast<unsigned char>(message[end]))) ++end;
        if (end > start.size() && end + 1 < message.size() && message[end] == ':') {
            line = std::stoi(message.substr(start.size(), end - start.size()));
            message = message.substr(end + 1);
            if (!message.empty() && message[0] == ' ') message.erase(0, 1);
        }
    }
    return {severity, {path, line, 0}, std::move(message)};
}

int LuaScript::Impl::caller_line() const {
    lua_Debug ar;
    if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "Sl", &ar)) return ar.currentline > 0 ? ar.currentline : 0;
    return 0;
}

void LuaScript::Impl::message(Severity severity, const std::string& text) {
    if (messages > lua::max_messages) return;
    ++messages;
    if (messages > lua::max_messages) {
        add(Severity::Note, 0, "further script messages are left out");
        return;
    }
    add(severity, caller_line(), text);
}

bool LuaScript::Impl::call(int nargs, int nresults, const char* name) {
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

bool LuaScript::Impl::push_function(const char* name) {
    if (lua_getglobal(L, name) == LUA_TFUNCTION) return true;
    lua_pop(L, 1);
    return false;
}

// Every hook_interval instructions; a call that runs past the budget (an endless loop)
// ends with an error, which fails its evaluation like any runtime error.
void LuaScript::Impl::count_instructions(lua_State* L, lua_Debug*) {
    Impl* impl = *static_cast<Impl**>(lua_getextraspace(L));
    if (++impl->hook_calls <= lua::max_hook_calls) return;
    lua_Debug running;  // level 0 in a hook: the Lua function being run
    const int line = lua_getstack(L, 0, &running) && lua_getinfo(L, "l", &running) ? running.currentline : 0;
    lua_pushfstring(L,
                    "%s:%d: the script ran past its budget of %d million instructions in one call (an "
                    "endless loop?)",
                    impl->chunk.c_str(), line, lua::max_hook_calls / 1000 * lua::hook_interval / 1000);
    lua_error(L);
}

int LuaScript::Impl::message_handler(lua_State* L) {
    if (!lua_isstring(L, 1)) lua_pushstring(L, luaL_tolstring(L, 1, nullptr));
    return 1;
}

namespace lua {

void register_type(lua_State* L, const char* type, std::initializer_list<Method> methods) {
    luaL_newmetatable(L, type);
    lua_newtable(L);
    lua_setfield(L, -2, "__index");
    lua_pushstring(L, type);
    lua_setfield(L, -2, "__name");
    lua_pop(L, 1);
    add_methods(L, type, methods);
}

void add_methods(lua_State* L, const char* type, std::initializer_list<Method> methods) {
    luaL_getmetatable(L, type);
    lua_getfield(L, -1, "__index");
    for (const Method& method : methods) {
        lua_pushcfunction(L, method.function);
        lua_setfield(L, -2, method.name);
    }
    lua_pop(L, 2);
}

namespace {

// An object of `type` without data (model, par, frame, controller), kept in the registry.
int make_object(lua_State* L, const char* type) {
    lua_newuserdatauv(L, 1, 0);
    luaL_setmetatable(L, type);
    return luaL_ref(L, LUA_REGISTRYINDEX);
}

}  // namespace

}  // namespace lua

bool LuaScript::Impl::start() {
    loads.clear();
    delayed_sensors.clear();
    delayed_actuators.clear();
    if (L) lua_close(L);
    L = luaL_newstate();
    if (!L) {
        add(Severity::Error, 0, "could not create a Lua state");
        failed = true;
        return false;
    }
    *static_cast<Impl**>(lua_getextraspace(L)) = this;
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
    const std::string folder = std::filesystem::path(path).parent_path().string();
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
    lua_sethook(L, &Impl::count_instructions, LUA_MASKCOUNT, lua::hook_interval);
    lua::register_value_api(L);
    lua::register_model_api(L);
    lua::register_control_api(L);
    model_ref = lua::make_object(L, lua::model_type);
    par_ref = lua::make_object(L, lua::par_type);
    frame_ref = lua::make_object(L, lua::frame_type);
    controller_ref = lua::make_object(L, lua::controller_type);
    lua_newtable(L);  // scone: messages and the block's properties, as text
    lua::register_scone_functions(L);
    if (node)
        for (const PropNode& property : node->children) {
            if (!property.is_value()) continue;
            lua_pushstring(L, property.value.c_str());
            lua_setfield(L, -2, property.key.c_str());
        }
    lua_setglobal(L, "scone");
    if (luaL_loadbufferx(L, source.data(), source.size(), ("=" + chunk).c_str(), "t") != LUA_OK) {
        const char* text = lua_tostring(L, -1);
        Diagnostic diagnostic = located(Severity::Error, text ? text : "cannot load the script");
        diagnostic.message = "script syntax error: " + diagnostic.message;
        diagnostics.push_back(std::move(diagnostic));
        lua_pop(L, 1);
        failed = true;
        return false;
    }
    return call(0, 0, "the script's main chunk");
}

}  // namespace hfd

#endif  // HFD_HAVE_LUA
