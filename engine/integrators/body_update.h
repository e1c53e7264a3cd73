#pragma once
// One explicit update of all bodies and muscle states over h, the velocities kicked over k:
//   v' = v + k a,  w' = w + k alpha,
//   x' = x + h (v + beta k a),  q' = exp(h (w + beta k alpha)) q,
// beta = 0: forward Euler, 1: symplectic Euler, 1/2: midpoint Euler; k = h but for the
// variable-step leapfrog of error_control_integrator.h, k = (h_previous + h) / 2.
// Muscle states: a' = clamp(a + h da/dt, 0, 1), l_f' = l_f + h dl_f/dt.
// Planar: only x, y, and the rotation about z are updated.
#include "integrators/implicit_joint_damping.h"
#include "model/model.h"
#include "state/data.h"
#include "state/state.h"

#include <vector>

namespace hfd {

// The body accelerations a step applies.
struct StepAccelerations {
    const Vec3* lin;
    const Vec3* ang;
};

// Kept between the steps of one integrator: step_accelerations' results (sized on the
// first step that needs them) and the joint tree's scratch; whether the joints' damping
// is taken at the step's end velocity (the integrators' implicit_joint_damping).
struct StepScratch {
    std::vector<Vec3> lin, ang;
    JointDampingSolver joints;
    bool implicit_joint_damping = true;
};

// The accelerations a step from `from` applies, its body update of `beta` with the
// velocities kicked over h and the positions advanced over `drift` (h when negative): d's,
// except for the bodies that friction holds against a static body
// (Data::friction_damping C), which take the friction at the step's end velocity to
// first order, F(v') = F(v) - C (v' - v):
//   M (v' - v) = h (M a - C (v' - v))  =>  a~ = (v' - v) / h = (M + h C)^-1 M a,
// M = diag(m, m, m, I_world) (planar: m, m, I_z over x, y and the z rotation), v' - v = h a~. The
// friction's stiffness at low slip (contact_force_hunt_crossley_sb: Fn (2 mu_s - mu_d)
// / vtr, 8 Fn per m/s at 0.15 m/s) then no longer bounds the step as it bounds an
// explicit one (h < 2 m / c); a~ -> a as h -> 0. Where the evaluation applied joint
// damping (Data::joint_damping_applied) and the update is symplectic (beta = 1), every
// dynamic body takes it at the step's end velocity too, with the friction, over the tree
// of joints (implicit_joint_damping.h). Without either: d's arrays; else scratch.lin and
// scratch.ang hold the result.
StepAccelerations step_accelerations(const Model& m, const State& from, const Data& d, double h, double beta,
                                     bool planar, StepScratch& scratch, double drift = -1);

// The spans of one body update (k and h above): positions advance over h, velocities
// are kicked over `kick` (h, or for the leapfrog (h_previous + h) / 2).
struct StepSpan {
    double h, kick;
};

// from -> to, d the evaluation of from; `to` sized for the model (a scratch state),
// and may be `from` itself (each body is read before it is written). Static bodies
// are copied. The bodies move with `a` (step_accelerations), else with d's.
void advance_bodies(const Model& m, const State& from, State& to, const Data& d, const StepAccelerations& a,
                    StepSpan span, double beta);
void advance_bodies_planar(const Model& m, const State& from, State& to, const Data& d, const StepAccelerations& a,
                           StepSpan span, double beta);
inline void advance_bodies(const Model& m, const State& from, State& to, const Data& d, const StepAccelerations& a,
                           double h, double beta) {
    advance_bodies(m, from, to, d, a, StepSpan{h, h}, beta);
}
inline void advance_bodies_planar(const Model& m, const State& from, State& to, const Data& d,
                                  const StepAccelerations& a, double h, double beta) {
    advance_bodies_planar(m, from, to, d, a, StepSpan{h, h}, beta);
}
inline void advance_bodies(const Model& m, const State& from, State& to, const Data& d, double h, double beta) {
    advance_bodies(m, from, to, d, {d.lin_acc.data(), d.ang_acc.data()}, h, beta);
}
inline void advance_bodies_planar(const Model& m, const State& from, State& to, const Data& d, double h, double beta) {
    advance_bodies_planar(m, from, to, d, {d.lin_acc.data(), d.ang_acc.data()}, h, beta);
}
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
