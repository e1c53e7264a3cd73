// `hfd batch` and its output folder: a smaller batch run into the folder of a
// larger one left run files its summary did not list (issue #38, item 10). Such
// a folder is refused, and with --overwrite only the earlier batch's files go.
// The batch reports only what it wrote (issue #48, item 3).
#include "cli_test_util.h"

#include <QtTest>

#include <sys/resource.h>
#include <csignal>

#include <QFile>
#include <QTemporaryDir>

using Run = hfd::test::CliRun;

class TestCliBatch : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QVERIFY(directory_.isValid());
        hfd_ = hfd::test::built_hfd();
        if (hfd_.isEmpty()) QSKIP("the hfd tool is not built (target hfd)");
    }

    void earlierBatchIsRefusedThenReplaced() {
        const QString out = directory_.filePath("out");
        const QString model = QStringLiteral(HFD_SAMPLES_DIR "/pendulum.hfd");
        const QStringList common{model, "--duration", "0.01", "--threads", "1", "--out-dir", out};
        const Run three = run(common + QStringList{"--set", "body.rod.density=900,1000,1100"});
        QVERIFY2(three.exit_code == 0, qPrintable(three.err));
        QVERIFY(QFile::exists(out + "/run_0002.csv"));
        QFile other(out + "/notes.txt");
        QVERIFY(other.open(QIODevice::WriteOnly));
        other.write("mine\n");
        other.close();
        QFile similar(out + "/run_01.csv");  // not a name the batch writes
        QVERIFY(similar.open(QIODevice::WriteOnly));
        similar.close();

        const Run refused = run(common + QStringList{"--set", "body.rod.density=900,1000"});
        QCOMPARE(refused.exit_code, 2);
        QVERIFY2(refused.err.contains("--overwrite"), qPrintable(refused.err));
        QVERIFY(QFile::exists(out + "/run_0002.csv"));  // nothing removed

        const Run two = run(common + QStringList{"--set", "body.rod.density=900,1000", "--overwrite"});
        QVERIFY2(two.exit_code == 0, qPrintable(two.err));
        QVERIFY(QFile::exists(out + "/run_0000.csv"));
        QVERIFY(QFile::exists(out + "/run_0001.csv"));
        QVERIFY(!QFile::exists(out + "/run_0002.csv"));
        QVERIFY(QFile::exists(out + "/notes.txt"));
        QVERIFY(QFile::exists(out + "/run_01.csv"));
        QFile summary(out + "/summary.csv");
        QVERIFY(summary.open(QIODevice::ReadOnly));
        QCOMPARE(summary.readAll().count('\n'), 3);  // header and two runs
    }

    // `--groups ''` wrote only the time column without a word.
    void emptyGroupsAreRefused() {
        const Run empty = run({QStringLiteral(HFD_SAMPLES_DIR "/pendulum.hfd"), "--groups", "", "--out-dir",
                               directory_.filePath("groups")});
        QCOMPARE(empty.exit_code, 2);
        QVERIFY2(empty.err.contains("no channel group"), qPrintable(empty.err));
    }

    // Runs whose CSV could not be written (here a file size limit, as on a full
    // disk) are failed in the summary with the write error, and name no file.
    void unwrittenRunsAreFailedNotDone() {
        const QString out = directory_.filePath("full");
        const Run full = run({QStringLiteral(HFD_SAMPLES_DIR "/pendulum.hfd"), "--set", "body.rod.density=900,1000",
                              "--duration", "0.2", "--threads", "1", "--out-dir", out},
                             [] {
                                 std::signal(SIGXFSZ, SIG_IGN);
                                 const rlimit limit{4000, 4000};  // a summary fits, a run's CSV does not
                                 setrlimit(RLIMIT_FSIZE, &limit);
                             });
        QCOMPARE(full.exit_code, 4);
        QVERIFY2(full.out.contains("0 of 2 runs done, 2 failed"), qPrintable(full.out));
        QVERIFY(!QFile::exists(out + "/run_0000.csv"));
        QFile summary(out + "/summary.csv");
        QVERIFY(summary.open(QIODevice::ReadOnly));
        const QList<QByteArray> rows = summary.readAll().split('\n');
        QVERIFY(rows.size() >= 3);
        for (int i = 1; i <= 2; ++i) {
            QVERIFY2(rows[i].startsWith("run_000" + QByteArray::number(i - 1) + ",output error,"), rows[i].constData());
            QVERIFY2(rows[i].contains(",,cannot write its CSV"), rows[i].constData());  // no output named
        }
    }

    // Temporary files that an interrupted batch left are its files too: refused
    // without --overwrite, removed with it.
    void leftTemporaryFilesGoWithOverwrite() {
        const QString out = directory_.filePath("stale");
        QVERIFY(QDir().mkpath(out));
        QFile stale(out + "/run_0000.csv.tmp-Ab12Cd");
        QVERIFY(stale.open(QIODevice::WriteOnly));
        stale.close();
        const QStringList common{QStringLiteral(HFD_SAMPLES_DIR "/pendulum.hfd"), "--duration", "0.01", "--out-dir", out};
        QCOMPARE(run(common).exit_code, 2);
        const Run replaced = run(common + QStringList{"--overwrite"});
        QVERIFY2(replaced.exit_code == 0, qPrintable(replaced.err));
        QVERIFY(!QFile::exists(out + "/run_0000.csv.tmp-Ab12Cd"));
    }

    // A folder that cannot be made is not named as where the summary is.
    void summaryThatCannotBeWrittenIsNotNamed() {
        const QString out = directory_.filePath("blocked");
        QVERIFY(QDir().mkpath(out + "/summary.csv"));  // a folder where the file should go
        const Run blocked = run({QStringLiteral(HFD_SAMPLES_DIR "/pendulum.hfd"), "--duration", "0.01", "--out-dir", out});
        QCOMPARE(blocked.exit_code, 4);
        QVERIFY2(!blocked.out.contains("summary in"), qPrintable(blocked.out));
        QVERIFY2(blocked.out.contains("no summary written"), qPrintable(blocked.out));
    }

    // --out-dir naming a file: exit 4 with the reason, nothing run
    void outputDirectoryThatIsAFileIsNamedAsSuch() {
        const QString file = directory_.filePath("a_file");
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("x");
        f.close();
        const Run refused = run({QStringLiteral(HFD_SAMPLES_DIR "/pendulum.hfd"), "--duration", "0.01", "--out-dir", file});
        QCOMPARE(refused.exit_code, 4);
        QVERIFY2(refused.err.contains("is a file, not a directory"), qPrintable(refused.err));
        QVERIFY2(!refused.err.contains("runs on"), qPrintable(refused.err));
    }

private:
    Run run(const QStringList& arguments, const std::function<void()>& in_child = {}) {
        return hfd::test::run_hfd(hfd_, directory_.path(), QStringList{"batch"} + arguments, 60000, in_child);
    }

    QTemporaryDir directory_;
    QString hfd_;
};

QTEST_APPLESS_MAIN(TestCliBatch)
#include "test_cli_batch.moc"
