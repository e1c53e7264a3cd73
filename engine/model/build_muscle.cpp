// Actuators and external loads: point_path_muscle / joint_point_path_muscle,
// joint_motor and perturbation.
#include "model/build_steps.h"

#include <numbers>

namespace hfd::build {

namespace {

void read_path(Muscle& muscle, ModelPropertyReader& reader, BuildContext& ctx) {
    const PropNode* path = reader.find("path");
    if (!path) {
        reader.missing("path");
        return;
    }
    if (!path->is_array()) {
        ctx.error(*path, reader.what() + ": 'path' must be a list [ { body = .. pos = [x y z] } ... ]");
        return;
    }
    bool points_ok = true;
    for (const PropNode& point_node : path->children) {
        if (!point_node.is_group()) {
            ctx.error(point_node, reader.what() + ": each path point must be { body = .. pos = [x y z] }");
            points_ok = false;
            continue;
        }
        const PathPoint path_point = read_path_point(point_node, Index(ctx.model.muscles.size()),
                                                     Index(muscle.path.size()), reader.what() + " path point", ctx);
        points_ok = points_ok && path_point.body != no_index;
        muscle.path.push_back(path_point);
    }
    if (path->children.size() < 2) {
        ctx.error(*path,
                  reader.what() + ": 'path' needs at least two points, found " + std::to_string(path->children.size()));
        return;
    }
    if (!points_ok) return;
    bool spans_two_bodies = false;
    for (const PathPoint& p : muscle.path) spans_two_bodies = spans_two_bodies || p.body != muscle.path[0].body;
    if (!spans_two_bodies)
        ctx.error(*path, reader.what() + ": all path points are on body '" +
                             ctx.model.bodies[muscle.path[0].body].name + "'; a muscle must span at least two bodies");
}

Muscle read_muscle(const PropNode& node, BuildContext& ctx) {
    Muscle muscle;
    muscle.name = name_of(node, ctx);
    muscle.location = ctx.location(node);
    muscle.joint_torques = node.key == "joint_point_path_muscle";
    ModelPropertyReader reader(node, ctx, describe(node.key, muscle.name));
    reader.warn_unknown({"name", "max_isometric_force", "optimal_fiber_length", "tendon_slack_length",
                         "pennation_angle", "stiffness_multiplier", "activation_rate", "deactivation_rate", "path"});
    if (auto v = reader.number("max_isometric_force", Need::Required, Bound::NonNegative))
        muscle.max_isometric_force = *v * ctx.model.options.muscle_force_multiplier;
    if (auto v = reader.length("optimal_fiber_length", Need::Required, Bound::Positive))
        muscle.optimal_fiber_length = *v;
    if (auto v = reader.length("tendon_slack_length", Need::Required, Bound::NonNegative))
        muscle.tendon_slack_length = *v;
    if (auto v = reader.number("pennation_angle", Need::Optional, Bound::NonNegative)) {
        if (*v < std::numbers::pi / 2) muscle.pennation_angle = *v;
        else
            ctx.error(*reader.find("pennation_angle"),
                      reader.what() + ": 'pennation_angle' is in radians and must be below pi/2, found " +
                          reader.find("pennation_angle")->value);
    }
    if (auto v = reader.number("stiffness_multiplier", Need::Optional, Bound::NonNegative))
        muscle.stiffness_multiplier = *v;
    if (auto v = reader.number("activation_rate", Need::Optional, Bound::Positive)) muscle.activation_rate = *v;
    if (auto v = reader.number("deactivation_rate", Need::Optional, Bound::Positive)) muscle.deactivation_rate = *v;
    read_path(muscle, reader, ctx);
    return muscle;
}

}  // namespace

void build_muscles(const PropNode& model_node, BuildContext& ctx) {
    for (const PropNode& node : model_node.children) {
        if (node.key != "point_path_muscle" && node.key != "joint_point_path_muscle") continue;
        if (!require_group(node, ctx, node.key)) continue;
        ctx.model.muscles.push_back(read_muscle(node, ctx));
    }
    check_unique_names(ctx.model.muscles, "muscle", ctx);
}

void build_motors(const PropNode& model_node, BuildContext& ctx) {
    for (const PropNode& node : model_node.children) {
        if (node.key != "joint_motor") continue;
        if (!require_group(node, ctx, "joint_motor")) continue;
        JointMotor motor;
        motor.name = name_of(node, ctx);
        motor.location = ctx.location(node);
        ModelPropertyReader reader(node, ctx, describe("joint_motor", motor.name));
        reader.warn_unknown(
            {"name", "joint", "stiffness", "damping", "max_torque", "target_ori", "target_vel", "torque_offset"});
        if (auto joint = reader.text("joint", Need::Required))
            motor.joint = resolve_joint(*reader.find("joint"), *joint, reader.what(), ctx);
        if (auto v = reader.number("stiffness", Need::Optional, Bound::NonNegative)) motor.stiffness = *v;
        if (auto v = reader.number("damping", Need::Optional, Bound::NonNegative)) motor.damping = *v;
        if (auto v = reader.number("max_torque", Need::Optional, Bound::NonNegative)) motor.max_torque = *v;
        if (auto v = reader.orientation("target_ori")) motor.target_ori = *v;
        if (auto v = reader.vec3("target_vel")) motor.target_vel = *v;
        if (auto v = reader.vec3("torque_offset")) motor.torque_offset = *v;
        ctx.model.motors.push_back(motor);
    }
    check_unique_names(ctx.model.motors, "joint_motor", ctx);
}

void build_perturbations(const PropNode& model_node, BuildContext& ctx) {
    for (const PropNode& node : model_node.children) {
        if (node.key != "perturbation") continue;
        if (!require_group(node, ctx, "perturbation")) continue;
        Perturbation perturbation;
        ModelPropertyReader reader(node, ctx, describe("perturbation", name_of(node)));
        reader.warn_unknown({"name", "body", "pos", "force", "moment", "start_time", "end_time"});
        if (auto body = reader.text("body", Need::Required))
            perturbation.body = resolve_body(*reader.find("body"), *body, reader.what(), ctx);
        if (auto v = reader.position("pos")) perturbation.pos = *v;
        if (auto v = reader.vec3("force")) perturbation.force = *v;
        if (auto v = reader.vec3("moment")) perturbation.moment = *v;
        if (auto v = reader.number("start_time")) perturbation.start_time = *v;
        if (auto v = reader.number("end_time")) perturbation.end_time = *v;
        if (perturbation.end_time < perturbation.start_time)
            ctx.error(node, reader.what() + ": end_time is before start_time");
        ctx.model.perturbations.push_back(perturbation);
    }
}

}  // namespace hfd::build
