// Mesh files resolve against the model file's folder and its geometry/
// subfolder, never the working directory; a missing one is a warning at its
// mesh component that names every path tried.
#include "model/build_model.h"
#include "model/mesh_files.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace hfd;

namespace {

bool write(const QString& path, const QByteArray& content) {
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(content) == content.size();
}

const char* model_text =
    "model {\n"
    "  body { name = b mass = 1 inertia { x = 1 y = 1 z = 1 }\n"
    "    mesh { file = bone.obj }\n"
    "    mesh { file = beside.obj }\n"
    "    mesh { file = stray.obj }\n"
    "  }\n"
    "}\n";

// Runs `body` with the working directory set to `dir`, restoring it after.
template <typename F>
void in_directory(const QString& dir, F&& body) {
    const QString previous = QDir::currentPath();
    QDir::setCurrent(dir);
    body();
    QDir::setCurrent(previous);
}

}  // namespace

class TestMeshFiles : public QObject {
    Q_OBJECT
private slots:
    void modelFolderThenGeometry() {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir("geometry"));
        QVERIFY(write(dir.filePath("geometry/bone.obj"), "v 0 0 0\n"));
        QVERIFY(write(dir.filePath("bone.obj"), "v 0 0 0\n"));  // the model's folder comes first
        const std::string folder = dir.path().toStdString();
        MeshFileLookup lookup = find_mesh_file(folder, "bone.obj");
        QCOMPARE(QString::fromStdString(lookup.path), dir.filePath("bone.obj"));
        QFile::remove(dir.filePath("bone.obj"));
        lookup = find_mesh_file(folder, "bone.obj");
        QCOMPARE(QString::fromStdString(lookup.path), dir.filePath("geometry/bone.obj"));
        // An absolute path is taken as given.
        lookup = find_mesh_file("/nowhere", dir.filePath("geometry/bone.obj").toStdString());
        QCOMPARE(QString::fromStdString(lookup.path), dir.filePath("geometry/bone.obj"));
    }

    void neverTheWorkingDirectory() {
        QTemporaryDir model_dir, work_dir;
        QVERIFY(QDir(model_dir.path()).mkdir("geometry"));
        QVERIFY(write(model_dir.filePath("geometry/bone.obj"), "v 0 0 0\n"));
        QVERIFY(write(model_dir.filePath("beside.obj"), "v 0 0 0\n"));
        QVERIFY(write(work_dir.filePath("stray.obj"), "v 0 0 0\n"));
        QVERIFY(write(work_dir.filePath("bone.obj"), "v 0 0 0\n"));
        const QString model_path = model_dir.filePath("model.hfd");
        QVERIFY(write(model_path, model_text));
        in_directory(work_dir.path(), [&] {
            QCOMPARE(find_mesh_file({}, "stray.obj").path, std::string());  // no folder: nothing relative
            const BuildResult built = load_model(model_path.toStdString());
            QVERIFY(built.ok());
            QCOMPARE(QString::fromStdString(built.model->directory), model_dir.path());
            QCOMPARE(QString::fromStdString(find_mesh_file(built.model->directory, "bone.obj").path),
                     model_dir.filePath("geometry/bone.obj"));
            // stray.obj sits in the working directory only: it is missing, at its mesh, line 5 column 5.
            QCOMPARE(built.diagnostics.size(), size_t(1));
            const Diagnostic& warning = built.diagnostics[0];
            QCOMPARE(warning.severity, Severity::Warning);
            QCOMPARE(QString::fromStdString(warning.location.file), model_path);
            QCOMPARE(warning.location.line, 5);
            QCOMPARE(warning.location.column, 5);
            const QString message = QString::fromStdString(warning.message);
            QVERIFY2(message.contains("'stray.obj' not found"), qPrintable(message));
            QVERIFY2(message.contains(model_dir.filePath("stray.obj")), qPrintable(message));
            QVERIFY2(message.contains(model_dir.filePath("geometry/stray.obj")), qPrintable(message));
            QVERIFY(!message.contains(work_dir.path()));
        });
    }

    void untitledModelHasNoFolder() {
        QCOMPARE(model_directory_of({}), std::string());
        const MeshFileLookup lookup = find_mesh_file({}, "bone.obj");
        QVERIFY(lookup.tried.empty());
        QVERIFY(missing_mesh_message("bone.obj", lookup).find("save it") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestMeshFiles)
#include "test_mesh_files.moc"
