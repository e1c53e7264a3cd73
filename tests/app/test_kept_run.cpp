// Keep run with a SCONE scenario: the kept run stays in the plots and walks in the
// 3D view as a see-through ghost beside the next run, posed from its own recording
// at the cursor's time; run_scenario_parameters (hfd-studio --keep-run / --par)
// keeps one .par's run and shows another's.
#include "main_window.h"
#include "model_viewer.h"
#include "plot_dock.h"
#include "scenario_dock.h"
#include "scenario_test_support.h"
#include "simulation_ui.h"
#include "studio_test_support.h"
#include "viewer_pane.h"
#include "window_screenshot.h"

#include <QSignalSpy>
#include <QTest>

using namespace hfd;
using namespace hfd::studio;

namespace {

constexpr int run_timeout_ms = 60000;  // an upper bound on a loaded machine, not a wait

}  // namespace

class TestKeptRun : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void theKeptRunWalksAsAGhostAtTheCursorsTime();
    void keepRunAndParFromTheCommandLine();

private:
    QTemporaryDir dir_;
    QString scenario_, weak_par_, strong_par_;
};

void TestKeptRun::initTestCase() {
    QVERIFY(dir_.isValid());
    scenario_ = dir_.filePath(QStringLiteral("tiny.scone"));
    QVERIFY(studio_test::write_file(scenario_, studio_test::tiny_scenario(0.3, 2).toUtf8()));
    weak_par_ = dir_.filePath(QStringLiteral("weak.par"));
    strong_par_ = dir_.filePath(QStringLiteral("strong.par"));
    QVERIFY(studio_test::write_file(weak_par_, studio_test::tiny_par(0).toUtf8()));
    QVERIFY(studio_test::write_file(strong_par_, studio_test::tiny_par(8).toUtf8()));
}

void TestKeptRun::theKeptRunWalksAsAGhostAtTheCursorsTime() {
    MainWindow window(studio_test::test_window_options(true));
    window.resize(1000, 700);
    window.show();
    ScenarioSession* session = window.findChild<ScenarioDock*>()->session();
    PlotDock* plots = window.simulationUi()->plotDock();
    ModelViewer* viewer = window.viewerPane()->viewer();
    QVERIFY(viewer);
    QSignalSpy finished(session->runner(), &ScenarioRunner::finished);
    QVERIFY(window.openFile(scenario_));
    QVERIFY(finished.wait(run_timeout_ms));
    QVERIFY(session->loadParameters(weak_par_));
    QVERIFY(finished.wait(run_timeout_ms));
    const double time = 0.2;
    const PoseSnapshot weak = plots->poseAt(plots->rowAtTime(time));
    QVERIFY(!weak.body_pos.empty());
    QVERIFY(!viewer->hasGhost());

    QSignalSpy kept(plots, &PlotDock::keptRunChanged);
    plots->keepRun(QStringLiteral("weak"));
    QCOMPARE(kept.size(), 1);
    QVERIFY(viewer->hasGhost());
    QVERIFY(session->loadParameters(strong_par_));
    QVERIFY(finished.wait(run_timeout_ms));
    plots->scrubTo(plots->rowAtTime(time));

    // The ghost is the weak run at the same time, beside it: each body where the weak
    // run had it, moved by the offset; the solid model is the strong run, elsewhere.
    const PoseSnapshot ghost = viewer->ghostSnapshot(), strong = viewer->snapshot();
    const Vec3 offset = viewer->ghostOffset();
    QVERIFY(offset.norm() > 0.1);
    QCOMPARE(ghost.body_pos.size(), weak.body_pos.size());
    double strong_apart = 0;
    for (size_t b = 0; b < weak.body_pos.size(); ++b) {
        QVERIFY((ghost.body_pos[b] - (weak.body_pos[b] + offset)).norm() < 1e-12);
        QVERIFY(ghost.body_ori[b].angularDistance(weak.body_ori[b]) < 1e-9);
        strong_apart = std::max(strong_apart, (strong.body_pos[b] - weak.body_pos[b]).norm());
    }
    QVERIFY2(strong_apart > 1e-4, qPrintable(QString::number(strong_apart)));  // another gain, another pose

    // Past the kept run's end the ghost keeps its last pose.
    const PoseSnapshot last = plots->keptPoseAt(1e6);
    QCOMPARE(last.body_pos.size(), weak.body_pos.size());
    QVERIFY(last.body_pos != plots->keptPoseAt(0).body_pos);

    plots->forgetKeptRun();
    QVERIFY(!viewer->hasGhost());
    if (studio_test::has_opengl_display()) {
        // The picture without a ghost, then with one (the strong run kept: itself beside
        // itself), from the front: from the side view a planar model opens in, the ghost
        // 0.6 m along -z stands behind the model, hidden where the two have the same pose.
        // Qt3D loads a new entity's geometry over several frames, more of them on a busy
        // machine, so the ghost is waited for in the picture itself (it changes the mean
        // of a channel by about 1 of 255 in this window; rendering noise stays below 0.05).
        viewer->setViewPreset(ModelViewer::ViewPreset::Front);
        const QImage without = viewer->grabRenderedImage();
        QVERIFY(!without.isNull());
        plots->keepRun(QStringLiteral("strong"));
        QVERIFY(viewer->hasGhost());
        const QImage with_ghost = viewer->grabImageWhen([&](const QImage& frame) {
            return frame.size() == without.size() && studio_test::mean_difference(frame, without) > 0.3;
        });
        QVERIFY2(!with_ghost.isNull(), "the kept run is not drawn beside the model");
    }
}

void TestKeptRun::keepRunAndParFromTheCommandLine() {
    MainWindow window(studio_test::test_window_options(false));
    ScenarioSession* session = window.findChild<ScenarioDock*>()->session();
    PlotDock* plots = window.simulationUi()->plotDock();
    QString error;
    QVERIFY(!run_scenario_parameters(window, weak_par_, strong_par_, &error));  // no scenario yet
    QVERIFY(error.contains(QStringLiteral("no scenario")));
    QSignalSpy finished(session->runner(), &ScenarioRunner::finished);
    QVERIFY(window.openFile(scenario_));
    QVERIFY(finished.wait(run_timeout_ms));

    QVERIFY2(run_scenario_parameters(window, weak_par_, strong_par_, &error), qPrintable(error));
    QCOMPARE(plots->keptRunName(), QStringLiteral("weak.par"));
    QCOMPARE(session->parPath(), QFileInfo(strong_par_).absoluteFilePath());

    // A .par naming a parameter the scenario lacks: its file and the name, and nothing kept anew.
    const QString bad = dir_.filePath(QStringLiteral("bad.par"));
    QVERIFY(studio_test::write_file(bad, "no_such_parameter\t1\t1\t0.1\n"));
    QVERIFY(!run_scenario_parameters(window, bad, strong_par_, &error));
    QVERIFY2(error.contains(QStringLiteral("bad.par")) && error.contains(QStringLiteral("no_such_parameter")),
             qPrintable(error));
    QCOMPARE(plots->keptRunName(), QStringLiteral("weak.par"));
}

STUDIO_TEST_MAIN(TestKeptRun)
#include "test_kept_run.moc"
