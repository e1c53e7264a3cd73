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
    path_offset.assign(1, 0);
    for (const Muscle& m : model.muscles) path_offset.push_back(path_offset.back() + Index(m.path.size()));
    path_point.assign(size_t(path_offset.back()), Vec3::Zero());
    path_direction.assign(size_t(path_offset.back()), Vec3::Zero());
    motor_torque.assign(model.motors.size(), Vec3::Zero());
}

void Data::swap(Data& o) noexcept {
    using std::swap;
    swap(body_rotation, o.body_rotation), swap(planar, o.planar), swap(z_rotations_only, o.z_rotations_only);
    swap(force, o.force), swap(torque, o.torque), swap(lin_acc, o.lin_acc), swap(ang_acc, o.ang_acc);
    swap(contacts, o.contacts);
    swap(joint_displacement, o.joint_displacement), swap(joint_force, o.joint_force);
    swap(joint_limit_torque, o.joint_limit_torque);
    swap(muscle_length, o.muscle_length), swap(muscle_velocity, o.muscle_velocity), swap(muscle_force, o.muscle_force);
    swap(tendon_length, o.tendon_length), swap(activation_derivative, o.activation_derivative);
    swap(fiber_length_derivative, o.fiber_length_derivative);
    swap(path_offset, o.path_offset), swap(path_point, o.path_point), swap(path_direction, o.path_direction);
    swap(broad_phase.centre, o.broad_phase.centre), swap(broad_phase.orientation, o.broad_phase.orientation);
    swap(broad_phase.axis, o.broad_phase.axis), swap(broad_phase.order, o.broad_phase.order);
    swap(broad_phase.sorted, o.broad_phase.sorted), swap(broad_phase.overlapping, o.broad_phase.overlapping);
    swap(broad_phase.grid_entry, o.broad_phase.grid_entry);
    swap(broad_phase.bucket_start, o.broad_phase.bucket_start),
        swap(broad_phase.bucket_fill, o.broad_phase.bucket_fill);
    swap(motor_torque, o.motor_torque);
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
