// hfd scenario: SCONE scenarios (.scone) evaluated with a parameter set.
// Exit codes: 0 done, 1 unusable input (scenario, model, .par), 2 bad arguments,
// 3 the simulation failed (the scores of the run until then are printed),
// 4 an output file could not be written.
#include "commands.h"

#include "arguments.h"

#include "io/text_file.h"
#include "scenario/scenario.h"
#include "scenario/scenario_recorder.h"
#include "state/kinematics.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>

namespace hfd::cli {

namespace {

constexpr int exit_ok = 0, exit_input = 1, exit_usage = 2, exit_simulation = 3, exit_output = 4;

constexpr const char* scenario_usage =
    "usage: hfd scenario evaluate SCENARIO.scone [--par P.par] [--out run.csv]\n"
    "       hfd scenario parameters SCENARIO.scone\n"
    "\n"
    "  evaluate     runs the scenario's model under its controller and prints the\n"
    "               objective, every measure term, the simulated time, the distance\n"
    "               (centre of mass) and the average speed\n"
    "  parameters   lists the scenario's optimizable parameters (name mean std min max)\n"
    "\n"
    "  --par P.par  parameter values (SCONE's .par: name value mean std); default: the\n"
    "               init file its optimizer names, else the means written in the scenario\n"
    "  --out CSV    per control step, the studio's columns with their units: time, dofs\n"
    "               (value, .vel), bodies, joints, muscles (excitation, activation,\n"
    "               fiber and tendon length, force), contact pairs, leg ground forces\n"
    "               (<leg>.grf_x/y/z), then gait states and reflex outputs\n"
    "\n"
    "exit codes: 0 done, 1 bad input file, 2 bad arguments, 3 simulation failed,\n"
    "4 an output could not be written\n";

int usage_error(const std::string& message) {
    std::fprintf(stderr, "hfd scenario: %s\n\n%s", message.c_str(), scenario_usage);
    return exit_usage;
}

int run_parameters(const Scenario& scenario) {
    for (const ParamInfo& info : scenario.parameters().infos)
        std::printf("%-40s %.6g %.6g %.6g %.6g\n", info.name.c_str(), info.mean, info.std, info.min, info.max);
    return exit_ok;
}

// The evaluation builds the model's simulation again: its messages that loading the
// scenario already printed are not printed twice.
std::vector<Diagnostic> not_yet_printed(const std::vector<Diagnostic>& diagnostics,
                                        const std::vector<Diagnostic>& printed) {
    std::vector<Diagnostic> fresh;
    for (const Diagnostic& d : diagnostics)
        if (std::none_of(printed.begin(), printed.end(),
                         [&](const Diagnostic& p) { return format_diagnostic(p) == format_diagnostic(d); }))
            fresh.push_back(d);
    return fresh;
}

int run_evaluate(const Scenario& scenario, const std::string& par, const std::string& out,
                 const std::vector<Diagnostic>& printed) {
    std::vector<Diagnostic> diagnostics;
    std::optional<std::unordered_map<std::string, double>> values;
    if (!par.empty()) values = scenario.values_from_par(par, diagnostics);
    else values = scenario.initial_values(diagnostics);
    print_diagnostics(diagnostics);
    if (!values) {
        std::fprintf(stderr, "hfd scenario: cannot use parameter file '%s'\n",
                     par.empty() ? scenario.optimizer().init_file.c_str() : par.c_str());
        return exit_input;
    }
    ScenarioRecorder recording(scenario);  // every control step
    EvaluationOptions options;
    if (!out.empty())
        options.on_control_step = [&](double time, const Plant& plant, const std::vector<ControlChannel>& channels) {
            recording.on_control_step(time, plant, channels);
        };
    const auto wall_start = std::chrono::steady_clock::now();
    const ScenarioResult evaluation = scenario.evaluate(*values, options);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
    print_diagnostics(not_yet_printed(evaluation.diagnostics, printed));
    if (evaluation.terms.empty() && !evaluation.ok && evaluation.steps == 0) {
        std::fprintf(stderr, "hfd scenario: %s\n", evaluation.message.c_str());
        return exit_input;
    }
    std::printf("objective %.10g (%s)\n", evaluation.objective, evaluation.minimize ? "minimized" : "maximized");
    for (const MeasureTerm& term : evaluation.terms) {
        std::printf("  %*s%-28s %14.8g  (raw %.8g)\n", 2 * term.depth, "", term.name.c_str(), term.weighted,
                    term.result);
        // what SCONE's report adds (step_count, step_velocity, distance, ...)
        for (const auto& [name, value] : term.values)
            std::printf("  %*s  %s = %.8g\n", 2 * term.depth, "", name.c_str(), value);
    }
    std::printf("simulated %.4g s of %.4g s%s%s\n", evaluation.simulated_time, scenario.max_duration(),
                evaluation.termination.empty() ? "" : ": ", evaluation.termination.c_str());
    std::printf("distance %.4g m, average speed %.4g m/s\n", evaluation.distance, evaluation.speed);
    std::printf("%lld steps in %.3f s wall (%.4g x real time)\n", evaluation.steps, wall,
                wall > 0 ? evaluation.simulated_time / wall : 0.0);
    bool written = true;
    if (!out.empty()) {
        std::string error;
        written = save_scenario_recording_csv(out, recording, &error);
        if (!written) std::fprintf(stderr, "hfd scenario: cannot write '%s': %s\n", out.c_str(), error.c_str());
    }
    if (!evaluation.ok) {
        std::fprintf(stderr, "hfd scenario: %s\n", evaluation.message.c_str());
        return exit_simulation;
    }
    return written ? exit_ok : exit_output;
}

}  // namespace

int run_scenario(const Args& args) {
    std::vector<Word> words;
    if (const auto error = split_words(args, one_of({"--par", "--out"}), words)) return usage_error(*error);
    std::vector<std::string> positional;
    std::string par, out;
    for (const Word& word : words) {
        if (word.kind == Word::Kind::Help) {
            std::fputs(scenario_usage, stdout);
            return exit_ok;
        }
        if (word.kind == Word::Kind::Positional) positional.push_back(word.name);
        else if (word.name == "--par") par = word.value;
        else if (word.name == "--out") out = word.value;
    }
    if (positional.empty()) return usage_error("no action given (evaluate or parameters)");
    const std::string& action = positional[0];
    if (action != "evaluate" && action != "parameters") return usage_error("unknown action '" + action + "'");
    if (positional.size() != 2) return usage_error("expected one scenario file after '" + action + "'");
    if (!out.empty())
        if (const std::optional<std::string> problem = output_directory_problem(out)) return usage_error(*problem);
    std::vector<Diagnostic> diagnostics;
    const std::unique_ptr<Scenario> scenario = Scenario::load(positional[1], diagnostics);
    print_diagnostics(diagnostics);
    if (!scenario) {
        std::fprintf(stderr, "hfd scenario: cannot use scenario '%s'\n", positional[1].c_str());
        return exit_input;
    }
    if (action == "parameters") return run_parameters(*scenario);
    return run_evaluate(*scenario, par, out, diagnostics);
}

}  // namespace hfd::cli
