#pragma once
// One reflex of a ReflexController (reflex_controller.cpp): a target muscle, up to
// four delayed sensor terms and a constant. MuscleReflex and DofReflex are read in
// reflex_controller.cpp, BodyPointReflex and ConditionalMuscleReflex in their own files.
#include "control/controller.h"

#include <limits>
#include <optional>

namespace hfd {

struct ReflexTerm {
    Index channel = no_index;  // no_index: gain 0, no sensor
    double gain = 0, offset = 0;
    bool allow_negative = true;

    // gain [x - offset], the bracket clipped at zero unless negatives are allowed;
    // delay: a DelayedSensors::delay_index
    double value(const DelayedSensors& sensors, Index delay) const {
        if (channel == no_index) return 0;
        double difference = sensors.delayed_value(channel, delay) - offset;
        if (!allow_negative && difference < 0) difference = 0;
        return gain * difference;
    }
};

// ConditionalMuscleReflex's gate on a dof q (delayed like the reflex): the reflex
// terms are off, only C0 remains, while q is outside [min, max] and moving further
// out (q > max with dq/dt >= 0, or q < min with dq/dt < 0; SCONE compares the signs).
struct DofRangeCondition {
    Index position = no_index, velocity = no_index;  // sensor channels
    double min = -1e12, max = 1e12;
    bool suppresses(const DelayedSensors& sensors, Index delay) const;  // delay: a delay_index
};

struct Reflex {
    std::string name;            // target or target-source, sided
    std::string parameter_name;  // prefix of its parameters ("vasti", "S00011." not included)
    // the full prefix of its parameters ("S00011.vasti."): names its control parameters;
    // empty for reflexes without any (BodyPointReflex, BodyOrientationReflex)
    std::string control_prefix;
    Index target = no_index;
    double delay = 0, constant = 0;
    Index delay_index = no_index;  // the sensors' index of `delay` (ReflexController sets it)
    double min_output = std::numeric_limits<double>::lowest(), max_output = std::numeric_limits<double>::max();
    // u = K (X0 - x) per term (dof and body point reflexes), else K [x - X0]
    bool dof_reflex = false;
    double mirror = 1;
    ReflexTerm terms[4];                        // muscle: L V F A; dof: P V; body point: P V A
    const char* const* output_names = nullptr;  // per term: ".RL", ...
    double outputs[4] = {0, 0, 0, 0};
    std::optional<DofRangeCondition> condition;
    // A dof target (BodyOrientationReflex on lumbar_extension): the clamped output is a
    // torque [N m] about the dof's axis, added through the joint_motor of its joint.
    Index target_motor = no_index;
    Vec3 motor_axis = Vec3::Zero();  // joint frame, times the dof's sign
    double torque = 0;
};

// "target-source", or target when both are the same (reflex and parameter names).
std::string reflex_name(const std::string& target, const std::string& source);
// The target muscle on the location's side; target_name as written.
bool read_reflex_target(PropertyReader& reader, ControllerContext& context, Reflex& reflex, std::string& target_name);
// The dof `name` on the location's side, else as written.
Index find_sided_dof(const Model& model, const Location& location, const std::string& name);
// par_name as written (on the location's side), else target-source of their parameter names.
std::string reflex_parameter_name(PropertyReader& reader, const Location& location, const std::string& target,
                                  const std::string& source);
// The required `source` body, on the location's side first ("femur" -> "femur_r"), then
// as written; source_name receives it. no_index after a located error.
Index read_source_body(PropertyReader& reader, ControllerContext& context, std::string& source_name);
// MuscleReflex's properties (also those of ConditionalMuscleReflex).
bool read_muscle_reflex(PropertyReader& reader, ControllerContext& context, Reflex& reflex);
bool create_body_point_reflex(const PropNode& node, ControllerContext& context, Reflex& reflex);
bool create_conditional_muscle_reflex(const PropNode& node, ControllerContext& context, Reflex& reflex);
bool create_body_orientation_reflex(const PropNode& node, ControllerContext& context, Reflex& reflex);
// The reflex's control parameters (ControlParameter), sorted by name as SCONE lists them.
void reflex_control_parameters(Reflex& reflex, std::vector<ControlParameter>& out);

}  // namespace hfd
