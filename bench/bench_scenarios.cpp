// hfd-bench rows for SCONE scenarios: a whole evaluation (model, controller,
// measures) per run, timed in wall seconds per simulated second, with the share of
// the controllers (sensors, reflexes, gait states) and of the measures.
//   4a gait reflex    Tutorial 4a (corpus scone-tutorials3) with SCONE's walking parameters
//   6c script reflex  Tutorial 6c: the same gait inside a Lua ScriptController that changes
//                     the reflex gains every control step (when hfd has Lua)
//   3D gait H1922     Examples3 "Gait3D - H1922 - Hyfydy.scone" when --scone-examples DIR
//                     (scone-core's scenarios/Examples3) is given, with --examples-par P.par or
//                     else its init file (which names three parameters its controller lacks:
//                     docs/scenarios.md)
#include "scenario/scenario.h"

#include <valgrind/callgrind.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

namespace hfd {

namespace {

struct ScenarioRow {
    std::string name, scenario, par;  // par empty: the scenario's own start
};

void run_row(const ScenarioRow& row, int runs) {
    std::vector<Diagnostic> diagnostics;
    const std::unique_ptr<Scenario> scenario = Scenario::load(row.scenario, diagnostics);
    if (!scenario) {
        std::printf("%-16s could not be loaded\n", row.name.c_str());
        for (const Diagnostic& d : diagnostics) std::fprintf(stderr, "%s\n", format_diagnostic(d).c_str());
        return;
    }
    diagnostics.clear();
    const auto values =
        row.par.empty() ? scenario->initial_values(diagnostics) : scenario->values_from_par(row.par, diagnostics);
    if (!values) {
        std::printf("%-16s parameters could not be read\n", row.name.c_str());
        for (const Diagnostic& d : diagnostics) std::fprintf(stderr, "%s\n", format_diagnostic(d).c_str());
        return;
    }
    // CPU seconds of this thread: on a shared machine, wall time also counts the
    // time another process held the core
    const auto thread_seconds = [] {
        timespec t{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
        return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
    };
    struct Run {
        double wall = 0, cpu = 0, control = 0, measure = 0, simulated = 0, objective = 0, distance = 0;
        long long steps = 0;
    };
    std::vector<Run> measured;
    for (int r = 0; r < runs; ++r) {
        Run run;
        EvaluationOptions options;
        options.control_seconds = &run.control;
        options.measure_seconds = &run.measure;
        const auto start = std::chrono::steady_clock::now();
        const double cpu_start = thread_seconds();
        CALLGRIND_START_INSTRUMENTATION;
        const ScenarioResult result = scenario->evaluate(*values, options);
        CALLGRIND_STOP_INSTRUMENTATION;
        run.cpu = thread_seconds() - cpu_start;
        run.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        run.simulated = result.simulated_time;
        run.steps = result.steps;
        run.objective = result.objective, run.distance = result.distance;
        measured.push_back(run);
    }
    std::vector<double> cpu;
    for (const Run& run : measured) cpu.push_back(run.cpu);
    std::sort(cpu.begin(), cpu.end());
    std::sort(measured.begin(), measured.end(), [](const Run& a, const Run& b) { return a.wall < b.wall; });
    const Run& median = measured[measured.size() / 2];
    std::printf("%-16s %8.2f s %10.0f %12.0f %12.0f %11.1f %% %11.1f %%\n", row.name.c_str(), median.simulated,
                median.steps / std::max(median.simulated, 1e-9), median.simulated / median.wall,
                median.simulated / std::max(cpu[cpu.size() / 2], 1e-9), 100 * median.control / median.wall,
                100 * median.measure / median.wall);
    // every digit: a change meant to leave the results alone shows here if it did not
    std::printf("%-16s objective %.17g, distance %.17g m, %lld steps in %.17g s\n", "", median.objective,
                median.distance, median.steps, median.simulated);
}

}  // namespace

void print_scenario_rows(const std::string& corpus, const std::string& examples, const std::string& examples_par,
                         const std::string& only, int runs) {
    std::vector<ScenarioRow> rows;
    const std::string tutorials = corpus + "/scone-tutorials3/";
    if (std::filesystem::exists(tutorials + "Tutorial 4a - Gait - Hyfydy.scone"))
        rows.push_back({"4a gait reflex", tutorials + "Tutorial 4a - Gait - Hyfydy.scone",
                        tutorials + "init/H0918GaitRS2Hfd4.par"});
    else std::fprintf(stderr, "note: %s not found, scenario rows skipped\n", tutorials.c_str());
    const std::string script = tutorials + "Tutorial 6c - Script - Reflex Modulation - Hyfydy.scone";
    if (std::filesystem::exists(script)) rows.push_back({"6c script reflex", script, ""});  // its init file
    if (!examples.empty()) rows.push_back({"3D gait H1922", examples + "/Gait3D - H1922 - Hyfydy.scone", examples_par});
    std::erase_if(rows, [&](const ScenarioRow& row) { return row.name.find(only) == std::string::npos; });
    if (rows.empty()) return;
    std::printf("\n%-16s %10s %10s %12s %12s %13s %13s\n", "scenario", "simulated", "steps/s", "x real time",
                "x (CPU time)", "controllers", "measures");
    for (const ScenarioRow& row : rows) run_row(row, runs);
}

}  // namespace hfd
