#pragma once
// An indexed triangle mesh as the mesh loaders produce it and the scene uploads
// it: positions and per-vertex normals in the file's frame and units.
#include <Eigen/Core>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace hfd {

struct TriangleMesh {
    std::vector<Eigen::Vector3f> positions;
    std::vector<Eigen::Vector3f> normals;  // one per position, unit length
    std::vector<std::array<std::uint32_t, 3>> triangles;
};

struct MeshLoadResult {
    TriangleMesh mesh;
    std::string error;  // empty on success
    bool ok() const { return error.empty(); }
};

struct MeshBounds {
    Eigen::Vector3f min = Eigen::Vector3f::Zero();
    Eigen::Vector3f max = Eigen::Vector3f::Zero();
    bool empty = true;
};

MeshBounds mesh_bounds(const TriangleMesh& mesh);

// Area-weighted average of the adjacent face normals (the cross product of two
// edges has length twice the triangle area, so summing it weights by area).
void compute_vertex_normals(TriangleMesh& mesh);

// Every index refers to an existing position; "" when valid.
std::string check_triangle_indices(const TriangleMesh& mesh);

}  // namespace hfd
