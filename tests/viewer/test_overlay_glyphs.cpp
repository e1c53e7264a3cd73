// The contact glyphs as plain geometry: layout counts and indices, an arrow
// from its tail to its tip within its radii with the head at most half its
// length, dots on their sphere, every triangle facing outward, and invalid
// glyphs collapsed onto one point.
#include "overlay_glyphs.h"
#include "render_test_support.h"

#include <QtTest>

#include <cmath>

using namespace hfd;

namespace {

using test::Vertex;

Vertex vertex_at(const std::vector<float>& vertices, std::size_t index) {
    return test::vertex_at(vertices, index, glyph_vertex_floats);
}

const ArrowShape shape{0.008, 0.02, 0.05};

std::vector<float> one_arrow(const Vec3& tail, const Vec3& tip) {
    std::vector<float> vertices(arrow_vertex_count * glyph_vertex_floats, -7.0f);
    write_arrow(vertices.data(), tail, tip, shape, Eigen::Vector3f(1, 0.5f, 0));
    return vertices;
}

// Each triangle's winding normal (counter-clockwise) agrees with its vertices' normals.
void check_outward(const std::vector<float>& vertices, const std::vector<std::uint32_t>& indices) {
    int faces = 0;
    for (std::size_t t = 0; t + 2 < indices.size(); t += 3) {
        const Vertex a = vertex_at(vertices, indices[t]), b = vertex_at(vertices, indices[t + 1]),
                     c = vertex_at(vertices, indices[t + 2]);
        const Vec3 face = (b.position - a.position).cross(c.position - a.position);
        if (face.norm() < 1e-12) continue;  // a sphere's pole triangles have no area
        const Vec3 normals = a.normal + b.normal + c.normal;
        QVERIFY2(face.dot(normals) > 0, qPrintable(QString("triangle %1 faces inward").arg(t / 3)));
        ++faces;
    }
    QVERIFY(faces > 0);
}

}  // namespace

class TestOverlayGlyphs : public QObject {
    Q_OBJECT
private slots:
    void layout_counts_and_indices() {
        const GlyphLayout layout = glyph_layout(2, 3);
        QCOMPARE(layout.vertex_count(), 2 * arrow_vertex_count + 3 * dot_vertex_count);
        QCOMPARE(layout.first_dot_vertex(), 2 * arrow_vertex_count);
        // an arrow: shaft side 2 n, two caps n each, head side n triangles; a dot: 2 per quad
        QCOMPARE(layout.indices.size(), 3 * (2 * 5 * arrow_sides + 3 * 2 * dot_stacks * dot_slices));
        for (std::uint32_t index : layout.indices) QVERIFY(index < layout.vertex_count());
        QVERIFY(glyph_layout(0, 0).indices.empty());
    }

    void arrow_spans_tail_to_tip_within_its_radii() {
        const Vec3 tail(0.2, -0.1, 0.4), tip = tail + Vec3(0.3, 0.6, -0.2);
        const std::vector<float> vertices = one_arrow(tail, tip);
        const Vec3 axis = (tip - tail).normalized();
        const double length = (tip - tail).norm();
        int at_tip = 0;
        for (std::size_t i = 0; i < arrow_vertex_count; ++i) {
            const Vertex v = vertex_at(vertices, i);
            const double along = (v.position - tail).dot(axis);
            const double off_axis = (v.position - tail - along * axis).norm();
            QVERIFY(along > -1e-6 && along < length + 1e-6);
            QVERIFY(off_axis < shape.head_radius + 1e-6);
            // the shaft is thin; only the head (its last head_length) reaches the head radius
            if (off_axis > shape.shaft_radius + 1e-6) QVERIFY(std::abs(along - (length - shape.head_length)) < 1e-6);
            if ((v.position - tip).norm() < 1e-6) ++at_tip;
            QVERIFY(std::abs(v.normal.norm() - 1) < 1e-5);
            QVERIFY(v.color.isApprox(Eigen::Vector3f(1, 0.5f, 0)));
        }
        QCOMPARE(at_tip, int(arrow_sides));
        check_outward(vertices, glyph_layout(1, 0).indices);
    }

    void short_arrow_head_takes_half_its_length() {
        const Vec3 tail = Vec3::Zero(), tip(0, 0.04, 0);  // shorter than two head lengths
        const std::vector<float> vertices = one_arrow(tail, tip);
        for (std::size_t i = 0; i < arrow_vertex_count; ++i) {
            const Vertex v = vertex_at(vertices, i);
            const double off_axis = Vec3(v.position.x(), 0, v.position.z()).norm();
            if (off_axis > shape.shaft_radius + 1e-6) QVERIFY(std::abs(v.position.y() - 0.02) < 1e-6);
        }
    }

    void dot_lies_on_its_sphere_facing_out() {
        std::vector<float> vertices(dot_vertex_count * glyph_vertex_floats);
        const Vec3 centre(1, 2, 3);
        write_dot(vertices.data(), centre, 0.01, Eigen::Vector3f(0.1f, 0.1f, 0.1f));
        for (std::size_t i = 0; i < dot_vertex_count; ++i) {
            const Vertex v = vertex_at(vertices, i);
            QVERIFY(std::abs((v.position - centre).norm() - 0.01) < 1e-6);
            QVERIFY((v.position - centre - 0.01 * v.normal).norm() < 1e-6);
        }
        check_outward(vertices, glyph_layout(0, 1).indices);
    }

    void invalid_glyphs_collapse_onto_one_point() {
        const double nan = std::nan("");
        for (const std::vector<float>& vertices :
             {one_arrow(Vec3(0, 0, 0), Vec3(nan, 1, 0)), one_arrow(Vec3(1, 1, 1), Vec3(1, 1, 1))}) {
            for (std::size_t i = 0; i < arrow_vertex_count; ++i)
                QCOMPARE(vertex_at(vertices, i).position, vertex_at(vertices, 0).position);
        }
        std::vector<float> dot(dot_vertex_count * glyph_vertex_floats);
        write_dot(dot.data(), Vec3(nan, 0, 0), 0.01, Eigen::Vector3f::Ones());
        for (std::size_t i = 0; i < dot_vertex_count; ++i)
            QCOMPARE(vertex_at(dot, i).position, vertex_at(dot, 0).position);
    }
};

QTEST_MAIN(TestOverlayGlyphs)
#include "test_overlay_glyphs.moc"
