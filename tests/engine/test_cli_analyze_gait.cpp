// `hfd analyze gait` end to end: the synthetic run of gait_test_util.h gives its
// analytic stride time, stance and double support in cycles.csv and summary.csv;
// --threshold in N and in % of --body-weight agree; bad arguments exit 2, unreadable
// files and runs without ground forces 1 (with file:line:col for a bad cell), too
// few heel strikes 3, an output that cannot be written 4; and SCONE's Tutorial 4a
// walking 20 s (corpus) gives alternating cycles of plausible stride time at the
// run's speed.
#include "cli_test_util.h"
#include "gait_test_util.h"

#include <QtTest>

#include <QDir>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <cmath>
#include <filesystem>
#include <fstream>

namespace {

using Run = hfd::test::CliRun;

struct Table {
    QStringList header;
    std::vector<QStringList> rows;
    int column(const QString& name) const { return int(header.indexOf(name)); }
    double number(size_t row, const QString& name) const { return rows[row][column(name)].toDouble(); }
};

Table read_table(const QString& path) {
    QFile file(path);
    Table table;
    if (!file.open(QIODevice::ReadOnly)) return table;
    const QStringList lines = QString::fromUtf8(file.readAll()).split('\n', Qt::SkipEmptyParts);
    if (lines.isEmpty()) return table;
    table.header = lines[0].split(',');
    for (int i = 1; i < lines.size(); ++i) table.rows.push_back(lines[i].split(','));
    return table;
}

void write(const QString& path, const std::string& text) { std::ofstream(path.toStdString()) << text; }

}  // namespace

class TestCliAnalyzeGait : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        hfd_ = hfd::test::built_hfd();
        if (hfd_.isEmpty()) QSKIP("the hfd tool is not built (target hfd)");
        QVERIFY(directory_.isValid());
        run_csv_ = directory_.filePath("run.csv");
        write(run_csv_, hfd::test::SyntheticGait().csv());
    }

    void syntheticRunGivesItsCycles() {
        const QString out = directory_.filePath("gait");
        const Run r = run({"analyze", "gait", run_csv_, "--out", out, "--threshold", "350", "--body-weight", "700"});
        QVERIFY2(r.exit_code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains("moments left out"), qPrintable(r.out));
        QVERIFY(r.out.contains("right leg: leg0_r.grf_y"));
        const Table cycles = read_table(out + "/cycles.csv");
        QCOMPARE(cycles.rows.size(), size_t(16));
        for (size_t i = 0; i < cycles.rows.size(); ++i) {
            QCOMPARE(cycles.rows[i][0], QString(i % 2 == 0 ? "right" : "left"));
            QVERIFY(std::abs(cycles.number(i, "stride_time [s]") - 1.2) < 1e-8);
            QVERIFY(std::abs(cycles.number(i, "stance [%]") - 60) < 1e-6);
            QVERIFY(std::abs(cycles.number(i, "double_support [%]") - 20) < 1e-6);
            QVERIFY(std::abs(cycles.number(i, "speed [m/s]") - 1.1) < 1e-8);
        }
        const Table summary = read_table(out + "/summary.csv");
        QCOMPARE(summary.rows.size(), size_t(2));
        QVERIFY(std::abs(summary.number(1, "cadence.mean [steps/min]") - 100) < 1e-6);
        QVERIFY(std::abs(summary.number(0, "step_length.mean [m]") - 0.66) < 1e-8);
        for (const char* file : {"events.csv", "normalized_right.csv", "normalized_left.csv"})
            QVERIFY2(QFileInfo::exists(out + "/" + file), file);
        QCOMPARE(read_table(out + "/normalized_right.csv").rows.size(), size_t(101));

        // 50 % of a body weight of 700 N is the same threshold
        const QString percent = directory_.filePath("percent");
        const Run p =
            run({"analyze", "gait", run_csv_, "--out", percent, "--threshold", "50%", "--body-weight", "700"});
        QVERIFY2(p.exit_code == 0, qPrintable(p.err));
        QCOMPARE(read_table(percent + "/cycles.csv").rows, cycles.rows);
    }

    void badArgumentsExit2() {
        const QString out = directory_.filePath("bad");
        struct Case {
            QStringList arguments;
            const char* message;
        };
        const Case cases[] = {
            {{"--out", out}, "no run given"},
            {{run_csv_}, "no output directory given"},
            {{run_csv_, run_csv_, "--out", out}, "more than one run"},
            {{run_csv_, "--out", out, "--threshold", "ten"}, "--threshold needs"},
            {{run_csv_, "--out", out, "--threshold", "150%"}, "--threshold needs"},
            {{run_csv_, "--out", out, "--body-weight", "-700"}, "--body-weight needs"},
            {{run_csv_, "--out", out, "--min-stance", "x"}, "--min-stance needs"},
            {{run_csv_, "--out", out, "--speed", "2"}, "--speed"},
        };
        for (const Case& c : cases) {
            const Run r = run(QStringList{"analyze", "gait"} + c.arguments);
            QVERIFY2(r.exit_code == 2, qPrintable(c.arguments.join(' ') + ": " + QString::number(r.exit_code)));
            QVERIFY2(r.err.contains(c.message), qPrintable(r.err));
        }
        const Run help = run({"analyze", "gait", "--help"});
        QCOMPARE(help.exit_code, 0);
        QVERIFY(help.out.contains("usage: hfd analyze gait RUN.csv --out DIR"));
        QVERIFY(run({"analyze", "--help"}).out.contains("gait RUN.csv"));
    }

    void badInputsExit1WithTheirPlace() {
        const QString out = directory_.filePath("input");
        const Run missing = run({"analyze", "gait", directory_.filePath("absent.csv"), "--out", out});
        QCOMPARE(missing.exit_code, 1);
        QVERIFY2(missing.err.contains("absent.csv: error: cannot open or read the file"), qPrintable(missing.err));

        const QString no_forces = directory_.filePath("no_forces.csv");
        write(no_forces, "time,knee_angle_r\n0,0\n0.1,0.2\n");
        const Run forces = run({"analyze", "gait", no_forces, "--out", out});
        QCOMPARE(forces.exit_code, 1);
        QVERIFY2(forces.err.contains("no_forces.csv:1: error: no vertical ground force of the right leg"),
                 qPrintable(forces.err));

        const QString bad_cell = directory_.filePath("bad_cell.csv");
        write(bad_cell, "time,leg0_r.grf_y,leg1_l.grf_y\n0,700,0\n0.01,7OO,0\n");
        const Run cell = run({"analyze", "gait", bad_cell, "--out", out});
        QCOMPARE(cell.exit_code, 1);
        QVERIFY2(cell.err.contains("bad_cell.csv:3:6: error: expected a finite number in column 'leg0_r.grf_y'"),
                 qPrintable(cell.err));
        QVERIFY(!QFileInfo::exists(out));
    }

    void tooFewHeelStrikesExit3() {
        const QString one_step = directory_.filePath("one_step.csv");
        write(one_step,
              "time,leg0_r.grf_y,leg1_l.grf_y\n0,0,700\n0.2,0,700\n0.4,700,700\n0.6,700,0\n0.8,700,0\n1.0,0,0\n");
        const Run r = run({"analyze", "gait", one_step, "--out", directory_.filePath("few")});
        QCOMPARE(r.exit_code, 3);
        QVERIFY2(r.err.contains("the right leg has 1 heel strike"), qPrintable(r.err));
        QVERIFY(r.err.contains("the left leg has 0 heel strikes"));
    }

    void unwritableOutputExit4() {
        const QString file = directory_.filePath("a_file");
        write(file, "x");
        const Run r = run({"analyze", "gait", run_csv_, "--out", file + "/gait"});
        QCOMPARE(r.exit_code, 4);
        QVERIFY2(r.err.contains("cannot create directory"), qPrintable(r.err));
    }

    // SCONE's Tutorial 4a from its init file's parameters walks 20 s (test_scenario.cpp).
    void tutorial4aWalkingRunAlternatesAtItsSpeed() {
        const std::string folder = std::string(HFD_CORPUS_DIR) + "/scone-tutorials3/";
        if (!std::filesystem::exists(folder + "Tutorial 4a - Gait - Hyfydy.scone"))
            QSKIP("corpus scone-tutorials3 absent");
        const std::filesystem::path root = directory_.filePath("4a").toStdString();
        std::filesystem::create_directory(root);
        for (const char* sub : {"controllers", "init", "measures", "models"})
            std::filesystem::create_directory_symlink(folder + sub, root / sub);
        std::ifstream in(folder + "Tutorial 4a - Gait - Hyfydy.scone", std::ios::binary);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        text.insert(text.find("min_progress"), "init { file = init/H0918GaitRS2Hfd4.par }\n\t");
        const QString dir = QString::fromStdString(root.string());
        write(dir + "/4a.scone", text);
        const Run evaluated =
            hfd::test::run_hfd(hfd_, dir, {"scenario", "evaluate", "4a.scone", "--out", "run.csv"}, 120000);
        QVERIFY2(evaluated.exit_code == 0, qPrintable(evaluated.err));
        QVERIFY2(evaluated.out.contains("simulated 20 s of 20 s"), qPrintable(evaluated.out));
        const QRegularExpressionMatch speed = QRegularExpression("average speed ([0-9.]+) m/s").match(evaluated.out);
        QVERIFY(speed.hasMatch());

        const Run r = hfd::test::run_hfd(hfd_, dir, {"analyze", "gait", "run.csv", "--out", "gait"});
        QVERIFY2(r.exit_code == 0, qPrintable(r.err));
        const Table cycles = read_table(dir + "/gait/cycles.csv");
        QVERIFY2(cycles.rows.size() >= 28, qPrintable(QString::number(cycles.rows.size())));
        for (size_t i = 0; i < cycles.rows.size(); ++i) {
            if (i > 0) QVERIFY2(cycles.rows[i][0] != cycles.rows[i - 1][0], qPrintable(cycles.rows[i].join(',')));
            const double stride = cycles.number(i, "stride_time [s]"), stance = cycles.number(i, "stance [%]");
            QVERIFY2(stride > 0.9 && stride < 1.4, qPrintable(cycles.rows[i].join(',')));
            QVERIFY2(stance > 50 && stance < 70, qPrintable(cycles.rows[i].join(',')));
        }
        const Table summary = read_table(dir + "/gait/summary.csv");
        for (size_t side = 0; side < 2; ++side) {
            const double mean = summary.number(side, "speed.mean [m/s]");
            QVERIFY2(std::abs(mean - speed.captured(1).toDouble()) < 0.05 * mean,
                     qPrintable(summary.rows[side].join(',')));
            const double support = summary.number(side, "double_support.mean [%]");
            QVERIFY2(support > 10 && support < 30, qPrintable(summary.rows[side].join(',')));
        }
        QCOMPARE(read_table(dir + "/gait/normalized_right.csv").rows.size(), size_t(101));
    }

private:
    Run run(const QStringList& arguments) { return hfd::test::run_hfd(hfd_, directory_.path(), arguments); }

    QString hfd_, run_csv_;
    QTemporaryDir directory_;
};

QTEST_GUILESS_MAIN(TestCliAnalyzeGait)
#include "test_cli_analyze_gait.moc"
