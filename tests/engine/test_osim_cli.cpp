// `hfd convert`: output file, stdout, report on stderr, exit codes.
#include "format/parser.h"
#include "osim_test_util.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include "test_time_scale.h"

using namespace osim_test;

namespace {

struct Run {
    int exit_code = -1;
    QString out, err;
};

Run run_hfd(const QStringList& args) {
    QProcess p;
    p.start(QString(HFD_BIN_DIR) + "/hfd", QStringList{"convert"} + args);
    p.waitForFinished(hfd::test::scaled_ms(20000));
    return Run{p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
               p.readAllStandardError()};
}

void write(const QString& path, const std::string& text) { std::ofstream(path.toStdString()) << text; }

}  // namespace

class TestOsimCli : public QObject {
    Q_OBJECT

private slots:
    void init() {
        if (!QFileInfo::exists(QString(HFD_BIN_DIR) + "/hfd")) QSKIP("hfd tool not built");
    }
    void convertsToFileAndStdout();
    void malformedInputFails();
    void limitDampingReferenceAngleOption();
};

void TestOsimCli::convertsToFileAndStdout() {
    QTemporaryDir dir;
    const QString input = dir.filePath("m.osim"), output = dir.filePath("m.hfd");
    const std::string bodies = body("a", 1, "0 0 0", "0.1 0.1 0.1 0 0 0");
    const std::string joints = joint("PinJoint", "pin", "/ground", "0 1 0", "0 0 0", "/bodyset/a", "0 0.5 0", "0 0 0",
                                     coordinate("q", 0, -1, 1));
    write(input, document(bodies, joints, "<PointToPointSpring name=\"s\" />"));
    const Run to_file = run_hfd({input, "-o", output, "--joint-stiffness", "2e5", "--limit-stiffness", "50"});
    QCOMPARE(to_file.exit_code, 0);
    QVERIFY(to_file.out.isEmpty());
    QVERIFY2(to_file.err.contains("m.osim:") && to_file.err.contains("PointToPointSpring 's'"),
             qPrintable(to_file.err));
    std::ifstream in(output.toStdString());
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const hfd::ParseResult parsed = hfd::parse_text(text);
    QVERIFY(parsed.ok());
    const hfd::PropNode& model = *parsed.root.find("model");
    const hfd::PropNode& j = *find_named(model, "body", "a")->find("joint");
    QCOMPARE(number(j, "stiffness"), 2e5);
    QCOMPARE(number(j, "limit_stiffness"), 50.0);

    const Run to_stdout = run_hfd({input});
    QCOMPARE(to_stdout.exit_code, 0);
    QCOMPARE(to_stdout.out.toStdString().substr(0, 7), std::string("model {"));
}

void TestOsimCli::malformedInputFails() {
    QTemporaryDir dir;
    const QString input = dir.filePath("bad.osim"), output = dir.filePath("bad.hfd");
    write(input, "<OpenSimDocument>\n<Model>\n</Mdl>\n");
    const Run r = run_hfd({input, "-o", output});
    QCOMPARE(r.exit_code, 1);
    QVERIFY2(r.err.contains("bad.osim:3:"), qPrintable(r.err));
    QVERIFY(!QFileInfo::exists(output));
    QCOMPARE(run_hfd({input, "--joint-stiffness", "soft"}).exit_code, 1);
    QCOMPARE(run_hfd({}).exit_code, 1);
    QCOMPARE(run_hfd({dir.filePath("missing.osim")}).exit_code, 1);
}

void TestOsimCli::limitDampingReferenceAngleOption() {
    // limit_damping = d / (k theta_ref): k = 2 N m/deg, d = 0.2 N m s/deg.
    QTemporaryDir dir;
    const QString input = dir.filePath("knee.osim");
    const std::string bodies = body("a", 1, "0 0 0", "0.1 0.1 0.1 0 0 0");
    const std::string joints = joint("PinJoint", "knee", "/ground", "0 1 0", "0 0 0", "/bodyset/a", "0 0.5 0", "0 0 0",
                                     coordinate("knee_angle", 0, -2, 0.1));
    const std::string limit =
        "<CoordinateLimitForce "
        "name=\"knee_limit\"><coordinate>knee_angle</coordinate><upper_stiffness>2</upper_stiffness>"
        "<upper_limit>-5</upper_limit><lower_stiffness>2</lower_stiffness><lower_limit>-120</lower_limit>"
        "<damping>0.2</damping></CoordinateLimitForce>";
    write(input, document(bodies, joints, limit));
    auto limit_damping = [](const Run& r) {
        const hfd::ParseResult parsed = hfd::parse_text(r.out.toStdString());
        const hfd::PropNode* a = parsed.ok() ? find_named(*parsed.root.find("model"), "body", "a") : nullptr;
        return a && a->find("joint") ? number(*a->find("joint"), "limit_damping") : std::nan("");
    };
    const double k_rad = 2 * 180 / 3.14159265358979323846;
    const Run by_default = run_hfd({input});
    QCOMPARE(by_default.exit_code, 0);
    QVERIFY(close(limit_damping(by_default),
                  0.2 * 180 / 3.14159265358979323846 / (k_rad * 2 * 3.14159265358979323846 / 180)));
    QVERIFY2(by_default.err.contains("reference angle of 2 degrees"), qPrintable(by_default.err));
    const Run five = run_hfd({input, "--limit-damping-reference-angle", "5"});
    QCOMPARE(five.exit_code, 0);
    QVERIFY(close(limit_damping(five), limit_damping(by_default) * 2 / 5));
    QVERIFY2(five.err.contains("reference angle of 5 degrees"), qPrintable(five.err));
    QCOMPARE(run_hfd({input, "--limit-damping-reference-angle", "0"}).exit_code, 1);
    QCOMPARE(run_hfd({input, "--limit-damping-reference-angle"}).exit_code, 1);
}

QTEST_APPLESS_MAIN(TestOsimCli)
#include "test_osim_cli.moc"
