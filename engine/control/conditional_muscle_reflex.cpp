// ConditionalMuscleReflex { MuscleReflex properties  dof pos_min pos_max delay }
//
// A MuscleReflex (reflex_controller.cpp) that is switched off while a dof is outside
// [pos_min, pos_max] (defaults -1e12, 1e12) and moving further out: with q and dq/dt
// the dof (on the location's side) read `delay` earlier,
//   suppressed  <=>  (q > pos_max or q < pos_min) and sign(q - bound) = sign(dq/dt)
//   u = C0 when suppressed, the MuscleReflex's u otherwise
// (SCONE's ConditionalMuscleReflex, which compares the sign bits, so dq/dt = 0 counts
// as positive). delay, pos_min and pos_max are parameters named
// "<reflex parameter name>-<dof as written>." ("vasti-knee_angle.pos_max"); that
// delay, declared after the MuscleReflex's own, is the one the reflex uses.
#include "control/reflex.h"

#include <cmath>

namespace hfd {

bool DofRangeCondition::suppresses(const DelayedSensors& sensors, Index delay) const {
    const double q = sensors.delayed_value(position, delay);
    if (q >= min && q <= max) return false;
    const double violation = q < min ? q - min : q - max;
    return std::signbit(violation) == std::signbit(sensors.delayed_value(velocity, delay));
}

bool create_conditional_muscle_reflex(const PropNode& node, ControllerContext& context, Reflex& reflex) {
    PropertyReader reader(node, context.creation, "ConditionalMuscleReflex");
    if (!read_muscle_reflex(reader, context, reflex)) return false;
    const std::optional<std::string> dof_name = reader.required_text("dof");
    if (!dof_name) return false;
    const Index dof = find_sided_dof(context.model, context.location, *dof_name);
    if (dof == no_index) {
        context.creation.error(*reader.child("dof"),
                               "unknown dof '" + context.location.sided(*dof_name) + "' of ConditionalMuscleReflex");
        return false;
    }
    ScopedPrefix prefix(context.creation, reflex.parameter_name + "-" + *dof_name + ".");
    reflex.delay = reader.parameter("delay", 0);
    DofRangeCondition condition;
    condition.max = reader.parameter("pos_max", condition.max);
    condition.min = reader.parameter("pos_min", condition.min);
    condition.position = context.sensors.acquire({SensorKind::DofPosition, dof}, reflex.delay);
    condition.velocity = context.sensors.acquire({SensorKind::DofVelocity, dof}, reflex.delay);
    reflex.condition = condition;
    return true;
}

}  // namespace hfd
