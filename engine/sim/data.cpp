#include "sim/data.h"

#include <utility>

namespace hfd {

void Data::resize(const Model& model) {
    const size_t bodies = model.bodies.size(), joints = model.joints.size(), muscles = model.muscles.size();
    body_rotation.assign(bodies, Mat3::Identity());
    force.assign(bodies, Vec3::Zero());
    torque.assign(bodies, Vec3::Zero());
    lin_acc.assign(bodies, Vec3::Zero());
    ang_acc.assign(bodies, Vec3::Zero());
    contacts.clear();
    // up to 4 points (box corners) per geometry before components reserve what
    // their pairs can produce in initialize() (linear: 500 objects are not 125 000 pairs)
    contacts.reserve(4 * model.geometries.size() + 8);
    joint_displacement.assign(joints, Vec3::Zero());
    joint_force.assign(joints, Vec3::Zero());
    joint_limit_torque.assign(joints, Vec3::Zero());
    for (auto* v : {&muscle_length, &muscle_velocity, &muscle_force, &tendon_length, &activation_derivative,
                    &fiber_length_derivative})
        v->assign(muscles, 0.0);
    resize_muscle_paths(model);
    motor_torque.assign(model.motors.size(), Vec3::Zero());
}

void Data::resize_muscle_paths(const Model& model) {
    path_offset.assign(1, 0);
    path_body.clear();
    path_local.clear();
    path_fixed_length.clear();
    for (const Muscle& m : model.muscles) {
        const size_t n = m.path.size();
        double fixed = 0;
        for (size_t k = 0; k < n; ++k) {
            const bool joins_previous = k > 0 && m.path[k - 1].body != m.path[k].body;
            const bool joins_next = k + 1 < n && m.path[k + 1].body != m.path[k].body;
            if (joins_previous || joins_next) {
                path_body.push_back(m.path[k].body);
                path_local.push_back(m.path[k].pos);
            }
            if (k + 1 < n && !joins_next) fixed += (m.path[k + 1].pos - m.path[k].pos).norm();
        }
        path_offset.push_back(Index(path_body.size()));
        path_fixed_length.push_back(fixed);
    }
    path_point.assign(path_body.size(), Vec3::Zero());
    path_arm.assign(path_body.size(), Vec3::Zero());
    path_direction.assign(path_body.size(), Vec3::Zero());
}

void Data::clear_accumulators() {
    for (auto& f : force) f.setZero();
    for (auto& t : torque) t.setZero();
    contacts.clear();
}

void Data::copy_derivatives_from(const Data& other) {
    lin_acc = other.lin_acc;
    ang_acc = other.ang_acc;
    activation_derivative = other.activation_derivative;
    fiber_length_derivative = other.fiber_length_derivative;
}

}  // namespace hfd
