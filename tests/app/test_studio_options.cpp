#include "studio_options.h"

#include <QtTest>

using namespace hfd::studio;

class TestStudioOptions : public QObject {
    Q_OBJECT
private slots:
    void parsesModelScreenshotAndSize()
    {
        QString error, help;
        auto options = parse_studio_arguments({"hfd-studio", "m.hfd", "--screenshot", "out.png", "--size", "640x480"},
                                              &error, &help);
        QVERIFY2(options, qPrintable(error));
        QCOMPARE(options->model_path, QStringLiteral("m.hfd"));
        QCOMPARE(options->screenshot_path, QStringLiteral("out.png"));
        QCOMPARE(options->size, QSize(640, 480));
        options = parse_studio_arguments({"hfd-studio"}, &error, &help);
        QVERIFY(options);
        QVERIFY(options->model_path.isEmpty());
        QVERIFY(options->screenshot_path.isEmpty());
    }

    void rejectsBadArguments()
    {
        QString error, help;
        QVERIFY(!parse_studio_arguments({"hfd-studio", "--size", "640"}, &error, &help));
        QVERIFY(error.contains("WxH"));
        QVERIFY(!parse_studio_arguments({"hfd-studio", "a.hfd", "b.hfd"}, &error, &help));
        QVERIFY(!parse_studio_arguments({"hfd-studio", "--bogus"}, &error, &help));
        QVERIFY(error.contains("bogus"));
        QVERIFY(!parse_size("0x10"));
        QVERIFY(!parse_size("10x-5"));
        QVERIFY(!parse_size("100000x10"));
        QCOMPARE(parse_size("1920X1080"), std::optional<QSize>(QSize(1920, 1080)));
    }
};

QTEST_APPLESS_MAIN(TestStudioOptions)
#include "test_studio_options.moc"
