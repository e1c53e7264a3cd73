// hfd-bench --front: cost against error (docs/accuracy.md, "Speed at equal error").
// For S2 H0918 (passive gait start), Tutorial 4a with SCONE's walking parameters and,
// with --scone-examples DIR, Examples3's 3D H1922 gait: at each accuracy 1e-2 ... 1e-7,
// with the joints' damping implicit (the default) and explicit
// (implicit_joint_damping = 0), and with symplectic Euler's even steps, as many as the
// implicit run took (its fixed-step integrator), the force evaluations and CPU seconds per simulated
// second and the largest joint-angle error over the first 2 s against a reference run
// at 1e-9 (its distance from a run at 1e-8 is printed first: the reference's own error
// is below that). Joint angles: every dof but the root translations, sampled at every
// control step (scenarios) or every 10 ms. Instructions per simulated second are the
// evaluations times the instructions of one evaluation, which callgrind counts
// (docs/accuracy.md gives the command): under
//   valgrind --tool=callgrind --instr-atstart=no hfd-bench --front --only S2
// each table row's simulation is instrumented alone and dumped under its own name.
#include "format/read_text_file.h"
#include "run/run.h"
#include "scenario/scenario.h"
#include "scenarios.h"
#include "state/kinematics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_START_INSTRUMENTATION
#define CALLGRIND_STOP_INSTRUMENTATION
#define CALLGRIND_DUMP_STATS_AT(name)
#endif

namespace hfd {

namespace {

constexpr double front_duration = 2.0;

struct FrontRun {
    bool ok = false;
    long long evaluations = 0, steps = 0;
    double cpu_seconds = 0;
    std::vector<double> angles;  // per sample, every angle dof
};

double thread_seconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

void append_angles(const Model& model, const State& state, std::vector<double>& out) {
    for (Index d = 0; d < Index(model.dofs.size()); ++d)
        if (model.dofs[d].kind != Dof::Kind::RootTranslation) out.push_back(dof_value(model, state, d));
}

// How a run steps: error-controlled at an accuracy (joint damping implicit or not), or
// with even steps of step_size (> 0) of the fixed-step integrator of the same family.
struct Stepping {
    double accuracy = 0.01;
    bool implicit = true;
    double step_size = 0;
};

// A model case of bench/scenarios.cpp, sampled every 10 ms.
FrontRun run_model_case(const bench::Scenario& c, const Stepping& how, const std::string& even_integrator) {
    FrontRun run;
    auto sim = how.step_size > 0
                   ? bench::create_simulation(c, {{"step_size", how.step_size}}, nullptr, even_integrator)
                   : bench::create_simulation(c, {{"accuracy", how.accuracy},
                                                  {"min_step", 1e-12},
                                                  {"implicit_joint_damping", how.implicit ? 1.0 : 0.0}});
    if (!sim) return run;
    const double start = thread_seconds();
    for (int i = 1; i <= int(front_duration * 100); ++i) {
        if (!sim->advance_to(i * 0.01)) return run;
        append_angles(sim->model(), sim->state(), run.angles);
    }
    run.cpu_seconds = thread_seconds() - start;
    run.evaluations = sim->evaluations(), run.steps = sim->accepted_steps();
    run.ok = true;
    return run;
}

// A SCONE scenario with `integrator { accuracy = A min_step = 1e-12 implicit_joint_damping = J }`
// (or `even_integrator { step_size = h }`) added to its ModelHyfydy block (the default
// forces stay), run for 2 s from `par`.
FrontRun run_scenario_case(const std::string& path, const std::string& par, const std::string& integrator,
                           const std::string& even_integrator, const Stepping& how) {
    FrontRun run;
    const std::optional<std::string> file = read_text_file(path);
    if (!file) return run;
    std::string text = *file;
    const size_t block = text.find("ModelHyfydy {");
    if (block == std::string::npos) return run;
    char line[160];
    if (how.step_size > 0)
        std::snprintf(line, sizeof line, "\n%s { step_size = %.17g }\n", even_integrator.c_str(), how.step_size);
    else
        std::snprintf(line, sizeof line, "\n%s { accuracy = %.17g min_step = 1e-12 implicit_joint_damping = %d }\n",
                      integrator.c_str(), how.accuracy, how.implicit ? 1 : 0);
    text.insert(block + 13, line);
    std::vector<Diagnostic> diagnostics;
    const std::unique_ptr<Scenario> scenario = Scenario::load_text(text, path, diagnostics);
    if (!scenario) return run;
    const auto values = scenario->values_from_par(par, diagnostics);
    if (!values) return run;
    volatile bool stop = false;
    EvaluationOptions options;
    options.stop = &stop;
    options.on_control_step = [&](double time, const Plant& plant, const std::vector<ControlChannel>&) {
        if (time > front_duration + 1e-9) {
            stop = true;
            return;
        }
        append_angles(plant.model(), plant.state(), run.angles);
        run.evaluations = plant.simulation->evaluations(), run.steps = plant.simulation->accepted_steps();
    };
    const double start = thread_seconds();
    const ScenarioResult result = scenario->evaluate(*values, options);
    run.cpu_seconds = thread_seconds() - start;
    run.ok = result.simulated_time >= front_duration;
    return run;
}

double largest_difference(const FrontRun& a, const FrontRun& b) {
    double largest = 0;
    const size_t n = std::min(a.angles.size(), b.angles.size());
    for (size_t i = 0; i < n; ++i) largest = std::max(largest, std::abs(a.angles[i] - b.angles[i]));
    return n == std::max(a.angles.size(), b.angles.size()) ? largest : INFINITY;
}

// Per accuracy: implicit, explicit, and symplectic Euler with as many even steps as the implicit run took.
void print_case(const std::string& name, const std::function<FrontRun(const Stepping&)>& run) {
    const FrontRun reference = run({1e-9, true, 0}), check = run({1e-8, true, 0});
    if (!reference.ok || !check.ok) {
        std::printf("| %s | reference failed | | | | |\n", name.c_str());
        return;
    }
    std::printf("| %s | reference 1e-9: %.2g rad from 1e-8 | | | | |\n", name.c_str(),
                largest_difference(check, reference));
    for (double accuracy : {1e-2, 1e-3, 1e-4, 1e-5, 1e-6, 1e-7}) {
        long long implicit_steps = 0;
        for (int kind = 0; kind < 3; ++kind) {
            if (kind == 2 && implicit_steps == 0) continue;
            const Stepping how{accuracy, kind == 0, kind == 2 ? front_duration / double(implicit_steps) : 0};
            const char* label_of_kind[] = {"implicit", "explicit", "even steps"};
            CALLGRIND_START_INSTRUMENTATION;
            const FrontRun r = run(how);
            CALLGRIND_STOP_INSTRUMENTATION;
            char label[96];
            std::snprintf(label, sizeof label, "%s %g %s", name.c_str(), accuracy, label_of_kind[kind]);
            CALLGRIND_DUMP_STATS_AT(label);
            if (!r.ok) {
                std::printf("| %s | %g | %s | failed | | |\n", name.c_str(), accuracy, label_of_kind[kind]);
                continue;
            }
            if (kind == 0) implicit_steps = r.steps;
            std::printf("| %s | %g | %s | %.0f | %.3g | %.2g |\n", name.c_str(), accuracy, label_of_kind[kind],
                        double(r.evaluations) / front_duration, r.cpu_seconds / front_duration,
                        largest_difference(r, reference));
            std::fflush(stdout);
        }
    }
}

}  // namespace

void print_accuracy_front(const std::string& corpus, const std::string& examples, const std::string& examples_par,
                          const std::string& only) {
    std::printf("| case | accuracy | joint damping | evaluations / sim s | CPU s / sim s | largest joint-angle error, rad |\n");
    std::printf("| --- | --- | --- | --- | --- | --- |\n");
    for (const bench::Scenario& c : bench::all_scenarios(corpus))
        if (c.name == "S2 H0918 gait" && c.name.find(only) != std::string::npos)
            print_case(c.name,
                       [&](const Stepping& how) { return run_model_case(c, how, "planar_symplectic_euler_integrator"); });
    const std::string tutorial = corpus + "/scone-tutorials3/Tutorial 4a - Gait - Hyfydy.scone";
    if (std::filesystem::exists(tutorial) && std::string("4a gait reflex").find(only) != std::string::npos)
        print_case("4a gait reflex", [&](const Stepping& how) {
            return run_scenario_case(tutorial, corpus + "/scone-tutorials3/init/H0918GaitRS2Hfd4.par",
                                     "error_control_integrator_pse", "planar_symplectic_euler_integrator", how);
        });
    const std::string gait3d = examples + "/Gait3D - H1922 - Hyfydy.scone";
    if (!examples.empty() && std::string("3D gait H1922").find(only) != std::string::npos)
        print_case("3D gait H1922", [&](const Stepping& how) {
            return run_scenario_case(gait3d, examples_par.empty() ? examples + "/init/H1922GaitRS2Hfd5.par" : examples_par,
                                     "error_control_integrator_sem", "symplectic_euler_integrator", how);
        });
}

}  // namespace hfd
