#pragma once
// OpenSim storage (.sto) of the recorded dof values, readable by OpenSim and
// SCONE: a header (name, version=1, nRows, nColumns, inDegrees=no, endheader),
// then a tab-separated label row "time<TAB>dof..." and one row per sample.
// Values in radians and metres, full double precision.
#include "io/text_file.h"

#include <string>
#include <vector>

namespace hfd {

class Recorder;

// Columns: time, then every dof value channel (not the velocities).
std::vector<size_t> dof_value_columns(const Recorder& recorder);
// The header and label row of a file of `rows` rows; the row count's digits
// start at row_count_offset (a streamed file rewrites them at its end).
struct StoHeader {
    std::string text;
    size_t row_count_offset = 0;
};
StoHeader sto_header(const Recorder& recorder, const std::string& name, size_t rows,
                     const std::vector<size_t>& columns);

// False (with a message) when the recording holds no dof channels.
bool write_dof_sto(const TextSink& out, const Recorder& recorder, const std::string& name,
                   std::string* error = nullptr);
bool save_dof_sto(const std::string& path, const Recorder& recorder, const std::string& name,
                  std::string* error = nullptr);

}  // namespace hfd
