// hfd.Scenario: SCONE scenarios from Python.
//   s = hfd.Scenario("Tutorial 4a - Gait - Hyfydy.scone")
//   result = s.evaluate("init/H0918GaitRS2Hfd4.par")   # or a {name: value} dict, a list, None
//   result["objective"], result["terms"], result["distance"] ...
#include "bindings.h"

#include "scenario/scenario.h"

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
    explicit PyScenario(const std::string& path) {
        std::vector<Diagnostic> diagnostics;
        {
            py::gil_scoped_release release;
            scenario_ = Scenario::load(path, diagnostics);
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
    py::dict evaluate(const py::object& par) const {
        std::vector<Diagnostic> diagnostics;
        std::unordered_map<std::string, double> values;
        if (par.is_none()) {
            values = scenario_->initial_values(diagnostics);
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
        {
            py::gil_scoped_release release;
            evaluation = scenario_->evaluate(values);
        }
        throw_if_errors(evaluation.diagnostics, "cannot evaluate the scenario with these parameters");
        return evaluation_dict(evaluation);
    }

    double max_duration() const { return scenario_->max_duration(); }

private:
    std::unique_ptr<Scenario> scenario_;
};

}  // namespace

void bind_scenario(py::module_& m) {
    py::class_<PyScenario>(m, "Scenario", "A SCONE scenario (.scone) with its model, controller and measures.")
        .def(py::init<const std::string&>(), py::arg("path"))
        .def("parameters", &PyScenario::parameters, "[(name, mean, std, min, max)] of its optimizable parameters")
        .def("evaluate", &PyScenario::evaluate, py::arg("par") = py::none(),
             "Runs the scenario; par: None (its own start), a .par path, {name: value} or a list. Returns a dict: "
             "objective, terms [(name, depth, weighted, raw)], simulated_time, distance, speed, termination, ok")
        .def_property_readonly("max_duration", &PyScenario::max_duration);
}

}  // namespace hfd::python
