#pragma once
// The whole model as an implicit differential equation r(y, y_dot) = 0, for
// optimizers and implicit solvers (the "implicit residual" interface).
//
// State vector y, one name per entry, in this order (stable; see names()):
//   per moving body (Model::bodies order):
//     <body>.pos_x/y/z        centre of mass, world [m]
//     <body>.ori_w/x/y/z      body -> world quaternion
//     <body>.vel_x/y/z        linear velocity, world [m/s]
//     <body>.ang_vel_x/y/z    angular velocity, world [rad/s]
//   per muscle (Model::muscles order), when the model has muscles:
//     <muscle>.activation
//     <muscle>.fiber_length   [m], only when a muscle force integrates it
// Residuals, one per entry of y, zero exactly when y_dot = f(y) (the explicit
// derivative of Simulation::evaluate at the current controls):
//   pos       y_dot - v
//   ori       y_dot - 1/2 (0, w) q               (q_dot for a world-frame w)
//   vel       m y_dot - F                        [N]    residual force
//   ang_vel   R (I R^T y_dot + w_b x I w_b) - T  [N m]  (world; w_b = R^T w)
//   planar runs: vel z and ang_vel x, y are m y_dot and I y_dot (the planar
//   dynamics keeps them at 0), ang_vel z is I_zz y_dot - T_z
//   activation    y_dot - da/dt (the activation dynamics is already explicit)
//   fiber_length  the force equilibrium of muscle_residual.h, with the fiber
//                 velocity as unknown (a muscle force without an implicit form
//                 here falls back to y_dot - dl/dt)
// Jacobians: d r / d y_dot is analytic (identity, the mass matrix blocks; the
// fiber rows by central differences), d r / d y by central differences with
// step h_j = 1e-6 max(1, |y_j|) per entry (truncation O(h^2), round-off about
// 1e-10 relative). Their sparsity (jacobian_y_pattern) follows from the model:
// a body's residual depends on the bodies it shares a joint, a muscle path or a
// possible contact with, and on the states of the muscles that pull on it.
#include "analysis/muscle_residual.h"
#include "sim/simulation.h"

#include <Eigen/Core>
#include <string>
#include <vector>

namespace hfd {

class ImplicitDynamics {
public:
    // `config` is the one the simulation was created from (muscle settings).
    ImplicitDynamics(const Simulation& sim, const SimConfig& config);

    const std::vector<std::string>& names() const { return names_; }
    const Model& model() const { return sim_.model(); }
    int size() const { return int(names_.size()); }
    Index find(std::string_view name) const;  // no_index when absent

    Eigen::VectorXd pack(const State& state) const;
    // Scales every body's quaternion entries of y to unit length.
    void normalize_quaternions(Eigen::Ref<Eigen::VectorXd> y) const;
    // Writes y into a copy of `base` (static bodies, time and the rest from it).
    State unpack(const Eigen::VectorXd& y, const State& base) const;

    // At the simulation's controls, time `base.time`.
    Eigen::VectorXd explicit_derivative(const Eigen::VectorXd& y, const State& base) const;
    Eigen::VectorXd residual(const Eigen::VectorXd& y, const Eigen::VectorXd& y_dot, const State& base) const;
    Eigen::MatrixXd jacobian_y(const Eigen::VectorXd& y, const Eigen::VectorXd& y_dot, const State& base) const;
    Eigen::MatrixXd jacobian_y_dot(const Eigen::VectorXd& y, const Eigen::VectorXd& y_dot, const State& base) const;
    // Entries of d r / d y that may be nonzero (all others are exactly zero).
    Eigen::Matrix<bool, Eigen::Dynamic, Eigen::Dynamic> jacobian_y_pattern() const;

    static constexpr double relative_step = 1e-6;

private:
    void residual_into(const Eigen::VectorXd& y, const Eigen::VectorXd& y_dot, const State& base, Data& data,
                       Eigen::VectorXd& r) const;
    int body_offset(Index body) const { return body_offset_[size_t(body)]; }

    const Simulation& sim_;
    std::vector<std::string> names_;
    std::vector<int> body_offset_;  // per body, first entry (-1 static)
    int muscle_offset_ = 0;
    bool fiber_state_ = false;
    std::shared_ptr<const MuscleFiberModel> muscle_model_;  // null: the fiber derivative as the model steps it
};

}  // namespace hfd
