// ModelViewer without a display (QT_QPA_PLATFORM=offscreen): it must build
// its scene description, report missing meshes and survive every call, even
// though Qt3D cannot render here.
#include "model_viewer.h"
#include "draw/scene_description.h"
#include "draw/snapshot.h"
#include "mesh_loader.h"
#include "scenario/scenario.h"
#include "scene_entities.h"

#include <cmath>

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
        for (auto preset :
             {ModelViewer::ViewPreset::Front, ModelViewer::ViewPreset::Side, ModelViewer::ViewPreset::Top})
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

    // Fit: the camera looks at the centre of the bounding box of the bodies' drawables
    // and meshes, every corner of the box is inside the view, and the box fills it
    // (a corner within the 8 % margin of an edge).
    // The walking sample's 20 s walk stays over the floor the view draws.
    void walking_sample_stays_over_the_floor() {
        std::vector<Diagnostic> diagnostics;
        const auto scenario = Scenario::load(std::string(HFD_SAMPLES_DIR) + "/gait/gait.scone", diagnostics);
        QVERIFY(scenario);
        const auto values = scenario->initial_values(diagnostics);
        QVERIFY(values);
        const ScenarioResult result = scenario->evaluate(*values);
        QVERIFY(result.distance > 10);  // it walked
        QVERIFY2(result.distance < ground_half_size, qPrintable(QString::number(result.distance)));
    }

    void fit_frames_the_bounding_box() {
        ModelViewer viewer;
        viewer.resize(400, 300);
        const Model model = small_model();
        viewer.setModel(model);
        viewer.setViewPreset(ModelViewer::ViewPreset::Front);
        viewer.fitToModel();
        PoseSnapshot pose;
        fill_snapshot(model, initial_state(model), nullptr, pose);
        const WorldBounds bounds = scene_bounds(describe_scene(model, load_mesh_file), pose.body_pos, pose.body_ori);
        QVERIFY(!bounds.empty);
        const OrbitCamera& camera = viewer.camera();
        QVERIFY((camera.target - 0.5 * (bounds.min + bounds.max)).norm() < 1e-9);
        const double aspect = double(viewer.width()) / viewer.height();
        double fullest = 0;
        for (int corner = 0; corner < 8; ++corner) {
            const Vec3 p((corner & 1) ? bounds.max.x() : bounds.min.x(), (corner & 2) ? bounds.max.y() : bounds.min.y(),
                         (corner & 4) ? bounds.max.z() : bounds.min.z());
            const Vec3 rel = p - camera.eye();
            const double depth = rel.dot(-camera.eye_direction());
            QVERIFY(depth > 0);
            const double half_height = depth * std::tan(camera.vertical_fov / 2);
            const double y = std::abs(rel.dot(camera.up())) / half_height;
            const double x = std::abs(rel.dot(camera.right())) / (half_height * aspect);
            QVERIFY2(x <= 1 && y <= 1, qPrintable(QString("corner %1: %2 %3").arg(corner).arg(x).arg(y)));
            fullest = std::max({fullest, x, y});
        }
        QVERIFY2(fullest > 0.85, qPrintable(QString::number(fullest)));
    }

    // A model opened with a state file far from its default pose (a SCONE model
    // starts 0.95 m under the floor without its state): the view frames the first
    // snapshot, then leaves the camera to the user (Keep in View off: it would
    // follow the model; test_overlay_render checks that).
    void first_snapshot_of_a_new_model_is_framed() {
        ModelViewer viewer;
        viewer.setKeepInView(false);
        viewer.resize(400, 300);
        const Model model = small_model();
        viewer.setModel(model);
        PoseSnapshot pose;
        fill_snapshot(model, initial_state(model), nullptr, pose);
        for (Vec3& p : pose.body_pos) p += Vec3(0, 5, 0);
        viewer.setSnapshot(pose);
        const WorldBounds bounds = scene_bounds(describe_scene(model, load_mesh_file), pose.body_pos, pose.body_ori);
        QVERIFY((viewer.camera().target - 0.5 * (bounds.min + bounds.max)).norm() < 1e-9);
        const OrbitCamera framed = viewer.camera();
        for (Vec3& p : pose.body_pos) p += Vec3(0, 3, 0);
        viewer.setSnapshot(pose);  // later poses move the model, not the camera
        QVERIFY((viewer.camera().target - framed.target).norm() < 1e-12);
        viewer.setModel(model);  // the same file again (an edit): the camera stays
        viewer.setSnapshot(pose);
        QVERIFY((viewer.camera().target - framed.target).norm() < 1e-12);
        // A camera placed by the caller (Fit, a view preset, the mouse) before the first pose is kept.
        Model other = model;
        other.file = "other.hfd";
        viewer.setModel(other);
        viewer.setViewPreset(ModelViewer::ViewPreset::Top);
        const OrbitCamera placed = viewer.camera();
        viewer.setSnapshot(pose);
        QVERIFY((viewer.camera().target - placed.target).norm() < 1e-12);
    }

    // Follow: each pose puts the followed body at the view centre (on the ray
    // through the middle pixel), keeping direction and distance; -1 stops it.
    void follow_keeps_the_body_at_the_view_centre() {
        ModelViewer viewer;
        viewer.setKeepInView(false);  // after following stops, the camera stays where it was
        viewer.resize(400, 300);
        const Model model = small_model();
        viewer.setModel(model);
        viewer.setViewPreset(ModelViewer::ViewPreset::Front);
        const double distance = viewer.camera().distance, yaw = viewer.camera().yaw;
        viewer.setFollowedBody(1);
        PoseSnapshot pose;
        fill_snapshot(model, initial_state(model), nullptr, pose);
        for (const Vec3& position : {Vec3(3, 1, 2), Vec3(-1, 0.5, 4)}) {
            pose.body_pos[1] = position;
            viewer.setSnapshot(pose);
            const OrbitCamera& camera = viewer.camera();
            QVERIFY((camera.target - position).norm() < 1e-12);
            QCOMPARE(camera.distance, distance);
            QCOMPARE(camera.yaw, yaw);
            Vec3 origin, direction;
            camera.pixel_ray(200, 150, 400, 300, origin, direction);
            const Vec3 to_body = position - origin;
            QVERIFY((to_body - to_body.dot(direction) * direction).norm() < 1e-9);
        }
        viewer.setFollowedBody(-1);
        pose.body_pos[1] = Vec3(10, 10, 10);
        viewer.setSnapshot(pose);
        QVERIFY((viewer.camera().target - Vec3(-1, 0.5, 4)).norm() < 1e-12);
    }
};

QTEST_MAIN(TestModelViewer)
#include "test_model_viewer.moc"
