// ReflexController { MuscleReflex { ... } DofReflex { ... } ... }
//
// A set of reflexes, each adding to one target muscle's excitation (SCONE's
// ReflexController). Properties: symmetric (default: the location's), dual_sided
// (default: true when the location has no side: every reflex is created for the
// left and then the right side), and the common controller properties.
//
// MuscleReflex { target source delay KL L0 KV V0 KF F0 KA A0 C0 allow_neg_L ... }
//   u = C0 + KL [l(t-d) - L0] + KV [v(t-d) - V0] + KF [F(t-d) - F0] + KA [a(t-d) - A0]
// with l = l_fiber / l_opt, v = dl_fiber/dt / l_opt, F = F_tendon / F_max and a the
// activation of the source muscle (default: the target), read delay d earlier; a
// bracket below zero counts as zero unless allow_neg_* (default: L and F allowed,
// V and A not). Terms whose gain is zero acquire no sensor.
//
// DofReflex { target source source_parent delay KP P0 KV V0 C0 allow_neg_P allow_neg_V mirror_left }
//   u = C0 + KP (P0 - q(t-d)) + KV (V0 - dq/dt(t-d))
// with q the source dof (plus source_parent's, SCONE's root dof), negated on the left
// side when mirror_left.
//
// Parameter names: target (or "target-source") with the side left out when
// symmetric, then ".KL" etc.; outputs are recorded as target(-source).RL/RV/RF/RA
// and .RP/.RV for dof reflexes. BodyPointReflex: body_point_reflex.cpp;
// ConditionalMuscleReflex: conditional_muscle_reflex.cpp; BodyOrientationReflex:
// body_orientation_reflex.cpp.
#include "control/reflex.h"
#include "format/type_table.h"

#include "state/kinematics.h"

namespace hfd {

namespace {

const char* const muscle_terms[4][3] = {
    {"KL", "L0", "allow_neg_L"}, {"KV", "V0", "allow_neg_V"}, {"KF", "F0", "allow_neg_F"}, {"KA", "A0", "allow_neg_A"}};
const SensorKind muscle_sensors[4] = {SensorKind::FiberLength, SensorKind::FiberVelocity, SensorKind::MuscleForce,
                                      SensorKind::Activation};
const double muscle_default_offsets[4] = {1, 0, 0, 0};
const bool muscle_default_negatives[4] = {true, false, true, false};
const char* const muscle_output_names[4] = {".RL", ".RV", ".RF", ".RA"};
const char* const dof_output_names[4] = {".RP", ".RV", "", ""};

}  // namespace

std::string reflex_name(const std::string& target, const std::string& source) {
    return target == source ? target : target + "-" + source;
}

bool read_reflex_target(PropertyReader& reader, ControllerContext& context, Reflex& reflex, std::string& target_name) {
    const std::optional<std::string> target = reader.required_text("target");
    if (!target) return false;
    target_name = *target;
    reflex.target = context.model.find_muscle(context.location.sided(*target));
    if (reflex.target == no_index) {
        context.creation.error(*reader.child("target"),
                               "unknown target muscle '" + context.location.sided(*target) + "' of " + reader.type());
        return false;
    }
    return true;
}

Index find_sided_dof(const Model& model, const Location& location, const std::string& name) {
    const Index sided = model.find_dof(location.sided(name));
    return sided != no_index ? sided : model.find_dof(name);
}

std::string reflex_parameter_name(PropertyReader& reader, const Location& location, const std::string& target,
                                  const std::string& source) {
    return reader.has("par_name") ? location.parameter_name(reader.text("par_name"))
                                  : reflex_name(location.parameter_name(target), location.parameter_name(source));
}

Index read_source_body(PropertyReader& reader, ControllerContext& context, std::string& source_name) {
    const std::optional<std::string> source = reader.required_text("source");
    if (!source) return no_index;
    source_name = *source;
    Index body = context.model.find_body(context.location.sided(*source));
    if (body == no_index) body = context.model.find_body(*source);
    if (body == no_index)
        context.creation.error(*reader.child("source"),
                               "unknown source body '" + *source + "' of " + std::string(reader.type()));
    return body;
}

bool read_muscle_reflex(PropertyReader& reader, ControllerContext& context, Reflex& reflex) {
    std::string target;
    if (!read_reflex_target(reader, context, reflex, target)) return false;
    const std::string source = reader.text("source", target);
    const Index source_muscle = context.model.find_muscle(context.location.sided(source));
    if (source_muscle == no_index) {
        context.creation.error(*reader.child("source"),
                               "unknown source muscle '" + context.location.sided(source) + "' of MuscleReflex");
        return false;
    }
    const std::string par_name = reflex_parameter_name(reader, context.location, target, source);
    ScopedPrefix prefix(context.creation, par_name + ".");
    reflex.parameter_name = par_name;
    reflex.control_prefix = context.creation.prefix();
    reflex.output_names = muscle_output_names;
    reflex.name = reflex_name(context.location.sided(target), context.location.sided(source));
    reflex.delay = reader.parameter("delay", 0);
    for (int t = 0; t < 4; ++t) {
        ReflexTerm& term = reflex.terms[t];
        term.gain = reader.parameter(muscle_terms[t][0], 0);
        term.offset = reader.parameter(muscle_terms[t][1], muscle_default_offsets[t]);
        term.allow_negative = reader.flag(muscle_terms[t][2], muscle_default_negatives[t]);
        if (term.gain != 0) term.channel = context.sensors.acquire({muscle_sensors[t], source_muscle}, reflex.delay);
    }
    reflex.constant = reader.parameter("C0", 0);
    reflex.min_output = reader.parameter("min_control_value", reflex.min_output);
    reflex.max_output = reader.parameter("max_control_value", reflex.max_output);
    if (reader.parameter("KS", 0) != 0)
        context.creation.error(*reader.child("KS"), "spindle reflexes (KS) are not supported");
    reader.parameter("S0", 0);
    reader.accept("allow_neg_S");
    return true;
}

void reflex_control_parameters(Reflex& reflex, std::vector<ControlParameter>& out) {
    if (reflex.control_prefix.empty()) return;
    const auto add = [&](const char* suffix, double& value) {
        out.push_back({reflex.control_prefix + suffix, &value});
    };
    ReflexTerm* terms = reflex.terms;
    if (reflex.dof_reflex) {  // P0 KP V0 KV A0 KA C0, A0 and KA being V0 and KV as in SCONE
        add("A0", terms[1].offset);
        add("C0", reflex.constant);
        add("KA", terms[1].gain);
        add("KP", terms[0].gain);
        add("KV", terms[1].gain);
        add("P0", terms[0].offset);
        add("V0", terms[1].offset);
        return;
    }
    // C0, and each gain / offset pair whose gain is not zero (terms: L V F A)
    const bool l = terms[0].channel != no_index, v = terms[1].channel != no_index;
    const bool f = terms[2].channel != no_index, a = terms[3].channel != no_index;
    if (a) add("A0", terms[3].offset);
    add("C0", reflex.constant);
    if (f) add("F0", terms[2].offset);
    if (a) add("KA", terms[3].gain);
    if (f) add("KF", terms[2].gain);
    if (l) add("KL", terms[0].gain);
    if (v) add("KV", terms[1].gain);
    if (l) add("L0", terms[0].offset);
    if (v) add("V0", terms[1].offset);
}

namespace {

bool create_muscle_reflex(const PropNode& node, ControllerContext& context, Reflex& reflex) {
    PropertyReader reader(node, context.creation, "MuscleReflex");
    return read_muscle_reflex(reader, context, reflex);
}

bool create_dof_reflex(const PropNode& node, ControllerContext& context, Reflex& reflex) {
    PropertyReader reader(node, context.creation, "DofReflex");
    std::string target;
    if (!read_reflex_target(reader, context, reflex, target)) return false;
    const std::optional<std::string> source = reader.required_text("source");
    if (!source) return false;
    const Index dof = find_sided_dof(context.model, context.location, *source);
    if (dof == no_index) {
        context.creation.error(*reader.child("source"), "unknown source dof '" + *source + "' of DofReflex");
        return false;
    }
    Index parent = no_index;
    double parent_sign = 1;
    if (const std::string source_parent = reader.text("source_parent"); !source_parent.empty()) {
        parent = find_sided_dof(context.model, context.location, source_parent);
        if (parent == no_index) {
            context.creation.error(*reader.child("source_parent"),
                                   "unknown source_parent dof '" + source_parent + "' of DofReflex");
            return false;
        }
        // SCONE: a left-side dof with an unsided root dof reads the root negated
        const char dof_side = side_of_name(context.model.dofs[dof].name);
        if (dof_side == 'l' && side_of_name(context.model.dofs[parent].name) == 0) parent_sign = -1;
    }
    const bool mirror_left = reader.flag("mirror_left", false);
    reflex.mirror = mirror_left && context.location.side == 'l' ? -1 : 1;
    const std::string par_name = reflex_parameter_name(reader, context.location, target, *source);
    ScopedPrefix prefix(context.creation, par_name + ".");
    reflex.name = reflex_name(context.location.sided(target), context.model.dofs[dof].name);
    reflex.dof_reflex = true;
    reflex.output_names = dof_output_names;
    reflex.parameter_name = par_name;
    reflex.control_prefix = context.creation.prefix();
    reflex.delay = reader.parameter("delay", 0);
    const double p0 = reader.parameter("P0", 0), kp = reader.parameter("KP", 0);
    const double v0 = reader.parameter("V0", 0), kv = reader.parameter("KV", 0);
    const double a0 = reader.parameter("A0", 0), ka = reader.parameter("KA", 0);
    if (ka != 0 || a0 != 0)
        context.creation.error(reader.child("KA") ? *reader.child("KA") : node,
                               "dof acceleration reflexes (KA, A0) are not supported");
    reflex.constant = reader.parameter("C0", 0);
    reflex.terms[0] = {context.sensors.acquire({SensorKind::DofPosition, dof, parent, parent_sign}, reflex.delay), kp,
                       p0, reader.flag("allow_neg_P", true)};
    reflex.terms[1] = {context.sensors.acquire({SensorKind::DofVelocity, dof, parent, parent_sign}, reflex.delay), kv,
                       v0, reader.flag("allow_neg_V", true)};
    reader.accept("allow_neg_A");
    if (reader.number("condition", 0) != 0)
        context.creation.error(*reader.child("condition"), "DofReflex condition is not supported");
    if (reader.number("filter_cutoff_frequency", 0) != 0)
        context.creation.error(*reader.child("filter_cutoff_frequency"),
                               "DofReflex filter_cutoff_frequency is not supported");
    if (reader.has("P0_source")) context.creation.error(*reader.child("P0_source"), "P0_source is not supported");
    reflex.min_output = reader.parameter("min_control_value", reflex.min_output);
    reflex.max_output = reader.parameter("max_control_value", reflex.max_output);
    return true;
}

class ReflexController final : public Controller {
public:
    ControllerTiming timing;
    std::vector<Reflex> reflexes;

    void update(const Plant&, const DelayedSensors& sensors, double time, std::vector<double>& excitation) override {
        if (!timing.active(time)) return;
        for (Reflex& reflex : reflexes) {
            double total = reflex.constant;
            if (reflex.condition && reflex.condition->suppresses(sensors, reflex.delay_index)) {
                std::fill(std::begin(reflex.outputs), std::end(reflex.outputs), 0.0);
            } else if (reflex.dof_reflex) {
                // u = KP (P0 - q) + KV (V0 - dq/dt): the sensor's offset is subtracted the other way
                for (int t = 0; t < 4; ++t) {
                    const ReflexTerm& term = reflex.terms[t];
                    if (term.channel == no_index) continue;
                    double difference =
                        term.offset - reflex.mirror * sensors.delayed_value(term.channel, reflex.delay_index);
                    double output = term.gain * difference;
                    if (!term.allow_negative && output < 0) output = 0;
                    reflex.outputs[t] = output;
                    total += output;
                }
            } else {
                for (int t = 0; t < 4; ++t) {
                    reflex.outputs[t] = reflex.terms[t].value(sensors, reflex.delay_index);
                    total += reflex.outputs[t];
                }
            }
            const double output = std::clamp(total, reflex.min_output, reflex.max_output);
            if (reflex.target_motor != no_index) reflex.torque = output;
            else excitation[reflex.target] += output;
        }
    }

    void update_controls(const Plant&, double time, Controls& controls) override {
        if (!timing.active(time)) return;
        for (const Reflex& reflex : reflexes)
            if (reflex.target_motor != no_index)
                controls.motors[size_t(reflex.target_motor)].added_torque += reflex.torque * reflex.motor_axis;
    }

    void channels(std::vector<ControlChannel>& out) const override {
        for (const Reflex& reflex : reflexes)
            for (int t = 0; t < 4; ++t)
                if (reflex.terms[t].channel != no_index)
                    out.push_back({reflex.name + reflex.output_names[t], reflex.outputs[t]});
    }

    void control_parameters(std::vector<ControlParameter>& out) override {
        for (Reflex& reflex : reflexes) reflex_control_parameters(reflex, out);
    }

    void reset() override {
        for (Reflex& reflex : reflexes) {
            std::fill(std::begin(reflex.outputs), std::end(reflex.outputs), 0.0);
            reflex.torque = 0;
        }
    }
};

using ReflexFactory = bool (*)(const PropNode&, ControllerContext&, Reflex&);

const TypeRow<ReflexFactory> reflex_types[] = {
    {"MuscleReflex", create_muscle_reflex},
    {"DofReflex", create_dof_reflex},
    {"BodyPointReflex", create_body_point_reflex},
    {"ConditionalMuscleReflex", create_conditional_muscle_reflex},
    {"BodyOrientationReflex", create_body_orientation_reflex},
};

}  // namespace

std::unique_ptr<Controller> create_reflex_controller(const PropNode& node, ControllerContext& context) {
    auto controller = std::make_unique<ReflexController>();
    PropertyReader reader(node, context.creation, "ReflexController");
    read_controller_timing(reader, controller->timing);
    const bool symmetric = reader.flag("symmetric", context.location.symmetric);
    const bool dual_sided = reader.flag("dual_sided", context.location.side == 0);
    bool ok = true;
    const auto create = [&](const PropNode& item) {
        const TypeRow<ReflexFactory>* type = find_type(reflex_types, item.key);
        if (!type) {
            context.creation.error(
                item, unknown_type_message(reflex_types, "reflex type", item.key) + " in ReflexController");
            ok = false;
            return;
        }
        const ReflexFactory factory = type->create;
        std::vector<char> sides = dual_sided ? std::vector<char>{'l', 'r'} : std::vector<char>{context.location.side};
        for (const char side : sides) {
            ControllerContext sided = context;
            sided.location = {side, symmetric};
            Reflex reflex;
            if (factory(item, sided, reflex)) {
                reflex.delay_index = context.sensors.delay_index(reflex.delay);
                controller->reflexes.push_back(std::move(reflex));
            } else {
                ok = false;
            }
        }
    };
    for (const PropNode& item : node.children) {
        // every *Reflex* key but the Reflexes group, read below
        if (item.key != "Reflexes" && item.key.find("Reflex") != std::string::npos) {
            reader.accept(item.key);
            create(item);
        }
    }
    if (const PropNode* group = reader.child("Reflexes"))
        for (const PropNode& item : group->children) create(item);
    return ok ? std::move(controller) : nullptr;
}

}  // namespace hfd
