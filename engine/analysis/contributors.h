#pragma once
// The force contributors of the induced acceleration analysis, each as the
// world-frame force and torque it applies to every body at one state:
//   gravity            m g on every moving body
//   velocity           the gyroscopic torque -w x (I w) of each body (3D only;
//                      the constraint velocity products are added by the solver)
//   <muscle>           one per muscle: its tendon force along its path
//                      (apply_muscle_tension_as with the tension of the muscle model)
//   <motor>            one per joint motor (joint_motor_force)
//   joint_limits       the limit torques of the joint force (present when any joint has limits)
//   perturbations      the active perturbations (present when the controls have any)
//   <component>        any other force component, applied alone
// Joint forces (anchor springs) and contact forces are not contributors: the
// analysis replaces them by ideal constraints (constraint_rows.h).
#include "sim/simulation.h"

#include <Eigen/Core>
#include <string>
#include <vector>

namespace hfd {

struct ContributorForces {
    std::vector<std::string> names;
    Eigen::MatrixXd wrench;   // 6 n_bodies x contributors: [force; torque] per body, world
    int velocity_column = 1;  // the column that also carries the constraint velocity products
};

// `scratch` is resized to the model and overwritten.
ContributorForces contributor_forces(const Simulation& sim, const State& state, Data& scratch);

}  // namespace hfd
