#pragma once
// Everything that changes during a run. Structure of arrays, indexed like
// Model::bodies / Model::muscles. Resetting a simulation = copying a State.
#include "model/model.h"

#include <vector>

namespace hfd {

struct State {
    double time = 0;
    // per body (static bodies included; they never change)
    std::vector<Vec3> pos;      // centre of mass, world
    std::vector<Quat> ori;      // body -> world
    std::vector<Vec3> lin_vel;  // world
    std::vector<Vec3> ang_vel;  // world
    // per muscle
    std::vector<double> activation;
    std::vector<double> fiber_length;  // integrated by the muscle models that need it

    bool same_as(const State& other) const;  // exact equality of every value
};

// Inputs set by a client between steps.
struct MotorControl {
    Quat target_ori = Quat::Identity();
    Vec3 target_vel = Vec3::Zero();
    double stiffness = 0, damping = 0;
    Vec3 added_torque = Vec3::Zero();  // added to the torque offset (add_motor_torque)
};

struct Controls {
    std::vector<double> excitation;           // per muscle, 0..1
    std::vector<MotorControl> motors;         // per Model::motors
    std::vector<Perturbation> perturbations;  // model's perturbations + added ones

    bool same_as(const Controls& other) const;  // exact equality of every value
};

// Initial state of a model: body poses as written, and when the model has dof
// components, poses walked down the joint tree from the dof defaults
// (apply_dofs). Activations 0, fiber lengths optimal (muscle components
// equilibrate them at start). Controls: excitations 0, motors as in the model.
State initial_state(const Model& model);
Controls initial_controls(const Model& model);

}  // namespace hfd
