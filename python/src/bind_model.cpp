// hfd.Model and hfd.Config: model / config files as text, built and checked on creation.
#include "bindings.h"

#include "batch/sweep.h"
#include "format/parser.h"
#include "model/build_model.h"
#include "run/run_setup.h"
#include "state/kinematics.h"

#include <pybind11/eigen.h>

namespace hfd::python {

namespace {

OverrideSet to_overrides(const std::optional<py::dict>& set) {
    OverrideSet overrides;
    if (!set) return overrides;
    for (auto [key, value] : *set) {
        std::string text = py::isinstance<py::str>(value)      ? value.cast<std::string>()
                           : py::isinstance<py::float_>(value) ? py::repr(value).cast<std::string>()
                                                               : py::str(value).cast<std::string>();
        overrides.push_back({key.cast<std::string>(), text});
    }
    return overrides;
}

// Parses, applies the overrides and builds: the same steps a simulation of it takes.
PyModel make_model(TextInput source, const std::optional<py::dict>& set) {
    PyModel result;
    result.source = std::move(source);
    result.overrides = to_overrides(set);
    ParseResult parsed = parse_text(result.source.text, result.source.file);
    throw_if_errors(parsed.diagnostics, "cannot parse model '" + result.source.file + "'");
    std::vector<Diagnostic> errors;
    for (const Override& change : result.overrides) {
        std::string error;
        if (!apply_override(parsed.root, change, &error))
            errors.push_back({Severity::Error, {result.source.file, 0, 0}, error});
    }
    throw_if_errors(errors, "cannot apply the property overrides");
    BuildResult built = build_model(parsed.root, result.source.file);
    throw_if_errors(built.diagnostics, "cannot build model '" + result.source.file + "'");
    result.model = std::make_shared<const Model>(std::move(*built.model));
    return result;
}

template <class T>
std::vector<std::string> names_of(const std::vector<T>& items) {
    std::vector<std::string> names;
    for (const T& item : items) names.push_back(item.name);
    return names;
}

PyConfig make_config(TextInput source) {
    std::vector<Diagnostic> diagnostics;
    read_config_input(RunInput::content(source.text, source.file), diagnostics);
    throw_if_errors(diagnostics, "cannot use config '" + source.file + "'");
    return PyConfig{std::move(source)};
}

}  // namespace

void bind_model(py::module_& m) {
    py::class_<PyModel>(m, "Model", "A model file (text + property overrides) and the model built from it.")
        .def_static(
            "from_file",
            [](const std::string& path, std::optional<py::dict> set) { return make_model(text_from_file(path), set); },
            py::arg("path"), py::arg("set") = py::none(),
            "Loads a .hfd model; set={'body.rod.mass': 3} changes properties first (docs/batch.md).")
        .def_static(
            "from_text",
            [](const std::string& text, const std::string& file, std::optional<py::dict> set) {
                return make_model(TextInput{text, file}, set);
            },
            py::arg("text"), py::arg("file") = "<text>", py::arg("set") = py::none())
        .def_property_readonly("text", [](const PyModel& m) { return m.source.text; })
        .def_property_readonly("file", [](const PyModel& m) { return m.source.file; })
        .def_property_readonly("overrides",
                               [](const PyModel& m) {
                                   py::dict set;
                                   for (const Override& change : m.overrides) set[py::str(change.path)] = change.value;
                                   return set;
                               })
        .def_property_readonly("name", [](const PyModel& m) { return m.model->name; })
        .def_property_readonly("bodies", [](const PyModel& m) { return names_of(m.model->bodies); })
        .def_property_readonly("joints", [](const PyModel& m) { return names_of(m.model->joints); })
        .def_property_readonly("dofs", [](const PyModel& m) { return names_of(m.model->dofs); })
        .def_property_readonly("muscles", [](const PyModel& m) { return names_of(m.model->muscles); })
        .def_property_readonly("motors", [](const PyModel& m) { return names_of(m.model->motors); })
        .def_property_readonly("coordinates", [](const PyModel& m) { return coordinate_names(*m.model); })
        .def_property_readonly("total_mass", [](const PyModel& m) { return m.model->total_mass(); })
        .def_property_readonly("gravity", [](const PyModel& m) { return Eigen::Vector3d(m.model->gravity); })
        .def("__repr__", [](const PyModel& m) {
            return "<hfd.Model '" + m.model->name + "' from '" + m.source.file +
                   "': " + std::to_string(m.model->bodies.size()) + " bodies, " + std::to_string(m.model->dofs.size()) +
                   " dofs, " + std::to_string(m.model->muscles.size()) + " muscles>";
        });

    py::class_<PyConfig>(m, "Config", "A simulation config file: composite_force and an integrator block.")
        .def_static(
            "from_file", [](const std::string& path) { return make_config(text_from_file(path)); }, py::arg("path"))
        .def_static(
            "from_text",
            [](const std::string& text, const std::string& file) {
                return make_config(TextInput{text, file});
            },
            py::arg("text"), py::arg("file") = "<config>")
        .def_property_readonly("text", [](const PyConfig& c) { return c.source.text; })
        .def_property_readonly("file", [](const PyConfig& c) { return c.source.file; });
}

}  // namespace hfd::python
