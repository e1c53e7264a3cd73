// Resume in the Optimization window: a stopped run, selected in the results
// browser, continues from its folder with the engine's ScenarioOptimization::resume
// (as hfd optimize --resume) and ends with the history of an uninterrupted run.
#include "main_window.h"
#include "optimization_window.h"
#include "scenario_dock.h"
#include "scenario_test_support.h"
#include "studio_test_support.h"

#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QTreeWidget>

using namespace hfd;
using namespace hfd::studio;

namespace {

constexpr int run_timeout_ms = 60000;  // an upper bound on a loaded machine, not a wait

// history.csv's generation lines (the header left out).
QStringList history_lines(const QString& run_folder) {
    QStringList lines =
        QString::fromUtf8(studio_test::read_file(QDir(run_folder).filePath(QStringLiteral("history.csv"))))
            .split(u'\n', Qt::SkipEmptyParts);
    if (!lines.isEmpty()) lines.removeFirst();
    return lines;
}

}  // namespace

class TestOptimizationResume : public QObject {
    Q_OBJECT
private slots:
    void aStoppedRunResumesFromTheResultsBrowser();
};

void TestOptimizationResume::aStoppedRunResumesFromTheResultsBrowser() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString scenario = dir.filePath(QStringLiteral("tiny.scone"));
    QVERIFY(studio_test::write_file(scenario, studio_test::tiny_scenario(0.2, 2).toUtf8()));
    MainWindow window(studio_test::test_window_options(false));
    ScenarioSession* session = window.findChild<ScenarioDock*>()->session();
    QSignalSpy ran(session->runner(), &ScenarioRunner::finished);
    QVERIFY(window.openFile(scenario));
    QVERIFY(ran.wait(run_timeout_ms));

    OptimizationWindow optimization(session);
    optimization.setThreads(2);
    optimization.setPlayBest(false);
    optimization.setOutputDirectory(dir.filePath(QStringLiteral("stopped")));
    QSignalSpy progressed(&optimization, &OptimizationWindow::progressed);
    QSignalSpy finished(&optimization, &OptimizationWindow::finished);
    auto* resume = optimization.findChild<QPushButton*>(QStringLiteral("resumeOptimization"));
    QVERIFY(resume);
    resume->click();  // nothing selected
    QVERIFY(!optimization.isRunning());
    QVERIFY2(optimization.statusText().contains(QStringLiteral("Select a run")), qPrintable(optimization.statusText()));

    QVERIFY(optimization.start());  // the scenario's max_generations: 2
    QVERIFY(finished.wait(run_timeout_ms));
    const QString folder = optimization.runFolder();
    QCOMPARE(history_lines(folder).size(), 2);

    // Selected in the browser (a .par of it stands for its run), resumed up to generation 4.
    QCOMPARE(optimization.resultsTree()->topLevelItemCount(), 1);
    QTreeWidgetItem* run = optimization.resultsTree()->topLevelItem(0);
    QVERIFY(run->childCount() >= 1);
    optimization.resultsTree()->setCurrentItem(run->child(0));
    optimization.setMaxGenerations(4);
    progressed.clear();
    finished.clear();
    resume->click();
    QVERIFY(optimization.isRunning());
    QVERIFY(finished.wait(run_timeout_ms));
    QCOMPARE(finished.first().first().toBool(), true);
    QCOMPARE(progressed.size(), 2);
    QCOMPARE(progressed[0][0].toInt(), 3);  // it goes on from where it stopped
    QCOMPARE(progressed[1][0].toInt(), 4);
    QCOMPARE(QDir(optimization.runFolder()).absolutePath(), QDir(folder).absolutePath());
    QCOMPARE(optimization.bestPoints().size(), 4);  // the earlier generations from its history, then the new
    QCOMPARE(optimization.bestPoints().first().x(), 1.0);
    const QStringList resumed = history_lines(folder);
    QCOMPARE(resumed.size(), 4);

    // The same four generations without the stop: the same lines, bit for bit.
    optimization.setOutputDirectory(dir.filePath(QStringLiteral("uninterrupted")));
    finished.clear();
    QVERIFY(optimization.start());
    QVERIFY(finished.wait(run_timeout_ms));
    QCOMPARE(history_lines(optimization.runFolder()), resumed);

    // With another scenario open, a resumed run's new bests do not play in its model.
    const QString other = dir.filePath(QStringLiteral("other.scone"));
    QVERIFY(studio_test::write_file(other, studio_test::tiny_scenario(0.2, 2).toUtf8()));
    QVERIFY(window.openFile(other));
    QVERIFY(ran.wait(run_timeout_ms));
    const int pars_before = int(QDir(folder).entryList({QStringLiteral("*.par")}).size());
    optimization.setPlayBest(true);
    optimization.setMaxGenerations(10);
    finished.clear();
    QVERIFY(optimization.resume(folder));
    QVERIFY2(optimization.statusText().contains(QStringLiteral("not the open scenario")),
             qPrintable(optimization.statusText()));
    QVERIFY(finished.wait(run_timeout_ms));
    QVERIFY(QDir(folder).entryList({QStringLiteral("*.par")}).size() > pars_before);  // it improved
    QVERIFY(session->parPath().isEmpty());                                            // and nothing played

    // A folder that is not a run: the reason, and nothing runs.
    QVERIFY(!optimization.resume(dir.filePath(QStringLiteral("stopped"))));
    QVERIFY(!optimization.isRunning());
    QVERIFY2(optimization.statusText().contains(QStringLiteral("no scenario")), qPrintable(optimization.statusText()));
}

STUDIO_TEST_MAIN(TestOptimizationResume)
#include "test_optimization_resume.moc"
