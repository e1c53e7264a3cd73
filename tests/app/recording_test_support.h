#pragma once
// The recording as the GUI receives it from the simulation thread: channels by
// name and the first row (the state a run starts from).
#include "simulation_controller.h"

#include <cmath>
#include <string>

namespace studio_test {

// Column of the recorded channel `name`; -1 when the recording has none.
inline int channel_column(const hfd::studio::SimulationController& controller, const std::string& name) {
    if (!controller.layout()) return -1;
    const auto& channels = controller.layout()->channels;
    for (size_t c = 0; c < channels.size(); ++c)
        if (channels[c].name == name) return int(c);
    return -1;
}

// Channel `name` in the first recorded row when the newest frame holds it (the frame
// of a load, a reset or a posed initial state); NaN otherwise.
inline double first_row_value(const hfd::studio::SimulationController& controller, const std::string& name) {
    const hfd::studio::SimulationFrame* frame = controller.latestFrame();
    const int column = channel_column(controller, name);
    if (!frame || column < 0 || frame->first_row != 0 || frame->row_count == 0) return std::nan("");
    return frame->rows.at(size_t(column));
}

}  // namespace studio_test
