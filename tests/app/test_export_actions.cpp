// File > Export writes the worker's recording with the engine writers.
#include "export_actions.h"

#include "format/parser.h"
#include "model/build_model.h"
#include "prompts.h"
#include "simulation_controller.h"
#include "studio_test_support.h"

#include <QAction>
#include <QMenu>
#include <QTemporaryDir>
#include <QTest>
#include "test_time_scale.h"

using namespace hfd;
using namespace hfd::studio;

namespace {

const QString arm = QStringLiteral(HFD_SAMPLES_DIR "/arm_muscles.hfd");

QAction* action_named(QMenu& menu, const QString& prefix) {
    for (QAction* action : menu.findChildren<QAction*>())
        if (action->text().startsWith(prefix)) return action;
    return nullptr;
}

}  // namespace

class TestExportActions : public QObject {
    Q_OBJECT
private slots:
    void exportsTheRecording();
};

void TestExportActions::exportsTheRecording() {
    SimulationController controller;
    SimulationSetup setup;
    BuildResult built = load_model(arm.toStdString());
    QVERIFY(built.ok());
    setup.model = std::make_shared<const Model>(std::move(*built.model));
    std::vector<Diagnostic> diagnostics;
    setup.config = read_sim_config(parse_file(arm.toStdString()).root, arm.toStdString(), diagnostics);
    setup.end_time = 0.1;
    QVERIFY(!has_errors(controller.load(std::move(setup))));
    controller.setRealTimeFactor(0);
    controller.play();
    QTRY_VERIFY_WITH_TIMEOUT(controller.latestFrame() && controller.latestFrame()->finished,
                             hfd::test::scaled_ms(20000));

    QTemporaryDir dir;
    QString next_path;
    QStringList errors;
    StudioPrompts prompts;
    QList<FileRequest> requests;
    prompts.export_path = [&](const FileRequest& request) {
        requests << request;
        return next_path;
    };
    prompts.error = [&](const QString&, const QString& message) { errors << message; };
    ExportActions actions(&controller, &prompts, nullptr, nullptr);
    QMenu file_menu;
    actions.addToMenu(&file_menu);

    next_path = dir.filePath("run.csv");
    action_named(file_menu, "Trajectory")->trigger();
    const QList<QByteArray> lines = studio_test::read_file(next_path).trimmed().split('\n');
    QCOMPARE(lines.size(), 1 + 11);  // header + samples at 0, 0.01, ..., 0.1
    QVERIFY(lines[0].startsWith("time [s],"));
    QVERIFY(lines[0].contains("biceps.activation"));
    QVERIFY(lines.last().startsWith("0.1,"));

    next_path = dir.filePath("run.sto");
    action_named(file_menu, "Dof values")->trigger();
    const QByteArray sto = studio_test::read_file(next_path);
    QVERIFY(sto.contains("endheader"));
    QVERIFY(sto.contains("elbow_flexion"));

    next_path = dir.filePath("events.csv");
    action_named(file_menu, "Contact")->trigger();
    QVERIFY(studio_test::read_file(next_path).startsWith("time [s],pair,event"));
    QVERIFY(errors.isEmpty());

    // Each dialog says what it writes: its own title and file type, never the model's.
    next_path.clear();  // cancelled
    action_named(file_menu, "3D view")->setEnabled(true);
    action_named(file_menu, "3D view")->trigger();
    QCOMPARE(requests.size(), 4);
    const QStringList extensions{"*.csv", "*.sto", "*.csv", "*.png"};
    for (int r = 0; r < requests.size(); ++r) {
        QVERIFY2(requests[r].title.startsWith("Export"), qPrintable(requests[r].title));
        QVERIFY2(requests[r].filter.contains(extensions[r]), qPrintable(requests[r].filter));
        QVERIFY(!requests[r].filter.contains("*.hfd"));
        QVERIFY(requests[r].suggested.endsWith(extensions[r].mid(1)));
    }

    // No 3D view: the image export reports why instead of writing nothing silently.
    QVERIFY(!actions.saveViewImage(dir.filePath("view.png"), QSize(64, 48)));
    QCOMPARE(errors.size(), 1);
    // An unwritable path is reported with the path.
    QVERIFY(!actions.exportTrajectoryCsv(dir.filePath("missing/dir/run.csv")));
    QCOMPARE(errors.size(), 2);
    QVERIFY(errors[1].contains("missing/dir/run.csv"));
}

STUDIO_TEST_MAIN(TestExportActions)
#include "test_export_actions.moc"
