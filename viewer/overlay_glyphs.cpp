#include "overlay_glyphs.h"

#include <algorithm>
#include <cmath>

namespace hfd {
namespace {

constexpr double pi = 3.14159265358979323846;
constexpr std::size_t n = arrow_sides;

void put_vertex(float* out, const Vec3& position, const Vec3& normal, const Eigen::Vector3f& color) {
    const float values[glyph_vertex_floats] = {float(position.x()), float(position.y()), float(position.z()),
                                               float(normal.x()),   float(normal.y()),   float(normal.z()),
                                               color.x(),           color.y(),           color.z()};
    std::copy(values, values + glyph_vertex_floats, out);
}

Vec3 any_perpendicular(const Vec3& axis) {
    const Vec3 other = std::abs(axis.x()) < 0.9 ? Vec3::UnitX() : Vec3::UnitY();
    return axis.cross(other).normalized();
}

// Vertex offsets inside an arrow slot.
constexpr std::uint32_t shaft_bottom = 0, shaft_top = n, tail_cap = 2 * n, head_cap = 3 * n + 1, head_side = 4 * n + 2,
                        apex = 5 * n + 2;

void add_arrow_indices(std::vector<std::uint32_t>& indices, std::uint32_t base) {
    for (std::uint32_t k = 0; k < n; ++k) {
        const std::uint32_t next = (k + 1) % n;
        const std::uint32_t b0 = base + shaft_bottom + k, b1 = base + shaft_bottom + next;
        const std::uint32_t t0 = base + shaft_top + k, t1 = base + shaft_top + next;
        indices.insert(indices.end(), {b0, b1, t1, b0, t1, t0});
        // the caps face back along the arrow
        indices.insert(indices.end(), {base + tail_cap, base + tail_cap + 1 + next, base + tail_cap + 1 + k});
        indices.insert(indices.end(), {base + head_cap, base + head_cap + 1 + next, base + head_cap + 1 + k});
        indices.insert(indices.end(), {base + head_side + k, base + head_side + next, base + apex + k});
    }
}

void add_dot_indices(std::vector<std::uint32_t>& indices, std::uint32_t base) {
    auto at = [base](std::size_t stack, std::size_t slice) {
        return base + std::uint32_t(stack * dot_slices + slice % dot_slices);
    };
    for (std::size_t i = 0; i < dot_stacks; ++i)
        for (std::size_t k = 0; k < dot_slices; ++k)
            indices.insert(indices.end(),
                           {at(i, k), at(i, k + 1), at(i + 1, k + 1), at(i, k), at(i + 1, k + 1), at(i + 1, k)});
}

}  // namespace

GlyphLayout glyph_layout(std::size_t arrows, std::size_t dots) {
    GlyphLayout layout;
    layout.arrows = arrows;
    layout.dots = dots;
    layout.indices.reserve(arrows * n * 12 + dots * dot_stacks * dot_slices * 6);
    for (std::size_t a = 0; a < arrows; ++a) add_arrow_indices(layout.indices, std::uint32_t(a * arrow_vertex_count));
    for (std::size_t d = 0; d < dots; ++d)
        add_dot_indices(layout.indices, std::uint32_t(layout.first_dot_vertex() + d * dot_vertex_count));
    return layout;
}

void write_collapsed(float* out, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i)
        put_vertex(out + i * glyph_vertex_floats, Vec3::Zero(), Vec3::UnitY(), Eigen::Vector3f::Zero());
}

void write_arrow(float* out, const Vec3& tail, const Vec3& tip, const ArrowShape& shape, const Eigen::Vector3f& color) {
    const Vec3 span = tip - tail;
    const double length = span.norm();
    if (!tail.allFinite() || !tip.allFinite() || !(length > 0)) return write_collapsed(out, arrow_vertex_count);
    const Vec3 axis = span / length;
    const Vec3 u = any_perpendicular(axis), v = axis.cross(u);
    const double head = std::min(shape.head_length, 0.5 * length);
    const Vec3 neck = tail + (length - head) * axis;
    // the cone's outward normal leans towards the tip by atan(radius / height)
    const double slope = std::hypot(head, shape.head_radius);
    auto radial = [&](double angle) { return Vec3(std::cos(angle) * u + std::sin(angle) * v); };
    auto vertex = [&](std::uint32_t index, const Vec3& position, const Vec3& normal) {
        put_vertex(out + index * glyph_vertex_floats, position, normal, color);
    };
    put_vertex(out + tail_cap * glyph_vertex_floats, tail, -axis, color);
    put_vertex(out + head_cap * glyph_vertex_floats, neck, -axis, color);
    for (std::uint32_t k = 0; k < n; ++k) {
        const double angle = 2 * pi * k / n;
        const Vec3 r = radial(angle);
        vertex(shaft_bottom + k, tail + shape.shaft_radius * r, r);
        vertex(shaft_top + k, neck + shape.shaft_radius * r, r);
        vertex(tail_cap + 1 + k, tail + shape.shaft_radius * r, -axis);
        vertex(head_cap + 1 + k, neck + shape.head_radius * r, -axis);
        vertex(head_side + k, neck + shape.head_radius * r, (head * r + shape.head_radius * axis) / slope);
        const Vec3 mid = radial(angle + pi / n);
        vertex(apex + k, tip, (head * mid + shape.head_radius * axis) / slope);
    }
}

void write_dot(float* out, const Vec3& centre, double radius, const Eigen::Vector3f& color) {
    if (!centre.allFinite() || !std::isfinite(radius)) return write_collapsed(out, dot_vertex_count);
    for (std::size_t i = 0; i <= dot_stacks; ++i) {
        const double polar = pi * double(i) / dot_stacks;  // from +y down to -y
        for (std::size_t k = 0; k < dot_slices; ++k) {
            const double around = 2 * pi * double(k) / dot_slices;
            const Vec3 normal(std::sin(polar) * std::cos(around), std::cos(polar), std::sin(polar) * std::sin(around));
            put_vertex(out + (i * dot_slices + k) * glyph_vertex_floats, centre + radius * normal, normal, color);
        }
    }
}

}  // namespace hfd
