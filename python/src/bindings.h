#pragma once
// Shared pieces of the `hfd._hfd` extension module: the error type raised for
// diagnostics, and the wrappers of Model / Config / Simulation / Recording.
#include "batch/job.h"
#include "run/recorder.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace hfd::python {

namespace py = pybind11;

// Raised in Python as hfd.HfdError with .diagnostics = [(severity, file, line, column, message)].
struct DiagnosticError : std::runtime_error {
    DiagnosticError(const std::string& what, std::vector<Diagnostic> diagnostics)
        : std::runtime_error(what), diagnostics(std::move(diagnostics)) {}
    std::vector<Diagnostic> diagnostics;
};
// Raised as hfd.SimulationError (a subclass of HfdError): the run diverged or failed.
struct SimulationFailure : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Throws DiagnosticError listing every error (file:line:col) when there is one.
void throw_if_errors(const std::vector<Diagnostic>& diagnostics, const std::string& what);
[[noreturn]] void throw_error(const std::string& file, const std::string& message);
// The lines Python shows for diagnostics (warnings, batch and import reports):
// `file:line:col: warning: ...`, ten of each kind, then "... and N more like: ..."
// (format/repeated_diagnostics.h, as `hfd` prints them).
std::vector<std::string> diagnostic_lines(const std::vector<Diagnostic>& diagnostics);

// A model file as text (+ property overrides) and the Model built from it.
struct PyModel {
    TextInput source;
    OverrideSet overrides;
    std::shared_ptr<const Model> model;
};
struct PyConfig {
    TextInput source;
};

// A recording with what the run loop reported; the values are shared with numpy views.
struct PyRecording {
    std::shared_ptr<Recorder> recorder;
    RunResult run;
};

GroupMask parse_groups(const std::string& groups);
TextInput text_from_file(const std::string& path);

void bind_model(py::module_& m);
void bind_simulation(py::module_& m);
void bind_recording(py::module_& m);
void bind_batch(py::module_& m);
void bind_scenario(py::module_& m);

}  // namespace hfd::python
