// Contact geometry of shape pairs against hand-computed configurations and
// properties (swap symmetry, brute-force closest points).
#include "forces/collision_shapes.h"
#include "test_shapes.h"

#include <QtTest>

#include <cmath>
#include <random>

using namespace hfd;

namespace {

constexpr double pi = 3.14159265358979323846;

using test::box;
using test::capsule;
using test::plane;
using test::sphere;

bool near(const Vec3& a, const Vec3& b, double tolerance = 1e-9) { return (a - b).norm() <= tolerance; }
QByteArray text(const Vec3& v) {
    return QByteArray::number(v.x()) + " " + QByteArray::number(v.y()) + " " + QByteArray::number(v.z());
}
#define VERIFY_NEAR(a, b, tol) QVERIFY2(near((a), (b), (tol)), "got " + text(a) + " expected " + text(b))

ShapePose at(const Vec3& p, const Vec3& euler_degrees = Vec3::Zero()) {
    return {p, quat_from_euler_xyz(euler_degrees * pi / 180)};
}

}  // namespace

class TestCollisionShapes : public QObject {
    Q_OBJECT
private slots:
    void planeSphere() {
        ShapeContact c[max_shape_contacts];
        QCOMPARE(collide_shapes(plane(Vec3::UnitY()), at(Vec3::Zero()), sphere(0.1), at(Vec3(0.3, 0.09, -0.2)), c), 1);
        QVERIFY(std::abs(c[0].depth - 0.01) < 1e-12);
        VERIFY_NEAR(c[0].normal, Vec3::UnitY(), 1e-12);
        VERIFY_NEAR(c[0].point, Vec3(0.3, -0.005, -0.2), 1e-12);  // midway between y = -0.01 and y = 0
        QCOMPARE(collide_shapes(plane(Vec3::UnitY()), at(Vec3::Zero()), sphere(0.1), at(Vec3(0, 0.1001, 0)), c), 0);
    }

    // H0918's platform: normal {x = -1} turned by ori {z = -90} faces world +y.
    void rotatedPlaneNormal() {
        const ShapePose pose = at(Vec3(0, 0.05, 0), Vec3(0, 0, -90));
        VERIFY_NEAR(plane_world_normal(plane(Vec3(-1, 0, 0)), pose), Vec3::UnitY(), 1e-12);
        ShapeContact c[max_shape_contacts];
        QCOMPARE(collide_shapes(plane(Vec3(-1, 0, 0)), pose, sphere(0.03), at(Vec3(1, 0.07, 0)), c), 1);
        QVERIFY(std::abs(c[0].depth - 0.01) < 1e-12);
        // a slope of 30 degrees: depth is measured along its normal
        const ShapePose slope = at(Vec3::Zero(), Vec3(0, 0, 30));
        const Vec3 n(-0.5, std::sqrt(3.0) / 2, 0);
        QCOMPARE(collide_shapes(plane(Vec3::UnitY()), slope, sphere(0.1), at(0.08 * n + Vec3(0, 0, 0.4)), c), 1);
        VERIFY_NEAR(c[0].normal, n, 1e-12);
        QVERIFY(std::abs(c[0].depth - 0.02) < 1e-12);
    }

    void planeCapsule() {
        ShapeContact c[max_shape_contacts];
        // lying along x (local y turned by 90 degrees about z), both caps 0.01 deep
        const int n = collide_shapes(plane(Vec3::UnitY()), at(Vec3::Zero()), capsule(0.05, 0.4),
                                     at(Vec3(1, 0.04, 0), Vec3(0, 0, 90)), c);
        QCOMPARE(n, 2);
        for (int i = 0; i < 2; ++i) {
            QVERIFY(std::abs(c[i].depth - 0.01) < 1e-12);
            QVERIFY(std::abs(std::abs(c[i].point.x() - 1) - 0.2) < 1e-12);
            QVERIFY(std::abs(c[i].point.y() + 0.005) < 1e-12);
        }
        QVERIFY(std::abs(c[0].point.x() - c[1].point.x()) > 0.39);
        // tilted by 45 degrees: only the lower cap touches, below it
        const Vec3 centre(0, 0.2 * std::sqrt(0.5) + 0.05 - 0.02, 0);
        QCOMPARE(
            collide_shapes(plane(Vec3::UnitY()), at(Vec3::Zero()), capsule(0.05, 0.4), at(centre, Vec3(0, 0, 45)), c),
            1);
        QVERIFY(std::abs(c[0].depth - 0.02) < 1e-12);
        // the lower cap centre of a capsule turned +45 about z lies at +x
        QVERIFY(std::abs(c[0].point.x() - 0.2 * std::sqrt(0.5)) < 1e-12);
    }

    void planeBox() {
        ShapeContact c[max_shape_contacts];
        const Vec3 half(0.2, 0.1, 0.3);
        QCOMPARE(collide_shapes(plane(Vec3::UnitY()), at(Vec3::Zero()), box(half), at(Vec3(0, 0.09, 0)), c), 4);
        for (int i = 0; i < 4; ++i) {
            QVERIFY(std::abs(c[i].depth - 0.01) < 1e-12);
            QVERIFY(std::abs(std::abs(c[i].point.x()) - 0.2) < 1e-12);
            QVERIFY(std::abs(std::abs(c[i].point.z()) - 0.3) < 1e-12);
            QVERIFY(std::abs(c[i].point.y() + 0.005) < 1e-12);
        }
        // standing on an edge (45 degrees about z): the two corners of that edge
        const double lowest = (half.x() + half.y()) * std::sqrt(0.5);
        QCOMPARE(collide_shapes(plane(Vec3::UnitY()), at(Vec3::Zero()), box(half),
                                at(Vec3(0, lowest - 0.01, 0), Vec3(0, 0, 45)), c),
                 2);
        const double edge_x = (-half.x() + half.y()) * std::sqrt(0.5);  // R(45) (-hx, -hy)
        for (int i = 0; i < 2; ++i) {
            QVERIFY(std::abs(c[i].depth - 0.01) < 1e-12);
            QVERIFY(std::abs(c[i].point.x() - edge_x) < 1e-12);
        }
        // entirely below the plane: all eight corners
        QCOMPARE(collide_shapes(plane(Vec3::UnitY()), at(Vec3::Zero()), box(half), at(Vec3(0, -1, 0)), c), 8);
    }

    void sphereSphere() {
        ShapeContact c[max_shape_contacts];
        QCOMPARE(collide_shapes(sphere(0.1), at(Vec3::Zero()), sphere(0.1), at(Vec3(0.15, 0, 0)), c), 1);
        QVERIFY(std::abs(c[0].depth - 0.05) < 1e-12);
        VERIFY_NEAR(c[0].normal, Vec3::UnitX(), 1e-12);
        VERIFY_NEAR(c[0].point, Vec3(0.075, 0, 0), 1e-12);
        QCOMPARE(collide_shapes(sphere(0.1), at(Vec3::Zero()), sphere(0.1), at(Vec3(0.2001, 0, 0)), c), 0);
    }

    void sphereCapsule() {
        ShapeContact c[max_shape_contacts];
        // vertical capsule (caps at y = +-0.2), sphere beside it at height 0.1
        QCOMPARE(collide_shapes(sphere(0.1), at(Vec3(0.25, 0.1, 0)), capsule(0.2, 0.4), at(Vec3::Zero()), c), 1);
        QVERIFY(std::abs(c[0].depth - 0.05) < 1e-12);
        VERIFY_NEAR(c[0].normal, Vec3(-1, 0, 0), 1e-12);
        VERIFY_NEAR(c[0].point, Vec3(0.175, 0.1, 0), 1e-12);
        // beyond the top cap the closest axis point is the cap centre
        QCOMPARE(collide_shapes(capsule(0.2, 0.4), at(Vec3::Zero()), sphere(0.1), at(Vec3(0, 0.45, 0)), c), 1);
        VERIFY_NEAR(c[0].normal, Vec3::UnitY(), 1e-12);
        QVERIFY(std::abs(c[0].depth - 0.05) < 1e-12);
    }

    void capsuleCapsule() {
        ShapeContact c[max_shape_contacts];
        // crossing: one along x, one along z 0.15 above
        QCOMPARE(collide_shapes(capsule(0.1, 1), at(Vec3::Zero(), Vec3(0, 0, 90)), capsule(0.1, 1),
                                at(Vec3(0.1, 0.15, -0.2), Vec3(90, 0, 0)), c),
                 1);
        QVERIFY(std::abs(c[0].depth - 0.05) < 1e-12);
        VERIFY_NEAR(c[0].normal, Vec3::UnitY(), 1e-12);
        VERIFY_NEAR(c[0].point, Vec3(0.1, 0.075, 0), 1e-12);
        // parallel and shifted: the contact lies in the middle of the overlap y in [-0.1, 0.2]
        QCOMPARE(collide_shapes(capsule(0.1, 0.4), at(Vec3::Zero()), capsule(0.1, 0.4), at(Vec3(0.15, 0.1, 0)), c), 1);
        VERIFY_NEAR(c[0].normal, Vec3::UnitX(), 1e-12);
        VERIFY_NEAR(c[0].point, Vec3(0.075, 0.05, 0), 1e-12);
    }

    void boxSphere() {
        ShapeContact c[max_shape_contacts];
        const Vec3 half(0.2, 0.1, 0.3);
        // above the top face
        QCOMPARE(collide_shapes(box(half), at(Vec3::Zero()), sphere(0.1), at(Vec3(0.05, 0.15, 0)), c), 1);
        QVERIFY(std::abs(c[0].depth - 0.05) < 1e-12);
        VERIFY_NEAR(c[0].normal, Vec3::UnitY(), 1e-12);
        VERIFY_NEAR(c[0].point, Vec3(0.05, 0.075, 0), 1e-12);
        // beside an edge: normal from the edge point towards the centre
        QCOMPARE(collide_shapes(box(half), at(Vec3::Zero()), sphere(0.1), at(Vec3(0.23, 0.14, 0.1)), c), 1);
        VERIFY_NEAR(c[0].normal, Vec3(0.6, 0.8, 0), 1e-12);
        QVERIFY(std::abs(c[0].depth - 0.05) < 1e-12);
        // centre inside, nearest face +y at 0.02
        QCOMPARE(collide_shapes(box(half), at(Vec3::Zero()), sphere(0.05), at(Vec3(0.05, 0.08, 0)), c), 1);
        VERIFY_NEAR(c[0].normal, Vec3::UnitY(), 1e-12);
        QVERIFY(std::abs(c[0].depth - 0.07) < 1e-12);
        // turned box: the normal turns with it; reversed order flips it
        const ShapePose turned = at(Vec3(1, 0, 0), Vec3(0, 0, 30));
        const Vec3 face_normal = turned.ori * Vec3::UnitY();
        QCOMPARE(collide_shapes(sphere(0.1), at(turned.pos + 0.18 * face_normal), box(half), turned, c), 1);
        VERIFY_NEAR(c[0].normal, -face_normal, 1e-12);
        QVERIFY(std::abs(c[0].depth - 0.02) < 1e-12);
    }

    void boxCapsule() {
        ShapeContact c[max_shape_contacts];
        const Vec3 half(0.2, 0.1, 0.3);
        // a long capsule lying across the top face: the caps hang over, the middle touches
        QCOMPARE(
            collide_shapes(box(half), at(Vec3::Zero()), capsule(0.05, 1.0), at(Vec3(0, 0.14, 0), Vec3(0, 0, 90)), c),
            1);
        QVERIFY(std::abs(c[0].depth - 0.01) < 1e-9);
        VERIFY_NEAR(c[0].normal, Vec3::UnitY(), 1e-9);
        QVERIFY(std::abs(c[0].point.x()) <= 0.2 + 1e-9);
        QVERIFY(std::abs(c[0].point.y() - 0.095) < 1e-9);
        // standing on the top face: the lower cap
        QCOMPARE(collide_shapes(capsule(0.05, 0.4), at(Vec3(0.1, 0.1 + 0.2 + 0.05 - 0.02, 0)), box(half),
                                at(Vec3::Zero()), c),
                 1);
        VERIFY_NEAR(c[0].normal, -Vec3::UnitY(), 1e-12);
        QVERIFY(std::abs(c[0].depth - 0.02) < 1e-12);
        // crossing an edge diagonally: the deepest axis point found by search matches brute force
        const ShapePose capsule_pose = at(Vec3(0.25, 0.1, 0.1), Vec3(20, 10, 60));
        Vec3 cap0, cap1;
        capsule_end_centers(capsule(0.08, 0.3), capsule_pose, cap0, cap1);
        double best = 1e9;
        for (int i = 0; i <= 100000; ++i)
            best = std::min(best, box_signed_distance(cap0 + (i / 100000.0) * (cap1 - cap0), half));
        const int n = collide_shapes(box(half), at(Vec3::Zero()), capsule(0.08, 0.3), capsule_pose, c);
        QVERIFY(best < 0.08);
        QVERIFY(n >= 1);
        double deepest = 0;
        for (int i = 0; i < n; ++i) deepest = std::max(deepest, c[i].depth);
        QVERIFY2(std::abs(deepest - (0.08 - best)) < 1e-6,
                 QByteArray::number(deepest) + " vs " + QByteArray::number(0.08 - best));
    }

    void unsupportedPairs() {
        ShapeContact c[max_shape_contacts];
        QVERIFY(!is_supported_shape_pair(ShapeType::Box, ShapeType::Box));
        QVERIFY(!is_supported_shape_pair(ShapeType::Plane, ShapeType::Plane));
        QVERIFY(!is_supported_shape_pair(ShapeType::Cylinder, ShapeType::Plane));
        QVERIFY(is_supported_shape_pair(ShapeType::Capsule, ShapeType::Box));
        QVERIFY(is_supported_shape_pair(ShapeType::Sphere, ShapeType::Plane));
        QCOMPARE(collide_shapes(box(Vec3::Ones()), at(Vec3::Zero()), box(Vec3::Ones()), at(Vec3::Zero()), c), 0);
    }

    void closestPointsOfSegmentsMatchBruteForce() {
        std::mt19937 rng(7);
        std::uniform_real_distribution<double> u(-1, 1);
        auto random_vec = [&] { return Vec3(u(rng), u(rng), u(rng)); };
        for (int trial = 0; trial < 200; ++trial) {
            const Vec3 a0 = random_vec(), a1 = random_vec(), b0 = random_vec();
            const Vec3 b1 = trial % 4 == 0 ? Vec3(b0 + 0.7 * (a1 - a0)) : random_vec();  // some parallel
            Vec3 on_a, on_b;
            closest_points_of_segments(a0, a1, b0, b1, on_a, on_b);
            double best = 1e9;
            for (int i = 0; i <= 300; ++i)
                for (int j = 0; j <= 300; ++j)
                    best = std::min(best, ((a0 + (i / 300.0) * (a1 - a0)) - (b0 + (j / 300.0) * (b1 - b0))).norm());
            QVERIFY((on_a - on_b).norm() <= best + 1e-12);
            QVERIFY((on_a - on_b).norm() >= best - 0.01);
        }
    }

    // Swapping the shapes keeps the points and flips the normals; the points
    // lie halfway between the two surfaces.
    void swapSymmetry() {
        std::mt19937 rng(11);
        std::uniform_real_distribution<double> u(-1, 1);
        const Shape shapes[] = {sphere(0.2), capsule(0.15, 0.5), box(Vec3(0.2, 0.3, 0.25))};
        int touching = 0;
        for (int trial = 0; trial < 300; ++trial) {
            const Shape& a = shapes[trial % 3];
            const Shape& b = shapes[(trial / 3) % 3];
            if (a.type == ShapeType::Box && b.type == ShapeType::Box) continue;
            const ShapePose pa = at(Vec3::Zero(), Vec3(u(rng), u(rng), u(rng)) * 180);
            const ShapePose pb = at(0.35 * Vec3(u(rng), u(rng), u(rng)), Vec3(u(rng), u(rng), u(rng)) * 180);
            ShapeContact ab[max_shape_contacts], ba[max_shape_contacts];
            const int n = collide_shapes(a, pa, b, pb, ab);
            QCOMPARE(collide_shapes(b, pb, a, pa, ba), n);
            for (int i = 0; i < n; ++i) {
                VERIFY_NEAR(ab[i].point, ba[i].point, 1e-12);
                VERIFY_NEAR(ab[i].normal, -ba[i].normal, 1e-12);
                QVERIFY(ab[i].depth > 0);
                QVERIFY(std::abs(ab[i].normal.norm() - 1) < 1e-12);
            }
            touching += n > 0;
        }
        QVERIFY(touching > 50);
    }

    void boxSignedDistance() {
        const Vec3 half(0.2, 0.1, 0.3);
        QVERIFY(std::abs(box_signed_distance(Vec3::Zero(), half) + 0.1) < 1e-12);
        QVERIFY(std::abs(box_signed_distance(Vec3(0, 0.3, 0), half) - 0.2) < 1e-12);
        QVERIFY(std::abs(box_signed_distance(Vec3(0.5, 0.5, 0), half) - 0.5) < 1e-12);
    }
};

QTEST_APPLESS_MAIN(TestCollisionShapes)
#include "test_collision_shapes.moc"
