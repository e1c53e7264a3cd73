#pragma once
// Initial state files (SCONE's InitState*.zml): dof values and velocities by
// dof name,
//   values { pelvis_tilt = -0.0336 pelvis_ty = 0.95 ... }
//   velocities { pelvis_tilt = -0.572 ... }
//   activations { soleus_r = 0.069 ... }     (optional, per muscle, in [0, 1])
// in radians / metres (per second). Dofs not named keep their default value
// and zero velocity. Unknown dof names and non-numbers are errors with
// file:line:col; other top-level entries are warnings.
#include "format/diagnostic.h"
#include "model/model.h"
#include "state/kinematics.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hfd {

struct StateFileResult {
    std::optional<DofAssignment> dofs;  // empty when there are errors
    // per Model::muscles when the file has an activations block (NaN: not given), else empty
    std::vector<double> activations;
    std::vector<Diagnostic> diagnostics;
    bool ok() const { return dofs.has_value(); }
};

StateFileResult read_state_text(std::string_view text, const std::string& file_name, const Model& model);
StateFileResult read_state_file(const std::string& path, const Model& model);

}  // namespace hfd
