// Muscle quantities along a motion (analysis/muscle_motion.h): an OpenSim .mot in
// degrees and a CSV in radians give the analytic length and moment arm of the
// hinge's muscle at every row; dofs without a column keep their default, columns
// that name no dof are one warning; bad rows are errors with line:column; the
// moment arms along the motion equal -dL/dq of human3d's poses.
#include "analysis/muscle_motion.h"
#include "format/parser.h"
#include "forces/muscle_path.h"
#include "model/build_model.h"

#include "hinge_muscle_model.h"

#include <QtTest>

#include <cmath>
#include <numbers>

using namespace hfd;

namespace {

Model hinge() {
    const ParseResult parsed = parse_text(test::hinge_muscle_model, "hinge.hfd");
    BuildResult built = build_model(parsed.root, "hinge.hfd");
    if (!built.ok()) qFatal("hinge model does not build");
    return std::move(*built.model);
}

double analytic_length(double q) {
    const double a = test::hinge_arm_a, b = test::hinge_arm_b;
    return std::sqrt(a * a + b * b + 2 * a * b * std::cos(q));
}

void checkHingeRows(const Model& model, const MotionCoordinates& motion, const std::vector<double>& radians) {
    QVERIFY(motion.ok());
    QCOMPARE(motion.frames.size(), radians.size());
    const MuscleMotion analysed = muscle_motion(model, motion, {});
    QCOMPARE(analysed.muscles.size(), model.muscles.size());
    // "over" spans the elbow only, "beside" the wrist only
    QCOMPARE(analysed.moment_arms.size(), size_t(2));
    const MuscleMotion::MomentArm& elbow = analysed.moment_arms[0];
    QCOMPARE(elbow.muscle, model.find_muscle("over"));
    QCOMPARE(elbow.dof, model.find_dof("elbow_angle"));
    const double ab = test::hinge_arm_a * test::hinge_arm_b;
    for (size_t r = 0; r < radians.size(); ++r) {
        QVERIFY(std::abs(analysed.length[0][r] - analytic_length(radians[r])) < 1e-12);
        QVERIFY(std::abs(elbow.values[r] - ab * std::sin(radians[r]) / analytic_length(radians[r])) < 1e-12);
    }
}

}  // namespace

class TestMuscleMotion : public QObject {
    Q_OBJECT
private slots:
    void motFileInDegrees() {
        const Model model = hinge();
        const char* text =
            "normal\nversion=1\nnRows=3\nnColumns=3\ninDegrees=yes\nendheader\n"
            "time\telbow_angle\tpelvis_ty\n"
            "0\t-30\t0.9\n"
            "0.5\t   45.5\t0.9\n"
            "1\t90\t0.9\n";
        const MotionCoordinates motion = read_motion_text(text, "walk.mot", model);
        checkHingeRows(model, motion,
                       {-30 * std::numbers::pi / 180, 45.5 * std::numbers::pi / 180, std::numbers::pi / 2});
        QCOMPARE(motion.time, (std::vector<double>{0, 0.5, 1}));
        // the unknown column: one warning at the header line; the wrist keeps its default
        QCOMPARE(motion.diagnostics.size(), size_t(1));
        QCOMPARE(motion.diagnostics[0].severity, Severity::Warning);
        QCOMPARE(motion.diagnostics[0].location.line, 7);
        QVERIFY(motion.diagnostics[0].message.find("'pelvis_ty'") != std::string::npos);
        QCOMPARE(motion.frames[1].value[model.find_dof("wrist_angle")], 0.0);
    }

    void csvInRadiansOrDegrees() {
        const Model model = hinge();
        const MotionCoordinates radians =
            read_motion_text("time,elbow_angle,wrist_angle\n0,0.25,0.1\n0.1,-1.5,0.2\n", "run.csv", model);
        checkHingeRows(model, radians, {0.25, -1.5});
        QCOMPARE(radians.frames[1].value[model.find_dof("wrist_angle")], 0.2);
        const MotionCoordinates degrees = read_motion_text("time [s],elbow_angle [deg]\n0,60\n", "run.csv", model);
        checkHingeRows(model, degrees, {std::numbers::pi / 3});
        QVERIFY(degrees.diagnostics.empty());
    }

    void badRowsAreErrorsWithTheirPlace() {
        const Model model = hinge();
        struct Case {
            const char* text;
            int line, column;
            const char* message;
        };
        const Case cases[] = {
            {"time,elbow_angle\n0,1\n0.1,x1\n", 3, 5, "expected a number, got 'x1'"},
            {"time,elbow_angle\n0,1\n0.1\n", 3, 1, "row has 1 fields, the header 2"},
            {"time,elbow_angle\n0,1\n0,2\n", 3, 1, "time does not increase"},
            {"elbow_angle,time\n0,1\n", 1, 1, "the first column must be 'time'"},
            {"time,elbow_angle\n", 1, 1, "no rows"},
        };
        for (const Case& c : cases) {
            const MotionCoordinates motion = read_motion_text(c.text, "bad.csv", model);
            QVERIFY(!motion.ok());
            const Diagnostic& d = motion.diagnostics.back();
            QCOMPARE(d.severity, Severity::Error);
            QCOMPARE(d.location.line, c.line);
            QCOMPARE(d.location.column, c.column);
            QCOMPARE(QString::fromStdString(d.message), QString(c.message));
        }
        QVERIFY(!read_motion_file("/nonexistent/walk.mot", model).ok());
    }

    void momentArmsAlongAMotionAreLengthDerivatives() {
        BuildResult built = load_model(std::string(HFD_SAMPLES_DIR) + "/human3d.hfd");
        QVERIFY(built.ok());
        const Model& model = *built.model;
        // a knee and hip motion: 11 rows
        std::string text = "time,knee_angle_r,hip_flexion_r\n";
        for (int r = 0; r <= 10; ++r)
            text +=
                std::to_string(0.1 * r) + "," + std::to_string(0.1 * r) + "," + std::to_string(0.5 - 0.08 * r) + "\n";
        const MotionCoordinates motion = read_motion_text(text, "knee.csv", model);
        QVERIFY(motion.ok());
        const std::vector<Index> muscles{model.find_muscle("bflh_r"), model.find_muscle("vaslat_r")};
        const MuscleMotion analysed = muscle_motion(model, motion, muscles);
        int checked = 0;
        for (const MuscleMotion::MomentArm& arm : analysed.moment_arms)
            for (size_t r = 0; r < motion.frames.size(); ++r) {
                auto length = [&](double dq) {
                    DofAssignment frame = motion.frames[r];
                    frame.value[arm.dof] += dq;
                    State s = initial_state(model);
                    apply_dofs(model, frame, s);
                    return muscle_path_length(model, s, arm.muscle);
                };
                const double h = 1e-6;
                QVERIFY(std::abs(arm.values[r] + (length(h) - length(-h)) / (2 * h)) < 1e-6);
                ++checked;
            }
        // bflh_r: 3 hip dofs + knee; vaslat_r: knee
        QCOMPARE(analysed.moment_arms.size(), size_t(5));
        QCOMPARE(checked, 5 * 11);
        const QStringList header =
            QString::fromStdString(muscle_motion_csv(model, analysed)).split('\n').first().split(',');
        QCOMPARE(header.size(), 1 + 2 + 5);
        QVERIFY(header.contains("bflh_r.moment_arm.knee_angle_r [m]"));
    }
};

QTEST_GUILESS_MAIN(TestMuscleMotion)
#include "test_muscle_motion.moc"
