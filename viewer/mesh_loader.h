#pragma once
// The viewer's mesh reader for the engine's scene description: .vtp and .obj by extension.
#include "draw/triangle_mesh.h"

#include <string>

namespace hfd {

MeshLoadResult load_mesh_file(const std::string& path);

}  // namespace hfd
