#include "integrators/integrator.h"

#include "integrators/body_update.h"

namespace hfd {

void Integrator::partial_step(const Model& model, const State& start, const Data& start_data, double h,
                              State& out) const {
    out = start;
    is_planar() ? advance_bodies_planar(model, out, start_data, h, beta())
                : advance_bodies(model, out, start_data, h, beta());
}

}  // namespace hfd
