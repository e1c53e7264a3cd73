#include "control/plant.h"

#include "state/kinematics.h"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace hfd {

namespace {

// The first body whose parent body is `parent`, or no_index.
Index child_of(const Model& model, Index parent) {
    for (const Joint& joint : model.joints)
        if (joint.parent == parent) return joint.child;
    return no_index;
}

Index parent_of(const Model& model, Index body) {
    const Index joint = model.bodies[body].parent_joint;
    return joint == no_index ? no_index : model.joints[joint].parent;
}

bool is_below(const Model& model, Index body, Index ancestor) {
    for (Index b = body; b != no_index; b = parent_of(model, b))
        if (b == ancestor) return true;
    return false;
}

}  // namespace

char side_of_name(const std::string& name) {
    if (name.size() < 2 || name[name.size() - 2] != '_') return 0;
    const char side = static_cast<char>(std::tolower(static_cast<unsigned char>(name.back())));
    return side == 'r' || side == 'l' || side == 'o' ? side : 0;
}

std::string name_without_side(const std::string& name) {
    return side_of_name(name) ? name.substr(0, name.size() - 2) : name;
}

std::vector<Leg> find_legs(const Model& model) {
    std::vector<Leg> right, left;
    const State pose = initial_state(model);
    for (Index b = 0; b < Index(model.bodies.size()); ++b) {
        const std::string& name = model.bodies[b].name;
        const char side = side_of_name(name);
        if (name.rfind("femur", 0) != 0 || (side != 'r' && side != 'l')) continue;
        Leg leg;
        leg.side = side;
        leg.upper = b;
        leg.base = parent_of(model, b);
        const Index lower = child_of(model, b);
        leg.foot = lower == no_index ? no_index : child_of(model, lower);
        if (leg.base == no_index || leg.foot == no_index) continue;
        for (const Geometry& geometry : model.geometries)
            if (geometry.body != no_index && is_below(model, geometry.body, b) &&
                std::find(leg.contact_bodies.begin(), leg.contact_bodies.end(), geometry.body) ==
                    leg.contact_bodies.end())
                leg.contact_bodies.push_back(geometry.body);
        // centre-of-mass distances from the foot up to the upper body, in the initial pose
        for (Index body = leg.foot; body != b && body != no_index; body = parent_of(model, body))
            leg.length += (pose.pos[body] - pose.pos[parent_of(model, body)]).norm();
        (side == 'r' ? right : left).push_back(leg);
    }
    std::vector<Leg> legs;
    for (size_t i = 0; i < std::min(right.size(), left.size()); ++i) {
        for (Leg* leg : {&right[i], &left[i]}) {
            leg->name = "leg" + std::to_string(legs.size()) + "_" + leg->side;
            legs.push_back(*leg);
        }
    }
    return legs;
}

Plant make_plant(const Simulation& simulation, double max_duration) {
    Plant plant;
    plant.simulation = &simulation;
    plant.legs = find_legs(simulation.model());
    plant.body_weight = simulation.model().total_mass() * simulation.model().gravity.norm();
    plant.max_duration = max_duration;
    plant.excitation.assign(simulation.model().muscles.size(), 0.0);
    return plant;
}

double normalized_fiber_length(const Plant& plant, Index muscle) {
    return plant.state().fiber_length[muscle] / plant.model().muscles[muscle].optimal_fiber_length;
}

double normalized_fiber_velocity(const Plant& plant, Index muscle) {
    return plant.data().fiber_length_derivative[muscle] / plant.model().muscles[muscle].optimal_fiber_length;
}

double normalized_muscle_force(const Plant& plant, Index muscle) {
    return plant.data().muscle_force[muscle] / plant.model().muscles[muscle].max_isometric_force;
}

double muscle_activation(const Plant& plant, Index muscle) { return plant.state().activation[muscle]; }

Vec3 leg_ground_force(const Plant& plant, const Leg& leg) { return leg_ground_force(plant.model(), plant.data(), leg); }

Vec3 leg_ground_force(const Model& model, const Data& data, const Leg& leg) {
    const auto on_leg = [&](Index body) {
        return std::find(leg.contact_bodies.begin(), leg.contact_bodies.end(), body) != leg.contact_bodies.end();
    };
    Vec3 force = Vec3::Zero();
    for (const Contact& contact : data.contacts) {
        const bool a_static = contact.body_a == no_index || model.bodies[contact.body_a].is_static();
        const bool b_static = contact.body_b == no_index || model.bodies[contact.body_b].is_static();
        if (a_static && !b_static && on_leg(contact.body_b)) force += contact.force;
        else if (b_static && !a_static && on_leg(contact.body_a)) force -= contact.force;
    }
    return force;
}

double leg_load(const Plant& plant, const Leg& leg) {
    return plant.body_weight > 0 ? leg_ground_force(plant, leg).norm() / plant.body_weight : 0.0;
}

Vec3 total_ground_force(const Plant& plant) {
    const Model& model = plant.model();
    Vec3 force = Vec3::Zero();
    for (const Contact& contact : plant.data().contacts) {
        const bool a_static = contact.body_a == no_index || model.bodies[contact.body_a].is_static();
        const bool b_static = contact.body_b == no_index || model.bodies[contact.body_b].is_static();
        if (a_static && !b_static) force += contact.force;
        else if (b_static && !a_static) force -= contact.force;
    }
    return force;
}

double height_above_ground(const Model& model, const State& state, const Vec3& point) {
    for (const Geometry& geometry : model.geometries) {
        if (geometry.shape.type != ShapeType::Plane) continue;
        if (geometry.body != no_index && !model.bodies[geometry.body].is_static()) continue;
        Vec3 origin = geometry.pos;
        Quat ori = geometry.ori;
        if (geometry.body != no_index) {
            origin = state.pos[geometry.body] + state.ori[geometry.body] * geometry.pos;
            ori = state.ori[geometry.body] * geometry.ori;
        }
        const Vec3 normal = ori * geometry.shape.normal;
        // point - h e_y on the plane: n . (point - h e_y - origin) = 0
        if (std::abs(normal.y()) < 1e-9) continue;
        return normal.dot(point - origin) / normal.y();
    }
    return point.y();
}

Index root_body(const Model& model) {
    for (Index b = 0; b < Index(model.bodies.size()); ++b)
        if (!model.bodies[b].is_static() && model.bodies[b].parent_joint == no_index) return b;
    return no_index;
}

namespace {

double torque_about_dof_axis(const Plant& plant, Index dof, const Vec3& world_torque) {
    const Dof& d = plant.model().dofs[dof];
    if (d.kind != Dof::Kind::JointRotation) return 0;
    const Joint& joint = plant.model().joints[d.joint];
    const Quat frame = plant.state().ori[joint.parent] * joint.ref_ori;
    return d.sign * (frame.conjugate() * world_torque)[d.axis];
}

}  // namespace

double dof_limit_torque(const Plant& plant, Index dof) {
    const Dof& d = plant.model().dofs[dof];
    if (d.kind != Dof::Kind::JointRotation || size_t(d.joint) >= plant.data().joint_limit_torque.size()) return 0;
    return torque_about_dof_axis(plant, dof, plant.data().joint_limit_torque[d.joint]);
}

double dof_motor_torque(const Plant& plant, Index dof) {
    const Dof& d = plant.model().dofs[dof];
    if (d.kind != Dof::Kind::JointRotation) return 0;
    Vec3 torque = Vec3::Zero();
    for (size_t m = 0; m < plant.model().motors.size() && m < plant.data().motor_torque.size(); ++m)
        if (plant.model().motors[m].joint == d.joint) torque += plant.data().motor_torque[m];
    return torque_about_dof_axis(plant, dof, torque);
}

namespace {

// `out` = `state` moved by h along its derivative (orientation: q' = 1/2 w q, w world).
void advance_state(const State& state, const Data& data, double h, State& out) {
    out = state;
    for (size_t b = 0; b < state.pos.size(); ++b) {
        out.pos[b] += h * state.lin_vel[b];
        const Vec3 turn = h * state.ang_vel[b];
        const double angle = turn.norm();
        if (angle > 0) out.ori[b] = (Quat(Eigen::AngleAxisd(angle, turn / angle)) * state.ori[b]).normalized();
        if (b < data.lin_acc.size()) {
            out.lin_vel[b] += h * data.lin_acc[b];
            out.ang_vel[b] += h * data.ang_acc[b];
        }
    }
}

}  // namespace

double dof_acceleration(const Plant& plant, Index dof, State& scratch) {
    const Dof& d = plant.model().dofs[dof];
    const Data& data = plant.data();
    if (d.kind == Dof::Kind::RootTranslation) return d.sign * data.lin_acc[d.body][d.axis];
    const double h = 1e-6;
    advance_state(plant.state(), data, h, scratch);
    const double ahead = dof_velocity(plant.model(), scratch, dof);
    advance_state(plant.state(), data, -h, scratch);
    const double behind = dof_velocity(plant.model(), scratch, dof);
    return (ahead - behind) / (2 * h);
}

}  // namespace hfd
