#include "state/state.h"

#include "state/kinematics.h"

namespace hfd {

bool State::same_as(const State& o) const {
    auto same_vectors = [](const auto& a, const auto& b) {
        if (a.size() != b.size()) return false;
        for (size_t i = 0; i < a.size(); ++i)
            if (!(a[i] == b[i])) return false;
        return true;
    };
    auto same_quats = [](const std::vector<Quat>& a, const std::vector<Quat>& b) {
        if (a.size() != b.size()) return false;
        for (size_t i = 0; i < a.size(); ++i)
            if (a[i].coeffs() != b[i].coeffs()) return false;
        return true;
    };
    return time == o.time && same_vectors(pos, o.pos) && same_quats(ori, o.ori) && same_vectors(lin_vel, o.lin_vel) &&
           same_vectors(ang_vel, o.ang_vel) && same_vectors(activation, o.activation) &&
           same_vectors(fiber_length, o.fiber_length);
}

State initial_state(const Model& model) {
    State s;
    const size_t n = model.bodies.size();
    s.pos.resize(n);
    s.ori.resize(n);
    s.lin_vel.resize(n);
    s.ang_vel.resize(n);
    for (size_t i = 0; i < n; ++i) {
        const Body& b = model.bodies[i];
        s.pos[i] = b.pos;
        s.ori[i] = b.ori.normalized();
        s.lin_vel[i] = b.is_static() ? Vec3::Zero() : b.lin_vel;
        s.ang_vel[i] = b.is_static() ? Vec3::Zero() : b.ang_vel;
    }
    s.activation.assign(model.muscles.size(), 0.0);
    s.fiber_length.resize(model.muscles.size());
    for (size_t i = 0; i < model.muscles.size(); ++i) s.fiber_length[i] = model.muscles[i].optimal_fiber_length;
    // A model with dofs is posed by walking its joint tree from the dof defaults:
    // bodies below a joint need no `pos` of their own (as in real .hfd files).
    if (!model.dofs.empty()) apply_dofs(model, default_dof_assignment(model), s);
    return s;
}

Controls initial_controls(const Model& model) {
    Controls c;
    c.excitation.assign(model.muscles.size(), 0.0);
    c.motors.resize(model.motors.size());
    for (size_t i = 0; i < model.motors.size(); ++i) {
        const JointMotor& m = model.motors[i];
        c.motors[i] = MotorControl{m.target_ori, m.target_vel, m.stiffness, m.damping, Vec3::Zero()};
    }
    c.perturbations = model.perturbations;
    return c;
}

bool Controls::same_as(const Controls& o) const {
    if (excitation != o.excitation || motors.size() != o.motors.size() ||
        perturbations.size() != o.perturbations.size())
        return false;
    for (size_t i = 0; i < motors.size(); ++i) {
        const MotorControl &a = motors[i], &b = o.motors[i];
        if (a.target_ori.coeffs() != b.target_ori.coeffs() || a.target_vel != b.target_vel ||
            a.stiffness != b.stiffness || a.damping != b.damping || a.added_torque != b.added_torque)
            return false;
    }
    for (size_t i = 0; i < perturbations.size(); ++i) {
        const Perturbation &a = perturbations[i], &b = o.perturbations[i];
        if (a.body != b.body || a.pos != b.pos || a.force != b.force || a.moment != b.moment ||
            a.start_time != b.start_time || a.end_time != b.end_time)
            return false;
    }
    return true;
}

}  // namespace hfd
