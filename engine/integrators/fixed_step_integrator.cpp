// Fixed-step integrators (Hyfydy manual, "Integration Methods"), property step_size:
//   forward_euler_integrator             x' = x + h v,           v' = v + h a
//   symplectic_euler_integrator          v' = v + h a,           x' = x + h v'
//   midpoint_euler_integrator            v' = v + h a,           x' = x + h/2 (v + v')
//   planar_symplectic_euler_integrator   symplectic, x-y translation and z rotation only
// One force evaluation per step, at the end state, so that the simulation's data
// always describes the current state.
#include "integrators/fixed_step_integrator.h"

#include "integrators/body_update.h"
#include "integrators/step_context.h"

#include <algorithm>

namespace hfd {

FixedStepIntegrator::FixedStepIntegrator(std::string_view name, double beta, bool planar, double step_size,
                                         bool implicit_joint_damping)
    : name_(name), beta_(beta), planar_(planar), step_size_(step_size) {
    step_scratch_.implicit_joint_damping = implicit_joint_damping;
}

StepOutcome FixedStepIntegrator::step(StepContext& sim, double max_h) {
    // a remainder that is a rounding error of step_size is taken along, not left as a sliver
    const double h = max_h < step_size_ * (1 + 1e-9) ? max_h : step_size_;
    sim.advance_in_place([&](State& state, const Data& data) {
        const StepAccelerations a =
            step_accelerations(sim.model(), state, data, h, beta_, planar_, step_scratch_);
        if (planar_) advance_bodies_planar(sim.model(), state, state, data, a, h, beta_);
        else advance_bodies(sim.model(), state, state, data, a, h, beta_);
    });
    return {true, h, 0, 0.0};
}

}  // namespace hfd
