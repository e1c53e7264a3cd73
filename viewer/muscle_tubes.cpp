#include "muscle_tubes.h"

#include <array>
#include <cmath>

namespace hfd {
namespace {

constexpr std::size_t sides = std::size_t(tube_sides);
constexpr double min_direction_length = 1e-9;

struct RingAngles {
    std::array<double, sides> cos, sin;
    RingAngles() {
        for (std::size_t k = 0; k < sides; ++k) {
            const double angle = 2 * 3.14159265358979323846 * double(k) / double(sides);
            cos[k] = std::cos(angle);
            sin[k] = std::sin(angle);
        }
    }
};
const RingAngles ring_angles;

void put_vertex(float* out, const Vec3& position, const Vec3& normal, const Eigen::Vector3f& color) {
    const float values[tube_vertex_floats] = {float(position.x()), float(position.y()), float(position.z()),
                                              float(normal.x()),   float(normal.y()),   float(normal.z()),
                                              color.x(),           color.y(),           color.z()};
    std::copy(values, values + tube_vertex_floats, out);
}

// Unit direction from a to b, zero when they (nearly) coincide.
Vec3 direction(const Vec3& a, const Vec3& b) {
    const Vec3 span = b - a;
    const double length = span.norm();
    return length > min_direction_length ? Vec3(span / length) : Vec3::Zero();
}

// A unit vector perpendicular to the unit vector `axis`.
Vec3 any_perpendicular(const Vec3& axis) {
    const Vec3 other = std::abs(axis.x()) < 0.9 ? Vec3::UnitX() : Vec3::UnitY();
    return axis.cross(other).normalized();
}

// The ring's normal at point p: the sum of the unit directions of the segments
// in and out (perpendicular to the bisecting plane of the joint); the incoming
// one at a reversal, the last one known when both segments have no length.
Vec3 ring_axis(const std::vector<Vec3>& path, std::size_t p, const Vec3& previous_axis) {
    const Vec3 in = p > 0 ? direction(path[p - 1], path[p]) : Vec3::Zero();
    const Vec3 out = p + 1 < path.size() ? direction(path[p], path[p + 1]) : Vec3::Zero();
    const Vec3 sum = in + out;
    if (sum.norm() > 1e-6) return sum.normalized();
    if (in.norm() > 0) return in;
    if (out.norm() > 0) return out;
    return previous_axis;
}

void write_cap(float* out, const Vec3& centre, const Vec3& normal, const Vec3& u, const Vec3& v, double radius,
               const Eigen::Vector3f& color) {
    put_vertex(out, centre, normal, color);
    for (std::size_t k = 0; k < sides; ++k)
        put_vertex(out + (1 + k) * tube_vertex_floats,
                   centre + radius * (ring_angles.cos[k] * u + ring_angles.sin[k] * v), normal, color);
}

}  // namespace

std::size_t tube_vertex_count(std::size_t path_points) {
    return path_points >= 2 ? path_points * sides + 2 * (sides + 1) : 0;
}

TubeLayout tube_layout(const std::vector<std::size_t>& path_points) {
    TubeLayout layout;
    layout.path_points = path_points;
    layout.first_vertex.reserve(path_points.size() + 1);
    std::size_t next = 0;
    for (std::size_t points : path_points) {
        layout.first_vertex.push_back(next);
        if (points >= 2) {
            const auto base = std::uint32_t(next);
            auto ring = [base](std::size_t p, std::size_t k) { return base + std::uint32_t(p * sides + k % sides); };
            for (std::size_t p = 0; p + 1 < points; ++p)
                for (std::size_t k = 0; k < sides; ++k)
                    layout.indices.insert(layout.indices.end(), {ring(p, k), ring(p, k + 1), ring(p + 1, k + 1),
                                                                 ring(p, k), ring(p + 1, k + 1), ring(p + 1, k)});
            // caps: the start one faces back along the path, the end one forward
            const auto start = std::uint32_t(base + points * sides), end = std::uint32_t(start + sides + 1);
            for (std::uint32_t k = 0; k < sides; ++k) {
                const std::uint32_t next_k = (k + 1) % sides;
                layout.indices.insert(layout.indices.end(), {start, start + 1 + next_k, start + 1 + k});
                layout.indices.insert(layout.indices.end(), {end, end + 1 + k, end + 1 + next_k});
            }
        }
        next += tube_vertex_count(points);
    }
    layout.first_vertex.push_back(next);
    return layout;
}

void write_tube(const TubeLayout& layout, std::size_t muscle, const std::vector<Vec3>& path, double radius,
                const Eigen::Vector3f& color, float* vertices) {
    const std::size_t points = layout.path_points[muscle];
    float* out = vertices + layout.first_vertex[muscle] * tube_vertex_floats;
    const std::size_t count = layout.first_vertex[muscle + 1] - layout.first_vertex[muscle];
    bool valid = path.size() == points && std::isfinite(radius);
    for (std::size_t p = 0; valid && p < path.size(); ++p) valid = path[p].allFinite();
    if (!valid) {
        for (std::size_t i = 0; i < count; ++i)
            put_vertex(out + i * tube_vertex_floats, Vec3::Zero(), Vec3::UnitY(), color);
        return;
    }
    if (count == 0) return;

    Vec3 axis = ring_axis(path, 0, Vec3::UnitY());
    Vec3 u = any_perpendicular(axis);
    const Vec3 first_axis = axis, first_u = u, first_v = axis.cross(u);
    for (std::size_t p = 0; p < points; ++p) {
        if (p > 0) {
            axis = ring_axis(path, p, axis);
            // parallel transport: the previous ring's axis projected onto the new plane
            const Vec3 projected = u - u.dot(axis) * axis;
            u = projected.norm() > 1e-6 ? Vec3(projected.normalized()) : any_perpendicular(axis);
        }
        const Vec3 v = axis.cross(u);
        for (std::size_t k = 0; k < sides; ++k) {
            const Vec3 normal = ring_angles.cos[k] * u + ring_angles.sin[k] * v;
            put_vertex(out + (p * sides + k) * tube_vertex_floats, path[p] + radius * normal, normal, color);
        }
    }
    float* caps = out + points * sides * tube_vertex_floats;
    write_cap(caps, path.front(), -first_axis, first_u, first_v, radius, color);
    write_cap(caps + (sides + 1) * tube_vertex_floats, path.back(), axis, u, axis.cross(u), radius, color);
}

}  // namespace hfd
