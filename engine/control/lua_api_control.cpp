// What a script controls beyond muscle inputs (lua_script_impl.h): its controller's
// control parameters (SCONE's LuaController: the reflex gains of the controllers
// written inside the ScriptController), the model's neural delays, and SCONE's delayed
// sensors and actuators (DelayBuffer: whole control steps, no interpolation).
#ifdef HFD_HAVE_LUA

#include "control/lua_script_impl.h"

#include "control/neural_delays.h"

#include <algorithm>
#include <cmath>

namespace hfd::lua {

namespace {

// ---- controller ----

int controller_name(lua_State* L, Impl& impl) {
    handle(L, 1, controller_type, "controller:name()");
    const PropNode* name = impl.node ? impl.node->find("name") : nullptr;
    lua_pushstring(L, name ? name->value.c_str() : "");
    return 1;
}

// The control parameters named `name` (both legs' of a symmetric controller), as a
// range of impl.control_order; no allocation.
std::pair<const size_t*, const size_t*> find_controls(const Impl& impl, std::string_view name) {
    const auto less = [&](size_t a, std::string_view b) { return std::string_view(impl.controls[a].name) < b; };
    const auto greater = [&](std::string_view a, size_t b) { return a < std::string_view(impl.controls[b].name); };
    const size_t* begin = impl.control_order.data();
    const size_t* end = begin + impl.control_order.size();
    const size_t* first = std::lower_bound(begin, end, name, less);
    return {first, std::upper_bound(first, end, name, greater)};
}

int controller_get_control_parameter(lua_State* L, Impl& impl) {
    const char* what = "controller:get_control_parameter()";
    handle(L, 1, controller_type, what);
    const std::string_view name = string_view_arg(L, 2, what);
    const auto [first, last] = find_controls(impl, name);
    if (first == last)
        throw ScriptError(std::string(what) + ": no control parameter '" + std::string(name) +
                          "' (get_control_parameter_names() lists them)");
    lua_pushnumber(L, *impl.controls[*first].value);
    return 1;
}

// Sets every control parameter of the name; returns how many (SCONE's), 0 for a name
// that has none, with one warning per run.
int controller_set_control_parameter(lua_State* L, Impl& impl) {
    const char* what = "controller:set_control_parameter()";
    handle(L, 1, controller_type, what);
    const std::string_view name = string_view_arg(L, 2, what);
    const double value = number_arg(L, 3, what);
    if (!std::isfinite(value))
        throw ScriptError(std::string(what) + ": '" + std::string(name) + "' cannot be set to " +
                          (std::isnan(value) ? "nan" : "an infinite value"));
    const auto [first, last] = find_controls(impl, name);
    for (const size_t* i = first; i != last; ++i) *impl.controls[*i].value = value;
    if (first == last && !impl.warned_unknown_control) {
        impl.warned_unknown_control = true;
        impl.add(Severity::Warning, impl.caller_line(),
                 std::string(what) + ": no control parameter '" + std::string(name) +
                     "': nothing set (further unknown names are not reported)");
    }
    lua_pushinteger(L, lua_Integer(last - first));
    return 1;
}

int controller_get_control_parameter_names(lua_State* L, Impl& impl) {
    handle(L, 1, controller_type, "controller:get_control_parameter_names()");
    lua_createtable(L, int(impl.controls.size()), 0);
    for (size_t i = 0; i < impl.controls.size(); ++i) {
        lua_pushlstring(L, impl.controls[i].name.data(), impl.controls[i].name.size());
        lua_rawseti(L, -2, lua_Integer(i) + 1);
    }
    return 1;
}

// SCONE's LuaController methods on children (enabling them, creating parameters):
// refused with the method's name.
int controller_unsupported(lua_State* L, Impl&) {
    lua_Debug ar;
    const char* name = lua_getstack(L, 0, &ar) && lua_getinfo(L, "n", &ar) && ar.name ? ar.name : "this method";
    throw ScriptError(std::string("controller:") + name + "() is not supported yet");
}

// ---- neural delays ----

double two_way_delay(lua_State* L, Impl& impl, const char* what) {
    const std::string_view name = string_view_arg(L, 2, what);
    const Plant& plant = impl.need_plant(what);
    return plant.neural_delays ? find_two_way_neural_delay(*plant.neural_delays, name) : 0.0;
}
int model_find_two_way_neural_delay(lua_State* L, Impl& impl) {
    lua_pushnumber(L, two_way_delay(L, impl, "model:find_two_way_neural_delay()"));
    return 1;
}
int model_find_one_way_neural_delay(lua_State* L, Impl& impl) {
    lua_pushnumber(L, 0.5 * two_way_delay(L, impl, "model:find_one_way_neural_delay()"));
    return 1;
}

// ---- delayed sensors and actuators ----

// SCONE's GetDelaySampleSize: the one-way delay in whole control steps, at least one.
size_t delay_steps(Impl& impl, const std::string& what, const std::string& target, double delay) {
    const Plant& plant = impl.need_plant(what.c_str());
    if (impl.role != LuaScript::Role::controller)
        throw ScriptError(what + ": only a ScriptController has delayed sensors and actuators");
    if (!std::isfinite(delay) || delay < 0)
        throw ScriptError(what + ": invalid neural delay " + std::to_string(delay) + " for " + target);
    if (!(plant.control_step > 0)) throw ScriptError(what + ": the control step is not known here");
    const double steps = std::max(1.0, std::round(delay / plant.control_step));
    if (steps > 1e5)  // a line holds its delay's samples
        throw ScriptError(what + ": a neural delay of " + std::to_string(delay) +
                          " s is more than 100000 control steps");
    return size_t(steps);
}

// The delay line of the sensor (the same source gives the same line, as SCONE's).
int push_delayed_sensor(lua_State* L, Impl& impl, const SensorSource& source, const std::string& target, double delay,
                        const std::string& what) {
    // SCONE refuses a sensor delay of 0 (DelayedSensorGroup: "Invalid neural delay")
    if (delay == 0) throw ScriptError(what + ": invalid neural delay 0 for " + target + " (a delay must be > 0)");
    const size_t steps = delay_steps(impl, what, target, delay);
    for (size_t i = 0; i < impl.delayed_sensors.size(); ++i) {
        if (!(impl.delayed_sensors[i].source == source)) continue;
        if (impl.delayed_sensors[i].delay != steps)
            throw ScriptError(what + ": the sensor of " + target + " cannot have different delay values");
        push_handle(L, delayed_sensor_type, Index(i));
        return 1;
    }
    DelayLine line;
    line.source = source;
    line.delay = steps;
    line.ring.assign(steps + 1, 0.0);
    if (impl.excitation) {  // made in update(): this step's sample now (later steps sample first)
        line.ring[0] = read_sensor(*impl.plant, source);
        line.written = 1;
    }
    impl.delayed_sensors.push_back(std::move(line));
    push_handle(L, delayed_sensor_type, Index(impl.delayed_sensors.size() - 1));
    return 1;
}

int push_delayed_actuator(lua_State* L, Impl& impl, Index muscle, double delay, const std::string& what) {
    const std::string& target = impl.need_plant(what.c_str()).model().muscles[size_t(muscle)].name;
    const size_t steps = delay_steps(impl, what, target, delay);
    for (size_t i = 0; i < impl.delayed_actuators.size(); ++i) {
        if (impl.delayed_actuators[i].source.index != muscle) continue;
        if (impl.delayed_actuators[i].delay != steps)
            throw ScriptError(what + ": the actuator " + target + " cannot have different delay values");
        push_handle(L, delayed_actuator_type, Index(i));
        return 1;
    }
    DelayLine line;
    line.source.index = muscle;
    line.delay = steps;
    line.ring.assign(steps + 1, 0.0);
    if (impl.excitation) line.written = 1;  // made in update(): its input of this step starts now
    impl.delayed_actuators.push_back(std::move(line));
    push_handle(L, delayed_actuator_type, Index(impl.delayed_actuators.size() - 1));
    return 1;
}

Index muscle_by_name(lua_State* L, Impl& impl, const char* what) {
    const std::string_view name = string_view_arg(L, 2, what);
    const Model& model = impl.need_plant(what).model();
    for (Index m = 0; m < Index(model.muscles.size()); ++m)
        if (model.muscles[size_t(m)].name == name) return m;
    throw ScriptError(std::string(what) + ": no muscle '" + std::string(name) + "'");
}

template <SensorKind Kind>
int muscle_delayed_sensor(lua_State* L, Impl& impl, const char* what) {
    const Index m = handle(L, 1, muscle_type, what);
    const double delay = number_arg(L, 2, what);
    const std::string& name = impl.need_plant(what).model().muscles[size_t(m)].name;
    return push_delayed_sensor(L, impl, {Kind, m}, name, delay, what);
}
int muscle_create_delayed_length_sensor(lua_State* L, Impl& impl) {
    return muscle_delayed_sensor<SensorKind::FiberLength>(L, impl, "muscle:create_delayed_length_sensor()");
}
int muscle_create_delayed_velocity_sensor(lua_State* L, Impl& impl) {
    return muscle_delayed_sensor<SensorKind::FiberVelocity>(L, impl, "muscle:create_delayed_velocity_sensor()");
}
int muscle_create_delayed_force_sensor(lua_State* L, Impl& impl) {
    return muscle_delayed_sensor<SensorKind::MuscleForce>(L, impl, "muscle:create_delayed_force_sensor()");
}
int muscle_create_delayed_activation_sensor(lua_State* L, Impl& impl) {
    return muscle_delayed_sensor<SensorKind::Activation>(L, impl, "muscle:create_delayed_activation_sensor()");
}
int muscle_create_delayed_actuator(lua_State* L, Impl& impl) {
    const char* what = "muscle:create_delayed_actuator()";
    const Index m = handle(L, 1, muscle_type, what);
    return push_delayed_actuator(L, impl, m, number_arg(L, 2, what), what);
}

template <SensorKind Kind>
int model_delayed_muscle_sensor(lua_State* L, Impl& impl, const char* what) {
    handle(L, 1, model_type, what);
    const Index m = muscle_by_name(L, impl, what);
    const double delay = number_arg(L, 3, what);
    return push_delayed_sensor(L, impl, {Kind, m}, impl.plant->model().muscles[size_t(m)].name, delay, what);
}
int model_create_delayed_muscle_length_sensor(lua_State* L, Impl& impl) {
    return model_delayed_muscle_sensor<SensorKind::FiberLength>(L, impl, "model:create_delayed_muscle_length_sensor()");
}
int model_create_delayed_muscle_velocity_sensor(lua_State* L, Impl& impl) {
    return model_delayed_muscle_sensor<SensorKind::FiberVelocity>(L, impl,
                                                                  "model:create_delayed_muscle_velocity_sensor()");
}
int model_create_delayed_muscle_force_sensor(lua_State* L, Impl& impl) {
    return model_delayed_muscle_sensor<SensorKind::MuscleForce>(L, impl, "model:create_delayed_muscle_force_sensor()");
}
int model_create_delayed_muscle_activation_sensor(lua_State* L, Impl& impl) {
    return model_delayed_muscle_sensor<SensorKind::Activation>(L, impl,
                                                               "model:create_delayed_muscle_activation_sensor()");
}
int model_create_delayed_muscle_actuator(lua_State* L, Impl& impl) {
    const char* what = "model:create_delayed_muscle_actuator()";
    handle(L, 1, model_type, what);
    const Index m = muscle_by_name(L, impl, what);
    return push_delayed_actuator(L, impl, m, number_arg(L, 3, what), what);
}

template <SensorKind Kind>
int dof_delayed_sensor(lua_State* L, Impl& impl, const char* what) {
    const Index d = handle(L, 1, dof_type, what);
    const double delay = number_arg(L, 2, what);
    return push_delayed_sensor(L, impl, {Kind, d}, impl.need_plant(what).model().dofs[size_t(d)].name, delay, what);
}
int dof_create_delayed_position_sensor(lua_State* L, Impl& impl) {
    return dof_delayed_sensor<SensorKind::DofPosition>(L, impl, "dof:create_delayed_position_sensor()");
}
int dof_create_delayed_velocity_sensor(lua_State* L, Impl& impl) {
    return dof_delayed_sensor<SensorKind::DofVelocity>(L, impl, "dof:create_delayed_velocity_sensor()");
}

DelayLine& line_of(lua_State* L, Impl& impl, bool sensor, const char* what) {
    const Index i = handle(L, 1, sensor ? delayed_sensor_type : delayed_actuator_type, what);
    std::vector<DelayLine>& lines = sensor ? impl.delayed_sensors : impl.delayed_actuators;
    if (size_t(i) >= lines.size())
        throw ScriptError(std::string(what) + ": the delay line is gone (made before a reset)");
    return lines[size_t(i)];
}
int delayed_sensor_value(lua_State* L, Impl& impl) {
    const DelayLine& line = line_of(L, impl, true, "delayed_sensor:value()");
    // before its first sample (read in init): the sensor now, as SCONE fills a new line
    if (line.written == 0 && impl.plant) lua_pushnumber(L, read_sensor(*impl.plant, line.source));
    else lua_pushnumber(L, line.due());
    return 1;
}
int delayed_sensor_delay_buffer_size(lua_State* L, Impl& impl) {
    lua_pushinteger(L, lua_Integer(line_of(L, impl, true, "delayed_sensor:delay_buffer_size()").delay));
    return 1;
}
int delayed_actuator_add_input(lua_State* L, Impl& impl) {
    const char* what = "delayed_actuator:add_input()";
    DelayLine& line = line_of(L, impl, false, what);
    const double value = number_arg(L, 2, what);
    if (!impl.excitation) throw ScriptError(std::string(what) + ": only a ScriptController's update() sets inputs");
    line.slot(line.written - 1) += value;
    return 0;
}
int delayed_actuator_delay_buffer_size(lua_State* L, Impl& impl) {
    lua_pushinteger(L, lua_Integer(line_of(L, impl, false, "delayed_actuator:delay_buffer_size()").delay));
    return 1;
}

}  // namespace

void begin_delay_step(Impl& impl, const Plant& plant) {
    for (DelayLine& line : impl.delayed_sensors) line.slot(line.written++) = read_sensor(plant, line.source);
    for (DelayLine& line : impl.delayed_actuators) line.slot(line.written++) = 0;
}

void end_delay_step(Impl& impl, std::vector<double>& excitation) {
    for (const DelayLine& line : impl.delayed_actuators) excitation[size_t(line.source.index)] += line.due();
}

void register_control_api(lua_State* L) {
    register_type(L, controller_type,
                  {{"name", bind<controller_name>},
                   {"get_control_parameter", bind<controller_get_control_parameter>},
                   {"set_control_parameter", bind<controller_set_control_parameter>},
                   {"get_control_parameter_names", bind<controller_get_control_parameter_names>},
                   {"child_count", bind<controller_unsupported>},
                   {"child", bind<controller_unsupported>},
                   {"set_child_enabled", bind<controller_unsupported>},
                   {"is_child_enabled", bind<controller_unsupported>},
                   {"create_control_parameter", bind<controller_unsupported>}});
    add_methods(L, model_type,
                {{"find_one_way_neural_delay", bind<model_find_one_way_neural_delay>},
                 {"find_two_way_neural_delay", bind<model_find_two_way_neural_delay>},
                 {"create_delayed_muscle_length_sensor", bind<model_create_delayed_muscle_length_sensor>},
                 {"create_delayed_muscle_velocity_sensor", bind<model_create_delayed_muscle_velocity_sensor>},
                 {"create_delayed_muscle_force_sensor", bind<model_create_delayed_muscle_force_sensor>},
                 {"create_delayed_muscle_activation_sensor", bind<model_create_delayed_muscle_activation_sensor>},
                 {"create_delayed_muscle_actuator", bind<model_create_delayed_muscle_actuator>}});
    add_methods(L, muscle_type,
                {{"create_delayed_length_sensor", bind<muscle_create_delayed_length_sensor>},
                 {"create_delayed_velocity_sensor", bind<muscle_create_delayed_velocity_sensor>},
                 {"create_delayed_force_sensor", bind<muscle_create_delayed_force_sensor>},
                 {"create_delayed_activation_sensor", bind<muscle_create_delayed_activation_sensor>},
                 {"create_delayed_actuator", bind<muscle_create_delayed_actuator>}});
    add_methods(L, dof_type,
                {{"create_delayed_position_sensor", bind<dof_create_delayed_position_sensor>},
                 {"create_delayed_velocity_sensor", bind<dof_create_delayed_velocity_sensor>}});
    register_type(
        L, delayed_sensor_type,
        {{"value", bind<delayed_sensor_value>}, {"delay_buffer_size", bind<delayed_sensor_delay_buffer_size>}});
    register_type(L, delayed_actuator_type,
                  {{"add_input", bind<delayed_actuator_add_input>},
                   {"delay_buffer_size", bind<delayed_actuator_delay_buffer_size>}});
}

}  // namespace hfd::lua

#endif  // HFD_HAVE_LUA
