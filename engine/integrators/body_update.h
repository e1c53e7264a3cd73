#pragma once
// One explicit update of all bodies and muscle states over h:
//   v' = v + h a,  w' = w + h alpha,
//   x' = x + h (v + beta h a),  q' = exp(h (w + beta h alpha)) q,
// beta = 0: forward Euler, 1: symplectic Euler, 1/2: midpoint Euler.
// Muscle states: a' = clamp(a + h da/dt, 0, 1), l_f' = l_f + h dl_f/dt.
// Planar: only x, y, and the rotation about z are updated.
#include "model/model.h"
#include "sim/data.h"
#include "sim/state.h"

namespace hfd {

void advance_bodies(const Model& m, State& s, const Data& d, double h, double beta);
void advance_bodies_planar(const Model& m, State& s, const Data& d, double h, double beta);
void advance_muscle_states(State& s, const Data& d, double h);

}  // namespace hfd
