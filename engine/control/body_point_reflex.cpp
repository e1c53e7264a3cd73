// BodyPointReflex { target source offset direction delay KP P0 KV V0 KA A0 C0 }
//
// Vestibular-like feedback from a point on a body (SCONE's BodyPointReflex): with p the
// point `offset` (m, body frame of `source`, from its centre of mass) and d the world
// `direction`, read delay t_d earlier,
//   x = d . p_world,  v = d . dp/dt,  a = d . d^2p/dt^2
//   u = C0 + KP (P0 - x) + KV (V0 - v) + KA (A0 - a)
// clamped to [min_control_value, max_control_value] and added to the target muscle.
// The source body is looked up on the location's side first ("femur" -> "femur_r"),
// then as written. Parameters: target(-source) with the side left out when symmetric
// (or par_name), then ".KP" etc.; min/max_control_value are read before that prefix
// as SCONE does. Outputs: target-source.RBP/.RBV/.RBA. The acceleration sensor is
// acquired only when KA != 0.
#include "control/reflex.h"

namespace hfd {

namespace {

const char* const body_point_output_names[4] = {".RBP", ".RBV", ".RBA", ""};

}  // namespace

bool create_body_point_reflex(const PropNode& node, ControllerContext& context, Reflex& reflex) {
    PropertyReader reader(node, context.creation, "BodyPointReflex");
    std::string target;
    if (!read_reflex_target(reader, context, reflex, target)) return false;
    std::string source;
    const Index body = read_source_body(reader, context, source);
    if (body == no_index) return false;
    Vec3 offset = Vec3::Zero(), direction = Vec3::Zero();
    if (!reader.vector3("offset", offset) || !reader.vector3("direction", direction)) return false;
    reflex.min_output = reader.parameter("min_control_value", reflex.min_output);
    reflex.max_output = reader.parameter("max_control_value", reflex.max_output);

    const std::string par_name = reflex_parameter_name(reader, context.location, target, source);
    ScopedPrefix prefix(context.creation, par_name + ".");
    reflex.parameter_name = par_name;
    reflex.name = reflex_name(context.location.sided(target), source);
    reflex.dof_reflex = true;
    reflex.output_names = body_point_output_names;
    reflex.delay = reader.parameter("delay", 0);
    const SensorKind kinds[3] = {SensorKind::BodyPointPosition, SensorKind::BodyPointVelocity,
                                 SensorKind::BodyPointAcceleration};
    const char* const keys[3][2] = {{"P0", "KP"}, {"V0", "KV"}, {"A0", "KA"}};
    for (int t = 0; t < 3; ++t) {
        ReflexTerm& term = reflex.terms[t];
        term.offset = reader.parameter(keys[t][0], 0);
        term.gain = reader.parameter(keys[t][1], 0);
        if (t < 2 || term.gain != 0) {
            SensorSource sensor{kinds[t], body};
            sensor.offset = offset;
            sensor.direction = direction;
            term.channel = context.sensors.acquire(sensor, reflex.delay);
        }
    }
    reflex.constant = reader.parameter("C0", 0);
    return true;
}

}  // namespace hfd
