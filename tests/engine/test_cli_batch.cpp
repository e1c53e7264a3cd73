// `hfd batch` and its output folder: a smaller batch run into the folder of a
// larger one left run files its summary did not list (issue #38, item 10). Such
// a folder is refused, and with --overwrite only the earlier batch's files go.
#include "cli_test_util.h"

#include <QtTest>

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

private:
    Run run(const QStringList& arguments) {
        return hfd::test::run_hfd(hfd_, directory_.path(), QStringList{"batch"} + arguments, 60000);
    }

    QTemporaryDir directory_;
    QString hfd_;
};

QTEST_APPLESS_MAIN(TestCliBatch)
#include "test_cli_batch.moc"
