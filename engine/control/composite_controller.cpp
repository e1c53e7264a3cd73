// CompositeController { dual_sided symmetric  <Controller> { ... } ...  Controllers { ... } }
//
// Runs its child controllers in the order written (SCONE's CompositeController): each
// adds to the excitations in turn, so a later child (NoiseController) sees the sum of
// the earlier ones. Children are every child node whose key is a controller type,
// then those of an old-style Controllers group. With dual_sided (default 0) each child
// is created for the left and then the right side; otherwise on the composite's side.
// symmetric (default: the location's) is handed to the children's location.
// Timing: the children get the composite's time; start_time / stop_time gate them all.
#include "control/controller.h"

namespace hfd {

namespace {

class CompositeController final : public Controller {
public:
    ControllerTiming timing;
    std::vector<std::unique_ptr<Controller>> children;

    void update(const Plant& plant, const DelayedSensors& sensors, double time,
                std::vector<double>& excitation) override {
        if (!timing.active(time)) return;
        for (const auto& child : children) child->update(plant, sensors, time, excitation);
    }

    void update_controls(const Plant& plant, double time, Controls& controls) override {
        // children that drive other inputs decide themselves when they are off (a
        // perturbation must be able to end after stop_time)
        if (timing.disabled) return;
        for (const auto& child : children) child->update_controls(plant, time, controls);
    }

    void channels(std::vector<ControlChannel>& out) const override {
        for (const auto& child : children) child->channels(out);
    }

    void control_parameters(std::vector<ControlParameter>& out) override {
        for (const auto& child : children) child->control_parameters(out);
    }

    void reset() override {
        for (const auto& child : children) child->reset();
    }

    std::string stop_reason() const override {
        for (const auto& child : children)
            if (std::string reason = child->stop_reason(); !reason.empty()) return reason;
        return {};
    }

    void take_diagnostics(std::vector<Diagnostic>& out) override {
        for (const auto& child : children) child->take_diagnostics(out);
    }
};

}  // namespace

std::unique_ptr<Controller> create_composite_controller(const PropNode& node, ControllerContext& context) {
    auto controller = std::make_unique<CompositeController>();
    PropertyReader reader(node, context.creation, "CompositeController");
    read_controller_timing(reader, controller->timing);
    const bool dual_sided = reader.flag("dual_sided", false);
    const bool symmetric = reader.flag("symmetric", context.location.symmetric);
    if (const PropNode* names = reader.child("child_names"))
        context.creation.error(*names, "CompositeController child_names is not supported");
    bool ok = true;
    const auto create = [&](const PropNode& child) {
        const std::vector<char> sides =
            dual_sided ? std::vector<char>{'l', 'r'} : std::vector<char>{context.location.side};
        for (const char side : sides) {
            ControllerContext child_context = context;
            child_context.location = {side, symmetric};
            std::unique_ptr<Controller> created = create_controller(child, child_context);
            if (created) controller->children.push_back(std::move(created));
            else ok = false;
        }
    };
    for (const PropNode& child : node.children) {
        if (!is_controller_type(child.key)) continue;
        reader.accept(child.key);
        create(child);
    }
    if (const PropNode* group = reader.child("Controllers")) {
        for (const PropNode& child : group->children) {
            if (is_controller_type(child.key)) create(child);
            else {
                context.creation.error(child, "unknown controller type '" + child.key + "' in Controllers");
                ok = false;
            }
        }
    }
    if (ok && controller->children.empty()) {
        context.creation.error(node, "CompositeController holds no controller");
        ok = false;
    }
    return ok ? std::move(controller) : nullptr;
}

}  // namespace hfd
