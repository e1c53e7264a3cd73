// `hfd simulate` end to end: exit codes for bad arguments / missing or invalid
// files / blown-up simulations, and the files it writes.
#include "chain_models.h"
#include "cli_test_util.h"

#include <QtTest>

#include <QProcess>
#include <QTemporaryDir>

#include <algorithm>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

const std::string ball_text = hfd::test::bouncing_ball_text("1e-5");

using Run = hfd::test::CliRun;

std::vector<std::string> lines_of(const QString& path) {
    std::ifstream stream(path.toStdString());
    std::vector<std::string> lines;
    for (std::string line; std::getline(stream, line);) lines.push_back(line);
    return lines;
}

}  // namespace

class TestCliSimulate : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void bad_arguments_exit_2();
    void missing_model_exits_1();
    void invalid_model_reports_location();
    void invalid_state_file_reports_location();
    void writes_csv_sto_and_summary();
    void state_file_sets_initial_pose();
    void contact_events_file();
    void blow_up_exits_3_and_keeps_rows();
    void excitation_file_drives_muscles();
    void killed_process_leaves_no_partial_file();
    void runs_that_cannot_be_simulated_are_refused();
    void terminated_run_keeps_its_rows_as_a_partial_file();
    void blow_up_that_cannot_be_written_exits_4();

private:
    Run run(const QStringList& arguments);
    QString write(const QString& name, const char* text);
    QTemporaryDir directory_;
    QString hfd_;
};

void TestCliSimulate::initTestCase() {
    hfd_ = QString(HFD_BIN_DIR) + "/hfd";
    if (!QFileInfo::exists(hfd_)) QSKIP("the hfd tool is not built (target hfd)");
    QVERIFY(directory_.isValid());
}

Run TestCliSimulate::run(const QStringList& arguments) {
    return hfd::test::run_hfd(hfd_, directory_.path(), QStringList{"simulate"} + arguments);
}

QString TestCliSimulate::write(const QString& name, const char* text) {
    const QString path = directory_.filePath(name);
    std::ofstream(path.toStdString()) << text;
    return path;
}

void TestCliSimulate::bad_arguments_exit_2() {
    const QString model = write("pendulum.hfd", hfd::test::pin_pendulum_text);
    Run r = run({});
    QCOMPARE(r.exit_code, 2);
    QVERIFY2(r.err.contains("no model"), qPrintable(r.err));
    r = run({model, "--frobnicate"});
    QCOMPARE(r.exit_code, 2);
    QVERIFY2(r.err.contains("--frobnicate"), qPrintable(r.err));
    for (const char* duration : {"-1", "abc", "0", "nan"}) {
        r = run({model, "--duration", duration});
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(r.err.contains("--duration"), qPrintable(r.err));
    }
    r = run({model, "--sample"});
    QCOMPARE(r.exit_code, 2);
    r = run({model, "--groups", "dofs,wings"});
    QCOMPARE(r.exit_code, 2);
    QVERIFY2(r.err.contains("wings"), qPrintable(r.err));
    r = run({model, "--out", directory_.filePath("no/such/dir/out.csv")});
    QCOMPARE(r.exit_code, 2);
    QVERIFY2(r.err.contains("does not exist"), qPrintable(r.err));
    // a file where a folder of the path should be is named as what it is
    const QString afile = write("afile", "not a folder");
    for (const QString& out : {afile + "/p.csv", afile + "/sub/p.csv"})
        for (const char* option : {"--out", "--sto"}) {
            r = run({model, option, out});
            QCOMPARE(r.exit_code, 2);
            QVERIFY2(r.err.contains("'" + QFileInfo(afile).absoluteFilePath() + "' in the output path '" + out +
                                    "' is a file, not a directory"),
                     qPrintable(r.err));
            QVERIFY2(!r.err.contains("does not exist"), qPrintable(r.err));
        }
    r = run({model, "other.hfd"});
    QCOMPARE(r.exit_code, 2);
    r = run({"--help"});
    QCOMPARE(r.exit_code, 0);
    QVERIFY(r.out.contains("--duration"));
}

void TestCliSimulate::missing_model_exits_1() {
    const Run r = run({directory_.filePath("absent.hfd")});
    QCOMPARE(r.exit_code, 1);
    QVERIFY2(r.err.contains("absent.hfd"), qPrintable(r.err));
    const QString model = write("pendulum.hfd", hfd::test::pin_pendulum_text);
    const Run config = run({model, "--config", directory_.filePath("absent.zml")});
    QCOMPARE(config.exit_code, 1);
    QVERIFY2(config.err.contains("absent.zml"), qPrintable(config.err));
}

void TestCliSimulate::invalid_model_reports_location() {
    // line 3: a body without mass or density
    const QString model = write("bad.hfd",
                                "model {\n\tbody { name = ground mass = 0 inertia { x = 0 y = 0 z = 0 } }\n"
                                "\tbody { name = lost pos { x = 0 y = 1 z = 0 } }\n}\n");
    Run r = run({model, "--out", directory_.filePath("bad.csv")});
    QCOMPARE(r.exit_code, 1);
    QVERIFY2(r.err.contains("bad.hfd:3:"), qPrintable(r.err));
    QVERIFY(!QFileInfo::exists(directory_.filePath("bad.csv")));
    const QString broken = write("broken.hfd", "model {\n\tbody { name = a mass = 1 \n");
    r = run({broken});
    QCOMPARE(r.exit_code, 1);
    QVERIFY2(r.err.contains("broken.hfd:"), qPrintable(r.err));
}

void TestCliSimulate::invalid_state_file_reports_location() {
    const QString model = write("pendulum.hfd", hfd::test::pin_pendulum_text);
    const QString state = write("init.zml", "values {\n\tswing = 0.1\n\tknee = 0.2\n}\n");
    const Run r = run({model, "--state", state});
    QCOMPARE(r.exit_code, 1);
    QVERIFY2(r.err.contains("init.zml:3:2") && r.err.contains("knee"), qPrintable(r.err));
}

void TestCliSimulate::writes_csv_sto_and_summary() {
    const QString model = write("pendulum.hfd", hfd::test::pin_pendulum_text);
    const QString csv = directory_.filePath("pendulum.csv"), sto = directory_.filePath("pendulum.sto");
    const Run r = run({model, "--duration", "0.5", "--sample", "0.01", "--out", csv, "--sto", sto});
    QVERIFY2(r.exit_code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("5000 steps") && r.out.contains("real time") && r.out.contains("simulated 0.5 s"),
             qPrintable(r.out));
    const std::vector<std::string> rows = lines_of(csv);
    QCOMPARE(rows.size(), size_t(1 + 51));
    QVERIFY(rows[0].rfind("time [s],swing [rad],swing.vel [rad/s],bob.pos_x [m]", 0) == 0);
    QVERIFY(rows.back().rfind("0.5,", 0) == 0);
    const std::vector<std::string> storage = lines_of(sto);
    QCOMPARE(storage.size(), size_t(7 + 51));
    QCOMPARE(storage[2], std::string("nRows=51"));
    QCOMPARE(storage[6], std::string("time\tswing"));
    // groups restrict the CSV but not the .sto
    const Run dofs = run({model, "--duration", "0.1", "--out", csv, "--groups", "dofs"});
    QCOMPARE(dofs.exit_code, 0);
    QCOMPARE(lines_of(csv)[0], std::string("time [s],swing [rad],swing.vel [rad/s]"));
}

void TestCliSimulate::state_file_sets_initial_pose() {
    const QString model = write("pendulum.hfd", hfd::test::pin_pendulum_text);
    const QString state = write("start.zml", "values { swing = -0.3 }\nvelocities { swing = 2 }\n");
    const QString csv = directory_.filePath("posed.csv");
    const Run r = run({model, "--state", state, "--duration", "0.01", "--groups", "dofs", "--out", csv});
    QVERIFY2(r.exit_code == 0, qPrintable(r.err));
    const std::vector<std::string> rows = lines_of(csv);
    QCOMPARE(rows.size(), size_t(3));
    std::istringstream first(rows[1]);
    double time = 1, swing = 0, velocity = 0;
    char comma = 0;
    first >> time >> comma >> swing >> comma >> velocity;
    QCOMPARE(time, 0.0);
    QVERIFY2(std::abs(swing + 0.3) < 1e-9, rows[1].c_str());
    QVERIFY2(std::abs(velocity - 2) < 1e-9, rows[1].c_str());
}

void TestCliSimulate::contact_events_file() {
    const QString model = write("ball.hfd", ball_text.c_str());
    const QString events = directory_.filePath("events.csv");
    const Run r = run({model, "--duration", "0.2", "--events", events});
    QVERIFY2(r.exit_code == 0, qPrintable(r.err));
    const std::vector<std::string> lines = lines_of(events);
    QCOMPARE(lines.size(), size_t(3));
    QCOMPARE(lines[0], std::string("time [s],pair,event"));
    // free fall over 5 cm: sqrt(2 * 0.05 / 9.81) = 0.10096 s
    QVERIFY2(lines[1].rfind("0.1009", 0) == 0 && lines[1].find(",shell-floor,onset") != std::string::npos,
             lines[1].c_str());
    QVERIFY2(lines[2].find(",shell-floor,lift-off") != std::string::npos, lines[2].c_str());
    QVERIFY(r.out.contains("2 contact events"));
}

void TestCliSimulate::blow_up_exits_3_and_keeps_rows() {
    // omega = sqrt(1e10) = 1e5 rad/s with h = 1e-3 s: far past the h < 2/omega stability limit
    std::string text = hfd::test::pin_pendulum_text;
    text.replace(text.find("stiffness = 1e5"), 15, "stiffness = 1e10");
    text.replace(text.find("step_size = 1e-4"), 16, "step_size = 1e-3");
    const QString model = write("unstable.hfd", text.c_str());
    const QString csv = directory_.filePath("unstable.csv");
    const Run r = run({model, "--duration", "1", "--out", csv});
    QCOMPARE(r.exit_code, 3);
    QVERIFY2(r.err.contains("'bob'") && r.err.contains("t = "), qPrintable(r.err));
    const std::vector<std::string> rows = lines_of(csv);
    QVERIFY(rows.size() >= 2 && rows.size() < 102);
    QVERIFY(rows[0].rfind("time [s],", 0) == 0);
    QVERIFY(rows[1].rfind("0,", 0) == 0);
}

void TestCliSimulate::excitation_file_drives_muscles() {
    std::string text = hfd::test::pin_pendulum_text;
    text.replace(text.find("\tdof {"), 0,
                 "\tpoint_path_muscle { name = lifter max_isometric_force = 500 optimal_fiber_length = 0.3\n"
                 "\t\ttendon_slack_length = 0.25 path [ { body = ground pos { x = 0 y = 1.3 z = 0 } }\n"
                 "\t\t{ body = bob pos { x = 0 y = 0 z = 0 } } ] }\n");
    text.replace(text.find("joint_force_pd {}"), 17,
                 "joint_force_pd {} muscle_activation {} muscle_force_m2012fast {}");
    const QString model = write("muscle.hfd", text.c_str());
    const QString ramp = write("ramp.csv", "time,lifter\n0,0\n0.1,1\n");
    const QString csv = directory_.filePath("muscle.csv");
    const Run r = run(
        {model, "--excitation", ramp, "--duration", "0.2", "--sample", "0.05", "--groups", "muscles", "--out", csv});
    QVERIFY2(r.exit_code == 0, qPrintable(r.err));
    const std::vector<std::string> rows = lines_of(csv);
    QCOMPARE(rows.size(), size_t(6));
    QVERIFY(rows[0].rfind("time [s],lifter.excitation,lifter.activation", 0) == 0);
    // linear ramp 0 -> 1 over 0.1 s, then held: 0, 0.5, 1, 1, 1
    const char* expected[] = {"0,0,", "0.05,0.5,", "0.1,1,", "0.15,1,", "0.2,1,"};
    for (int i = 0; i < 5; ++i) QVERIFY2(rows[i + 1].rfind(expected[i], 0) == 0, rows[i + 1].c_str());

    const QString unknown = write("unknown.csv", "time,lifter,nobody\n0,0,1\n");
    const Run bad = run({model, "--excitation", unknown});
    QCOMPARE(bad.exit_code, 1);
    QVERIFY2(bad.err.contains("unknown.csv:1:") && bad.err.contains("nobody"), qPrintable(bad.err));
}

void TestCliSimulate::killed_process_leaves_no_partial_file() {
    // Killed at various moments (simulating, writing): the final name holds the
    // previous file or the complete new one, never a truncated one.
    const QString model = write("pendulum.hfd", hfd::test::pin_pendulum_text);
    const QString csv = directory_.filePath("killed.csv");
    for (int delay_ms : {30, 120, 160, 190, 220, 400}) {
        write("killed.csv", "previous\n");
        QProcess process;
        process.start(hfd_, {"simulate", model, "--duration", "4", "--sample", "0.0001", "--out", csv});
        QVERIFY(process.waitForStarted());
        QThread::msleep(delay_ms);
        process.kill();
        process.waitForFinished(hfd::test::scaled_ms(20000));
        const std::vector<std::string> rows = lines_of(csv);
        const bool previous = rows.size() == 1 && rows[0] == "previous";
        const bool complete = rows.size() == 1 + 40001 && rows.back().rfind("4,", 0) == 0;
        QVERIFY2(previous || complete,
                 qPrintable(QString("%1 lines after a kill at %2 ms").arg(rows.size()).arg(delay_ms)));
    }
}

// Durations that simulate nothing (1e18 s used to record one sample and exit
// 0) or sample counts past the limit (they used to abort on bad_alloc) exit 2;
// a step size that would never end exits 1 at its file:line:col.
void TestCliSimulate::runs_that_cannot_be_simulated_are_refused() {
    const QString model = write("pendulum.hfd", hfd::test::pin_pendulum_text);
    for (const char* duration : {"1e18", "1e20", "1e100", "inf"}) {
        const Run r = run({model, "--duration", duration});
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(r.err.contains("duration") || r.err.contains("samples"), qPrintable(r.err));
    }
    const Run fine = run({model, "--duration", "1", "--sample", "1e-9"});
    QCOMPARE(fine.exit_code, 2);
    QVERIFY2(fine.err.contains("1e+09 samples"), qPrintable(fine.err));
    for (const char* integrator :
         {"forward_euler_integrator { step_size = 1e-300 }", "symplectic_euler_integrator { step_size = 1e-320 }"}) {
        std::string text = hfd::test::pin_pendulum_text;
        text.replace(text.find("symplectic_euler_integrator { step_size = 1e-4 }"), 48, integrator);
        const QString tiny = write("tiny_step.hfd", text.c_str());
        const size_t at = text.find("step_size");
        const int line = int(std::count(text.begin(), text.begin() + at, '\n')) + 1;
        const int column = int(at - (text.rfind('\n', at) + 1)) + 1;
        const Run r = run({tiny, "--duration", "0.05"});
        QCOMPARE(r.exit_code, 1);
        QVERIFY2(r.err.contains(QString("tiny_step.hfd:%1:%2: error:").arg(line).arg(column)), qPrintable(r.err));
        QVERIFY2(r.err.contains("steps"), qPrintable(r.err));
    }
}

// SIGTERM in the middle of a long run: the rows recorded so far are kept in
// OUT.partial.csv / .sto (whole rows, from t = 0 on), the message says so, and
// neither the final name nor a temporary file is left.
void TestCliSimulate::terminated_run_keeps_its_rows_as_a_partial_file() {
    const QString model = write("pendulum.hfd", hfd::test::pin_pendulum_text);
    QDir dir(directory_.filePath("sigterm"));
    QVERIFY(dir.mkpath("."));
    QProcess process;
    process.start(hfd_, {"simulate", model, "--duration", "1000", "--sample", "0.001", "--out", dir.filePath("run.csv"),
                         "--sto", dir.filePath("run.sto")});
    QVERIFY(process.waitForStarted());
    // the run is under way once its temporary files exist
    QTRY_VERIFY_WITH_TIMEOUT(dir.entryList({"run.csv.tmp-*"}, QDir::Files).size() == 1, hfd::test::scaled_ms(20000));
    process.terminate();
    QVERIFY(process.waitForFinished(hfd::test::scaled_ms(20000)));
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QCOMPARE(process.exitCode(), 3);
    const QString err = QString::fromUtf8(process.readAllStandardError());
    QVERIFY2(err.contains("interrupted") && err.contains("run.partial.csv"), qPrintable(err));
    QCOMPARE(dir.entryList(QDir::Files), QStringList({"run.partial.csv", "run.partial.sto"}));
    const std::vector<std::string> rows = lines_of(dir.filePath("run.partial.csv"));
    QVERIFY(rows.size() >= 2);
    QVERIFY(rows[0].rfind("time [s],", 0) == 0);
    QVERIFY(rows[1].rfind("0,", 0) == 0);
    const auto fields = [](const std::string& row) { return std::count(row.begin(), row.end(), ','); };
    for (const std::string& row : rows) QCOMPARE(fields(row), fields(rows[0]));
    const std::vector<std::string> sto = lines_of(dir.filePath("run.partial.sto"));
    // the row count in the 7 digits reserved for 1,000,001 rows: no leading zeros
    QCOMPARE(sto[2], "nRows=" + QString::number(rows.size() - 1).leftJustified(7, ' ').toStdString());
    QCOMPARE(sto.size(), size_t(7) + rows.size() - 1);  // 6 header lines and the labels, then the rows
}

// A run that blows up and then cannot write its rows (the name is taken by a
// folder) exits 4 and does not claim a write (it used to exit 3 and say
// "the N samples recorded until then were written").
void TestCliSimulate::blow_up_that_cannot_be_written_exits_4() {
    std::string text = hfd::test::pin_pendulum_text;
    text.replace(text.find("stiffness = 1e5"), 15, "stiffness = 1e10");
    text.replace(text.find("step_size = 1e-4"), 16, "step_size = 1e-3");
    const QString model = write("unstable.hfd", text.c_str());
    QDir dir(directory_.filePath("taken"));
    QVERIFY(dir.mkpath("out.csv"));
    const Run r = run({model, "--duration", "1", "--out", dir.filePath("out.csv")});
    QCOMPARE(r.exit_code, 4);
    QVERIFY2(!r.err.contains("were written") && r.err.contains("not written"), qPrintable(r.err));
    QVERIFY2(r.err.contains("'bob'"), qPrintable(r.err));  // the failure is still reported
    QCOMPARE(dir.entryList(QDir::Files), QStringList());   // no temporary file left
}

QTEST_APPLESS_MAIN(TestCliSimulate)
#include "test_cli_simulate.moc"
