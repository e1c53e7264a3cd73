#pragma once
// VTK XML PolyData (.vtp) meshes, the format OpenSim and SCONE ship bone
// geometry in. Supported: DataArray format "ascii", "binary" (base64, with or
// without vtkZLibDataCompressor, header_type UInt32 or UInt64, either byte
// order) and "appended" with base64 encoding. Polygons are triangulated as
// fans, triangle strips are split; normals come from the point data when
// present, else from the faces. Vertices and lines are ignored.
#include "draw/triangle_mesh.h"

#include <string>

namespace hfd {

MeshLoadResult load_vtp_file(const std::string& path);
MeshLoadResult parse_vtp(const std::string& xml_text);

}  // namespace hfd
