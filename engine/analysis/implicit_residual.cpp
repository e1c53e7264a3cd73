#include "analysis/implicit_residual.h"

#include <algorithm>
#include <cmath>

namespace hfd {

namespace {

using Eigen::VectorXd;

// q_dot = 1/2 (0, w) q for world-frame w, as a 4-vector (w, x, y, z).
Eigen::Vector4d quaternion_rate(const Quat& q, const Vec3& w) {
    const Quat r = Quat(0, w.x(), w.y(), w.z()) * q;
    return 0.5 * Eigen::Vector4d(r.w(), r.x(), r.y(), r.z());
}

}  // namespace

ImplicitDynamics::ImplicitDynamics(const Simulation& sim, const SimConfig& config) : sim_(sim) {
    const Model& m = sim.model();
    body_offset_.assign(m.bodies.size(), -1);
    for (size_t b = 0; b < m.bodies.size(); ++b) {
        if (m.bodies[b].is_static()) continue;
        body_offset_[b] = int(names_.size());
        for (const char* q : {"pos_x", "pos_y", "pos_z", "ori_w", "ori_x", "ori_y", "ori_z", "vel_x", "vel_y", "vel_z",
                              "ang_vel_x", "ang_vel_y", "ang_vel_z"})
            names_.push_back(m.bodies[b].name + "." + q);
    }
    for (const auto& force : sim.forces()) {
        if (!force->integrates_fiber_length()) continue;
        fiber_state_ = true;
        const PropNode* props = nullptr;
        for (const PropNode& child : config.composite_force.children)
            if (child.key == force->name()) props = &child;
        muscle_model_ = muscle_fiber_model(force->name(), props);
    }
    muscle_offset_ = int(names_.size());
    for (const Muscle& muscle : m.muscles) {
        names_.push_back(muscle.name + ".activation");
        if (fiber_state_) names_.push_back(muscle.name + ".fiber_length");
    }
}

Index ImplicitDynamics::find(std::string_view name) const {
    const auto it = std::find(names_.begin(), names_.end(), name);
    return it == names_.end() ? no_index : Index(it - names_.begin());
}

VectorXd ImplicitDynamics::pack(const State& s) const {
    VectorXd y(size());
    for (size_t b = 0; b < body_offset_.size(); ++b) {
        const int o = body_offset_[b];
        if (o < 0) continue;
        y.segment<3>(o) = s.pos[b];
        y.segment<4>(o + 3) << s.ori[b].w(), s.ori[b].x(), s.ori[b].y(), s.ori[b].z();
        y.segment<3>(o + 7) = s.lin_vel[b];
        y.segment<3>(o + 10) = s.ang_vel[b];
    }
    const int per_muscle = fiber_state_ ? 2 : 1;
    for (size_t i = 0; i < s.activation.size(); ++i) {
        y[muscle_offset_ + per_muscle * int(i)] = s.activation[i];
        if (fiber_state_) y[muscle_offset_ + 2 * int(i) + 1] = s.fiber_length[i];
    }
    return y;
}

void ImplicitDynamics::normalize_quaternions(Eigen::Ref<VectorXd> y) const {
    for (int o : body_offset_)
        if (o >= 0) y.segment<4>(o + 3).normalize();
}

State ImplicitDynamics::unpack(const VectorXd& y, const State& base) const {
    State s = base;
    for (size_t b = 0; b < body_offset_.size(); ++b) {
        const int o = body_offset_[b];
        if (o < 0) continue;
        s.pos[b] = y.segment<3>(o);
        s.ori[b] = Quat(y[o + 3], y[o + 4], y[o + 5], y[o + 6]);  // not normalized: y is the optimizer's
        s.lin_vel[b] = y.segment<3>(o + 7);
        s.ang_vel[b] = y.segment<3>(o + 10);
    }
    const int per_muscle = fiber_state_ ? 2 : 1;
    for (size_t i = 0; i < s.activation.size(); ++i) {
        s.activation[i] = y[muscle_offset_ + per_muscle * int(i)];
        if (fiber_state_) s.fiber_length[i] = y[muscle_offset_ + 2 * int(i) + 1];
    }
    return s;
}

VectorXd ImplicitDynamics::explicit_derivative(const VectorXd& y, const State& base) const {
    const State s = unpack(y, base);
    Data d;
    d.resize(sim_.model());
    sim_.evaluate(s, d);
    VectorXd f(size());
    for (size_t b = 0; b < body_offset_.size(); ++b) {
        const int o = body_offset_[b];
        if (o < 0) continue;
        f.segment<3>(o) = s.lin_vel[b];
        f.segment<4>(o + 3) = quaternion_rate(s.ori[b], s.ang_vel[b]);
        f.segment<3>(o + 7) = d.lin_acc[b];
        f.segment<3>(o + 10) = d.ang_acc[b];
    }
    const int per_muscle = fiber_state_ ? 2 : 1;
    for (size_t i = 0; i < s.activation.size(); ++i) {
        f[muscle_offset_ + per_muscle * int(i)] = d.activation_derivative[i];
        if (fiber_state_) f[muscle_offset_ + 2 * int(i) + 1] = d.fiber_length_derivative[i];
    }
    return f;
}

void ImplicitDynamics::residual_into(const VectorXd& y, const VectorXd& y_dot, const State& base, Data& d,
                                     VectorXd& r) const {
    const Model& m = sim_.model();
    const State s = unpack(y, base);
    sim_.evaluate(s, d);
    const bool planar = sim_.is_planar();
    r.resize(size());
    for (size_t b = 0; b < body_offset_.size(); ++b) {
        const int o = body_offset_[b];
        if (o < 0) continue;
        const Body& body = m.bodies[b];
        r.segment<3>(o) = y_dot.segment<3>(o) - s.lin_vel[b];
        r.segment<4>(o + 3) = y_dot.segment<4>(o + 3) - quaternion_rate(s.ori[b], s.ang_vel[b]);
        const Vec3 acc = y_dot.segment<3>(o + 7), alpha = y_dot.segment<3>(o + 10);
        if (planar) {
            r.segment<3>(o + 7) = body.mass * acc - Vec3(d.force[b].x(), d.force[b].y(), 0);
            r.segment<3>(o + 10) = body.inertia.cwiseProduct(alpha) - Vec3(0, 0, d.torque[b].z());
        } else {
            r.segment<3>(o + 7) = body.mass * acc - d.force[b];
            const Quat q = s.ori[b].normalized();
            const Vec3 w = q.conjugate() * s.ang_vel[b];
            const Vec3 local = body.inertia.cwiseProduct(q.conjugate() * alpha) + w.cross(body.inertia.cwiseProduct(w));
            r.segment<3>(o + 10) = q * local - d.torque[b];
        }
    }
    const int per_muscle = fiber_state_ ? 2 : 1;
    for (Index i = 0; i < Index(m.muscles.size()); ++i) {
        const int a = muscle_offset_ + per_muscle * i;
        r[a] = y_dot[a] - d.activation_derivative[size_t(i)];
        if (!fiber_state_) continue;
        r[a + 1] = !muscle_model_ ? y_dot[a + 1] - d.fiber_length_derivative[size_t(i)]
                                  : fiber_residual(*muscle_model_, m, s, i, y_dot[a + 1]);
    }
}

VectorXd ImplicitDynamics::residual(const VectorXd& y, const VectorXd& y_dot, const State& base) const {
    Data d;
    d.resize(sim_.model());
    VectorXd r;
    residual_into(y, y_dot, base, d, r);
    return r;
}

Eigen::MatrixXd ImplicitDynamics::jacobian_y(const VectorXd& y, const VectorXd& y_dot, const State& base) const {
    Data d;
    d.resize(sim_.model());
    Eigen::MatrixXd j(size(), size());
    VectorXd moved = y, ahead, behind;
    for (int k = 0; k < size(); ++k) {
        const double h = relative_step * std::max(1.0, std::abs(y[k]));
        moved[k] = y[k] + h;
        residual_into(moved, y_dot, base, d, ahead);
        moved[k] = y[k] - h;
        residual_into(moved, y_dot, base, d, behind);
        moved[k] = y[k];
        j.col(k) = (ahead - behind) / (2 * h);
    }
    return j;
}

Eigen::MatrixXd ImplicitDynamics::jacobian_y_dot(const VectorXd& y, const VectorXd& y_dot, const State& base) const {
    const Model& m = sim_.model();
    Eigen::MatrixXd j = Eigen::MatrixXd::Zero(size(), size());
    const bool planar = sim_.is_planar();
    for (size_t b = 0; b < body_offset_.size(); ++b) {
        const int o = body_offset_[b];
        if (o < 0) continue;
        j.block<7, 7>(o, o).setIdentity();
        j.block<3, 3>(o + 7, o + 7) = m.bodies[b].mass * Mat3::Identity();
        const Quat q = Quat(y[o + 3], y[o + 4], y[o + 5], y[o + 6]).normalized();
        const Mat3 rot = q.toRotationMatrix();
        j.block<3, 3>(o + 10, o + 10) = planar ? Mat3(m.bodies[b].inertia.asDiagonal())
                                               : Mat3(rot * m.bodies[b].inertia.asDiagonal() * rot.transpose());
    }
    const int per_muscle = fiber_state_ ? 2 : 1;
    const State s = unpack(y, base);
    for (Index i = 0; i < Index(m.muscles.size()); ++i) {
        const int a = muscle_offset_ + per_muscle * i;
        j(a, a) = 1;
        if (!fiber_state_) continue;
        if (!muscle_model_) {
            j(a + 1, a + 1) = 1;
            continue;
        }
        const double h = relative_step * std::max(1.0, std::abs(y_dot[a + 1]));
        j(a + 1, a + 1) = (fiber_residual(*muscle_model_, m, s, i, y_dot[a + 1] + h) -
                           fiber_residual(*muscle_model_, m, s, i, y_dot[a + 1] - h)) /
                          (2 * h);
    }
    return j;
}

Eigen::Matrix<bool, Eigen::Dynamic, Eigen::Dynamic> ImplicitDynamics::jacobian_y_pattern() const {
    const Model& m = sim_.model();
    const size_t nb = m.bodies.size();
    // bodies whose states can enter each other's forces
    std::vector<std::vector<bool>> coupled(nb, std::vector<bool>(nb, false));
    auto couple = [&](Index a, Index b) {
        if (a == no_index || b == no_index) return;
        coupled[a][b] = coupled[b][a] = true;
    };
    for (size_t b = 0; b < nb; ++b) coupled[b][b] = true;
    for (const Joint& j : m.joints) couple(j.parent, j.child);
    for (const Muscle& muscle : m.muscles)
        for (const PathPoint& p : muscle.path)
            for (const PathPoint& q : muscle.path) {
                couple(p.body, q.body);
                if (muscle.joint_torques)  // torques go to the joints crossed: parents and children
                    for (const Joint& j : m.joints) couple(p.body, j.parent), couple(p.body, j.child);
            }
    for (const Geometry& a : m.geometries)
        for (const Geometry& b : m.geometries) couple(a.body, b.body);
    const auto muscle_bodies = [&](const Muscle& muscle, Index body) {
        for (const PathPoint& p : muscle.path)
            if (coupled[p.body][body]) return true;
        return false;
    };

    Eigen::Matrix<bool, Eigen::Dynamic, Eigen::Dynamic> pattern =
        Eigen::Matrix<bool, Eigen::Dynamic, Eigen::Dynamic>::Constant(size(), size(), false);
    const int per_muscle = fiber_state_ ? 2 : 1;
    for (size_t b = 0; b < nb; ++b) {
        const int o = body_offset_[b];
        if (o < 0) continue;
        pattern.block(o, o + 7, 3, 3).setConstant(true);      // pos_dot - v
        pattern.block(o + 3, o + 3, 4, 4).setConstant(true);  // q_dot - 1/2 w q
        pattern.block(o + 3, o + 10, 4, 3).setConstant(true);
        for (size_t c = 0; c < nb; ++c)
            if (body_offset_[c] >= 0 && coupled[b][c]) pattern.block(o + 7, body_offset_[c], 6, 13).setConstant(true);
        for (size_t i = 0; i < m.muscles.size(); ++i)
            if (muscle_bodies(m.muscles[i], Index(b)))
                pattern.block(o + 7, muscle_offset_ + per_muscle * int(i), 6, per_muscle).setConstant(true);
    }
    for (size_t i = 0; i < m.muscles.size(); ++i) {
        const int a = muscle_offset_ + per_muscle * int(i);
        pattern(a, a) = true;
        if (!fiber_state_) continue;
        pattern.block(a + 1, a, 1, 2).setConstant(true);
        for (const PathPoint& p : m.muscles[i].path)
            if (body_offset_[p.body] >= 0) pattern.block(a + 1, body_offset_[p.body], 1, 13).setConstant(true);
    }
    return pattern;
}

}  // namespace hfd
