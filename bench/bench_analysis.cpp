// Rows of hfd-bench for the analyses (docs/analyses.md) on the corpus H0918
// with its muscles, config and gait start state: wall time per frame of the
// induced acceleration analysis (each contact constraint), and of the implicit
// residual and its Jacobians. Median of `runs` measurements of 20 frames each.
#include "analysis/implicit_residual.h"
#include "analysis/induced_accelerations.h"
#include "format/parser.h"
#include "io/state_file.h"
#include "model/build_model.h"
#include "state/kinematics.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace hfd {

namespace {

double median_ms_per_frame(int runs, int frames, const std::function<void()>& frame) {
    std::vector<double> ms;
    for (int r = 0; r < runs; ++r) {
        const auto t0 = std::chrono::steady_clock::now();
        for (int f = 0; f < frames; ++f) frame();
        ms.push_back(1e3 * std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / frames);
    }
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2];
}

}  // namespace

void print_analysis_rows(const std::string& corpus, int runs) {
    const std::string dir = corpus + "/scone/";
    if (!std::filesystem::exists(dir + "H0918.hfd") || !std::filesystem::exists(dir + "HfdConfigM2012Planar.zml")) {
        std::fprintf(stderr, "note: corpus H0918 not found, analysis rows skipped\n");
        return;
    }
    BuildResult built = load_model(dir + "H0918.hfd");
    std::vector<Diagnostic> diagnostics;
    const ParseResult parsed = parse_file(dir + "HfdConfigM2012Planar.zml");
    const SimConfig config = read_sim_config(parsed.root, dir + "HfdConfigM2012Planar.zml", diagnostics);
    if (!built.model) return;
    auto sim = Simulation::create(std::move(*built.model), config, diagnostics);
    if (!sim) return;
    const StateFileResult start = read_state_file(dir + "InitStateGait10.zml", sim->model());
    if (start.ok()) {
        State s = std::as_const(*sim).state();
        apply_dofs(sim->model(), *start.dofs, s);
        sim->set_initial_state(s);
    }
    for (size_t i = 0; i < sim->controls().excitation.size(); ++i) sim->controls().excitation[i] = 0.2;
    if (!sim->advance_to(0.2)) return;  // into stance: contacts touching, muscles active
    const State state = std::as_const(*sim).state();

    std::printf("\n%-20s %-52s %14s\n", "model", "analysis", "ms/frame");
    const size_t muscles = sim->model().muscles.size();
    for (ContactConstraint kind : {ContactConstraint::Point, ContactConstraint::Weld, ContactConstraint::Rolling}) {
        size_t contacts = 0;
        const double ms = median_ms_per_frame(
            runs, 20, [&] { contacts = induced_accelerations(*sim, state, {kind}).contacts.size(); });
        const std::string label = std::string("induced accelerations, ") + contact_constraint_name(kind) + " (" +
                                  std::to_string(muscles) + " muscles, " + std::to_string(contacts) + " contacts)";
        std::printf("%-20s %-52s %14.3f\n", "H0918", label.c_str(), ms);
    }
    const ImplicitDynamics dynamics(*sim, config);
    const Eigen::VectorXd y = dynamics.pack(state);
    const Eigen::VectorXd y_dot = dynamics.explicit_derivative(y, state);
    std::printf("%-20s %-52s %14.3f\n", "H0918",
                ("implicit residual (" + std::to_string(y.size()) + " states)").c_str(),
                median_ms_per_frame(runs, 20, [&] { dynamics.residual(y, y_dot, state); }));
    std::printf("%-20s %-52s %14.3f\n", "H0918", "implicit residual d/dy (central differences)",
                median_ms_per_frame(runs, 3, [&] { dynamics.jacobian_y(y, y_dot, state); }));
    std::printf("%-20s %-52s %14.3f\n", "H0918", "implicit residual d/dy_dot (analytic)",
                median_ms_per_frame(runs, 20, [&] { dynamics.jacobian_y_dot(y, y_dot, state); }));
}

}  // namespace hfd
