#include "scenario_test_support.h"
#include "screenshot.h"
#include "studio_test_support.h"

#include <QImage>
#include <QProcess>
#include <QApplication>
#include <QtTest>

#include "state/kinematics.h"
#include "model/build_model.h"
#include "recent_files.h"
#include "studio_settings.h"
#include "window_screenshot.h"
#include "test_time_scale.h"

using hfd::studio::render_screenshot;
using hfd::studio::render_window_screenshot;

namespace {
// The offscreen platform of the plain ctest run has no OpenGL; the same suite
// runs again under xvfb (app_test_screenshot_xvfb), where pictures are made.

// A scenario whose controller type does not exist: line 4 names it.
QByteArray bad_controller_scenario() {
    return QByteArrayLiteral(
        "SimulationObjective {\n"
        "\tmax_duration = 0.1\n"
        "\tModelHyfydy { model_file = \"" HFD_SAMPLES_DIR
        "/human_planar.hfd\" }\n"
        "\tNoSuchController { }\n"
        "}\n");
}

// `main` includes cycle_a.scone, which includes cycle_b.scone, which includes cycle_a.scone again.
bool write_include_cycle(const QDir& dir, const QString& main) {
    return studio_test::write_file(dir.filePath(main),
                                   "SimulationObjective {\n"
                                   "\tmax_duration = 0.1\n"
                                   "\tModelHyfydy { model_file = \"" HFD_SAMPLES_DIR
                                   "/human_planar.hfd\" }\n"
                                   "\t<< cycle_a.scone >>\n"
                                   "}\n") &&
           studio_test::write_file(dir.filePath("cycle_a.scone"), "A { << cycle_b.scone >> }\n") &&
           studio_test::write_file(dir.filePath("cycle_b.scone"), "B { << cycle_a.scone >> }\n");
}

QByteArray knee_motion() {
    return QByteArrayLiteral("walk\nversion=1\ninDegrees=yes\nendheader\ntime\tknee_angle_r\n0\t0\n0.1\t10\n");
}

struct StudioRun {
    bool finished = false;
    int exit_code = -1;
    QString error;  // stderr
};

StudioRun run_studio(const QStringList& arguments, const QString& config_home) {
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert("XDG_CONFIG_HOME", config_home);  // the studio's settings stay there
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(HFD_BIN_DIR "/hfd-studio"), arguments);
    StudioRun run;
    run.finished = process.waitForFinished(hfd::test::scaled_ms(60000));
    run.exit_code = process.exitCode();
    run.error = QString::fromUtf8(process.readAllStandardError());
    return run;
}
}  // namespace

class TestScreenshot : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        const QString settings = hfd::studio::open_settings()->fileName();
        QVERIFY2(studio_test::settings_are_isolated(settings), qPrintable(settings));
    }

    void failingModelGivesItsErrors() {
        const QString model = dir_.filePath("broken.hfd");
        QVERIFY(studio_test::write_file(model, "model {\n\tbody { name = b mass = }\n}\n"));
        QString error;
        QVERIFY(!render_screenshot(model, dir_.filePath("broken.png"), QSize(64, 48), &error));
        QVERIFY2(error.contains("broken.hfd:2:"), qPrintable(error));
        QVERIFY(!QFileInfo::exists(dir_.filePath("broken.png")));
        QVERIFY(!render_screenshot(dir_.filePath("absent.hfd"), dir_.filePath("absent.png"), QSize(64, 48), &error));
        QVERIFY(!error.isEmpty());
    }

    void writesImageOfRequestedSize() {
        const QString model = dir_.filePath("pendulum.hfd");
        QVERIFY(studio_test::write_file(model, studio_test::pendulum_text()));
        const QString image_path = dir_.filePath("pendulum.png");
        QString error;
        if (!studio_test::has_opengl_display()) {
            // no frame can show the model: a clear error, never a blank picture
            QVERIFY(!render_screenshot(model, image_path, QSize(320, 200), &error));
            QVERIFY2(error.contains("rendered no frame"), qPrintable(error));
            QVERIFY(!QFileInfo::exists(image_path));
            return;
        }
        QVERIFY2(render_screenshot(model, image_path, QSize(320, 200), &error), qPrintable(error));
        QImage image(image_path);
        QCOMPARE(image.size(), QSize(320, 200));
        // the pendulum is drawn: the picture is more than one colour
        const QColor first = image.pixelColor(0, 0);
        bool varied = false;
        for (int y = 0; y < image.height() && !varied; y += 4)
            for (int x = 0; x < image.width() && !varied; x += 4) varied = image.pixelColor(x, y) != first;
        QVERIFY(varied);
        // the overlay legend (muscles, contact forces) is a strip under the view, in the window's colour
        QCOMPARE(image.pixelColor(1, image.height() - 2), QApplication::palette().color(QPalette::Window));
    }

    // The whole window after a short run with a channel plotted; unknown
    // channels and broken models are reported, and nothing is written then.
    void windowScreenshot() {
        const QString model = dir_.filePath("window_pendulum.hfd");
        QVERIFY(studio_test::write_file(model, studio_test::pendulum_text()));
        hfd::BuildResult built = hfd::load_model(QFile::encodeName(model).toStdString());
        QVERIFY(built.ok());
        const QString channel = QString::fromStdString(hfd::coordinate_names(*built.model).front());

        QString error;
        const QString image_path = dir_.filePath("window.png");
        if (studio_test::has_opengl_display()) {
            QVERIFY2(render_window_screenshot({model, image_path, QSize(1400, 900), 0.2, {channel}, {}, {}}, &error),
                     qPrintable(error));
            QImage image(image_path);
            QVERIFY(!image.isNull());
            QVERIFY2(image.width() >= 1400 && image.height() >= 900, qPrintable(QString::number(image.width())));
        } else {
            QVERIFY(!render_window_screenshot({model, image_path, QSize(1400, 900), 0.2, {channel}, {}, {}}, &error));
            QVERIFY2(error.contains("rendered no frame"), qPrintable(error));
            QVERIFY(!QFileInfo::exists(image_path));
        }

        const QString unknown_path = dir_.filePath("unknown.png");
        QVERIFY(
            !render_window_screenshot({model, unknown_path, QSize(1400, 900), 0, {"no_such_channel"}, {}, {}}, &error));
        QVERIFY2(error.contains("no_such_channel"), qPrintable(error));
        QVERIFY(!QFileInfo::exists(unknown_path));

        const QString broken = dir_.filePath("window_broken.hfd");
        QVERIFY(studio_test::write_file(broken, "model {\n\tbody { name = b mass = }\n}\n"));
        QVERIFY(!render_window_screenshot({broken, dir_.filePath("broken_window.png"), QSize(1400, 900), 0, {}, {}, {}},
                                          &error));
        QVERIFY2(error.contains("window_broken.hfd") && error.contains(":2:"), qPrintable(error));
        // A state file naming a dof the model lacks: its location and the name.
        const QString state = dir_.filePath("InitStateBad.zml");
        QVERIFY(studio_test::write_file(state, "values {\n\tno_such_dof = 0.5\n}\n"));
        QVERIFY(
            !render_window_screenshot({model, dir_.filePath("state.png"), QSize(1400, 900), 0, {}, {}, state}, &error));
        QVERIFY2(error.contains("InitStateBad.zml:2:") && error.contains("no_such_dof"), qPrintable(error));
        QVERIFY(!render_window_screenshot({dir_.filePath("absent.hfd"), image_path, QSize(1400, 900), 0, {}, {}, {}},
                                          &error));
        QVERIFY(error.contains("absent.hfd"));
    }

    // A scenario with --keep-run and --par (the picture of docs/optimization.md): the
    // kept run named by its .par and the new run in the plots; a .par that does not fit
    // the scenario gives its error and no picture.
    void scenarioWithKeptRunAndPar() {
        const QString scenario = dir_.filePath("tiny.scone");
        const QString weak = dir_.filePath("weak.par"), strong = dir_.filePath("strong.par");
        QVERIFY(studio_test::write_file(scenario, studio_test::tiny_scenario(0.3, 2).toUtf8()));
        QVERIFY(studio_test::write_file(weak, studio_test::tiny_par(0).toUtf8()));
        QVERIFY(studio_test::write_file(strong, studio_test::tiny_par(8).toUtf8()));
        hfd::studio::WindowScreenshot request;
        request.model_path = scenario;
        request.image_path = dir_.filePath("kept.png");
        request.size = QSize(1400, 900);
        request.plotted = {"soleus_r.activation"};
        request.keep_run_par = weak;
        request.par_path = strong;
        request.time = 0.2;
        const QString csv = dir_.filePath("kept.csv");
        request.plot_exports = {csv};
        QString error;
        if (!studio_test::has_opengl_display()) {
            QVERIFY(!render_window_screenshot(request, &error));
            QVERIFY2(error.contains("rendered no frame"), qPrintable(error));
        } else {
            QVERIFY2(render_window_screenshot(request, &error), qPrintable(error));
            QVERIFY(!QImage(request.image_path).isNull());
            // time, the strong run, the weak run (kept): the soleus activations part
            const QStringList lines = QString::fromUtf8(studio_test::read_file(csv)).split('\n', Qt::SkipEmptyParts);
            QVERIFY(lines.size() > 10);
            QVERIFY2(lines[0].contains("weak.par (kept)"), qPrintable(lines[0]));
            QCOMPARE(lines[0].split(',').size(), 3);
            double apart = 0;
            for (int i = 1; i < lines.size(); ++i) {
                const QStringList cells = lines[i].split(',');
                if (cells.size() == 3 && !cells[1].isEmpty() && !cells[2].isEmpty())
                    apart = std::max(apart, std::abs(cells[1].toDouble() - cells[2].toDouble()));
            }
            QVERIFY2(apart > 0.01, qPrintable(QString::number(apart)));
        }
        const QString bad = dir_.filePath("bad.par");
        QVERIFY(studio_test::write_file(bad, "no_such_parameter\t1\t1\t0.1\n"));
        request.par_path = bad;
        request.image_path = dir_.filePath("bad_par.png");
        QVERIFY(!render_window_screenshot(request, &error));
        QVERIFY2(error.contains("bad.par") && error.contains("no_such_parameter"), qPrintable(error));
        QVERIFY(!QFileInfo::exists(request.image_path));
    }

    // A scenario given as the file to picture opens as File > Open opens it: the model it
    // runs is the one shown; a scenario that cannot be used gives its located errors.
    void scenarioScreenshotShowsItsModel() {
        const QString scenario = dir_.filePath("shot.scone");
        QVERIFY(studio_test::write_file(scenario, studio_test::tiny_scenario(0.3, 2).toUtf8()));
        const QString image_path = dir_.filePath("shot.png");
        QString error;
        if (!studio_test::has_opengl_display()) {
            QVERIFY(!render_screenshot(scenario, image_path, QSize(320, 200), &error));
            // past the scenario: only the missing display stops the picture
            QVERIFY2(error.contains("rendered no frame"), qPrintable(error));
        } else {
            QVERIFY2(render_screenshot(scenario, image_path, QSize(320, 200), &error), qPrintable(error));
            const QImage image(image_path);
            QCOMPARE(image.size(), QSize(320, 200));
            const QColor first = image.pixelColor(0, 0);
            bool varied = false;
            for (int y = 0; y < image.height() && !varied; y += 4)
                for (int x = 0; x < image.width() && !varied; x += 4) varied = image.pixelColor(x, y) != first;
            QVERIFY(varied);
        }

        const QString bad = dir_.filePath("shot_bad_controller.scone");
        QVERIFY(studio_test::write_file(bad, bad_controller_scenario()));
        QVERIFY(!render_screenshot(bad, dir_.filePath("shot_bad.png"), QSize(320, 200), &error));
        QVERIFY2(error.contains("shot_bad_controller.scone:4:") &&
                     error.contains("unknown controller type 'NoSuchController'"),
                 qPrintable(error));
        QVERIFY(!QFileInfo::exists(dir_.filePath("shot_bad.png")));

        QVERIFY(write_include_cycle(QDir(dir_.path()), "shot_cycle.scone"));
        QVERIFY(!render_screenshot(dir_.filePath("shot_cycle.scone"), dir_.filePath("shot_cycle.png"), QSize(320, 200),
                                   &error));
        QVERIFY2(QRegularExpression("cycle_[ab]\\.scone:1:\\d+: error: .*include cycle").match(error).hasMatch(),
                 qPrintable(error));
    }

    // A motion alone is no model: it is opened as one (File > Open plays it on the open
    // model) and refused, never read as model text.
    void motionScreenshotIsNotReadAsModel() {
        const QString motion = dir_.filePath("shot_walk.mot");
        QVERIFY(studio_test::write_file(motion, knee_motion()));
        QString error;
        QVERIFY(!render_screenshot(motion, dir_.filePath("shot_walk.png"), QSize(320, 200), &error));
        QVERIFY2(error.contains("Open the model first"), qPrintable(error));
        QVERIFY2(!error.contains("no model {"), qPrintable(error));
        hfd::studio::WindowScreenshot request;
        request.model_path = motion;
        request.image_path = dir_.filePath("shot_walk_window.png");
        request.size = QSize(1400, 900);
        QVERIFY(!render_window_screenshot(request, &error));
        QVERIFY2(error.contains("Open the model first"), qPrintable(error));
        QVERIFY(!QFileInfo::exists(request.image_path));
    }

    // hfd-studio FILE --screenshot [--window]: a scenario's picture, a bad scenario's
    // located errors on stderr with a non-zero exit, a motion refused.
    void commandLineOpensFilesAsFileOpen() {
        if (!QFileInfo::exists(QStringLiteral(HFD_BIN_DIR "/hfd-studio"))) QSKIP("hfd-studio not built");
        const QString config = dir_.filePath("config");
        const QString scenario = dir_.filePath("cli.scone");
        QVERIFY(studio_test::write_file(scenario, studio_test::tiny_scenario(0.3, 2).toUtf8()));
        const QString image_path = dir_.filePath("cli_scenario.png");
        StudioRun run = run_studio({scenario, "--screenshot", image_path, "--size", "320x200"}, config);
        QVERIFY(run.finished);
        if (studio_test::has_opengl_display()) {
            QVERIFY2(run.exit_code == 0, qPrintable(run.error));
            QCOMPARE(QImage(image_path).size(), QSize(320, 200));
        } else {
            QCOMPARE(run.exit_code, 1);
            QVERIFY2(run.error.contains("rendered no frame"), qPrintable(run.error));
        }

        const QString bad = dir_.filePath("cli_bad_controller.scone");
        QVERIFY(studio_test::write_file(bad, bad_controller_scenario()));
        for (const bool window : {false, true}) {
            QStringList arguments{bad, "--screenshot", dir_.filePath("cli_bad.png")};
            if (window) arguments << "--window";
            run = run_studio(arguments, config);
            QVERIFY(run.finished);
            QVERIFY2(run.exit_code != 0, qPrintable(run.error));
            QVERIFY2(run.error.contains("cli_bad_controller.scone:4:") &&
                         run.error.contains("unknown controller type 'NoSuchController'"),
                     qPrintable(run.error));
            QVERIFY(!QFileInfo::exists(dir_.filePath("cli_bad.png")));
        }

        QVERIFY(write_include_cycle(QDir(dir_.path()), "cli_cycle.scone"));
        const QRegularExpression located("cycle_[ab]\\.scone:1:\\d+: error: .*include cycle");
        for (const bool window : {false, true}) {
            QStringList arguments{dir_.filePath("cli_cycle.scone"), "--screenshot", dir_.filePath("cli_cycle.png")};
            if (window) arguments << "--window";
            run = run_studio(arguments, config);
            QVERIFY(run.finished);
            QVERIFY2(run.exit_code != 0, qPrintable(run.error));
            QVERIFY2(located.match(run.error).hasMatch(), qPrintable(run.error));
        }

        const QString motion = dir_.filePath("cli_walk.mot");
        QVERIFY(studio_test::write_file(motion, knee_motion()));
        for (const bool window : {false, true}) {
            QStringList arguments{motion, "--screenshot", dir_.filePath("cli_walk.png")};
            if (window) arguments << "--window";
            run = run_studio(arguments, config);
            QVERIFY(run.finished);
            QCOMPARE(run.exit_code, 1);
            QVERIFY2(run.error.contains("Open the model first") && !run.error.contains("no model {"),
                     qPrintable(run.error));
            QVERIFY(!QFileInfo::exists(dir_.filePath("cli_walk.png")));
        }
    }

    void commandLineExitCodes() {
        const QString studio = QStringLiteral(HFD_BIN_DIR "/hfd-studio");
        if (!QFileInfo::exists(studio)) QSKIP("hfd-studio not built");
        const QString model = dir_.filePath("bad_cli.hfd");
        QVERIFY(studio_test::write_file(model, "model { body { name = b mass = abc } }"));
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert("XDG_CONFIG_HOME", dir_.filePath("config"));  // the studio's settings stay here
        process.setProcessEnvironment(environment);
        process.start(studio, {model, "--screenshot", dir_.filePath("bad_cli.png")});
        QVERIFY(process.waitForFinished(hfd::test::scaled_ms(20000)));
        QCOMPARE(process.exitCode(), 1);
        QVERIFY(process.readAllStandardError().contains("bad_cli.hfd:1:"));
        process.start(studio, {"--size", "12"});
        QVERIFY(process.waitForFinished(hfd::test::scaled_ms(20000)));
        QCOMPARE(process.exitCode(), 2);
        // a .par runs with a scenario only
        process.start(studio,
                      {model, "--par", dir_.filePath("p.par"), "--screenshot", dir_.filePath("p.png"), "--window"});
        QVERIFY(process.waitForFinished(20000));
        QCOMPARE(process.exitCode(), 2);
        QVERIFY(process.readAllStandardError().contains("need a scenario (.scone)"));
    }
};

STUDIO_TEST_MAIN(TestScreenshot)
#include "test_screenshot.moc"
