#include "run/run_setup.h"

#include "format/parser.h"
#include "io/state_file.h"
#include "model/build_model.h"
#include "model/mesh_files.h"
#include "sim/start_checks.h"

#include <cmath>
#include <utility>

namespace hfd {

namespace {

void append(std::vector<Diagnostic>& to, const std::vector<Diagnostic>& from) {
    to.insert(to.end(), from.begin(), from.end());
}

bool errors_since(const std::vector<Diagnostic>& diagnostics, size_t first) {
    for (size_t i = first; i < diagnostics.size(); ++i)
        if (diagnostics[i].severity == Severity::Error) return true;
    return false;
}

// The text of an input: its own, or its file's ("cannot open file" as parse_file says it).
ParseResult parse_input(const RunInput& input) {
    if (input.text) return parse_text(*input.text, input.file);
    return parse_file(input.file);
}

// Parses, edits and builds the model; the model file's root is kept for its config blocks.
std::shared_ptr<const Model> build_input_model(const RunInputs& inputs, ParseResult& model_file,
                                               std::optional<ParseResult>& config_file,
                                               std::vector<Diagnostic>& diagnostics) {
    model_file = parse_input(inputs.model);
    append(diagnostics, model_file.diagnostics);
    if (!model_file.ok()) return nullptr;
    if (inputs.config.given() && !inputs.read_config) {
        config_file = parse_input(inputs.config);
        append(diagnostics, config_file->diagnostics);
        if (!config_file->ok()) return nullptr;
    }
    if (inputs.edit_texts &&
        !inputs.edit_texts(model_file.root, config_file ? &config_file->root : nullptr, diagnostics))
        return nullptr;
    BuildResult built = build_model(model_file.root, inputs.model.file);
    append(diagnostics, built.diagnostics);
    if (!built.ok()) return nullptr;
    if (!inputs.model.file.empty()) {
        built.model->file = inputs.model.file;
        built.model->directory = model_directory_of(inputs.model.file);
    }
    if (!inputs.model.text) append(diagnostics, missing_mesh_warnings(*built.model));  // as load_model warns
    return std::make_shared<const Model>(std::move(*built.model));
}

bool apply_initial_state(const RunInputs& inputs, Simulation& sim, std::vector<Diagnostic>& diagnostics) {
    if (!inputs.state.given() && !inputs.initial_dofs && !inputs.initial_state) return true;
    State posed = std::as_const(sim).state();
    if (inputs.state.given()) {
        const StateFileResult read = inputs.state.text
                                         ? read_state_text(*inputs.state.text, inputs.state.file, sim.model())
                                         : read_state_file(inputs.state.file, sim.model());
        append(diagnostics, read.diagnostics);
        if (!read.ok()) return false;
        apply_dofs(sim.model(), *read.dofs, posed);
        // a SCONE state file's activations block: the muscles named start at these
        for (size_t m = 0; m < read.activations.size() && m < posed.activation.size(); ++m)
            if (!std::isnan(read.activations[m])) posed.activation[m] = read.activations[m];
    }
    if (inputs.initial_dofs) apply_dofs(sim.model(), *inputs.initial_dofs, posed);
    if (inputs.initial_state) posed = *inputs.initial_state;
    sim.set_initial_state(posed);
    return true;
}

}  // namespace

const char* run_stage_name(RunStage stage) {
    switch (stage) {
        case RunStage::None: return "none";
        case RunStage::Model: return "model";
        case RunStage::Config: return "config";
        case RunStage::Simulation: return "simulation";
        case RunStage::State: return "state";
        case RunStage::Excitation: return "excitation";
    }
    return "?";
}

SimConfig read_run_config(const PropNode& root, const std::string& file, bool is_config_file,
                          std::vector<Diagnostic>& diagnostics) {
    SimConfig config = read_sim_config(root, file, diagnostics);
    // the model comes from the model file: one written here would be ignored without a word
    if (is_config_file)
        for (const PropNode& node : root.children)
            if (node.key == "model")
                diagnostics.push_back({Severity::Warning, location_of(node, file),
                                       "a model block in a config file is ignored: the model is read from the model "
                                       "file (only composite_force and the integrator are read here)"});
    if (!config.from_defaults) return config;
    Diagnostic note;
    note.location.file = file;
    if (is_config_file) {
        note.message = "no composite_force or integrator block in the config file";
    } else {
        note.severity = Severity::Warning;
        note.message = "no simulation config in the file; using the default";
    }
    diagnostics.push_back(std::move(note));
    return config;
}

std::optional<SimConfig> read_config_input(const RunInput& config, std::vector<Diagnostic>& diagnostics) {
    const ParseResult parsed = parse_input(config);
    append(diagnostics, parsed.diagnostics);
    if (!parsed.ok()) return std::nullopt;
    const size_t first = diagnostics.size();
    SimConfig read = read_run_config(parsed.root, config.file, true, diagnostics);
    if (errors_since(diagnostics, first)) return std::nullopt;
    return read;
}

PreparedRun prepare_run(const RunInputs& inputs) {
    PreparedRun run;
    std::vector<Diagnostic>& diagnostics = run.diagnostics;
    auto stop = [&](RunStage stage) {
        run.failed = stage;
        run.sim.reset();
        return std::move(run);
    };

    ParseResult model_file;
    std::optional<ParseResult> config_file;
    std::shared_ptr<const Model> model = inputs.built_model;
    if (!model) {
        model = build_input_model(inputs, model_file, config_file, diagnostics);
        if (!model) return stop(config_file && !config_file->ok() ? RunStage::Config : RunStage::Model);
    }

    const size_t config_diagnostics = diagnostics.size();
    if (inputs.read_config) {
        run.config = *inputs.read_config;
    } else if (inputs.config.given()) {
        if (!config_file) {  // a built model: the config file is read only now
            config_file = parse_input(inputs.config);
            append(diagnostics, config_file->diagnostics);
            if (!config_file->ok()) return stop(RunStage::Config);
        }
        run.config = read_run_config(config_file->root, inputs.config.file, true, diagnostics);
    } else {
        const PropNode* root = inputs.built_model ? inputs.built_model_root : &model_file.root;
        run.config = root ? read_run_config(*root, inputs.model.file, false, diagnostics) : default_sim_config();
    }
    if (errors_since(diagnostics, config_diagnostics)) return stop(RunStage::Config);

    run.sim = Simulation::create(model, run.config, diagnostics);
    if (!run.sim) return stop(RunStage::Simulation);
    if (!apply_initial_state(inputs, *run.sim, diagnostics)) return stop(RunStage::State);
    append(diagnostics, check_initial_contacts(*run.sim));

    run.excitation = inputs.excitation_series;
    if (inputs.excitation.given()) {
        ExcitationReadResult read =
            inputs.excitation.text
                ? read_excitation_text(*inputs.excitation.text, inputs.excitation.file, run.sim->model())
                : read_excitation_csv(inputs.excitation.file, run.sim->model());
        append(diagnostics, read.diagnostics);
        if (!read.ok()) return stop(RunStage::Excitation);
        run.excitation = std::make_shared<const ExcitationSeries>(std::move(*read.series));
    }
    run.controllers = inputs.controllers;
    return run;
}

std::function<void(double, Controls&)> PreparedRun::control() const {
    if (!excitation && controllers.empty()) return {};
    return [sim = sim.get(), excitation = excitation, controllers = controllers](double time, Controls& controls) {
        if (excitation) apply_excitation(*excitation, time, controls);
        for (const RunController& controller : controllers) controller(*sim, time, controls);
    };
}

RunOptions PreparedRun::run_options(double duration, double sample_period) const {
    RunOptions options;
    options.duration = duration;
    options.sample_period = sample_period;
    options.control = control();
    return options;
}

}  // namespace hfd
