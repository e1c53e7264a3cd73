#pragma once
// Why a variable step failed (step size below min_step): which body had the
// largest error, and which force component, and which element of it (joint,
// contact pair, muscle, motor), changed that body's acceleration most over the
// failed trial step. Runs only after a failure, so it may allocate.
#include "sim/simulation.h"

#include <string>

namespace hfd {

struct StepFailureDiagnosis {
    Index body = no_index;
    double body_error = 0;  // h/2 max(|da|, rho |dalpha|) of that body, m/s
    std::string component;  // force component name, or "gravity and perturbations"
    std::string element;    // "joint 'knee_r'", "contact 'heel_r' - 'ground'", "muscle 'soleus_r'", or empty
};

// start: the state the step began from; trial: the rejected end state of a step of h.
StepFailureDiagnosis diagnose_step_failure(const Simulation& sim, const State& start, const State& trial, double h);

// "body 'tibia_r' (error 0.31 m/s), mostly through planar_joint_force_pnld, joint 'knee_r'"
std::string describe(const Model& model, const StepFailureDiagnosis& diagnosis);

}  // namespace hfd
