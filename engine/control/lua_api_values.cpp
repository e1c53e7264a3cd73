// The script's values and bookkeeping (lua_script_impl.h): argument helpers, vec3,
// the scone table's message functions, par (parameters, declared in init) and frame
// (store_data's channels).
#ifdef HFD_HAVE_LUA

#include "control/lua_script_impl.h"

#include <cmath>
#include <cstdlib>

namespace hfd::lua {

double number_arg(lua_State* L, int index, const char* what) {
    int ok = 0;
    const double value = lua_tonumberx(L, index, &ok);
    if (!ok)
        throw ScriptError(std::string(what) + ": argument " + std::to_string(index - 1) + " must be a number, not " +
                          luaL_typename(L, index));
    return value;
}

std::string_view string_view_arg(lua_State* L, int index, const char* what) {
    size_t length = 0;
    const char* text = lua_type(L, index) == LUA_TSTRING || lua_type(L, index) == LUA_TNUMBER
                           ? lua_tolstring(L, index, &length)
                           : nullptr;
    if (!text)
        throw ScriptError(std::string(what) + ": argument " + std::to_string(index - 1) + " must be a string, not " +
                          luaL_typename(L, index));
    return {text, length};
}

std::string string_arg(lua_State* L, int index, const char* what) {
    return std::string(string_view_arg(L, index, what));
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

namespace {

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

}  // namespace

void register_value_api(lua_State* L) {
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
    lua_newtable(L);  // vec3.new(x, y, z)
    lua_pushcfunction(L, bind<vec3_new>);
    lua_setfield(L, -2, "new");
    lua_setglobal(L, "vec3");

    register_type(L, par_type,
                  {{"create_from_mean_std", bind<par_create_from_mean_std>},
                   {"create_from_string", bind<par_create_from_string>},
                   {"get", bind<par_get>}});
    register_type(L, frame_type,
                  {{"set_value", bind<frame_set_value>},
                   {"set_bool", bind<frame_set_bool>},
                   {"set_vec3", bind<frame_set_vec3>},
                   {"time", bind<frame_time>}});
}

void register_scone_functions(lua_State* L) {
    const Method messages[] = {{"trace", bind<scone_debug>},
                               {"debug", bind<scone_debug>},
                               {"info", bind<scone_info>},
                               {"warning", bind<scone_warning>},
                               {"error", bind<scone_error>}};
    for (const Method& m : messages) {
        lua_pushcfunction(L, m.function);
        lua_setfield(L, -2, m.name);
    }
}

}  // namespace hfd::lua

#endif  // HFD_HAVE_LUA
