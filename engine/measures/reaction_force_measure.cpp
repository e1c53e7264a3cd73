// ReactionForceMeasure: penalty on the ground reaction force, in body weights (SCONE's).
// Sample per update:  L = sum over legs |F_leg| / BW   (use_force_per_leg: max over legs),
// F_leg the ground's force on the leg's contact bodies (leg_ground_force), BW = m g.
// result = RangePenalty::result of the samples (min, max, abs_penalty, squared_penalty,
// mode: range_penalty.h), e.g. max = 1.4 abs_penalty = 1: the average of max(0, L - 1.4).
#include "measures/measure_types.h"

#include "measures/range_penalty.h"

#include <algorithm>

namespace hfd {

namespace {

class ReactionForceMeasure final : public Measure {
public:
    RangePenalty range;
    bool use_force_per_leg = false;

    double load(const Plant& plant) const {
        double load = 0;
        for (const Leg& leg : plant.legs) {
            const double leg_load = leg_ground_force(plant, leg).norm() / plant.body_weight;
            load = use_force_per_leg ? std::max(load, leg_load) : load + leg_load;
        }
        return load;
    }

protected:
    bool update_measure(const Plant& plant) override {
        range.add(plant.time(), load(plant));
        return false;
    }
    double compute_result(const Plant&) override { return range.result(); }
    void reset_measure() override { range.penalty.reset(); }
};

}  // namespace

std::unique_ptr<Measure> create_reaction_force_measure(PropertyReader& reader, MeasureContext& context) {
    auto measure = std::make_unique<ReactionForceMeasure>();
    read_measure_properties(reader, *measure);
    measure->range = read_range_penalty(reader);
    measure->use_force_per_leg = reader.flag("use_force_per_leg", false);
    if (context.plant.legs.empty()) {
        context.creation.error(reader.node(),
                               "ReactionForceMeasure: the model has no legs (femur_r / femur_l with a "
                               "foot two joints below)");
        return nullptr;
    }
    if (!(context.plant.body_weight > 0)) {
        context.creation.error(reader.node(), "ReactionForceMeasure: the model has no weight (no mass or no gravity)");
        return nullptr;
    }
    return measure;
}

}  // namespace hfd
