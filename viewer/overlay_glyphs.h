#pragma once
// Force arrows (a shaft and a cone head) and dots (small spheres) as plain
// triangle data: a layout of `arrows` arrow slots then `dots` dot slots, each
// slot a fixed number of vertices (position, normal, colour, as the muscle
// tubes), so a pose only rewrites vertices. GlyphMesh uploads it to Qt3D.
#include "model/math_types.h"
#include "muscle_tubes.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hfd {

constexpr int glyph_vertex_floats = tube_vertex_floats;
constexpr std::size_t arrow_sides = 12;
constexpr std::size_t dot_stacks = 6, dot_slices = 10;
// shaft rings (2), shaft bottom cap and head base cap (centre + ring each),
// head side ring and one apex vertex per side (each with its own normal)
constexpr std::size_t arrow_vertex_count = 6 * arrow_sides + 2;
constexpr std::size_t dot_vertex_count = (dot_stacks + 1) * dot_slices;

struct GlyphLayout {
    std::size_t arrows = 0, dots = 0;
    std::vector<std::uint32_t> indices;  // triangles, counter-clockwise seen from outside
    std::size_t vertex_count() const { return arrows * arrow_vertex_count + dots * dot_vertex_count; }
    std::size_t first_dot_vertex() const { return arrows * arrow_vertex_count; }
};
GlyphLayout glyph_layout(std::size_t arrows, std::size_t dots);

struct ArrowShape {
    double shaft_radius = 0, head_radius = 0, head_length = 0;  // m; the head takes at most half the length
};

// An arrow from `tail` to `tip` into arrow_vertex_count vertices at `out`. An
// arrow without length or with a non-finite end collapses onto one point (not drawn).
void write_arrow(float* out, const Vec3& tail, const Vec3& tip, const ArrowShape& shape, const Eigen::Vector3f& color);
// A sphere into dot_vertex_count vertices at `out` (non-finite: collapsed).
void write_dot(float* out, const Vec3& centre, double radius, const Eigen::Vector3f& color);
// `count` vertices collapsed onto the origin: an empty slot draws nothing.
void write_collapsed(float* out, std::size_t count);

}  // namespace hfd
