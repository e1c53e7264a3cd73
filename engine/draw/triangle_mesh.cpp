#include "draw/triangle_mesh.h"

#include <Eigen/Geometry>

namespace hfd {

MeshBounds mesh_bounds(const TriangleMesh& mesh) {
    MeshBounds bounds;
    for (const Eigen::Vector3f& p : mesh.positions) {
        if (bounds.empty) {
            bounds.min = bounds.max = p;
            bounds.empty = false;
        } else {
            bounds.min = bounds.min.cwiseMin(p);
            bounds.max = bounds.max.cwiseMax(p);
        }
    }
    return bounds;
}

void compute_vertex_normals(TriangleMesh& mesh) {
    mesh.normals.assign(mesh.positions.size(), Eigen::Vector3f::Zero());
    for (const auto& t : mesh.triangles) {
        const Eigen::Vector3f& a = mesh.positions[t[0]];
        const Eigen::Vector3f& b = mesh.positions[t[1]];
        const Eigen::Vector3f& c = mesh.positions[t[2]];
        const Eigen::Vector3f face = (b - a).cross(c - a);
        for (std::uint32_t i : t) mesh.normals[i] += face;
    }
    for (Eigen::Vector3f& n : mesh.normals) {
        const float length = n.norm();
        n = length > 0 ? Eigen::Vector3f(n / length) : Eigen::Vector3f::UnitY();
    }
}

std::string check_triangle_indices(const TriangleMesh& mesh) {
    const std::size_t count = mesh.positions.size();
    for (std::size_t i = 0; i < mesh.triangles.size(); ++i)
        for (std::uint32_t index : mesh.triangles[i])
            if (index >= count)
                return "triangle " + std::to_string(i) + " refers to point " + std::to_string(index) +
                       " but there are only " + std::to_string(count) + " points";
    return {};
}

}  // namespace hfd
