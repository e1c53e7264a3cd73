// The version: `hfd --version`, `hfd version` and `hfd-studio --version` print the
// project(hfd VERSION ...) of the top-level CMakeLists.txt (HFD_PROJECT_VERSION,
// given by tests/CMakeLists.txt), as does the generated hfd/version.h.
#include <QtTest>

#include <QProcess>
#include "hfd/version.h"
#include "test_time_scale.h"

namespace {

const QString expected = QStringLiteral(HFD_PROJECT_VERSION);

QString output_of(const QString& program, const QStringList& arguments, int* exit_code) {
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert("QT_QPA_PLATFORM", "offscreen");
    process.setProcessEnvironment(environment);
    process.start(program, arguments);
    *exit_code = -1;
    if (!process.waitForFinished(hfd::test::scaled_ms(20000))) return {};
    if (process.exitStatus() == QProcess::NormalExit) *exit_code = process.exitCode();
    return QString::fromUtf8(process.readAllStandardOutput());
}

}  // namespace

class TestVersion : public QObject {
    Q_OBJECT
private slots:
    void theHeaderHasTheProjectVersion() {
        QCOMPARE(QStringLiteral(HFD_VERSION), expected);
        QCOMPARE(QStringLiteral("%1.%2.%3").arg(HFD_VERSION_MAJOR).arg(HFD_VERSION_MINOR).arg(HFD_VERSION_PATCH),
                 expected);
        QVERIFY(!QStringLiteral(HFD_GIT_REVISION).isEmpty());
    }

    void cliPrintsIt() {
        for (const char* option : {"--version", "version"}) {
            int exit_code = 0;
            const QString out = output_of(QStringLiteral(HFD_BIN_DIR "/hfd"), {option}, &exit_code);
            QCOMPARE(exit_code, 0);
            QCOMPARE(out, QStringLiteral("hfd %1 (git %2)\n").arg(expected, HFD_GIT_REVISION));
        }
        int exit_code = 0;
        QVERIFY(output_of(QStringLiteral(HFD_BIN_DIR "/hfd"), {"--help"}, &exit_code).contains("  version "));
    }

    void studioPrintsIt() {
        if (!QFileInfo::exists(HFD_BIN_DIR "/hfd-studio")) QSKIP("built without the studio");
        int exit_code = 0;
        const QString out = output_of(QStringLiteral(HFD_BIN_DIR "/hfd-studio"), {"--version"}, &exit_code);
        QCOMPARE(exit_code, 0);
        QCOMPARE(out, QStringLiteral("hfd-studio %1 (git %2)\n").arg(expected, HFD_GIT_REVISION));
    }
};

QTEST_APPLESS_MAIN(TestVersion)
#include "test_version.moc"
