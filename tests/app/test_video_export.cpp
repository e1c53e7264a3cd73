// File > Export > Video of playback: the recording replayed frame by frame,
// rendered offscreen and encoded by ffmpeg; checked by decoding the file with
// ffprobe / ffmpeg. The encoding needs an OpenGL display (the _xvfb run) and
// ffmpeg; without them those cases skip.
#include "video_export.h"
#include "video_export_action.h"

#include "document.h"
#include "main_window.h"
#include "plot_dock.h"
#include "prompts.h"
#include "simulation_controller.h"
#include "studio_test_support.h"
#include "viewer_pane.h"

#include <QProcess>
#include <QSaveFile>
#include <QSignalSpy>
#include <QTemporaryFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include "test_time_scale.h"

using namespace hfd;
using namespace hfd::studio;

namespace {

const QString pendulum = QStringLiteral(HFD_SAMPLES_DIR "/pendulum.hfd");

bool has_ffmpeg() {
    return !QStandardPaths::findExecutable("ffmpeg").isEmpty() && !QStandardPaths::findExecutable("ffprobe").isEmpty();
}

QString run(const QString& program, const QStringList& arguments, bool* ok) {
    QProcess process;
    process.start(program, arguments);
    *ok = process.waitForFinished(hfd::test::scaled_ms(60000)) && process.exitStatus() == QProcess::NormalExit &&
          process.exitCode() == 0;
    return QString::fromLocal8Bit(process.readAllStandardOutput() + process.readAllStandardError());
}

QStringList partial_files(const QDir& dir) {
    return dir.entryList(QStringList{"*partial*"}, QDir::Files | QDir::Hidden);
}

}  // namespace

class TestVideoExport : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

    // A shown studio window that has recorded 1.1 s of the pendulum swinging from 60 degrees.
    std::unique_ptr<MainWindow> recordedWindow() {
        MainWindowOptions options;
        options.use_dialogs = false;
        options.restore_settings = false;
        options.remember_recent_files = false;
        auto window = std::make_unique<MainWindow>(options);
        window->resize(900, 700);
        window->show();
        auto* controller = window->findChild<SimulationController*>();
        auto* plots = window->findChild<PlotDock*>();
        if (!window->openFile(pendulum)) return nullptr;
        const auto pendulum_loaded = [&] {
            const Model* model = window->document()->lastValidModel();
            if (!model || model->name != "pendulum" || !controller->isLoaded() || !controller->layout()) return false;
            for (const Channel& channel : controller->layout()->channels)
                if (channel.source == "rod") return true;
            return false;
        };
        if (!QTest::qWaitFor(pendulum_loaded, hfd::test::scaled_ms(30000))) return nullptr;
        controller->setRealTimeFactor(0);
        controller->setEndTime(1.1);
        controller->play();
        if (!QTest::qWaitFor([&] { return controller->latestFrame() && controller->latestFrame()->finished; }, 60000))
            return nullptr;
        if (!QTest::qWaitFor([&] { return plots->rowCount() == 111; }, 10000)) return nullptr;  // 0, 0.01, ..., 1.1
        return window;
    }

private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    void frameRowsFollowTheSpeed() {
        std::vector<double> times;
        for (int i = 0; i <= 100; ++i) times.push_back(0.2 + i * 0.01);  // 1 s recorded from 0.2 s
        const std::vector<size_t> real_time = video_frame_rows(times, 10, 1);
        QCOMPARE(real_time.size(), size_t(11));  // 0, 0.1, ..., 1.0 s of playback
        for (size_t k = 0; k < real_time.size(); ++k) QCOMPARE(real_time[k], 10 * k);
        const std::vector<size_t> double_speed = video_frame_rows(times, 10, 2);
        QCOMPARE(double_speed.size(), size_t(6));
        QCOMPARE(double_speed[1], size_t(20));
        const std::vector<size_t> slow = video_frame_rows(times, 30, 0.5);
        QCOMPARE(slow.size(), size_t(61));  // 2 s of video at 30 fps
        QCOMPARE(slow[3], size_t(5));       // 3 frames = 0.05 s recorded
        // between rows: the last row at or before the frame's time
        const std::vector<size_t> sparse = video_frame_rows({0, 0.25, 0.5}, 10, 1);
        QCOMPARE(sparse, (std::vector<size_t>{0, 0, 0, 1, 1, 2}));
        QVERIFY(video_frame_rows({}, 30, 1).empty());
        QCOMPARE(video_frame_rows({1.5}, 30, 1), std::vector<size_t>{0});
    }

    void sizesAndCommandLine() {
        QCOMPARE(even_video_size(QSize(801, 599)), QSize(800, 598));
        QCOMPARE(even_video_size(QSize(1, 1)), QSize(2, 2));
        QCOMPARE(default_video_settings(QSize(641, 481)).size, QSize(640, 480));
        QCOMPARE(default_video_settings(QSize(641, 481)).frames_per_second, 30);
        QCOMPARE(default_video_settings(QSize(641, 481)).speed, 1.0);
        const QStringList arguments = ffmpeg_arguments(QSize(64, 48), 10, "out.mp4");
        QVERIFY(arguments.join(' ').contains("-f rawvideo -pix_fmt rgba -s 64x48 -r 10 -i -"));
        QVERIFY(arguments.join(' ').contains("-pix_fmt yuv420p"));
        QCOMPARE(arguments.last(), QString("out.mp4"));
    }

    void missingFfmpegIsSaidAndNothingHappens() {
        VideoExporter exporter(nullptr);
        exporter.setProgram("hfd-no-such-encoder");
        const QString path = dir_.filePath("missing.mp4");
        QString error;
        PlaybackSource source{[] { return size_t(3); },
                              [](size_t row) {
                                  PoseSnapshot pose;
                                  pose.time = row * 0.1;
                                  return pose;
                              }};
        QVERIFY(!exporter.start(path, VideoSettings{QSize(64, 48), 10, 1}, source, &error));
        QVERIFY2(error.contains("not installed") && error.contains("apt-get install ffmpeg"), qPrintable(error));
        QVERIFY(!QFileInfo::exists(path));

        // The menu action says so before asking anything, when ffmpeg is not on PATH.
        StudioPrompts prompts;
        QStringList errors;
        prompts.error = [&](const QString&, const QString& message) { errors << message; };
        bool asked = false;
        prompts.export_path = [&](const FileRequest&) {
            asked = true;
            return path;
        };
        VideoExportAction action(nullptr, source, nullptr, &prompts, nullptr);
        action.ask_settings = [&](const VideoSettings& defaults) -> std::optional<VideoSettings> {
            asked = true;
            return defaults;
        };
        const QByteArray saved_path = qgetenv("PATH");
        qputenv("PATH", dir_.filePath("empty-bin").toLocal8Bit());
        action.exportVideo();
        qputenv("PATH", saved_path);
        QCOMPARE(errors.size(), 1);
        QVERIFY2(errors[0].contains("ffmpeg") && errors[0].contains("apt-get install ffmpeg"), qPrintable(errors[0]));
        QVERIFY(!asked);
        QVERIFY(!QFileInfo::exists(path));
    }

    void badSettingsAreRefused() {
        if (!has_ffmpeg()) QSKIP("ffmpeg / ffprobe not installed");
        VideoExporter exporter(nullptr);
        PlaybackSource empty{[] { return size_t(0); }, [](size_t) { return PoseSnapshot(); }};
        QString error;
        QVERIFY(!exporter.start(dir_.filePath("odd.mp4"), VideoSettings{QSize(63, 48), 10, 1}, empty, &error));
        QVERIFY2(error.contains("63x48") && error.contains("even"), qPrintable(error));
        QVERIFY(!exporter.start(dir_.filePath("empty.mp4"), VideoSettings{QSize(64, 48), 10, 1}, empty, &error));
        QVERIFY2(error.contains("nothing is recorded"), qPrintable(error));
        QVERIFY(partial_files(QDir(dir_.path())).isEmpty());
    }

    // The temporary file ffmpeg writes is created 0600; the video renamed from it gets the
    // mode every other export gets (a new file's: 0666 less the umask), checked against one.
    void videoGetsTheModeOfOtherExports() {
        QTemporaryFile temporary(dir_.filePath("XXXXXX.partial.mp4"));
        QVERIFY(temporary.open());
        temporary.close();
        QSaveFile reference_file(dir_.filePath("reference.csv"));  // as the CSV and PNG exports write
        QVERIFY(reference_file.open(QIODevice::WriteOnly) && reference_file.write("x") == 1 && reference_file.commit());
        const QFileDevice::Permissions reference = QFileInfo(reference_file.fileName()).permissions();
        QVERIFY(reference & QFileDevice::ReadOwner);
        QString error;
        QVERIFY2(apply_default_permissions(temporary.fileName(), &error), qPrintable(error));
        QCOMPARE(QFileInfo(temporary.fileName()).permissions(), reference);
        QVERIFY(!apply_default_permissions(dir_.filePath("absent.mp4"), &error));
        QVERIFY2(error.contains("absent.mp4"), qPrintable(error));
    }

    void encodesThePlayback() {
        if (!studio_test::has_opengl_display()) QSKIP("needs an OpenGL display (runs as app_test_video_export_xvfb)");
        if (!has_ffmpeg()) QSKIP("ffmpeg / ffprobe not installed");
        std::unique_ptr<MainWindow> window = recordedWindow();
        QVERIFY(window);
        auto* action = window->findChild<VideoExportAction*>();
        QVERIFY(action);
        QStringList errors;
        window->prompts().error = [&](const QString&, const QString& message) { errors << message; };
        const QString path = dir_.filePath("pendulum.mp4");
        window->viewerPane()->viewer()->fitToModel();  // the whole swing in the picture
        VideoExporter* exporter = action->findChild<VideoExporter*>();
        std::vector<QImage> frames;
        bool target_seen_early = false;
        connect(exporter, &VideoExporter::frameWritten, this, [&](int index, const QImage& image) {
            QCOMPARE(index, int(frames.size()));
            frames.push_back(image);
            target_seen_early = target_seen_early || QFileInfo::exists(path);  // atomic: only the whole file appears
        });
        QSignalSpy finished(exporter, &VideoExporter::finished);
        QVERIFY(action->start(path, VideoSettings{QSize(64, 48), 10, 1}));
        QCOMPARE(exporter->frameCount(), 12);  // 1.1 s at 10 fps: 0, 0.1, ..., 1.1 s
        QVERIFY(finished.wait(hfd::test::scaled_ms(120000)));
        QVERIFY2(finished.at(0).at(0).toBool(), qPrintable(finished.at(0).at(1).toString()));
        QVERIFY(errors.isEmpty());
        QVERIFY(!target_seen_early);
        QVERIFY(partial_files(QDir(dir_.path())).isEmpty());
        QCOMPARE(frames.size(), size_t(12));
        QSaveFile reference(dir_.filePath("reference.png"));
        QVERIFY(reference.open(QIODevice::WriteOnly) && reference.write("x") == 1 && reference.commit());
        QCOMPARE(QFileInfo(path).permissions(), QFileInfo(reference.fileName()).permissions());

        bool ok = false;
        const QString probe =
            run("ffprobe",
                {"-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                 "stream=codec_name,width,height,nb_read_frames", "-of", "default=noprint_wrappers=1", path},
                &ok);
        QVERIFY2(ok, qPrintable(probe));
        QVERIFY2(probe.contains("codec_name=h264"), qPrintable(probe));
        QVERIFY2(probe.contains("width=64") && probe.contains("height=48"), qPrintable(probe));
        QVERIFY2(probe.contains("nb_read_frames=12"), qPrintable(probe));

        // The pendulum moves: the first and last frames differ, and the decoded
        // frames are the rendered ones (each nearer its own than the other).
        QImage blank(frames[0].size(), QImage::Format_RGBA8888);
        blank.fill(frames[0].pixelColor(0, 0));
        QVERIFY(studio_test::mean_difference(frames[0], blank) > 0.5);  // more than the background
        QVERIFY(studio_test::mean_difference(frames[0], frames[11]) > 0.5);
        const QString first = dir_.filePath("first.png"), last = dir_.filePath("last.png");
        QString output =
            run("ffmpeg", {"-v", "error", "-y", "-i", path, "-vf", "select=eq(n\\,0)", "-frames:v", "1", first}, &ok);
        QVERIFY2(ok, qPrintable(output));
        output =
            run("ffmpeg", {"-v", "error", "-y", "-i", path, "-vf", "select=eq(n\\,11)", "-frames:v", "1", last}, &ok);
        QVERIFY2(ok, qPrintable(output));
        const QImage decoded_first(first), decoded_last(last);
        QCOMPARE(decoded_first.size(), QSize(64, 48));
        QVERIFY(studio_test::mean_difference(decoded_first, frames[0]) <
                studio_test::mean_difference(decoded_first, frames[11]));
        QVERIFY(studio_test::mean_difference(decoded_last, frames[11]) <
                studio_test::mean_difference(decoded_last, frames[0]));
        QVERIFY(studio_test::mean_difference(decoded_first, decoded_last) > 0.5);

        // After the export the view takes the poses it is given again.
        QVERIFY(window->viewerPane()->viewer()->snapshot().time > 1.0);
    }

    void cancelLeavesNoFile() {
        if (!studio_test::has_opengl_display()) QSKIP("needs an OpenGL display (runs as app_test_video_export_xvfb)");
        if (!has_ffmpeg()) QSKIP("ffmpeg / ffprobe not installed");
        std::unique_ptr<MainWindow> window = recordedWindow();
        QVERIFY(window);
        auto* action = window->findChild<VideoExportAction*>();
        QStringList errors;
        window->prompts().error = [&](const QString&, const QString& message) { errors << message; };
        VideoExporter* exporter = action->findChild<VideoExporter*>();
        const QString path = dir_.filePath("cancelled.mp4");
        connect(exporter, &VideoExporter::progress, exporter, [exporter](int written) {
            if (written == 3) exporter->cancel();
        });
        QSignalSpy finished(exporter, &VideoExporter::finished);
        QVERIFY(
            action->start(path, VideoSettings{QSize(64, 48), 30, 0.1}));  // 331 frames: cancelled long before the end
        QVERIFY(finished.wait(hfd::test::scaled_ms(120000)));
        QCOMPARE(finished.at(0).at(0).toBool(), false);
        QCOMPARE(finished.at(0).at(1).toString(), QString("cancelled"));
        QVERIFY(errors.isEmpty());  // a cancel is no error
        QVERIFY(!QFileInfo::exists(path));
        QVERIFY2(partial_files(QDir(dir_.path())).isEmpty(), qPrintable(partial_files(QDir(dir_.path())).join(' ')));
        QVERIFY(!exporter->isRunning());
    }
};

STUDIO_TEST_MAIN(TestVideoExport)
#include "test_video_export.moc"
