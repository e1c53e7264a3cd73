#pragma once
// A worked example of the implicit residual serving an optimizer: a
// minimum-effort trapezoidal direct-collocation problem solved with Eigen only.
//
// Unknowns per node k = 0..N-1 (times t_k = k h, h = T / (N - 1)): the state
// y_k, its derivative y_dot_k and the control u_k (the torque of one joint
// motor about the joint's z axis, added to the motor's own torque).
// Constraints:
//   y_0 = y_start
//   r(y_k, y_dot_k; u_k) = 0                          implicit dynamics (implicit_residual.h)
//   y_{k+1} - y_k - h/2 (y_dot_k + y_dot_{k+1}) = 0   trapezoidal rule
//   q(y_{N-1}) = q_target,  q_dot(y_{N-1}) = 0        a dof reaches its target at rest
// Cost: the trapezoidal integral of u^2.
// Solver: sequential quadratic programming with the cost Hessian (a
// Gauss-Newton Hessian of the Lagrangian: the constraints are handled by
// Newton's method on the KKT conditions), the sparse KKT system solved by
// Eigen's SparseLU, and a backtracking line search on f + mu |c|_1.
// Jacobians: the residual's (analytic in y_dot, central differences in y and u).
// Initial guess: the dof interpolated linearly from start to target, posed by
// apply_dofs, with y_dot from the trapezoidal rule.
#include "analysis/implicit_residual.h"
#include "sim/simulation.h"

#include <Eigen/Core>
#include <string>
#include <vector>

namespace hfd {

struct CollocationSettings {
    Index motor = 0;      // Model::motors index driven by u
    Index dof = 0;        // Model::dofs index that must reach the target
    double target = 0;    // dof value at the end [rad or m]
    double duration = 1;  // s
    int nodes = 41;
    int max_iterations = 60;
    double tolerance = 1e-8;  // largest constraint violation (and step) at convergence
};

struct CollocationResult {
    bool converged = false;
    int iterations = 0;
    double cost = 0;                  // integral of u^2 [N^2 m^2 s]
    double constraint_violation = 0;  // largest |c| at the end
    std::vector<double> time;
    std::vector<Eigen::VectorXd> state;  // y per node
    std::vector<double> control;         // u per node [N m]
    std::vector<double> dof_value;       // the target dof per node
    std::string message;
};

// `sim` starts from its current state; its controls are changed during the
// solve and restored afterwards.
CollocationResult solve_min_effort_collocation(Simulation& sim, const ImplicitDynamics& dynamics,
                                               const CollocationSettings& settings);

// Re-runs the ordinary integrator of `sim` from the same start with u
// interpolated linearly between the nodes (held during each step, steps at most
// h / 20); returns the target dof value at the end.
double resimulate_dof(Simulation& sim, const CollocationSettings& settings, const CollocationResult& result,
                      State start);

}  // namespace hfd
