// Muscle quantities along a motion (analysis/muscle_motion.h): an OpenSim .mot in
// degrees and a CSV in radians give the analytic length and moment arm of the
// hinge's muscle at every row; dofs without a column keep their default, columns
// that name no dof are one warning; bad rows are errors with line:column; the
// moment arms along the motion equal -dL/dq of human3d's poses; nan / inf values,
// a column named twice and an "inDegrees" other than yes/no are refused at their
// place; the streamed analysis gives the same CSV a row at a time.
#include "analysis/muscle_motion.h"
#include "format/parser.h"
#include "forces/muscle_path.h"
#include "format/read_text_file.h"
#include "model/build_model.h"

#include "hinge_muscle_model.h"

#include <QtTest>

#include <algorithm>
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

    // The three-point derivative is exact for a quadratic on uneven steps; the ends'
    // one-sided difference is exact for a line. A sine's error falls as h^2.
    void velocitiesDifferentiatedFromTheValues() {
        const Model model = hinge();
        const std::vector<double> times = {0, 0.1, 0.25, 0.3, 0.5, 0.55, 0.8};
        std::string text = "time,elbow_angle,wrist_angle\n";
        auto quadratic = [](double t) { return 0.3 - 1.2 * t + 2.5 * t * t; };
        for (double t : times) text += std::to_string(t) + "," + std::to_string(quadratic(t)) + "," +
                                       std::to_string(0.4 * t) + "\n";
        MotionCoordinates motion = read_motion_text(text, "run.csv", model);
        QVERIFY(motion.ok());
        differentiate_dof_values(motion);
        const Index elbow = model.find_dof("elbow_angle"), wrist = model.find_dof("wrist_angle");
        for (size_t r = 0; r < times.size(); ++r) {
            QVERIFY(std::abs(motion.frames[r].velocity[wrist] - 0.4) < 1e-5);  // values printed to 1e-6
            if (r == 0 || r + 1 == times.size()) continue;
            QVERIFY2(std::abs(motion.frames[r].velocity[elbow] - (-1.2 + 5.0 * times[r])) < 1e-4,
                     qPrintable(QString::number(motion.frames[r].velocity[elbow])));
        }
        auto sine_error = [&](int rows) {
            MotionCoordinates sine;
            for (int r = 0; r < rows; ++r) {
                const double t = double(r) / (rows - 1);
                sine.time.push_back(t);
                sine.frames.push_back(default_dof_assignment(model));
                sine.frames.back().value[elbow] = std::sin(3 * t);
            }
            differentiate_dof_values(sine);
            double worst = 0;
            for (int r = 1; r + 1 < rows; ++r)
                worst = std::max(worst, std::abs(sine.frames[r].velocity[elbow] - 3 * std::cos(3 * sine.time[r])));
            return worst;
        };
        const double ratio = sine_error(21) / sine_error(41);
        QVERIFY2(ratio > 3.5 && ratio < 4.5, qPrintable(QString::number(ratio)));
        MotionCoordinates single = read_motion_text("time,elbow_angle\n0,1\n", "one.csv", model);
        differentiate_dof_values(single);
        QCOMPARE(single.frames[0].velocity[elbow], 0.0);
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

    // Values that would be read silently wrong: from_chars reads "nan" and "inf",
    // a second column of a name overwrote the first, and "inDegrees=maybe" read as
    // radians. Each is an error at its line and column.
    void silentlyWrongMotionsAreRefusedAtTheirPlace() {
        const Model model = hinge();
        const std::string header = "walk\nversion=1\ninDegrees=yes\nendheader\n";
        struct Case {
            std::string text;
            int line, column;
            const char* message;
        };
        const Case cases[] = {
            {header + "time\telbow_angle\n0\t10\n0.1\tnan\n", 7, 5, "expected a finite number, got 'nan'"},
            {header + "time\telbow_angle\n0\t-inf\n", 6, 3, "expected a finite number, got '-inf'"},
            {header + "time\telbow_angle\nnan\t1\n", 6, 1, "expected a finite number, got 'nan'"},
            {"time,elbow_angle\n0,1\n0.1,INF\n", 3, 5, "expected a finite number, got 'INF'"},
            {header + "time\telbow_angle\twrist_angle\telbow_angle\n0\t1\t2\t3\n", 5, 30,
             "column 'elbow_angle' is named twice (first at column 6)"},
            {"time,elbow_angle,elbow_angle [deg]\n0,1,2\n", 1, 18,
             "column 'elbow_angle' is named twice (first at column 6)"},
            {"time,x,x\n0,1,2\n", 1, 8, "column 'x' is named twice (first at column 6)"},
            {"walk\ninDegrees=maybe\nendheader\ntime\telbow_angle\n0\t1\n", 2, 11,
             "expected inDegrees=yes or inDegrees=no, found 'maybe'"},
            {"walk\ninDegrees = \nendheader\ntime\telbow_angle\n0\t1\n", 2, 13,
             "expected inDegrees=yes or inDegrees=no, found ''"},
            {"walk\ninDegrees yes\nendheader\ntime\telbow_angle\n0\t1\n", 2, 11,
             "expected '=' after 'inDegrees', then yes or no"},
            {"walk\nversion=1\ntime\telbow_angle\n0\t1\n", 1, 1,
             "no 'endheader' line ends the header (a .mot / .sto file), and the first line is not a CSV header "
             "'time,...'"},
        };
        for (const Case& c : cases) {
            const MotionCoordinates motion = read_motion_text(c.text, "bad.mot", model);
            QVERIFY2(!motion.ok(), c.text.c_str());
            QVERIFY(motion.frames.empty());
            const Diagnostic& d = motion.diagnostics.back();
            QCOMPARE(d.severity, Severity::Error);
            QCOMPARE(QString::fromStdString(d.message), QString(c.message));
            QCOMPARE(d.location.line, c.line);
            QCOMPARE(d.location.column, c.column);
        }
        // spaces around '=' and trailing ones are fine; "no" means radians
        const MotionCoordinates spaced =
            read_motion_text("walk\ninDegrees = no \nendheader\ntime\telbow_angle\n0\t1.25\n", "ok.mot", model);
        QVERIFY(spaced.ok());
        QCOMPARE(spaced.frames[0].value[model.find_dof("elbow_angle")], 1.25);
    }

    // The streamed analysis writes what muscle_motion_csv writes of the whole
    // motion, and hands each row to the output before it asks for the next line:
    // its memory does not grow with the rows.
    void streamedAnalysisWritesEachRowBeforeReadingTheNext() {
        const Model model = hinge();
        std::string text = "swing\nversion=1\nnRows=40\ninDegrees=yes\nendheader\ntime\telbow_angle\twrist_angle\n";
        const int rows = 40, first_row_line = 7;
        for (int r = 0; r < rows; ++r)
            text += std::to_string(0.01 * r) + "\t" + std::to_string(-60 + 3 * r) + "\t" + std::to_string(r) + "\n";
        const MotionCoordinates whole = read_motion_text(text, "swing.mot", model);
        QVERIFY(whole.ok());
        const std::string expected = muscle_motion_csv(model, muscle_motion(model, whole, {}));

        TextLines lines(text);
        std::string written;
        auto rows_written = [&] { return int(std::count(written.begin(), written.end(), '\n')) - 1; };
        int most_rows_behind = 0;
        const StreamedMuscleMotion streamed = stream_muscle_motion_csv(
            model, "swing.mot",
            [&](std::string_view& line, int& number) {
                // lines before this one that were rows, against rows already written
                const int rows_read = std::max(0, lines.number() - first_row_line + 1);
                most_rows_behind = std::max(most_rows_behind, rows_read - std::max(0, rows_written()));
                if (!lines.next(line)) return false;
                number = lines.number();
                return true;
            },
            {},
            [&](std::string_view piece) {
                written += piece;
                return true;
            });
        QVERIFY(streamed.ok());
        QCOMPARE(streamed.rows, size_t(rows));
        QCOMPARE(streamed.muscles, model.muscles.size());
        QCOMPARE(streamed.moment_arms, size_t(2));
        QCOMPARE(most_rows_behind, 0);
        QCOMPARE(written, expected);

        // an error stops it at its line; a refused write stops it too
        std::string bad = text.substr(0, text.find("time\t")) + "time\telbow_angle\twrist_angle\n";
        for (int r = 0; r < rows; ++r)
            bad += std::to_string(0.01 * r) + "\t" + (r == 16 ? std::string("nan") : std::to_string(r)) + "\t0\n";
        written.clear();
        TextLines bad_lines(bad);
        const StreamedMuscleMotion failed = stream_muscle_motion_csv(
            model, "bad.mot",
            [&](std::string_view& line, int& number) {
                if (!bad_lines.next(line)) return false;
                number = bad_lines.number();
                return true;
            },
            {},
            [&](std::string_view piece) {
                written += piece;
                return true;
            });
        QVERIFY(!failed.ok());
        QCOMPARE(failed.rows, size_t(16));
        QCOMPARE(QString::fromStdString(format_diagnostic(failed.diagnostics.back())),
                 QString("bad.mot:%1:10: error: expected a finite number, got 'nan'").arg(first_row_line + 16));
        TextLines again(text);
        const StreamedMuscleMotion refused = stream_muscle_motion_csv(
            model, "swing.mot",
            [&](std::string_view& line, int& number) {
                if (!again.next(line)) return false;
                number = again.number();
                return true;
            },
            {}, [](std::string_view) { return false; });
        QVERIFY(!refused.ok() && refused.write_failed);
        QCOMPARE(refused.rows, size_t(0));
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
