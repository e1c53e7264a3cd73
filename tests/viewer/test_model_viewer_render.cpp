// Renders a red box above a ground plane with Qt3D (run under xvfb with Mesa
// software OpenGL; skipped on the offscreen platform) and checks pixels:
// the box colour at the centre, background in a top corner, ground below;
// setSnapshot moves the box, selectBody tints it, a click picks it.
#include "model_viewer.h"
#include "overlay_legend.h"
#include "overlay_palette.h"
#include "model/build_model.h"
#include "render_test_support.h"

#include <Qt3DExtras/Qt3DWindow>

#include <QGuiApplication>
#include <filesystem>
#include <QSignalSpy>
#include <QtTest>

using namespace hfd;

Q_DECLARE_METATYPE(hfd::Vec3)

namespace {

Model box_model() { return test::red_box_model(1); }

bool is_red(QColor c) { return c.red() > 140 && c.green() < 90 && c.blue() < 90; }

QColor average(const QImage& image, QPoint centre, int half = 3) {
    int r = 0, g = 0, b = 0, n = 0;
    for (int y = centre.y() - half; y <= centre.y() + half; ++y)
        for (int x = centre.x() - half; x <= centre.x() + half; ++x) {
            const QColor c = image.pixelColor(x, y);
            r += c.red();
            g += c.green();
            b += c.blue();
            ++n;
        }
    return QColor(r / n, g / n, b / n);
}

QColor at_centre(const QImage& image) { return average(image, QPoint(image.width() / 2, image.height() / 2)); }

QByteArray describe(QColor c) {
    return QByteArray::number(c.red()) + "," + QByteArray::number(c.green()) + "," + QByteArray::number(c.blue());
}

Qt3DExtras::Qt3DWindow* render_window() {
    for (QWindow* window : QGuiApplication::allWindows())
        if (auto* w = qobject_cast<Qt3DExtras::Qt3DWindow*>(window)) return w;
    return nullptr;
}

}  // namespace

class TestModelViewerRender : public QObject {
    Q_OBJECT
    // The red box on the floor, from the top preset, in a shown 400 x 400 view.
    static bool showBoxFromAbove(ModelViewer& viewer) {
        return test::show_model(viewer, box_model(), QSize(400, 400), ModelViewer::ViewPreset::Top);
    }

private slots:
    void initTestCase() {
        const QString platform = QGuiApplication::platformName();
        if (platform == "offscreen" || platform == "minimal")
            QSKIP("needs a display with OpenGL: runs as viewer_test_model_viewer_render_xvfb");
    }

    void renders_box_picks_and_moves() {
        ModelViewer viewer;
        viewer.resize(640, 480);
        viewer.show();
        QVERIFY(QTest::qWaitForWindowExposed(&viewer));
        const Model model = box_model();
        viewer.setModel(model);
        QVERIFY(viewer.warnings().empty());
        viewer.setViewPreset(ModelViewer::ViewPreset::Front);
        viewer.fitToModel();

        // each grab waits for rendered frames until the scene shows what it must (or 30 s)
        QImage image = viewer.grabImageWhen([](const QImage& frame) { return is_red(at_centre(frame)); });
        QVERIFY2(!image.isNull(), "the box never appeared at the centre");
        QVERIFY(image.width() >= 320 && image.height() >= 240);
        const QPoint centre(image.width() / 2, image.height() / 2);
        const QColor box = average(image, centre);
        const QColor top_corner = average(image, QPoint(8, 8));
        QVERIFY2(std::abs(top_corner.red() - 236) < 12 && std::abs(top_corner.green() - 239) < 12 &&
                     std::abs(top_corner.blue() - 244) < 12,
                 describe(top_corner));  // the background colour
        const QColor ground = average(image, QPoint(8, image.height() - 8));
        QVERIFY2(!is_red(ground) && std::abs(ground.red() - ground.green()) < 30, describe(ground));
        QVERIFY2(ground != top_corner, describe(ground));

        // a click on the box picks and tints body 1; a click on the sky picks
        // nothing and clears the tint; selectBody tints without a signal
        Qt3DExtras::Qt3DWindow* window = render_window();
        QVERIFY(window);
        QSignalSpy clicked(&viewer, &ModelViewer::bodyClicked);
        const auto tinted = [&](const QImage& frame) { return at_centre(frame).green() > box.green() + 30; };
        QTest::mouseClick(window, Qt::LeftButton, {}, QPoint(window->width() / 2, window->height() / 2));
        QVERIFY2(!viewer.grabImageWhen(tinted).isNull(), "the picked box is not tinted");
        QTest::mouseClick(window, Qt::LeftButton, {}, QPoint(8, 8));
        QVERIFY(!viewer.grabImageWhen([](const QImage& frame) { return is_red(at_centre(frame)); }).isNull());
        QCOMPARE(clicked.count(), 2);
        QCOMPARE(clicked.at(0).at(0).toInt(), 1);
        QCOMPARE(clicked.at(1).at(0).toInt(), -1);
        viewer.selectBody(1);
        QVERIFY2(!viewer.grabImageWhen(tinted).isNull(), "the selected box is not tinted");
        QCOMPARE(clicked.count(), 2);
        viewer.selectBody(-1);

        // a snapshot moves the box out of the centre (the camera not following it)
        viewer.setKeepInView(false);
        PoseSnapshot moved;
        moved.body_pos = {Vec3::Zero(), Vec3(5, 1, 0)};
        moved.body_ori = {Quat::Identity(), Quat::Identity()};
        viewer.setSnapshot(moved);
        QVERIFY2(!viewer.grabImageWhen([](const QImage& frame) { return !is_red(at_centre(frame)); }).isNull(),
                 "the box stays at the centre");
    }

    void top_view_sees_box_from_above() {
        ModelViewer viewer;
        QVERIFY(showBoxFromAbove(viewer));
        // looking down, the ground fills the corners instead of the background
        auto from_above = [](const QImage& frame) {
            const QColor corner = average(frame, QPoint(8, 8));
            return is_red(at_centre(frame)) && !is_red(corner) && std::abs(corner.blue() - 244) > 6;
        };
        QVERIFY2(!viewer.grabImageWhen(from_above).isNull(), "no red box centred on the ground");
    }

    // The floor grid takes the colour it is given (the themes set it): the lines
    // x = 0 and z = 0 run out from under the box, magenta, then green.
    void floor_grid_takes_its_colour() {
        ModelViewer viewer;
        QVERIFY(showBoxFromAbove(viewer));
        auto count = [](const QImage& frame, auto is_colour) {
            int n = 0;
            for (int y = 0; y < frame.height(); ++y)
                for (int x = 0; x < frame.width(); ++x) n += is_colour(frame.pixelColor(x, y));
            return n;
        };
        auto magenta = [](QColor c) { return c.red() > c.green() + 50 && c.blue() > c.green() + 50; };
        auto green = [](QColor c) { return c.green() > c.red() + 50 && c.green() > c.blue() + 50; };
        const QColor background(236, 239, 244);
        viewer.setBackgroundColors(background, QColor(255, 0, 255));
        QVERIFY2(!viewer.grabImageWhen([&](const QImage& frame) { return count(frame, magenta) > 20; }).isNull(),
                 "no magenta grid line");
        viewer.setBackgroundColors(background, QColor(0, 255, 0));
        QVERIFY2(!viewer
                      .grabImageWhen(
                          [&](const QImage& frame) { return count(frame, green) > 20 && count(frame, magenta) == 0; })
                      .isNull(),
                 "the grid did not turn green");
    }

    // Two contacts under the box, 3F at x = -0.8 and F at x = +0.8: the ground reaction
    // arrow (green) stands at the centre of pressure x = (-0.8*3 + 0.8)/4 = -0.4, not at
    // the mirror point; switched off, it is gone.
    void ground_reaction_arrow_stands_at_the_centre_of_pressure() {
        Model model = box_model();
        model.bodies[1].pos = Vec3(0, 0.5, 0);  // the box spans y 0.2 .. 0.8, which fit frames
        ModelViewer viewer;
        viewer.resize(800, 400);
        viewer.show();
        QVERIFY(QTest::qWaitForWindowExposed(&viewer));
        viewer.setModel(model);
        OverlayOptions options;
        options.contact_forces = false;
        options.ground_reactions = true;
        viewer.setOverlayOptions(options);
        viewer.setViewPreset(ModelViewer::ViewPreset::Side);
        viewer.fitToModel();
        const double weight = model.total_mass() * model.gravity.norm();  // 1 m of arrow
        PoseSnapshot pose;
        pose.body_pos = {Vec3::Zero(), Vec3(0, 0.5, 0)};
        pose.body_ori = {Quat::Identity(), Quat::Identity()};
        pose.contacts = {{Vec3(-0.8, 0, 0), Vec3(0, 0.75 * weight, 0), 1},
                         {Vec3(0.8, 0, 0), Vec3(0, 0.25 * weight, 0), 1}};
        viewer.setSnapshot(pose);
        const OrbitCamera camera = viewer.camera();
        auto pixel = [&camera](const QImage& image, const Vec3& p) { return test::project(camera, image, p); };
        auto is_green = [](QColor c) { return c.green() > c.red() + 25 && c.green() > c.blue() + 10; };
        auto arrow_at_cop = [&](const QImage& frame) {
            return is_green(average(frame, pixel(frame, Vec3(-0.4, 0.35, 0)), 1)) &&
                   !is_green(average(frame, pixel(frame, Vec3(0.4, 0.35, 0)), 1));  // weights swapped
        };
        QVERIFY2(!viewer.grabImageWhen(arrow_at_cop).isNull(), "no green arrow at the centre of pressure");
        options.ground_reactions = false;
        viewer.setOverlayOptions(options);
        QVERIFY2(!viewer
                      .grabImageWhen([&](const QImage& frame) {
                          return !is_green(average(frame, pixel(frame, Vec3(-0.4, 0.35, 0)), 1));
                      })
                      .isNull(),
                 "the arrow stays when switched off");
    }

    // A box resting on the floor touches it at its four bottom corners: one
    // geometry (the plane) gives four contacts, more than the model has
    // geometries. Seen from above, each corner shows its force arrow (orange)
    // and, with contact points on, its dot (blue); the contacts start after
    // frames without any were drawn, as when a model lands.
    void every_corner_of_a_resting_box_shows_its_arrow_and_point() {
        Model model = box_model();
        model.bodies[1].pos = Vec3(0, 0.3, 0);
        ModelViewer viewer;
        QVERIFY(test::show_model(viewer, model, QSize(640, 480), ModelViewer::ViewPreset::Top));
        PoseSnapshot pose;
        pose.body_pos = {Vec3::Zero(), Vec3(0, 0.3, 0)};
        pose.body_ori = {Quat::Identity(), Quat::Identity()};
        viewer.setSnapshot(pose);
        QVERIFY2(!viewer.grabImageWhen([](const QImage& frame) { return is_red(at_centre(frame)); }).isNull(),
                 "the box is not drawn");
        const double weight = model.total_mass() * model.gravity.norm();
        const Vec3 up = Vec3::UnitY();
        std::vector<Vec3> corners;
        for (double x : {-0.3, 0.3})
            for (double z : {-0.3, 0.3}) corners.push_back(Vec3(x, 0, z));
        for (const Vec3& corner : corners) pose.contacts.push_back({corner, 0.25 * weight * up, 1});
        const OrbitCamera camera = viewer.camera();
        // lit or shaded orange; the red box has green = blue, the floor is grey
        auto is_orange = [](QColor c) { return c.red() > c.green() + 30 && c.green() > c.blue() + 40; };
        auto is_blue = [](QColor c) { return c.blue() > c.red() + 60 && c.blue() > c.green() + 20; };
        // the arrow's axis half way up (0.25 m of arrow): covered by its shaft and head
        auto arrows_at_every_corner = [&](const QImage& frame) {
            for (const Vec3& corner : corners)
                if (!is_orange(average(frame, test::project(camera, frame, corner + 0.12 * up), 1))) return false;
            return true;
        };
        auto dots_at_every_corner = [&](const QImage& frame) {
            for (const Vec3& corner : corners)
                if (!is_blue(average(frame, test::project(camera, frame, corner), 1))) return false;
            return true;
        };
        viewer.setSnapshot(pose);
        QVERIFY2(!viewer.grabImageWhen(arrows_at_every_corner).isNull(), "a corner has no force arrow");
        OverlayOptions options;
        options.contact_forces = false;
        options.contact_points = true;
        viewer.setOverlayOptions(options);
        QVERIFY2(!viewer.grabImageWhen(dots_at_every_corner).isNull(), "a corner has no contact point");
        QVERIFY2(!viewer.grabImageWhen([&](const QImage& frame) { return !arrows_at_every_corner(frame); }).isNull(),
                 "the arrows stay when switched off");
    }

    // Contacts that start after the view has drawn frames without any (a model
    // falling onto the floor) still get their arrows, and an arrow hidden when
    // its contact ends shows again at the next touch.
    void contact_arrows_appear_after_the_first_frames_and_again_after_lift_off() {
        Model model = box_model();
        model.bodies[1].pos = Vec3(0, 0.5, 0);
        ModelViewer viewer;
        QVERIFY(test::show_model(viewer, model, QSize(800, 400), ModelViewer::ViewPreset::Side));
        PoseSnapshot pose;
        pose.body_pos = {Vec3::Zero(), Vec3(0, 0.5, 0)};
        pose.body_ori = {Quat::Identity(), Quat::Identity()};
        viewer.setSnapshot(pose);
        QVERIFY2(!viewer.grabImageWhen([](const QImage& frame) { return is_red(at_centre(frame)); }).isNull(),
                 "the box is not drawn");  // frames without contacts are on screen
        auto is_orange = [](QColor c) { return c.red() > 170 && c.green() > 100 && c.green() < 210 && c.blue() < 90; };
        auto has_arrow = [&](const QImage& frame) {
            for (int y = 0; y < frame.height(); y += 2)
                for (int x = 0; x < frame.width(); x += 2)
                    if (is_orange(frame.pixelColor(x, y))) return true;
            return false;
        };
        const double weight = model.total_mass() * model.gravity.norm();
        PoseSnapshot touching = pose;
        touching.contacts = {{Vec3(0.9, 0, 0), Vec3(0, 0.6 * weight, 0), 1}};
        for (int touch = 0; touch < 2; ++touch) {
            viewer.setSnapshot(touching);
            QVERIFY2(!viewer.grabImageWhen(has_arrow).isNull(), touch ? "no arrow at the second touch" : "no arrow");
            viewer.setSnapshot(pose);  // lift-off
            QVERIFY2(!viewer.grabImageWhen([&](const QImage& frame) { return !has_arrow(frame); }).isNull(),
                     "the arrow stays after lift-off");
        }
    }

    // The model's centre of mass lies inside the (opaque, red) box: its marker is
    // drawn in front of the bodies, so it shows at the box's centre, and the box
    // shows there again when the marker is off.
    void centre_of_mass_marker_shows_through_the_body_it_is_in() {
        ModelViewer viewer;
        QVERIFY(test::show_model(viewer, box_model(), QSize(640, 480), ModelViewer::ViewPreset::Front));
        OverlayOptions options;
        options.model_center_of_mass = true;
        viewer.setOverlayOptions(options);
        auto is_black = [](QColor c) { return c.red() < 70 && c.green() < 70 && c.blue() < 70; };
        QVERIFY2(!viewer.grabImageWhen([&](const QImage& frame) { return is_black(at_centre(frame)); }).isNull(),
                 "the centre of mass marker is hidden inside the box");
        options.model_center_of_mass = false;
        viewer.setOverlayOptions(options);
        QVERIFY2(!viewer.grabImageWhen([](const QImage& frame) { return is_red(at_centre(frame)); }).isNull(),
                 "the box does not show again without the marker");
    }

    // A contact box around a red bone box: solid it hides the bone, see-through
    // the bone shows through it, hidden the bone shows as it is; Automatic (the
    // default) draws it see-through over the bone, solid on a body with nothing else.
    void contact_shapes_see_through_and_hidden() {
        Model model = box_model();
        model.meshes[0].shape.half_dim = Vec3(0.2, 0.2, 0.2);
        Geometry contact;
        contact.body = 1;
        contact.shape.type = ShapeType::Box;
        contact.shape.half_dim = Vec3(0.3, 0.3, 0.3);
        model.geometries.push_back(contact);
        ModelViewer viewer;
        QVERIFY(test::show_model(viewer, model, QSize(400, 400), ModelViewer::ViewPreset::Side));
        auto centre_colour = [&viewer] {
            const QImage image = viewer.grabImage();
            return average(image, QPoint(image.width() / 2, image.height() / 2));
        };
        QCOMPARE(viewer.contactDisplay(), ModelViewer::ContactDisplay::Automatic);
        const QColor automatic = centre_colour();
        viewer.setContactDisplay(ModelViewer::ContactDisplay::Solid);
        const QColor solid = centre_colour();
        QVERIFY2(!is_red(solid) && solid.blue() > solid.red(), describe(solid));  // the bluish contact box
        viewer.setContactDisplay(ModelViewer::ContactDisplay::Hidden);
        const QColor hidden = centre_colour();
        QVERIFY2(is_red(hidden), describe(hidden));
        viewer.setContactDisplay(ModelViewer::ContactDisplay::Transparent);
        const QColor see_through = centre_colour();
        QVERIFY2(see_through.red() > solid.red() + 30 && see_through.red() > see_through.blue(), describe(see_through));
        QVERIFY2(see_through.blue() > hidden.blue() + 10, describe(see_through));  // the box still tints it
        QVERIFY2(
            std::abs(automatic.red() - see_through.red()) < 12 && std::abs(automatic.blue() - see_through.blue()) < 12,
            describe(automatic));
        {
            Model bare = model;
            bare.meshes.clear();  // the contact box is all the body shows
            ModelViewer alone;
            QVERIFY(test::show_model(alone, bare, QSize(400, 400), ModelViewer::ViewPreset::Side));
            const QImage image = alone.grabImage();
            const QColor only = average(image, QPoint(image.width() / 2, image.height() / 2));
            QVERIFY2(std::abs(only.red() - solid.red()) < 12 && std::abs(only.blue() - solid.blue()) < 12,
                     describe(only));
        }
        // The display survives a new model.
        viewer.setModel(model);
        QCOMPARE(viewer.contactDisplay(), ModelViewer::ContactDisplay::Transparent);
    }

    // The gait model with its bone meshes from geometry/, posed from the dof
    // defaults (pelvis at the origin, so the feet are below the floor).
    void corpus_model_renders_bones() {
        const std::string path = std::string(HFD_CORPUS_DIR) + "/scone/H0918.hfd";
        if (!std::filesystem::exists(path)) QSKIP("corpus not available");
        const BuildResult built = load_model(path);
        QVERIFY2(built.ok(), built.diagnostics.empty() ? "" : format_diagnostic(built.diagnostics[0]).c_str());
        ModelViewer viewer;
        viewer.resize(400, 600);
        viewer.show();
        QVERIFY(QTest::qWaitForWindowExposed(&viewer));
        viewer.setModel(*built.model);
        QCOMPARE(viewer.warnings().size(), std::size_t(0));  // every .vtp found and loaded
        viewer.resetView();
        // lit ivory: red >= green > blue, clearly warmer than the bluish background
        auto is_bone = [](QColor c) { return c.red() > 120 && c.red() >= c.green() && c.green() > c.blue() + 10; };
        int bone_pixels = 0, top_row = 0, bottom_row = 0;
        auto count_bones = [&](const QImage& image) {
            bone_pixels = 0, top_row = image.height(), bottom_row = -1;
            for (int y = 0; y < image.height(); ++y)
                for (int x = 0; x < image.width(); ++x)
                    if (is_bone(image.pixelColor(x, y))) {
                        ++bone_pixels;
                        top_row = std::min(top_row, y);
                        bottom_row = std::max(bottom_row, y);
                    }
            // fit to model: skull near the top, feet near the bottom of the view
            return bone_pixels > image.width() * image.height() / 200 && top_row < image.height() / 6 &&
                   bottom_row > image.height() * 5 / 6;
        };
        const QImage image = viewer.grabImageWhen(count_bones);
        QVERIFY2(!image.isNull(), QByteArray::number(bone_pixels) + " bone pixels, rows " +
                                      QByteArray::number(top_row) + " to " + QByteArray::number(bottom_row));
    }

    // The dark theme's clear colour reaches the rendered frame, and a body marked
    // after a blow-up is drawn red (the box is made blue here so the mark shows).
    void dark_background_and_failure_mark_render() {
        ModelViewer viewer;
        viewer.resize(480, 360);
        viewer.show();
        QVERIFY(QTest::qWaitForWindowExposed(&viewer));
        Model model = box_model();
        model.meshes[0].color = Eigen::Vector4d(0.1, 0.2, 0.9, 1);
        viewer.setModel(model);
        viewer.setViewPreset(ModelViewer::ViewPreset::Front);
        viewer.fitToModel();
        const QColor dark(0x2a, 0x2d, 0x33);
        viewer.setBackgroundColors(dark, QColor(0x5a, 0x60, 0x5a));
        auto dark_corner = [&](const QImage& frame) {
            const QColor corner = average(frame, QPoint(8, 8));
            return std::abs(corner.red() - dark.red()) < 8 && std::abs(corner.green() - dark.green()) < 8 &&
                   std::abs(corner.blue() - dark.blue()) < 8;
        };
        QVERIFY2(!viewer.grabImageWhen(dark_corner).isNull(), "the background never turned dark");
        QVERIFY(!viewer.grabImageWhen([](const QImage& frame) { return !is_red(at_centre(frame)); }).isNull());
        viewer.setMarkedBody(1);
        QVERIFY2(!viewer.grabImageWhen([](const QImage& frame) { return is_red(at_centre(frame)); }).isNull(),
                 "the marked box is not red");
        viewer.setMarkedBody(no_index);
        QVERIFY(!viewer.grabImageWhen([](const QImage& frame) { return !is_red(at_centre(frame)); }).isNull());
    }

    // The muscles are one mesh rewritten from each pose: a muscle beside the box
    // is blue at rest and red when active, follows its path to the other side,
    // is gone when switched off and back when switched on again (hidden by
    // scale: Qt3D 6.4 never draws an entity enabled after the first frames).
    void muscle_mesh_follows_pose_activation_and_visibility() {
        Model model = box_model();
        Muscle muscle;
        muscle.max_isometric_force = 100;
        muscle.path = {{0, Vec3(0, 0.75, 0)}, {1, Vec3(0, 0.2, 0)}};
        model.muscles.push_back(muscle);
        ModelViewer viewer;
        QVERIFY(test::show_model(viewer, model, QSize(640, 480), ModelViewer::ViewPreset::Front));
        OverlayOptions options;
        options.muscle_width_by_force = true;  // 2.5 times 5 mm thick: several pixels wide
        viewer.setOverlayOptions(options);
        // vertical paths left and right of the box, clear of its silhouette
        const OrbitCamera camera = viewer.camera();
        auto beside = [&camera](double side, double height) {
            return Vec3(Vec3(0, height, 0) + side * camera.right());
        };
        PoseSnapshot pose;
        pose.body_pos = {Vec3::Zero(), Vec3(0, 1, 0)};
        pose.body_ori = {Quat::Identity(), Quat::Identity()};
        pose.muscle_activation = {0};
        pose.muscle_force = {1000};
        pose.muscle_path = {{beside(0.5, 0.75), beside(0.5, 1.2)}};
        viewer.setSnapshot(pose);
        auto colour_at = [&](const QImage& frame, double side) {
            return average(frame, test::project(camera, frame, beside(side, 0.975)), 1);
        };
        auto is_blue = [](QColor c) { return c.blue() > c.red() + 80 && c.blue() > c.green() + 80; };
        auto strongly_red = [](QColor c) { return c.red() > c.green() + 80 && c.red() > c.blue() + 80; };
        QVERIFY2(!viewer.grabImageWhen([&](const QImage& frame) { return is_blue(colour_at(frame, 0.5)); }).isNull(),
                 "no blue muscle at rest");
        pose.muscle_activation = {1};
        pose.muscle_path = {{beside(-0.5, 0.75), beside(-0.5, 1.2)}};
        viewer.setSnapshot(pose);
        auto red_on_the_left = [&](const QImage& frame) {
            return strongly_red(colour_at(frame, -0.5)) && !is_blue(colour_at(frame, 0.5)) &&
                   !strongly_red(colour_at(frame, 0.5));
        };
        QVERIFY2(!viewer.grabImageWhen(red_on_the_left).isNull(), "the active muscle is not red on its new path");
        options.muscles = false;
        viewer.setOverlayOptions(options);
        QVERIFY2(
            !viewer.grabImageWhen([&](const QImage& frame) { return !strongly_red(colour_at(frame, -0.5)); }).isNull(),
            "the muscle stays when switched off");
        options.muscles = true;
        viewer.setOverlayOptions(options);
        QVERIFY2(!viewer.grabImageWhen(red_on_the_left).isNull(), "the muscle does not come back when switched on");
    }

    // Ctrl+drag in the real 3D window: the push reaches the signal and its arrow
    // (reddish purple) is drawn while dragging and listed in the legend, gone after release.
    void ctrl_drag_draws_the_push_arrow() {
        ModelViewer viewer;
        QVERIFY(test::show_model(viewer, box_model(), QSize(480, 360), ModelViewer::ViewPreset::Front));
        QVERIFY(!viewer.grabImageWhen([](const QImage& frame) { return is_red(at_centre(frame)); }).isNull());
        Qt3DExtras::Qt3DWindow* window = render_window();
        QVERIFY(window);
        QSignalSpy pushes(&viewer, &ModelViewer::pushForceChanged);
        const QPoint centre(window->width() / 2, window->height() / 2);
        const QPoint target = centre + QPoint(0, -window->height() / 3);
        QTest::mousePress(window, Qt::LeftButton, Qt::ControlModifier, centre);
        QTest::mouseMove(window, target);
        QVERIFY(!pushes.isEmpty());
        QCOMPARE(pushes.last().at(0).toInt(), 1);
        auto is_push_colour = [](QColor c) { return c.red() > c.green() + 40 && c.blue() > c.green() + 15; };
        auto arrow_above = [&](const QImage& frame) {
            const double scale = double(frame.height()) / window->height();
            const QPoint between((centre.x()) * scale, (centre.y() + target.y()) / 2 * scale);
            return is_push_colour(average(frame, between, 1));
        };
        QVERIFY2(!viewer.grabImageWhen(arrow_above).isNull(), "no push arrow between the box and the cursor");
        auto listed = [&viewer] {
            for (const LegendEntry& entry : viewer.legend()->entries())
                if (entry.overlay == Overlay::PushForce) return true;
            return false;
        };
        QVERIFY(listed());
        QTest::mouseRelease(window, Qt::LeftButton, Qt::ControlModifier, target);
        QVERIFY(pushes.last().at(1).value<Vec3>().isZero());
        QVERIFY(!viewer.grabImageWhen([&](const QImage& frame) { return !arrow_above(frame); }).isNull());
        QVERIFY(!listed());
    }
};

QTEST_MAIN(TestModelViewerRender)
#include "test_model_viewer_render.moc"
