// hfd-bench: simulation speed per scenario (bench/scenarios.cpp). Per row, the
// median of several runs of: accepted steps per simulated second, force
// evaluations per accepted step (rejected trials and re-evaluations included), wall microseconds per step (and per
// body), simulated seconds per wall second; then, from one more run with every component timed, the wall time per step
// of each stage (force components, the Newton-Euler dynamics, the integrator's own work).
//   hfd-bench [--runs N] [--corpus DIR] [--only TEXT] [--integrators] [--callgrind] [--accuracy] [--front]
//             [--scone-examples DIR [--examples-par P.par]]   (the scenario rows: bench_scenarios.cpp)
// --only runs the row named TEXT, or else the rows whose name contains TEXT; --integrators adds the older
// table of every integrator on a pendulum, chain 10 and H0918 without muscles; --accuracy prints
// only the accuracy table of docs/accuracy.md (steps and position errors, bench/accuracy_table.cpp);
// --front the cost against error table there (bench/accuracy_front.cpp).
// Instruction counts of the simulation alone (no model loading, no timed-stage run):
//   valgrind --tool=callgrind --instr-atstart=no hfd-bench --callgrind --only "S2 H0918 gait"
// --callgrind runs each row once and switches callgrind's instrumentation on only
// around the simulated episodes (README, "Speed").
#include "format/parser.h"
#include "io/state_file.h"
#include "model/build_model.h"
#include "scenarios.h"
#include "state/kinematics.h"
#include "sim/simulation.h"

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_START_INSTRUMENTATION
#define CALLGRIND_STOP_INSTRUMENTATION
#endif

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

using namespace hfd;
using namespace hfd::bench;

namespace hfd {
void print_analysis_rows(const std::string& corpus, int runs);                  // bench_analysis.cpp
void print_accuracy_table(const std::string& corpus, const std::string& only);  // accuracy_table.cpp
void print_accuracy_front(const std::string& corpus, const std::string& examples, const std::string& examples_par,
                          const std::string& only);  // accuracy_front.cpp
void print_scenario_rows(const std::string& corpus, const std::string& examples, const std::string& examples_par,
                         const std::string& only, int runs);  // bench_scenarios.cpp
}  // namespace hfd

namespace {

struct Measurement {
    double wall = 0, steps = 0, evaluations = 0, simulated = 0;
    std::vector<double> stages;  // seconds: each force component, dynamics, integrator's own
    bool ok = true;
};

// With time_stages, every stage and force component is timed (a clock read each,
// about 10 % of a H0918 step): only for the stage columns, not for the wall times.
Measurement run_once(const Scenario& c, bool time_stages = false) {
    Measurement m;
    auto sim = create_simulation(c);
    if (!sim) return {0, 0, 0, 0, {}, false};
    sim->set_stage_timing(time_stages);
    for (int episode = 0; episode < c.episodes; ++episode) {
        sim->reset();
        const auto t0 = std::chrono::steady_clock::now();
        CALLGRIND_START_INSTRUMENTATION;
        m.ok = sim->advance_to(std::as_const(*sim).state().time + c.duration) && m.ok;
        CALLGRIND_STOP_INSTRUMENTATION;
        m.wall += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        m.steps += double(sim->accepted_steps());
        m.evaluations += double(sim->evaluations());
        m.simulated += c.duration;
        const StageTimes& t = sim->stage_times();
        m.stages.resize(t.components.size() + 2, 0.0);
        for (size_t i = 0; i < t.components.size(); ++i) m.stages[i] += t.components[i];
        m.stages[t.components.size()] += t.dynamics;
        m.stages[t.components.size() + 1] += t.integration - t.forces - t.dynamics;
    }
    return m;
}

std::vector<std::string> stage_names(const Scenario& c) {
    std::vector<std::string> names;
    if (auto sim = create_simulation(c))
        for (const auto& force : sim->forces()) names.emplace_back(force->name());
    names.emplace_back("dynamics");
    names.emplace_back("integrator");
    return names;
}

void run_scenarios(const std::vector<Scenario>& scenarios, int runs, bool stages) {
    std::printf("%-16s %10s %8s %10s %12s %12s  %s\n", "scenario", "steps/sim s", "evals/st", "us/step", "ns/step/body",
                "sim s/wall s", "us per step by stage (one more run, components timed)");
    for (const Scenario& c : scenarios) {
        std::vector<Measurement> m;
        for (int r = 0; r < runs; ++r) m.push_back(run_once(c));
        std::sort(m.begin(), m.end(), [](auto& a, auto& b) { return a.wall / a.steps < b.wall / b.steps; });
        const Measurement& median = m[m.size() / 2];
        if (median.steps == 0) {
            std::printf("%-16s could not be created\n", c.name.c_str());
            continue;
        }
        const double us_per_step = 1e6 * median.wall / median.steps;
        std::printf("%-16s %10.0f %8.3f %10.2f %12.1f %12.2f ", c.name.c_str(), median.steps / median.simulated,
                    median.evaluations / median.steps, us_per_step, 1e3 * us_per_step / c.bodies,
                    median.simulated / median.wall);
        if (stages) {
            const std::vector<std::string> names = stage_names(c);
            const Measurement staged = run_once(c, true);
            for (size_t i = 0; i < staged.stages.size() && i < names.size(); ++i)
                std::printf(" %s %.2f", names[i].c_str(), 1e6 * staged.stages[i] / staged.steps);
        }
        std::printf("%s\n", median.ok ? "" : "  (failed)");
    }
}

// The earlier table: each integrator on small models, relative to the first integrator.
void run_integrators(const std::string& corpus, int runs) {
    std::vector<Scenario> models;
    const std::string pendulum =
        "model { body { name = ground mass = 0 inertia = [ 0 0 0 ] }\n"
        " body { name = bob mass = 1 inertia = [ 0.01 0.01 0.01 ]\n"
        "  joint { name = pivot parent = ground pos_in_parent = [ 0 0 0 ] pos_in_child = [ 0 0.5 0 ] stiffness = 1e5 } "
        "}\n"
        " dof { name = swing source = bob_rz default = 60 } }\n";
    models.push_back({"pendulum", pendulum, "", "", "", "", {}, 0, 2.0, 1, 1});
    models.push_back({"chain10", chain_model(10), "", "", "", "", {}, 0, 1.0, 1, 10});
    const std::vector<std::string> integrators = {
        "symplectic_euler_integrator { step_size = 2e-5 }",  "forward_euler_integrator { step_size = 2e-5 }",
        "midpoint_euler_integrator { step_size = 2e-5 }",    "planar_symplectic_euler_integrator { step_size = 2e-5 }",
        "error_control_integrator_sem { accuracy = 0.01 }",  "error_control_integrator_mem { accuracy = 0.01 }",
        "error_control_integrator_secm { accuracy = 0.01 }", "error_control_integrator_psem { accuracy = 0.01 }",
        "error_control_integrator_pse { accuracy = 0.01 }"};
    std::printf("\n%-12s %-52s %14s %12s %9s\n", "model", "integrator", "steps/s", "sim s/wall s", "vs first");
    for (Scenario c : models) {
        double baseline = 0;
        for (const std::string& integrator : integrators) {
            const bool planar =
                integrator.find("planar") != std::string::npos || integrator.find("_p") != std::string::npos;
            c.config_text = std::string("composite_force { ") + (planar ? "planar_" : "") + "joint_force_pnld {} }\n" +
                            integrator + "\n";
            std::vector<Measurement> m;
            for (int r = 0; r < runs; ++r) m.push_back(run_once(c));
            std::sort(m.begin(), m.end(), [](auto& a, auto& b) { return a.steps / a.wall < b.steps / b.wall; });
            const Measurement& median = m[m.size() / 2];
            const double steps_per_second = median.steps / median.wall;
            if (baseline == 0) baseline = steps_per_second;
            std::printf("%-12s %-52s %14.0f %12.2f %8.2fx%s\n", c.name.c_str(), integrator.c_str(), steps_per_second,
                        median.simulated / median.wall, steps_per_second / baseline, median.ok ? "" : "  (blew up)");
        }
    }
    (void)corpus;
}

}  // namespace

int main(int argc, char** argv) {
    int runs = 5;
    bool integrators = false, callgrind = false, accuracy = false, front = false;
    std::string corpus = std::string(HFD_SOURCE_DIR) + "/../shared/corpus", only, scone_examples, examples_par;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--runs") && i + 1 < argc) runs = std::max(1, std::atoi(argv[++i]));
        else if (!std::strcmp(argv[i], "--corpus") && i + 1 < argc) corpus = argv[++i];
        else if (!std::strcmp(argv[i], "--only") && i + 1 < argc) only = argv[++i];
        else if (!std::strcmp(argv[i], "--integrators")) integrators = true;
        else if (!std::strcmp(argv[i], "--callgrind")) callgrind = true, runs = 1;
        else if (!std::strcmp(argv[i], "--accuracy")) accuracy = true;
        else if (!std::strcmp(argv[i], "--front")) front = true;
        else if (!std::strcmp(argv[i], "--scone-examples") && i + 1 < argc) scone_examples = argv[++i];
        else if (!std::strcmp(argv[i], "--examples-par") && i + 1 < argc) examples_par = argv[++i];
        else {
            std::fprintf(stderr,
                         "usage: hfd-bench [--runs N] [--corpus DIR] [--only TEXT] [--integrators] [--callgrind] "
                         "[--accuracy] [--front] [--scone-examples DIR [--examples-par P.par]]\n");
            return 2;
        }
    }
    if (accuracy) {
        print_accuracy_table(corpus, only);
        return 0;
    }
    if (front) {
        print_accuracy_front(corpus, scone_examples, examples_par, only);
        return 0;
    }
    std::vector<Scenario> scenarios = all_scenarios(corpus);
    // --only: the row of exactly that name, else every row whose name contains it
    const bool exact =
        std::any_of(scenarios.begin(), scenarios.end(), [&](const Scenario& c) { return c.name == only; });
    std::erase_if(scenarios,
                  [&](const Scenario& c) { return exact ? c.name != only : c.name.find(only) == std::string::npos; });
    run_scenarios(scenarios, runs, !callgrind);
    print_scenario_rows(corpus, scone_examples, examples_par, only, runs);
    if (callgrind) return 0;  // the rows only, each run once
    if (integrators) run_integrators(corpus, runs);
    if (only.empty() || std::string("analysis").find(only) != std::string::npos) print_analysis_rows(corpus, runs);
    return 0;
}
