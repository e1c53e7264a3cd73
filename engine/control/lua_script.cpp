// SCONE's Lua scripting (lua_script.h) on Lua 5.4's C API: finding the script, the
// LuaScript calls (load, init, reinit, update, result, store_data) around the
// lua_State of lua_interpreter.cpp, and the refusals of a build without Lua.
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
void LuaScript::set_control_parameters(std::vector<ControlParameter>) {}
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

#include "control/lua_script_impl.h"

#include "format/read_text_file.h"

#include <algorithm>
#include <filesystem>
#include <numeric>

namespace hfd {

bool lua_scripts_available() { return true; }

namespace {

// init's arguments: model, par, side and, for a controller, the controller
int push_init_arguments(LuaScript::Impl& impl) {
    impl.push_ref(impl.model_ref);
    impl.push_ref(impl.par_ref);
    lua_pushnumber(impl.L, impl.side == 'l' ? -1 : impl.side == 'r' ? 1 : 0);
    if (impl.role != LuaScript::Role::controller) return 3;
    impl.push_ref(impl.controller_ref);
    return 4;
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
    const bool started = impl->start();
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

void LuaScript::set_control_parameters(std::vector<ControlParameter> parameters) {
    Impl& impl = *impl_;
    impl.controls = std::move(parameters);
    impl.control_defaults.clear();
    for (const ControlParameter& parameter : impl.controls) impl.control_defaults.push_back(*parameter.value);
    impl.control_order.resize(impl.controls.size());
    std::iota(impl.control_order.begin(), impl.control_order.end(), size_t(0));
    std::stable_sort(impl.control_order.begin(), impl.control_order.end(),
                     [&](size_t a, size_t b) { return impl.controls[a].name < impl.controls[b].name; });
}

bool LuaScript::init(const Plant* plant, CreationContext& context, char side) {
    Impl& impl = *impl_;
    impl.side = side;
    bool ok = true;
    if (impl.push_function("init")) {
        impl.plant = plant;
        impl.creation = &context;
        impl.prefix = context.prefix();
        ok = impl.call(push_init_arguments(impl), 0, "init");
        impl.creation = nullptr;
        impl.plant = nullptr;
    }
    for (Diagnostic& d : impl.diagnostics) context.diagnostics->push_back(std::move(d));
    impl.diagnostics.clear();
    return ok;
}

bool LuaScript::reinit(const Plant* plant) {
    Impl& impl = *impl_;
    impl.messages = 0;
    impl.failed = false;
    // the control parameters as at creation: a run does not start with the last one's changes
    for (size_t i = 0; i < impl.controls.size(); ++i) *impl.controls[i].value = impl.control_defaults[i];
    if (!impl.start()) return false;
    if (!impl.push_function("init")) return true;
    impl.plant = plant;
    impl.replay = true;
    const bool ok = impl.call(push_init_arguments(impl), 0, "init");
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
    if (excitation) lua::begin_delay_step(impl, plant);
    impl.push_ref(impl.model_ref);
    lua_pushnumber(impl.L, time);
    int args = 2;
    if (impl.role == Role::controller) {
        impl.push_ref(impl.controller_ref);
        ++args;
    }
    bool end = true;
    if (impl.call(args, 1, "update")) {
        end = lua_toboolean(impl.L, -1);
        lua_pop(impl.L, 1);
        if (excitation) lua::end_delay_step(impl, *excitation);
    }
    impl.plant = nullptr;
    impl.excitation = nullptr;
    return end;
}

std::optional<double> LuaScript::result(const Plant& plant) {
    Impl& impl = *impl_;
    if (impl.failed || !impl.push_function("result")) return std::nullopt;
    impl.plant = &plant;
    impl.push_ref(impl.model_ref);
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
    impl.push_ref(impl.frame_ref);
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
