// ScriptMeasure { script_file <common measure properties> <property> ... }
//
// SCONE's ScriptMeasure: a Lua script (control/lua_script.h) with
//   init(model, par, side)   optional, at creation (the model in its initial state)
//   update(model, time)      optional, after every control step; true ends the run
//   result(model)            required, once at the end: the measure's raw result
//   store_data(frame)        optional, when the run is recorded
// Every property of the block is the script's too (scone.<key>, as text). A runtime
// error (or a result that is not a number) fails the evaluation, located in the script.
#include "measures/measure_types.h"

#include "control/lua_script.h"

#include <limits>

namespace hfd {

namespace {

class ScriptMeasure final : public Measure {
public:
    std::unique_ptr<LuaScript> script;
    const Plant* initial_plant = nullptr;

    void channels(const Plant& plant, std::vector<ControlChannel>& out) override { script->store_data(plant, out); }
    void take_diagnostics(std::vector<Diagnostic>& out) override { script->take_diagnostics(out); }

protected:
    bool update_measure(const Plant& plant) override {
        if (!script->update(plant, plant.time(), nullptr)) return false;
        termination_reason = name + (script->failed() ? ": script error" : ": update() ended the run");
        return true;
    }

    double compute_result(const Plant& plant) override {
        return script->result(plant).value_or(std::numeric_limits<double>::quiet_NaN());
    }

    void reset_measure() override { script->reinit(initial_plant); }
};

}  // namespace

std::unique_ptr<Measure> create_script_measure(PropertyReader& reader, MeasureContext& context) {
    if (!lua_scripts_available()) {
        reader.accept_all();
        context.creation.error(reader.node(),
                               "Lua script measures are not supported (ScriptMeasure): hfd was built without Lua 5.4");
        return nullptr;
    }
    auto measure = std::make_unique<ScriptMeasure>();
    read_measure_properties(reader, *measure);
    const std::optional<std::string> file = reader.required_text("script_file");
    reader.accept_all();  // every property is the script's
    if (!file) return nullptr;
    const PropNode& node = reader.node();
    const std::string path = find_script_file(context.creation.file, *file);
    measure->script = LuaScript::load(path, node, context.creation, LuaScript::Role::measure, "result");
    if (!measure->script) return nullptr;
    measure->initial_plant = &context.plant;
    if (!measure->script->init(&context.plant, context.creation, context.side)) return nullptr;
    return measure;
}

}  // namespace hfd
