// The measure base (SCONE's Measure and the Controller properties it inherits) and
// the factory. Equations of the weighted result: measure.h.
#include "measures/measure.h"

#include "measures/measure_types.h"

#include "format/type_table.h"

#include <algorithm>

namespace hfd {

double Measure::result(const Plant& plant) {
    if (!result_) {
        result_ = compute_result(plant);
        // Fraction of the run's possible active time that it was active:
        //   (min(t_end, stop) - start) / (min(max_duration, stop) - start)
        const double end = stop_time > 0 ? std::min(stop_time, plant.max_duration) : plant.max_duration;
        const double now = stop_time > 0 ? std::min(stop_time, plant.time()) : plant.time();
        relative_duration_ = end > start_time ? std::max(0.0, now - start_time) / (end - start_time) : 1.0;
    }
    return *result_;
}

double Measure::weighted_result(double raw) const {
    double m = raw + result_offset;
    if (minimize && threshold) {
        if (m < *threshold) m = 0;
        else if (m < *threshold + threshold_transition) m = m * (m - *threshold) / threshold_transition;
    }
    if (scale_weight_by_relative_duration) m *= relative_duration_;
    return weight * m;
}

void Measure::report(const Plant& plant, int depth, std::vector<MeasureTerm>& out) {
    MeasureTerm term;
    term.name = name;
    term.depth = depth;
    term.result = result(plant);
    term.weighted = weighted_result(term.result);
    report_values(term.values);
    out.push_back(std::move(term));
}

void read_measure_properties(PropertyReader& reader, Measure& measure) {
    CreationContext& context = reader.context();
    measure.name = reader.text("name", measure.name.empty() ? reader.type() : measure.name);
    measure.weight = reader.number("weight", measure.weight);
    measure.threshold = reader.optional_number("threshold");
    const std::optional<double> soft_threshold = reader.optional_number("soft_threshold");
    measure.threshold_transition = reader.number("threshold_transition", measure.threshold_transition);
    if (measure.threshold_transition < 0)
        context.error(*reader.node().find("threshold_transition"), "threshold_transition must be >= 0");
    measure.result_offset = reader.number("result_offset", measure.result_offset);
    if (soft_threshold) {
        if (measure.threshold || measure.result_offset != 0)
            context.error(*reader.node().find("soft_threshold"),
                          "soft_threshold cannot be combined with threshold or result_offset");
        measure.result_offset = -*soft_threshold;
        measure.threshold = 0.0;
    }
    measure.minimize = reader.flag("minimize", measure.minimize);
    measure.scale_weight_by_relative_duration =
        reader.flag("scale_weight_by_relative_duration", measure.scale_weight_by_relative_duration);
    measure.start_time = reader.parameter("start_time", measure.start_time);
    measure.stop_time = reader.parameter("stop_time", measure.stop_time);
    measure.disabled = reader.flag("disabled", measure.disabled);
    for (const char* key : {"signature", "signature_prefix", "signature_postfix"}) reader.text(key);
    if (const PropNode* parameters = reader.child("Parameters")) {
        PropertyReader declared(*parameters, context, "Parameters of " + reader.type());
        for (const PropNode& parameter : parameters->children)
            if (!parameter.is_variable_definition()) declared.parameter(parameter.key, 0);
    }
}

bool is_measure_key(const std::string& key) {
    return key.size() >= 7 && key.compare(key.size() - 7, 7, "Measure") == 0;
}

namespace {

using MeasureFactory = std::unique_ptr<Measure> (*)(PropertyReader&, MeasureContext&);

const TypeRow<MeasureFactory> measure_types[] = {
    {"GaitMeasure", create_gait_measure},
    {"EffortMeasure", create_effort_measure},
    {"DofMeasure", create_dof_measure},
    {"ReactionForceMeasure", create_reaction_force_measure},
    {"JumpMeasure", create_jump_measure},
    {"BalanceMeasure", create_balance_measure},
    {"CompositeMeasure", create_composite_measure},
    {"ScriptMeasure", create_script_measure},  // refuses when built without Lua
    {"HeightMeasure", nullptr, "SCONE's HeightMeasure is not supported yet"},
    {"GaitCycleMeasure", nullptr, "SCONE's GaitCycleMeasure is not supported yet"},
    {"DofLimitMeasure", nullptr, "SCONE's DofLimitMeasure is not supported yet"},
    {"MuscleMeasure", nullptr, "SCONE's MuscleMeasure is not supported yet"},
    {"BodyMeasure", nullptr, "SCONE's BodyMeasure is not supported yet"},
    {"JointLoadMeasure", nullptr, "SCONE's JointLoadMeasure is not supported yet"},
    {"JointMeasure", nullptr, "SCONE's JointMeasure is not supported yet"},
    {"MimicMeasure", nullptr, "SCONE's MimicMeasure is not supported yet"},
    {"StepMeasure", nullptr, "SCONE's StepMeasure is not supported yet"},
    {"SimulationMeasure", nullptr, "SCONE's SimulationMeasure is not supported yet"},
};

}  // namespace

Index find_sided_dof(const Model& model, const std::string& name, char side) {
    const Index exact = model.find_dof(name);
    if (exact != no_index || side == 0) return exact;
    return model.find_dof(name + "_" + side);
}

Index find_sided_body(const Model& model, const std::string& name, char side) {
    const Index exact = model.find_body(name);
    if (exact != no_index || side == 0) return exact;
    return model.find_body(name + "_" + side);
}

std::unique_ptr<Measure> create_measure(const PropNode& node, MeasureContext& context) {
    std::string type = node.key;
    if (type == "Measure") {  // Measure { type = GaitMeasure ... }
        const PropNode* named = node.find("type");
        if (!named || !named->is_value()) {
            context.creation.error(node, "Measure needs 'type' (GaitMeasure, EffortMeasure, ...)");
            return nullptr;
        }
        type = named->value;
    }
    if (!node.is_group()) {
        context.creation.error(node, "expected '" + type + " { ... }'");
        return nullptr;
    }
    const TypeRow<MeasureFactory>* found = find_type(measure_types, type);
    if (!found || !found->create) {
        context.creation.error(
            node, found ? std::string(found->unsupported) : unknown_type_message(measure_types, "measure type", type));
        return nullptr;
    }
    PropertyReader reader(node, context.creation, type);
    if (node.key == "Measure") reader.accept("type");
    return found->create(reader, context);
}

}  // namespace hfd
