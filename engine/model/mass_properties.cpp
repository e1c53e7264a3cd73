#include "model/mass_properties.h"

#include <numbers>

namespace hfd {

namespace {

constexpr double pi = std::numbers::pi;

// Solid sphere: I = 2/5 m r^2 about any axis.
MassProperties sphere(double r, double density) {
    const double m = density * 4.0 / 3.0 * pi * r * r * r;
    return {m, Vec3::Constant(0.4 * m * r * r)};
}

// Solid cylinder of length h along y: I_y = 1/2 m r^2, I_x = I_z = 1/12 m (3 r^2 + h^2).
MassProperties cylinder(double r, double h, double density) {
    const double m = density * pi * r * r * h;
    const double transverse = m * (3 * r * r + h * h) / 12.0;
    return {m, Vec3(transverse, 0.5 * m * r * r, transverse)};
}

// Capsule = cylinder (length h) + two hemispheres (radius r) on its ends.
// Hemisphere of mass m_h: I about the axis = 2/5 m_h r^2; about a transverse axis
// through the centre of its flat face also 2/5 m_h r^2; its centre of mass lies 3/8 r
// from that face. Parallel-axis theorem, moving from the face centre to the
// hemisphere's centre of mass (d = 3/8 r) and on to the capsule centre
// (d = h/2 + 3/8 r):
//   I_t = 2/5 m_h r^2 - m_h (3/8 r)^2 + m_h (h/2 + 3/8 r)^2
//       = m_h (2/5 r^2 + h^2/4 + 3/8 h r).
MassProperties capsule(double r, double h, double density) {
    const MassProperties body = cylinder(r, h, density);
    const double hemisphere_mass = density * 2.0 / 3.0 * pi * r * r * r;
    const double cap_axial = 0.4 * hemisphere_mass * r * r;
    const double cap_transverse = hemisphere_mass * (0.4 * r * r + 0.25 * h * h + 0.375 * h * r);
    return {body.mass + 2 * hemisphere_mass, body.inertia + 2 * Vec3(cap_transverse, cap_axial, cap_transverse)};
}

// Solid box with half dimensions (a, b, c): I_x = m/3 (b^2 + c^2) etc.
MassProperties box(const Vec3& half, double density) {
    const double m = density * 8.0 * half.x() * half.y() * half.z();
    const Vec3 sq = half.cwiseProduct(half);
    return {m, m / 3.0 * Vec3(sq.y() + sq.z(), sq.x() + sq.z(), sq.x() + sq.y())};
}

}  // namespace

double shape_volume(const Shape& shape) { return solid_mass_properties(shape, 1.0).mass; }

MassProperties solid_mass_properties(const Shape& shape, double density) {
    switch (shape.type) {
        case ShapeType::Sphere: return sphere(shape.radius, density);
        case ShapeType::Cylinder: return cylinder(shape.radius, shape.height, density);
        case ShapeType::Capsule: return capsule(shape.radius, shape.height, density);
        case ShapeType::Box: return box(shape.half_dim, density);
        case ShapeType::None:
        case ShapeType::Plane: break;
    }
    return {};
}

}  // namespace hfd
