// DofMeasure: penalties on a degree of freedom (SCONE's).
//   result = sum over its non-null ranges of RangePenalty::result (range_penalty.h)
// of the samples, one per update, of
//   position      the dof's value (+ the parent dof's), degrees for rotations when in_degrees
//   velocity      its rate, deg/s or m/s
//   acceleration  its second derivative (plant's dof_acceleration), or with
//                 use_average_acceleration_per_frame (v - v_prev) / (t - t_prev)
//   force         the joint limit torque about the dof's axis, N m (also limit_torque):
//                 Data::joint_limit_torque of the dof's joint, in the joint frame, its
//                 component on the dof's axis (dof_limit_torque), signed like the dof;
//                 0 while the joint is inside its limits. Not converted to degrees.
//   actuator_torque  the torque of the joint motors on the dof's joint about its axis.
// in_degrees defaults to 1 for rotational dofs (an error for translations).
// The name defaults to the dof's (the sided dof in a symmetric composite).
#include "measures/measure_types.h"

#include "measures/range_penalty.h"
#include "state/kinematics.h"

#include <array>

namespace hfd {

namespace {

class DofMeasure final : public Measure {
public:
    Index dof = no_index, parent = no_index;
    bool in_degrees = true, use_average_acceleration_per_frame = false;
    RangePenalty position, velocity, acceleration, limit_torque, actuator_torque;

    double to_unit(double value) const { return in_degrees ? value * 57.29577951308232 : value; }

protected:
    bool update_measure(const Plant& plant) override {
        const Model& model = plant.model();
        const State& state = plant.state();
        const double t = plant.time();
        if (!position.is_null())
            position.add(
                t, to_unit(dof_value(model, state, dof) + (parent != no_index ? dof_value(model, state, parent) : 0)));
        // the rate (a second pass over the joint's angles) only when a range needs it
        const bool velocity_used =
            !velocity.is_null() || (!acceleration.is_null() && use_average_acceleration_per_frame);
        if (velocity_used) {
            const double v = to_unit(dof_velocity(model, state, dof) +
                                     (parent != no_index ? dof_velocity(model, state, parent) : 0));
            if (!velocity.is_null()) velocity.add(t, v);
            if (!acceleration.is_null() && use_average_acceleration_per_frame) {
                const double dt = t - previous_time_;
                acceleration.add(t, dt > 0 ? (v - previous_velocity_) / dt : 0.0);
            }
            previous_velocity_ = v;
        }
        if (!acceleration.is_null() && !use_average_acceleration_per_frame)
            acceleration.add(t, to_unit(dof_acceleration(plant, dof, scratch_) +
                                        (parent != no_index ? dof_acceleration(plant, parent, scratch_) : 0)));
        if (!limit_torque.is_null()) limit_torque.add(t, dof_limit_torque(plant, dof));
        if (!actuator_torque.is_null()) actuator_torque.add(t, dof_motor_torque(plant, dof));
        previous_time_ = t;
        return false;
    }

    double compute_result(const Plant&) override {
        double sum = 0;
        for (const RangePenalty* range : ranges())
            if (!range->is_null()) sum += range->result();
        return sum;
    }

    void reset_measure() override {
        for (RangePenalty* range : ranges()) range->penalty.reset();
        previous_time_ = previous_velocity_ = 0;
    }

    void report_values(std::vector<std::pair<std::string, double>>& out) const override {
        static const char* const names[] = {"position_penalty", "velocity_penalty", "acceleration_penalty",
                                            "limit_torque_penalty", "actuator_torque_penalty"};
        const RangePenalty* all[] = {&position, &velocity, &acceleration, &limit_torque, &actuator_torque};
        int used = 0;
        for (const RangePenalty* range : all) used += !range->is_null();
        if (used < 2) return;
        for (int i = 0; i < 5; ++i)
            if (!all[i]->is_null()) out.emplace_back(name + "." + names[i], all[i]->result());
    }

private:
    double previous_time_ = 0, previous_velocity_ = 0;
    State scratch_;

    std::array<RangePenalty*, 5> ranges() {
        return {&position, &velocity, &acceleration, &limit_torque, &actuator_torque};
    }
    std::array<const RangePenalty*, 5> ranges() const {
        return {&position, &velocity, &acceleration, &limit_torque, &actuator_torque};
    }
};

Index find_dof_property(PropertyReader& reader, MeasureContext& context, std::string_view key) {
    const PropNode* node = reader.child(key);
    if (!node) return no_index;
    const Index dof = find_sided_dof(context.plant.model(), node->value, context.side);
    if (dof == no_index) {
        std::string tried = "'" + node->value + "'";
        if (context.side) tried += " or '" + node->value + "_" + context.side + "'";
        context.creation.diagnostics->push_back({Severity::Error, value_location_of(*node, context.creation.file),
                                                 "DofMeasure: the model has no dof " + tried});
    }
    return dof;
}

}  // namespace

std::unique_ptr<Measure> create_dof_measure(PropertyReader& reader, MeasureContext& context) {
    auto measure = std::make_unique<DofMeasure>();
    if (!reader.has("dof")) {
        context.creation.error(reader.node(), "DofMeasure needs 'dof'");
        reader.accept_all();
        return nullptr;
    }
    measure->dof = find_dof_property(reader, context, "dof");
    if (reader.has("parent")) measure->parent = find_dof_property(reader, context, "parent");
    if (measure->dof == no_index || (reader.has("parent") && measure->parent == no_index)) {
        reader.accept_all();  // the error above says what is wrong; its ranges are not read
        return nullptr;
    }
    const Model& model = context.plant.model();
    measure->name = model.dofs[measure->dof].name;
    read_measure_properties(reader, *measure);
    const bool rotational = model.dofs[measure->dof].kind != Dof::Kind::RootTranslation;
    measure->in_degrees = reader.flag("in_degrees", rotational);
    if (measure->in_degrees && !rotational) {
        context.creation.error(*reader.node().find("in_degrees"),
                               model.dofs[measure->dof].name + " is translational but uses in_degrees = 1");
        reader.accept_all();
        return nullptr;
    }
    measure->position = read_range_penalty(reader, "position");
    measure->velocity = read_range_penalty(reader, "velocity");
    measure->acceleration = read_range_penalty(reader, "acceleration");
    if (reader.has("force") && reader.has("limit_torque"))
        context.creation.error(*reader.node().find("limit_torque"), "'force' and 'limit_torque' both given");
    measure->limit_torque = read_range_penalty(reader, reader.has("force") ? "force" : "limit_torque");
    measure->actuator_torque = read_range_penalty(reader, "actuator_torque");
    measure->use_average_acceleration_per_frame = reader.flag("use_average_acceleration_per_frame", false);
    return measure;
}

}  // namespace hfd
