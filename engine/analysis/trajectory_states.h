#pragma once
// States of a recorded run, read back for the analyses: a CSV written by
// `hfd simulate --out` (or the studio's export) or a .sto written by `--sto`.
//   - Poses and velocities come from the dof columns ("<dof>" and "<dof>.vel")
//     through apply_dofs, so joints are exactly assembled. Without ".vel"
//     columns (.sto) the velocities are central differences of the values
//     (one-sided at the ends). When the file also has the body pose columns,
//     the recorded poses replace the assembled ones (velocities stay those of
//     the dofs): the state then holds the run's joint displacements and
//     contact penetrations, so the forward accelerations are the run's.
//   - A model without dofs is read from the body columns (".pos_x/y/z",
//     ".ori_w/x/y/z"); body velocities are central differences of the poses.
//   - "<muscle>.activation" and "<muscle>.fiber_length" set the muscle state
//     when present; otherwise the muscles keep the simulation's initial values.
// Problems (missing columns, non-numbers, rows of the wrong length, times that
// do not increase) are errors with file:line:col.
#include "format/diagnostic.h"
#include "model/model.h"
#include "state/state.h"

#include <string>
#include <vector>

namespace hfd {

struct TrajectoryStates {
    std::vector<State> states;  // one per row
    std::vector<Diagnostic> diagnostics;
    bool ok() const { return !has_errors(diagnostics); }
};

// `initial` provides everything the file does not (static bodies, muscle state).
TrajectoryStates read_trajectory_text(std::string_view text, const std::string& file, const Model& model,
                                      const State& initial);
TrajectoryStates read_trajectory_file(const std::string& path, const Model& model, const State& initial);
// The same from a recording held in memory: channel names (no units, "time"
// first) and rows of `names.size()` values each, back to back.
TrajectoryStates trajectory_from_rows(const std::vector<std::string>& names, const std::vector<double>& values,
                                      const Model& model, const State& initial);

}  // namespace hfd
