// Mass properties of solid shapes, checked against closed-form formulas written
// here independently, and against a numerical integration over thin slices.
#include "model/mass_properties.h"

#include <QtTest>

#include <cmath>
#include <functional>
#include <numbers>

using namespace hfd;

namespace {

constexpr double pi = std::numbers::pi;

// Solid of revolution about y with cross-section radius rho(y) for y in [-half, half]:
// a slice of thickness dy has mass dm = density pi rho^2 dy, axial moment dm rho^2 / 2
// and transverse moment (about the x axis through the centre) dm (rho^2 / 4 + y^2).
MassProperties integrate_revolution(const std::function<double(double)>& rho, double half, double density) {
    constexpr int slices = 200000;
    const double dy = 2 * half / slices;
    MassProperties out;
    for (int i = 0; i < slices; ++i) {
        const double y = -half + (i + 0.5) * dy;
        const double r2 = rho(y) * rho(y);
        const double dm = density * pi * r2 * dy;
        out.mass += dm;
        out.inertia.y() += 0.5 * dm * r2;
        out.inertia.x() += dm * (0.25 * r2 + y * y);
    }
    out.inertia.z() = out.inertia.x();
    return out;
}

Shape make_shape(ShapeType type, double radius, double height = 0, Vec3 half_dim = Vec3::Zero()) {
    Shape s;
    s.type = type;
    s.radius = radius;
    s.height = height;
    s.half_dim = half_dim;
    return s;
}

void compare(const MassProperties& actual, double mass, const Vec3& inertia, double relative) {
    QVERIFY2(std::abs(actual.mass - mass) <= relative * mass,
             qPrintable(QString("mass %1, expected %2").arg(actual.mass, 0, 'g', 12).arg(mass, 0, 'g', 12)));
    for (int i = 0; i < 3; ++i)
        QVERIFY2(std::abs(actual.inertia[i] - inertia[i]) <= relative * inertia[i],
                 qPrintable(QString("I[%1] = %2, expected %3")
                                .arg(i)
                                .arg(actual.inertia[i], 0, 'g', 12)
                                .arg(inertia[i], 0, 'g', 12)));
}

}  // namespace

class TestMassProperties : public QObject {
    Q_OBJECT
private slots:
    void sphere() {
        const double r = 0.12, density = 1100;
        const MassProperties p = solid_mass_properties(make_shape(ShapeType::Sphere, r), density);
        const double m = density * 4.0 / 3.0 * pi * std::pow(r, 3);
        compare(p, m, Vec3::Constant(2.0 / 5.0 * m * r * r), 1e-12);
        const auto numeric =
            integrate_revolution([&](double y) { return std::sqrt(std::max(0.0, r * r - y * y)); }, r, density);
        compare(p, numeric.mass, numeric.inertia, 1e-6);
    }

    void cylinder() {
        const double r = 0.05, h = 0.4, density = 950;
        const MassProperties p = solid_mass_properties(make_shape(ShapeType::Cylinder, r, h), density);
        const double m = density * pi * r * r * h;
        // I_axis = m r^2 / 2, I_t = m (3 r^2 + h^2) / 12
        compare(p, m, Vec3(m * (3 * r * r + h * h) / 12, m * r * r / 2, m * (3 * r * r + h * h) / 12), 1e-12);
        const auto numeric = integrate_revolution([&](double) { return r; }, h / 2, density);
        compare(p, numeric.mass, numeric.inertia, 1e-6);
    }

    void capsule() {
        const double r = 0.04, h = 0.3, density = 1000;
        const MassProperties p = solid_mass_properties(make_shape(ShapeType::Capsule, r, h), density);
        // cylinder + two hemispheres; hemisphere centroid 3r/8 from its face,
        // transverse moment about its centroid (83/320) m_h r^2 (parallel-axis term
        // m_h (h/2 + 3r/8)^2 to the capsule centre)
        const double m_cyl = density * pi * r * r * h;
        const double m_hemi = density * 2.0 / 3.0 * pi * std::pow(r, 3);
        const double d = h / 2 + 3 * r / 8;
        const double i_t = m_cyl * (3 * r * r + h * h) / 12 + 2 * (83.0 / 320.0 * m_hemi * r * r + m_hemi * d * d);
        const double i_axis = m_cyl * r * r / 2 + 2 * (2.0 / 5.0 * m_hemi * r * r);
        compare(p, m_cyl + 2 * m_hemi, Vec3(i_t, i_axis, i_t), 1e-12);
        const auto numeric = integrate_revolution(
            [&](double y) {
                const double beyond = std::max(0.0, std::abs(y) - h / 2);
                return std::sqrt(std::max(0.0, r * r - beyond * beyond));
            },
            h / 2 + r, density);
        compare(p, numeric.mass, numeric.inertia, 1e-6);
    }

    void capsule_with_zero_height_is_sphere() {
        const double r = 0.07;
        const auto capsule = solid_mass_properties(make_shape(ShapeType::Capsule, r, 0), 1000);
        const auto sphere = solid_mass_properties(make_shape(ShapeType::Sphere, r), 1000);
        compare(capsule, sphere.mass, sphere.inertia, 1e-12);
    }

    void box() {
        const Vec3 half(0.1, 0.2, 0.3);
        const double density = 700;
        const MassProperties p = solid_mass_properties(make_shape(ShapeType::Box, 0, 0, half), density);
        const Vec3 size = 2 * half;  // full edge lengths w, h, d
        const double m = density * size.prod();
        // I_x = m (h^2 + d^2) / 12 etc.
        compare(p, m,
                Vec3(m * (size.y() * size.y() + size.z() * size.z()) / 12,
                     m * (size.x() * size.x() + size.z() * size.z()) / 12,
                     m * (size.x() * size.x() + size.y() * size.y()) / 12),
                1e-12);
    }

    void mass_scales_with_density_and_volume() {
        const Shape s = make_shape(ShapeType::Box, 0, 0, Vec3(0.5, 0.5, 0.5));
        QCOMPARE(shape_volume(s), 1.0);
        QCOMPARE(solid_mass_properties(s, 2.0).mass, 2.0);
    }

    void plane_and_none_have_no_mass() {
        Shape plane;
        plane.type = ShapeType::Plane;
        QCOMPARE(solid_mass_properties(plane, 1000).mass, 0.0);
        QCOMPARE(solid_mass_properties(Shape{}, 1000).mass, 0.0);
    }
};

QTEST_APPLESS_MAIN(TestMassProperties)
#include "test_mass_properties.moc"
