// The 3D view's frame time: the statistics, the status-bar text, and
// hfd-studio --measure-frames, which prints them for a model run in real time
// (on an OpenGL display: the _xvfb run; elsewhere it says it needs one). No
// timing is asserted: only that the numbers and labels are produced.
#include "frame_timing.h"
#include "studio_options.h"
#include "studio_test_support.h"
#include "view_frame_status.h"

#include <QProcess>
#include <QRegularExpression>
#include <QtTest>
#include "test_time_scale.h"

using namespace hfd;
using namespace hfd::studio;

namespace {}  // namespace

class TestFrameTiming : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private slots:
    void statisticsByNearestRank() {
        std::vector<double> samples;
        for (int i = 20; i >= 1; --i) samples.push_back(i);  // unsorted on purpose
        const TimeStats stats = time_stats(samples);
        QCOMPARE(stats.count, size_t(20));
        QCOMPARE(stats.median, 10.0);  // rank ceil(0.5 * 20) = 10
        QCOMPARE(stats.p95, 19.0);     // rank ceil(0.95 * 20) = 19
        QCOMPARE(stats.mean, 10.5);
        const TimeStats one = time_stats({4.0});
        QCOMPARE(one.median, 4.0);
        QCOMPARE(one.p95, 4.0);
        QCOMPARE(time_stats({}).count, size_t(0));
    }

    void recordsOnlyWhileEnabled() {
        FrameTiming timing(nullptr);  // no capture node: pose updates only
        timing.poseApplied(1.5);
        QVERIFY(timing.poseUpdates().empty());
        timing.setEnabled(true);
        timing.poseApplied(1.5);
        timing.poseApplied(2.5);
        QCOMPARE(timing.poseUpdates().size(), size_t(2));
        QCOMPARE(timing.recentPoseUpdates(1).median, 2.5);
        QVERIFY(timing.frameIntervals().empty());
        timing.clear();
        QVERIFY(timing.poseUpdates().empty());
    }

    void statusText() {
        TimeStats frames;
        QCOMPARE(view_frame_text(frames), QString());
        frames.count = 60;
        frames.median = 16.66;
        frames.p95 = 18.04;
        QCOMPARE(view_frame_text(frames), QString("view 16.7 ms"));
        TimeStats poses;
        poses.count = 60;
        poses.median = 0.4;
        const QString tooltip = view_frame_tooltip(frames, poses);
        QVERIFY2(tooltip.contains("95th percentile 18.0 ms") && tooltip.contains("0.40 ms"), qPrintable(tooltip));
    }

    void measureFramesOption() {
        QString error;
        std::optional<StudioOptions> options =
            parse_studio_arguments({"hfd-studio", "model.hfd", "--measure-frames", "2.5"}, &error, nullptr);
        QVERIFY2(options, qPrintable(error));
        QCOMPARE(options->measure_frames_seconds, 2.5);
        QCOMPARE(options->size, QSize(1600, 1000));
        for (const char* bad : {"0", "-1", "abc"}) {
            QVERIFY(!parse_studio_arguments({"hfd-studio", "--measure-frames", bad}, &error, nullptr));
            QVERIFY2(error.contains("--measure-frames") && error.contains(bad), qPrintable(error));
        }
        QVERIFY(
            !parse_studio_arguments({"hfd-studio", "--measure-frames", "1", "--screenshot", "a.png"}, &error, nullptr));
        QVERIFY2(error.contains("--screenshot"), qPrintable(error));
    }

    // The command prints the frame and pose update times of a short real-time run.
    void measureFramesPrintsTheTimes() {
        const QString studio = QStringLiteral(HFD_BIN_DIR "/hfd-studio");
        if (!QFileInfo::exists(studio)) QSKIP("hfd-studio not built");
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert("XDG_CONFIG_HOME", dir_.filePath("config"));  // the studio's settings stay here
        environment.insert("QT_QPA_PLATFORM", QGuiApplication::platformName());
        process.setProcessEnvironment(environment);
        process.start(
            studio, {QStringLiteral(HFD_SAMPLES_DIR "/pendulum.hfd"), "--measure-frames", "0.5", "--size", "640x480"});
        QVERIFY(process.waitForFinished(hfd::test::scaled_ms(120000)));
        const QString output = QString::fromLocal8Bit(process.readAllStandardOutput());
        const QString errors = QString::fromLocal8Bit(process.readAllStandardError());
        if (!studio_test::has_opengl_display()) {
            QCOMPARE(process.exitCode(), 1);
            QVERIFY2(errors.contains("needs an OpenGL display"), qPrintable(errors));
            return;
        }
        QVERIFY2(process.exitCode() == 0, qPrintable(errors));
        const QRegularExpression frames(
            "view frame time: median ([0-9.]+) ms, 95th percentile ([0-9.]+) ms, mean [0-9.]+ ms \\(([0-9]+) frames");
        const QRegularExpressionMatch frame_match = frames.match(output);
        QVERIFY2(frame_match.hasMatch(), qPrintable(output));
        QVERIFY(frame_match.captured(1).toDouble() > 0);
        QVERIFY(frame_match.captured(2).toDouble() >= frame_match.captured(1).toDouble());
        QVERIFY(frame_match.captured(3).toInt() > 0);
        const QRegularExpression poses("pose update time: median ([0-9.]+) ms, 95th percentile ([0-9.]+) ms");
        QVERIFY2(poses.match(output).hasMatch(), qPrintable(output));
        QVERIFY2(output.contains("OpenGL renderer") && output.contains("real-time factor"), qPrintable(output));
    }
};

STUDIO_TEST_MAIN(TestFrameTiming)
#include "test_frame_timing.moc"
