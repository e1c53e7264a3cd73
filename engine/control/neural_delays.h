#pragma once
// ModelHyfydy's neural_delays { name = delay ... } (SCONE's Model::neural_delays): the
// two-way neural delay, in seconds, of a muscle, dof or body named without its side
// ("gastroc = 0.040"). A script reads them with model:find_one_way_neural_delay(name)
// (half the value) and model:find_two_way_neural_delay(name); a name written twice
// takes its last value, as SCONE reads the block.
#include "control/properties.h"

#include <string>
#include <string_view>
#include <vector>

namespace hfd {

struct NeuralDelay {
    std::string name;
    double two_way = 0;  // s
};

// The entries of the block; a value that is not a number >= 0 (or a group) is a
// located error in context, and is left out.
std::vector<NeuralDelay> read_neural_delays(const PropNode& node, CreationContext& context);

// The two-way delay of `name`, 0 when it has none (SCONE's TryGetTwoWayNeuralDelay).
double find_two_way_neural_delay(const std::vector<NeuralDelay>& delays, std::string_view name);

}  // namespace hfd
