// hfd simulate: runs a model and writes the recorded trajectory. The rows go
// to --out / --sto as they are recorded (run/recording_files.h): memory stays
// the same whatever the duration.
// Exit codes: 0 done, 1 unusable input (missing file, invalid model / config /
// state, a step size the run cannot take), 2 bad arguments (a duration or
// sample period no run can have), 3 the simulation failed (what was recorded
// until then is written) or was interrupted by SIGINT / SIGTERM (the rows so
// far are kept as OUT.partial.csv), 4 an output file could not be written.
#include "commands.h"

#include "arguments.h"

#include "run/contact_events.h"
#include "run/csv_writer.h"
#include "run/recorder.h"
#include "run/recording_files.h"
#include "run/run.h"
#include "run/run_setup.h"
#include "sim/simulation.h"

#include <algorithm>
#include <chrono>
#include <charconv>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <unistd.h>
#include <utility>

namespace hfd::cli {

namespace {

constexpr int exit_ok = 0, exit_input = 1, exit_usage = 2, exit_simulation = 3, exit_output = 4;

constexpr const char* simulate_usage =
    "usage: hfd simulate MODEL [options]\n"
    "\n"
    "  --config CFG        simulation config (composite_force + integrator); default: the\n"
    "                      model file's own blocks, else the built-in default\n"
    "  --state STATE       initial state file: values { dof = v } velocities { dof = v }\n"
    "  --excitation CSV    muscle excitations over time: time,muscle,... (linear between rows)\n"
    "  --duration S        simulated time in seconds (default 1)\n"
    "  --sample S          sample period in seconds (default 0.01)\n"
    "  --out FILE.csv      recorded channels as CSV\n"
    "  --sto FILE.sto      dof values as an OpenSim storage file\n"
    "  --events FILE.csv   contact onset / lift-off events\n"
    "  --groups LIST       channel groups for --out: all (default) or a comma list of\n"
    "                      dofs,bodies,joints,muscles,contacts\n"
    "\n"
    "Rows are written as they are recorded. Runs over 1e10 steps or 1e8 samples are refused.\n"
    "\n"
    "exit codes: 0 done, 1 bad input file (or a step size the run cannot take),\n"
    "2 bad arguments, 3 simulation failed (the rows recorded until then are written)\n"
    "or interrupted (the rows so far are kept as OUT.partial.csv / .sto),\n"
    "4 an output could not be written\n";

struct Options {
    std::string model, config, state, excitation, out, sto, events;
    double duration = 1, sample = 0.01;
    GroupMask groups = all_channel_groups;
    bool help = false;
};

int usage_error(const std::string& message) {
    std::fprintf(stderr, "hfd simulate: %s\n\n%s", message.c_str(), simulate_usage);
    return exit_usage;
}

// Fills options; returns an exit code when the arguments are unusable.
std::optional<int> parse_arguments(const Args& args, Options& options) {
    std::vector<Word> words;
    if (const auto error = split_words(args,
                                       one_of({"--config", "--state", "--excitation", "--duration", "--sample", "--out",
                                               "--sto", "--events", "--groups"}),
                                       words))
        return usage_error(*error);
    for (const Word& word : words) {
        if (word.kind == Word::Kind::Help) {
            options.help = true;
            continue;
        }
        if (word.kind == Word::Kind::Positional) {
            if (!options.model.empty())
                return usage_error("more than one model given ('" + options.model + "', '" + word.name + "')");
            options.model = word.name;
            continue;
        }
        const std::string& arg = word.name;
        const std::string& value = word.value;
        if (arg == "--config") options.config = value;
        else if (arg == "--state") options.state = value;
        else if (arg == "--excitation") options.excitation = value;
        else if (arg == "--out") options.out = value;
        else if (arg == "--sto") options.sto = value;
        else if (arg == "--events") options.events = value;
        else if (arg == "--duration" || arg == "--sample") {
            const std::optional<double> seconds = parse_positive_number(value);
            if (!seconds) return usage_error(arg + " needs a positive number of seconds, got '" + value + "'");
            (arg == "--duration" ? options.duration : options.sample) = *seconds;
        } else if (arg == "--groups") {
            std::string error;
            const std::optional<GroupMask> groups = parse_channel_groups(value, &error);
            if (!groups) return usage_error(error);
            options.groups = *groups;
        }
    }
    if (options.help) return std::nullopt;
    if (options.model.empty()) return usage_error("no model given");
    for (const std::string* output : {&options.out, &options.sto, &options.events}) {
        if (output->empty()) continue;
        if (const std::optional<std::string> problem = output_directory_problem(*output)) return usage_error(*problem);
    }
    return std::nullopt;
}

// Model, config, state and excitation; nullopt (diagnostics printed) on failure.
std::optional<PreparedRun> prepare(const Options& options) {
    RunInputs inputs;
    inputs.model = RunInput::path(options.model);
    if (!options.config.empty()) inputs.config = RunInput::path(options.config);
    if (!options.state.empty()) inputs.state = RunInput::path(options.state);
    if (!options.excitation.empty()) inputs.excitation = RunInput::path(options.excitation);
    const Activity reading("reading the model '" + options.model + "' and its inputs");
    PreparedRun run = prepare_run(inputs);
    print_diagnostics(run.diagnostics);
    if (run.ok()) return run;
    const std::string& config_file = options.config.empty() ? options.model : options.config;
    switch (run.failed) {
        case RunStage::Model:
            std::fprintf(stderr, "hfd simulate: cannot use model '%s'\n", options.model.c_str());
            break;
        case RunStage::Config:
            std::fprintf(stderr, "hfd simulate: cannot use config '%s'\n", config_file.c_str());
            break;
        case RunStage::State:
            std::fprintf(stderr, "hfd simulate: cannot use state file '%s'\n", options.state.c_str());
            break;
        case RunStage::Excitation:
            std::fprintf(stderr, "hfd simulate: cannot use excitation file '%s'\n", options.excitation.c_str());
            break;
        default: std::fprintf(stderr, "hfd simulate: cannot create the simulation\n"); break;
    }
    return std::nullopt;
}

volatile std::sig_atomic_t interrupted = 0;
extern "C" void on_interrupt(int) { interrupted = 1; }

// "[#####-----]  50%  t = 0.500 s" redrawn at most ten times a second.
class ProgressBar {
public:
    ProgressBar(double start, double duration) : start_(start), duration_(duration), enabled_(isatty(2)) {}
    void update(double time) {
        if (!enabled_) return;
        const auto now = std::chrono::steady_clock::now();
        const double fraction = std::clamp((time - start_) / duration_, 0.0, 1.0);
        if (fraction < 1 && now - last_ < std::chrono::milliseconds(100)) return;
        last_ = now;
        constexpr int width = 30;
        const int filled = static_cast<int>(fraction * width);
        std::fprintf(stderr, "\r[%.*s%.*s] %3d%%  t = %.3f s", filled, "##############################", width - filled,
                     "------------------------------", static_cast<int>(fraction * 100), time);
        std::fflush(stderr);
        drawn_ = true;
    }
    void finish() {
        if (drawn_) std::fputc('\n', stderr);
    }

private:
    double start_, duration_;
    bool enabled_, drawn_ = false;
    std::chrono::steady_clock::time_point last_{};
};

// The --out / --sto files, streamed; false (message printed) when one cannot be created.
bool open_recording_files(const Options& options, const Simulation& sim, const Recorder& recorder,
                          RecordingFiles& files) {
    if (!options.out.empty() && !files.add_csv(options.out, options.groups)) {
        std::fprintf(stderr, "hfd simulate: cannot write '%s': %s\n", options.out.c_str(), files.error().c_str());
        return false;
    }
    if (!options.sto.empty()) {
        const std::string name = sim.model().name.empty() ? "hfd" : sim.model().name;
        if (!files.add_sto(options.sto, name, sample_count(options.duration, options.sample))) {
            std::fprintf(stderr, "hfd simulate: cannot write '%s': %s\n", options.sto.c_str(), files.error().c_str());
            return false;
        }
    }
    return true;
}

std::string quoted_list(const std::vector<std::string>& paths) {
    std::string text;
    for (const std::string& path : paths) text += (text.empty() ? "'" : ", '") + path + "'";
    return text;
}

// Commits the recording files (under the partial names when interrupted) and
// the events file; returns the exit code for a run that ended with `result`.
int finish_outputs(const Options& options, const RunResult& result, bool was_interrupted, Recorder& recorder,
                   RecordingFiles& files, const ContactEventDetector* events) {
    const bool flushed = recorder.flush() && !result.write_failed;
    if (!flushed || !files.commit(was_interrupted)) {
        std::fprintf(stderr, "hfd simulate: %s\n", files.error().c_str());
        if (!result.ok && !result.write_failed) std::fprintf(stderr, "hfd simulate: %s\n", result.message.c_str());
        std::fprintf(stderr, "hfd simulate: the recording was not written\n");
        return exit_output;
    }
    bool written = true;
    if (!options.events.empty() && events) {
        const std::string path = was_interrupted ? partial_file_name(options.events) : options.events;
        std::string error;
        written = save_contact_events_csv(path, events->events(), events->contact_pairs(), &error);
        if (!written) std::fprintf(stderr, "hfd simulate: cannot write '%s': %s\n", path.c_str(), error.c_str());
    }
    if (result.ok) return written ? exit_ok : exit_output;
    std::fprintf(stderr, "hfd simulate: %s\n", result.message.c_str());
    if (!files.empty())
        std::fprintf(stderr, "hfd simulate: the %zu samples recorded until then %s %s\n", recorder.recorded_row_count(),
                     was_interrupted ? "are kept in" : "were written to", quoted_list(files.committed_paths()).c_str());
    return written ? exit_simulation : exit_output;
}

}  // namespace

int run_simulate(const Args& args) {
    Options options;
    if (const std::optional<int> failed = parse_arguments(args, options)) return *failed;
    if (options.help) {
        std::fputs(simulate_usage, stdout);
        return exit_ok;
    }
    const Activity running("running the model '" + options.model + "'");
    std::optional<PreparedRun> prepared = prepare(options);
    if (!prepared) return exit_input;
    Simulation* sim = prepared->sim.get();
    const SimConfig& config = prepared->config;

    if (const std::optional<Diagnostic> refused = check_run_length(*sim, options.duration, options.sample)) {
        // a step size the run cannot take is the file's (located); a duration or period no run can have, the arguments'
        if (refused->location.file.empty()) {
            std::fprintf(stderr, "hfd simulate: %s\n", refused->message.c_str());
            return exit_usage;
        }
        std::fprintf(stderr, "%s\nhfd simulate: refused to run %g s\n", format_diagnostic(*refused).c_str(),
                     options.duration);
        return exit_input;
    }

    const ContactPairSet pairs = candidate_contact_pairs(sim->model(), collision_settings(config));
    GroupMask recorded = options.groups;
    if (!options.sto.empty()) recorded |= group_bit(ChannelGroup::Dofs);
    Recorder recorder(*sim, pairs, recorded);
    // From before the temporary files exist until they are committed: a
    // SIGINT / SIGTERM then keeps the partial file and leaves no temporary one.
    std::signal(SIGINT, on_interrupt);
    std::signal(SIGTERM, on_interrupt);
    RecordingFiles files(recorder);
    if (!open_recording_files(options, *sim, recorder, files)) return exit_output;
    // Without --out / --sto the rows are dropped as they are recorded: only the count is reported.
    recorder.stream_to([&files](const double* rows, size_t count) { return files.write_rows(rows, count); });
    std::optional<ContactEventDetector> events;
    if (!options.events.empty()) events.emplace(*sim, pairs);

    ProgressBar progress(std::as_const(*sim).state().time, options.duration);
    RunOptions run = prepared->run_options(options.duration, options.sample);
    run.events = events ? &*events : nullptr;
    run.on_sample = [&](double time) { progress.update(time); };
    run.interrupted = &interrupted;
    const auto wall_start = std::chrono::steady_clock::now();
    const RunResult result = record_simulation(*sim, recorder, run);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
    progress.finish();

    const double simulated = result.time - std::as_const(*sim).initial_state().time;
    std::printf("simulated %.6g s in %.3f s wall (%.3g x real time), %lld steps, %zu samples%s\n", simulated, wall,
                wall > 0 ? simulated / wall : 0.0, result.steps, recorder.recorded_row_count(),
                events ? (", " + std::to_string(events->events().size()) + " contact events").c_str() : "");
    std::fflush(stdout);
    const int code =
        finish_outputs(options, result, !result.ok && interrupted != 0, recorder, files, events ? &*events : nullptr);
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    return code;
}

}  // namespace hfd::cli
