// `hfd info`: exit codes and output of the command-line tool (runs HFD_BIN_DIR/hfd).
#include <QtTest>

#include <QProcess>
#include <QTemporaryDir>
#include "test_time_scale.h"

namespace {

struct Run {
    int exit_code = -1;
    QString out, err;
};

Run run_hfd(const QStringList& arguments) {
    QProcess process;
    process.start(QStringLiteral(HFD_BIN_DIR "/hfd"), arguments);
    Run run;
    if (!process.waitForFinished(hfd::test::scaled_ms(20000))) return run;
    run.exit_code = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

}  // namespace

class TestCmdInfo : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY2(QFileInfo::exists(HFD_BIN_DIR "/hfd"), "build the target 'hfd' before this test"); }

    void sample_model() {
        const Run run = run_hfd({"info", HFD_SAMPLES_DIR "/showcase.hfd"});
        QCOMPARE(run.exit_code, 0);
        QVERIFY2(run.err.isEmpty(), qPrintable(run.err));  // the sample has no warnings
        QVERIFY(run.out.contains("showcase_leg"));
        QVERIFY2(run.out.contains(QRegularExpression(R"(bodies:\s+4 \(3 dynamic, 1 static\))")), qPrintable(run.out));
        QVERIFY(run.out.contains(QRegularExpression(R"(joints:\s+3\n)")));
        QVERIFY(run.out.contains(QRegularExpression(R"(dofs:\s+3\n)")));
        QVERIFY(run.out.contains(QRegularExpression(R"(muscles:\s+1\n)")));
        QVERIFY(run.out.contains(QRegularExpression(R"(geometries:\s+3\n)")));
        QVERIFY(run.out.contains(QRegularExpression(R"(meshes:\s+1\n)")));
        QVERIFY(run.out.contains(QRegularExpression(R"(motors:\s+1\n)")));
        QVERIFY(run.out.contains("total mass:"));
    }

    // A mesh whose file is neither beside the model nor in its geometry/ folder is
    // reported at its mesh component, with the paths tried.
    void missing_mesh_is_warned_about() {
        QTemporaryDir dir;
        const QString path = dir.filePath("meshes.hfd");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(
            "model {\n  body { name = a mass = 1 inertia { x = 1 y = 1 z = 1 }\n    mesh { file = femur.vtp }\n  "
            "}\n}\n");
        file.close();
        const Run run = run_hfd({"info", path});
        QCOMPARE(run.exit_code, 0);
        QVERIFY2(run.err.contains(path + ":3:5: warning"), qPrintable(run.err));
        QVERIFY2(run.err.contains("femur.vtp"), qPrintable(run.err));
        QVERIFY2(run.err.contains(dir.filePath("geometry/femur.vtp")), qPrintable(run.err));
    }

    void errors_exit_1_with_locations() {
        QTemporaryDir dir;
        const QString path = dir.filePath("broken.hfd");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("model {\n  body { name = a mass = 1 }\n  body { name = b mass = 0 colour = 1 }\n}\n");
        file.close();
        const Run run = run_hfd({"info", path});
        QCOMPARE(run.exit_code, 1);
        QVERIFY2(run.err.contains(path + ":2:"), qPrintable(run.err));
        QVERIFY(run.err.contains("without inertia"));
        QVERIFY2(run.err.contains(path + ":3:28: warning"), qPrintable(run.err));
        QVERIFY(run.out.isEmpty());
    }

    void warnings_go_to_stderr() {
        QTemporaryDir dir;
        const QString path = dir.filePath("warn.hfd");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("model {\n  body { name = b mass = 0 colour = 1 }\n}\n");
        file.close();
        const Run run = run_hfd({"info", path});
        QCOMPARE(run.exit_code, 0);
        QVERIFY(run.err.contains("warning"));
        QVERIFY(!run.out.contains("warning"));
        QVERIFY(run.out.contains(QRegularExpression(R"(bodies:\s+1 \(0 dynamic, 1 static\))")));
    }

    void usage() {
        const Run help = run_hfd({"info", "--help"});
        QCOMPARE(help.exit_code, 0);
        QVERIFY(help.out.contains("usage: hfd info"));
        QCOMPARE(run_hfd({"info"}).exit_code, 2);
        QCOMPARE(run_hfd({"info", "a.hfd", "b.hfd"}).exit_code, 2);
        const Run missing = run_hfd({"info", "/nonexistent/model.hfd"});
        QCOMPARE(missing.exit_code, 1);
        QVERIFY(!missing.err.isEmpty());
    }
};

QTEST_APPLESS_MAIN(TestCmdInfo)
#include "test_cmd_info.moc"
