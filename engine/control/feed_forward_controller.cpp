// FeedForwardController { symmetric include exclude  <Function> { ... } }
//
// Open-loop excitation (SCONE's FeedForwardController): for each muscle m whose name
// matches `include` (default "*") and not `exclude` (default none; patterns as in
// name_pattern.h) and lies on the location's side (every side when it has none),
//   u_m(t) += f_m(t)
// with f_m a function of the controller's time (functions.cpp). When symmetric
// (default: the location's), muscles that differ only by their side suffix share one
// function, whose parameters are named by the name without side ("vasti.Y0");
// otherwise each muscle has its own ("vasti_r.Y0").
//
// The function is one child whose key is a function type (PieceWiseConstant, ...).
// Channels: the value each function gives, named <parameter prefix>.ff ("vasti.ff").
//
// Joint motors are actuators too (SCONE's actuators include them), named by the
// motor's name, else its joint's ("hip_r", symmetric "hip"). A motor turns the one
// rotational dof of its joint: its input u = f(t), clamped to [-1, 1], adds the torque
//   tau = u max_torque (sign a) (joint frame, a the dof's axis)
// to the motor's, through Controls::motors[i].added_torque, reset every control step.
#include "control/controller.h"
#include "control/functions.h"
#include "control/name_pattern.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace hfd {

namespace {

struct DrivenMuscle {
    Index muscle = no_index;
    size_t function = 0;
};

struct DrivenMotor {
    Index motor = no_index;
    size_t function = 0;
    Vec3 torque_per_input = Vec3::Zero();  // max_torque (sign a), joint frame
};

// A muscle or a joint motor the controller may drive, by its actuator name.
struct Actuator {
    std::string name;
    Index muscle = no_index, motor = no_index;
};

std::vector<Actuator> actuators_of(const Model& model) {
    std::vector<Actuator> actuators;
    for (Index m = 0; m < Index(model.muscles.size()); ++m) actuators.push_back({model.muscles[m].name, m, no_index});
    for (Index m = 0; m < Index(model.motors.size()); ++m) {
        const JointMotor& motor = model.motors[m];
        const std::string& joint_name = motor.joint != no_index ? model.joints[motor.joint].name : std::string();
        actuators.push_back({motor.name.empty() ? joint_name : motor.name, no_index, m});
    }
    return actuators;
}

// The torque one unit of input gives: max_torque about the motor's one rotational dof.
std::optional<Vec3> motor_torque_per_input(const Model& model, Index motor, std::string& error) {
    const JointMotor& m = model.motors[motor];
    const Dof* turned = nullptr;
    for (const Dof& dof : model.dofs) {
        if (dof.kind != Dof::Kind::JointRotation || dof.joint != m.joint) continue;
        if (turned) {
            error =
                "turns more than one dof ('" + turned->name + "', '" + dof.name + "'); a feed-forward input drives one";
            return std::nullopt;
        }
        turned = &dof;
    }
    if (!turned) error = "turns no dof of the model";
    else if (!std::isfinite(m.max_torque)) error = "has no max_torque to scale its input";
    if (!error.empty()) return std::nullopt;
    return m.max_torque * turned->sign * Vec3::Unit(turned->axis);
}

class FeedForwardController final : public Controller {
public:
    ControllerTiming timing;
    std::vector<std::unique_ptr<ControlFunction>> functions;
    std::vector<std::string> function_names;
    std::vector<DrivenMuscle> muscles;
    std::vector<DrivenMotor> motors;
    std::vector<double> values;

    void update(const Plant&, const DelayedSensors&, double time, std::vector<double>& excitation) override {
        if (!timing.active(time)) return;
        for (size_t f = 0; f < functions.size(); ++f) values[f] = functions[f]->value(time);
        for (const DrivenMuscle& driven : muscles) excitation[driven.muscle] += values[driven.function];
    }

    void update_controls(const Plant&, double time, Controls& controls) override {
        if (!timing.active(time)) return;
        for (const DrivenMotor& driven : motors)
            controls.motors[size_t(driven.motor)].added_torque +=
                std::clamp(values[driven.function], -1.0, 1.0) * driven.torque_per_input;
    }

    void channels(std::vector<ControlChannel>& out) const override {
        for (size_t f = 0; f < functions.size(); ++f) out.push_back({function_names[f], values[f]});
    }

    void reset() override { std::fill(values.begin(), values.end(), 0.0); }
};

// The one child node whose key is a function type.
const PropNode* function_node(PropertyReader& reader) {
    const PropNode* found = nullptr;
    for (const PropNode& child : reader.node().children) {
        if (!is_function_type(child.key)) continue;
        if (found) {
            reader.context().error(child, "FeedForwardController holds more than one function");
            return nullptr;
        }
        found = &child;
    }
    if (found) {
        reader.accept(found->key);
        return found;
    }
    // the controller has no group property: a group is a function of a name in no row
    for (const PropNode& child : reader.node().children)
        if (child.is_group() && !child.is_variable_definition()) {
            reader.accept(child.key);
            create_function(child, reader.context());  // refuses it with the known names
            return nullptr;
        }
    reader.context().error(reader.node(),
                           "FeedForwardController needs a function (PieceWiseConstant, PieceWiseLinear, "
                           "Polynomial, SineWave or Constant)");
    return nullptr;
}

// Removes the diagnostics after `from` that repeat an earlier one (the same function
// node read once per muscle reports a misspelt key once).
void drop_repeated(std::vector<Diagnostic>& diagnostics, size_t from) {
    const auto same = [](const Diagnostic& a, const Diagnostic& b) {
        return a.message == b.message && a.location.file == b.location.file && a.location.line == b.location.line &&
               a.location.column == b.location.column;
    };
    std::vector<Diagnostic> kept(diagnostics.begin(), diagnostics.begin() + long(from));
    for (size_t i = from; i < diagnostics.size(); ++i)
        if (std::none_of(kept.begin(), kept.end(), [&](const Diagnostic& d) { return same(d, diagnostics[i]); }))
            kept.push_back(diagnostics[i]);
    diagnostics = std::move(kept);
}

}  // namespace

std::unique_ptr<Controller> create_feed_forward_controller(const PropNode& node, ControllerContext& context) {
    auto controller = std::make_unique<FeedForwardController>();
    PropertyReader reader(node, context.creation, "FeedForwardController");
    read_controller_timing(reader, controller->timing);
    const bool symmetric = reader.flag("symmetric", context.location.symmetric);
    const std::string include_text = reader.text("include", "*"), exclude_text = reader.text("exclude");
    const NamePattern include(include_text), exclude(exclude_text);
    const PropNode* function_spec = function_node(reader);
    if (!function_spec) return nullptr;

    std::vector<std::string> function_keys;  // the name each function's parameters carry
    const size_t diagnostics_before = context.creation.diagnostics->size();
    bool ok = true;
    for (const Actuator& actuator : actuators_of(context.model)) {
        const std::string& name = actuator.name;
        if (!include.matches(name) || exclude.matches(name)) continue;
        const char side = side_of_name(name);
        if (context.location.side != 0 && side != context.location.side) continue;
        DrivenMotor motor{actuator.motor, 0, Vec3::Zero()};
        if (actuator.motor != no_index) {
            std::string error;
            const std::optional<Vec3> torque = motor_torque_per_input(context.model, actuator.motor, error);
            if (!torque) {
                context.creation.error(node, "FeedForwardController: joint motor '" + name + "' " + error);
                ok = false;
                continue;
            }
            motor.torque_per_input = *torque;
        }
        const std::string key = symmetric ? name_without_side(name) : name;
        size_t function = size_t(std::find(function_keys.begin(), function_keys.end(), key) - function_keys.begin());
        if (function == function_keys.size()) {
            ScopedPrefix prefix(context.creation, key + ".");
            std::unique_ptr<ControlFunction> created = create_function(*function_spec, context.creation);
            if (!created) {
                ok = false;
                break;
            }
            function_keys.push_back(key);
            controller->function_names.push_back(context.creation.prefix() + "ff");  // the prefix ends with "."
            controller->functions.push_back(std::move(created));
        }
        if (actuator.motor != no_index) {
            motor.function = function;
            controller->motors.push_back(motor);
        } else {
            controller->muscles.push_back({actuator.muscle, function});
        }
    }
    drop_repeated(*context.creation.diagnostics, diagnostics_before);
    if (ok && controller->muscles.empty() && controller->motors.empty()) {
        context.creation.error(node, "FeedForwardController: no muscle or joint motor matches include = \"" +
                                         include_text + "\", exclude = \"" + exclude_text + "\"");
        ok = false;
    }
    controller->values.assign(controller->functions.size(), 0.0);
    return ok ? std::move(controller) : nullptr;
}

}  // namespace hfd
