// hfd.Scenario: SCONE scenarios from Python.
//   s = hfd.Scenario("Tutorial 4a - Gait - Hyfydy.scone")
//   result = s.evaluate("init/H0918GaitRS2Hfd4.par")   # or a {name: value} dict, a list, None
//   result["objective"], result["terms"], result["distance"] ...
//   s.evaluate(None, out="run.csv")   # also the recording hfd scenario evaluate --out writes
#include "bindings.h"

#include "scenario/scenario_optimization.h"
#include "scenario/scenario_recorder.h"

#include <atomic>

namespace hfd::python {

namespace {

py::dict evaluation_dict(const ScenarioResult& evaluation) {
    py::dict result;
    result["ok"] = evaluation.ok;
    result["message"] = evaluation.message;
    result["objective"] = evaluation.objective;
    result["minimize"] = evaluation.minimize;
    py::list terms;
    for (const MeasureTerm& term : evaluation.terms)
        terms.append(py::make_tuple(term.name, term.depth, term.weighted, term.result));
    result["terms"] = terms;
    result["simulated_time"] = evaluation.simulated_time;
    result["distance"] = evaluation.distance;
    result["speed"] = evaluation.speed;
    result["termination"] = evaluation.termination;
    result["steps"] = evaluation.steps;
    return result;
}

class PyScenario {
public:
    // text: the scenario's text, read as if it were the file at path (its relative
    // paths resolve from path's folder); None: the file at path.
    PyScenario(const std::string& path, const std::optional<std::string>& text) {
        std::vector<Diagnostic> diagnostics;
        {
            py::gil_scoped_release release;
            scenario_ = text ? Scenario::load_text(*text, path, diagnostics) : Scenario::load(path, diagnostics);
        }
        throw_if_errors(diagnostics, "cannot use scenario '" + path + "'");
        if (!scenario_) throw_error(path, "cannot use the scenario");
    }

    py::list parameters() const {
        py::list list;
        for (const ParamInfo& info : scenario_->parameters().infos)
            list.append(py::make_tuple(info.name, info.mean, info.std, info.min, info.max));
        return list;
    }

    // par: None (the scenario's own start), a .par path, a dict by name or a list in parameters() order.
    py::dict evaluate(const py::object& par, const std::optional<std::string>& out) const {
        std::vector<Diagnostic> diagnostics;
        std::unordered_map<std::string, double> values;
        if (par.is_none()) {
            auto initial = scenario_->initial_values(diagnostics);
            throw_if_errors(diagnostics, "cannot use the scenario's init file");
            if (initial) values = std::move(*initial);
        } else if (py::isinstance<py::str>(par)) {
            const std::string path = par.cast<std::string>();
            auto read = scenario_->values_from_par(path, diagnostics);
            throw_if_errors(diagnostics, "cannot use parameter file '" + path + "'");
            values = std::move(*read);
        } else if (py::isinstance<py::dict>(par)) {
            for (const auto& [key, value] : par.cast<py::dict>()) {
                const std::string name = py::str(key);
                if (!scenario_->parameters().find(name))
                    throw py::key_error("'" + name + "' is not a parameter of the scenario");
                values[name] = value.cast<double>();
            }
        } else {
            const std::vector<double> list = par.cast<std::vector<double>>();
            if (list.size() != scenario_->parameters().size())
                throw py::value_error("expected " + std::to_string(scenario_->parameters().size()) +
                                      " parameter values, got " + std::to_string(list.size()));
            values = scenario_->values_by_name(list);
        }
        throw_if_errors(diagnostics, "cannot use the parameters");
        ScenarioResult evaluation;
        ScenarioRecorder recording(*scenario_);  // every control step, as the command line's --out
        EvaluationOptions options;
        if (out)
            options.on_control_step = [&](double time, const Plant& plant,
                                          const std::vector<ControlChannel>& channels) {
                recording.on_control_step(time, plant, channels);
            };
        {
            py::gil_scoped_release release;
            evaluation = scenario_->evaluate(values, options);
        }
        throw_if_errors(evaluation.diagnostics, "cannot evaluate the scenario with these parameters");
        std::string error;
        if (out && !save_scenario_recording_csv(*out, recording, &error)) throw_error(*out, "cannot write: " + error);
        return evaluation_dict(evaluation);
    }

    double max_duration() const { return scenario_->max_duration(); }

private:
    std::unique_ptr<Scenario> scenario_;
};

// hfd optimize from Python: the C++ optimizer and its results folder; the
// generations are evaluated on the thread pool or by a Python function (a Dask
// cluster: hfd.optimize). Ctrl+C stops after the current generation.
class PyScenarioOptimization {
public:
    PyScenarioOptimization(const std::string& path, int threads, std::optional<std::uint64_t> seed,
                           std::optional<int> max_generations, const std::string& out_dir,
                           const std::optional<std::string>& resume) {
        ScenarioOptimizationOptions options;
        options.threads = threads;
        options.seed = seed;
        options.max_generations = max_generations;
        options.out_dir = out_dir;
        std::vector<Diagnostic> diagnostics;
        {
            py::gil_scoped_release release;
            if (resume) {
                optimization_ = ScenarioOptimization::resume(*resume, options, diagnostics);
            } else if (std::shared_ptr<const Scenario> scenario = Scenario::load(path, diagnostics)) {
                optimization_ = ScenarioOptimization::create(scenario, options, diagnostics);
            }
        }
        throw_if_errors(diagnostics, "cannot optimize '" + (resume ? *resume : path) + "'");
        if (!optimization_) throw_error(path, "cannot optimize the scenario");
    }

    // evaluate_generation(candidates: list of lists) -> list of objectives (NaN: failed)
    void set_generation_evaluator(py::object evaluate_generation) {
        evaluator_ = std::move(evaluate_generation);
        optimization_->set_generation_evaluator([this](const std::vector<std::vector<double>>& candidates) {
            py::gil_scoped_acquire acquire;
            return evaluator_(candidates).cast<std::vector<double>>();
        });
    }

    void on_progress(py::object callback) { progress_ = std::move(callback); }

    // Ends the run after the current generation, keeping the best and the state, as
    // Ctrl+C does in hfd optimize; callable from a signal handler or another thread.
    void request_stop() {
        interrupted_ = true;
        stop_ = true;
    }

    // The scenario's path (for a resumed run: the original's, beside which its copy is read).
    const std::string& scenario_file() const { return optimization_->scenario().file(); }
    const std::string& folder() const { return optimization_->folder(); }

    py::dict run() {
        std::atomic<bool>& stop = stop_;
        std::atomic<bool>& interrupted = interrupted_;
        std::optional<py::error_already_set> failure;
        optimization_->on_progress([&](const OptimizationProgress& progress) {
            py::gil_scoped_acquire acquire;
            if (PyErr_CheckSignals() != 0) {  // Ctrl+C: end after this generation, keep the best
                PyErr_Clear();
                interrupted = true;
                stop = true;
            }
            if (!progress_.is_none() && !failure) {
                try {
                    progress_(progress.report.generation, progress.best, progress.median,
                              progress.report.evaluations_per_second);
                } catch (py::error_already_set& error) {
                    failure = std::move(error);
                    stop = true;
                }
            }
        });
        std::string error;
        bool written = false;
        {
            py::gil_scoped_release release;
            written = optimization_->run(&stop, &error);
        }
        if (failure) throw std::move(*failure);
        if (!written) throw_error(optimization_->folder(), error);
        const OptimizationResult& result = optimization_->result();
        py::dict out;
        out["reason"] = interrupted ? std::string("interrupted") : std::string(stop_reason_text(result.reason));
        out["generations"] = result.generations;
        out["evaluations"] = result.evaluations;
        out["best"] = optimization_->best_value();
        out["best_generation"] = result.best_generation;
        out["folder"] = optimization_->folder();
        out["best_par"] = optimization_->best_par_file();
        return out;
    }

private:
    std::unique_ptr<ScenarioOptimization> optimization_;
    std::atomic<bool> stop_{false}, interrupted_{false};
    py::object evaluator_ = py::none(), progress_ = py::none();
};

}  // namespace

void bind_scenario(py::module_& m) {
    py::class_<PyScenarioOptimization>(m, "ScenarioOptimization",
                                       "CMA-ES over a scenario's parameters, writing SCONE's results folder")
        .def(py::init<const std::string&, int, std::optional<std::uint64_t>, std::optional<int>, const std::string&,
                      const std::optional<std::string>&>(),
             py::arg("path"), py::arg("threads") = 0, py::arg("seed") = py::none(),
             py::arg("max_generations") = py::none(), py::arg("out_dir") = "results", py::arg("resume") = py::none())
        .def("set_generation_evaluator", &PyScenarioOptimization::set_generation_evaluator,
             "f(candidates) -> objectives (the scenario's own sign, NaN for a failure), instead of the threads")
        .def("on_progress", &PyScenarioOptimization::on_progress, "f(generation, best, median, evaluations_per_s)")
        .def("request_stop", &PyScenarioOptimization::request_stop,
             "end the run after the current generation (keeps the best and a resumable state)")
        .def_property_readonly("scenario_file", &PyScenarioOptimization::scenario_file)
        .def_property_readonly("folder", &PyScenarioOptimization::folder, "the run folder (empty before run())")
        .def("run", &PyScenarioOptimization::run);
    py::class_<PyScenario>(m, "Scenario", "A SCONE scenario (.scone) with its model, controller and measures.")
        .def(py::init<const std::string&, const std::optional<std::string>&>(), py::arg("path"),
             py::arg("text") = py::none(), "text: the scenario's text, read as if it were the file at path")
        .def("parameters", &PyScenario::parameters, "[(name, mean, std, min, max)] of its optimizable parameters")
        .def("evaluate", &PyScenario::evaluate, py::arg("par") = py::none(), py::arg("out") = py::none(),
             "Runs the scenario; par: None (its own start), a .par path, {name: value} or a list; out: a CSV path "
             "for the recording hfd scenario evaluate --out writes. Returns a dict: "
             "objective, terms [(name, depth, weighted, raw)], simulated_time, distance, speed, termination, ok")
        .def_property_readonly("max_duration", &PyScenario::max_duration);
}

}  // namespace hfd::python
