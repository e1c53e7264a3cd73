#include "plot_units.h"

#include <algorithm>
#include <numbers>

namespace hfd::studio {

DisplayUnit display_unit(const std::string& recorded_unit, AngleUnit angles) {
    const bool degrees = angles == AngleUnit::Degrees;
    const double to_degrees = 180 / std::numbers::pi;
    if (recorded_unit == "rad")
        return degrees ? DisplayUnit{"deg", "angle", to_degrees} : DisplayUnit{"rad", "angle", 1};
    if (recorded_unit == "rad/s")
        return degrees ? DisplayUnit{"deg/s", "angular velocity", to_degrees}
                       : DisplayUnit{"rad/s", "angular velocity", 1};
    if (recorded_unit == "deg")
        return degrees ? DisplayUnit{"deg", "angle", 1} : DisplayUnit{"rad", "angle", 1 / to_degrees};
    if (recorded_unit == "N") return {"N", "force", 1};
    if (recorded_unit == "Nm") return {"Nm", "torque", 1};
    if (recorded_unit == "m") return {"m", "length", 1};
    if (recorded_unit == "m/s") return {"m/s", "velocity", 1};
    if (recorded_unit == "s") return {"s", "time", 1};
    if (recorded_unit.empty()) return {"", "value", 1};
    return {recorded_unit, "value", 1};
}

std::string axis_title(const DisplayUnit& unit) {
    return unit.quantity + " [" + (unit.unit.empty() ? std::string("-") : unit.unit) + "]";
}

std::vector<int> axis_of_units(const std::vector<std::string>& units) {
    std::vector<std::string> seen;
    std::vector<int> axes;
    axes.reserve(units.size());
    for (const std::string& unit : units) {
        auto found = std::find(seen.begin(), seen.end(), unit);
        if (found == seen.end()) found = seen.insert(seen.end(), unit);
        axes.push_back(int(found - seen.begin()));
    }
    return axes;
}

}  // namespace hfd::studio
