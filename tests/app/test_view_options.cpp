// View > Show: each choice reaches the viewer at once, the status bar names the
// joint exaggeration, and a new session starts with the last session's choices.
#include "main_window.h"
#include "model_viewer.h"
#include "studio_test_support.h"
#include "view_options.h"

#include <QAction>
#include <QLabel>
#include <QMenu>
#include <QtTest>

using namespace hfd;
using namespace hfd::studio;

namespace {
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
    void choicesReachTheViewerAndPersist() {
        {
            ModelViewer viewer;
            ViewOptions options(&viewer);
            const OverlayOptions defaults = viewer.overlayOptions();
            QVERIFY(defaults.muscles && defaults.contact_forces);
            QVERIFY(!defaults.ground_reactions && !defaults.contact_points && !defaults.model_center_of_mass);
            QCOMPARE(viewer.jointDisplacementExaggeration(), 1.0);
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
            const OverlayOptions chosen = viewer.overlayOptions();
            QVERIFY(!chosen.muscles && chosen.muscle_width_by_force && chosen.contact_forces &&
                    chosen.ground_reactions && chosen.contact_points && chosen.model_center_of_mass);
            QCOMPARE(chosen.force_scale, 2.0);
            QCOMPARE(viewer.jointDisplacementExaggeration(), 100.0);
            QVERIFY(options.exaggerationText().contains("100"));
            QCOMPARE(texts.last().first().toString(), options.exaggerationText());
        }
        ModelViewer viewer;
        ViewOptions options(&viewer);
        const OverlayOptions restored = viewer.overlayOptions();
        QAction follow;
        follow.setCheckable(true);
        options.remember(&follow, "followBody", false);
        QVERIFY(follow.isChecked());
        QVERIFY(!restored.muscles && restored.muscle_width_by_force && restored.ground_reactions &&
                restored.contact_points && restored.model_center_of_mass);
        QCOMPARE(restored.force_scale, 2.0);
        QCOMPARE(viewer.jointDisplacementExaggeration(), 100.0);
        QVERIFY(options.action("contactPoints")->isChecked());
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
