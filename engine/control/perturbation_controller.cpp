// PerturbationController { body position_offset force moment interval duration random_seed
//                          start_time stop_time }
//
// Pushes on a body (SCONE's PerturbationController). Perturbation k starts at
//   t_0 = start_time,   t_k = t_(k-1) + U(interval)
// and lasts U(duration), U(a..b) uniform in [a, b] (a single number: exactly it;
// defaults interval 0: one perturbation only, duration 0.1). While one is active the
// body receives `force` (N, world frame) at `position_offset` (m, body frame, from its
// centre of mass) and `moment` (N m, world frame). The next start is drawn once the
// latest has begun and the time is before stop_time (0: no end). Draws come from a
// RandomSequence seeded with random_seed (default 5489) and restarted by reset().
// Applied through update_controls() as one entry of Controls::perturbations, switched
// on and off at control steps; start_time / stop_time shape the schedule, not whether
// the controller runs.
#include "control/controller.h"
#include "control/random_sequence.h"

#include <algorithm>
#include <limits>

namespace hfd {

namespace {

struct Bounds {
    double low = 0, high = 0;
};

struct Push {
    double start = 0, stop = 0;
};

class PerturbationController final : public Controller {
public:
    ControllerTiming timing;
    Index body = no_index;
    Vec3 offset = Vec3::Zero(), force = Vec3::Zero(), moment = Vec3::Zero();
    Bounds interval, duration{0.1, 0.1};
    uint32_t seed = 5489;
    RandomSequence random{seed};
    std::vector<Push> pushes;
    Index slot = no_index;  // its entry in Controls::perturbations
    bool active = false;

    void update(const Plant&, const DelayedSensors&, double, std::vector<double>&) override {}

    void update_controls(const Plant&, double time, Controls& controls) override {
        if (timing.disabled) return;
        if (pushes.empty()) add_push();
        const bool repeating = interval.high > 0;
        while (repeating && pushes.back().start < time && (timing.stop_time <= 0 || time < timing.stop_time))
            add_push();
        const auto after = std::upper_bound(pushes.begin(), pushes.end(), time,
                                            [](double t, const Push& push) { return t < push.start; });
        active = after != pushes.begin() && time < std::prev(after)->stop;
        if (slot == no_index || size_t(slot) >= controls.perturbations.size()) {
            slot = Index(controls.perturbations.size());
            controls.perturbations.emplace_back();
        }
        Perturbation& entry = controls.perturbations[size_t(slot)];
        entry.body = body;
        entry.pos = offset;
        entry.force = active ? force : Vec3::Zero();
        entry.moment = active ? moment : Vec3::Zero();
        entry.start_time = -std::numeric_limits<double>::infinity();
        entry.end_time = std::numeric_limits<double>::infinity();
    }

    void channels(std::vector<ControlChannel>& out) const override {
        out.push_back(
            {(timing.name.empty() ? std::string("perturbation") : timing.name) + ".active", active ? 1.0 : 0.0});
    }

    void reset() override {
        random.seed(seed);
        pushes.clear();
        active = false;
    }

private:
    void add_push() {
        Push push;
        push.start = pushes.empty() ? timing.start_time : pushes.back().start + draw(interval);
        push.stop = push.start + draw(duration);
        pushes.push_back(push);
    }
    double draw(const Bounds& bounds) { return random.uniform(bounds.low, bounds.high); }
};

// A number or a range a..b.
bool read_bounds(PropertyReader& reader, std::string_view key, Bounds& bounds) {
    const PropNode* node = reader.child(key);
    if (!node) return true;
    std::string error;
    if (const std::optional<double> number = to_number(*node)) {
        bounds = {*number, *number};
    } else if (const auto range = to_range(*node, &error)) {
        bounds = {range->first, range->second};
    } else {
        reader.context().error(
            *node, "expected a number or a range a..b for '" + std::string(key) + "' of PerturbationController");
        return false;
    }
    if (bounds.low < 0 || bounds.high < bounds.low) {
        reader.context().error(*node,
                               "'" + std::string(key) + "' of PerturbationController must be >= 0 (a..b with a <= b)");
        return false;
    }
    return true;
}

}  // namespace

std::unique_ptr<Controller> create_perturbation_controller(const PropNode& node, ControllerContext& context) {
    auto controller = std::make_unique<PerturbationController>();
    PropertyReader reader(node, context.creation, "PerturbationController");
    read_controller_timing(reader, controller->timing);
    const std::optional<std::string> body = reader.required_text("body");
    if (!body) return nullptr;
    controller->body = context.model.find_body(*body);
    if (controller->body == no_index) {
        context.creation.error(*reader.child("body"), "unknown body '" + *body + "' of PerturbationController");
        return nullptr;
    }
    bool ok = reader.vector3("position_offset", controller->offset) && reader.vector3("force", controller->force) &&
              reader.vector3("moment", controller->moment) && read_bounds(reader, "interval", controller->interval) &&
              read_bounds(reader, "duration", controller->duration);
    if (!ok) return nullptr;
    if (controller->interval.high > 0 && controller->duration.high > controller->interval.low) {
        context.creation.error(node, "PerturbationController: the duration cannot be longer than the interval");
        return nullptr;
    }
    const std::optional<uint32_t> seed = read_random_seed(reader, 5489);
    if (!seed) return nullptr;
    controller->seed = *seed;
    controller->reset();
    return controller;
}

}  // namespace hfd
