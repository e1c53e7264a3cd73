#include "analysis/muscle_sweep.h"

#include "forces/muscle_curves.h"
#include "forces/muscle_path.h"
#include "state/kinematics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>

namespace hfd {

namespace {

double equilibrium_length(const Muscle& muscle, const MuscleFiberModel& fiber, double path_length, double activation,
                          double thickness) {
    const double s = muscle.stiffness_multiplier;
    if (muscle.tendon_slack_length <= 0)  // rigid tendon: the fiber spans the path
        return std::max(std::sqrt(path_length * path_length + thickness * thickness),
                        minimum_fiber_length(muscle.optimal_fiber_length, thickness));
    auto fiber_force = [&](double l) {
        const IsometricFiberForce f = fiber.isometric_force(l, activation, s);
        return f.active + f.passive;
    };
    auto tendon = [&](double strain) { return s * fiber.tendon_force(strain); };
    return equilibrium_fiber_length(path_length, muscle.optimal_fiber_length, muscle.tendon_slack_length, thickness,
                                    fiber_force, tendon, true);
}

}  // namespace

MuscleEquilibrium muscle_equilibrium(const Muscle& muscle, const MuscleFiberModel& fiber, double path_length,
                                     double activation) {
    const double a = fiber.activation(activation);
    const double thickness = muscle.optimal_fiber_length * std::sin(muscle.pennation_angle);
    const double fiber_length = equilibrium_length(muscle, fiber, path_length, a, thickness);
    const FiberGeometry g = fiber_geometry(path_length, fiber_length, muscle.optimal_fiber_length, thickness);
    const IsometricFiberForce f =
        fiber.isometric_force(g.fiber_length / muscle.optimal_fiber_length, a, muscle.stiffness_multiplier);
    MuscleEquilibrium e;
    e.fiber_length = g.fiber_length;
    e.pennation = std::acos(std::clamp(g.cos_pennation, -1.0, 1.0));
    e.active_force = muscle.max_isometric_force * f.active;
    e.passive_force = muscle.max_isometric_force * f.passive;
    if (muscle.tendon_slack_length > 0) {
        e.tendon_length = g.tendon_length;
        const double strain = (g.tendon_length - muscle.tendon_slack_length) / muscle.tendon_slack_length;
        e.tendon_force = muscle.max_isometric_force * muscle.stiffness_multiplier * fiber.tendon_force(strain);
    } else {
        e.tendon_force = (e.active_force + e.passive_force) * g.cos_pennation;
    }
    return e;
}

bool muscle_spans_dof(const Model& model, Index muscle, Index dof) {
    const Dof& d = model.dofs[dof];
    if (d.kind != Dof::Kind::JointRotation) return false;
    const auto& path = model.muscles[muscle].path;
    bool distal = false, proximal = false, follows = false;
    for (const PathPoint& p : path) {
        (is_distal_of_joint(model, p.body, d.joint) ? distal : proximal) = true;
        follows = follows || p.moving_dof == dof || p.active_dof == dof;
    }
    return (distal && proximal) || follows;
}

std::shared_ptr<const MuscleFiberModel> muscle_fiber_model(const SimConfig& config) {
    for (const PropNode& child : config.composite_force.children)
        if (std::shared_ptr<const MuscleFiberModel> fiber = muscle_fiber_model(child.key, &child)) return fiber;
    return nullptr;
}

namespace {

void resize(MuscleCurves& c, size_t n) {
    for (std::vector<double>* v :
         {&c.moment_arm, &c.length, &c.fiber_length, &c.tendon_length, &c.pennation, &c.normalized_fiber_length,
          &c.normalized_fiber_velocity, &c.active_fiber_force, &c.passive_fiber_force, &c.tendon_force, &c.moment})
        v->assign(n, 0.0);
}

// dl_f/dL of the equilibrium, by a central difference in the path length (the
// equilibrium is solved to 1e-14 relative, far below the step's effect).
double fiber_length_slope(const Muscle& muscle, const MuscleFiberModel& fiber, double path_length, double activation) {
    const double h = 1e-6 * std::max(path_length, 1e-3);
    return (muscle_equilibrium(muscle, fiber, path_length + h, activation).fiber_length -
            muscle_equilibrium(muscle, fiber, path_length - h, activation).fiber_length) /
           (2 * h);
}

// Point k of a muscle's curves at `state`; returns its moment at full activation.
double sample_muscle(const Model& model, const State& state, const MuscleFiberModel& fiber, Index dof,
                     double activation, double rate, size_t k, MuscleCurves& c) {
    const Muscle& muscle = model.muscles[c.muscle];
    const double arm = muscle_moment_arm(model, state, c.muscle, dof);
    const double length = muscle_path_length(model, state, c.muscle);
    const MuscleEquilibrium e = muscle_equilibrium(muscle, fiber, length, activation);
    c.moment_arm[k] = arm;
    c.length[k] = length;
    c.fiber_length[k] = e.fiber_length;
    c.tendon_length[k] = e.tendon_length;
    c.pennation[k] = e.pennation;
    c.normalized_fiber_length[k] = e.fiber_length / muscle.optimal_fiber_length;
    if (rate != 0)  // dl_f/dt = dl_f/dL dL/dt, dL/dt = -r q_dot
        c.normalized_fiber_velocity[k] = fiber_length_slope(muscle, fiber, length, activation) * (-arm * rate) /
                                         (fiber.max_contraction_velocity() * muscle.optimal_fiber_length);
    c.active_fiber_force[k] = e.active_force;
    c.passive_fiber_force[k] = e.passive_force;
    c.tendon_force[k] = e.tendon_force;
    c.moment[k] = arm * e.tendon_force;
    return arm * (activation == 1.0 ? e.tendon_force : muscle_equilibrium(muscle, fiber, length, 1.0).tendon_force);
}

}  // namespace

MuscleSweep sweep_muscles(const Model& model, const State& pose, const MuscleSweepOptions& options) {
    MuscleSweep sweep;
    sweep.dof = options.dof;
    const Dof& dof = model.dofs[options.dof];
    const int n = std::max(options.points, 2);
    const CoordinateValues at_pose = coordinate_values(model, pose);
    const double rate = at_pose.velocity[options.dof];
    DofAssignment dofs{at_pose.value, std::vector<double>(model.dofs.size(), 0.0)};

    // every muscle is swept: the strength curve is that of all of them
    std::vector<MuscleCurves> curves(model.muscles.size());
    for (size_t i = 0; i < curves.size(); ++i) {
        curves[i].muscle = Index(i);
        resize(curves[i], size_t(n));
    }
    sweep.strength_positive.assign(size_t(n), 0.0);
    sweep.strength_negative.assign(size_t(n), 0.0);
    // the path of a muscle that does not span a joint applies no moment about it
    // (muscle_joint_moment): its curves stay zero
    std::vector<bool> swept(model.muscles.size(), true);
    if (dof.kind == Dof::Kind::JointRotation)
        for (Index m = 0; m < Index(model.muscles.size()); ++m) swept[m] = muscle_spans_dof(model, m, options.dof);
    const std::shared_ptr<const MuscleFiberModel> fiber =
        options.fiber ? options.fiber : muscle_fiber_model("muscle_force_m2012fast", nullptr);
    State state = pose;
    const double activation = std::clamp(options.activation, 0.0, 1.0);
    for (int k = 0; k < n; ++k) {
        const double q = dof.range_min + (dof.range_max - dof.range_min) * double(k) / double(n - 1);
        sweep.coordinate.push_back(q);
        dofs.value[options.dof] = q;
        apply_dofs(model, dofs, state);
        for (MuscleCurves& c : curves) {
            if (!swept[c.muscle]) continue;
            const double arm_times_full_force =
                sample_muscle(model, state, *fiber, options.dof, activation, rate, size_t(k), c);
            (c.moment_arm[k] > 0 ? sweep.strength_positive : sweep.strength_negative)[k] += arm_times_full_force;
        }
    }
    std::vector<bool> wanted(model.muscles.size(), options.muscles.empty());
    for (Index m : options.muscles) wanted[m] = true;
    for (MuscleCurves& c : curves) {
        if (!wanted[c.muscle]) continue;
        const bool crosses = muscle_spans_dof(model, c.muscle, options.dof) ||
                             std::any_of(c.moment_arm.begin(), c.moment_arm.end(), [](double r) { return r != 0; });
        if (crosses) sweep.muscles.push_back(std::move(c));
        else if (!options.muscles.empty())
            sweep.notes.push_back("muscle '" + model.muscles[c.muscle].name + "' does not cross '" + dof.name + "'");
    }
    return sweep;
}

std::string muscle_sweep_csv(const Model& model, const MuscleSweep& sweep) {
    const Dof& dof = model.dofs[sweep.dof];
    const bool angular = dof.kind != Dof::Kind::RootTranslation;
    const double to_degrees = 180.0 / std::numbers::pi;
    struct Column {
        const char* name;
        const char* unit;
        std::vector<double> MuscleCurves::*values;
        double scale = 1;
    };
    const Column columns[] = {
        {"moment_arm", "m", &MuscleCurves::moment_arm},
        {"length", "m", &MuscleCurves::length},
        {"fiber_length", "m", &MuscleCurves::fiber_length},
        {"tendon_length", "m", &MuscleCurves::tendon_length},
        {"pennation", "deg", &MuscleCurves::pennation, to_degrees},
        {"normalized_fiber_length", "", &MuscleCurves::normalized_fiber_length},
        {"normalized_fiber_velocity", "", &MuscleCurves::normalized_fiber_velocity},
        {"active_fiber_force", "N", &MuscleCurves::active_fiber_force},
        {"passive_fiber_force", "N", &MuscleCurves::passive_fiber_force},
        {"tendon_force", "N", &MuscleCurves::tendon_force},
        {"moment", "Nm", &MuscleCurves::moment},
    };
    std::string text = dof.name + (angular ? " [deg]" : " [m]");
    for (const MuscleCurves& c : sweep.muscles)
        for (const Column& column : columns) {
            text += ',' + model.muscles[c.muscle].name + '.' + column.name;
            if (*column.unit) text += std::string(" [") + column.unit + ']';
        }
    text += ",strength_positive [Nm],strength_negative [Nm]\n";
    char number[32];
    auto append = [&](double value) {
        std::snprintf(number, sizeof number, "%.9g", value);
        text += number;
    };
    for (size_t k = 0; k < sweep.coordinate.size(); ++k) {
        append(sweep.coordinate[k] * (angular ? to_degrees : 1.0));
        for (const MuscleCurves& c : sweep.muscles)
            for (const Column& column : columns) {
                text += ',';
                append((c.*column.values)[k] * column.scale);
            }
        text += ',';
        append(sweep.strength_positive[k]);
        text += ',';
        append(sweep.strength_negative[k]);
        text += '\n';
    }
    return text;
}

}  // namespace hfd
