#include "state/data.h"

#include <algorithm>
#include <utility>

namespace hfd {

void Data::resize(const Model& model) {
    const size_t bodies = model.bodies.size(), joints = model.joints.size(), muscles = model.muscles.size();
    body_rotation.assign(bodies, Mat3::Identity());
    rotation_z_parts_standard = true;
    force.assign(bodies, Vec3::Zero());
    torque.assign(bodies, Vec3::Zero());
    force_before_controls.assign(bodies, Vec3::Zero());
    torque_before_controls.assign(bodies, Vec3::Zero());
    lin_acc.assign(bodies, Vec3::Zero());
    ang_acc.assign(bodies, Vec3::Zero());
    contacts.clear();
    // up to 4 points (box corners) per geometry before components reserve what
    // their pairs can produce in initialize() (linear: 500 objects are not 125 000 pairs)
    contacts.reserve(4 * model.geometries.size() + 8);
    friction_damped_bodies.clear();
    friction_damped_bodies.reserve(bodies);
    friction_damping.assign(bodies, Mat6::Zero());
    joint_displacement.assign(joints, Vec3::Zero());
    joint_force.assign(joints, Vec3::Zero());
    joint_limit_torque.assign(joints, Vec3::Zero());
    for (auto* v : {&muscle_length, &muscle_force, &tendon_length, &activation_derivative, &fiber_length_derivative})
        v->assign(muscles, 0.0);
    resize_muscle_paths(model);
    motor_torque.assign(model.motors.size(), Vec3::Zero());
}

void Data::resize_muscle_paths(const Model& model) {
    segment_offset.assign(1, 0);
    for (auto* v : {&segment_muscle, &segment_body_a, &segment_body_b}) v->clear();
    for (auto* v : {&segment_local_a, &segment_local_b}) v->clear();
    path_fixed_length.clear();
    dof_path_muscles.clear();
    moving_points.clear();
    std::vector<bool> path_dof(model.dofs.size(), false);
    for (const Muscle& m : model.muscles) {
        const Index muscle = Index(path_fixed_length.size());
        const bool dof_points = m.has_dof_points();
        if (dof_points) dof_path_muscles.push_back(muscle);
        double fixed = 0;
        for (size_t k = 0; k < m.path.size(); ++k) {
            const PathPoint& a = m.path[k];
            if (a.is_moving()) moving_points.push_back({muscle, a.moving_dof});
            for (Index dof : {a.moving_dof, a.active_dof})
                if (dof != no_index) path_dof[size_t(dof)] = true;
            if (k + 1 == m.path.size()) break;
            const PathPoint& b = m.path[k + 1];
            if (a.body == b.body && !dof_points) {
                fixed += (b.pos - a.pos).norm();
                continue;
            }
            segment_muscle.push_back(muscle);
            segment_body_a.push_back(a.body);
            segment_body_b.push_back(b.body);
            segment_local_a.push_back(a.pos);
            segment_local_b.push_back(b.pos);
        }
        segment_offset.push_back(Index(segment_body_a.size()));
        path_fixed_length.push_back(fixed);
    }
    path_dofs.clear();
    for (size_t d = 0; d < path_dof.size(); ++d)
        if (path_dof[d]) path_dofs.push_back(Index(d));
    path_dof_value.assign(model.dofs.size(), 0.0);
    path_dof_rate_axis.assign(model.dofs.size(), Vec3::Zero());
    const size_t segments = segment_body_a.size();
    for (auto* v : {&segment_direction, &segment_moment_a, &segment_moment_b}) v->assign(segments, Vec3::Zero());
    path_joint_torques =
        std::any_of(model.muscles.begin(), model.muscles.end(), [](const Muscle& m) { return m.joint_torques; });
    path_second_pass = path_joint_torques || !moving_points.empty();
    dof_paths = !dof_path_muscles.empty();
}

void Data::clear_accumulators() {
    for (auto& f : force) f.setZero();
    for (auto& t : torque) t.setZero();
    contacts.clear();
    friction_damped_bodies.clear();
    joint_damping_applied = false;
}

void Data::copy_derivatives_from(const Data& other) {
    lin_acc = other.lin_acc;
    ang_acc = other.ang_acc;
    activation_derivative = other.activation_derivative;
    fiber_length_derivative = other.fiber_length_derivative;
    friction_damped_bodies.reserve(friction_damping.size());  // a copied Data kept only its size
    friction_damped_bodies = other.friction_damped_bodies;
    for (Index b : other.friction_damped_bodies) friction_damping[b] = other.friction_damping[b];
    joint_damping_applied = other.joint_damping_applied;
}

}  // namespace hfd
