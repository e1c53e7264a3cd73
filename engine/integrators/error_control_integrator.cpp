#include "integrators/error_control_integrator.h"

#include "integrators/body_update.h"
#include "integrators/step_context.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace hfd {

ErrorControlIntegrator::ErrorControlIntegrator(std::string_view name, double beta, bool planar, bool step_doubling,
                                               double accuracy, double min_step, double max_step,
                                               double angular_error_weight, bool implicit_joint_damping)
    : name_(name),
      beta_(beta),
      planar_(planar),
      step_doubling_(step_doubling),
      leapfrog_(beta == 1.0),
      // the leapfrog's positions are midpoint Euler's in v(t_n) = v_n + h_(n-1) a / 2:
      // x' = x + h v(t_n) + h^2 a / 2 (error_control_integrator.h)
      position_coefficients_(position_error_coefficients(beta == 1.0 ? 0.5 : beta, step_doubling)),
      accuracy_(accuracy),
      log_accuracy_(std::log(accuracy)),
      min_step_(min_step),
      max_step_(max_step),
      angular_error_weight_(angular_error_weight),
      next_step_(std::clamp(1e-4, min_step, max_step)) {
    step_scratch_.implicit_joint_damping = half_scratch_.implicit_joint_damping = implicit_joint_damping;
}

PositionErrorCoefficients position_error_coefficients(double beta, bool step_doubling) {
    // one step of h: x + h v + beta h^2 a0, against x + h v + h^2 (2 a0 + a1) / 6;
    // two steps of h/2 reach x + h v + h^2 ((beta + 1) a0 + beta a_half) / 4
    if (step_doubling) return {(3 * beta - 1) / 4, -beta / 4};
    return {beta - 1.0 / 3, -1.0 / 6};
}

namespace {
// The largest squared velocity and position terms of the error over bodies, each
// without its power of h: |a1 - a0|^2, rho^2 |alpha1 - alpha0|^2 and
// |c0 a0 + c1 a1|^2 / L^2, |c0 alpha0 + c1 alpha1|^2. Planar: x, y and the z
// rotation only, written out per component.
template <bool planar>
std::pair<double, double> largest_squared_terms(const BodyErrorWeights& weights, const PositionErrorCoefficients& c,
                                                const StepAccelerations& a0, const Data& d1) {
    const Vec3 *lin0 = a0.lin, *lin1 = d1.lin_acc.data();
    const Vec3 *ang0 = a0.ang, *ang1 = d1.ang_acc.data();
    const double c0 = c.start, c1 = c.end;
    double velocity = 0, position = 0;
    for (size_t k = 0, n = weights.body.size(); k < n; ++k) {
        const size_t b = size_t(weights.body[k]);
        double linear, angular, displacement, rotation;
        if constexpr (planar) {
            const Eigen::Vector2d a0 = lin0[b].head<2>(), a1 = lin1[b].head<2>();
            const double az0 = ang0[b].z(), az1 = ang1[b].z();
            const double dz = az1 - az0, pz = c0 * az0 + c1 * az1;
            linear = (a1 - a0).squaredNorm(), angular = dz * dz;
            displacement = (c0 * a0 + c1 * a1).squaredNorm(), rotation = pz * pz;
        } else {
            linear = (lin1[b] - lin0[b]).squaredNorm(), angular = (ang1[b] - ang0[b]).squaredNorm();
            displacement = (c0 * lin0[b] + c1 * lin1[b]).squaredNorm();
            rotation = (c0 * ang0[b] + c1 * ang1[b]).squaredNorm();
        }
        velocity = std::max(velocity, std::max(linear, weights.angular_velocity_weight_squared[k] * angular));
        position = std::max(position, std::max(weights.inverse_length_squared[k] * displacement,
                                               weights.rotation_weight_squared * rotation));
    }
    return {velocity, position};
}

// Where the step applied a0 = a~ (step_accelerations) instead of d0's a, a friction-held
// body's velocity term is also |a~ - a|, the part of the step's velocity change the
// linearly implicit friction moved: for a friction of slope c on mass m,
// h/2 |a~ - a| = (h/2) |a| x / (1 + x), x = h c / m, against the implicit step's own
// error |v - v_eq| (1 / (1 + x) - e^-x) with |a| = (c / m) |v - v_eq|: equal to first
// order in x, larger beyond. The joints' damping is left out of this term: a stiff joint
// damper removes in one step the anchors' relative velocity that the leapfrog's
// half-step velocities show on a turning body (v_j = O(h w^2 r)), so |a~ - a| = c |v_j| / m_e
// does not shrink with h; counted, it took a pendulum 407k steps over 5 s at 1e-6 with
// 401k rejected, and no error of the motion behind it (docs/accuracy.md).
double largest_implicit_term(const BodyErrorWeights& weights, const StepAccelerations& a0, const Data& d0,
                             bool planar) {
    double largest = 0;
    auto add = [&](Index b) {
        const Vec3 moved = a0.lin[b] - d0.lin_acc[b], turned = a0.ang[b] - d0.ang_acc[b];
        const double linear = planar ? moved.head<2>().squaredNorm() : moved.squaredNorm();
        const double angular = planar ? turned.z() * turned.z() : turned.squaredNorm();
        largest = std::max(largest, std::max(linear, weights.angular_velocity_weight_of_body[b] * angular));
    };
    for (Index b : d0.friction_damped_bodies) add(b);
    return largest;
}
}  // namespace

// max over bodies of max(h/2 |a1 - a0|, h/2 rho |alpha1 - alpha0|, h^2 |c0 a0 + c1 a1| / L,
// h^2 |c0 alpha0 + c1 alpha1|); compared in squares, with two square roots at the end.
double largest_body_error(const BodyErrorWeights& weights, const PositionErrorCoefficients& position,
                          const StepAccelerations& a0, const Data& d0, const Data& d1, double h, bool planar) {
    auto [velocity_squared, position_squared] = planar ? largest_squared_terms<true>(weights, position, a0, d1)
                                                       : largest_squared_terms<false>(weights, position, a0, d1);
    if (a0.lin != d0.lin_acc.data())
        velocity_squared = std::max(velocity_squared, largest_implicit_term(weights, a0, d0, planar));
    const double largest = std::max(0.5 * h * std::sqrt(velocity_squared), h * h * std::sqrt(position_squared));
    return std::isfinite(largest) ? largest : std::numeric_limits<double>::infinity();
}

BodyErrorWeights body_error_weights(const Model& m, double angular_error_weight) {
    BodyErrorWeights weights;
    weights.rotation_weight_squared = angular_error_weight * angular_error_weight;
    weights.angular_velocity_weight_of_body.assign(m.bodies.size(), 0.0);
    for (size_t b = 0; b < m.bodies.size(); ++b) {
        if (m.bodies[b].is_static()) continue;
        const double gyration_squared = m.bodies[b].inertia.mean() / m.bodies[b].mass;
        const double length = std::max(std::sqrt(gyration_squared), min_position_error_length);
        weights.body.push_back(Index(b));
        weights.angular_velocity_weight_squared.push_back(gyration_squared * weights.rotation_weight_squared);
        weights.angular_velocity_weight_of_body[b] = weights.angular_velocity_weight_squared.back();
        weights.inverse_length_squared.push_back(1 / (length * length));
    }
    return weights;
}

// PI step-size control (Gustafsson 1991): with e the error of the step just
// accepted and e_prev that of the one before,
//   h_next = h min(2, 0.9 (accuracy / e)^0.35 (e_prev / e)^0.2),
// exponents 0.7/k and 0.4/k for an error of order k = 2 in h. Where stiff joint
// springs set the step (H0918, the 3D human), h hovers at their stability limit;
// the I control alone, 0.9 sqrt(accuracy / e), grew h straight back past it and
// had 4-7 % of the trials rejected (H0918, 3D human), this one 0-1.3 %.
// In logarithms: one log and one exp per step instead of two pow.
double ErrorControlIntegrator::step_growth(double error) {
    if (!(error > 0)) {
        previous_log_error_.reset();
        return 2.0;
    }
    const double log_error = std::log(error);
    const double log_previous = previous_log_error_.value_or(log_error);
    previous_log_error_ = log_error;
    return std::min(2.0, 0.9 * std::exp(0.35 * (log_accuracy_ - log_error) + 0.2 * (log_previous - log_error)));
}

// scratch_state(0)/scratch_data(0) receive the trial end state and its evaluation.
StepAccelerations ErrorControlIntegrator::trial_step(StepContext& sim, double h) const {
    const Model& m = sim.model();
    // from -> to (no copy of the state first) with the accelerations of a step of span.h
    auto advance = [&](const State& from, State& to, const Data& d, StepSpan span, StepScratch& scratch) {
        const StepAccelerations a = step_accelerations(m, from, d, span.kick, beta_, planar_, scratch, span.h);
        planar_ ? advance_bodies_planar(m, from, to, d, a, span, beta_) : advance_bodies(m, from, to, d, a, span, beta_);
        return a;
    };
    State& trial = sim.scratch_state(0);
    Data& trial_data = sim.scratch_data(0);
    if (!step_doubling_) {
        const StepAccelerations start =
            advance(sim.state(), trial, sim.data(), {h, kick(h, previous_step_)}, step_scratch_);
        sim.evaluate(trial, trial_data);
        return start;
    }
    Data& half_data = sim.scratch_data(1);
    const double half = 0.5 * h;
    const StepAccelerations start =
        advance(sim.state(), trial, sim.data(), {half, kick(half, previous_step_)}, step_scratch_);
    sim.evaluate(trial, half_data);
    second_half_start_ = advance(trial, trial, half_data, {half, kick(half, half)}, half_scratch_);
    sim.evaluate(trial, trial_data);
    return start;
}

StepOutcome ErrorControlIntegrator::step(StepContext& sim, double max_h) {
    StepOutcome outcome;
    double h = std::min(next_step_, max_h);
    for (;;) {
        const StepAccelerations start = trial_step(sim, h);
        // step doubling: the difference between one full and two half steps is
        // h/2 |a(t+h/2) - a(t)| in velocity; else the embedded trapezoidal estimate
        // (a(t): what the step applied, friction-held bodies included)
        const Data& compare = step_doubling_ ? sim.scratch_data(1) : sim.scratch_data(0);
        if (weights_.body.empty() && !sim.model().bodies.empty())
            weights_ = body_error_weights(sim.model(), angular_error_weight_);
        double error = largest_body_error(weights_, position_coefficients_, start, sim.data(), compare, h, planar_);
        // the second half's change counts too: the comparison above never sees the end
        // (a free flight of max_step would land in a contact unchecked)
        if (step_doubling_)
            error = std::max(error, largest_body_error(weights_, position_coefficients_, second_half_start_, compare,
                                                       sim.scratch_data(0), h, planar_));
        if (error <= accuracy_) {
            outcome.error = error;
            break;
        }
        ++outcome.rejected;
        if (h <= min_step_ * (1 + 1e-9)) {
            outcome.ok = false;
            outcome.error = error;
            outcome.step_size = h;
            return outcome;
        }
        h = std::max(min_step_, h * std::max(0.2, 0.9 * std::sqrt(accuracy_ / error)));
    }
    sim.accept(sim.scratch_state(0), sim.scratch_data(0));
    outcome.step_size = h;
    // partial steps within the step just taken kick from the step before it
    step_before_last_ = previous_step_;
    previous_step_ = step_doubling_ ? 0.5 * h : h;
    // a step only shortened to land on max_h leaves the step size as it was
    const bool shortened_to_land = outcome.rejected == 0 && h == max_h && max_h < next_step_;
    if (!shortened_to_land) {
        next_step_ = std::clamp(h * step_growth(outcome.error), min_step_, max_step_);
    }
    return outcome;
}

}  // namespace hfd
