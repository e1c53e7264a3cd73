#include "screenshot.h"
#include "studio_test_support.h"

#include <QImage>
#include <QProcess>
#include <QtTest>

using hfd::studio::render_screenshot;

class TestScreenshot : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    void failingModelGivesItsErrors()
    {
        const QString model = dir_.filePath("broken.hfd");
        QVERIFY(studio_test::write_file(model, "model {\n\tbody { name = b mass = }\n}\n"));
        QString error;
        QVERIFY(!render_screenshot(model, dir_.filePath("broken.png"), QSize(64, 48), &error));
        QVERIFY2(error.contains("broken.hfd:2:"), qPrintable(error));
        QVERIFY(!QFileInfo::exists(dir_.filePath("broken.png")));
        QVERIFY(!render_screenshot(dir_.filePath("absent.hfd"), dir_.filePath("absent.png"), QSize(64, 48), &error));
        QVERIFY(!error.isEmpty());
    }

    void writesImageOfRequestedSize()
    {
        const QString model = dir_.filePath("pendulum.hfd");
        QVERIFY(studio_test::write_file(model, studio_test::pendulum_text()));
        const QString image_path = dir_.filePath("pendulum.png");
        QString error;
        QVERIFY2(render_screenshot(model, image_path, QSize(320, 200), &error), qPrintable(error));
        QImage image(image_path);
        QCOMPARE(image.size(), QSize(320, 200));
    }

    void commandLineExitCodes()
    {
        const QString studio = QStringLiteral(HFD_BIN_DIR "/hfd-studio");
        if (!QFileInfo::exists(studio)) QSKIP("hfd-studio not built");
        const QString model = dir_.filePath("bad_cli.hfd");
        QVERIFY(studio_test::write_file(model, "model { body { name = b mass = abc } }"));
        QProcess process;
        process.start(studio, {model, "--screenshot", dir_.filePath("bad_cli.png")});
        QVERIFY(process.waitForFinished(20000));
        QCOMPARE(process.exitCode(), 1);
        QVERIFY(process.readAllStandardError().contains("bad_cli.hfd:1:"));
        process.start(studio, {"--size", "12"});
        QVERIFY(process.waitForFinished(20000));
        QCOMPARE(process.exitCode(), 2);
    }
};

QTEST_MAIN(TestScreenshot)
#include "test_screenshot.moc"
