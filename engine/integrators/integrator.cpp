#include "integrators/integrator.h"

#include "integrators/body_update.h"

namespace hfd {

void Integrator::partial_step(const Model& model, const State& start, const Data& start_data, double h,
                              State& out) const {
    out = start;
    const StepSpan span{h, partial_kick(h)};
    const StepAccelerations a =
        step_accelerations(model, start, start_data, span.kick, beta(), is_planar(), step_scratch_, h);
    is_planar() ? advance_bodies_planar(model, out, out, start_data, a, span, beta())
                : advance_bodies(model, out, out, start_data, a, span, beta());
}

}  // namespace hfd
