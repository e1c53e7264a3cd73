// hfd analyze: analyses of a model (see docs/analyses.md).
//   hfd analyze induced MODEL [options]   induced acceleration analysis
//   hfd analyze collocate EXAMPLE [options]  direct-collocation example on the implicit residual
//   hfd analyze residual MODEL [options]     dynamic consistency of a recorded run
//   hfd analyze muscles MODEL [options]      muscle moment arms, lengths, forces against a coordinate
//   hfd analyze gait RUN.csv [options]       gait events, cycles and normalized curves of a walking run
// Exit codes: 0 done, 1 unusable input, 2 bad arguments, 3 the analysis failed,
// 4 an output could not be written.
#include "commands.h"

#include "arguments.h"

#include "analysis/induced_series.h"
#include "analysis/trajectory_states.h"
#include "io/state_file.h"
#include "run/run_setup.h"
#include "state/kinematics.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <sstream>
#include <utility>

namespace hfd::cli {

int run_collocate(const Args& args);  // cmd_collocate.cpp
int run_residual(const Args& args);   // cmd_analyze_residual.cpp
int run_muscles(const Args& args);    // cmd_analyze_muscles.cpp
int run_gait(const Args& args);       // cmd_analyze_gait.cpp

void print_analysis_diagnostics(const std::vector<Diagnostic>& diagnostics) { print_diagnostics(diagnostics); }

std::unique_ptr<Simulation> create_analysis_simulation(const std::string& model_path, const std::string& config_path,
                                                       SimConfig* config_out) {
    RunInputs inputs;
    inputs.model = RunInput::path(model_path);
    if (!config_path.empty()) inputs.config = RunInput::path(config_path);
    PreparedRun run = prepare_run(inputs);
    print_analysis_diagnostics(run.diagnostics);
    if (config_out) *config_out = run.config;
    if (run.failed == RunStage::Model) std::fprintf(stderr, "hfd analyze: cannot use model '%s'\n", model_path.c_str());
    else if (run.failed == RunStage::Config)
        std::fprintf(stderr, "hfd analyze: cannot use config '%s'\n",
                     (config_path.empty() ? model_path : config_path).c_str());
    else if (!run.ok()) std::fprintf(stderr, "hfd analyze: cannot create the simulation\n");
    return std::move(run.sim);
}

namespace {

constexpr int exit_ok = 0, exit_input = 1, exit_usage = 2, exit_analysis = 3, exit_output = 4;

constexpr const char* analyze_usage =
    "usage: hfd analyze <analysis> ...\n"
    "\n"
    "  induced MODEL [options]     induced acceleration analysis (accelerations each force induces)\n"
    "  collocate EXAMPLE [options] direct-collocation example solved on the implicit residual\n"
    "  residual MODEL [options]    dynamic consistency of a recorded run (implicit residual per body)\n"
    "  muscles MODEL [options]     moment arms, lengths and forces of the muscles against a coordinate\n"
    "  gait RUN.csv [options]      gait events, cycles (stride, cadence, stance) and normalized curves\n"
    "\n"
    "Run 'hfd analyze <analysis> --help' for its options; docs/analyses.md explains them.\n";

constexpr const char* induced_usage =
    "usage: hfd analyze induced MODEL [options] --out DIR\n"
    "\n"
    "  --config CFG          simulation config (composite_force + integrator); default: the\n"
    "                        model file's own blocks, else the built-in default\n"
    "  --state STATE         analyse one state: the model posed by a state file (dof values,\n"
    "                        velocities); default: the model's initial state\n"
    "  --trajectory FILE     analyse every row of a CSV (hfd simulate --out) or .sto (--sto)\n"
    "  --excitation VALUE    muscle excitation of the single-state analysis, whose muscles start\n"
    "                        with the equilibrium activation of it (default 0)\n"
    "  --constraint KIND     contact constraint: point (default), weld or rolling\n"
    "  --contacts LIST       comma list of geometries whose contacts become constraints\n"
    "                        (default: every touching contact); a loaded contact left out\n"
    "                        makes its frames invalid\n"
    "  --bodies LIST         comma list of bodies whose accelerations are written too\n"
    "  --out DIR             directory for the CSV files (one per output) and summary.csv\n"
    "\n"
    "Frames where the constraint model does not hold (centre of mass acceleration off the\n"
    "forward simulation's by more than g/2, a constraint pulling into the ground, a loaded\n"
    "contact left free; docs/analyses.md) are marked valid = 0, their contributions left\n"
    "empty, and counted in a warning on stderr (the exit code stays 0).\n"
    "\n"
    "exit codes: 0 done, 1 bad input file, 2 bad arguments, 3 analysis failed, 4 output not written\n";

struct InducedOptions {
    std::string model, config, state, trajectory, out, bodies, contacts;
    ContactConstraint constraint = ContactConstraint::Point;
    double excitation = 0;
    bool help = false;
};

int usage_error(const std::string& message, const char* usage) {
    std::fprintf(stderr, "hfd analyze: %s\n\n%s", message.c_str(), usage);
    return exit_usage;
}

std::optional<int> parse_induced(const Args& args, InducedOptions& o) {
    std::vector<Word> words;
    if (const auto error = split_words(args,
                                       one_of({"--config", "--state", "--trajectory", "--constraint", "--contacts",
                                               "--bodies", "--out", "--excitation"}),
                                       words))
        return usage_error(*error, induced_usage);
    for (const Word& word : words) {
        if (word.kind == Word::Kind::Help) {
            o.help = true;
            continue;
        }
        if (word.kind == Word::Kind::Positional) {
            if (!o.model.empty()) return usage_error("more than one model given", induced_usage);
            o.model = word.name;
            continue;
        }
        const std::string& arg = word.name;
        const std::string& value = word.value;
        if (arg == "--config") o.config = value;
        else if (arg == "--state") o.state = value;
        else if (arg == "--trajectory") o.trajectory = value;
        else if (arg == "--bodies") o.bodies = value;
        else if (arg == "--contacts") o.contacts = value;
        else if (arg == "--out") o.out = value;
        else if (arg == "--constraint") {
            if (!parse_contact_constraint(value, o.constraint))
                return usage_error("--constraint must be point, weld or rolling, got '" + value + "'", induced_usage);
        } else if (arg == "--excitation") {
            std::istringstream in(value);
            if (!(in >> o.excitation) || !in.eof() || o.excitation < 0 || o.excitation > 1)
                return usage_error("--excitation needs a number in [0, 1], got '" + value + "'", induced_usage);
        }
    }
    if (o.help) return std::nullopt;
    if (o.model.empty()) return usage_error("no model given", induced_usage);
    if (o.out.empty()) return usage_error("no output directory given (--out DIR)", induced_usage);
    if (!o.state.empty() && !o.trajectory.empty())
        return usage_error("--state and --trajectory exclude each other", induced_usage);
    return std::nullopt;
}

std::optional<std::vector<Index>> parse_bodies(const Model& model, const std::string& list) {
    std::vector<Index> bodies;
    std::stringstream in(list);
    for (std::string name; std::getline(in, name, ',');) {
        if (name.empty()) continue;
        const Index b = model.find_body(name);
        if (b == no_index || model.bodies[b].is_static()) {
            std::fprintf(stderr, "hfd analyze: --bodies: '%s' is not a moving body of the model\n", name.c_str());
            return std::nullopt;
        }
        bodies.push_back(b);
    }
    return bodies;
}

// Geometries on moving bodies named by --contacts (nullopt, with a message, for
// a name that is not one).
std::optional<std::vector<std::string>> parse_contacts(const Model& model, const std::string& list) {
    std::vector<std::string> names;
    std::stringstream in(list);
    for (std::string name; std::getline(in, name, ',');) {
        if (name.empty()) continue;
        const auto it = std::find_if(model.geometries.begin(), model.geometries.end(),
                                     [&](const Geometry& g) { return g.name == name; });
        if (it == model.geometries.end() || it->body == no_index || model.bodies[it->body].is_static()) {
            std::fprintf(stderr, "hfd analyze: --contacts: '%s' is not a geometry on a moving body of the model\n",
                         name.c_str());
            return std::nullopt;
        }
        names.push_back(name);
    }
    if (!list.empty() && names.empty()) {
        std::fprintf(stderr, "hfd analyze: --contacts: no geometry named in '%s'\n", list.c_str());
        return std::nullopt;
    }
    return names;
}

// The states to analyse: every row of the trajectory, or one state.
std::optional<std::vector<State>> analysed_states(Simulation& sim, const InducedOptions& o) {
    if (!o.trajectory.empty()) {
        TrajectoryStates read = read_trajectory_file(o.trajectory, sim.model(), std::as_const(sim).state());
        print_diagnostics(read.diagnostics);
        if (!read.ok()) return std::nullopt;
        return std::move(read.states);
    }
    State s = std::as_const(sim).state();
    if (!o.state.empty()) {
        const StateFileResult read = read_state_file(o.state, sim.model());
        print_diagnostics(read.diagnostics);
        if (!read.ok()) return std::nullopt;
        apply_dofs(sim.model(), *read.dofs, s);
    }
    std::fill(s.activation.begin(), s.activation.end(), o.excitation);
    std::fill(sim.controls().excitation.begin(), sim.controls().excitation.end(), o.excitation);
    sim.set_initial_state(s);  // muscle fibers in equilibrium at this pose and activation
    return std::vector<State>{std::as_const(sim).state()};
}

int run_induced(const Args& args) {
    InducedOptions o;
    if (const std::optional<int> code = parse_induced(args, o)) return *code;
    if (o.help) {
        std::fputs(induced_usage, stdout);
        return exit_ok;
    }
    std::unique_ptr<Simulation> sim = create_analysis_simulation(o.model, o.config, nullptr);
    if (!sim) return exit_input;
    const std::optional<std::vector<Index>> bodies = parse_bodies(sim->model(), o.bodies);
    if (!bodies) return exit_usage;
    const std::optional<std::vector<std::string>> contacts = parse_contacts(sim->model(), o.contacts);
    if (!contacts) return exit_usage;
    InducedAccelerationOptions options;
    options.contact = o.constraint;
    options.contacts = *contacts;
    const std::optional<std::vector<State>> states = analysed_states(*sim, o);
    if (!states) return exit_input;

    InducedSeries series = make_induced_series(sim->model(), *bodies);
    double worst_superposition = 0;
    const auto t0 = std::chrono::steady_clock::now();
    for (const State& s : *states) {
        const InducedAccelerations frame = induced_accelerations(*sim, s, options);
        if (!frame.body.allFinite()) {
            std::fprintf(stderr, "hfd analyze: non-finite accelerations at t = %g s\n", s.time);
            return exit_analysis;
        }
        worst_superposition = std::max(worst_superposition, frame.superposition_error);
        append_induced_frame(series, sim->model(), s.time, frame);
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::string error;
    if (!save_induced_series(o.out, series, &error)) {
        std::fprintf(stderr, "hfd analyze: %s\n", error.c_str());
        return exit_output;
    }
    std::printf("%zu frame(s), %zu contributors, contact constraint %s: %zu files in %s\n", series.frame_count(),
                series.columns.size() - 2, contact_constraint_name(o.constraint), series.tables.size() + 1,
                o.out.c_str());
    const size_t invalid = series.invalid_frame_count(), frames = series.frame_count();
    if (invalid == 0) {
        double largest = 0;
        for (const InducedValidity& v : series.validity) largest = std::max(largest, v.com_residual);
        std::printf("constraint model holds in every frame (largest |a_com - forward| %.3g m/s2, limit %.3g)\n",
                    largest, series.validity.empty() ? 0.0 : series.validity.front().com_limit);
    } else {
        const std::vector<FrameSpan> spans = invalid_spans(series);
        const std::string where = describe_spans(series, spans);
        std::printf(
            "%zu of %zu frame(s) invalid, the constraint model does not hold at %s: their contributions "
            "are left empty (summary.csv: reason per frame)\n",
            invalid, frames, where.c_str());
        const size_t first = spans.front().first;
        std::fprintf(stderr,
                     "hfd analyze: warning: %zu of %zu frame(s) invalid (%s); their contributions are not results "
                     "and are left empty in %s\nhfd analyze: first invalid frame, t = %g s: %s\n",
                     invalid, frames, where.c_str(), o.out.c_str(), series.time[first],
                     series.validity[first].reason.c_str());
    }
    std::printf("largest superposition error %.3g (relative, a check of the solve only); %.3g ms per frame\n",
                worst_superposition, 1e3 * seconds / double(std::max<size_t>(1, frames)));
    return exit_ok;
}

}  // namespace

int run_analyze(const Args& args) {
    if (args.empty() || args[0] == "--help" || args[0] == "-h") {
        std::fputs(analyze_usage, args.empty() ? stderr : stdout);
        return args.empty() ? exit_usage : exit_ok;
    }
    const Args rest(args.begin() + 1, args.end());
    if (args[0] == "induced") return run_induced(rest);
    if (args[0] == "collocate") return run_collocate(rest);
    if (args[0] == "residual") return run_residual(rest);
    if (args[0] == "muscles") return run_muscles(rest);
    if (args[0] == "gait") return run_gait(rest);
    std::fprintf(stderr, "hfd analyze: unknown analysis '%s'\n\n%s", args[0].c_str(), analyze_usage);
    return exit_usage;
}

}  // namespace hfd::cli
