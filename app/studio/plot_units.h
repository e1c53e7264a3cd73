#pragma once
// How a recorded channel is shown in a plot: the unit of its axis (angles in
// degrees unless radians are asked for), the factor from the recorded value to
// the shown one, and the axis title "quantity [unit]". Channels whose shown
// units differ never share an axis. Qt-free: tested without a display.
#include <string>
#include <vector>

namespace hfd::studio {

enum class AngleUnit { Degrees, Radians };

struct DisplayUnit {
    std::string unit;      // as shown: "deg", "N", "m/s", "" (dimensionless)
    std::string quantity;  // "angle", "force", ...
    double scale = 1;      // shown value = recorded value * scale
};

// The unit a channel recorded in `recorded_unit` ("rad", "rad/s", "N", "Nm", "m",
// "m/s", "s", "" or any other) is shown in.
DisplayUnit display_unit(const std::string& recorded_unit, AngleUnit angles);

// "angle [deg]", "force [N]"; a dimensionless axis: "value [-]".
std::string axis_title(const DisplayUnit& unit);

// For channels with these shown units, in plot order: the axis each one is drawn
// against (0, 1, ... in order of first appearance; equal units share one).
std::vector<int> axis_of_units(const std::vector<std::string>& units);

}  // namespace hfd::studio
