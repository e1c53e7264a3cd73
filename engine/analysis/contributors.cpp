#include "analysis/contributors.h"

#include "forces/muscle_path.h"
#include "sim/components.h"
#include "sim/dynamics.h"

namespace hfd {

namespace {

// The component's family in the component table (Other for a name it lacks).
ComponentFamily family_of(std::string_view name) {
    const ComponentInfo* component = find_component(name);
    return component ? component->family : ComponentFamily::Other;
}

class ColumnWriter {
public:
    ColumnWriter(size_t bodies, ContributorForces& out) : bodies_(bodies), out_(out) {
        out_.wrench.resize(6 * Eigen::Index(bodies), 0);
    }
    Eigen::Index add(std::string name) {
        out_.names.push_back(std::move(name));
        const Eigen::Index c = out_.wrench.cols();
        out_.wrench.conservativeResize(Eigen::NoChange, c + 1);
        out_.wrench.col(c).setZero();
        return c;
    }
    void add_from_accumulators(std::string name, const Model& m, const Data& d) {
        const Eigen::Index c = add(std::move(name));
        for (size_t b = 0; b < bodies_; ++b) {
            if (m.bodies[b].is_static()) continue;
            out_.wrench.block<3, 1>(6 * b, c) = d.force[b];
            out_.wrench.block<3, 1>(6 * b + 3, c) = d.torque[b];
        }
    }
    void add_joint_torque(Eigen::Index c, const Model& m, const Joint& joint, const Vec3& torque_on_child) {
        if (!m.bodies[joint.child].is_static()) out_.wrench.block<3, 1>(6 * joint.child + 3, c) += torque_on_child;
        if (!m.bodies[joint.parent].is_static()) out_.wrench.block<3, 1>(6 * joint.parent + 3, c) -= torque_on_child;
    }

private:
    size_t bodies_;
    ContributorForces& out_;
};

void add_muscles(const Simulation& sim, const ForceComponent& force, const State& state, Data& d, ColumnWriter& out) {
    const Model& m = sim.model();
    d.clear_accumulators();
    force.apply(m, state, sim.controls(), d);
    const std::vector<double> tension = d.muscle_force;
    for (Index i = 0; i < Index(m.muscles.size()); ++i) {
        d.clear_accumulators();
        apply_muscle_tension_as(m, state, i, tension[i], m.muscles[i].joint_torques, d);
        out.add_from_accumulators(m.muscles[i].name, m, d);
    }
}

}  // namespace

ContributorForces contributor_forces(const Simulation& sim, const State& state, Data& d) {
    const Model& m = sim.model();
    d.resize(m);
    // the components read the evaluated state's body rotations (muscle paths, joint
    // limits, motors); without this they would use the identity of a fresh Data
    update_body_frames(state, d, sim.is_planar());
    ContributorForces out;
    ColumnWriter writer(m.bodies.size(), out);

    d.clear_accumulators();
    apply_gravity(m, d);
    writer.add_from_accumulators("gravity", m, d);

    const Eigen::Index velocity = writer.add("velocity");
    out.velocity_column = int(velocity);
    if (!sim.is_planar())  // planar bodies turn about z only: w x (I w) = 0
        for (size_t b = 0; b < m.bodies.size(); ++b) {
            if (m.bodies[b].is_static()) continue;
            const Vec3 w = state.ori[b].conjugate() * state.ang_vel[b];
            out.wrench.block<3, 1>(6 * b + 3, velocity) =
                -(state.ori[b] * w.cross(m.bodies[b].inertia.cwiseProduct(w)));
        }

    for (const auto& force : sim.forces()) {
        // collision and contact forces are replaced by the contact constraints;
        // activation dynamics apply no force
        const std::string_view name = force->name();
        const ComponentFamily family = family_of(name);
        if (family == ComponentFamily::Collision || family == ComponentFamily::Contact ||
            family == ComponentFamily::Activation)
            continue;
        if (family == ComponentFamily::Muscle) {
            add_muscles(sim, *force, state, d, writer);
        } else if (family == ComponentFamily::Joint) {
            bool has_limits = false;
            for (const Joint& j : m.joints) has_limits = has_limits || j.has_limits;
            if (!has_limits) continue;
            for (auto& t : d.joint_limit_torque) t.setZero();
            d.clear_accumulators();
            force->apply(m, state, sim.controls(), d);
            const Eigen::Index c = writer.add("joint_limits");
            for (size_t j = 0; j < m.joints.size(); ++j)
                writer.add_joint_torque(c, m, m.joints[j], d.joint_limit_torque[j]);
        } else if (family == ComponentFamily::Actuator) {
            d.clear_accumulators();
            force->apply(m, state, sim.controls(), d);
            for (size_t i = 0; i < m.motors.size(); ++i) {
                const Eigen::Index c = writer.add(m.motors[i].name);
                writer.add_joint_torque(c, m, m.joints[m.motors[i].joint], d.motor_torque[i]);
            }
        } else {
            d.clear_accumulators();
            force->apply(m, state, sim.controls(), d);
            writer.add_from_accumulators(std::string(name), m, d);
        }
    }
    if (!sim.controls().perturbations.empty()) {
        d.clear_accumulators();
        apply_perturbations(m, state, sim.controls(), d);
        writer.add_from_accumulators("perturbations", m, d);
    }
    return out;
}

}  // namespace hfd
