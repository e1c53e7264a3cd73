// hfd analyze muscles MODEL --coordinate NAME [options] --out FILE.csv
// Muscle analysis against a coordinate (engine/analysis/muscle_sweep.h): per
// crossing muscle its moment arm, lengths, pennation and equilibrium forces over
// the coordinate's range, and the strength curve; with --motion, muscle-tendon
// lengths and moment arms along a motion file (engine/analysis/muscle_motion.h).
#include "commands.h"

#include "arguments.h"

#include "analysis/muscle_motion.h"
#include "analysis/muscle_sweep.h"
#include "format/parser.h"
#include "format/read_text_file.h"
#include "format/writer.h"
#include "io/state_file.h"
#include "model/build_model.h"
#include "state/kinematics.h"

#include <cstdio>
#include <sstream>
#include <string>

namespace hfd::cli {

void print_analysis_diagnostics(const std::vector<Diagnostic>& diagnostics);  // cmd_analyze.cpp

namespace {

constexpr const char* muscles_usage =
    "usage: hfd analyze muscles MODEL --coordinate NAME [options] --out FILE.csv\n"
    "       hfd analyze muscles MODEL --motion FILE [--muscles LIST] --out FILE.csv\n"
    "\n"
    "  --coordinate NAME   the dof swept over its range (the other dofs stay at the pose)\n"
    "  --muscles LIST      comma list of muscles (default: every muscle crossing it)\n"
    "  --points N          sweep points, >= 2 (default 50)\n"
    "  --activation A      activation of every muscle, in [0, 1] (default 1)\n"
    "  --state STATE       the pose (dof values, velocities); default: the model's defaults\n"
    "  --config CFG        file whose muscle force component gives the curves (default:\n"
    "                      the model file's own, else muscle_force_m2012fast)\n"
    "  --out FILE.csv      coordinate, then per muscle moment arm, lengths, pennation,\n"
    "                      normalized fiber length and velocity, forces and moment, then\n"
    "                      the strength curve (full activation, each direction)\n"
    "  --motion FILE       instead of a sweep: per row of an OpenSim .mot/.sto (inDegrees\n"
    "                      honoured) or a CSV of coordinates, each muscle's length and its\n"
    "                      moment arm about every coordinate whose joint its path spans\n"
    "exit codes: 0 done, 1 bad input file, 2 bad arguments, 4 output not written\n";

int usage(const std::string& message) {
    std::fprintf(stderr, "hfd analyze muscles: %s\n\n%s", message.c_str(), muscles_usage);
    return 2;
}

int input_error(const std::string& message) {
    std::fprintf(stderr, "hfd analyze muscles: %s\n", message.c_str());
    return 1;
}

struct MusclesOptions {
    std::string model, coordinate, muscles, state, config, out, motion;
    int points = 50;
    double activation = 1;
};

// nullopt: the options are fine; else the exit code.
std::optional<int> parse_options(const Args& args, MusclesOptions& o, bool& help) {
    std::vector<Word> words;
    if (const auto error = split_words(args,
                                       one_of({"--coordinate", "--muscles", "--points", "--activation", "--state",
                                               "--config", "--out", "--motion"}),
                                       words))
        return usage(*error);
    for (const Word& word : words) {
        if (word.kind == Word::Kind::Help) {
            help = true;
            continue;
        }
        if (word.kind == Word::Kind::Positional) {
            if (!o.model.empty()) return usage("more than one model given");
            o.model = word.name;
            continue;
        }
        const std::string& value = word.value;
        std::istringstream in(value);
        if (word.name == "--points") {
            if (!(in >> o.points) || !in.eof() || o.points < 2)
                return usage("--points needs a whole number >= 2, got '" + value + "'");
        } else if (word.name == "--activation") {
            if (!(in >> o.activation) || !in.eof() || !(o.activation >= 0 && o.activation <= 1))
                return usage("--activation needs a number in [0, 1], got '" + value + "'");
        } else if (word.name == "--coordinate") o.coordinate = value;
        else if (word.name == "--muscles") o.muscles = value;
        else if (word.name == "--state") o.state = value;
        else if (word.name == "--config") o.config = value;
        else if (word.name == "--motion") o.motion = value;
        else o.out = value;
    }
    if (help) return std::nullopt;
    if (o.model.empty()) return usage("no model given");
    if (o.coordinate.empty() && o.motion.empty()) return usage("no coordinate given (--coordinate NAME)");
    if (!o.motion.empty() && !o.coordinate.empty()) return usage("--motion and --coordinate exclude each other");
    if (o.out.empty()) return usage("no output file given (--out FILE.csv)");
    if (const std::optional<std::string> problem = output_directory_problem(o.out)) return usage(*problem);
    return std::nullopt;
}

std::string dof_names(const Model& model) {
    std::string names;
    for (const Dof& d : model.dofs) names += (names.empty() ? "" : ", ") + d.name;
    return names.empty() ? "(the model has no dofs)" : names;
}

// The curves of the config's muscle force component (the model file's own blocks by default).
std::optional<std::shared_ptr<const MuscleFiberModel>> fiber_model(const std::string& config_file) {
    const ParseResult parsed = parse_file(config_file);
    std::vector<Diagnostic> diagnostics = parsed.diagnostics;
    SimConfig config;
    if (parsed.ok()) config = read_sim_config(parsed.root, config_file, diagnostics);
    print_analysis_diagnostics(diagnostics);
    if (has_errors(diagnostics)) return std::nullopt;
    return muscle_fiber_model(config);
}

int write_output(const std::string& path, const std::string& text) {
    std::string error;
    if (write_file_atomic(path, text, &error)) return 0;
    std::fprintf(stderr, "hfd analyze muscles: %s\n", error.c_str());
    return 4;
}

// The motion is read, analysed and written a row at a time (a motion of millions
// of rows would otherwise be held several times over: its text, its poses, the
// results and the CSV text).
int write_motion(const Model& model, const MusclesOptions& o, const std::vector<Index>& muscles) {
    FileLines lines(o.motion);
    if (!lines.is_open()) {
        print_analysis_diagnostics({error_at(o.motion, 0, 0, "cannot open motion file")});
        return input_error("cannot use motion '" + o.motion + "'");
    }
    StreamedMuscleMotion analysed;
    bool produced = false;
    std::string write_error;
    const bool written = write_file_streamed(
        o.out,
        [&](const TextSink& out) {
            produced = true;
            analysed = stream_muscle_motion_csv(
                model, o.motion,
                [&](std::string_view& line, int& number) {
                    if (!lines.next(line)) return false;
                    number = lines.number();
                    return true;
                },
                muscles, out);
            return analysed.ok() && !lines.failed();
        },
        &write_error);
    if (lines.failed()) analysed.diagnostics.push_back(error_at(o.motion, 0, 0, "cannot read motion file"));
    print_analysis_diagnostics(analysed.diagnostics);
    if (produced && has_errors(analysed.diagnostics)) return input_error("cannot use motion '" + o.motion + "'");
    if (!written) {
        std::fprintf(stderr, "hfd analyze muscles: %s\n", write_error.c_str());
        return 4;
    }
    std::printf("%zu rows, %zu muscle(s), %zu moment arms -> %s\n", analysed.rows, analysed.muscles,
                analysed.moment_arms, o.out.c_str());
    return 0;
}

}  // namespace

int run_muscles(const Args& args) {
    MusclesOptions o;
    bool help = false;
    if (const std::optional<int> code = parse_options(args, o, help)) return *code;
    if (help) {
        std::fputs(muscles_usage, stdout);
        return 0;
    }
    const BuildResult built = load_model(o.model);
    print_analysis_diagnostics(built.diagnostics);
    if (!built.ok()) return input_error("cannot use model '" + o.model + "'");
    const Model& model = *built.model;

    MuscleSweepOptions sweep_options;
    sweep_options.points = o.points;
    sweep_options.activation = o.activation;
    std::stringstream list(o.muscles);
    for (std::string name; std::getline(list, name, ',');) {
        if (name.empty()) continue;
        const Index m = model.find_muscle(name);
        if (m == no_index) return usage("unknown muscle '" + name + "' in --muscles");
        sweep_options.muscles.push_back(m);
    }
    if (!o.motion.empty()) return write_motion(model, o, sweep_options.muscles);
    sweep_options.dof = model.find_dof(o.coordinate);
    if (sweep_options.dof == no_index)
        return usage("unknown coordinate '" + o.coordinate + "'; the model's are: " + dof_names(model));
    const std::optional<std::shared_ptr<const MuscleFiberModel>> fiber =
        fiber_model(o.config.empty() ? o.model : o.config);
    if (!fiber) return input_error("cannot use config '" + (o.config.empty() ? o.model : o.config) + "'");
    sweep_options.fiber = *fiber;

    State pose = initial_state(model);
    if (!o.state.empty()) {
        const StateFileResult read = read_state_file(o.state, model);
        print_analysis_diagnostics(read.diagnostics);
        if (!read.ok()) return input_error("cannot use state '" + o.state + "'");
        apply_dofs(model, *read.dofs, pose);
    }
    const MuscleSweep sweep = sweep_muscles(model, pose, sweep_options);
    for (const std::string& note : sweep.notes)
        std::fprintf(stderr, "hfd analyze muscles: %s: left out\n", note.c_str());
    if (const int code = write_output(o.out, muscle_sweep_csv(model, sweep))) return code;
    std::printf("%zu muscle(s) cross '%s', %d points -> %s\n", sweep.muscles.size(), o.coordinate.c_str(), o.points,
                o.out.c_str());
    return 0;
}

}  // namespace hfd::cli
