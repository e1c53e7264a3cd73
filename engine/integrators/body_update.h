#pragma once
// One explicit update of all bodies and muscle states over h:
//   v' = v + h a,  w' = w + h alpha,
//   x' = x + h (v + beta h a),  q' = exp(h (w + beta h alpha)) q,
// beta = 0: forward Euler, 1: symplectic Euler, 1/2: midpoint Euler.
// Muscle states: a' = clamp(a + h da/dt, 0, 1), l_f' = l_f + h dl_f/dt.
// Planar: only x, y, and the rotation about z are updated.
#include "model/model.h"
#include "state/data.h"
#include "state/state.h"

namespace hfd {

// from -> to, d the evaluation of from; `to` sized for the model (a scratch state),
// and may be `from` itself (each body is read before it is written). Static bodies
// are copied.
void advance_bodies(const Model& m, const State& from, State& to, const Data& d, double h, double beta);
void advance_bodies_planar(const Model& m, const State& from, State& to, const Data& d, double h, double beta);
void advance_muscle_states(const State& from, State& to, const Data& d, double h);
// In place.
inline void advance_bodies(const Model& m, State& s, const Data& d, double h, double beta) {
    advance_bodies(m, s, s, d, h, beta);
}
inline void advance_bodies_planar(const Model& m, State& s, const Data& d, double h, double beta) {
    advance_bodies_planar(m, s, s, d, h, beta);
}
inline void advance_muscle_states(State& s, const Data& d, double h) { advance_muscle_states(s, s, d, h); }

}  // namespace hfd
