#include "sim/step_diagnosis.h"

#include "sim/dynamics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace hfd {

namespace {

struct Effect {
    Vec3 force = Vec3::Zero();
    Vec3 torque = Vec3::Zero();
};

// A change of force and torque on a body in acceleration units, the measure the
// error control uses: max(|dF| / m, rho |dT| / I), rho = sqrt(I / m), I = mean inertia.
double acceleration_change(const Body& body, const Vec3& force_change, const Vec3& torque_change) {
    const double inertia = body.inertia.mean();
    const double linear = force_change.norm() / body.mass;
    const double angular = inertia > 0 ? std::sqrt(inertia / body.mass) * torque_change.norm() / inertia : 0.0;
    return std::max(linear, angular);
}

// What each stage adds to `body` at `state`, in evaluation order: [0] gravity and
// perturbations, then one entry per force component. `data` ends fully evaluated.
std::vector<Effect> stage_effects(const Simulation& sim, const State& state, Index body, Data& data) {
    const Model& model = sim.model();
    std::vector<Effect> effects;
    data.clear_accumulators();
    apply_gravity(model, data);
    apply_perturbations(model, state, sim.controls(), data);
    effects.push_back({data.force[body], data.torque[body]});
    for (const auto& force : sim.forces()) {
        const Effect before{data.force[body], data.torque[body]};
        force->apply(model, state, sim.controls(), data);
        effects.push_back({data.force[body] - before.force, data.torque[body] - before.torque});
    }
    return effects;
}

Index body_with_largest_error(const Model& model, const Data& d0, const Data& d1, double h, double& error) {
    Index worst = no_index;
    error = -1;
    for (Index b = 0; b < Index(model.bodies.size()); ++b) {
        const Body& body = model.bodies[b];
        if (body.is_static()) continue;
        const double rho = std::sqrt(body.inertia.mean() / body.mass);
        const double e =
            0.5 * h * std::max((d1.lin_acc[b] - d0.lin_acc[b]).norm(), rho * (d1.ang_acc[b] - d0.ang_acc[b]).norm());
        if (!(e <= error)) error = e, worst = b;  // NaN wins: it is the body that failed
    }
    return worst;
}

const Contact* find_contact(const Data& data, const Contact& like) {
    for (const Contact& c : data.contacts)
        if (c.geometry_a == like.geometry_a && c.geometry_b == like.geometry_b) return &c;
    return nullptr;
}

struct Element {
    std::string text;
    double change = -1;
    void offer(double value, std::string description) {
        if (value > change) change = value, text = std::move(description);
    }
};

std::string quoted(const std::string& kind, const std::string& name) { return kind + " '" + name + "'"; }

void offer_joints(const Model& model, Index b, const Data& d0, const Data& d1, Element& best) {
    for (Index j = 0; j < Index(model.joints.size()); ++j) {
        const Joint& joint = model.joints[j];
        if (joint.parent != b && joint.child != b) continue;
        best.offer(acceleration_change(model.bodies[b], d1.joint_force[j] - d0.joint_force[j],
                                       d1.joint_limit_torque[j] - d0.joint_limit_torque[j]),
                   quoted("joint", joint.name));
    }
}

void offer_contacts(const Model& model, Index b, const Data& d0, const Data& d1, Element& best) {
    auto offer_from = [&](const Data& here, const Data& there) {
        for (const Contact& c : here.contacts) {
            if (c.body_a != b && c.body_b != b) continue;
            const Contact* other = find_contact(there, c);
            const Vec3 change = c.force - (other ? other->force : Vec3::Zero());
            best.offer(acceleration_change(model.bodies[b], change, Vec3::Zero()),
                       "contact '" + model.geometries[c.geometry_a].name + "' - '" +
                           model.geometries[c.geometry_b].name + "'");
        }
    };
    offer_from(d1, d0);
    offer_from(d0, d1);
}

void offer_muscles(const Model& model, Index b, const Data& d0, const Data& d1, Element& best) {
    for (Index i = 0; i < Index(model.muscles.size()); ++i) {
        const Muscle& muscle = model.muscles[i];
        const bool on_body =
            std::any_of(muscle.path.begin(), muscle.path.end(), [b](const PathPoint& p) { return p.body == b; });
        if (!on_body || i >= Index(d0.muscle_force.size())) continue;
        const double change = std::abs(d1.muscle_force[i] - d0.muscle_force[i]) / model.bodies[b].mass;
        best.offer(change, quoted("muscle", muscle.name));
    }
}

void offer_motors(const Model& model, Index b, const Data& d0, const Data& d1, Element& best) {
    for (Index i = 0; i < Index(model.motors.size()); ++i) {
        const Joint& joint = model.joints[model.motors[i].joint];
        if (joint.parent != b && joint.child != b) continue;
        best.offer(acceleration_change(model.bodies[b], Vec3::Zero(), d1.motor_torque[i] - d0.motor_torque[i]),
                   quoted("motor", model.motors[i].name));
    }
}

}  // namespace

StepFailureDiagnosis diagnose_step_failure(const Simulation& sim, const State& start, const State& trial, double h) {
    const Model& model = sim.model();
    StepFailureDiagnosis result;
    Data d0, d1;
    d0.resize(model);
    d1.resize(model);
    sim.evaluate(start, d0);
    sim.evaluate(trial, d1);
    result.body = body_with_largest_error(model, d0, d1, h, result.body_error);
    if (result.body == no_index) return result;

    const std::vector<Effect> e0 = stage_effects(sim, start, result.body, d0);
    const std::vector<Effect> e1 = stage_effects(sim, trial, result.body, d1);
    size_t strongest = 0;
    double largest = -1;
    for (size_t i = 0; i < e0.size(); ++i) {
        const double change =
            acceleration_change(model.bodies[result.body], e1[i].force - e0[i].force, e1[i].torque - e0[i].torque);
        if (change > largest) largest = change, strongest = i;
    }
    if (strongest == 0) {
        result.component = "gravity and perturbations";
        return result;
    }
    const ForceComponent& component = *sim.forces()[strongest - 1];
    result.component = std::string(component.name());
    // The element: the outputs of the component's family that touch the body.
    Element best;
    const std::string_view name = component.name();
    if (name.find("joint_force") != std::string_view::npos) offer_joints(model, result.body, d0, d1, best);
    else if (name.find("contact") != std::string_view::npos) offer_contacts(model, result.body, d0, d1, best);
    else if (name.find("muscle") != std::string_view::npos) offer_muscles(model, result.body, d0, d1, best);
    else if (name.find("motor") != std::string_view::npos) offer_motors(model, result.body, d0, d1, best);
    result.element = best.text;
    return result;
}

std::string describe(const Model& model, const StepFailureDiagnosis& diagnosis) {
    if (diagnosis.body == no_index) return "no dynamic body";
    char error[32];
    std::snprintf(error, sizeof error, "%.3g", diagnosis.body_error);
    std::string text = "body '" + model.bodies[diagnosis.body].name + "' has the largest error (" + error +
                       " m/s), its acceleration changes most through " + diagnosis.component;
    if (!diagnosis.element.empty()) text += ", " + diagnosis.element;
    return text;
}

}  // namespace hfd
