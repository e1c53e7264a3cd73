// hfd analyze collocate: the minimum-effort direct-collocation example on the
// implicit dynamics residual (engine/analysis/collocation.h), then the forward
// check: the ordinary integrator re-run with the optimal controls.
// Exit codes: 0 solved and the re-simulation ends within the tolerance of the
// target, 1 unusable input, 2 bad arguments, 3 no convergence or the
// re-simulation misses the target, 4 the output could not be written.
#include "commands.h"

#include "analysis/collocation.h"
#include "io/text_file.h"

#include <cmath>
#include <cstdio>
#include <optional>
#include <sstream>

namespace hfd::cli {

std::unique_ptr<Simulation> create_analysis_simulation(const std::string& model_path, const std::string& config_path,
                                                       SimConfig* config_out);  // cmd_analyze.cpp

namespace {

constexpr const char* collocate_usage =
    "usage: hfd analyze collocate MODEL [options]\n"
    "\n"
    "Moves a dof of MODEL from its start to a target at rest with the least motor effort\n"
    "(trapezoidal direct collocation on the implicit residual), then re-simulates forward.\n"
    "samples/pendulum_swing.hfd is the example.\n"
    "\n"
    "  --motor NAME     joint motor driven by the optimizer (default: the first)\n"
    "  --dof NAME       dof that must reach the target (default: the first)\n"
    "  --target DEG     target dof value in degrees (default 90; metres for a translation)\n"
    "  --duration S     time to reach it (default 1)\n"
    "  --nodes N        collocation nodes (default 41)\n"
    "  --tolerance DEG  allowed distance of the re-simulated end from the target (default 1)\n"
    "  --out FILE.csv   the solution: time, control, dof, and the re-simulated check\n"
    "\n"
    "exit codes: 0 solved and within tolerance, 1 bad input file, 2 bad arguments,\n"
    "3 no convergence or the re-simulation misses the target, 4 output not written\n";

int usage_error(const std::string& message) {
    std::fprintf(stderr, "hfd analyze collocate: %s\n\n%s", message.c_str(), collocate_usage);
    return 2;
}

std::optional<double> number(const std::string& text) {
    std::istringstream in(text);
    double value = 0;
    if (!(in >> value) || !in.eof() || !std::isfinite(value)) return std::nullopt;
    return value;
}

}  // namespace

int run_collocate(const Args& args) {
    std::string model_path, motor, dof, out;
    double target_deg = 90, tolerance_deg = 1;
    CollocationSettings settings;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "--help" || arg == "-h") {
            std::fputs(collocate_usage, stdout);
            return 0;
        }
        if (arg.rfind("-", 0) != 0) {
            if (!model_path.empty()) return usage_error("more than one model given");
            model_path = arg;
            continue;
        }
        if (i + 1 >= args.size()) return usage_error("option " + arg + " needs a value");
        const std::string value = args[++i];
        if (arg == "--motor") motor = value;
        else if (arg == "--dof") dof = value;
        else if (arg == "--out") out = value;
        else if (arg == "--target" || arg == "--duration" || arg == "--nodes" || arg == "--tolerance") {
            const std::optional<double> v = number(value);
            if (!v) return usage_error(arg + " needs a number, got '" + value + "'");
            if (arg == "--target") target_deg = *v;
            else if (arg == "--tolerance" && *v > 0) tolerance_deg = *v;
            else if (arg == "--duration" && *v > 0) settings.duration = *v;
            else if (arg == "--nodes" && *v >= 3 && *v <= 1000 && *v == std::floor(*v)) settings.nodes = int(*v);
            else return usage_error(arg + " is out of range: '" + value + "'");
        } else {
            return usage_error("unknown option '" + arg + "'");
        }
    }
    if (model_path.empty()) return usage_error("no model given");

    SimConfig config;
    const std::unique_ptr<Simulation> sim = create_analysis_simulation(model_path, {}, &config);
    if (!sim) return 1;
    const Model& m = sim->model();
    if (m.motors.empty() || m.dofs.empty()) {
        std::fprintf(stderr, "hfd analyze collocate: '%s' needs a joint_motor and a dof\n", model_path.c_str());
        return 1;
    }
    settings.motor = motor.empty() ? 0 : Index(-1);
    for (Index i = 0; i < Index(m.motors.size()); ++i)
        if (m.motors[i].name == motor) settings.motor = i;
    settings.dof = dof.empty() ? 0 : m.find_dof(dof);
    if (settings.motor < 0) return usage_error("no joint motor '" + motor + "' in the model");
    if (settings.dof < 0) return usage_error("no dof '" + dof + "' in the model");
    const bool angular = m.dofs[size_t(settings.dof)].kind != Dof::Kind::RootTranslation;
    const double unit = angular ? M_PI / 180 : 1.0;
    settings.target = target_deg * unit;

    const ImplicitDynamics dynamics(*sim, config);
    const State start = std::as_const(*sim).state();
    const CollocationResult result = solve_min_effort_collocation(*sim, dynamics, settings);
    if (!result.converged) {
        std::fprintf(stderr, "hfd analyze collocate: %s\n", result.message.c_str());
        return 3;
    }
    const double end = resimulate_dof(*sim, settings, result, start);
    const double miss = std::abs(end - settings.target) / unit;
    std::printf("collocation: %d nodes, %d iterations, effort %.6g, largest constraint violation %.2g\n",
                settings.nodes, result.iterations, result.cost, result.constraint_violation);
    std::printf("forward re-simulation with the same controls ends at %.4f (target %.4f): %.3g %s off (tolerance %g)\n",
                end / unit, target_deg, miss, angular ? "deg" : "m", tolerance_deg);
    if (!out.empty()) {
        std::string text = "time [s],control [N m],dof [" + std::string(angular ? "deg" : "m") + "]\n";
        for (size_t k = 0; k < result.time.size(); ++k) {
            append_number(text, result.time[k]);
            text.push_back(',');
            append_number(text, result.control[k]);
            text.push_back(',');
            append_number(text, result.dof_value[k] / unit);
            text.push_back('\n');
        }
        std::string error;
        if (!write_file_streamed(
                out, [&](const TextSink& sink) { return sink(text); }, &error)) {
            std::fprintf(stderr, "hfd analyze collocate: %s\n", error.c_str());
            return 4;
        }
    }
    return miss <= tolerance_deg ? 0 : 3;
}

}  // namespace hfd::cli
