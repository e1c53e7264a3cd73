#pragma once
// SCONE's ModelHyfydy block: which model to simulate, how its initial state is
// made, and how often controllers run.
//
//   model_file                      the .hfd model (required)
//   state_init_file                 values / velocities / activations (state_file.h)
//   state_init_file_ignore_activations = 0
//   initial_state_offset            a parameter spec (e.g. 0~0.01<-0.5,0.5>): one parameter
//                                   "<state>.offset" per dof position (state name: the dof)
//                                   and velocity ("<dof>_u") matched by
//   initial_state_offset_include = "*", initial_state_offset_exclude = ""  (';'-separated, * and ?)
//   initial_load = 0.2              body weights: the initial_load_dof (pelvis_ty) is moved so
//                                   that the legs' ground forces, at zero velocity, sum to it
//   fixed_control_step_size = 0.001 s between controller and measure updates
//   use_opensim_activation_dynamics = 0     muscle_activation_opensim instead of muscle_activation
//   zero_velocity_equilibration = 0        1: muscles start in equilibrium at zero fiber velocity;
//                                   0: with the fiber moving at cos(alpha) dL/dt (FiberEquilibrium)
//   initialize_activations_from_controller  (default: when the state file gives no activations)
//   initial_equilibration_activation = 0.05 activation when neither gives one
//   min_muscle_activation = 0.01, max_muscle_activation = 1   excitation bounds
//   sensor_delay_scaling_factor = 1
//   neural_delays { gastroc = 0.04 ... }  two-way delays for scripts (control/neural_delays.h)
//   Properties { muscle { max_isometric_force.factor = 0.3 } }   see apply_model_properties
//   composite_force { ... } and an integrator block: the simulation config, as in a model file
// When neither the model file nor ModelHyfydy has a config, a planar model (every joint
// locked to rotation about z) gets the forces Hyfydy 1.12's log names (planar_joint_force_pnld2,
// simple_collision_detection, contact_force_hunt_crossley_sb { transition_velocity = 0.15 },
// muscle_activation, muscle_force_m2012fast { use_pennation_during_equilibration = 1 })
// with predictive_integrator_psemtw 0.01, and a 3D model the same forces in 3D with
// joint_motor_force and error_control_integrator_sem 0.01 (model_hyfydy_default_config;
// docs/gait_4a.md says why V2). Config blocks in ModelHyfydy replace those parts.
#include "control/neural_delays.h"
#include "control/plant.h"
#include "control/properties.h"
#include "sim/simulation.h"

#include <optional>
#include <string>

namespace hfd {

struct ModelHyfydyOptions {
    std::string model_file, state_init_file;  // resolved paths
    bool ignore_state_activations = false;
    const PropNode* state_offset = nullptr;  // the initial_state_offset node
    std::string offset_include = "*", offset_exclude;
    double initial_load = 0.2;
    std::string initial_load_dof = "pelvis_ty";
    double control_step = 0.001;
    bool opensim_activation = false;
    bool zero_velocity_equilibration = false;
    std::optional<bool> activations_from_controller;
    double equilibration_activation = 0.05;
    double min_activation = 0.01, max_activation = 1;
    double sensor_delay_scaling = 1;
    double muscle_force_multiplier = 1;     // every max_isometric_force, times the model file's
    const PropNode* config_root = nullptr;  // the ModelHyfydy node when it holds config blocks
    const PropNode* properties = nullptr;   // Properties { muscle { property(.factor|.offset) = v } }
    std::vector<NeuralDelay> neural_delays;  // neural_delays { name = two-way delay } (Lua scripts read it)
};

// SCONE's Properties block of ModelHyfydy: per muscle, `max_isometric_force`,
// `optimal_fiber_length`, `tendon_slack_length` or `pennation_angle` (radians) set to
// a value, or `.factor` (multiplied) / `.offset` (added). Unknown muscles and
// properties are located errors. Applied to the model once, before any simulation.
bool apply_model_properties(const PropNode& properties, Model& model, CreationContext& context);

// Reads the block; parameters (initial_load, ...) are declared through `context`.
// The model file and state file paths are resolved against `directory`.
ModelHyfydyOptions read_model_hyfydy(const PropNode& node, CreationContext& context, const std::string& directory);

// The config used when neither the model file nor ModelHyfydy has one.
SimConfig model_hyfydy_default_config(const Model& model);
// The config blocks written in the ModelHyfydy node (its other properties are
// ModelHyfydy's own, not unknown config blocks); a part it leaves out, the forces or
// the integrator, is that of model_hyfydy_default_config.
SimConfig read_model_hyfydy_config(const PropNode& model_hyfydy, const std::string& file, const Model& model,
                                   std::vector<Diagnostic>& diagnostics);
bool has_planar_joint_limits(const Model& model);

// SCONE's ';'-separated patterns with '*' and '?' wildcards.
bool matches_pattern_list(const std::string& name, const std::string& patterns);

// Sets the initial state: the state file, offsets (declaring their parameters),
// initial load and activations; muscles are put in equilibrium. The controller
// callback, when given, returns excitations for the initial state (to initialize
// activations from the controller). False after a located error in context.
bool prepare_initial_state(Simulation& simulation, const ModelHyfydyOptions& options, const PropNode& node,
                           const std::vector<Leg>& legs, CreationContext& context,
                           const std::function<std::vector<double>()>& controller_excitation);

// Sum over the legs of |ground force on the leg| for `state` at zero velocity (N).
double static_leg_load(const Simulation& simulation, const std::vector<Leg>& legs, State state);

}  // namespace hfd
