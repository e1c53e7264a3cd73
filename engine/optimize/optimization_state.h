#pragma once
// The state of an optimization as a plain text file, one "key values..." line
// each (a matrix is n lines with the same key), numbers in their shortest
// round-trip form so a resumed run continues with the same bits. The format is
// described in docs/optimization.md.
#include "optimize/cma_es.h"
#include "optimize/optimization_run.h"

#include <string>

namespace hfd {

// Written to a temporary file and renamed, so a crash never leaves half a state.
bool write_optimization_state(const std::string& path, const CmaEs& cma, const RunProgress& progress,
                              std::string* error = nullptr);

// Reads a state written for the same settings: dimension, lambda and mu must
// match those of `cma`. Errors name the file and line.
bool read_optimization_state(const std::string& path, const CmaEs& cma, CmaState& state, RunProgress& progress,
                             std::string* error = nullptr);

}  // namespace hfd
