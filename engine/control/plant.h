#pragma once
// What controllers and measures read of a running simulation (the plant, in control
// terms): muscle, dof, body and leg quantities of the current state, named as SCONE
// names them. Quantities come from the Simulation's state and its last evaluation
// (data()), which a run keeps current after every step.
#include "state/kinematics.h"
#include "sim/simulation.h"

#include <string>
#include <vector>

namespace hfd {

// A leg as SCONE finds it: an upper body (femur_r) with a parent (the base, pelvis),
// the foot (two bodies below the upper body: calcn_r) and every body below the upper
// body that carries contact geometry.
struct Leg {
    std::string name;  // "leg0_r", "leg1_l": legs are listed right then left, in pairs
    char side = 'r';   // 'r' or 'l'
    Index upper = no_index, foot = no_index, base = no_index;
    std::vector<Index> contact_bodies;
    double length = 0;  // sum of the distances between body origins from the foot up to the upper body
};

struct NeuralDelay;

struct Plant {
    const Simulation* simulation = nullptr;
    std::vector<Leg> legs;
    double body_weight = 0;    // total mass |g|, N
    double max_duration = 0;   // s, the scenario's simulated time limit
    double previous_time = 0;  // s, the control step before the current one (SCONE's GetPreviousTime)
    // per muscle: the excitation the controllers set for the current control step
    std::vector<double> excitation;
    double control_step = 0;  // s, ModelHyfydy's fixed_control_step_size (0: not known)
    // ModelHyfydy's neural_delays (control/neural_delays.h); null when it has none
    const std::vector<NeuralDelay>* neural_delays = nullptr;

    const Model& model() const { return simulation->model(); }
    const State& state() const { return simulation->state(); }
    const Data& data() const { return simulation->data(); }
    double time() const { return simulation->state().time; }
};

// Side of a name from its suffix: 'r', 'l', 'o' (opposite) or 0; and the name without it.
char side_of_name(const std::string& name);
std::string name_without_side(const std::string& name);

// Legs by SCONE's rule: for each body named femur* (its side from a _r / _l suffix),
// the foot is the body two joints below it. Legs without a mirror are dropped.
std::vector<Leg> find_legs(const Model& model);
Plant make_plant(const Simulation& simulation, double max_duration);

// Muscle sensors, normalized as SCONE's: fiber length / optimal fiber length,
// fiber velocity / optimal fiber length (per second), tendon force / max isometric force.
double normalized_fiber_length(const Plant& plant, Index muscle);
double normalized_fiber_velocity(const Plant& plant, Index muscle);
double normalized_muscle_force(const Plant& plant, Index muscle);
double muscle_activation(const Plant& plant, Index muscle);

// Sum of the contact forces that static bodies (the ground) exert on the leg's
// contact bodies, world frame, N.
Vec3 leg_ground_force(const Plant& plant, const Leg& leg);
// The same from any evaluated Data of the model.
Vec3 leg_ground_force(const Model& model, const Data& data, const Leg& leg);
// |leg_ground_force| / body weight.
double leg_load(const Plant& plant, const Leg& leg);
// Sum of the ground forces on every dynamic body.
Vec3 total_ground_force(const Plant& plant);

// Height of a world point above the ground: along y down to the first plane geometry
// of a static body (or of the world), as SCONE projects onto its ground plane; the
// point's y when the model has no such plane (or a vertical one).
double height_above_ground(const Model& model, const State& state, const Vec3& point);

// The first dynamic body without a parent joint (the pelvis of a human model), or no_index.
Index root_body(const Model& model);

// Torques about a dof's axis, N m, signed like the dof's value; 0 for root dofs.
// A joint's limit torque (Data::joint_limit_torque, world, on the child) is, per axis
// of the joint frame R_p ref_ori, the torque the limit applies about that axis:
//   tau_dof = sign e_axis . (R_p ref_ori)^T tau_world
double dof_limit_torque(const Plant& plant, Index dof);
// The same for the joint motors acting on the dof's joint (Data::motor_torque).
double dof_motor_torque(const Plant& plant, Index dof);
// Rate of dof_velocity along the current motion, by a central difference of the
// state advanced +-h along its derivative (velocities, and the accelerations of the
// last evaluation); `scratch` is working space (its storage is reused between calls).
double dof_acceleration(const Plant& plant, Index dof, State& scratch);

}  // namespace hfd
