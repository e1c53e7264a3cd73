// GaitStateController { stance_load_threshold ... ConditionalControllers { ConditionalController { states = "..."
// Controller } } }
//
// SCONE's gait state machine, per leg, updated at every control step from the leg
// load L (|ground force on the leg| / body weight, read leg_load_sensor_delay earlier)
// and the sagittal position s of the foot relative to the base body (pelvis), or to
// the model's centre of mass when use_model_com_reference_pos:
//   stance allowed   L >  stance_load_threshold           (default 0.1)
//   swing allowed    L <= swing_load_threshold            (default: stance_load_threshold)
//   late stance      s <  leg_length late_stance_threshold (default 0)
//   liftoff          s <  leg_length liftoff_threshold     (default -1)
//   landing          s >  leg_length landing_threshold     (default 0)
// Transitions (the other leg's values marked '):
//   Unknown     -> stance allowed: Liftoff if stance' and s < s', else LateStance if late
//                  stance, else EarlyStance; otherwise Landing if landing, else Swing
//   EarlyStance -> Swing when allow_stance_swing_transition and swing allowed; Liftoff when
//                  stance' and s < s'; LateStance when late stance
//   LateStance  -> Swing (as above); Liftoff when stance' and s < s', or liftoff
//   Liftoff     -> Swing when swing allowed
//   Swing       -> EarlyStance when stance allowed and s > s'; Landing when not stance
//                  allowed and landing
//   Landing     -> EarlyStance when stance allowed
// Each ConditionalController runs its controller (one per leg, on that leg's side)
// while its leg is in one of `states`; its parameters are prefixed "S" and the state
// mask written from Landing down to EarlyStance ("S00011" = EarlyStance LateStance).
// With symmetric = 1 (default) both legs share the parameters.
#include "control/controller.h"

#include <bitset>
#include <cctype>
#include <sstream>

namespace hfd {

namespace {

enum GaitState { unknown = -1, early_stance = 0, late_stance, liftoff, swing, landing, state_count };
const char* const state_names[state_count] = {"EarlyStance", "LateStance", "Liftoff", "Swing", "Landing"};

struct LegState {
    Index leg = no_index;
    Index load_channel = no_index;
    double stance_load_threshold = 0.1, swing_load_threshold = 0.1;
    double landing_threshold = 0, late_stance_threshold = 0, liftoff_threshold = -1;
    double leg_length = 0;
    GaitState state = unknown;
    double load = 0, sagittal = 0;
    bool stance = false, swing_allowed = false, late = false, lift = false, land = false;
};

struct ConditionalChild {
    std::bitset<state_count> states;
    size_t leg_state = 0;
    std::unique_ptr<Controller> controller;
    bool active = false;
    double active_since = 0;
};

class GaitStateController final : public Controller {
public:
    ControllerTiming timing;
    std::vector<LegState> legs;
    std::vector<ConditionalChild> children;
    double load_delay = 0;
    Index load_delay_index = no_index;  // the sensors' index of load_delay
    bool use_model_com = false, stance_swing = false;

    void update(const Plant& plant, const DelayedSensors& sensors, double time,
                std::vector<double>& excitation) override {
        if (!timing.active(time)) return;
        update_leg_states(plant, sensors);
        for (ConditionalChild& child : children) {
            const bool active =
                legs[child.leg_state].state != unknown && child.states.test(size_t(legs[child.leg_state].state));
            if (active != child.active) {
                child.active = active;
                child.active_since = time;
            }
            if (child.active) child.controller->update(plant, sensors, time - child.active_since, excitation);
        }
    }

    void update_controls(const Plant& plant, double time, Controls& controls) override {
        if (!timing.active(time)) return;
        for (ConditionalChild& child : children)
            if (child.active) child.controller->update_controls(plant, time - child.active_since, controls);
    }

    void channels(std::vector<ControlChannel>& out) const override {
        for (size_t i = 0; i < legs.size(); ++i) {
            const std::string& leg = name_of(i);
            out.push_back({leg + ".state", double(legs[i].state)});
            out.push_back({leg + ".load", legs[i].load});
            out.push_back({leg + ".sag_pos", legs[i].sagittal});
        }
        for (const ConditionalChild& child : children) child.controller->channels(out);
    }

    // every conditional controller's, active or not (SCONE's)
    void control_parameters(std::vector<ControlParameter>& out) override {
        for (ConditionalChild& child : children) child.controller->control_parameters(out);
    }

    void reset() override {
        for (LegState& leg : legs) leg.state = unknown;
        for (ConditionalChild& child : children) {
            child.active = false;
            child.active_since = 0;
            child.controller->reset();
        }
    }

    std::string stop_reason() const override {
        for (const ConditionalChild& child : children)
            if (std::string reason = child.controller->stop_reason(); !reason.empty()) return reason;
        return {};
    }

    void take_diagnostics(std::vector<Diagnostic>& out) override {
        for (ConditionalChild& child : children) child.controller->take_diagnostics(out);
    }

    std::vector<std::string> leg_names;

private:
    const std::string& name_of(size_t i) const { return leg_names[i]; }

    void update_leg_states(const Plant& plant, const DelayedSensors& sensors) {
        const Vec3 com = use_model_com ? center_of_mass(plant.model(), plant.state()) : Vec3::Zero();
        for (LegState& ls : legs) {
            const Leg& leg = plant.legs[ls.leg];
            ls.load = sensors.delayed_value(ls.load_channel, load_delay_index);
            ls.stance = ls.load > ls.stance_load_threshold;
            ls.swing_allowed = ls.load <= ls.swing_load_threshold;
            const Vec3 reference = use_model_com ? com : plant.state().pos[leg.base];
            ls.sagittal = plant.state().pos[leg.foot].x() - reference.x();
            ls.late = ls.sagittal < ls.leg_length * ls.late_stance_threshold;
            ls.lift = ls.sagittal < ls.leg_length * ls.liftoff_threshold;
            ls.land = ls.sagittal > ls.leg_length * ls.landing_threshold;
        }
        for (size_t i = 0; i < legs.size(); ++i) {
            LegState& ls = legs[i];
            const LegState& other = legs[i ^ 1];
            const bool behind_loaded_other = other.stance && ls.sagittal < other.sagittal;
            switch (ls.state) {
                case unknown:
                    if (ls.stance) ls.state = behind_loaded_other ? liftoff : ls.late ? late_stance : early_stance;
                    else ls.state = ls.land ? landing : swing;
                    break;
                case early_stance:
                    if (stance_swing && ls.swing_allowed) ls.state = swing;
                    else if (behind_loaded_other) ls.state = liftoff;
                    else if (ls.late) ls.state = late_stance;
                    break;
                case late_stance:
                    if (stance_swing && ls.swing_allowed) ls.state = swing;
                    else if (behind_loaded_other || ls.lift) ls.state = liftoff;
                    break;
                case liftoff:
                    if (ls.swing_allowed) ls.state = swing;
                    break;
                case swing:
                    if (ls.stance && ls.sagittal > other.sagittal) ls.state = early_stance;
                    if (!ls.stance && ls.land) ls.state = landing;
                    break;
                case landing:
                    if (ls.stance) ls.state = early_stance;
                    break;
                default: break;
            }
        }
    }
};

bool read_states(const std::string& text, std::bitset<state_count>& mask, std::string& error) {
    std::istringstream words(text);
    std::string word;
    while (words >> word) {
        int found = -1;
        for (int s = 0; s < state_count; ++s)
            if (word == state_names[s]) found = s;
        if (found < 0) {
            error = "unknown gait state '" + word + "' (expected EarlyStance, LateStance, Liftoff, Swing or Landing)";
            return false;
        }
        mask.set(size_t(found));
    }
    if (mask.none()) {
        error = "no gait state in 'states'";
        return false;
    }
    return true;
}

// The one controller node of a ConditionalController.
const PropNode* conditional_child(PropertyReader& reader) {
    const PropNode* found = nullptr;
    for (const PropNode& child : reader.node().children) {
        if (!is_controller_type(child.key)) continue;
        if (found) {
            reader.context().error(child, "ConditionalController holds more than one controller");
            return nullptr;
        }
        found = &child;
    }
    if (found) reader.accept(found->key);
    else reader.context().error(reader.node(), "ConditionalController holds no controller");
    return found;
}

}  // namespace

std::unique_ptr<Controller> create_gait_state_controller(const PropNode& node, ControllerContext& context) {
    auto controller = std::make_unique<GaitStateController>();
    PropertyReader reader(node, context.creation, "GaitStateController");
    read_controller_timing(reader, controller->timing);
    if (context.legs.empty() || context.legs.size() % 2 != 0) {
        context.creation.error(node,
                               "GaitStateController needs legs in pairs: bodies femur*_r / femur*_l with two "
                               "bodies below each (found " +
                                   std::to_string(context.legs.size()) + " legs)");
        return nullptr;
    }
    const bool symmetric = reader.flag("symmetric", true);
    controller->load_delay = reader.number("leg_load_sensor_delay", 0);
    controller->load_delay_index = context.sensors.delay_index(controller->load_delay);
    controller->use_model_com = reader.flag("use_model_com_reference_pos", false);
    controller->stance_swing = reader.flag("allow_stance_swing_transition", false);
    if (reader.flag("omnidirectional", false))
        context.creation.error(*reader.child("omnidirectional"), "omnidirectional gait states are not supported");
    const std::optional<double> override_length = reader.optional_number("override_leg_length");
    for (Index l = 0; l < Index(context.legs.size()); ++l) {
        ScopedPrefix prefix(context.creation, symmetric ? "" : context.legs[l].name + ".");
        LegState ls;
        ls.leg = l;
        ls.leg_length = override_length.value_or(context.legs[l].length);
        ls.load_channel = context.sensors.acquire({SensorKind::LegLoad, l}, controller->load_delay);
        ls.stance_load_threshold = reader.parameter("stance_load_threshold", 0.1);
        ls.swing_load_threshold = reader.parameter("swing_load_threshold", ls.stance_load_threshold);
        ls.landing_threshold = reader.parameter("landing_threshold", 0);
        ls.late_stance_threshold = reader.parameter("late_stance_threshold", 0);
        ls.liftoff_threshold = reader.parameter("liftoff_threshold", -1);
        controller->legs.push_back(ls);
        controller->leg_names.push_back(context.legs[l].name);
    }
    const PropNode* conditionals = reader.child("ConditionalControllers");
    if (!conditionals) {
        context.creation.error(node, "GaitStateController needs ConditionalControllers { ... }");
        return nullptr;
    }
    bool ok = true;
    for (const PropNode& item : conditionals->children) {
        if (item.key != "ConditionalController") {
            context.creation.error(
                item, "expected ConditionalController in ConditionalControllers, found '" + item.key + "'");
            ok = false;
            continue;
        }
        PropertyReader conditional(item, context.creation, "ConditionalController");
        const std::optional<std::string> states = conditional.required_text("states");
        const std::string legs_side = conditional.text("legs");
        const PropNode* child_node = conditional_child(conditional);
        if (!states || !child_node) {
            ok = false;
            continue;
        }
        // "a b; c d": one instance per ;-separated state list
        std::vector<std::string> lists;
        std::string current;
        for (const char c : *states + ";") {
            if (c == ';' || c == ',') {
                if (current.find_first_not_of(' ') != std::string::npos) lists.push_back(current);
                current.clear();
            } else current += c;
        }
        for (const std::string& list : lists) {
            std::bitset<state_count> mask;
            std::string error;
            if (!read_states(list, mask, error)) {
                context.creation.error(*conditional.child("states"), error);
                ok = false;
                continue;
            }
            for (size_t l = 0; l < context.legs.size(); ++l) {
                const char side = context.legs[l].side;
                if (!legs_side.empty() && std::tolower(static_cast<unsigned char>(legs_side[0])) != side) continue;
                ControllerContext child_context = context;
                child_context.location = {side, symmetric};
                std::string mask_text = mask.to_string();
                ScopedPrefix prefix(context.creation, "S" + mask_text + ".");
                ConditionalChild child;
                child.states = mask;
                child.leg_state = l;
                child.controller = create_controller(*child_node, child_context);
                if (!child.controller) {
                    ok = false;
                    continue;
                }
                controller->children.push_back(std::move(child));
            }
        }
    }
    return ok ? std::move(controller) : nullptr;
}

}  // namespace hfd
