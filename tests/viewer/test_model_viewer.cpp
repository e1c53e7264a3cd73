// ModelViewer without a display (QT_QPA_PLATFORM=offscreen): it must build
// its scene description, report missing meshes and survive every call, even
// though Qt3D cannot render here.
#include "model_viewer.h"

#include <QSignalSpy>
#include <QtTest>

using namespace hfd;

namespace {

Model small_model() {
    Model model;
    model.file = "inline.hfd";
    model.directory = "/nonexistent-model-dir";
    model.bodies.resize(2);
    model.bodies[0].name = "ground";
    model.bodies[1].name = "box";
    model.bodies[1].mass = 1;
    model.bodies[1].pos = Vec3(0, 1, 0);
    Geometry ground;
    ground.body = 0;
    ground.shape.type = ShapeType::Plane;
    model.geometries.push_back(ground);
    Mesh missing;
    missing.file = "femur.vtp";
    missing.body = 1;
    missing.location = {"inline.hfd", 12, 5};
    model.meshes.push_back(missing);
    Joint joint;
    joint.parent = 0;
    joint.child = 1;
    joint.pos_in_child = Vec3(0, -1, 0);
    model.joints.push_back(joint);
    Muscle muscle;
    muscle.path = {{0, Vec3(0.2, 0, 0)}, {1, Vec3(0.1, 0, 0)}};
    model.muscles.push_back(muscle);
    return model;
}

}  // namespace

class TestModelViewer : public QObject {
    Q_OBJECT
private slots:
    void survives_without_opengl() {
        ModelViewer viewer;
        viewer.resize(320, 240);
        viewer.show();
        const Model model = small_model();
        viewer.setModel(model);
        QCOMPARE(viewer.warnings().size(), std::size_t(1));
        QCOMPARE(viewer.warnings()[0].location.line, 12);
        QCOMPARE(viewer.warnings()[0].severity, Severity::Warning);

        PoseSnapshot snapshot;
        snapshot.body_pos = {Vec3::Zero(), Vec3(0.5, 1, 0)};
        snapshot.body_ori = {Quat::Identity(), Quat::Identity()};
        snapshot.muscle_activation = {0.7};
        snapshot.muscle_path = {{Vec3(0.2, 0, 0), Vec3(0.6, 1, 0)}};
        snapshot.contacts = {{Vec3(0, 0, 0), Vec3(0, 100, 0)}};
        snapshot.joint_displacement = {Vec3(0.001, 0, 0)};
        viewer.setSnapshot(snapshot);
        viewer.setSnapshot(PoseSnapshot());  // mismatched sizes are ignored
        viewer.selectBody(1);
        viewer.selectBody(7);
        viewer.setShowBodyFrames(true);
        viewer.setShowCentersOfMass(true);
        viewer.setJointDisplacementExaggeration(100);
        for (auto preset : {ModelViewer::ViewPreset::Front, ModelViewer::ViewPreset::Side, ModelViewer::ViewPreset::Top})
            viewer.setViewPreset(preset);
        viewer.fitToModel();
        viewer.resetView();
        const QImage image = viewer.grabImage();
        QVERIFY(!image.isNull());

        viewer.setModel(model);  // rebuild
        viewer.clearModel();
        QVERIFY(viewer.warnings().empty());
        viewer.fitToModel();
        QVERIFY(!viewer.grabImage().isNull());
    }
};

QTEST_MAIN(TestModelViewer)
#include "test_model_viewer.moc"
