#pragma once
// Dynamic consistency of a recorded run: the implicit residual (implicit_residual.h)
// at a row, with y_dot the central difference of the recorded states (one-sided
// at the first and last row). Where the recorded motion obeys the model's
// dynamics the residual forces are zero to the difference error, O(h^2) of the
// sample period on smooth motion; impacts, or a model other than the one that
// made the recording (other masses, gravity, muscles), show as residual forces.
#include "analysis/implicit_residual.h"

#include <vector>

namespace hfd {

struct BodyResidual {
    Index body = no_index;
    double force = 0;   // |m a - F|, N
    double torque = 0;  // |I alpha + w x I w - T|, N m
};

// One entry per moving body, in Model::bodies order. states: at least two rows.
std::vector<BodyResidual> recording_residual(const ImplicitDynamics& dynamics, const std::vector<State>& states,
                                             size_t row);

}  // namespace hfd
