// geometry { } and mesh { }: shapes, attachment (top level or inside a body),
// plane normals, mesh file / shape / color / scale.
#include "format/parser.h"
#include "model/build_model.h"

#include <QtTest>

using namespace hfd;

namespace {

BuildResult build(const std::string& extra) {
    const std::string text =
        "model {\n"
        "  body { name = ground mass = 0 }\n"
        "  body { name = foot mass = 1 inertia = [ 1 1 1 ] }\n" +
        extra + "}\n";
    const ParseResult parsed = parse_text(text, "test.hfd");
    for (const Diagnostic& d : parsed.diagnostics) qWarning("%s", format_diagnostic(d).c_str());
    return build_model(parsed.root, "test.hfd");
}

std::string all_diagnostics(const BuildResult& r) {
    std::string text;
    for (const Diagnostic& d : r.diagnostics) text += format_diagnostic(d) + "\n";
    return text;
}

}  // namespace

class TestBuildGeometry : public QObject {
    Q_OBJECT
private slots:
    void shapes_and_attachment() {
        const BuildResult r = build(R"(
  geometry { name = floor type = plane normal = [ 0 2 0 ] body = ground }
  geometry { name = heel type = sphere radius = 0.03 body = foot pos = [ -0.1 0 0 ] }
  geometry { name = shin type = capsule radius = 0.04 height = 0.3 body = foot }
  geometry { name = sole type = box half_dim = [ 0.1 0.01 0.04 ] body = foot ori = [ 0 0 90 ] }
  body { name = toe mass = 0.1 inertia = [ 0.01 0.01 0.01 ]
    geometry { name = tip type = sphere radius = 0.02 }
  }
)");
        QVERIFY2(r.ok(), all_diagnostics(r).c_str());
        QVERIFY2(r.diagnostics.empty(), all_diagnostics(r).c_str());
        const Model& m = *r.model;
        QCOMPARE(m.geometries.size(), size_t(5));
        const Geometry& floor = m.geometries[0];
        QVERIFY(floor.shape.type == ShapeType::Plane);
        QVERIFY(floor.shape.normal.isApprox(Vec3::UnitY()));  // normalized
        QCOMPARE(floor.body, m.find_body("ground"));
        QCOMPARE(floor.material, 0);
        QVERIFY(m.geometries[1].shape.type == ShapeType::Sphere);
        QCOMPARE(m.geometries[1].shape.radius, 0.03);
        QVERIFY(m.geometries[1].pos.isApprox(Vec3(-0.1, 0, 0)));
        QVERIFY(m.geometries[2].shape.type == ShapeType::Capsule);
        QCOMPARE(m.geometries[2].shape.height, 0.3);
        QVERIFY(m.geometries[3].shape.half_dim.isApprox(Vec3(0.1, 0.01, 0.04)));
        QVERIFY((m.geometries[3].ori * Vec3::UnitX()).isApprox(Vec3::UnitY(), 1e-12));
        // written inside a body: attached to it
        QCOMPARE(m.geometries[4].body, m.find_body("toe"));
        QCOMPARE(m.geometries[4].location.line, 10);
    }

    void nested_geometry_with_other_body_is_an_error() {
        const BuildResult r = build(
            "  body { name = toe mass = 0.1 inertia = [ 1 1 1 ]\n"
            "    geometry { type = sphere radius = 0.02 body = foot }\n  }\n");
        QVERIFY(!r.ok());
        QCOMPARE(r.diagnostics[0].location.line, 5);
        QCOMPARE(r.diagnostics[0].location.column, 44);
    }

    // SCONE's terrain models (older Hyfydy files) size boxes by their full size, dim.
    void box_full_size_dim_is_twice_half_dim() {
        const BuildResult r = build("  geometry { type = box dim { x = 2 y = 0.05 z = 1 } body = ground }\n");
        QVERIFY2(r.ok(), all_diagnostics(r).c_str());
        QVERIFY2(r.diagnostics.empty(), all_diagnostics(r).c_str());
        QVERIFY(r.model->geometries[0].shape.half_dim.isApprox(Vec3(1, 0.025, 0.5)));
        const BuildResult both =
            build("  geometry { type = box dim = [ 2 2 2 ] half_dim = [ 1 1 1 ] body = ground }\n");
        QVERIFY(!both.ok());
        QVERIFY2(all_diagnostics(both).find("not both") != std::string::npos, all_diagnostics(both).c_str());
        const BuildResult negative = build("  geometry { type = box dim = [ 2 -1 2 ] body = ground }\n");
        QVERIFY(!negative.ok());
        QVERIFY2(all_diagnostics(negative).find("'dim' must be > 0") != std::string::npos,
                 all_diagnostics(negative).c_str());
    }

    void zero_plane_normal_is_an_error() {
        const BuildResult r = build("  geometry { type = plane normal = [ 0 0 0 ] body = ground }\n");
        QVERIFY(!r.ok());
        QVERIFY(all_diagnostics(r).find("test.hfd:4:27: error") != std::string::npos);
    }

    void meshes() {
        const BuildResult r = build(R"(
  body { name = shank mass = 1 inertia = [ 1 1 1 ]
    mesh { file = tibia.vtp pos = [ 0 0.2 0 ] ori = [ 0 90 0 ] color = [ 1 0 0 0.5 ] scale = 2 }
    mesh { shape { type = cylinder radius = 0.03 height = 0.4 } color = [ 0 1 0 ] scale = [ 1 2 3 ] }
  }
  mesh { file = foot.obj body = foot }
)");
        QVERIFY2(r.ok(), all_diagnostics(r).c_str());
        QVERIFY2(r.diagnostics.empty(), all_diagnostics(r).c_str());
        const Model& m = *r.model;
        QCOMPARE(m.meshes.size(), size_t(3));
        const Mesh& tibia = m.meshes[0];
        QCOMPARE(tibia.file, std::string("tibia.vtp"));
        QCOMPARE(tibia.body, m.find_body("shank"));
        QVERIFY(tibia.pos.isApprox(Vec3(0, 0.2, 0)));
        QVERIFY((tibia.ori * Vec3::UnitZ()).isApprox(Vec3::UnitX(), 1e-12));
        QVERIFY(tibia.has_color);
        QVERIFY(tibia.color.isApprox(Eigen::Vector4d(1, 0, 0, 0.5)));
        QVERIFY(tibia.scale.isApprox(Vec3(2, 2, 2)));
        const Mesh& shaped = m.meshes[1];
        QVERIFY(shaped.file.empty());
        QVERIFY(shaped.shape.type == ShapeType::Cylinder);
        QCOMPARE(shaped.color[3], 1.0);  // [r g b]: alpha 1
        QVERIFY(shaped.scale.isApprox(Vec3(1, 2, 3)));
        QCOMPARE(m.meshes[2].body, m.find_body("foot"));
        QVERIFY(!m.meshes[2].has_color);
    }

    void mesh_errors() {
        struct Case {
            const char* mesh;
            int line, column;
            const char* message;
        };
        for (const Case& c : {Case{"  mesh { body = foot }\n", 4, 3, "neither 'file' nor 'shape'"},
                              Case{"  mesh { file = a.obj }\n", 4, 3, "missing required property 'body'"},
                              Case{"  mesh { file = a.obj body = foot color = [ 2 0 0 ] }\n", 4, 45, "0..1"},
                              Case{"  mesh { file = a.obj body = foot scale = 0 }\n", 4, 35, "non-zero"}}) {
            const BuildResult r = build(c.mesh);
            QVERIFY2(!r.ok(), c.mesh);
            const std::string where = "test.hfd:" + std::to_string(c.line) + ":" + std::to_string(c.column) + ": error";
            QVERIFY2(all_diagnostics(r).find(where) != std::string::npos, all_diagnostics(r).c_str());
            QVERIFY2(all_diagnostics(r).find(c.message) != std::string::npos, all_diagnostics(r).c_str());
        }
    }
};

QTEST_APPLESS_MAIN(TestBuildGeometry)
#include "test_build_geometry.moc"
