// The model as a script sees it (lua_script_impl.h): model, body, dof and muscle
// (muscles are also SCONE's actuators), read from the plant of the running call.
#ifdef HFD_HAVE_LUA

#include "control/lua_script_impl.h"

#include "state/kinematics.h"

#include <cmath>

namespace hfd::lua {

namespace {

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

}  // namespace

void register_model_api(lua_State* L) {
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
}

}  // namespace hfd::lua

#endif  // HFD_HAVE_LUA
