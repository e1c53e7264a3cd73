// ModelHyfydy's neural_delays block (neural_delays.h).
#include "control/neural_delays.h"

#include <cmath>

namespace hfd {

std::vector<NeuralDelay> read_neural_delays(const PropNode& node, CreationContext& context) {
    std::vector<NeuralDelay> delays;
    for (const PropNode& entry : node.children) {
        std::string error;
        const std::optional<double> value = entry.is_value() ? to_number(entry, &error) : std::nullopt;
        if (!value || !std::isfinite(*value) || *value < 0) {
            context.error(entry, "neural_delays: expected a delay in seconds (a number >= 0) for '" + entry.key + "'");
            continue;
        }
        bool replaced = false;  // a name written twice: the last value, as SCONE's flat_map
        for (NeuralDelay& known : delays)
            if (known.name == entry.key) {
                known.two_way = *value;
                replaced = true;
            }
        if (!replaced) delays.push_back({entry.key, *value});
    }
    return delays;
}

double find_two_way_neural_delay(const std::vector<NeuralDelay>& delays, std::string_view name) {
    for (const NeuralDelay& delay : delays)
        if (delay.name == name) return delay.two_way;
    return 0;
}

}  // namespace hfd
