// .obj loading through tinyobjloader: counts, coordinates, quads split.
#include "obj_loader.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <Eigen/Geometry>
#include <set>

using namespace hfd;

namespace {

// unit cube from 6 quads, plus a pentagon in the z = 5 plane
const char* cube_obj =
    "# cube\n"
    "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0 0 1\nv 1 0 1\nv 1 1 1\nv 0 1 1\n"
    "vn 0 0 1\n"
    "f 1 4 3 2\nf 5 6 7 8\nf 1 2 6 5\nf 2 3 7 6\nf 3 4 8 7\nf 4 1 5 8\n"
    "o pentagon\n"
    "v 0 0 5\nv 2 0 5\nv 3 1 5\nv 1 2 5\nv -1 1 5\n"
    "f 9//1 10//1 11//1 12//1 13//1\n";

}  // namespace

class TestObjLoader : public QObject {
    Q_OBJECT
private slots:
    void counts_and_triangulation() {
        QTemporaryDir dir;
        QFile file(dir.filePath("cube.obj"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(cube_obj);
        file.close();
        const MeshLoadResult result = load_obj_file(file.fileName().toStdString());
        QVERIFY2(result.ok(), result.error.c_str());
        QCOMPARE(result.mesh.positions.size(), std::size_t(13));
        QCOMPARE(result.mesh.triangles.size(), std::size_t(6 * 2 + 3));  // quads -> 2, pentagon -> 3
        QCOMPARE(result.mesh.positions[6], Eigen::Vector3f(1, 1, 1));
        QCOMPARE(result.mesh.positions[10], Eigen::Vector3f(3, 1, 5));

        // the triangles of each quad cover exactly its four corners
        std::set<std::uint32_t> first_quad;
        for (int t = 0; t < 2; ++t)
            for (std::uint32_t i : result.mesh.triangles[std::size_t(t)]) first_quad.insert(i);
        QCOMPARE(first_quad, (std::set<std::uint32_t>{0, 1, 2, 3}));

        // total area: 6 unit faces + pentagon (shoelace formula: 5)
        double area = 0;
        for (const auto& t : result.mesh.triangles) {
            const Eigen::Vector3f& a = result.mesh.positions[t[0]];
            area += 0.5 * double((result.mesh.positions[t[1]] - a).cross(result.mesh.positions[t[2]] - a).norm());
        }
        QVERIFY(std::abs(area - 11.0) < 1e-5);
        // cube faces wound outward: the normal at corner (1,1,1) points out of the cube
        QVERIFY(result.mesh.normals[6].minCoeff() > 0.2f);
        QVERIFY(result.mesh.normals[0].maxCoeff() < -0.2f);
    }

    void errors_are_reported() {
        QVERIFY(!load_obj_file("/nonexistent/mesh.obj").ok());
        QVERIFY(!parse_obj("v 0 0 0\nv 1 0 0\n").ok());                    // no faces
        QVERIFY(!parse_obj("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 7\n").ok());  // missing vertex
    }
};

QTEST_APPLESS_MAIN(TestObjLoader)
#include "test_obj_loader.moc"
