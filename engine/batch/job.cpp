#include "batch/job.h"

#include "io/text_file.h"

#include "format/parser.h"
#include "io/contact_pairs.h"
#include "io/excitation_csv.h"
#include "io/state_file.h"
#include "model/build_model.h"
#include "sim/kinematics.h"
#include "sim/start_checks.h"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <utility>

namespace hfd {

namespace {

void add_error(std::vector<Diagnostic>& diagnostics, const std::string& file, std::string message) {
    diagnostics.push_back({Severity::Error, {file, 0, 0}, std::move(message)});
}

// Applies every override to the root of the file whose top level holds the
// path's first segment (the config file when given and it does), else the model.
bool apply_overrides(const OverrideSet& overrides, const std::string& model_file, PropNode& model_root,
                     PropNode* config_root, std::vector<Diagnostic>& diagnostics) {
    bool ok = true;
    for (const Override& change : overrides) {
        const std::string first = change.path.substr(0, change.path.find('.'));
        PropNode& root = config_root && config_root->find(first) ? *config_root : model_root;
        std::string error;
        if (!apply_override(root, change, &error)) {
            add_error(diagnostics, model_file, error);
            ok = false;
        }
    }
    return ok;
}

}  // namespace

std::optional<TextInput> read_text_input(const std::string& path, std::string* error) {
    std::optional<std::string> text = read_text_file(path);
    if (!text) {
        if (error) *error = "cannot read '" + path + "'";
        return std::nullopt;
    }
    return TextInput{std::move(*text), path};
}

JobSimulation create_job_simulation(const JobInputs& inputs) {
    JobSimulation job;
    std::vector<Diagnostic>& diagnostics = job.diagnostics;
    ParseResult model_file = parse_text(inputs.model.text, inputs.model.file);
    diagnostics = model_file.diagnostics;
    if (!model_file.ok()) return job;
    std::optional<ParseResult> config_file;
    if (inputs.config.given()) {
        config_file = parse_text(inputs.config.text, inputs.config.file);
        diagnostics.insert(diagnostics.end(), config_file->diagnostics.begin(), config_file->diagnostics.end());
        if (!config_file->ok()) return job;
    }
    if (!apply_overrides(inputs.overrides, inputs.model.file, model_file.root,
                         config_file ? &config_file->root : nullptr, diagnostics))
        return job;

    BuildResult built = build_model(model_file.root, inputs.model.file);
    diagnostics.insert(diagnostics.end(), built.diagnostics.begin(), built.diagnostics.end());
    if (!built.ok()) return job;
    if (!inputs.model.file.empty()) {  // as load_model does
        built.model->file = inputs.model.file;
        std::error_code ec;
        const std::filesystem::path absolute = std::filesystem::absolute(inputs.model.file, ec);
        built.model->directory = (ec ? std::filesystem::path(inputs.model.file) : absolute).parent_path().string();
    }

    const PropNode& config_root = config_file ? config_file->root : model_file.root;
    const std::string& config_name = config_file ? inputs.config.file : inputs.model.file;
    job.config = read_sim_config(config_root, config_name, diagnostics);
    if (config_file && job.config.from_defaults)
        add_error(diagnostics, inputs.config.file, "no composite_force or integrator block in the config file");
    if (!config_file && job.config.from_defaults) {  // as hfd simulate says it
        Diagnostic note;
        note.severity = Severity::Warning;
        note.location.file = inputs.model.file;
        note.message = "no simulation config in the file; using the default";
        diagnostics.push_back(std::move(note));
    }
    if (has_errors(diagnostics)) return job;

    std::unique_ptr<Simulation> sim = Simulation::create(std::move(*built.model), job.config, diagnostics);
    if (!sim) return job;
    if (inputs.state.given()) {
        const StateFileResult read = read_state_text(inputs.state.text, inputs.state.file, sim->model());
        diagnostics.insert(diagnostics.end(), read.diagnostics.begin(), read.diagnostics.end());
        if (!read.ok()) return job;
        State posed = std::as_const(*sim).state();
        apply_dofs(sim->model(), *read.dofs, posed);
        sim->set_initial_state(posed);
    }
    const std::vector<Diagnostic> contacts = check_initial_contacts(*sim);
    diagnostics.insert(diagnostics.end(), contacts.begin(), contacts.end());
    job.sim = std::move(sim);
    return job;
}

const char* job_status_name(JobStatus status) {
    switch (status) {
        case JobStatus::Done: return "done";
        case JobStatus::InputError: return "input error";
        case JobStatus::SimulationFailed: return "failed";
    }
    return "?";
}

JobOutcome run_job(const BatchJob& job, const volatile std::sig_atomic_t* interrupted) {
    const auto wall_start = std::chrono::steady_clock::now();
    JobOutcome outcome;
    auto first_error = [&] {
        for (const Diagnostic& d : outcome.diagnostics)
            if (d.severity == Severity::Error) return format_diagnostic(d);
        return std::string("unusable input");
    };
    JobSimulation created = create_job_simulation(job.inputs);
    outcome.diagnostics = std::move(created.diagnostics);
    if (!created.sim) {
        outcome.message = first_error();
        return outcome;
    }
    Simulation& sim = *created.sim;
    std::optional<ExcitationSeries> excitation;
    if (job.excitation.given()) {
        ExcitationReadResult read = read_excitation_text(job.excitation.text, job.excitation.file, sim.model());
        outcome.diagnostics.insert(outcome.diagnostics.end(), read.diagnostics.begin(), read.diagnostics.end());
        if (!read.ok()) {
            outcome.message = first_error();
            return outcome;
        }
        excitation = std::move(read.series);
    }

    const ContactPairSet pairs = candidate_contact_pairs(sim.model(), collision_settings(created.config));
    outcome.recording.emplace(sim, pairs, job.groups);
    RunOptions options;
    options.duration = job.duration;
    options.sample_period = job.sample_period;
    options.interrupted = interrupted;
    if (excitation)
        options.control = [&](double time, Controls& controls) { apply_excitation(*excitation, time, controls); };
    outcome.run = record_simulation(sim, *outcome.recording, options);
    outcome.status = outcome.run.ok ? JobStatus::Done : JobStatus::SimulationFailed;
    outcome.message = outcome.run.message;
    outcome.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
    return outcome;
}

}  // namespace hfd
