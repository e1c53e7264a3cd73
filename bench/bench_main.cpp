// hfd-bench: simulation speed per model and integrator. Prints a table with the
// median of several runs: steps per wall second, simulated seconds per wall
// second, and the ratio to the baseline row of the same model (first row),
// measured in the same run. Usage: hfd-bench [--runs N] [--corpus DIR]
#include "format/parser.h"
#include "model/build_model.h"
#include "sim/kinematics.h"
#include "sim/simulation.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

using namespace hfd;

namespace hfd {
void print_analysis_rows(const std::string& corpus, int runs);  // bench_analysis.cpp
}

namespace {

struct Case {
    std::string model_name;
    PropNode model_root;
    std::string forces_3d, forces_planar;
    double duration;
    std::vector<std::pair<std::string, double>> dof_values;
};

std::string chain_text(int links) {
    std::string text = "model {\n body { name = ground mass = 0 inertia = [ 0 0 0 ] }\n";
    for (int i = 0; i < links; ++i) {
        const std::string parent = i == 0 ? "ground" : "link" + std::to_string(i - 1);
        text += " body { name = link" + std::to_string(i) + " mass = 1 inertia = [ 0.01 0.002 0.01 ]\n";
        text += "  joint { name = j" + std::to_string(i) + " parent = " + parent + " pos_in_parent = [ 0 " +
                (i == 0 ? "0" : "-0.1") + " 0 ] pos_in_child = [ 0 0.1 0 ] stiffness = 1e5 limits { z = -90..90 } limit_stiffness = 100 } }\n";
    }
    for (int i = 0; i < links; ++i)
        text += " dof { name = d" + std::to_string(i) + " source = link" + std::to_string(i) + "_rz default = " +
                (i == 0 ? "60" : "10") + " }\n";
    return text + "}\n";
}

PropNode parse_or_die(const std::string& text, const std::string& name) {
    ParseResult parsed = parse_text(text, name);
    if (!parsed.ok()) {
        for (const auto& d : parsed.diagnostics) std::fprintf(stderr, "%s\n", format_diagnostic(d).c_str());
        std::exit(1);
    }
    return parsed.root;
}

struct Measurement { double steps_per_second = 0, realtime_factor = 0; bool ok = false; };

Measurement run_once(const Case& c, const std::string& integrator) {
    PropNode integrator_root = parse_or_die(integrator, "bench integrator");
    std::vector<Diagnostic> ignored;
    IntegratorContext integrator_context{"bench integrator", ignored};
    const auto probe = create_integrator(integrator_root.children.front(), integrator_context);
    const bool planar = probe && probe->is_planar();
    std::string config = "composite_force { " + (planar ? c.forces_planar : c.forces_3d) + " }\n" + integrator + "\n";
    PropNode config_root = parse_or_die(config, "bench config");
    std::vector<Diagnostic> diagnostics;
    BuildResult built = build_model(c.model_root, c.model_name);
    if (!built.model) return {};
    const SimConfig sim_config = read_sim_config(config_root, "bench config", diagnostics);
    auto sim = Simulation::create(std::move(*built.model), sim_config, diagnostics);
    if (!sim) return {};
    DofAssignment dofs = default_dof_assignment(sim->model());
    for (const auto& [name, value] : c.dof_values)
        if (Index d = sim->model().find_dof(name); d != no_index) dofs.value[d] = value;
    State s = sim->state();
    apply_dofs(sim->model(), dofs, s);
    sim->set_initial_state(s);
    const auto t0 = std::chrono::steady_clock::now();
    const bool ok = sim->advance_to(c.duration);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return {double(sim->accepted_steps() + sim->rejected_steps()) / wall, c.duration / wall, ok};
}

}  // namespace

int main(int argc, char** argv) {
    int runs = 5;
    std::string corpus = std::string(HFD_SOURCE_DIR) + "/../shared/corpus";
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--runs") && i + 1 < argc) runs = std::max(1, std::atoi(argv[++i]));
        else if (!std::strcmp(argv[i], "--corpus") && i + 1 < argc) corpus = argv[++i];
        else {
            std::fprintf(stderr, "usage: hfd-bench [--runs N] [--corpus DIR]\n");
            return 2;
        }
    }
    std::vector<Case> cases;
    const std::string pendulum =
        "model { body { name = ground mass = 0 inertia = [ 0 0 0 ] }\n"
        " body { name = bob mass = 1 inertia = [ 0.01 0.01 0.01 ]\n"
        "  joint { name = pivot parent = ground pos_in_parent = [ 0 0 0 ] pos_in_child = [ 0 0.5 0 ] stiffness = 1e5 } }\n"
        " dof { name = swing source = bob_rz default = 60 } }\n";
    cases.push_back({"pendulum", parse_or_die(pendulum, "pendulum"), "joint_force_pnld {}", "planar_joint_force_pnld {}", 2.0, {}});
    cases.push_back({"chain10", parse_or_die(chain_text(10), "chain10"), "joint_force_pnld {}", "planar_joint_force_pnld {}", 1.0, {}});
    const std::string h0918 = corpus + "/scone/H0918.hfd";
    if (std::filesystem::exists(h0918)) {
        ParseResult parsed = parse_file(h0918);
        if (PropNode* model = parsed.root.find("model"))
            std::erase_if(model->children, [](const PropNode& n) { return n.key == "point_path_muscle"; });
        const std::string contacts = " simple_collision_detection {} contact_force_hunt_crossley {}";
        const bool have_contacts = find_force_factory("simple_collision_detection") != nullptr;
        cases.push_back({"H0918 (no muscles)", parsed.root, "joint_force_pnld {}" + (have_contacts ? contacts : ""),
                         "planar_joint_force_pnld {}" + (have_contacts ? contacts : ""), 0.5,
                         {{"pelvis_ty", 0.95}}});
    } else {
        std::fprintf(stderr, "note: %s not found, H0918 rows skipped\n", h0918.c_str());
    }
    const std::vector<std::string> integrators = {
        "symplectic_euler_integrator { step_size = 2e-5 }", "forward_euler_integrator { step_size = 2e-5 }",
        "midpoint_euler_integrator { step_size = 2e-5 }", "planar_symplectic_euler_integrator { step_size = 2e-5 }",
        "error_control_integrator_sem { accuracy = 0.01 }", "error_control_integrator_mem { accuracy = 0.01 }",
        "error_control_integrator_secm { accuracy = 0.01 }", "error_control_integrator_psem { accuracy = 0.01 }",
        "error_control_integrator_pse { accuracy = 0.01 }"};

    std::printf("%-20s %-52s %14s %12s %9s\n", "model", "integrator", "steps/s", "sim s/wall s", "vs first");
    for (const Case& c : cases) {
        double baseline = 0;
        for (const std::string& integrator : integrators) {
            std::vector<Measurement> m;
            for (int r = 0; r < runs; ++r) m.push_back(run_once(c, integrator));
            std::sort(m.begin(), m.end(), [](auto& a, auto& b) { return a.steps_per_second < b.steps_per_second; });
            const Measurement median = m[m.size() / 2];
            if (baseline == 0) baseline = median.steps_per_second;
            std::printf("%-20s %-52s %14.0f %12.2f %8.2fx%s\n", c.model_name.c_str(), integrator.c_str(),
                        median.steps_per_second, median.realtime_factor, median.steps_per_second / baseline,
                        median.ok ? "" : "  (blew up)");
        }
    }
    print_analysis_rows(corpus, runs);
    return 0;
}
