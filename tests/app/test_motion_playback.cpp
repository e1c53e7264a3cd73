// A motion file played on the model as a recorded run: every row posed by its
// coordinates (degrees in a .mot with inDegrees=yes), the recording's body poses
// those of apply_dofs, each muscle's length and moment arms added as channels equal
// to the path's; opened in the main window it fills the Plots dock's timeline.
#include "document.h"
#include "file_actions.h"
#include "forces/muscle_path.h"
#include "main_window.h"
#include "motion_playback.h"
#include "plot_dock.h"
#include "simulation_status.h"
#include "simulation_ui.h"
#include "studio_test_support.h"

#include <QPushButton>
#include <QtTest>

#include <cmath>
#include <fstream>
#include <numbers>
#include "test_time_scale.h"

using namespace hfd;
using namespace hfd::studio;

namespace {

const std::string human3d = std::string(HFD_SAMPLES_DIR) + "/human3d.hfd";

// Knee and hip of the right leg over 21 rows, in degrees.
std::string knee_motion() {
    std::string text = "walk\nversion=1\ninDegrees=yes\nendheader\ntime\tknee_angle_r\thip_flexion_r\n";
    for (int r = 0; r <= 20; ++r)
        text += std::to_string(0.05 * r) + "\t" + std::to_string(3.0 * r) + "\t" + std::to_string(30 - 2.0 * r) + "\n";
    return text;
}

size_t channel_index(const RecordingLayout& layout, const std::string& name) {
    for (size_t c = 0; c < layout.channels.size(); ++c)
        if (layout.channels[c].name == name) return c;
    return size_t(-1);
}

}  // namespace

class TestMotionPlayback : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    void recordingHoldsThePosesAndMuscleLengths() {
        BuildResult built = load_model(human3d);
        QVERIFY(built.ok());
        auto model = std::make_shared<const Model>(std::move(*built.model));
        const MotionCoordinates motion = read_motion_text(knee_motion(), "walk.mot", *model);
        QVERIFY(motion.ok());
        const MotionRecording recording = record_motion(model, default_sim_config(), motion);
        QVERIFY(recording.error.isEmpty());
        QCOMPARE(recording.frame.row_count, size_t(21));
        const size_t width = recording.layout.channels.size();
        QCOMPARE(recording.frame.rows.size(), width * 21);
        const size_t knee = channel_index(recording.layout, "knee_angle_r");
        const size_t length = channel_index(recording.layout, "bflh_r.length");
        const size_t arm = channel_index(recording.layout, "bflh_r.moment_arm.knee_angle_r");
        const size_t tibia = channel_index(recording.layout, "tibia_r.pos_y");
        const size_t knee_velocity = channel_index(recording.layout, "knee_angle_r.vel");
        QVERIFY(knee < width && length < width && arm < width && tibia < width && knee_velocity < width);
        for (size_t r = 0; r < 21; ++r) {
            const double* row = recording.frame.rows.data() + r * width;
            QVERIFY(std::abs(row[0] - 0.05 * double(r)) < 1e-12);
            QVERIFY(std::abs(row[knee] - 3.0 * double(r) * std::numbers::pi / 180) < 1e-9);
            // 3 degrees every 0.05 s, differentiated: 60 deg/s, not the zeros a file without
            // velocities would give
            QVERIFY2(std::abs(row[knee_velocity] - 60.0 * std::numbers::pi / 180) < 1e-6,
                     qPrintable(QString::number(row[knee_velocity])));
            State s = initial_state(*model);
            apply_dofs(*model, motion.frames[r], s);
            const Index bflh = model->find_muscle("bflh_r");
            QVERIFY(std::abs(row[length] - muscle_path_length(*model, s, bflh)) < 1e-12);
            QVERIFY(std::abs(row[arm] - muscle_moment_arm(*model, s, bflh, model->find_dof("knee_angle_r"))) < 1e-12);
            QVERIFY(std::abs(row[tibia] - s.pos[model->find_body("tibia_r")].y()) < 1e-9);
        }
    }

    void openedInTheWindowItPlaysInPlots() {
        MainWindowOptions options;
        options.with_viewer = false;
        options.use_dialogs = false;
        options.restore_settings = false;
        MainWindow window(options);
        QString error;
        QVERIFY(window.document()->load(QString::fromStdString(human3d), &error));
        QTRY_VERIFY_WITH_TIMEOUT(window.document()->lastValidModel(), hfd::test::scaled_ms(5000));
        const QString path = dir_.filePath("walk.mot");
        std::ofstream(path.toStdString()) << knee_motion();
        QVERIFY(window.openFile(path));
        PlotDock* plots = window.simulationUi()->plotDock();
        QCOMPARE(plots->rowCount(), size_t(21));
        // the pose at a row: the tibia where the row's knee and hip put it
        const Model& model = *window.document()->lastValidModel();
        const MotionCoordinates motion = read_motion_text(knee_motion(), "walk.mot", model);
        State s = initial_state(model);
        apply_dofs(model, motion.frames[10], s);
        const PoseSnapshot pose = plots->poseAt(10);
        const Index tibia = model.find_body("tibia_r");
        QVERIFY(pose.body_pos.size() == model.bodies.size());
        QVERIFY((pose.body_pos[tibia] - s.pos[tibia]).norm() < 1e-9);
        // Play back: the status bar says "playing back", not "paused", until it stops
        auto* status = window.findChild<SimulationStatus*>();
        QVERIFY(status);
        status->showFrame(SimulationFrame{});  // a run that stopped
        QVERIFY2(status->text().endsWith("paused"), qPrintable(status->text()));
        auto* play = plots->timeline()->findChild<QPushButton*>();
        QVERIFY(play && play->isEnabled());
        play->setChecked(true);
        QVERIFY2(status->text().endsWith("playing back"), qPrintable(status->text()));
        play->setChecked(false);  // stopped
        QVERIFY2(status->text().endsWith("paused"), qPrintable(status->text()));
        // a file that does not fit: an error, nothing played
        QString reported;
        window.prompts().error = [&](const QString&, const QString& message) { reported = message; };
        const QString bad = dir_.filePath("bad.mot");
        std::ofstream(bad.toStdString()) << "endheader\ntime\tknee_angle_r\n0\tx\n";
        QVERIFY(!window.openFile(bad));
        QVERIFY2(reported.contains("bad.mot:3:3: error: expected a number, got 'x'"), qPrintable(reported));
    }

    // File > Open (and Open Recent, the command line) plays a motion on the open model,
    // never reads it as model text; with only the New template open it is refused.
    void fileOpenPlaysAMotionOrRefusesWithoutModel() {
        MainWindowOptions options;
        options.with_viewer = false;
        options.use_dialogs = false;
        options.restore_settings = false;
        options.remember_recent_files = false;
        MainWindow window(options);
        QString reported;
        window.prompts().error = [&](const QString&, const QString& message) { reported = message; };
        const QString path = dir_.filePath("open_walk.mot");
        std::ofstream(path.toStdString()) << knee_motion();
        const QString template_text = window.document()->text();
        QVERIFY(!window.fileActions()->openPath(path));
        QVERIFY2(reported.contains("Open the model first"), qPrintable(reported));
        QVERIFY(window.document()->isUntitled());
        QCOMPARE(window.document()->text(), template_text);

        QString error;
        QVERIFY(window.document()->load(QString::fromStdString(human3d), &error));
        QVERIFY(window.document()->lastValidModel());
        reported.clear();
        QVERIFY2(window.fileActions()->openPath(path), qPrintable(reported));
        QCOMPARE(window.simulationUi()->plotDock()->rowCount(), size_t(21));
        QCOMPARE(QFileInfo(window.document()->path()), QFileInfo(QString::fromStdString(human3d)));
    }
};

STUDIO_TEST_MAIN(TestMotionPlayback)
#include "test_motion_playback.moc"
