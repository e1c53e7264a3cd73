// The overlays as rendered (xvfb with Mesa; skipped on the offscreen platform):
// joints coloured by their displacement's magnitude and listed in the legend
// with the scale in mm; a body's ground reaction shows around the contact
// arrow it equals (wider, behind it); the contact point shows at the arrow's tail; the camera
// keeps a model that moves away in view.
#include "model_viewer.h"
#include "overlay_legend.h"
#include "overlay_palette.h"
#include "render_test_support.h"

#include <QGuiApplication>
#include <QtTest>

using namespace hfd;

namespace {

// The red box with two joints to the ground, at (-0.5, 0.3, 0) and (0.5, 0.3, 0).
Model box_with_joints() {
    Model model = test::red_box_model(0.5);
    for (double x : {-0.5, 0.5}) {
        Joint joint;
        joint.parent = 0;
        joint.child = 1;
        joint.pos_in_parent = Vec3(x, 0.3, 0);
        joint.pos_in_child = Vec3(x, -0.2, 0);
        model.joints.push_back(joint);
    }
    return model;
}

PoseSnapshot box_pose(const Vec3& box) {
    PoseSnapshot pose;
    pose.body_pos = {Vec3::Zero(), box};
    pose.body_ori = {Quat::Identity(), Quat::Identity()};
    return pose;
}

QColor mean_colour(const QImage& frame, QPoint pixel, int half = 1) {
    int r = 0, g = 0, b = 0, n = 0;
    for (int dy = -half; dy <= half; ++dy)
        for (int dx = -half; dx <= half; ++dx) {
            const QColor c = frame.pixelColor(pixel + QPoint(dx, dy));
            r += c.red(), g += c.green(), b += c.blue(), ++n;
        }
    return QColor(r / n, g / n, b / n);
}

bool lighter(QColor a, QColor b) { return a.lightness() > b.lightness() + 60; }

}  // namespace

class TestOverlayRender : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        const QString platform = QGuiApplication::platformName();
        if (platform == "offscreen" || platform == "minimal")
            QSKIP("needs a display with OpenGL: runs as viewer_test_overlay_render_xvfb");
    }

    // At x1 the child anchors sit on the parent anchors: only the colour tells a
    // 0.5 mm displacement (dark end of the ramp) from a 4.5 mm one (light end).
    void joints_are_coloured_by_displacement() {
        ModelViewer viewer;
        QVERIFY(test::show_model(viewer, box_with_joints(), QSize(800, 500), ModelViewer::ViewPreset::Side));
        OverlayOptions options;
        options.joint_displacement = true;
        viewer.setOverlayOptions(options);
        PoseSnapshot pose = box_pose(Vec3(0, 0.5, 0));
        pose.joint_displacement = {Vec3(0.0005, 0, 0), Vec3(0, 0.0045, 0)};
        viewer.setSnapshot(pose);
        const OrbitCamera camera = viewer.camera();
        auto shows = [&](const QImage& frame) {
            const QColor small = mean_colour(frame, test::project(camera, frame, Vec3(-0.5, 0.3, 0)));
            const QColor large = mean_colour(frame, test::project(camera, frame, Vec3(0.5, 0.3045, 0)));
            return lighter(large, small) && large.green() > large.blue() && small.blue() > small.green();
        };
        QVERIFY2(!viewer.grabImageWhen(shows).isNull(), "the joints are not coloured by their displacement");
        const std::vector<LegendEntry>& entries = viewer.legend()->entries();
        auto joints = std::find_if(entries.begin(), entries.end(),
                                   [](const LegendEntry& e) { return e.overlay == Overlay::JointDisplacement; });
        QVERIFY(joints != entries.end());
        QCOMPARE(joints->high_text, QStringLiteral("5 mm"));
        QVERIFY(viewer.legend()->isVisible());
        QVERIFY(viewer.renderArea().bottom() < viewer.legend()->geometry().top());
    }

    // One contact on the box: its ground reaction is the same force at the same
    // point. Wider and behind it, the reaction shows beside the contact arrow's
    // shaft, and the contact arrow still shows inside it; the contact point's dot
    // shows below the arrow's tail.
    void overlapping_arrows_and_points_stay_visible() {
        ModelViewer viewer;
        const Model model = box_with_joints();
        QVERIFY(test::show_model(viewer, model, QSize(800, 500), ModelViewer::ViewPreset::Side));
        OverlayOptions options;
        options.muscles = false;
        options.contact_forces = options.ground_reactions = options.contact_points = true;
        viewer.setOverlayOptions(options);
        PoseSnapshot pose = box_pose(Vec3(0, 0.5, 0));
        const Vec3 point(-0.45, 0.1, 0);                                  // beside the box
        const double weight = model.total_mass() * model.gravity.norm();  // 1 m of arrow
        pose.contacts = {{point, Vec3(0, 0.6 * weight, 0), 1}};
        viewer.setSnapshot(pose);
        const OrbitCamera camera = viewer.camera();
        const QColor blue = overlay_color(Overlay::ContactPoints);
        auto close_to = [](QColor c, QColor to, int tolerance) {
            return std::abs(c.red() - to.red()) + std::abs(c.green() - to.green()) + std::abs(c.blue() - to.blue()) <
                   tolerance;
        };
        auto shows = [&](const QImage& frame) {
            const QColor axis = mean_colour(frame, test::project(camera, frame, point + Vec3(0, 0.25, 0)), 0);
            const QColor beside = mean_colour(frame, test::project(camera, frame, point + Vec3(0.0125, 0.25, 0)), 0);
            const QColor below = mean_colour(frame, test::project(camera, frame, point - Vec3(0, 0.01, 0)), 0);
            // the contact arrow's orange on the axis, the reaction's green beside it, the dot's blue below the tail
            return axis.red() > axis.green() + 30 && axis.green() > axis.blue() + 40 &&
                   beside.green() > beside.red() + 40 && beside.green() > beside.blue() + 15 &&
                   close_to(below, blue, 200) && below.blue() > below.red() + 40;
        };
        QVERIFY2(!viewer.grabImageWhen(shows).isNull(), "an arrow or the contact point is hidden");
    }

    // A model that falls away leaves the middle of the view: the camera follows it
    // (the view direction and distance kept); a pose shown again leaves a camera
    // the user moved alone; switched off, the camera stays.
    void keeps_a_moving_model_in_view() {
        ModelViewer viewer;
        QVERIFY(test::show_model(viewer, box_with_joints(), QSize(800, 500), ModelViewer::ViewPreset::Side));
        QVERIFY(viewer.keepInView());
        viewer.setSnapshot(box_pose(Vec3(0, 0.5, 0)));
        const OrbitCamera start = viewer.camera();
        const Vec3 away(6, -1.5, 0);
        viewer.setSnapshot(box_pose(away));
        const OrbitCamera followed = viewer.camera();
        const double aspect = double(viewer.renderArea().width()) / viewer.renderArea().height();
        const ViewPoint seen = view_point(followed, away, aspect);
        QVERIFY2(std::abs(seen.x) <= 0.6 + 1e-9 && std::abs(seen.y) <= 0.6 + 1e-9,
                 qPrintable(QString("%1 %2").arg(seen.x).arg(seen.y)));
        QCOMPARE(followed.distance, start.distance);
        QVERIFY((followed.eye_direction() - start.eye_direction()).norm() < 1e-12);
        viewer.setViewPreset(ModelViewer::ViewPreset::Front);
        const Vec3 placed = viewer.camera().target;
        viewer.setSnapshot(box_pose(away));
        QVERIFY((viewer.camera().target - placed).norm() < 1e-12);
        viewer.setKeepInView(false);
        viewer.setSnapshot(box_pose(Vec3(-20, 0.5, 0)));
        QVERIFY((viewer.camera().target - placed).norm() < 1e-12);
    }
};

QTEST_MAIN(TestOverlayRender)
#include "test_overlay_render.moc"
