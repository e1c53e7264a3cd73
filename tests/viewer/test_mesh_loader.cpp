// The viewer's mesh reader for the scene description: the format follows the
// extension (any case), other extensions fail with the formats it reads, and a
// model's meshes load through it into the scene.
#include "draw/scene_description.h"
#include "mesh_loader.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace hfd;

namespace {

const char* triangle_obj = "v 0 0 0\nv 0.2 0 0\nv 0 0.4 0\nf 1 2 3\n";

bool write_file(const QString& path, const char* text) {
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text) == qint64(qstrlen(text));
}

}  // namespace

class TestMeshLoader : public QObject {
    Q_OBJECT
private slots:
    void format_follows_extension() {
        QTemporaryDir dir;
        QVERIFY(write_file(dir.filePath("upper.OBJ"), triangle_obj));
        const MeshLoadResult obj = load_mesh_file(dir.filePath("upper.OBJ").toStdString());
        QVERIFY2(obj.ok(), obj.error.c_str());
        QCOMPARE(obj.mesh.triangles.size(), std::size_t(1));
        // an .obj text in a .vtp file is read as VTK XML, which it is not
        QVERIFY(write_file(dir.filePath("wrong.vtp"), triangle_obj));
        QVERIFY(!load_mesh_file(dir.filePath("wrong.vtp").toStdString()).ok());
    }

    void other_extensions_are_refused() {
        QTemporaryDir dir;
        QVERIFY(write_file(dir.filePath("bone.stl"), triangle_obj));
        const MeshLoadResult stl = load_mesh_file(dir.filePath("bone.stl").toStdString());
        QVERIFY(!stl.ok());
        QCOMPARE(stl.error, std::string("unsupported mesh format '.stl' (expected .vtp or .obj)"));
    }

    void scene_meshes_load_through_it() {
        QTemporaryDir dir;
        QVERIFY(write_file(dir.filePath("bone.obj"), triangle_obj));
        Model model;
        model.directory = dir.path().toStdString();
        model.bodies.resize(1);
        Mesh mesh;
        mesh.file = "bone.obj";
        mesh.body = 0;
        model.meshes = {mesh};
        const SceneDescription scene = describe_scene(model, load_mesh_file);
        QVERIFY(scene.warnings.empty());
        QCOMPARE(scene.drawables.size(), std::size_t(1));
        QCOMPARE(scene.drawables[0].shape, DrawShape::Mesh);
        QCOMPARE(scene.drawables[0].mesh->triangles.size(), std::size_t(1));
    }
};

QTEST_APPLESS_MAIN(TestMeshLoader)
#include "test_mesh_loader.moc"
