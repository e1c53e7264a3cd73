#pragma once
// Muscle excitations from a CSV time series:
//   time,biceps,triceps
//   0,0.0,0.2
//   0.5,1.0,0.2
// The first column is time (s, strictly increasing); every other column names a
// muscle of the model and holds its excitation (0..1) at that time. Fields are
// separated by commas (or tabs / semicolons, whichever the header uses); empty
// lines and lines starting with '#' are skipped. Between rows the excitation
// is interpolated linearly; before the first and after the last row it holds
// the first / last value. Muscles without a column keep their excitation.
// Unknown muscle names, duplicate columns, non-numbers, values outside [0, 1]
// and times that do not increase are errors with file:line:col.
#include "format/diagnostic.h"
#include "model/model.h"
#include "state/state.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hfd {

struct ExcitationSeries {
    std::vector<double> time;                 // per row
    std::vector<Index> muscle;                // per excitation column
    std::vector<std::vector<double>> values;  // per excitation column, per row
};

struct ExcitationReadResult {
    std::optional<ExcitationSeries> series;  // empty when there are errors
    std::vector<Diagnostic> diagnostics;
    bool ok() const { return series.has_value(); }
};

ExcitationReadResult read_excitation_text(std::string_view text, const std::string& file_name, const Model& model);
ExcitationReadResult read_excitation_csv(const std::string& path, const Model& model);

// Excitation of one column at time t (linear interpolation, held at the ends).
double excitation_at(const ExcitationSeries& series, size_t column, double t);
// Sets controls.excitation of every muscle with a column to its value at t.
// Does not allocate.
void apply_excitation(const ExcitationSeries& series, double t, Controls& controls);

}  // namespace hfd
