#include "batch/job.h"
#include "format/read_text_file.h"

#include "io/text_file.h"

#include "io/contact_pairs.h"

#include <chrono>
#include <utility>

namespace hfd {

namespace {

RunInput run_input(const TextInput& input) {
    if (!input.given()) return {};
    return RunInput::content(input.text, input.file);
}

// Applies every override to the root of the file whose top level holds the
// path's first segment (the config file when given and it does), else the model.
TextEditor override_editor(const OverrideSet& overrides, const std::string& model_file) {
    return [&overrides, model_file](PropNode& model_root, PropNode* config_root, std::vector<Diagnostic>& diagnostics) {
        bool ok = true;
        for (const Override& change : overrides) {
            const std::string first = change.path.substr(0, change.path.find('.'));
            PropNode& root = config_root && config_root->find(first) ? *config_root : model_root;
            std::string error;
            if (!apply_override(root, change, &error)) {
                diagnostics.push_back(error_at(model_file, 0, 0, std::move(error)));
                ok = false;
            }
        }
        return ok;
    };
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

PreparedRun prepare_job(const JobInputs& inputs, const TextInput& excitation) {
    RunInputs run;
    run.model = RunInput::content(inputs.model.text, inputs.model.file);
    if (!inputs.overrides.empty()) run.edit_texts = override_editor(inputs.overrides, inputs.model.file);
    run.config = run_input(inputs.config);
    run.state = run_input(inputs.state);
    run.excitation = run_input(excitation);
    return prepare_run(run);
}

const char* job_status_name(JobStatus status) {
    switch (status) {
        case JobStatus::Done: return "done";
        case JobStatus::InputError: return "input error";
        case JobStatus::SimulationFailed: return "failed";
        case JobStatus::OutputError: return "output error";
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
    PreparedRun prepared = prepare_job(job.inputs, job.excitation);
    outcome.diagnostics = std::move(prepared.diagnostics);
    if (!prepared.ok()) {
        outcome.message = first_error();
        return outcome;
    }
    Simulation& sim = *prepared.sim;
    const ContactPairSet pairs = candidate_contact_pairs(sim.model(), collision_settings(prepared.config));
    outcome.recording.emplace(sim, pairs, job.groups);
    RunOptions options = prepared.run_options(job.duration, job.sample_period);
    options.interrupted = interrupted;
    outcome.run = record_simulation(sim, *outcome.recording, options);
    outcome.status = outcome.run.ok        ? JobStatus::Done
                     : outcome.run.refused ? JobStatus::InputError
                                           : JobStatus::SimulationFailed;
    outcome.message = outcome.run.message;
    outcome.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
    return outcome;
}

}  // namespace hfd
