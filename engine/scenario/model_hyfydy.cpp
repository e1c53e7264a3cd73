#include "scenario/model_hyfydy.h"

#include "control/name_pattern.h"

#include "format/parser.h"
#include "io/state_file.h"
#include "scenario/scenario_file.h"
#include "sim/components.h"
#include "state/kinematics.h"

#include <algorithm>
#include <cmath>

namespace hfd {

bool matches_pattern_list(const std::string& name, const std::string& patterns) {
    return NamePattern(patterns).matches(name);
}

ModelHyfydyOptions read_model_hyfydy(const PropNode& node, CreationContext& context, const std::string& directory) {
    ModelHyfydyOptions options;
    PropertyReader reader(node, context, "ModelHyfydy");
    if (const std::optional<std::string> file = reader.required_text("model_file"))
        options.model_file = find_scenario_file(directory, *file);
    if (const std::string state = reader.text("state_init_file"); !state.empty())
        options.state_init_file = find_scenario_file(directory, state);
    options.ignore_state_activations = reader.flag("state_init_file_ignore_activations", false);
    options.state_offset = reader.child("initial_state_offset");
    options.offset_include = reader.text("initial_state_offset_include", "*");
    options.offset_exclude = reader.text("initial_state_offset_exclude", "");
    if (reader.flag("initial_state_offset_symmetric", false))
        context.error(*reader.child("initial_state_offset_symmetric"),
                      "initial_state_offset_symmetric is not supported");
    options.initial_load = reader.parameter("initial_load", 0.2);
    options.initial_load_dof = reader.text("initial_load_dof", "pelvis_ty");
    options.control_step = reader.number("fixed_control_step_size", 0.001);
    if (!(options.control_step > 0)) {
        context.error(*reader.child("fixed_control_step_size"), "fixed_control_step_size must be > 0");
        options.control_step = 0.001;
    }
    if (reader.has("use_fixed_control_step_size") && !reader.flag("use_fixed_control_step_size", true))
        context.error(*reader.child("use_fixed_control_step_size"),
                      "controllers run at a fixed control step only (use_fixed_control_step_size = 1)");
    reader.accept("fixed_measure_step_size");
    reader.accept("max_integration_step_size");
    options.opensim_activation = reader.flag("use_opensim_activation_dynamics", false);
    options.zero_velocity_equilibration = reader.flag("zero_velocity_equilibration", false);
    if (reader.has("initialize_activations_from_controller"))
        options.activations_from_controller = reader.flag("initialize_activations_from_controller", false);
    options.equilibration_activation = reader.parameter("initial_equilibration_activation", 0.05);
    options.min_activation = reader.parameter("min_muscle_activation", 0.01);
    options.max_activation = reader.parameter("max_muscle_activation", 1);
    options.sensor_delay_scaling = reader.parameter("sensor_delay_scaling_factor", 1);
    options.muscle_force_multiplier = reader.number("muscle_force_multiplier", 1);
    if (!(options.muscle_force_multiplier > 0) || !std::isfinite(options.muscle_force_multiplier)) {
        context.error(*reader.child("muscle_force_multiplier"), "muscle_force_multiplier must be a number > 0");
        options.muscle_force_multiplier = 1;
    }
    for (const char* key : {"signature", "signature_prefix", "signature_postfix", "scone_version", "hyfydy_version",
                            "name", "use_omnidirectional_root_dofs", "enable_external_forces"})
        reader.accept(key);
    if (reader.has("composite_force") || std::any_of(node.children.begin(), node.children.end(), [](const PropNode& c) {
            return c.key.find("integrator") != std::string::npos;
        })) {
        options.config_root = &node;
        for (const PropNode& child : node.children)
            if (child.key == "composite_force" || child.key.find("integrator") != std::string::npos)
                reader.accept(child.key);
    }
    options.properties = reader.child("Properties");
    if (const PropNode* delays = reader.child("neural_delays"))
        options.neural_delays = read_neural_delays(*delays, context);
    for (const char* key :
         {"muscle_input_soft_limits", "max_individual_muscle_activation", "user_input_file", "planar"})
        if (reader.has(key)) context.error(*reader.child(key), std::string(key) + " is not supported");
    return options;
}

bool apply_model_properties(const PropNode& properties, Model& model, CreationContext& context) {
    bool ok = true;
    for (const PropNode& entry : properties.children) {
        const Index muscle = model.find_muscle(entry.key);
        if (muscle == no_index || !entry.is_group()) {
            context.error(entry, muscle == no_index ? "Properties: '" + entry.key + "' is not a muscle of the model"
                                                    : "Properties: expected " + entry.key + " { property = value }");
            ok = false;
            continue;
        }
        Muscle& m = model.muscles[muscle];
        for (const PropNode& property : entry.children) {
            std::string name = property.key, how = "value";
            for (const char* suffix : {".factor", ".offset"}) {
                const std::string s = suffix;
                if (name.size() > s.size() && name.compare(name.size() - s.size(), s.size(), s) == 0) {
                    how = s.substr(1);
                    name.resize(name.size() - s.size());
                }
            }
            double* target = name == "max_isometric_force"    ? &m.max_isometric_force
                             : name == "optimal_fiber_length" ? &m.optimal_fiber_length
                             : name == "tendon_slack_length"  ? &m.tendon_slack_length
                             : name == "pennation_angle"      ? &m.pennation_angle
                                                              : nullptr;
            std::string error;
            const std::optional<double> value = property.is_value() ? to_number(property, &error) : std::nullopt;
            if (!target || !value) {
                context.error(property, !target ? "Properties: unknown muscle property '" + name +
                                                      "' (max_isometric_force, optimal_fiber_length, "
                                                      "tendon_slack_length, pennation_angle)"
                                                : "Properties: expected a number for '" + property.key + "'");
                ok = false;
                continue;
            }
            *target = how == "factor" ? *target * *value : how == "offset" ? *target + *value : *value;
            if (!(m.max_isometric_force > 0 && m.optimal_fiber_length > 0 && m.tendon_slack_length > 0 &&
                  m.pennation_angle >= 0 && m.pennation_angle < 1.5)) {
                context.error(property, "Properties: muscle '" + m.name + "' gets an impossible " + name);
                ok = false;
            }
        }
    }
    return ok;
}

bool has_planar_joint_limits(const Model& model) {
    if (model.joints.empty()) return false;
    for (const Joint& joint : model.joints) {
        if (!joint.has_limits) return false;
        for (int axis = 0; axis < 2; ++axis)
            if (joint.limit_min[axis] != 0 || joint.limit_max[axis] != 0) return false;
    }
    return true;
}

SimConfig model_hyfydy_default_config(const Model& model) {
    // The forces of SCONE's V2 configs (Examples2's HfdConfigPlanarV2, and the configs
    // of the 2023 Hyfydy benchmarks, planar and 3D): the Simbody friction at a 0.15 m/s
    // transition velocity (with it 48 % of samples of the final distribution of SCONE's
    // Tutorial 4a parameters walk 20 s, 0 % with the older examples' viscous friction;
    // docs/gait_4a.md). A planar model gets the names Hyfydy 1.12's log gives:
    // planar_joint_force_pnld2 (its unclamped limit law, as recorded) and
    // predictive_integrator_psemtw (run as planar symplectic Euler, _pse). A 3D model:
    // joint_force_pnld and the integrator its 3D (H1922) configs name,
    // error_control_integrator_sem (no 3D run of 1.12 is recorded). The engine's own
    // default for a model without config is midpoint Euler (error_control_integrator_mem),
    // which no SCONE config names and which took 36 % more steps on H1922.
    const bool planar = has_planar_joint_limits(model);
    std::vector<Diagnostic> ignored;
    const std::string text =
        std::string("composite_force {\n") + (planar ? "  planar_joint_force_pnld2 {}\n" : "  joint_force_pnld {}\n") +
        "  simple_collision_detection {}\n"
        "  contact_force_hunt_crossley_sb { transition_velocity = 0.15 }\n"
        "  muscle_activation { activation_rate = 100 deactivation_rate = 25 }\n"
        "  muscle_force_m2012fast { xi = 0.1 use_pennation_during_equilibration = 1 }\n" +
        // joint motors need their force component (Examples3's H0906 jumps with them alone)
        (planar && model.motors.empty() ? "" : "  joint_motor_force {}\n") + "}\n" +
        (planar ? "predictive_integrator_psemtw" : "error_control_integrator_sem") + " { accuracy = 0.01 }\n";
    const char* file = planar ? "(ModelHyfydy planar default)" : "(ModelHyfydy 3D default)";
    const ParseResult parsed = parse_text(text, file);
    SimConfig config = read_sim_config(parsed.root, file, ignored);
    config.from_defaults = true;
    return config;
}

SimConfig read_model_hyfydy_config(const PropNode& model_hyfydy, const std::string& file, const Model& model,
                                   std::vector<Diagnostic>& diagnostics) {
    PropNode blocks;
    blocks.kind = PropNode::Kind::Group;
    bool has_forces = false, has_integrator = false;
    const auto names = integrator_names();
    for (const PropNode& child : model_hyfydy.children) {
        const bool forces = child.key == "composite_force";
        const bool integrator = std::find(names.begin(), names.end(), child.key) != names.end();
        if (!forces && child.key.find("integrator") == std::string::npos) continue;
        // an integrator the manual does not name is not replaced by the default in silence
        if (!forces && !integrator) {
            diagnostics.push_back({Severity::Error, location_of(child, file),
                                   "unknown integrator '" + child.key + "' (not in the manual)"});
            continue;
        }
        blocks.children.push_back(child);
        has_forces |= forces, has_integrator |= integrator;
    }
    SimConfig config = read_sim_config(blocks, file, diagnostics);
    const SimConfig defaults = model_hyfydy_default_config(model);
    if (!has_forces) config.composite_force = defaults.composite_force;
    if (!has_integrator) config.integrator = defaults.integrator;
    return config;
}

double static_leg_load(const Simulation& simulation, const std::vector<Leg>& legs, State state) {
    for (Vec3& v : state.lin_vel) v.setZero();
    for (Vec3& w : state.ang_vel) w.setZero();
    Data data = simulation.data();
    simulation.evaluate(state, data);
    double total = 0;
    for (const Leg& leg : legs) total += leg_ground_force(simulation.model(), data, leg).norm();
    return total;
}

namespace {

// Moves `dof` so that the static leg load is `target` N, by bisection: the load
// falls as the dof (a root height) rises.
bool adjust_to_load(const Simulation& simulation, const std::vector<Leg>& legs, Index dof, double target,
                    DofAssignment& dofs, State& state, std::string& error) {
    const Model& model = simulation.model();
    const auto load_at = [&](double height) {
        DofAssignment trial = dofs;
        trial.value[dof] = height;
        State posed = state;
        apply_dofs(model, trial, posed);
        return static_leg_load(simulation, legs, posed);
    };
    double high = dofs.value[dof], low = dofs.value[dof];
    for (int i = 0; load_at(high) > target; ++i) {
        if (i > 60) {
            error = "initial_load: no height of '" + model.dofs[dof].name + "' lifts the legs' load below it";
            return false;
        }
        high += 0.05;
    }
    for (int i = 0; load_at(low) < target; ++i) {
        if (i > 100) {
            error = "initial_load: no height of '" + model.dofs[dof].name + "' loads the legs with " +
                    number_in_message(target) + " N";
            return false;
        }
        low -= 0.01;
    }
    for (int i = 0; i < 50 && high - low > 1e-9; ++i) {
        const double middle = 0.5 * (low + high);
        (load_at(middle) > target ? low : high) = middle;
    }
    dofs.value[dof] = 0.5 * (low + high);
    apply_dofs(model, dofs, state);
    return true;
}

}  // namespace

bool prepare_initial_state(Simulation& simulation, const ModelHyfydyOptions& options, const PropNode& node,
                           const std::vector<Leg>& legs, CreationContext& context,
                           const std::function<std::vector<double>()>& controller_excitation) {
    const Model& model = simulation.model();
    DofAssignment dofs = default_dof_assignment(model);
    std::vector<double> activations;
    if (!options.state_init_file.empty()) {
        StateFileResult read = read_state_file(options.state_init_file, model);
        for (Diagnostic& diagnostic : read.diagnostics) context.diagnostics->push_back(std::move(diagnostic));
        if (!read.ok()) return false;
        dofs = *read.dofs;
        if (!options.ignore_state_activations) activations = read.activations;
    }
    if (options.state_offset) {
        // a copy of the spec node under each state's name gives each its own parameter
        PropNode spec_holder;
        spec_holder.kind = PropNode::Kind::Group;
        const NamePattern include(options.offset_include), exclude(options.offset_exclude);
        for (size_t d = 0; d < model.dofs.size(); ++d) {
            for (int velocity = 0; velocity < 2; ++velocity) {
                const std::string state_name = model.dofs[d].name + (velocity ? "_u" : "");
                if (!include.matches(state_name) || exclude.matches(state_name)) continue;
                PropNode& spec = spec_holder.children.emplace_back(*options.state_offset);
                spec.key = state_name + ".offset";
            }
        }
        PropertyReader offsets(spec_holder, context, "initial_state_offset");
        for (size_t d = 0; d < model.dofs.size(); ++d) {
            dofs.value[d] += offsets.parameter(model.dofs[d].name + ".offset", 0);
            dofs.velocity[d] += offsets.parameter(model.dofs[d].name + "_u.offset", 0);
        }
    }
    State state = simulation.initial_state();
    apply_dofs(model, dofs, state);
    if (options.initial_load > 0) {
        const Index dof = model.find_dof(options.initial_load_dof);
        if (dof == no_index) {
            context.error(node, "initial_load_dof '" + options.initial_load_dof + "' is not a dof of the model");
            return false;
        }
        std::string error;
        if (!adjust_to_load(simulation, legs, dof, options.initial_load * model.total_mass() * model.gravity.norm(),
                            dofs, state, error)) {
            context.error(node, error);
            return false;
        }
    }
    const bool from_file = !activations.empty();
    for (size_t m = 0; m < model.muscles.size(); ++m) {
        const double given = from_file ? activations[m] : std::nan("");
        state.activation[m] = std::isnan(given) ? options.equilibration_activation : given;
    }
    const FiberEquilibrium equilibrium =
        options.zero_velocity_equilibration ? FiberEquilibrium::ZeroVelocity : FiberEquilibrium::PathVelocity;
    simulation.set_initial_state(state, equilibrium);
    if (controller_excitation && options.activations_from_controller.value_or(!from_file)) {
        const std::vector<double> excitation = controller_excitation();
        for (size_t m = 0; m < model.muscles.size(); ++m)
            state.activation[m] = std::clamp(excitation[m], options.min_activation, options.max_activation);
        simulation.set_initial_state(state, equilibrium);
    }
    return true;
}

}  // namespace hfd
