// Orbit camera: presets look along the documented axes, the centre pixel ray
// goes through the target, fit keeps the whole box in view.
#include "camera_controller.h"

#include <QtTest>

#include <cmath>

using namespace hfd;

namespace {
bool near(const Vec3& a, const Vec3& b, double tol = 1e-9) { return (a - b).norm() <= tol; }
}  // namespace

class TestCameraController : public QObject {
    Q_OBJECT
private slots:
    void presets() {
        OrbitCamera camera;
        camera.target = Vec3(1, 1, 0);
        camera.distance = 3;
        // Anatomical names for a model facing +x, z to its right: Front looks at its
        // face (the frontal plane, its right side on the viewer's left) ...
        apply_camera_preset(camera, CameraPreset::Front);
        QVERIFY(near(camera.eye(), Vec3(4, 1, 0)));
        QVERIFY(near(camera.right(), -Vec3::UnitZ()));
        QVERIFY(near(camera.up(), Vec3::UnitY()));
        // ... Side at its right side (the sagittal plane, walking towards the right of the screen).
        apply_camera_preset(camera, CameraPreset::Side);
        QVERIFY(near(camera.eye(), Vec3(1, 1, 3)));
        QVERIFY(near(camera.right(), Vec3::UnitX()));
        QVERIFY(near(camera.up(), Vec3::UnitY()));
        apply_camera_preset(camera, CameraPreset::Top);
        QVERIFY(near(camera.eye(), Vec3(1, 4, 0)));
        QVERIFY(near(camera.right(), Vec3::UnitX()));
    }

    // A planar model opens seen from the side (screen x along world x, no depth
    // along x), a 3D one from its front right; both at eye level.
    void default_views() {
        OrbitCamera camera;
        apply_default_view(camera, true);
        QVERIFY(std::abs(camera.right().dot(Vec3::UnitX())) > 0.999);
        QVERIFY(std::abs(camera.eye_direction().x()) < 1e-12);
        QVERIFY(std::abs(camera.eye_direction().y()) < 1e-12);
        apply_default_view(camera, false);
        const Vec3 towards_eye = camera.eye_direction();
        QVERIFY(towards_eye.x() > 0.2 && towards_eye.z() > 0.2 && std::abs(towards_eye.y()) < 1e-12);
    }

    void pixel_rays() {
        OrbitCamera camera;
        camera.target = Vec3(0, 1, 0);
        camera.distance = 2;
        camera.orbit(37, -12);
        Vec3 origin, direction;
        camera.pixel_ray(400, 300, 800, 600, origin, direction);
        QVERIFY(near(origin, camera.eye()));
        QVERIFY(near(direction, -camera.eye_direction()));
        // the top edge of the image is half the vertical field of view above the axis
        camera.pixel_ray(400, 0, 800, 600, origin, direction);
        QVERIFY(std::abs(std::acos(direction.dot(-camera.eye_direction())) - camera.vertical_fov / 2) < 1e-9);
        QVERIFY(direction.dot(camera.up()) > 0);
    }

    void pan_follows_cursor_and_zoom() {
        OrbitCamera camera;
        camera.distance = 2;
        const Vec3 before = camera.target;
        camera.pan(0, 600, 600);  // a full-height drag down moves the view up by its height
        const double view_height = 2 * camera.distance * std::tan(camera.vertical_fov / 2);
        QVERIFY(near(camera.target - before, view_height * Vec3::UnitY()));
        camera.zoom(1);
        QVERIFY(camera.distance < 2);
        camera.orbit(0, 1e6);
        QVERIFY(camera.pitch <= 1.5707963267948966);
    }

    // The wheel zooms about the cursor: the world point under it (on the target's
    // plane) stays under it, the distance shrinks as a plain zoom's does; at the
    // centre it is the plain zoom.
    void zoom_towards_cursor_keeps_the_point_under_it() {
        OrbitCamera camera;
        camera.target = Vec3(0.3, 1.1, -0.2);
        camera.distance = 3;
        camera.yaw = 0.6;
        camera.pitch = 0.25;
        const double width = 800, height = 500, x = 650, y = 120;
        Vec3 origin, direction;
        camera.pixel_ray(x, y, width, height, origin, direction);
        const double along = -direction.dot(camera.eye_direction());
        const Vec3 under = origin + (camera.distance / along) * direction;
        const OrbitCamera before = camera;
        OrbitCamera plain = camera;
        plain.zoom(2);
        camera.zoom_towards(2, x, y, width, height);
        QCOMPARE(camera.distance, plain.distance);
        QVERIFY(!near(camera.target, plain.target, 1e-3));
        Vec3 origin_after, direction_after;
        camera.pixel_ray(x, y, width, height, origin_after, direction_after);
        // `under` lies on the new ray through the same pixel
        const Vec3 to_under = under - origin_after;
        QVERIFY((to_under - to_under.dot(direction_after) * direction_after).norm() < 1e-9);
        OrbitCamera centred = before;
        plain = before;
        plain.zoom(-1);
        centred.zoom_towards(-1, width / 2, height / 2, width, height);
        QVERIFY(near(centred.target, plain.target, 1e-12));
        QCOMPARE(centred.distance, plain.distance);
    }

    // A point inside the middle of the view leaves the camera alone; one outside
    // moves only the target, and just enough: afterwards it sits on the border of
    // the middle region, at the same depth, and the view direction is unchanged.
    void keep_in_view_moves_the_target_just_enough() {
        OrbitCamera camera;
        camera.target = Vec3(0, 1, 0);
        camera.distance = 4;
        camera.yaw = 0.4;
        const double aspect = 1.6;
        const OrbitCamera before = camera;
        QVERIFY(!keep_in_view(camera, Vec3(0.1, 1.1, 0), aspect, 0.6));
        QVERIFY(near(camera.target, before.target));
        const Vec3 fallen = Vec3(0, 1, 0) + 3.0 * camera.right() - 2.0 * camera.up();  // right of and below the view
        const ViewPoint outside = view_point(camera, fallen, aspect);
        QVERIFY(outside.x > 1 && outside.y < -1);
        QVERIFY(keep_in_view(camera, fallen, aspect, 0.6));
        const ViewPoint after = view_point(camera, fallen, aspect);
        QVERIFY(std::abs(after.x - 0.6) < 1e-9);
        QVERIFY(std::abs(after.y + 0.6) < 1e-9);
        QVERIFY(std::abs(after.depth - outside.depth) < 1e-9);
        QCOMPARE(camera.distance, before.distance);
        QVERIFY(near(camera.eye_direction(), before.eye_direction()));
        // behind the eye: it becomes the target
        const Vec3 behind = camera.eye() + camera.eye_direction();
        QVERIFY(keep_in_view(camera, behind, aspect));
        QVERIFY(near(camera.target, behind));
    }

    void fit_contains_box() {
        OrbitCamera camera;
        apply_camera_preset(camera, CameraPreset::Front);
        const Vec3 lo(-0.5, 0, -0.2), hi(1.5, 1.8, 0.2);
        fit_camera(camera, lo, hi, 0.5);  // tall narrow view: width limits
        QVERIFY(near(camera.target, 0.5 * (lo + hi)));
        for (int corner = 0; corner < 8; ++corner) {
            const Vec3 p((corner & 1) ? hi.x() : lo.x(), (corner & 2) ? hi.y() : lo.y(),
                         (corner & 4) ? hi.z() : lo.z());
            const Vec3 rel = p - camera.eye();
            const double depth = rel.dot(-camera.eye_direction());
            QVERIFY(depth > 0);
            const double half_height = depth * std::tan(camera.vertical_fov / 2);
            QVERIFY(std::abs(rel.dot(camera.up())) < half_height);
            QVERIFY(std::abs(rel.dot(camera.right())) < half_height * 0.5);
        }
    }
};

QTEST_APPLESS_MAIN(TestCameraController)
#include "test_camera_controller.moc"
