// What gets drawn: shapes and their extents, meshes found next to the model
// or in geometry/, missing meshes as placeholders with a located warning.
#include "draw/scene_description.h"
#include "model/build_model.h"
#include "state/kinematics.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>
#include <fstream>
#include <sstream>

using namespace hfd;

namespace {

const char* triangle_obj = "v 0 0 0\nv 0.2 0 0\nv 0 0.4 0\nf 1 2 3\n";

Mesh file_mesh(const std::string& file, Index body, int line) {
    Mesh mesh;
    mesh.file = file;
    mesh.body = body;
    mesh.location = {"model.hfd", line, 3};
    return mesh;
}

// The engine reads no mesh format itself: this loader reads the "v x y z" and
// "f a b c" lines the test writes, and fails like the viewer's for other files.
MeshLoadResult load_test_mesh(const std::string& path) {
    MeshLoadResult result;
    std::ifstream file(path);
    if (path.size() < 4 || path.substr(path.size() - 4) != ".obj") result.error = "unsupported mesh format";
    else if (!file) result.error = "cannot open " + path;
    for (std::string line; result.ok() && std::getline(file, line);) {
        std::istringstream words(line);
        std::string kind;
        words >> kind;
        if (kind == "v") {
            Eigen::Vector3f p;
            words >> p.x() >> p.y() >> p.z();
            result.mesh.positions.push_back(p);
        } else if (kind == "f") {
            std::array<std::uint32_t, 3> t;
            words >> t[0] >> t[1] >> t[2];
            result.mesh.triangles.push_back({t[0] - 1, t[1] - 1, t[2] - 1});
        }
    }
    compute_vertex_normals(result.mesh);
    return result;
}

}  // namespace

class TestSceneDescription : public QObject {
    Q_OBJECT
private slots:
    void shapes_and_bare_bodies() {
        Model model;
        model.bodies.resize(3);
        model.bodies[0].mass = 0;
        model.bodies[1].mass = 2;
        // a uniform solid sphere of radius 0.1: I = 2/5 m r^2
        model.bodies[2].mass = 4;
        model.bodies[2].inertia = Vec3::Constant(0.4 * 4 * 0.01);
        Geometry ground;
        ground.body = 0;
        ground.shape.type = ShapeType::Plane;
        Geometry capsule;
        capsule.body = 1;
        capsule.shape.type = ShapeType::Capsule;
        capsule.shape.radius = 0.05;
        capsule.shape.height = 0.3;
        model.geometries = {ground, capsule};
        const SceneDescription scene = describe_scene(model, load_test_mesh);
        QVERIFY(scene.warnings.empty());
        QCOMPARE(scene.drawables.size(), std::size_t(3));
        QCOMPARE(scene.drawables[0].shape, DrawShape::Plane);
        QVERIFY(!scene.drawables[0].pickable());
        QCOMPARE(scene.drawables[1].shape, DrawShape::Capsule);
        QVERIFY(scene.drawables[1].local_max.isApprox(Vec3(0.05, 0.2, 0.05)));  // h/2 + r along y
        QCOMPARE(scene.drawables[2].body, 2);
        QCOMPARE(scene.drawables[2].shape, DrawShape::Ellipsoid);
        QVERIFY(scene.drawables[2].half_dim.isApprox(Vec3::Constant(0.1), 1e-9));
    }

    void meshes_resolved_and_missing() {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir("geometry"));
        for (const QString& path : {dir.filePath("here.obj"), dir.filePath("geometry/bone.obj")}) {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(triangle_obj);
        }
        Model model;
        model.directory = dir.path().toStdString();
        model.bodies.resize(1);
        model.bodies[0].mass = 1;
        Mesh scaled = file_mesh("bone.obj", 0, 7);
        scaled.scale = Vec3(2, 1, 1);
        Mesh colored = file_mesh("here.obj", 0, 8);
        colored.has_color = true;
        colored.color = Eigen::Vector4d(1, 0, 0, 1);
        model.meshes = {scaled, colored, file_mesh("missing.vtp", 0, 9), file_mesh("broken.stl", 0, 10)};
        const SceneDescription scene = describe_scene(model, load_test_mesh);

        // the two missing files are not drawn: the body shows its two loaded meshes
        QCOMPARE(scene.drawables.size(), std::size_t(2));
        QCOMPARE(scene.drawables[0].shape, DrawShape::Mesh);
        QCOMPARE(scene.drawables[0].mesh->triangles.size(), std::size_t(1));
        QVERIFY(scene.drawables[0].local_max.isApprox(Vec3(0.4, 0.4, 0), 1e-6));  // scaled extent
        QCOMPARE(scene.drawables[1].shape, DrawShape::Mesh);
        QCOMPARE(scene.drawables[1].color, Eigen::Vector4d(1, 0, 0, 1));
        for (const Drawable& d : scene.drawables) QVERIFY(!d.placeholder);

        QCOMPARE(scene.warnings.size(), std::size_t(2));
        QCOMPARE(scene.warnings[0].severity, Severity::Warning);
        QCOMPARE(scene.warnings[0].location.line, 9);
        QCOMPARE(scene.warnings[0].location.file, std::string("model.hfd"));
        QVERIFY(scene.warnings[0].message.find("missing.vtp") != std::string::npos);
        // the same message as hfd info / hfd simulate: every path tried
        const std::string tried = QDir(dir.path()).filePath("geometry/missing.vtp").toStdString();
        QVERIFY2(scene.warnings[0].message.find(tried) != std::string::npos, scene.warnings[0].message.c_str());
        QCOMPARE(scene.warnings[1].location.line, 10);

        // A body whose only meshes are missing is drawn as its inertia ellipsoid, in the
        // colour of a body without shapes (a neutral stand-in, not a signal-coloured cube);
        // a body with a contact geometry shows that instead.
        model.bodies.resize(3);
        model.bodies[1].mass = 2;
        model.bodies[1].inertia = Vec3(0.02, 0.01, 0.02);
        model.bodies[2].mass = 1;
        model.meshes = {file_mesh("missing.vtp", 1, 9), file_mesh("missing.vtp", 2, 10)};
        Geometry sphere;
        sphere.body = 2;
        sphere.shape.type = ShapeType::Sphere;
        sphere.shape.radius = 0.05;
        model.geometries = {sphere};
        const SceneDescription missing = describe_scene(model, load_test_mesh);
        QCOMPARE(missing.warnings.size(), std::size_t(2));
        Model bare = model;
        bare.meshes.clear();
        const SceneDescription without_meshes = describe_scene(bare, load_test_mesh);
        const Drawable* stand_in = nullptr;
        int on_body_2 = 0;
        for (const Drawable& d : missing.drawables) {
            if (d.body == 1) stand_in = &d;
            if (d.body == 2) ++on_body_2;
        }
        QVERIFY(stand_in);
        QCOMPARE(on_body_2, 1);  // the sphere only
        QVERIFY(stand_in->placeholder);
        QCOMPARE(stand_in->shape, DrawShape::Ellipsoid);
        // I_x = m (b^2 + c^2) / 5 gives the semi-axes: a^2 = 5 (I_y + I_z - I_x) / (2 m)
        QVERIFY(stand_in->half_dim.isApprox(Vec3(std::sqrt(5 * 0.01 / 4), std::sqrt(5 * 0.03 / 4),
                                                 std::sqrt(5 * 0.01 / 4)), 1e-12));
        for (const Drawable& d : without_meshes.drawables)
            if (d.body == 1) QCOMPARE(stand_in->color, d.color);  // the bare body's colour
    }

    void bounds_follow_body_pose() {
        Model model;
        model.bodies.resize(1);
        Geometry box;
        box.body = 0;
        box.shape.type = ShapeType::Box;
        box.shape.half_dim = Vec3(0.1, 0.2, 0.3);
        model.geometries = {box};
        const SceneDescription scene = describe_scene(model, load_test_mesh);
        const Quat quarter_turn_x(Eigen::AngleAxisd(1.5707963267948966, Vec3::UnitX()));
        const WorldBounds bounds = scene_bounds(scene, {Vec3(1, 2, 3)}, {quarter_turn_x});
        QVERIFY(!bounds.empty);
        // Rx(90) swaps the y and z extents
        QVERIFY(bounds.min.isApprox(Vec3(0.9, 1.7, 2.8), 1e-9));
        QVERIFY(bounds.max.isApprox(Vec3(1.1, 2.3, 3.2), 1e-9));
    }

    // A shape's scale stretches it as a file's: a scaled sphere is an ellipsoid.
    void shapes_are_stretched_by_their_scale() {
        Model model;
        model.bodies.resize(2);
        Mesh ellipsoid;
        ellipsoid.body = 1;
        ellipsoid.shape.type = ShapeType::Sphere;
        ellipsoid.shape.radius = 0.1;
        ellipsoid.scale = Vec3(1, 2, -3);
        model.meshes.push_back(ellipsoid);
        const SceneDescription scene = describe_scene(model, load_test_mesh);
        QVERIFY(!scene.drawables.empty());
        const Drawable& d = scene.drawables[0];  // meshes come before the bare bodies' ellipsoids
        QCOMPARE(d.shape, DrawShape::Sphere);
        QVERIFY(d.local_max.isApprox(Vec3(0.1, 0.2, 0.3), 1e-12));
        QVERIFY(d.local_min.isApprox(Vec3(-0.1, -0.2, -0.3), 1e-12));
        QVERIFY(d.scale.isApprox(Vec3(1, 2, -3)));
    }

    // The human sample reads as a body: standing, a head tops it at a person's
    // height, above shoulders at a person's width; every body has a visual shape
    // besides its contact spheres (so the view draws those see-through), and
    // the visuals are all mesh components, which do not enter the simulation.
    void human_sample_has_a_head_and_visual_shapes() {
        BuildResult built = load_model(HFD_SAMPLES_DIR "/human3d.hfd");
        QVERIFY(built.ok());
        const Model& model = *built.model;
        const SceneDescription scene = describe_scene(model, load_test_mesh);
        const State state = initial_state(model);
        WorldBounds all = scene_bounds(scene, state.pos, state.ori);
        QVERIFY2(all.max.y() > 1.6 && all.max.y() < 1.9, qPrintable(QString::number(all.max.y())));
        const Index torso = model.find_body("torso");
        QVERIFY(torso != no_index);
        double head_top = 0;
        std::vector<bool> has_visual(model.bodies.size(), false);
        for (const Drawable& d : scene.drawables) {
            if (d.contact || d.shape == DrawShape::Plane) continue;
            QVERIFY(!d.placeholder);
            has_visual[d.body] = true;
            Vec3 pos;
            Quat ori;
            drawable_world_pose(d, state.pos, state.ori, pos, ori);
            if (d.body == torso) head_top = std::max(head_top, pos.y() + std::abs((ori * d.local_max).y()));
        }
        QCOMPARE(head_top, all.max.y());  // the highest shape is on the torso: its head
        for (const Geometry& g : model.geometries)
            if (g.shape.type != ShapeType::Plane) QVERIFY2(has_visual[g.body], g.name.c_str());
        QCOMPARE(model.meshes.size(), scene.drawables.size() - model.geometries.size());
    }

    void planar_models_lie_in_the_x_y_plane() {
        Model model;
        QVERIFY(!is_planar_model(model));
        model.bodies.resize(2);
        model.bodies[1].pos = Vec3(0.3, 1, 0);
        model.bodies[1].ori = Quat(Eigen::AngleAxisd(0.4, Vec3::UnitZ()));
        QVERIFY(is_planar_model(model));
        model.bodies[1].pos.z() = 0.08;  // a right leg beside the pelvis
        QVERIFY(!is_planar_model(model));
        model.bodies[1].pos.z() = 0;
        model.bodies[1].ori = Quat(Eigen::AngleAxisd(0.4, Vec3::UnitY()));
        QVERIFY(!is_planar_model(model));
    }
};

QTEST_APPLESS_MAIN(TestSceneDescription)
#include "test_scene_description.moc"
