// A run that stops on a blow-up shows where: the body the failure names is
// marked in the 3D view, the timeline stands on the last recorded frame, and
// Reset takes the mark away.
#include "main_window.h"
#include "model_viewer.h"
#include "plot_dock.h"
#include "plot_test_support.h"
#include "simulation_controller.h"
#include "simulation_dock.h"
#include "scenario_test_support.h"
#include "studio_test_support.h"
#include "viewer_pane.h"
#include "document.h"

#include <QSignalSpy>

#include <cmath>
#include <QtTest>
#include "test_time_scale.h"

using namespace hfd;
using namespace hfd::studio;

class TestFailureMarker : public QObject {
    Q_OBJECT
private slots:
    void blowUpMarksTheNamedBodyUntilReset() {
        MainWindow window(studio_test::test_window_options(true));
        ModelViewer* viewer = window.viewerPane()->viewer();
        QVERIFY(viewer);
        auto* dock = window.findChild<SimulationDock*>();
        auto* controller = window.findChild<SimulationController*>();
        auto* plots = window.findChild<PlotDock*>();
        window.document()->setUntitled(QString::fromLatin1(studio_test::exploding_text()), {}, false);
        window.document()->analyzer()->analyzeNow();
        QTRY_VERIFY(window.document()->lastValidModel() && window.document()->lastValidModel()->name == "exploding");
        const Index link = window.document()->lastValidModel()->find_body("link");
        QVERIFY(link != no_index);
        QCOMPARE(viewer->markedBody(), no_index);

        dock->setEndTime(100);
        dock->setRealTimeFactor(0);  // as fast as possible
        QVERIFY(dock->reloadFromDocument());
        QSignalSpy stopped(controller, &SimulationController::stopped);
        dock->playAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(stopped.count() == 1, hfd::test::scaled_ms(20000));
        QCOMPARE(controller->latestFrame()->error_body, QStringLiteral("link"));
        QCOMPARE(viewer->markedBody(), link);
        // The timeline stands on the last recorded row, at or before the failure.
        QVERIFY(plots->rowCount() > 0);
        const PoseSnapshot last = plots->poseAt(plots->rowCount() - 1);
        plots->refresh();
        const double cursor = studio_test::drawn_cursor_time(*plots);
        QVERIFY(cursor <= controller->latestFrame()->error_time);
        QCOMPARE(cursor, last.time);

        dock->resetAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(viewer->markedBody(), no_index, hfd::test::scaled_ms(20000));
    }

    // After a run the camera has followed (or been zoomed onto) the fallen model, Reset
    // frames the initial pose again, as a newly opened model is framed.
    void resetFramesTheInitialPose() {
        MainWindow window(studio_test::test_window_options(true));
        ModelViewer* viewer = window.viewerPane()->viewer();
        QVERIFY(viewer);
        auto* dock = window.findChild<SimulationDock*>();
        auto* controller = window.findChild<SimulationController*>();
        window.document()->setUntitled(QString::fromLatin1(R"(
model {
	name = falling
	body { name = box mass = 1 inertia { x = 0.1 y = 0.1 z = 0.1 } pos { x = 0 y = 1 z = 0 }
		mesh { shape { type = box half_dim = [ 0.1 0.1 0.1 ] } } }
}
)"), {}, false);
        window.document()->analyzer()->analyzeNow();
        QTRY_VERIFY(window.document()->lastValidModel() && window.document()->lastValidModel()->name == "falling");
        dock->setEndTime(2);
        dock->setRealTimeFactor(0);
        QVERIFY(dock->reloadFromDocument());
        dock->playAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(controller->latestFrame() && controller->latestFrame()->finished,
                                 hfd::test::scaled_ms(20000));
        viewer->fitToModel();  // the camera on the box ~20 m below where it started
        const OrbitCamera fallen = viewer->camera();
        QVERIFY2(fallen.target.y() < -10, qPrintable(QString::number(fallen.target.y())));
        dock->resetAction()->trigger();
        // the box at y = 1 again, framed: the target at its centre, the distance of a fit
        QTRY_VERIFY_WITH_TIMEOUT(std::abs(viewer->camera().target.y() - 1) < 1e-6, hfd::test::scaled_ms(20000));
        QVERIFY(std::abs(viewer->camera().distance - fallen.distance) < 1e-6 * fallen.distance);
    }

    void markNeedsABodyOfTheModel() {
        ModelViewer viewer;
        viewer.setMarkedBody(0);  // no model yet
        QCOMPARE(viewer.markedBody(), no_index);
    }
};

STUDIO_TEST_MAIN(TestFailureMarker)
#include "test_failure_marker.moc"
