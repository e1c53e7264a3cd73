// hfd._hfd: Python bindings of the engine (see python/README.md). The pure
// Python package hfd/ re-exports these and adds the gym environment and batch helpers.
#include "bindings.h"

#include "format/parser.h"
#include "format/repeated_diagnostics.h"
#include "osim/osim_import.h"
#include "model/build_model.h"

namespace hfd::python {

namespace {

py::handle error_class, simulation_error_class;  // kept alive for the life of the process

py::list diagnostic_tuples(const std::vector<Diagnostic>& diagnostics) {
    py::list list;
    for (const Diagnostic& d : diagnostics) {
        const char* severity = d.severity == Severity::Error     ? "error"
                               : d.severity == Severity::Warning ? "warning"
                                                                 : "note";
        list.append(py::make_tuple(severity, d.location.file, d.location.line, d.location.column, d.message));
    }
    return list;
}

}  // namespace

std::vector<std::string> diagnostic_lines(const std::vector<Diagnostic>& diagnostics) {
    std::vector<std::string> lines;
    for (const Diagnostic& d : cap_repeated_diagnostics(diagnostics)) lines.push_back(format_diagnostic(d));
    return lines;
}

// The message lists the errors capped like the warnings; .diagnostics keeps every one.
void throw_if_errors(const std::vector<Diagnostic>& diagnostics, const std::string& what) {
    if (!has_errors(diagnostics)) return;
    std::vector<Diagnostic> errors;
    for (const Diagnostic& d : diagnostics)
        if (d.severity == Severity::Error) errors.push_back(d);
    std::string message = what;
    for (const std::string& line : diagnostic_lines(errors)) message += "\n" + line;
    throw DiagnosticError(message, diagnostics);
}

void throw_error(const std::string& file, const std::string& message) {
    std::vector<Diagnostic> diagnostics{{Severity::Error, {file, 0, 0}, message}};
    throw DiagnosticError(format_diagnostic(diagnostics.front()), diagnostics);
}

GroupMask parse_groups(const std::string& groups) {
    std::string error;
    const std::optional<GroupMask> mask = parse_channel_groups(groups, &error);
    if (!mask) throw py::value_error(error);
    return *mask;
}

TextInput text_from_file(const std::string& path) {
    std::string error;
    std::optional<TextInput> input = read_text_input(path, &error);
    if (!input) throw_error(path, "cannot read the file");
    return std::move(*input);
}

namespace {

py::tuple convert_osim(const std::string& path, const std::optional<std::string>& xml,
                       const OsimImportOptions& options) {
    OsimImportResult result;
    {
        py::gil_scoped_release release;
        result = xml ? import_osim_text(*xml, path, options) : import_osim_file(path, options);
    }
    if (!result.ok) throw_if_errors(result.report, "cannot convert '" + path + "'");
    if (!result.ok) throw_error(path, "conversion failed");
    return py::make_tuple(result.text, diagnostic_lines(result.report));
}

}  // namespace

}  // namespace hfd::python

PYBIND11_MODULE(_hfd, m) {
    using namespace hfd::python;
    m.doc() = "hfd engine bindings: models, simulations, recordings, batches";
    error_class = py::exception<DiagnosticError>(m, "HfdError", PyExc_ValueError).release();
    simulation_error_class = py::exception<SimulationFailure>(m, "SimulationError", error_class.ptr()).release();
    py::register_exception_translator([](std::exception_ptr pointer) {
        try {
            if (pointer) std::rethrow_exception(pointer);
        } catch (const DiagnosticError& error) {
            py::object instance = py::reinterpret_borrow<py::object>(error_class)(error.what());
            instance.attr("diagnostics") = diagnostic_tuples(error.diagnostics);
            PyErr_SetObject(error_class.ptr(), instance.ptr());
        } catch (const SimulationFailure& error) {
            py::object instance = py::reinterpret_borrow<py::object>(simulation_error_class)(error.what());
            instance.attr("diagnostics") = py::list();
            PyErr_SetObject(simulation_error_class.ptr(), instance.ptr());
        }
    });

    bind_model(m);
    bind_recording(m);
    bind_simulation(m);
    bind_batch(m);
    bind_scenario(m);

    py::class_<hfd::OsimImportOptions>(m, "OsimImportOptions")
        .def(py::init<>())
        .def_readwrite("joint_stiffness", &hfd::OsimImportOptions::joint_stiffness)
        .def_readwrite("joint_limit_stiffness", &hfd::OsimImportOptions::joint_limit_stiffness)
        .def_readwrite("limits_from_coordinate_range", &hfd::OsimImportOptions::limits_from_coordinate_range)
        .def_readwrite("free_axis_limit", &hfd::OsimImportOptions::free_axis_limit)
        .def_readwrite("limit_damping_angle", &hfd::OsimImportOptions::limit_damping_angle)
        .def_readwrite("merge_rigid_mass_fraction", &hfd::OsimImportOptions::merge_rigid_mass_fraction)
        .def_readwrite("nominal_mass_fraction", &hfd::OsimImportOptions::nominal_mass_fraction);
    m.def("convert_osim", &convert_osim, py::arg("path"), py::arg("xml") = py::none(),
          py::arg("options") = hfd::OsimImportOptions{},
          "Converts an OpenSim model: returns (hfd_text, report lines). With xml, path only names it.");
}
