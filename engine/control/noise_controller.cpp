// NoiseController { base_noise proportional_noise random_seed }
//
// Motor noise (SCONE's NoiseController): each control step, for every muscle m,
//   sigma_m = base_noise + proportional_noise u_m,   u_m += N(0, sigma_m^2) when sigma_m > 0
// with u_m the excitation the controllers before it set in this step (so it belongs
// after them, e.g. last in a CompositeController). Samples come from a
// RandomSequence seeded with random_seed (default 123) and restarted by reset(), so a
// run is the same every time. random_seed = 0 derives the seed from the parameter
// values, v_1 xor v_2 xor ... of their 64-bit patterns folded to 32 bits (SCONE takes
// every value of the search point; here the parameters declared before this
// controller, which are all of them when it comes last).
#include "control/controller.h"
#include "control/random_sequence.h"

#include <bit>
#include <cstdint>

namespace hfd {

namespace {

class NoiseController final : public Controller {
public:
    ControllerTiming timing;
    double base_noise = 0, proportional_noise = 0;
    uint32_t seed = 123;
    RandomSequence random{seed};

    void update(const Plant&, const DelayedSensors&, double time, std::vector<double>& excitation) override {
        if (!timing.active(time)) return;
        for (double& u : excitation) {
            const double sigma = base_noise + proportional_noise * u;
            if (sigma > 0) u += random.normal(0, sigma);
        }
    }

    void reset() override { random.seed(seed); }
};

uint32_t seed_from_parameters(const ParamSet& params) {
    uint64_t bits = 0;
    for (const double value : params.values) bits ^= std::bit_cast<uint64_t>(value);
    return uint32_t((bits >> 32) ^ bits);
}

}  // namespace

std::unique_ptr<Controller> create_noise_controller(const PropNode& node, ControllerContext& context) {
    auto controller = std::make_unique<NoiseController>();
    PropertyReader reader(node, context.creation, "NoiseController");
    read_controller_timing(reader, controller->timing);
    controller->base_noise = reader.parameter("base_noise", 0);
    controller->proportional_noise = reader.parameter("proportional_noise", 0);
    const std::optional<uint32_t> seed = read_random_seed(reader, 123);
    if (!seed) return nullptr;
    controller->seed = *seed == 0 ? seed_from_parameters(*context.creation.params) : *seed;
    controller->random.seed(controller->seed);
    return controller;
}

}  // namespace hfd
