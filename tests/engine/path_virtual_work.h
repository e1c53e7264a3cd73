#pragma once
// Muscle path tests: poses from dof values and the work of accumulated body loads.
#include "model/model.h"
#include "state/data.h"
#include "state/kinematics.h"
#include "state/state.h"

namespace path_test {

inline hfd::State posed(const hfd::Model& model, const hfd::DofAssignment& dofs) {
    hfd::State s = hfd::initial_state(model);
    hfd::apply_dofs(model, dofs, s);
    return s;
}

// Generalized force of the accumulated body loads on dof d (virtual work), with
// body displacements from finite differences of the pose.
inline double generalized_force(const hfd::Model& model, const hfd::DofAssignment& dofs, const hfd::Data& data, int d) {
    const double h = 1e-6;
    hfd::DofAssignment plus = dofs, minus = dofs;
    plus.value[size_t(d)] += h;
    minus.value[size_t(d)] -= h;
    const hfd::State sp = posed(model, plus), sm = posed(model, minus);
    double q = 0;
    for (size_t b = 0; b < model.bodies.size(); ++b) {
        const hfd::Vec3 dx = (sp.pos[b] - sm.pos[b]) / (2 * h);
        const hfd::Vec3 dtheta = hfd::rotation_vector(sp.ori[b] * sm.ori[b].conjugate()) / (2 * h);
        q += data.force[b].dot(dx) + data.torque[b].dot(dtheta);
    }
    return q;
}

// The power of the loads in data on the bodies moving as in s: sum F . v + tau . w.
inline double load_power(const hfd::State& s, const hfd::Data& data) {
    double power = 0;
    for (size_t b = 0; b < s.pos.size(); ++b)
        power += data.force[b].dot(s.lin_vel[b]) + data.torque[b].dot(s.ang_vel[b]);
    return power;
}

}  // namespace path_test
