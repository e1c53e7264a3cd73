// Ray picking against body shapes.
#include "mesh_loader.h"
#include "picking.h"

#include <QtTest>

using namespace hfd;

namespace {

Model boxes_model() {
    Model model;
    model.bodies.resize(2);
    for (Index b = 0; b < 2; ++b) {
        Geometry box;
        box.body = b;
        box.shape.type = ShapeType::Box;
        box.shape.half_dim = Vec3(0.1, 0.5, 0.1);
        model.geometries.push_back(box);
    }
    return model;
}

}  // namespace

class TestPicking : public QObject {
    Q_OBJECT
private slots:
    void slab_distance() {
        QCOMPARE(ray_box_distance(Vec3(0, 0, 5), Vec3(0, 0, -1), Vec3::Constant(-1), Vec3::Constant(1)), 4.0);
        QCOMPARE(ray_box_distance(Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3::Constant(-1), Vec3::Constant(1)), 0.0);
        QVERIFY(ray_box_distance(Vec3(0, 2, 5), Vec3(0, 0, -1), Vec3::Constant(-1), Vec3::Constant(1)) < 0);
        QVERIFY(ray_box_distance(Vec3(0, 0, 5), Vec3(0, 0, 1), Vec3::Constant(-1), Vec3::Constant(1)) < 0);
    }

    void nearest_body_wins() {
        const SceneDescription scene = describe_scene(boxes_model(), load_mesh_file);
        // body 1 in front of body 0 along the ray from +z
        const std::vector<Vec3> pos = {Vec3(0, 0, 0), Vec3(0, 0, 1)};
        const std::vector<Quat> ori = {Quat::Identity(), Quat::Identity()};
        const PickResult hit = pick_body(scene, pos, ori, Vec3(0, 0.4, 10), Vec3(0, 0, -1));
        QCOMPARE(hit.body, 1);
        QVERIFY(std::abs(hit.distance - 8.9) < 1e-12);
        QCOMPARE(pick_body(scene, pos, ori, Vec3(0.5, 0, 10), Vec3(0, 0, -1)).body, no_index);
    }

    void rotated_body() {
        const SceneDescription scene = describe_scene(boxes_model(), load_mesh_file);
        // body 0 lying along x after a quarter turn about z; body 1 far away
        const std::vector<Vec3> pos = {Vec3(0, 0, 0), Vec3(10, 10, 10)};
        const std::vector<Quat> ori = {Quat(Eigen::AngleAxisd(1.5707963267948966, Vec3::UnitZ())), Quat::Identity()};
        QCOMPARE(pick_body(scene, pos, ori, Vec3(0.4, 0, 10), Vec3(0, 0, -1)).body, 0);
        QCOMPARE(pick_body(scene, pos, ori, Vec3(0, 0.4, 10), Vec3(0, 0, -1)).body, no_index);
    }
};

QTEST_APPLESS_MAIN(TestPicking)
#include "test_picking.moc"
