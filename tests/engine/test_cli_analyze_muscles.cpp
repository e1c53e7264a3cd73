// `hfd analyze muscles` end to end: errors for unknown coordinates and muscles,
// too few points and activations out of [0, 1]; the CSV's moment arms against the
// analytic ones of a hinge; only crossing muscles listed; --state poses the other
// coordinates; --activation 0 leaves no active force.
#include "cli_test_util.h"
#include "hinge_muscle_model.h"

#include <QtTest>

#include <QDir>
#include <QTemporaryDir>

#include <cmath>
#include <fstream>
#include <numbers>

namespace {

using Run = hfd::test::CliRun;

struct Table {
    QStringList header;
    std::vector<std::vector<double>> rows;
    int column(const QString& name) const {
        for (int i = 0; i < header.size(); ++i)
            if (header[i] == name || header[i].startsWith(name + " [") ||
                (name.endsWith('.') && header[i].startsWith(name)))
                return i;
        return -1;
    }
};

Table read_table(const QString& path) {
    QFile file(path);
    Table table;
    if (!file.open(QIODevice::ReadOnly)) return table;
    const QStringList lines = QString::fromUtf8(file.readAll()).split('\n', Qt::SkipEmptyParts);
    if (lines.isEmpty()) return table;
    table.header = lines[0].split(',');
    for (int i = 1; i < lines.size(); ++i) {
        std::vector<double> row;
        for (const QString& cell : lines[i].split(',')) row.push_back(cell.toDouble());
        table.rows.push_back(row);
    }
    return table;
}

}  // namespace

class TestCliAnalyzeMuscles : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        hfd_ = QString(HFD_BIN_DIR) + "/hfd";
        if (!QFileInfo::exists(hfd_)) QSKIP("the hfd tool is not built (target hfd)");
        QVERIFY(directory_.isValid());
        model_ = directory_.filePath("hinge.hfd");
        std::ofstream(model_.toStdString()) << hfd::test::hinge_muscle_model;
    }

    void badArgumentsExit2() {
        const QString out = directory_.filePath("bad.csv");
        struct Case {
            QStringList arguments;
            const char* message;
        };
        const Case cases[] = {
            {{model_, "--out", out}, "no coordinate given"},
            {{model_, "--coordinate", "shoulder", "--out", out}, "unknown coordinate 'shoulder'"},
            {{model_, "--coordinate", "elbow_angle", "--muscles", "over,biceps", "--out", out},
             "unknown muscle 'biceps'"},
            {{model_, "--coordinate", "elbow_angle", "--points", "1", "--out", out}, "--points needs"},
            {{model_, "--coordinate", "elbow_angle", "--points", "ten", "--out", out}, "--points needs"},
            {{model_, "--coordinate", "elbow_angle", "--activation", "1.5", "--out", out}, "--activation needs"},
            {{model_, "--coordinate", "elbow_angle", "--activation", "-0.1", "--out", out}, "--activation needs"},
            {{model_, "--coordinate", "elbow_angle"}, "no output file"},
            {{model_, "--coordinate", "elbow_angle", "--out", out, "--speed", "2"}, "--speed"},
        };
        for (const Case& c : cases) {
            const Run r = run(c.arguments);
            QVERIFY2(r.exit_code == 2, qPrintable(c.arguments.join(' ') + ": exit " + QString::number(r.exit_code)));
            QVERIFY2(r.err.contains(c.message), qPrintable(r.err));
        }
        QVERIFY(!QFileInfo::exists(out));
        // the unknown coordinate's message lists the model's
        QVERIFY(run({model_, "--coordinate", "knee", "--out", out}).err.contains("elbow_angle, wrist_angle"));
    }

    void missingModelExits1() {
        const Run r =
            run({directory_.filePath("none.hfd"), "--coordinate", "a", "--out", directory_.filePath("x.csv")});
        QCOMPARE(r.exit_code, 1);
    }

    void momentArmsAreAnalytic() {
        const QString out = directory_.filePath("elbow.csv");
        const Run r = run({model_, "--coordinate", "elbow_angle", "--points", "9", "--out", out});
        QVERIFY2(r.exit_code == 0, qPrintable(r.err));
        const Table table = read_table(out);
        QCOMPARE(int(table.rows.size()), 9);
        QCOMPARE(table.header[0], QString("elbow_angle [deg]"));
        QCOMPARE(table.column("beside."), -1);  // does not cross the elbow
        const int arm = table.column("over.moment_arm");
        const int length = table.column("over.length");
        const int force = table.column("over.tendon_force"), moment = table.column("over.moment");
        QVERIFY(arm > 0 && length > 0 && force > 0 && moment > 0);
        QCOMPARE(table.rows.front()[0], -150.0);
        QCOMPARE(table.rows.back()[0], 150.0);
        for (const std::vector<double>& row : table.rows) {
            const double q = row[0] * std::numbers::pi / 180;
            const double l = std::sqrt(0.13 + 0.12 * std::cos(q));
            QVERIFY(std::abs(row[length] - l) < 1e-8);
            QVERIFY(std::abs(row[arm] - 0.06 * std::sin(q) / l) < 1e-8);
            QVERIFY(std::abs(row[moment] - row[arm] * row[force]) < 1e-6 * (1 + std::abs(row[moment])));
        }
    }

    void musclesNotCrossingAreLeftOutWithANote() {
        const QString out = directory_.filePath("wrist.csv");
        const Run r =
            run({model_, "--coordinate", "wrist_angle", "--muscles", "over,beside", "--points", "3", "--out", out});
        QVERIFY2(r.exit_code == 0, qPrintable(r.err));
        QVERIFY(r.err.contains("'over' does not cross 'wrist_angle'"));
        const Table table = read_table(out);
        QVERIFY(table.column("beside.moment_arm") > 0);
        QCOMPARE(table.column("over."), -1);
    }

    void activationZeroLeavesNoActiveForce() {
        const QString out = directory_.filePath("passive.csv");
        const Run r = run({model_, "--coordinate", "elbow_angle", "--activation", "0", "--points", "5", "--out", out});
        QVERIFY2(r.exit_code == 0, qPrintable(r.err));
        const Table table = read_table(out);
        const int active = table.column("over.active_fiber_force");
        const int strength = table.column("strength_positive");
        QVERIFY(active > 0 && strength > 0);
        double strongest = 0;
        for (const std::vector<double>& row : table.rows) {
            QCOMPARE(row[active], 0.0);
            strongest = std::max(strongest, row[strength]);  // the strength curve stays at full activation
        }
        QVERIFY(strongest > 1);
    }

    void stateFilePosesTheOtherCoordinates() {
        const QString model = QString(HFD_SAMPLES_DIR) + "/human3d.hfd";
        const QString state = directory_.filePath("hip.zml");
        std::ofstream(state.toStdString()) << "values { hip_flexion_r = 0.8 }\n";
        const QString rest = directory_.filePath("rest.csv"), flexed = directory_.filePath("flexed.csv");
        const QStringList common{model, "--coordinate", "knee_angle_r", "--muscles", "bflh_r,vaslat_r", "--points",
                                 "4"};
        QCOMPARE(run(common + QStringList{"--out", rest}).exit_code, 0);
        QCOMPARE(run(common + QStringList{"--state", state, "--out", flexed}).exit_code, 0);
        const Table a = read_table(rest), b = read_table(flexed);
        const int hamstring = a.column("bflh_r.length"), vastus = a.column("vaslat_r.length");
        QVERIFY(hamstring > 0 && vastus > 0 && b.column("bflh_r.length") == hamstring);
        for (size_t k = 0; k < a.rows.size(); ++k) {
            QVERIFY(b.rows[k][hamstring] > a.rows[k][hamstring] + 0.01);  // crosses the flexed hip behind it
            QVERIFY(std::abs(b.rows[k][vastus] - a.rows[k][vastus]) < 1e-9);
        }
        const QString bad_state = directory_.filePath("bad.zml");
        std::ofstream(bad_state.toStdString()) << "values { no_such_dof = 1 }\n";
        const Run r = run(common + QStringList{"--state", bad_state, "--out", directory_.filePath("bad.csv")});
        QCOMPARE(r.exit_code, 1);
        QVERIFY(r.err.contains("bad.zml:1:"));
    }

    void motionFileGivesLengthsAndMomentArmsPerRow() {
        const QString motion = directory_.filePath("swing.mot");
        std::ofstream(motion.toStdString())
            << "swing\ninDegrees=yes\nendheader\ntime\telbow_angle\n0\t-60\n0.1\t0\n0.2\t75\n";
        const QString out = directory_.filePath("swing.csv");
        const Run r = run({model_, "--motion", motion, "--muscles", "over", "--out", out});
        QVERIFY2(r.exit_code == 0, qPrintable(r.err));
        const Table table = read_table(out);
        QCOMPARE(int(table.rows.size()), 3);
        const int length = table.column("over.length"), arm = table.column("over.moment_arm.elbow_angle");
        QVERIFY(length > 0 && arm > 0);
        const double degrees[] = {-60, 0, 75};
        for (int k = 0; k < 3; ++k) {
            const double q = degrees[k] * std::numbers::pi / 180, l = std::sqrt(0.13 + 0.12 * std::cos(q));
            QVERIFY(std::abs(table.rows[k][length] - l) < 1e-8);
            QVERIFY(std::abs(table.rows[k][arm] - 0.06 * std::sin(q) / l) < 1e-8);
        }
        QCOMPARE(run({model_, "--motion", motion, "--coordinate", "elbow_angle", "--out", out}).exit_code, 2);
        std::ofstream(motion.toStdString()) << "time,elbow_angle\n0,1\n0.1,one\n";
        const Run bad = run({model_, "--motion", motion, "--out", out});
        QCOMPARE(bad.exit_code, 1);
        QVERIFY2(bad.err.contains("swing.mot:3:5: error: expected a number, got 'one'"), qPrintable(bad.err));
    }

    // A motion read silently wrong before (exit 0) is refused at its place, and
    // the rows analysed before the bad one leave no output file behind.
    void silentlyWrongMotionsAreRefused() {
        const QString motion = directory_.filePath("wrong.mot");
        const QString out = directory_.filePath("wrong.csv");
        const std::string header = "swing\ninDegrees=yes\nendheader\n";
        std::string many_rows = header + "time\telbow_angle\n";
        for (int r = 0; r < 5000; ++r) many_rows += std::to_string(r) + "\t" + std::to_string(r % 90) + "\n";
        const std::pair<std::string, QString> cases[] = {
            {header + "time\telbow_angle\n0\t10\n0.1\tnan\n",
             "wrong.mot:6:5: error: expected a finite number, got 'nan'"},
            {header + "time\telbow_angle\n0\tinf\n", "wrong.mot:5:3: error: expected a finite number, got 'inf'"},
            {header + "time\telbow_angle\telbow_angle\n0\t1\t2\n",
             "wrong.mot:4:18: error: column 'elbow_angle' is named twice (first at column 6)"},
            {"swing\ninDegrees=maybe\nendheader\ntime\telbow_angle\n0\t1\n",
             "wrong.mot:2:11: error: expected inDegrees=yes or inDegrees=no, found 'maybe'"},
            {many_rows + "5000\tnan\n", "wrong.mot:5005:6: error: expected a finite number, got 'nan'"},
        };
        for (const auto& [text, message] : cases) {
            std::ofstream(motion.toStdString()) << text;
            const Run r = run({model_, "--motion", motion, "--out", out});
            QCOMPARE(r.exit_code, 1);
            QVERIFY2(r.err.contains(message), qPrintable(r.err));
            QVERIFY(!QFileInfo::exists(out));
            QCOMPARE(QDir(directory_.path()).entryList({"wrong.csv*"}, QDir::Files), QStringList());
        }
        std::ofstream(motion.toStdString()) << many_rows;
        const Run good = run({model_, "--motion", motion, "--out", out});
        QVERIFY2(good.exit_code == 0, qPrintable(good.err));
        QCOMPARE(int(read_table(out).rows.size()), 5000);
        QVERIFY2(good.out.contains("5000 rows"), qPrintable(good.out));
    }

    // An output path under a regular file is refused before any work, naming the file.
    void outputUnderAFileIsRefusedUpFront() {
        const QString afile = directory_.filePath("afile");
        std::ofstream(afile.toStdString()) << "a file";
        const Run r = run({model_, "--coordinate", "elbow_angle", "--out", afile + "/p.csv"});
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(r.err.contains("'" + afile + "' in the output path '" + afile + "/p.csv' is a file, not a directory"),
                 qPrintable(r.err));
    }

private:
    Run run(const QStringList& arguments) {
        return hfd::test::run_hfd(hfd_, directory_.path(), QStringList{"analyze", "muscles"} + arguments);
    }
    QTemporaryDir directory_;
    QString hfd_, model_;
};

QTEST_GUILESS_MAIN(TestCliAnalyzeMuscles)
#include "test_cli_analyze_muscles.moc"
