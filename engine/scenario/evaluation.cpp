// One evaluation of a scenario: the run loop of a controlled simulation.
//
// Every control step h (fixed_control_step_size), at t_k = k h:
//   sensors.record(plant)                       the delayed sensors' sample at t_k
//   u = clamp(sum of controller outputs, min_muscle_activation, max_muscle_activation)
//   Simulation::advance_to(t_{k+1})             excitations held during the step
//   each measure's update(plant) at t_{k+1}     may end the run (a fall)
// until max_duration. The integrator takes its own steps in between (it lands
// exactly on every t_k); this loop replaces io/run's Run, which records samples and
// which a scenario evaluation does not need (its recording is on_control_step).
#include "scenario/run_objects.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

namespace hfd {

namespace {

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

const char* non_finite_text(double value) { return std::isnan(value) ? "NaN" : value > 0 ? "inf" : "-inf"; }

ScenarioResult unusable_values(const std::string& file, std::string message) {
    ScenarioResult result;
    result.ok = false;
    result.message = "the scenario could not be set up with these parameter values";
    result.objective = std::numeric_limits<double>::infinity();
    result.diagnostics.push_back({Severity::Error, {file, 0, 0}, std::move(message)});
    return result;
}

std::vector<double> controller_output(Controller& controller, const Plant& plant, DelayedSensors& sensors, double time,
                                      double min_activation, double max_activation) {
    std::vector<double> excitation(plant.model().muscles.size(), 0.0);
    controller.update(plant, sensors, time, excitation);
    for (double& u : excitation) u = std::clamp(u, min_activation, max_activation);
    return excitation;
}

}  // namespace

void deduplicate(std::vector<Diagnostic>& diagnostics, size_t from) {
    std::vector<Diagnostic> unique(diagnostics.begin(), diagnostics.begin() + long(from));
    for (size_t i = from; i < diagnostics.size(); ++i) {
        const Diagnostic& d = diagnostics[i];
        const bool seen = std::any_of(unique.begin(), unique.end(), [&](const Diagnostic& u) {
            return u.message == d.message && u.location.file == d.location.file && u.location.line == d.location.line &&
                   u.location.column == d.location.column;
        });
        if (!seen) unique.push_back(d);
    }
    diagnostics = std::move(unique);
}

std::unique_ptr<Scenario::RunObjects> Scenario::create_run(const std::unordered_map<std::string, double>& values,
                                                           ParamSet& declared,
                                                           std::vector<Diagnostic>& diagnostics) const {
    const size_t first = diagnostics.size();
    CreationContext context;
    context.file = file_.file;
    context.diagnostics = &diagnostics;
    context.params = &declared;
    context.given = &values;
    context.defaults = {objective_param_defaults_};
    auto run = std::make_unique<RunObjects>();
    run->options = read_model_hyfydy(*model_node_, context, file_.directory);
    std::vector<Diagnostic> creation;
    run->simulation = Simulation::create(model_, config_, creation);
    for (Diagnostic& diagnostic : creation) diagnostics.push_back(std::move(diagnostic));
    if (!run->simulation) {
        deduplicate(diagnostics, first);
        return nullptr;
    }
    Simulation& simulation = *run->simulation;
    run->plant = make_plant(simulation, max_duration_);
    run->plant.control_step = run->options.control_step;
    run->plant.neural_delays = &run->options.neural_delays;
    // the controller is created before the initial state (it may initialize activations)
    // but its parameters are declared after the model's, as SCONE orders them
    ParamSet model_params;
    CreationContext model_context = context;
    model_context.params = &model_params;
    std::function<std::vector<double>()> initial_excitation;
    if (controller_node_) {
        initial_excitation = [&]() -> std::vector<double> {
            simulation.ensure_evaluated();
            run->sensors.record(run->plant);
            std::vector<double> u = controller_output(*run->controller, run->plant, run->sensors, 0,
                                                      run->options.min_activation, run->options.max_activation);
            run->controller->reset();
            run->start_frame_recorded = true;
            return u;
        };
    }
    ControllerContext controller_context{context, *model_, run->plant.legs, run->sensors, Location{}, &run->plant};
    ParamSet controller_params;
    context.params = &controller_params;
    if (controller_node_) run->controller = create_controller(*controller_node_, controller_context);
    run->sensors.prepare(run->options.control_step, run->options.sensor_delay_scaling);
    if (controller_node_ && !run->controller) {
        deduplicate(diagnostics, first);
        return nullptr;
    }
    if (!prepare_initial_state(simulation, run->options, *model_node_, run->plant.legs, model_context,
                               initial_excitation)) {
        deduplicate(diagnostics, first);
        return nullptr;
    }
    // parameters in SCONE's order: model, controller, measure
    const auto append = [&](const ParamSet& from) {
        for (size_t i = 0; i < from.infos.size(); ++i) {
            if (declared.index.count(from.infos[i].name)) continue;
            declared.index.emplace(from.infos[i].name, declared.infos.size());
            declared.infos.push_back(from.infos[i]);
            declared.values.push_back(from.values[i]);
        }
    };
    ParamSet model_declared = std::move(declared);
    declared = ParamSet{};
    append(model_params);
    append(model_declared);
    append(controller_params);
    context.params = &declared;
    if (measure_node_) {
        simulation.ensure_evaluated();
        MeasureContext measure_context{context, run->plant};
        run->measure = create_measure(*measure_node_, measure_context);
        if (!run->measure) {
            deduplicate(diagnostics, first);
            return nullptr;
        }
    }
    deduplicate(diagnostics, first);
    if (has_errors(diagnostics)) return nullptr;
    return run;
}

ScenarioResult Scenario::evaluate(const std::vector<double>& values, const EvaluationOptions& options) const {
    if (values.size() != parameters_.size())
        return unusable_values(file_.file, "expected " + std::to_string(parameters_.size()) +
                                               " parameter values (in the scenario's order), got " +
                                               std::to_string(values.size()));
    return evaluate(values_by_name(values), options);
}

ScenarioResult Scenario::evaluate(const std::unordered_map<std::string, double>& values,
                                  const EvaluationOptions& options) const {
    // A value that is not finite would only fail later, far from its cause (a NaN
    // pose in initial_load, a NaN excitation): the first one is named here, in the
    // scenario's parameter order, for every caller (Python, the optimizer, the tools).
    for (size_t i = 0; i < parameters_.infos.size(); ++i) {
        const ParamInfo& info = parameters_.infos[i];
        const auto it = values.find(info.name);
        if (it != values.end() && !std::isfinite(it->second))
            return unusable_values(file_.file, "parameter " + std::to_string(i) + " '" + info.name + "' is " +
                                                   non_finite_text(it->second) +
                                                   ": parameter values must be finite numbers");
    }
    std::vector<std::string> others;  // names the scenario does not declare, in a fixed order
    for (const auto& [name, value] : values)
        if (!std::isfinite(value) && !parameters_.index.count(name)) others.push_back(name);
    if (!others.empty()) {
        const std::string& name = *std::min_element(others.begin(), others.end());
        return unusable_values(file_.file, "value of '" + name + "' is " + non_finite_text(values.at(name)) +
                                               ": parameter values must be finite numbers");
    }
    ScenarioResult result;
    ParamSet declared;
    const std::unique_ptr<RunObjects> run = create_run(values, declared, result.diagnostics);
    if (!run) {
        result.ok = false;
        result.message = "the scenario could not be set up with these parameter values";
        result.objective = std::numeric_limits<double>::infinity();
        return result;
    }
    Simulation& simulation = *run->simulation;
    Plant& plant = run->plant;
    const double step = run->options.control_step;
    const double start_time = simulation.state().time;
    const Vec3 start_com = center_of_mass(*model_, simulation.state());
    std::vector<double> excitation(model_->muscles.size(), 0.0);
    std::vector<ControlChannel> channels;
    const bool timed = options.control_seconds && options.measure_seconds;
    plant.previous_time = start_time;
    bool script_error = false;
    // a script's messages join the result's diagnostics; its runtime error fails the run
    const auto script_failed = [&](auto& object) {
        const size_t from = result.diagnostics.size();
        object.take_diagnostics(result.diagnostics);
        for (size_t i = from; i < result.diagnostics.size(); ++i) {
            if (result.diagnostics[i].severity != Severity::Error) continue;
            result.ok = false;
            result.message = format_diagnostic(result.diagnostics[i]);
            result.termination = result.message;
            script_error = true;
            return true;
        }
        return false;
    };
    const long long control_steps = static_cast<long long>(std::ceil(max_duration_ / step - 1e-9));
    for (long long k = 0;; ++k) {
        const double time = start_time + double(k) * step;
        simulation.ensure_evaluated();
        const Clock::time_point control_start = timed ? Clock::now() : Clock::time_point{};
        if (k > 0 || !run->start_frame_recorded) run->sensors.record(plant);
        std::fill(excitation.begin(), excitation.end(), 0.0);
        if (run->controller) run->controller->update(plant, run->sensors, time, excitation);
        for (double& u : excitation) u = std::clamp(u, run->options.min_activation, run->options.max_activation);
        plant.excitation = excitation;
        simulation.controls().excitation = excitation;
        // dof actuators (reflexes on a dof) add to the motors' torque afresh every control step
        for (MotorControl& motor : simulation.controls().motors) motor.added_torque.setZero();
        if (run->controller) run->controller->update_controls(plant, time, simulation.controls());
        if (timed) *options.control_seconds += seconds_since(control_start);
        if (options.on_control_step) {
            channels.clear();
            if (run->controller) run->controller->channels(channels);
            if (run->measure) run->measure->channels(plant, channels);
            options.on_control_step(time, plant, channels);
        }
        if (run->controller) {
            if (script_failed(*run->controller)) break;
            if (std::string reason = run->controller->stop_reason(); !reason.empty()) {
                result.termination = std::move(reason);
                break;
            }
        }
        if (k >= control_steps || (options.stop && *options.stop)) break;
        const double next = start_time + std::min(double(k + 1) * step, max_duration_);
        plant.previous_time = time;
        if (!simulation.advance_to(next)) {
            result.ok = false;
            result.message = simulation.error() ? simulation.error()->message : "the simulation failed";
            result.termination = result.message;
            break;
        }
        simulation.ensure_evaluated();
        const Clock::time_point measure_start = timed ? Clock::now() : Clock::time_point{};
        const bool ended = run->measure && run->measure->update(plant);
        if (timed) *options.measure_seconds += seconds_since(measure_start);
        if (run->measure && script_failed(*run->measure)) break;
        if (ended) {
            result.termination = run->measure->termination_reason.empty() ? run->measure->name + " ended the run"
                                                                          : run->measure->termination_reason;
            break;
        }
    }
    result.steps = simulation.accepted_steps();
    result.simulated_time = simulation.state().time - start_time;
    result.distance = center_of_mass(*model_, simulation.state()).x() - start_com.x();
    result.speed = result.simulated_time > 0 ? result.distance / result.simulated_time : 0;
    if (run->measure) {
        const double raw = run->measure->result(plant);
        result.objective = run->measure->weighted_result(raw);
        result.minimize = run->measure->minimize;
        run->measure->report(plant, 0, result.terms);
        if (!std::isfinite(result.objective)) result.objective = std::numeric_limits<double>::max();
        script_failed(*run->measure);
    }
    // a script that failed scores the worst value in the measure's direction
    if (script_error) result.objective = (result.minimize ? 1 : -1) * std::numeric_limits<double>::infinity();
    return result;
}

}  // namespace hfd
