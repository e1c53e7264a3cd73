#pragma once
// The muscles of a model as one triangle mesh: a tube along each muscle's path
// (a ring of tube_sides vertices at every path point, a flat cap at either end),
// coloured per vertex. The layout (vertex and index counts, the triangles) is
// fixed by the model; a pose only rewrites the vertices in place. Plain data:
// MuscleMesh uploads it to Qt3D.
#include "model/math_types.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hfd {

constexpr int tube_sides = 8;
// A vertex is position, normal and RGB colour, interleaved.
constexpr int tube_vertex_floats = 9;

struct TubeLayout {
    std::vector<std::size_t> path_points;   // per muscle
    std::vector<std::size_t> first_vertex;  // per muscle, then one past the last vertex
    std::vector<std::uint32_t> indices;     // triangles, counter-clockwise seen from outside
    std::size_t vertex_count() const { return first_vertex.empty() ? 0 : first_vertex.back(); }
};

// A muscle of P >= 2 path points takes P * tube_sides ring vertices and two caps of
// tube_sides + 1; one with fewer points takes none.
std::size_t tube_vertex_count(std::size_t path_points);
TubeLayout tube_layout(const std::vector<std::size_t>& path_points);

// Writes muscle m's tube into `vertices` (tube_vertex_floats per vertex of the
// layout). A ring lies in the plane halfway between the directions of the
// segments meeting at its point (a mitred joint), its axes carried from ring
// to ring without twist. A path that does not match the layout or has a
// non-finite point collapses onto one point: nothing is drawn.
void write_tube(const TubeLayout& layout, std::size_t muscle, const std::vector<Vec3>& path, double radius,
                const Eigen::Vector3f& color, float* vertices);

}  // namespace hfd
