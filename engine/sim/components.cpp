#include "sim/components.h"

#include "forces/hill_muscle_force.h"
#include "forces/muscle_fiber_gh2010.h"
#include "forces/muscle_fiber_m2012.h"
#include "forces/muscle_fiber_tj2003.h"
#include "forces/simple_collision_detection.h"

#include <algorithm>
#include <iterator>

namespace hfd {

// Factories, each in its component's file.
std::unique_ptr<ForceComponent> create_joint_force_pnld(const PropNode& props, ForceContext& context);
std::unique_ptr<ForceComponent> create_joint_force_pd(const PropNode& props, ForceContext& context);
std::unique_ptr<ForceComponent> create_planar_joint_force_pnld(const PropNode& props, ForceContext& context);
std::unique_ptr<ForceComponent> create_joint_force_pnld2(const PropNode& props, ForceContext& context);
std::unique_ptr<ForceComponent> create_planar_joint_force_pnld2(const PropNode& props, ForceContext& context);
std::unique_ptr<ForceComponent> create_planar_joint_force_pd(const PropNode& props, ForceContext& context);
std::unique_ptr<ForceComponent> create_contact_force_pd(const PropNode& props, ForceContext& context);
std::unique_ptr<ForceComponent> create_contact_force_hunt_crossley(const PropNode& props, ForceContext& context);
std::unique_ptr<ForceComponent> create_contact_force_hunt_crossley_sb(const PropNode& props, ForceContext& context);
std::unique_ptr<ForceComponent> create_muscle_activation(const PropNode& props, ForceContext& context);
std::unique_ptr<ForceComponent> create_muscle_activation_opensim(const PropNode& props, ForceContext& context);
std::unique_ptr<ForceComponent> create_joint_motor_force(const PropNode& props, ForceContext& context);

namespace {

using F = ComponentFamily;

// Properties; defaults and bounds as in docs/format_reference.md (the format
// reference test compares the two).
constexpr PropertySpec collision_properties[] = {{"enable_collision_between_objects", 0, Bound::Flag}};
// viscosity: eta, 1000 N s/m (the manual's example and every SCONE config; the manual names no default)
constexpr PropertySpec viscous_friction_properties[] = {{"viscosity", 1000, Bound::NonNegative}};
constexpr PropertySpec hunt_crossley_sb_properties[] = {{"transition_velocity", 0.1, Bound::Positive}};
// activation dynamics (manual: 100 and 25 s^-1)
constexpr PropertySpec activation_properties[] = {{"activation_rate", 100, Bound::Positive},
                                                  {"deactivation_rate", 25, Bound::Positive}};
// OpenSim's activation dynamics (Thelen 2003: 10 and 40 ms)
constexpr PropertySpec opensim_activation_properties[] = {{"activation_time_constant", 0.01, Bound::Positive},
                                                          {"deactivation_time_constant", 0.04, Bound::Positive}};
constexpr PropertySpec m2012fast_properties[] = {{"xi", 0.1, Bound::Positive},
                                                 {"v_max", 10, Bound::Positive},
                                                 {"use_pennation_during_equilibration", 0, Bound::Flag}};
constexpr PropertySpec gh2010_properties[] = {{"v_max", 12, Bound::Positive},
                                              {"min_activation", 0.01, Bound::OpenUnit}};
constexpr PropertySpec tj2003_properties[] = {
    {"xi", 0.05, Bound::NonNegative}, {"v_max", 10, Bound::Positive}, {"min_activation", 0.01, Bound::OpenUnit}};
constexpr PropertySpec fixed_step_properties[] = {{"step_size", 0.001, Bound::Positive},
                                                  {"activation_rate", 100, Bound::Positive},
                                                  {"deactivation_rate", 25, Bound::Positive},
                                                  {"implicit_joint_damping", 1, Bound::Flag}};
constexpr PropertySpec variable_step_properties[] = {
    {"accuracy", 0.01, Bound::Positive},       {"min_step", 1e-8, Bound::Positive},
    {"max_step", 0.01, Bound::Positive},       {"angular_error_weight", 1, Bound::Positive},
    {"activation_rate", 100, Bound::Positive}, {"deactivation_rate", 25, Bound::Positive},
    {"implicit_joint_damping", 1, Bound::Flag}};

constexpr std::span<const PropertySpec> none{};

// A muscle model's row: one header (forces/muscle_fiber_<model>.h) gives the step's
// force component and the analyses' fiber model alike.
template <typename Fiber>
constexpr ComponentInfo muscle_component(std::span<const PropertySpec> properties) {
    return {Fiber::name,
            F::Muscle,
            false,
            properties,
            create_hill_muscle_force<Fiber>,
            0.0,
            false,
            make_muscle_fiber_model<Fiber>};
}

const ComponentInfo table[] = {
    // name, family, planar, properties, factory
    {"joint_force_pnld", F::Joint, false, none, create_joint_force_pnld},
    {"joint_force_pd", F::Joint, false, none, create_joint_force_pd},
    {"planar_joint_force_pnld", F::Joint, true, none, create_planar_joint_force_pnld},
    {"planar_joint_force_pd", F::Joint, true, none, create_planar_joint_force_pd},
    // Hyfydy 1.12's names (its log; not in the manual): the limit law as its recordings
    // show it (forces/joint_force.cpp)
    {"joint_force_pnld2", F::Joint, false, none, create_joint_force_pnld2},
    {"planar_joint_force_pnld2", F::Joint, true, none, create_planar_joint_force_pnld2},
    {"simple_collision_detection", F::Collision, false, collision_properties, create_simple_collision_detection},
    {"contact_force_pd", F::Contact, false, viscous_friction_properties, create_contact_force_pd},
    {"contact_force_hunt_crossley", F::Contact, false, viscous_friction_properties, create_contact_force_hunt_crossley},
    {"contact_force_hunt_crossley_sb", F::Contact, false, hunt_crossley_sb_properties,
     create_contact_force_hunt_crossley_sb},
    {"muscle_activation", F::Activation, false, activation_properties, create_muscle_activation},
    {"muscle_activation_opensim", F::Activation, false, opensim_activation_properties,
     create_muscle_activation_opensim},
    muscle_component<M2012Fiber>(m2012fast_properties),
    muscle_component<GH2010Fiber>(gh2010_properties),
    muscle_component<TJ2003Fiber>(tj2003_properties),
    {"joint_motor_force", F::Actuator, false, none, create_joint_motor_force},
    // name, family, planar, properties, -, beta, step doubling
    {"forward_euler_integrator", F::FixedStepIntegrator, false, fixed_step_properties, nullptr, 0.0},
    {"symplectic_euler_integrator", F::FixedStepIntegrator, false, fixed_step_properties, nullptr, 1.0},
    {"midpoint_euler_integrator", F::FixedStepIntegrator, false, fixed_step_properties, nullptr, 0.5},
    {"planar_symplectic_euler_integrator", F::FixedStepIntegrator, true, fixed_step_properties, nullptr, 1.0},
    {"error_control_integrator_sem", F::VariableStepIntegrator, false, variable_step_properties, nullptr, 1.0},
    {"error_control_integrator_mem", F::VariableStepIntegrator, false, variable_step_properties, nullptr, 0.5},
    {"error_control_integrator_secm", F::VariableStepIntegrator, false, variable_step_properties, nullptr, 1.0, true},
    {"error_control_integrator_psem", F::VariableStepIntegrator, true, variable_step_properties, nullptr, 0.5},
    {"error_control_integrator_pse", F::VariableStepIntegrator, true, variable_step_properties, nullptr, 1.0},
    // Hyfydy 1.12's planar default (its log; not in the manual): read as the planar
    // variable-step symplectic Euler, its accuracy bound and control ours (assumed:
    // no recording shows its steps; docs/format_reference.md)
    {"predictive_integrator_psemtw", F::VariableStepIntegrator, true, variable_step_properties, nullptr, 1.0},
};

}  // namespace

std::string_view family_name(ComponentFamily family) {
    switch (family) {
        case F::Joint: return "joint";
        case F::Collision: return "collision";
        case F::Contact: return "contact";
        case F::Activation: return "activation";
        case F::Muscle: return "muscle";
        case F::Actuator: return "actuator";
        case F::Other: return "other";
        case F::FixedStepIntegrator: return "fixed-step integrator";
        case F::VariableStepIntegrator: return "variable-step integrator";
    }
    return "other";
}

bool is_integrator_family(ComponentFamily family) {
    return family == F::FixedStepIntegrator || family == F::VariableStepIntegrator;
}

bool one_per_composite_force(ComponentFamily family) { return family != F::Other && !is_integrator_family(family); }

std::span<const ComponentInfo> component_table() { return table; }

const ComponentInfo* find_component(std::string_view name) {
    const auto* found = std::find_if(std::begin(table), std::end(table),
                                     [&](const ComponentInfo& component) { return component.name == name; });
    return found == std::end(table) ? nullptr : found;
}

const PropertySpec* find_property(const ComponentInfo& component, std::string_view key) {
    for (const PropertySpec& spec : component.properties)
        if (spec.key == key) return &spec;
    return nullptr;
}

std::unique_ptr<ForceComponent> create_force(const PropNode& props, ForceContext& context) {
    const ComponentInfo* component = find_component(props.key);
    if (!component || !component->factory) {
        std::string known;
        std::vector<std::string_view> names;
        for (const ForceRegistration& r : force_registry())
            known += (known.empty() ? "" : ", ") + std::string(r.name), names.push_back(r.name);
        context.diagnostics.push_back(
            {Severity::Error, location_of(props, context.file),
             "unknown force component '" + props.key + "' (known: " + known + ")" + did_you_mean(props.key, names)});
        return nullptr;
    }
    ForceContext row{context.model, context.file, context.diagnostics, component->properties};
    return component->factory(props, row);
}

const std::vector<ForceRegistration>& force_registry() {
    static const std::vector<ForceRegistration> forces = [] {
        std::vector<ForceRegistration> r;
        for (const ComponentInfo& component : table)
            if (component.factory) r.push_back({component.name, component.factory});
        return r;
    }();
    return forces;
}

ForceFactory find_force_factory(std::string_view name) {
    const ComponentInfo* component = find_component(name);
    return component ? component->factory : nullptr;
}

std::vector<std::string_view> integrator_names() {
    std::vector<std::string_view> names;
    for (const ComponentInfo& component : table)
        if (component.is_integrator()) names.push_back(component.name);
    return names;
}

}  // namespace hfd
