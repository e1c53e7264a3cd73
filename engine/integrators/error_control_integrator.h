#pragma once
// Error-controlled variable-step integrators. Names (this project's reading of
// the Hyfydy names; s = symplectic Euler, m = midpoint Euler, p = planar):
//   error_control_integrator_sem    symplectic Euler step, embedded error estimate
//   error_control_integrator_mem    midpoint Euler step, embedded error estimate
//   error_control_integrator_secm   symplectic Euler, error by step doubling
//                                   (compares one step h with two steps h/2, keeps the latter)
//   error_control_integrator_psem   planar midpoint Euler   (x, y, rotation about z only)
//   error_control_integrator_pse    planar symplectic Euler (x, y, rotation about z only)
// Properties: accuracy (0.01), min_step (1e-8 s), max_step (0.01 s), angular_error_weight (1):
// w multiplies the angular terms below (rho |alpha1 - alpha0| and the rotation), so an
// angular error counts w times (SCONE's V2 configs write 0.25); implicit_joint_damping (1):
// symplectic variants take the joints' damping at the step's end velocity
// (implicit_joint_damping.h), 0 keeps it explicit.
//
// Error criterion: the LARGEST error over all bodies, not a weighted sum, so
// every body's error is below `accuracy`. Each body is held to two bounds:
//   velocity:  h/2 max(|a1 - a0|, rho |alpha1 - alpha0|)           <= accuracy [m/s]
//   position:  h^2 max(|c0 a0 + c1 a1| / L, |c0 alpha0 + c1 alpha1|) <= accuracy
// with a0, a1 the accelerations at t and t+h. The velocity error is the step's
// against the trapezoidal rule, with the angular part taken at the body's radius
// of gyration rho = sqrt(mean(I) / m). The position error is the step's against
// the position a linear acceleration from a0 to a1 reaches,
//   x + h v + h^2 (2 a0 + a1) / 6,
// in units of the body's length L = max(rho, 1 cm) (orientation: in radians).
// The update x + h v + beta h^2 a0 differs from it by h^2 ((beta - 1/3) a0 - a1/6):
// c0 = beta - 1/3, c1 = -1/6; h^2 |a| / 2 under a constant acceleration for
// symplectic Euler (its drift ahead of the parabola), 0 for midpoint Euler. Step
// doubling compares one step of h with two of h/2 (a1 the acceleration at t+h/2):
// c0 = (3 beta - 1) / 4, c1 = -beta / 4, for both bounds the difference of the two;
// the same measure of the second half (a0 at t+h/2, a1 at t+h) counts as well.
//
// Symplectic variants step as a variable-step leapfrog (kick-drift, Hairer, Lubich &
// Wanner 2006, "Geometric Numerical Integration", VIII.1): their velocity v_n stands for
// v(t_n - h_(n-1)/2), so the kick from there to t_n + h_n/2 spans k = (h_(n-1) + h_n) / 2,
//   v_(n+1) = v_n + k a(x_n, v_n),   x_(n+1) = x_n + h_n v_(n+1),
// and the first step after a start or reset kicks over h/2 (h_(-1) = 0). In the
// synchronized velocity v(t_n) = v_n + h_(n-1) a_n / 2 its position update is midpoint
// Euler's, x_(n+1) = x_n + h v(t_n) + h^2 a_n / 2, exact under a constant acceleration
// like the velocities at the half steps, and its position error takes beta = 1/2 above. With even
// steps it is symplectic Euler; with uneven ones symplectic Euler's kick of h_n instead
// of k shifts the velocity by (h_n - h_(n-1)) a / 2 at every change of step, an error
// that accumulates: a pendulum at accuracy 1e-6 ended 2.1 mm off with the steps this
// control chose and 0.06 mm with as many even ones (docs/accuracy.md). Midpoint Euler
// (beta = 1/2) keeps k = h.
// Accelerations at t+h are needed anyway for the next step (first same as last),
// so sem/mem cost one force evaluation per trial step. A step with e > accuracy is
// rejected and retried with h * max(0.2, 0.9 sqrt(accuracy / e)); after an accepted
// step h changes by the PI control of step_growth (at most 2x). A step that would
// need h < min_step fails the run.
#include "integrators/body_update.h"
#include "integrators/integrator.h"
#include "model/model.h"

#include <algorithm>
#include <optional>
#include <vector>

namespace hfd {

struct Data;

// The dynamic bodies, their squared radii of gyration mean(I) / m times w^2,
// 1 / L^2 of their position error lengths L = max(rho, min_position_error_length),
// and w^2 for the rotation term (w the angular_error_weight).
constexpr double min_position_error_length = 0.01;  // m
struct BodyErrorWeights {
    std::vector<Index> body;
    std::vector<double> angular_velocity_weight_squared;  // rho^2 w^2
    std::vector<double> angular_velocity_weight_of_body;  // the same by body index (0: static)
    std::vector<double> inverse_length_squared;
    double rotation_weight_squared = 1;
};
BodyErrorWeights body_error_weights(const Model& m, double angular_error_weight = 1);

// The position error of a step is h^2 |start a0 + end a1| (see above).
struct PositionErrorCoefficients {
    double start, end;
};
PositionErrorCoefficients position_error_coefficients(double beta, bool step_doubling);

class ErrorControlIntegrator final : public Integrator {
public:
    ErrorControlIntegrator(std::string_view name, double beta, bool planar, bool step_doubling, double accuracy,
                           double min_step, double max_step, double angular_error_weight = 1,
                           bool implicit_joint_damping = true);
    std::string_view name() const override { return name_; }
    StepOutcome step(StepContext& sim, double max_h) override;
    bool is_planar() const override { return planar_; }
    double nominal_step_size() const override { return max_step_; }
    double next_step_size() const override { return next_step_; }
    void reset() override {
        next_step_ = std::clamp(1e-4, min_step_, max_step_);
        previous_log_error_.reset();
        previous_step_ = step_before_last_ = 0;
    }
    // One step of the base method (also for step doubling, whose two half steps
    // would need an evaluation in between; the difference is within accuracy).
    double beta() const override { return beta_; }
    double accuracy() const { return accuracy_; }
    double partial_kick(double h) const override { return kick(h, step_before_last_); }

private:
    // Returns the accelerations the step applied from its start (for the error estimate).
    StepAccelerations trial_step(StepContext& sim, double h) const;
    // The velocity kick of a (half) step of h that follows one of `previous` (leapfrog: the mean).
    double kick(double h, double previous) const { return leapfrog_ ? 0.5 * (previous + h) : h; }
    double step_growth(double error);  // factor on h after an accepted step (PI control)
    std::string_view name_;
    double beta_;
    bool planar_, step_doubling_, leapfrog_;
    PositionErrorCoefficients position_coefficients_;
    double accuracy_, log_accuracy_, min_step_, max_step_, angular_error_weight_;
    double next_step_;
    std::optional<double> previous_log_error_;  // of the accepted step before (none at the start)
    double previous_step_ = 0;  // h of the last accepted (half) step; 0 at the start: the first kick is h/2
    double step_before_last_ = 0;  // previous_step_ before the last accepted step (partial steps kick from it)
    BodyErrorWeights weights_;                  // of the model, on the first step
    mutable StepScratch half_scratch_;          // step doubling: the second half's
    mutable StepAccelerations second_half_start_{};  // step doubling: what the second half applied
};

// The error measure above, for the accelerations a step of h applied from its start
// (a0: step_accelerations of d0, the start's evaluation) and those after it (d1).
// Where a0 is not d0's, the velocity terms of the friction-held bodies also count
// |a0 - a(d0)| (error_control_integrator.cpp).
double largest_body_error(const BodyErrorWeights& weights, const PositionErrorCoefficients& position,
                          const StepAccelerations& a0, const Data& d0, const Data& d1, double h, bool planar);
inline double largest_body_error(const BodyErrorWeights& weights, const PositionErrorCoefficients& position,
                                 const Data& d0, const Data& d1, double h, bool planar) {
    return largest_body_error(weights, position, {d0.lin_acc.data(), d0.ang_acc.data()}, d0, d1, h, planar);
}

}  // namespace hfd
