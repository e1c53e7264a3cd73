#pragma once
// Parameter sweeps over the property tree of a model file (see
// docs/batch.md). A property is named by a dot path from the file's top
// level; a path that does not start with a top-level key is looked up inside
// `model { }`. Named groups are addressed by kind then name:
//   body.femur_r.mass            model { body { name = femur_r mass = .. } }
//   body.rod.joint.pivot.stiffness
//   gravity                      model { gravity = [ .. ] }
//   error_control_integrator_mem.accuracy
// Only properties written in the file can be set (a misspelt path is an
// error, never a run that changes nothing).
// A value is any .hfd value text: 8, "text", [ 0 -9.81 0 ], { x = 1 }.
//
// A sweep axis is PATH=V1,V2,... or PATH=A..B:N (N values evenly spaced from A
// to B, both included). Several axes make the Cartesian product of their
// values; a sweep file (CSV: a header of paths, one run per row) lists runs.
#include "format/prop_node.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hfd {

struct Override {
    std::string path;   // "body.femur_r.mass"
    std::string value;  // "8"
};
using OverrideSet = std::vector<Override>;  // the changes of one run

struct SweepAxis {
    std::string path;
    std::vector<std::string> values;
};

// "body.femur_r.mass=8,9,10" or "body.femur_r.mass=8..10:3"; nullopt and error on bad syntax.
std::optional<SweepAxis> parse_sweep_axis(std::string_view text, std::string* error);
// A batch holds at most this many runs (each is a model text in memory, then a
// simulation): a larger sweep is refused before any run is made.
constexpr size_t max_batch_runs = 100'000;
// Runs of `axes` times `rows` (sweep-file rows) times `excitations`, saturating
// at SIZE_MAX instead of overflowing.
size_t sweep_run_count(const std::vector<SweepAxis>& axes, size_t rows = 1, size_t excitations = 1);
// "a sweep of 1e+12 runs (100 x 100 x ...) exceeds ..." when the count is above max_batch_runs.
std::optional<std::string> check_sweep_size(const std::vector<SweepAxis>& axes, size_t rows = 1,
                                            size_t excitations = 1);
// One run per combination, the first axis varying slowest; one empty set when there are no axes.
std::vector<OverrideSet> cartesian_runs(const std::vector<SweepAxis>& axes);
// Every run of `left` combined with every run of `right` (left slowest).
std::vector<OverrideSet> combine_runs(const std::vector<OverrideSet>& left, const std::vector<OverrideSet>& right);

struct SweepFileResult {
    std::optional<std::vector<OverrideSet>> runs;  // empty when there are errors
    std::vector<Diagnostic> diagnostics;           // with file:line:col
};
// Sweep file: header row of paths, then one row of values per run; commas
// separate fields (quote a field holding commas: "[ 0, 1 ]"); empty lines and
// lines starting with '#' are skipped.
SweepFileResult read_sweep_text(std::string_view text, const std::string& file_name);
SweepFileResult read_sweep_file(const std::string& path);

// Sets one property of a parsed file's root; false and error when the path
// does not lead to a property or the value is not valid .hfd value text.
bool apply_override(PropNode& root, const Override& change, std::string* error);

}  // namespace hfd
