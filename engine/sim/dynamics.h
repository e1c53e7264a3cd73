#pragma once
// Stages of the step that are not force components: body frames, gravity, perturbations,
// and the Newton-Euler accelerations.
#include "model/model.h"
#include "state/data.h"
#include "state/state.h"

#include <vector>

namespace hfd {

// First stage of an evaluation: Data::body_rotation of every body from State::ori,
// and Data::planar.
void update_body_frames(const State& s, Data& d, bool planar = false);
// F += m g on every dynamic body.
void apply_gravity(const Model& m, Data& d);
// Per body, the load an evaluation starts from: 0 + m g on dynamic bodies, 0 on
// static ones (fixed with the model).
std::vector<Vec3> gravity_loads(const Model& m);
// Data::clear_accumulators and apply_gravity in one pass: force = gravity_loads,
// torque = 0, no contacts.
void start_loads(const std::vector<Vec3>& gravity_loads, Data& d);
// Active perturbations (start_time <= t < end_time): force at the body point, plus moment.
void apply_perturbations(const Model& m, const State& s, const Controls& c, Data& d);

// Newton-Euler in the principal body frame (I diagonal):
//   a = F / m,   I dw_b/dt = tau_b - w_b x (I w_b),   tau_b = R^T tau, w_b = R^T w,
// R = d.body_rotation of the evaluated state (update_body_frames comes first).
void compute_accelerations(const Model& m, const std::vector<double>& inv_mass, const State& s, Data& d);
// Planar: x-y translation and rotation about z. With w along z, w x (I w) = 0,
// so dw_z/dt = tau_z / I_zz (bodies keep their z axis along world z).
void compute_planar_accelerations(const Model& m, const std::vector<double>& inv_mass, const State& s, Data& d);

}  // namespace hfd
