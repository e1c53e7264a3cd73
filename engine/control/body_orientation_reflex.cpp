// BodyOrientationReflex { target source axis delay KP P0 KV V0 C0 allow_neg_P allow_neg_V }
//
// Vestibular-like feedback from a body's orientation (SCONE's BodyOrientationReflex),
// read delay t_d earlier:
//   x = s_p e_k(q),   e = the body's y-z-x Euler angles (R = R_y R_z R_x), k the
//                     largest component of `axis` (default [0 0 1]),
//   v = s_v (R a) . omega,   a = axis, mirrored for the left side (x and y negated),
//   u = C0 + KP (P0 - x) + KV (V0 - v)
// with s_p = -1 for the x and y angles of a left body, else 1 (the sensor's side is
// the body's own, else the location's). u is clamped to [min_control_value,
// max_control_value] and goes to the target: a muscle's excitation, or, for a dof
// (the lumbar joints of SCONE's 3D models), a torque [N m] about the dof's axis
// through the joint_motor of its joint.
// Parameters: target-source with the side left out when symmetric (or par_name),
// then ".KP" etc. Outputs: target-source.RP / .RV.
#include "control/reflex.h"

#include <cmath>

namespace hfd {

namespace {

const char* const orientation_output_names[4] = {".RP", ".RV", "", ""};

// The target: a muscle on the location's side, else a dof with a joint motor.
bool read_orientation_target(PropertyReader& reader, ControllerContext& context, Reflex& reflex,
                             std::string& target_name) {
    const std::optional<std::string> target = reader.required_text("target");
    if (!target) return false;
    target_name = *target;
    reflex.target = context.model.find_muscle(context.location.sided(*target));
    if (reflex.target != no_index) return true;
    const Index dof = find_sided_dof(context.model, context.location, *target);
    if (dof == no_index) {
        context.creation.error(*reader.child("target"), "unknown target '" + context.location.sided(*target) +
                                                            "' of BodyOrientationReflex (neither a muscle nor a dof)");
        return false;
    }
    const Dof& d = context.model.dofs[dof];
    for (size_t m = 0; m < context.model.motors.size() && d.kind == Dof::Kind::JointRotation; ++m)
        if (context.model.motors[m].joint == d.joint) {
            reflex.target_motor = Index(m);
            reflex.motor_axis = d.sign * Vec3::Unit(d.axis);
            return true;
        }
    context.creation.error(*reader.child("target"), "dof '" + d.name +
                                                        "' is the target of a BodyOrientationReflex but its joint "
                                                        "has no joint_motor to turn it");
    return false;
}

}  // namespace

bool create_body_orientation_reflex(const PropNode& node, ControllerContext& context, Reflex& reflex) {
    PropertyReader reader(node, context.creation, "BodyOrientationReflex");
    std::string target;
    if (!read_orientation_target(reader, context, reflex, target)) return false;
    std::string source;
    const Index body = read_source_body(reader, context, source);
    if (body == no_index) return false;
    Vec3 axis = Vec3::UnitZ();
    if (!reader.vector3("axis", axis)) return false;
    if (axis.norm() == 0) {
        context.creation.error(*reader.child("axis"), "the axis of a BodyOrientationReflex must not be zero");
        return false;
    }
    axis.normalize();
    reader.accept("axis_name");
    if (reader.flag("use_rotation_vector", false))
        context.creation.error(*reader.child("use_rotation_vector"),
                               "use_rotation_vector (SCONE before 2.0.4) is not supported");
    const char body_side = side_of_name(context.model.bodies[body].name);
    const bool left = (body_side == 'l' || body_side == 'r' ? body_side : context.location.side) == 'l';
    int axis_index = 0;
    axis.cwiseAbs().maxCoeff(&axis_index);
    SensorSource position{SensorKind::BodyOrientation, body};
    position.axis = axis_index;
    position.scale = left && axis_index != 2 ? -1 : 1;
    SensorSource velocity{SensorKind::BodyAngularVelocity, body};
    velocity.direction = left ? Vec3(-axis.x(), -axis.y(), axis.z()) : axis;

    reflex.min_output = reader.parameter("min_control_value", reflex.min_output);
    reflex.max_output = reader.parameter("max_control_value", reflex.max_output);
    const std::string par_name = reflex_parameter_name(reader, context.location, target, source);
    ScopedPrefix prefix(context.creation, par_name + ".");
    reflex.parameter_name = par_name;
    reflex.name = reflex_name(context.location.sided(target), context.model.bodies[body].name);
    reflex.dof_reflex = true;
    reflex.output_names = orientation_output_names;
    reflex.delay = reader.parameter("delay", 0);
    const double p0 = reader.parameter("P0", 0), kp = reader.parameter("KP", 0);
    const double v0 = reader.parameter("V0", 0), kv = reader.parameter("KV", 0);
    reflex.terms[0] = {context.sensors.acquire(position, reflex.delay), kp, p0, reader.flag("allow_neg_P", true)};
    reflex.terms[1] = {context.sensors.acquire(velocity, reflex.delay), kv, v0, reader.flag("allow_neg_V", true)};
    reflex.constant = reader.parameter("C0", 0);
    return true;
}

}  // namespace hfd
