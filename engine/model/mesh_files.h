#pragma once
// Where the file of a `mesh` component is found, for the command-line tool and
// the studio alike: an absolute path as given; a relative one in the model
// file's folder, then in its geometry/ (or Geometry/) subfolder, as the manual
// and SCONE place them. Never the working directory: a model opened from
// elsewhere must show the same meshes.
#include "format/diagnostic.h"
#include "model/model.h"

#include <string>
#include <vector>

namespace hfd {

struct MeshFileLookup {
    std::string path;                // found file (normalised); empty when none exists
    std::vector<std::string> tried;  // every candidate, in order
};

// model_directory: Model::directory (empty for a model without a file: only absolute paths resolve).
MeshFileLookup find_mesh_file(const std::string& model_directory, const std::string& file);

// "mesh file 'x.vtp' not found (tried 'a/x.vtp', 'a/geometry/x.vtp', ...)"
std::string missing_mesh_message(const std::string& file, const MeshFileLookup& lookup);

// A warning at each mesh component whose file is not found (shape-only meshes need none).
std::vector<Diagnostic> missing_mesh_warnings(const Model& model);

// The folder mesh files of a model read from `file_name` resolve against:
// its absolute parent folder; empty for an empty name.
std::string model_directory_of(const std::string& file_name);

}  // namespace hfd
