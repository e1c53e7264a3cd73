// Ctrl+left-drag on a body pushes it: the view sends a force on the picked body
// along the drag (in the view plane, proportional to its length and the body's
// mass) and a zero force on release; a plain drag orbits the camera and pushes
// nothing. Driven by synthetic mouse events on the widget (no 3D window is
// needed: the offscreen view picks and drags the same way).
#include "model/build_model.h"
#include "model_viewer.h"
#include "push_drag.h"
#include "render_test_support.h"

#include <QSignalSpy>
#include <QtTest>
#include <cmath>

using namespace hfd;

Q_DECLARE_METATYPE(hfd::Vec3)

namespace {

const char* model_path = HFD_SAMPLES_DIR "/pendulum.hfd";

// The pixel of the view where it shows the centre of mass of `body`.
QPoint pixel_over(const ModelViewer& viewer, Index body) {
    return test::project(viewer.camera(), viewer.width(), viewer.height(), viewer.snapshot().body_pos[body]);
}

}  // namespace

class TestPushDrag : public QObject {
    Q_OBJECT
    Model model_;
    Index rod_ = no_index;

    void showModel(ModelViewer& viewer) {
        QVERIFY(test::show_model(viewer, model_, QSize(480, 360), ModelViewer::ViewPreset::Side));
    }

private slots:
    void initTestCase() {
        qRegisterMetaType<hfd::Vec3>();
        BuildResult built = load_model(model_path);
        QVERIFY(built.ok());
        model_ = *built.model;
        rod_ = model_.find_body("rod");
        QVERIFY(rod_ != no_index);
        QVERIFY(model_.bodies[rod_].mass > 0);
    }

    void viewPlanePointLiesUnderTheCursorAtTheGrabbedDepth() {
        OrbitCamera camera;
        const Vec3 through(0.2, 1.1, -0.3);
        const Vec3 point = view_plane_point(camera, 130.5, 70.5, 400, 300, through);
        QVERIFY(std::abs(camera.eye_direction().dot(point - through)) < 1e-12);  // in the view plane
        Vec3 origin, direction;
        camera.pixel_ray(130.5, 70.5, 400, 300, origin, direction);
        QVERIFY(((point - origin).normalized() - direction).norm() < 1e-9);  // on the cursor's ray
        QVERIFY((push_force(2, Vec3(0.1, 0, 0)) - Vec3(2 * push_stiffness * 0.1, 0, 0)).norm() < 1e-12);
    }

    void ctrlDragPushesThePickedBodyAlongTheDrag() {
        ModelViewer viewer;
        showModel(viewer);
        const QPoint start = pixel_over(viewer, rod_);
        QVERIFY2(QRect(QPoint(0, 0), viewer.size()).contains(start), "the rod is out of view");
        QSignalSpy pushes(&viewer, &ModelViewer::pushForceChanged);
        const double yaw = viewer.camera().yaw, pitch = viewer.camera().pitch;

        QTest::mousePress(&viewer, Qt::LeftButton, Qt::ControlModifier, start);
        QTest::mouseMove(&viewer, start + QPoint(60, 0));
        QVERIFY(pushes.size() >= 2);  // the grab (zero spring) and the drag
        QCOMPARE(pushes.last().at(0).toInt(), int(rod_));
        const Vec3 right_force = pushes.last().at(1).value<Vec3>();
        QVERIFY(right_force.norm() > 0);
        // Screen right is the camera's right; no component along the view direction.
        QVERIFY2(right_force.normalized().dot(viewer.camera().right()) > 0.999, "push not along the drag");
        QVERIFY(std::abs(right_force.dot(viewer.camera().eye_direction())) < 1e-9 * right_force.norm());

        QTest::mouseMove(&viewer, start + QPoint(0, -120));  // up, twice as far
        const Vec3 up_force = pushes.last().at(1).value<Vec3>();
        QVERIFY(up_force.normalized().dot(viewer.camera().up()) > 0.999);
        QVERIFY(std::abs(up_force.norm() / right_force.norm() - 2) < 1e-6);  // proportional to the drag

        QTest::mouseRelease(&viewer, Qt::LeftButton, Qt::ControlModifier, start + QPoint(0, -120));
        QCOMPARE(pushes.last().at(0).toInt(), int(rod_));
        QVERIFY(pushes.last().at(1).value<Vec3>().isZero());  // released
        QCOMPARE(viewer.camera().yaw, yaw);                   // the camera did not orbit
        QCOMPARE(viewer.camera().pitch, pitch);
    }

    void plainDragOrbitsAndPushesNothing() {
        ModelViewer viewer;
        showModel(viewer);
        const QPoint start = pixel_over(viewer, rod_);
        QVERIFY(QRect(QPoint(0, 0), viewer.size()).contains(start));
        QSignalSpy pushes(&viewer, &ModelViewer::pushForceChanged);
        const double yaw = viewer.camera().yaw;
        QTest::mousePress(&viewer, Qt::LeftButton, Qt::NoModifier, start);
        QTest::mouseMove(&viewer, start + QPoint(30, 0));
        QTest::mouseMove(&viewer, start + QPoint(60, 0));
        QTest::mouseRelease(&viewer, Qt::LeftButton, Qt::NoModifier, start + QPoint(60, 0));
        QCOMPARE(pushes.size(), 0);
        QVERIFY(viewer.camera().yaw != yaw);  // orbited as before
    }

    void ctrlDragOnTheBackgroundOrbits() {
        ModelViewer viewer;
        showModel(viewer);
        QSignalSpy clicks(&viewer, &ModelViewer::bodyClicked);
        QTest::mouseClick(&viewer, Qt::LeftButton, Qt::NoModifier, QPoint(2, 2));
        QCOMPARE(clicks.size(), 1);
        QCOMPARE(clicks.last().at(0).toInt(), -1);  // the corner shows no body
        QSignalSpy pushes(&viewer, &ModelViewer::pushForceChanged);
        const double yaw = viewer.camera().yaw;
        QTest::mousePress(&viewer, Qt::LeftButton, Qt::ControlModifier, QPoint(2, 2));
        QTest::mouseMove(&viewer, QPoint(40, 2));
        QTest::mouseRelease(&viewer, Qt::LeftButton, Qt::ControlModifier, QPoint(40, 2));
        QCOMPARE(pushes.size(), 0);
        QVERIFY(viewer.camera().yaw != yaw);
    }
};

QTEST_MAIN(TestPushDrag)
#include "test_push_drag.moc"
