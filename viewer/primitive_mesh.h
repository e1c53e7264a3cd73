#pragma once
// Triangle meshes of shapes Qt3D has no mesh for.
#include "draw/triangle_mesh.h"

namespace hfd {

// Capsule along local y: a cylinder of the given height between the centres
// of two hemispherical caps of the given radius.
TriangleMesh capsule_mesh(float radius, float height, int segments = 18, int cap_rings = 6);

// Square grid in the local x-z plane, centred at the origin: line segment end
// points (pairs), `half_size` from the centre, one line every `spacing`.
std::vector<Eigen::Vector3f> grid_lines(float half_size, float spacing);

}  // namespace hfd
