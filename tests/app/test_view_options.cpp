// View > Show: each choice reaches the rendered view at once, the status bar names the
// joint exaggeration, and a new session starts with the last session's choices.
#include "main_window.h"
#include "model_viewer.h"
#include "studio_test_support.h"
#include "view_options.h"
#include "viewer/render_test_support.h"

#include <QAction>
#include <QGuiApplication>
#include <QLabel>
#include <QMenu>
#include <QtTest>

using namespace hfd;
using namespace hfd::studio;

namespace {

// A red box (body 1) on the floor's plane, with a joint to the ground at
// (0.5, 0.3, 0) beside it.
Model box_with_joint() {
    Model model = test::red_box_model(0.5);
    Joint joint;
    joint.parent = 0;
    joint.child = 1;
    joint.pos_in_parent = Vec3(0.5, 0.3, 0);
    joint.pos_in_child = Vec3(0.5, -0.2, 0);
    model.joints.push_back(joint);
    return model;
}

// Picks a value from a View > Show submenu, as a click does.
void choose(ViewOptions& options, const char* name) {
    QAction* action = options.showMenu()->findChild<QAction*>(QString::fromLatin1(name));
    QVERIFY2(action, name);
    action->trigger();
}
}  // namespace

class TestViewOptions : public QObject {
    Q_OBJECT
private slots:
    // The menu's choices start from the defaults, are remembered in the settings
    // and come back checked in the next session.
    void choicesPersist() {
        {
            ModelViewer viewer;
            ViewOptions options(&viewer);
            for (const char* on : {"muscles", "contactForces"}) QVERIFY2(options.action(on)->isChecked(), on);
            for (const char* off : {"muscleWidth", "groundReactions", "contactPoints", "modelCenterOfMass"})
                QVERIFY2(!options.action(off)->isChecked(), off);
            QCOMPARE(options.forceScale(), 1.0);
            QCOMPARE(options.jointExaggeration(), 1.0);
            QVERIFY(options.exaggerationText().isEmpty());

            QSignalSpy texts(&options, &ViewOptions::exaggerationChanged);
            options.action("muscles")->setChecked(false);
            options.action("muscleWidth")->setChecked(true);
            QAction follow;
            follow.setCheckable(true);
            options.remember(&follow, "followBody", false);
            QVERIFY(!follow.isChecked());
            follow.setChecked(true);
            options.action("groundReactions")->setChecked(true);
            options.action("contactPoints")->setChecked(true);
            options.action("modelCenterOfMass")->setChecked(true);
            choose(options, "forceScale_2");
            choose(options, "jointExaggeration_100");
            QVERIFY(options.exaggerationText().contains("100"));
            QCOMPARE(texts.last().first().toString(), options.exaggerationText());
        }
        ModelViewer viewer;
        ViewOptions options(&viewer);
        QAction follow;
        follow.setCheckable(true);
        options.remember(&follow, "followBody", false);
        QVERIFY(follow.isChecked());
        QVERIFY(!options.action("muscles")->isChecked());
        for (const char* on : {"muscleWidth", "contactForces", "groundReactions", "contactPoints", "modelCenterOfMass"})
            QVERIFY2(options.action(on)->isChecked(), on);
        QVERIFY(options.showMenu()->findChild<QAction*>("forceScale_2")->isChecked());
        QVERIFY(options.showMenu()->findChild<QAction*>("jointExaggeration_100")->isChecked());
        QCOMPARE(options.forceScale(), 2.0);
        QCOMPARE(options.jointExaggeration(), 100.0);
    }

    // Each choice reaches the rendered view at once: the model's centre of mass
    // marker (black) at the box's centre, a contact arrow (orange) twice as long
    // at force scale 2, and a joint's 4 mm displacement drawn 0.4 m long at x100
    // (choosing x100 shows the joints), in the colour of 4 mm on a 5 mm scale.
    void choicesReachTheRenderedView() {
        const QString platform = QGuiApplication::platformName();
        if (platform == "offscreen" || platform == "minimal")
            QSKIP("needs a display with OpenGL: runs as app_test_view_options_xvfb");
        const Model model = box_with_joint();
        ModelViewer viewer;
        viewer.resize(800, 400);
        viewer.show();
        QVERIFY(QTest::qWaitForWindowExposed(&viewer));
        viewer.setModel(model);
        ViewOptions options(&viewer, false);
        viewer.setViewPreset(ModelViewer::ViewPreset::Side);
        viewer.fitToModel();
        const double weight = model.total_mass() * model.gravity.norm();  // 1 m of arrow at scale 1
        PoseSnapshot pose;
        pose.body_pos = {Vec3::Zero(), Vec3(0, 0.5, 0)};
        pose.body_ori = {Quat::Identity(), Quat::Identity()};
        pose.contacts = {{Vec3(-0.5, 0.2, 0), Vec3(0, 0.25 * weight, 0), 1}};
        pose.joint_displacement = {Vec3(0, 0.004, 0)};
        viewer.setSnapshot(pose);
        const OrbitCamera camera = viewer.camera();
        auto colour = [&camera](const QImage& frame, const Vec3& p) {
            const QPoint pixel = test::project(camera, frame, p);
            int r = 0, g = 0, b = 0;
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx) {
                    const QColor c = frame.pixelColor(pixel + QPoint(dx, dy));
                    r += c.red(), g += c.green(), b += c.blue();
                }
            return QColor(r / 9, g / 9, b / 9);
        };
        auto black = [](QColor c) { return c.red() < 70 && c.green() < 70 && c.blue() < 70; };
        // 4 of 5 mm on the displacement ramp: a yellowish green, far from the box's red and the floor's grey
        auto displacement_green = [](QColor c) {
            return c.green() > 110 && c.green() > c.blue() + 40 && c.green() > c.red() + 10;
        };
        auto orange = [](QColor c) { return c.red() > c.green() + 30 && c.green() > c.blue() + 40; };
        const Vec3 centre(0, 0.5, 0), arrow_at_scale_2(-0.5, 0.6, 0), child_at_x100(0.5, 0.7, 0);
        auto shows = [&](bool com, bool scale_2, bool x100) {
            return [=](const QImage& frame) {
                return black(colour(frame, centre)) == com && orange(colour(frame, arrow_at_scale_2)) == scale_2 &&
                       displacement_green(colour(frame, child_at_x100)) == x100;
            };
        };
        QVERIFY2(!viewer.grabImageWhen(shows(false, false, false)).isNull(), "not the defaults");
        options.action("modelCenterOfMass")->setChecked(true);
        QVERIFY2(!viewer.grabImageWhen(shows(true, false, false)).isNull(), "no centre of mass marker");
        choose(options, "forceScale_2");
        QVERIFY2(!viewer.grabImageWhen(shows(true, true, false)).isNull(), "the arrow is not twice as long");
        QVERIFY(!options.action("jointDisplacement")->isChecked());
        choose(options, "jointExaggeration_100");
        QVERIFY(options.action("jointDisplacement")->isChecked());
        QVERIFY2(!viewer.grabImageWhen(shows(true, true, true)).isNull(), "the displacement is not exaggerated");
        options.action("modelCenterOfMass")->setChecked(false);
        choose(options, "forceScale_1");
        choose(options, "jointExaggeration_1");
        QVERIFY2(!viewer.grabImageWhen(shows(false, false, false)).isNull(), "the choices are not undone");
    }

    // Keep Model in View starts on and reaches the viewer; --show's settings
    // turn overlays on and off and pick the nearest offered scale; a typo is named.
    void keepInViewAndSettingsText() {
        ModelViewer viewer;
        ViewOptions options(&viewer, false);
        QVERIFY(options.keepInView());
        QVERIFY(viewer.keepInView());
        options.keepInViewAction()->setChecked(false);
        QVERIFY(!viewer.keepInView());
        QString error;
        QVERIFY(options.applySettings({"contactPoints", "muscles=0", "jointExaggeration=90", "keepInView"}, &error));
        QVERIFY(options.action("contactPoints")->isChecked());
        QVERIFY(!options.action("muscles")->isChecked());
        QCOMPARE(options.jointExaggeration(), 100.0);
        QVERIFY(options.action("jointDisplacement")->isChecked());
        QVERIFY(viewer.keepInView());
        QVERIFY(viewer.legend());
        QVERIFY(!options.applySettings({"contactPoint"}, &error));
        QVERIFY2(error.contains("contactPoint") && error.contains("contactPoints"), qPrintable(error));
    }

    // The main window lists the choices under View and shows the exaggeration in the status bar.
    void mainWindowOffersThemInTheViewMenu() {
        MainWindowOptions window_options;
        window_options.with_viewer = false;
        window_options.use_dialogs = false;
        MainWindow window(window_options);
        QVERIFY(window.findChild<QMenu*>(QStringLiteral("viewMenu"))
                    ->actions()
                    .contains(window.findChild<ViewOptions*>()->showMenu()->menuAction()));
        auto* label = window.findChild<QLabel*>("exaggerationLabel");
        QVERIFY(label);
        choose(*window.findChild<ViewOptions*>(), "jointExaggeration_10");
        QVERIFY(label->text().contains(QString::fromUtf8("\u00d710")));
        choose(*window.findChild<ViewOptions*>(), "jointExaggeration_1");
        QVERIFY(label->text().isEmpty());
    }
};

STUDIO_TEST_MAIN(TestViewOptions)
#include "test_view_options.moc"
