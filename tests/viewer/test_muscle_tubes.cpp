// The muscle tubes as plain geometry: counts and indices of the layout, rings
// at the radius around the path, normals pointing out of the tube, mitred
// joints, triangles facing outward, and degenerate paths drawn as nothing.
#include "muscle_tubes.h"
#include "render_test_support.h"

#include <QtTest>

#include <cmath>

using namespace hfd;

namespace {

constexpr std::size_t sides = std::size_t(tube_sides);

using test::Vertex;

Vertex vertex_at(const std::vector<float>& vertices, std::size_t index) {
    return test::vertex_at(vertices, index, tube_vertex_floats);
}

std::vector<float> write_one(const std::vector<Vec3>& path, double radius, const Eigen::Vector3f& color) {
    const TubeLayout layout = tube_layout({path.size()});
    std::vector<float> vertices(layout.vertex_count() * tube_vertex_floats, -7.0f);
    write_tube(layout, 0, path, radius, color, vertices.data());
    return vertices;
}

}  // namespace

class TestMuscleTubes : public QObject {
    Q_OBJECT
private slots:
    void layout_counts_and_indices() {
        const TubeLayout layout = tube_layout({2, 3, 1, 0, 4});
        const std::size_t two = 2 * sides + 2 * (sides + 1), three = 3 * sides + 2 * (sides + 1),
                          four = 4 * sides + 2 * (sides + 1);
        QCOMPARE(layout.first_vertex,
                 (std::vector<std::size_t>{0, two, two + three, two + three, two + three, two + three + four}));
        QCOMPARE(layout.vertex_count(), two + three + four);
        // side quads between consecutive rings (two triangles each) and two cap fans
        const std::size_t triangles = (1 + 2 + 3) * sides * 2 + 3 * 2 * sides;
        QCOMPARE(layout.indices.size(), 3 * triangles);
        // each triangle uses three different vertices of one muscle
        for (std::size_t t = 0; t < layout.indices.size(); t += 3) {
            const std::uint32_t a = layout.indices[t], b = layout.indices[t + 1], c = layout.indices[t + 2];
            QVERIFY(a != b && b != c && a != c);
            std::size_t muscle = 0;
            while (layout.first_vertex[muscle + 1] <= a) ++muscle;
            for (std::uint32_t index : {a, b, c})
                QVERIFY(index >= layout.first_vertex[muscle] && index < layout.first_vertex[muscle + 1]);
        }
        QCOMPARE(tube_layout({}).vertex_count(), std::size_t(0));
    }

    // A straight path: every vertex at the radius from the axis, its normal the
    // unit radial direction, the colour as given, the rings not twisted.
    void straight_tube_lies_at_the_radius() {
        const std::vector<Vec3> path = {Vec3(0, 0, 0), Vec3(1, 0.5, 0), Vec3(2, 1, 0)};
        const Vec3 axis = (path[2] - path[0]).normalized();
        const double radius = 0.05;
        const Eigen::Vector3f color(0.25f, 0.5f, 0.75f);
        const std::vector<float> vertices = write_one(path, radius, color);
        for (std::size_t p = 0; p < path.size(); ++p)
            for (std::size_t k = 0; k < sides; ++k) {
                const Vertex v = vertex_at(vertices, p * sides + k);
                const Vec3 radial = v.position - path[p];
                QVERIFY(std::abs(radial.dot(axis)) < 1e-6);
                QVERIFY(std::abs(radial.norm() - radius) < 1e-6);
                QVERIFY((v.normal - radial / radius).norm() < 1e-5);
                QVERIFY(v.color.isApprox(color));
                // parallel transport along a straight line keeps each side's offset
                const Vertex first = vertex_at(vertices, k);
                QVERIFY((radial - (first.position - path[0])).norm() < 1e-6);
            }
        // the sides go once around: consecutive vertices of a ring 360/sides degrees apart
        const Vec3 a = vertex_at(vertices, 0).normal, b = vertex_at(vertices, 1).normal;
        QVERIFY(std::abs(std::acos(std::clamp(a.dot(b), -1.0, 1.0)) - 2 * M_PI / double(sides)) < 1e-5);
    }

    // At a right-angle bend the ring lies in the plane bisecting the joint, so the
    // two straight pieces meet without a gap; it stays at the radius from the point.
    void bend_is_mitred() {
        const std::vector<Vec3> path = {Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(1, 1, 0)};
        const std::vector<float> vertices = write_one(path, 0.1, Eigen::Vector3f(1, 0, 0));
        const Vec3 bisector = (Vec3(1, 0, 0) + Vec3(0, 1, 0)).normalized();
        for (std::size_t k = 0; k < sides; ++k) {
            const Vertex v = vertex_at(vertices, sides + k);
            QVERIFY(std::abs((v.position - path[1]).dot(bisector)) < 1e-6);
            QVERIFY(std::abs((v.position - path[1]).norm() - 0.1) < 1e-6);
            QVERIFY(std::abs(v.normal.norm() - 1) < 1e-5);
        }
    }

    // Every triangle's winding normal points away from the path (sides) or
    // along it out of the tube (caps): the mesh faces outward.
    void triangles_face_outward() {
        const std::vector<Vec3> path = {Vec3(0, 0, 0), Vec3(0.3, 0.1, 0.05), Vec3(0.5, 0.4, -0.1), Vec3(0.5, 0.8, 0)};
        const TubeLayout layout = tube_layout({path.size()});
        std::vector<float> vertices(layout.vertex_count() * tube_vertex_floats);
        write_tube(layout, 0, path, 0.02, Eigen::Vector3f(0, 0, 1), vertices.data());
        for (std::size_t t = 0; t < layout.indices.size(); t += 3) {
            const Vertex a = vertex_at(vertices, layout.indices[t]), b = vertex_at(vertices, layout.indices[t + 1]),
                         c = vertex_at(vertices, layout.indices[t + 2]);
            const Vec3 winding = (b.position - a.position).cross(c.position - a.position);
            if (winding.norm() < 1e-12) continue;  // none expected, but the centroid test needs an area
            const Vec3 average_normal = a.normal + b.normal + c.normal;
            QVERIFY2(winding.dot(average_normal) > 0, qPrintable(QString("triangle %1").arg(t / 3)));
        }
        // cap normals: backwards at the start, forwards at the end
        const Vec3 start = vertex_at(vertices, path.size() * sides).normal;
        const Vec3 end = vertex_at(vertices, path.size() * sides + sides + 1).normal;
        QVERIFY(start.dot(path[1] - path[0]) < 0);
        QVERIFY(end.dot(path[3] - path[2]) > 0);
    }

    // A path of the wrong length or with a non-finite point collapses onto one
    // point (zero-area triangles: nothing drawn) and leaves other muscles alone;
    // coincident points and a reversal still give finite vertices.
    void degenerate_paths() {
        const TubeLayout layout = tube_layout({2, 2});
        std::vector<float> vertices(layout.vertex_count() * tube_vertex_floats, 3.0f);
        const Eigen::Vector3f blue(0, 0, 1);
        for (const std::vector<Vec3>& bad :
             {std::vector<Vec3>{Vec3(0, 0, 0)}, std::vector<Vec3>{Vec3(0, 0, 0), Vec3(NAN, 0, 0)}}) {
            write_tube(layout, 0, bad, 0.01, blue, vertices.data());
            const Vec3 first = vertex_at(vertices, 0).position;
            for (std::size_t i = 0; i < layout.first_vertex[1]; ++i) QVERIFY(vertex_at(vertices, i).position == first);
            for (std::size_t i = layout.first_vertex[1]; i < layout.vertex_count(); ++i)
                QCOMPARE(vertex_at(vertices, i).position, Vec3(3, 3, 3));  // the other muscle untouched
        }
        for (const std::vector<Vec3>& path : {std::vector<Vec3>{Vec3(1, 1, 1), Vec3(1, 1, 1), Vec3(1, 1, 1)},
                                              std::vector<Vec3>{Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 0, 0)},
                                              std::vector<Vec3>{Vec3(0, 0, 0), Vec3(0, 0, 0), Vec3(0, 1, 0)}}) {
            const std::vector<float> written = write_one(path, 0.01, blue);
            for (float value : written) QVERIFY(std::isfinite(value));
            for (std::size_t p = 0; p < path.size(); ++p)
                QVERIFY(std::abs((vertex_at(written, p * sides).position - path[p]).norm() - 0.01) < 1e-6);
        }
    }
};

QTEST_MAIN(TestMuscleTubes)
#include "test_muscle_tubes.moc"
