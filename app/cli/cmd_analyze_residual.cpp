// hfd analyze residual MODEL [--config C] --trajectory FILE --out FILE.csv
// Dynamic consistency of a recorded run (engine/analysis/recording_residual.h):
// per row, the residual force [N] and torque [N m] of every moving body, zero
// where the recorded motion obeys the model's dynamics.
#include "commands.h"

#include "arguments.h"

#include "analysis/recording_residual.h"
#include "analysis/trajectory_states.h"
#include "format/writer.h"

#include <cstdio>
#include <string>

namespace hfd::cli {

std::unique_ptr<Simulation> create_analysis_simulation(const std::string& model_path, const std::string& config_path,
                                                       SimConfig* config_out);  // cmd_analyze.cpp
void print_analysis_diagnostics(const std::vector<Diagnostic>& diagnostics);

namespace {

constexpr const char* residual_usage =
    "usage: hfd analyze residual MODEL [--config CFG] --trajectory FILE --out FILE.csv\n"
    "\n"
    "  --config CFG        simulation config (default: the model file's own blocks)\n"
    "  --trajectory FILE   a recorded run: CSV of hfd simulate --out, or .sto\n"
    "  --out FILE.csv      one row per recorded row: time, then per moving body\n"
    "                      <body>.residual_force [N] and <body>.residual_torque [N m]\n"
    "Velocities and accelerations are central differences of the rows (one-sided at\n"
    "the ends); the residual is zero where the motion obeys the model (docs/analyses.md).\n";

int usage(const std::string& message) {
    std::fprintf(stderr, "hfd analyze residual: %s\n%s", message.c_str(), residual_usage);
    return 2;
}

}  // namespace

int run_residual(const Args& args) {
    std::string model, config, trajectory, out;
    std::vector<Word> words;
    if (const auto error = split_words(args, one_of({"--config", "--trajectory", "--out"}), words))
        return usage(*error);
    for (const Word& word : words) {
        if (word.kind == Word::Kind::Help) {
            std::fputs(residual_usage, stdout);
            return 0;
        }
        if (word.kind == Word::Kind::Positional) {
            if (!model.empty()) return usage("more than one model given");
            model = word.name;
            continue;
        }
        (word.name == "--config" ? config : word.name == "--trajectory" ? trajectory : out) = word.value;
    }
    if (model.empty()) return usage("no model given");
    if (trajectory.empty()) return usage("no recorded run given (--trajectory FILE)");
    if (out.empty()) return usage("no output file given (--out FILE.csv)");

    SimConfig sim_config;
    std::unique_ptr<Simulation> sim = create_analysis_simulation(model, config, &sim_config);
    if (!sim) return 1;
    const TrajectoryStates read = read_trajectory_file(trajectory, sim->model(), std::as_const(*sim).state());
    print_analysis_diagnostics(read.diagnostics);
    if (!read.ok()) return 1;
    if (read.states.size() < 2) {
        std::fprintf(stderr, "hfd analyze residual: '%s' has fewer than two rows\n", trajectory.c_str());
        return 1;
    }
    const ImplicitDynamics dynamics(*sim, sim_config);
    std::string text = "time [s]";
    for (const Body& body : sim->model().bodies)
        if (!body.is_static()) text += "," + body.name + ".residual_force [N]," + body.name + ".residual_torque [Nm]";
    text += '\n';
    char number[32];
    for (size_t k = 0; k < read.states.size(); ++k) {
        std::snprintf(number, sizeof number, "%.17g", read.states[k].time);
        text += number;
        for (const BodyResidual& b : recording_residual(dynamics, read.states, k)) {
            std::snprintf(number, sizeof number, ",%.9g", b.force);
            text += number;
            std::snprintf(number, sizeof number, ",%.9g", b.torque);
            text += number;
        }
        text += '\n';
    }
    std::string error;
    if (!write_file_atomic(out, text, &error)) {
        std::fprintf(stderr, "hfd analyze residual: %s\n", error.c_str());
        return 4;
    }
    std::printf("%zu rows, %zu moving bodies -> %s\n", read.states.size(), size_t(sim->model().dynamic_body_count()),
                out.c_str());
    return 0;
}

}  // namespace hfd::cli
