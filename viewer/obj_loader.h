#pragma once
// Wavefront .obj meshes (through tinyobjloader): positions as written,
// polygons triangulated as fans, smooth normals computed from the faces.
#include "draw/triangle_mesh.h"

#include <string>

namespace hfd {

MeshLoadResult load_obj_file(const std::string& path);
MeshLoadResult parse_obj(const std::string& text);

}  // namespace hfd
