#include "integrators/integrator.h"

#include "integrators/body_update.h"

namespace hfd {

void Integrator::partial_step(const Model& model, const State& start, const Data& start_data, double h,
                              State& out) const {
    out = start;
    const StepAccelerations a =
        step_accelerations(model, start, start_data, h, beta(), is_planar(), step_scratch_);
    is_planar() ? advance_bodies_planar(model, out, out, start_data, a, h, beta())
                : advance_bodies(model, out, out, start_data, a, h, beta());
}

}  // namespace hfd
