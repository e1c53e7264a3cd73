#include "primitive_mesh.h"

#include <cmath>

namespace hfd {

TriangleMesh capsule_mesh(float radius, float height, int segments, int cap_rings) {
    constexpr float pi = 3.14159265358979f;
    TriangleMesh mesh;
    // Rings from the bottom pole to the top pole: the lower cap's rings at
    // y = -h/2 + r sin(phi), then the upper cap's at y = +h/2 + r sin(phi).
    const int rings_per_cap = cap_rings + 1;
    int ring_count = 0;
    for (int half = 0; half < 2; ++half) {
        const float centre_y = half == 0 ? -0.5f * height : 0.5f * height;
        for (int r = 0; r < rings_per_cap; ++r) {
            const float phi = half == 0 ? -0.5f * pi + 0.5f * pi * float(r) / float(cap_rings)
                                        : 0.5f * pi * float(r) / float(cap_rings);
            for (int s = 0; s <= segments; ++s) {
                const float theta = 2 * pi * float(s) / float(segments);
                const Eigen::Vector3f normal(std::cos(phi) * std::sin(theta), std::sin(phi),
                                             std::cos(phi) * std::cos(theta));
                mesh.positions.push_back(radius * normal + Eigen::Vector3f(0, centre_y, 0));
                mesh.normals.push_back(normal);
            }
            ++ring_count;
        }
    }
    const std::uint32_t stride = std::uint32_t(segments + 1);
    for (int r = 0; r + 1 < ring_count; ++r)
        for (int s = 0; s < segments; ++s) {
            const std::uint32_t a = std::uint32_t(r) * stride + std::uint32_t(s);
            const std::uint32_t b = a + 1, c = a + stride, d = c + 1;
            // counter-clockwise seen from outside
            mesh.triangles.push_back({a, b, d});
            mesh.triangles.push_back({a, d, c});
        }
    return mesh;
}

std::vector<Eigen::Vector3f> grid_lines(float half_size, float spacing) {
    std::vector<Eigen::Vector3f> points;
    const int count = int(std::floor(half_size / spacing));
    for (int i = -count; i <= count; ++i) {
        const float offset = float(i) * spacing;
        points.emplace_back(offset, 0.f, -half_size);
        points.emplace_back(offset, 0.f, half_size);
        points.emplace_back(-half_size, 0.f, offset);
        points.emplace_back(half_size, 0.f, offset);
    }
    return points;
}

}  // namespace hfd
