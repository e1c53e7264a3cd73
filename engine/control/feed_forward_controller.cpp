// FeedForwardController { symmetric include exclude  <Function> { ... } }
//
// Open-loop excitation (SCONE's FeedForwardController): for each muscle m whose name
// matches `include` (default "*") and not `exclude` (default none; patterns as in
// name_pattern.h) and lies on the location's side (every side when it has none),
//   u_m(t) += f_m(t)
// with f_m a function of the controller's time (functions.cpp). When symmetric
// (default: the location's), muscles that differ only by their side suffix share one
// function, whose parameters are named by the name without side ("vasti.Y0");
// otherwise each muscle has its own ("vasti_r.Y0").
//
// The function is one child whose key is a function type (PieceWiseConstant, ...).
// Channels: the value each function gives, named <parameter prefix>.ff ("vasti.ff").
// Joint motor actuators are not driven (SCONE's actuators include them).
#include "control/controller.h"
#include "control/functions.h"
#include "control/name_pattern.h"

#include <algorithm>

namespace hfd {

namespace {

struct DrivenMuscle {
    Index muscle = no_index;
    size_t function = 0;
};

class FeedForwardController final : public Controller {
public:
    ControllerTiming timing;
    std::vector<std::unique_ptr<ControlFunction>> functions;
    std::vector<std::string> function_names;
    std::vector<DrivenMuscle> muscles;
    std::vector<double> values;

    void update(const Plant&, const DelayedSensors&, double time, std::vector<double>& excitation) override {
        if (!timing.active(time)) return;
        for (size_t f = 0; f < functions.size(); ++f) values[f] = functions[f]->value(time);
        for (const DrivenMuscle& driven : muscles) excitation[driven.muscle] += values[driven.function];
    }

    void channels(std::vector<ControlChannel>& out) const override {
        for (size_t f = 0; f < functions.size(); ++f) out.push_back({function_names[f], values[f]});
    }

    void reset() override { std::fill(values.begin(), values.end(), 0.0); }
};

// The one child node whose key is a function type.
const PropNode* function_node(PropertyReader& reader) {
    const PropNode* found = nullptr;
    for (const PropNode& child : reader.node().children) {
        if (!is_function_type(child.key)) continue;
        if (found) {
            reader.context().error(child, "FeedForwardController holds more than one function");
            return nullptr;
        }
        found = &child;
    }
    if (found) reader.accept(found->key);
    else
        reader.context().error(reader.node(),
                               "FeedForwardController needs a function (PieceWiseConstant, PieceWiseLinear, "
                               "Polynomial, SineWave or Constant)");
    return found;
}

// Removes the diagnostics after `from` that repeat an earlier one (the same function
// node read once per muscle reports a misspelt key once).
void drop_repeated(std::vector<Diagnostic>& diagnostics, size_t from) {
    const auto same = [](const Diagnostic& a, const Diagnostic& b) {
        return a.message == b.message && a.location.file == b.location.file && a.location.line == b.location.line &&
               a.location.column == b.location.column;
    };
    std::vector<Diagnostic> kept(diagnostics.begin(), diagnostics.begin() + long(from));
    for (size_t i = from; i < diagnostics.size(); ++i)
        if (std::none_of(kept.begin(), kept.end(), [&](const Diagnostic& d) { return same(d, diagnostics[i]); }))
            kept.push_back(diagnostics[i]);
    diagnostics = std::move(kept);
}

}  // namespace

std::unique_ptr<Controller> create_feed_forward_controller(const PropNode& node, ControllerContext& context) {
    auto controller = std::make_unique<FeedForwardController>();
    PropertyReader reader(node, context.creation, "FeedForwardController");
    read_controller_timing(reader, controller->timing);
    const bool symmetric = reader.flag("symmetric", context.location.symmetric);
    const std::string include_text = reader.text("include", "*"), exclude_text = reader.text("exclude");
    const NamePattern include(include_text), exclude(exclude_text);
    const PropNode* function = function_node(reader);
    if (!function) return nullptr;

    std::vector<std::string> function_keys;  // the name each function's parameters carry
    const size_t diagnostics_before = context.creation.diagnostics->size();
    bool ok = true;
    for (Index m = 0; m < Index(context.model.muscles.size()); ++m) {
        const std::string& name = context.model.muscles[m].name;
        if (!include.matches(name) || exclude.matches(name)) continue;
        const char side = side_of_name(name);
        if (context.location.side != 0 && side != context.location.side) continue;
        const std::string key = symmetric ? name_without_side(name) : name;
        const auto shared = std::find(function_keys.begin(), function_keys.end(), key);
        if (shared != function_keys.end()) {
            controller->muscles.push_back({m, size_t(shared - function_keys.begin())});
            continue;
        }
        ScopedPrefix prefix(context.creation, key + ".");
        std::unique_ptr<ControlFunction> created = create_function(*function, context.creation);
        if (!created) {
            ok = false;
            break;
        }
        function_keys.push_back(key);
        std::string channel = context.creation.prefix();  // ends with "."
        controller->function_names.push_back(channel + "ff");
        controller->functions.push_back(std::move(created));
        controller->muscles.push_back({m, controller->functions.size() - 1});
    }
    drop_repeated(*context.creation.diagnostics, diagnostics_before);
    if (ok && controller->muscles.empty()) {
        context.creation.error(node, "FeedForwardController: no muscle matches include = \"" + include_text +
                                         "\", exclude = \"" + exclude_text + "\"" +
                                         (context.model.muscles.empty() && !context.model.motors.empty()
                                              ? " (joint motor actuators are not supported)"
                                              : ""));
        ok = false;
    }
    controller->values.assign(controller->functions.size(), 0.0);
    return ok ? std::move(controller) : nullptr;
}

}  // namespace hfd
