#include "studio_test_support.h"
#include "studio_options.h"

#include <QProcess>
#include <QtTest>
#include "test_time_scale.h"

using namespace hfd::studio;

class TestStudioOptions : public QObject {
    Q_OBJECT
private slots:
    void parsesModelScreenshotAndSize() {
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

    void rejectsBadArguments() {
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

    void parsesWindowScreenshot() {
        QString error, help;
        auto options = parse_studio_arguments({"hfd-studio", "m.hfd", "--screenshot", "w.png", "--window", "--simulate",
                                               "1.5", "--plot", "knee_angle_r,hip_flexion_r"},
                                              &error, &help);
        QVERIFY2(options, qPrintable(error));
        QVERIFY(options->window);
        QCOMPARE(options->simulate_seconds, 1.5);
        QCOMPARE(options->plotted, QStringList({"knee_angle_r", "hip_flexion_r"}));
        QCOMPARE(options->size, QSize(1600, 1000));
        options = parse_studio_arguments({"hfd-studio", "--screenshot", "w.png", "--window", "--size", "800x600"},
                                         &error, &help);
        QVERIFY(options && options->size == QSize(800, 600) && options->simulate_seconds == 0);
    }

    void parsesConfigAndState() {
        QString error, help;
        auto options = parse_studio_arguments(
            {"hfd-studio", "H0918.hfd", "--config", "HfdConfigM2012Planar.zml", "--state", "InitStateGait10.zml"},
            &error, &help);
        QVERIFY2(options, qPrintable(error));
        QCOMPARE(options->config_path, QStringLiteral("HfdConfigM2012Planar.zml"));
        QCOMPARE(options->state_path, QStringLiteral("InitStateGait10.zml"));
        QVERIFY(parse_studio_arguments({"hfd-studio", "m.hfd", "--state", "s.zml", "--screenshot", "a.png", "--window"},
                                       &error, &help));
        // The 3D-view-only screenshot has no simulation to give them to.
        QVERIFY(!parse_studio_arguments({"hfd-studio", "m.hfd", "--state", "s.zml", "--screenshot", "a.png"}, &error,
                                        &help));
        QVERIFY2(error.contains("--window"), qPrintable(error));
        auto with_excitation = parse_studio_arguments({"hfd-studio", "m.hfd", "--excitation", "e.csv"}, &error, &help);
        QVERIFY2(with_excitation, qPrintable(error));
        QCOMPARE(with_excitation->excitation_path, QStringLiteral("e.csv"));
        QVERIFY(!parse_studio_arguments({"hfd-studio", "m.hfd", "--excitation", "e.csv", "--screenshot", "a.png"},
                                        &error, &help));
        QVERIFY2(error.contains("--window"), qPrintable(error));
    }

    // A scenario's runs: --keep-run and --par need a .scone; --time and --zoom a window capture.
    void parsesScenarioRunsAndTheTimeShown() {
        QString error, help;
        auto options = parse_studio_arguments({"hfd-studio", "weak.scone", "--keep-run", "old.par", "--par", "new.par",
                                               "--screenshot", "w.png", "--window", "--time", "3.5", "--zoom", "0:6"},
                                              &error, &help);
        QVERIFY2(options, qPrintable(error));
        QCOMPARE(options->keep_run_par, QStringLiteral("old.par"));
        QCOMPARE(options->par_path, QStringLiteral("new.par"));
        QCOMPARE(options->time, 3.5);
        QCOMPARE(options->zoom_from, 0.0);
        QCOMPARE(options->zoom_to, 6.0);
        options = parse_studio_arguments({"hfd-studio", "weak.scone", "--par", "new.par"}, &error, &help);
        QVERIFY2(options && options->time < 0 && options->keep_run_par.isEmpty(), qPrintable(error));
        QVERIFY(!parse_studio_arguments({"hfd-studio", "m.hfd", "--par", "p.par"}, &error, &help));
        QVERIFY2(error.contains(".scone"), qPrintable(error));
        QVERIFY(!parse_studio_arguments({"hfd-studio", "--keep-run", "p.par"}, &error, &help));  // no scenario
        QVERIFY2(error.contains(".scone"), qPrintable(error));
        QVERIFY(!parse_studio_arguments({"hfd-studio", "s.scone", "--par", "p.par", "--screenshot", "a.png"}, &error,
                                        &help));
        QVERIFY2(error.contains("--window"), qPrintable(error));
        QVERIFY(!parse_studio_arguments({"hfd-studio", "s.scone", "--time", "1"}, &error, &help));
        QVERIFY2(error.contains("--window"), qPrintable(error));
        for (const char* bad : {"-1", "abc", "nan"}) {
            QVERIFY(!parse_studio_arguments(
                {"hfd-studio", "s.scone", "--screenshot", "a.png", "--window", "--time", bad}, &error, &help));
            QVERIFY2(error.contains("--time"), qPrintable(error));
        }
        for (const char* bad : {"5:1", "1", "a:b", "0:inf", "1:1"}) {
            QVERIFY(!parse_studio_arguments(
                {"hfd-studio", "s.scone", "--screenshot", "a.png", "--window", "--zoom", bad}, &error, &help));
            QVERIFY2(error.contains("--zoom"), qPrintable(error));
        }
    }

    void rejectsWindowOptionsAlone() {
        QString error, help;
        QVERIFY(!parse_studio_arguments({"hfd-studio", "--window"}, &error, &help));
        QVERIFY(error.contains("--screenshot"));
        QVERIFY(!parse_studio_arguments({"hfd-studio", "--screenshot", "a.png", "--simulate", "1"}, &error, &help));
        QVERIFY(error.contains("--window"));
        for (const char* bad : {"-1", "nan", "abc", "1e9"}) {
            QVERIFY(!parse_studio_arguments({"hfd-studio", "--screenshot", "a.png", "--window", "--simulate", bad},
                                            &error, &help));
            QVERIFY2(error.contains("--simulate"), qPrintable(error));
        }
    }

    // --help and --version need no display: without one (and with the X11 platform asked
    // for, as on a desktop) the options are printed and the studio exits 0.
    void helpNeedsNoDisplay() {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY"}) environment.remove(name);
        environment.insert("QT_QPA_PLATFORM", "xcb");
        for (const char* option : {"--help", "--version"}) {
            QProcess studio;
            studio.setProcessEnvironment(environment);
            studio.start(QStringLiteral(HFD_BIN_DIR "/hfd-studio"), {option});
            QVERIFY(studio.waitForFinished(hfd::test::scaled_ms(60000)));
            const QString output = QString::fromLocal8Bit(studio.readAllStandardOutput());
            QVERIFY2(studio.exitStatus() == QProcess::NormalExit && studio.exitCode() == 0,
                     qPrintable(QString::fromLocal8Bit(studio.readAllStandardError())));
            if (QByteArray(option) == "--help")
                for (const char* documented : {"--screenshot", "--plot", "--export-plot", "--size"})
                    QVERIFY2(output.contains(documented), qPrintable(output));
            else QVERIFY2(output.startsWith("hfd-studio "), qPrintable(output));
        }
        // a bad argument is reported without a display too
        QProcess studio;
        studio.setProcessEnvironment(environment);
        studio.start(QStringLiteral(HFD_BIN_DIR "/hfd-studio"), {"--size", "0x0", "--screenshot", "a.png"});
        QVERIFY(studio.waitForFinished(hfd::test::scaled_ms(60000)));
        QCOMPARE(studio.exitCode(), 2);
        QVERIFY(QString::fromLocal8Bit(studio.readAllStandardError()).contains("--size"));
    }

    void plotListsAndExports() {
        QString error, help;
        auto options = parse_studio_arguments({"hfd-studio", "m.hfd", "--screenshot", "o.png", "--window", "--plot",
                                               "a,b;c", "--export-plot", "p.svg", "--export-plot", "p.png"},
                                              &error, &help);
        QVERIFY2(options, qPrintable(error));
        QCOMPARE(options->plotted, QStringList({"a", "b", ";", "c"}));
        QCOMPARE(options->plot_exports, QStringList({"p.svg", "p.png"}));
        QVERIFY(!parse_studio_arguments({"hfd-studio", "--export-plot", "p.svg"}, &error, &help));
        QVERIFY2(error.contains("--window"), qPrintable(error));
    }

    void defaultModelIsTheStandingHuman() { QVERIFY(default_model_path().endsWith("samples/human_standing.hfd")); }
};

QTEST_APPLESS_MAIN(TestStudioOptions)
#include "test_studio_options.moc"
