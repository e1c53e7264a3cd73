#pragma once
// OpenSim storage (.sto) of the recorded dof values, readable by OpenSim and
// SCONE: a header (name, version=1, nRows, nColumns, inDegrees=no, endheader),
// then a tab-separated label row "time<TAB>dof..." and one row per sample.
// Values in radians and metres, full double precision.
#include "io/text_file.h"

#include <string>

namespace hfd {

class Recorder;

// False (with a message) when the recording holds no dof channels.
bool write_dof_sto(const TextSink& out, const Recorder& recorder, const std::string& name,
                   std::string* error = nullptr);
bool save_dof_sto(const std::string& path, const Recorder& recorder, const std::string& name,
                  std::string* error = nullptr);

}  // namespace hfd
