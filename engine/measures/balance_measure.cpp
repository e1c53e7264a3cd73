// BalanceMeasure: standing without falling (SCONE's).
// The run ends when the centre of mass height above the ground drops below
// termination_height (0.5) times its initial height.
//   result = max(0, (max_duration - t_end) / max_duration)
// the fraction of the run's duration lost to a fall: 0 when it stood to the end.
#include "measures/measure_types.h"

#include <algorithm>

namespace hfd {

namespace {

class BalanceMeasure final : public Measure {
public:
    double termination_height = 0.5;
    double initial_height = 0;

    static double com_height(const Plant& plant) {
        return height_above_ground(plant.model(), plant.state(), center_of_mass(plant.model(), plant.state()));
    }

protected:
    bool update_measure(const Plant& plant) override {
        if (com_height(plant) >= termination_height * initial_height) return false;
        termination_reason = name + ": termination_height reached";
        return true;
    }
    double compute_result(const Plant& plant) override {
        if (!(plant.max_duration > 0)) return 0;
        return std::max(0.0, (plant.max_duration - plant.time()) / plant.max_duration);
    }
};

}  // namespace

std::unique_ptr<Measure> create_balance_measure(PropertyReader& reader, MeasureContext& context) {
    auto measure = std::make_unique<BalanceMeasure>();
    read_measure_properties(reader, *measure);
    measure->termination_height = reader.number("termination_height", measure->termination_height);
    measure->initial_height = BalanceMeasure::com_height(context.plant);
    return measure;
}

}  // namespace hfd
