// Gait analysis (analysis/gait_cycles.h, gait_recording.h) on a synthetic run with
// known answers (gait_test_util.h): stride time, cadence, stance and double support
// of square force pulses, stride and step length and speed from the pelvis; the
// default threshold from the mean vertical force; the normalized mean and SD of a
// sinusoidal joint angle over cycles; chatter joined and dropped; the columns the
// reader takes from scenario and simulate CSVs; errors at their place.
#include "analysis/gait_cycles.h"

#include "gait_test_util.h"

#include <QtTest>

#include <cmath>
#include <numbers>

using namespace hfd;
using test::SyntheticGait;

namespace {

GaitRecording synthetic_recording() {
    const GaitRecordingRead read = read_gait_recording_text(SyntheticGait().csv(), "synthetic.csv");
    if (!read.ok()) qFatal("%s", format_diagnostic(read.diagnostics.front()).c_str());
    return read.recording;
}

GaitOptions half_weight_threshold() {
    GaitOptions options;
    options.threshold_force = SyntheticGait::weight / 2;  // crossings half way between samples
    options.body_weight = SyntheticGait::weight;
    return options;
}

bool has_error(const std::vector<Diagnostic>& diagnostics, const std::string& text, int line = -1, int column = -1) {
    for (const Diagnostic& d : diagnostics)
        if (d.severity == Severity::Error && d.message.find(text) != std::string::npos &&
            (line < 0 || d.location.line == line) && (column < 0 || d.location.column == column))
            return true;
    return false;
}

std::string all_messages(const std::vector<Diagnostic>& diagnostics) {
    std::string text;
    for (const Diagnostic& d : diagnostics) text += format_diagnostic(d) + "\n";
    return text;
}

const GaitCurve* curve(const GaitSideResult& side, const std::string& name) {
    for (const GaitCurve& c : side.curves)
        if (c.name == name) return &c;
    return nullptr;
}

constexpr double deg = 180 / std::numbers::pi;

}  // namespace

class TestGaitCycles : public QObject {
    Q_OBJECT
private slots:
    void squarePulsesGiveTheAnalyticCycles() {
        const GaitAnalysis a = analyze_gait(synthetic_recording(), half_weight_threshold());
        QVERIFY2(a.ok(), all_messages(a.diagnostics).c_str());
        QCOMPARE(a.threshold, 350.0);
        const double dt = SyntheticGait::dt;
        for (const GaitSide side : gait_sides) {
            const std::vector<GaitCycle>& cycles = a.side(side).cycles;
            QCOMPARE(cycles.size(), size_t(8));
            const int on = side == GaitSide::Right ? SyntheticGait::right_on : SyntheticGait::left_on;
            for (size_t i = 0; i < cycles.size(); ++i) {
                const GaitCycle& c = cycles[i];
                QCOMPARE(c.number, int(i) + 1);
                QVERIFY(std::abs(c.start - (on + 1200 * int(i) - 0.5) * dt) < 1e-9);
                QVERIFY(std::abs(c.toe_off - (on + 1200 * int(i) + 719.5) * dt) < 1e-9);
                QVERIFY(std::abs(c.stride_time - 1.2) < 1e-9);
                QVERIFY(std::abs(c.cadence - 100) < 1e-6);
                QVERIFY(std::abs(c.stance_percent - 60) < 1e-6);
                // both legs loaded 0.12 s after each heel strike: 2 x 0.12 / 1.2
                QVERIFY2(std::abs(c.double_support_percent - 20) < 1e-6,
                         qPrintable(QString::number(c.double_support_percent)));
                QVERIFY(std::abs(c.stride_length - 1.32) < 1e-9);
                QVERIFY(std::abs(c.speed - 1.1) < 1e-9);
                QVERIFY(std::abs(c.step_time - 0.6) < 1e-9);
                QVERIFY(std::abs(c.step_length - 0.66) < 1e-9);
            }
        }
        QCOMPARE(a.events[0].side, GaitSide::Right);
        QCOMPARE(a.events[0].kind, GaitEvent::Kind::HeelStrike);
        // the left leg starts loaded: its first toe off has no heel strike before it
        QCOMPARE(a.events[1].side, GaitSide::Left);
        QCOMPARE(a.events[1].kind, GaitEvent::Kind::ToeOff);
        QVERIFY(std::abs(a.events[1].time - 0.2195) < 1e-9);
        QCOMPARE(a.events.size(), size_t(9 + 9 + 9 + 9));  // per leg 9 heel strikes, 9 toe offs
        for (size_t e = 1; e < a.events.size(); ++e) QVERIFY(a.events[e].time > a.events[e - 1].time);
    }

    void theDefaultThresholdIsTwoPercentOfTheMeanVerticalForce() {
        // right W (1 + sin)/2, left W (1 - sin)/2: the sum is W at every row
        GaitRecording r;
        const double w = 800, period = 2.0;  // swing 0.18 s, above the minimum 0.1
        for (int k = 0; k <= 12000; ++k) {
            const double t = k * 1e-3, s = std::sin(2 * std::numbers::pi * t / period);
            r.time.push_back(t);
            r.legs[0].y.push_back(w * (1 + s) / 2);
            r.legs[1].y.push_back(w * (1 - s) / 2);
        }
        const GaitAnalysis a = analyze_gait(r);
        QVERIFY2(a.ok(), all_messages(a.diagnostics).c_str());
        QVERIFY(a.body_weight_from_forces);
        QVERIFY(std::abs(a.body_weight - w) < 1e-9 * w);
        QVERIFY(std::abs(a.threshold - 0.02 * w) < 1e-9 * w);
        // loaded where (1 + sin)/2 > 0.02, i.e. sin > -0.96: heel strike at 2 pi t = -asin(0.96) + 2 pi k
        const double strike = period * (1 - std::asin(0.96) / (2 * std::numbers::pi));
        const std::vector<GaitCycle>& right = a.side(GaitSide::Right).cycles;
        QCOMPARE(right.size(), size_t(5));
        for (size_t i = 0; i < right.size(); ++i) {
            QVERIFY2(std::abs(right[i].start - (strike + period * double(i))) < 1e-4,
                     qPrintable(QString::number(right[i].start)));
            QVERIFY(std::abs(right[i].stance_percent - 100 * (0.5 + std::asin(0.96) / std::numbers::pi)) < 1e-2);
            QVERIFY(std::isnan(right[i].stride_length) && std::isnan(right[i].speed));  // no position column
        }
        GaitOptions given;
        given.body_weight = 1000;
        const GaitAnalysis b = analyze_gait(r, given);
        QVERIFY(!b.body_weight_from_forces);
        QCOMPARE(b.body_weight, 1000.0);
        QCOMPARE(b.threshold, 20.0);
    }

    void theNormalizedMeanOfASinusoidIsKnown() {
        const GaitAnalysis a = analyze_gait(synthetic_recording(), half_weight_threshold());
        QVERIFY(a.ok());
        const GaitSideResult& right = a.side(GaitSide::Right);
        const GaitCurve* knee = curve(right, "knee_angle_r");
        QVERIFY(knee);
        QCOMPARE(knee->unit, std::string("deg"));
        QCOMPARE(knee->cycles.size(), size_t(8));
        QCOMPARE(knee->mean.size(), size_t(101));
        const double s = right.cycles.front().start, T = SyntheticGait::stride, n = 8;
        for (size_t j = 0; j <= 100; ++j) {
            const double p = double(j) / 100;
            for (size_t i = 0; i < 8; ++i) {
                const double t = right.cycles[i].start + p * right.cycles[i].stride_time;
                QVERIFY(std::abs(knee->cycles[i][j] - deg * SyntheticGait::knee_at(t)) < 1e-3);
            }
            // the alternating term cancels over an even number of cycles
            const double mean = deg * SyntheticGait::amplitude * std::sin(2 * std::numbers::pi * (s + p * T) / T);
            const double sd = deg * SyntheticGait::alternating *
                              std::abs(std::sin(std::numbers::pi * (s + p * T) / T)) * std::sqrt(n / (n - 1));
            QVERIFY2(std::abs(knee->mean[j] - mean) < 1e-3,
                     qPrintable(QString("%1: %2 vs %3").arg(j).arg(knee->mean[j]).arg(mean)));
            QVERIFY2(std::abs(knee->sd[j] - sd) < 1e-3,
                     qPrintable(QString("%1: %2 vs %3").arg(j).arg(knee->sd[j]).arg(sd)));
        }
        const GaitCurve* grf_y = curve(right, "right.grf_y");
        const GaitCurve* grf_x = curve(right, "right.grf_x");
        const GaitCurve* other = curve(right, "left.grf_y");
        QVERIFY(grf_y && grf_x && other);
        QCOMPARE(grf_y->unit, std::string("BW"));
        QVERIFY(std::abs(grf_y->mean[30] - 1) < 1e-12);  // stance: the body weight
        QCOMPARE(grf_y->mean[80], 0.0);                  // swing
        QVERIFY(std::abs(grf_x->mean[30] - 0.1) < 1e-12);
        QVERIFY(std::abs(other->mean[5] - 1) < 1e-12);  // double support after the heel strike
        QCOMPARE(other->mean[30], 0.0);                 // the other leg swings
        QVERIFY(!a.has_moments);
    }

    void chatterIsJoinedAndDropped() {
        SyntheticGait g;
        const int on = SyntheticGait::right_on + 2 * 1200;                             // the third right stance
        g.right[on - 6] = g.right[on - 5] = SyntheticGait::weight;                     // heel strike chatter
        g.right[on + 300] = g.right[on + 301] = g.right[on + 302] = 0;                 // a bounce in stance
        for (int k = on + 920; k < on + 925; ++k) g.right[k] = SyntheticGait::weight;  // a toe brushing in swing
        GaitRecording r = synthetic_recording();
        r.legs[0].y = g.right;
        const GaitAnalysis a = analyze_gait(r, half_weight_threshold());
        QVERIFY(a.ok());
        const std::vector<GaitCycle>& cycles = a.side(GaitSide::Right).cycles;
        QCOMPARE(cycles.size(), size_t(8));
        QVERIFY(std::abs(cycles[2].start - (on - 6.5) * SyntheticGait::dt) < 1e-9);  // the first crossing
        QVERIFY(std::abs(cycles[1].end - cycles[2].start) < 1e-12);
        QVERIFY(std::abs(cycles[2].toe_off - (on + 719.5) * SyntheticGait::dt) < 1e-9);
        QVERIFY(std::abs(cycles[3].start - (on + 1200 - 0.5) * SyntheticGait::dt) < 1e-9);
        // without the minimum durations each of the three is a stance of its own
        GaitOptions raw = half_weight_threshold();
        raw.min_stance = raw.min_swing = 0;
        const GaitAnalysis b = analyze_gait(r, raw);
        QVERIFY(b.ok());
        QCOMPARE(b.side(GaitSide::Right).cycles.size(), size_t(11));
    }

    void fewerThanTwoHeelStrikesIsAnError() {
        GaitRecording r = synthetic_recording();
        for (size_t k = 1200; k < r.time.size(); ++k) r.legs[0].y[k] = 0;  // one right stance only
        GaitAnalysis a = analyze_gait(r);
        QVERIFY(!a.ok());
        QVERIFY2(has_error(a.diagnostics, "'synthetic.csv': the right leg has 1 heel strike (at 0.099"),
                 all_messages(a.diagnostics).c_str());
        QVERIFY(!has_error(a.diagnostics, "left leg"));
        std::fill(r.legs[0].y.begin(), r.legs[0].y.end(), 0.0);
        a = analyze_gait(r);
        QVERIFY(has_error(a.diagnostics, "the right leg has 0 heel strikes"));
        std::fill(r.legs[1].y.begin(), r.legs[1].y.end(), 0.0);
        a = analyze_gait(r);
        QVERIFY2(has_error(a.diagnostics, "the mean vertical ground force of 'synthetic.csv' is 0 N"),
                 all_messages(a.diagnostics).c_str());
    }

    void theReaderTakesLegTotalsAnglesAndPosition() {
        const GaitRecording r = synthetic_recording();
        QCOMPARE(r.time.size(), size_t(SyntheticGait::rows));
        QCOMPARE(r.leg(GaitSide::Right).columns, std::vector<std::string>{"leg0_r.grf_y"});
        QCOMPARE(r.leg(GaitSide::Left).columns, std::vector<std::string>{"leg1_l.grf_y"});
        QCOMPARE(r.position_name, std::string("pelvis_tx"));
        QCOMPARE(r.angles.size(), size_t(2));  // pelvis_tilt, knee_angle_r; not pelvis_tx, pelvis_ty
        QCOMPARE(r.angles[0].name, std::string("pelvis_tilt"));
        QCOMPARE(r.angles[1].name, std::string("knee_angle_r"));
        QCOMPARE(r.angles[1].unit, std::string("rad"));
        QCOMPARE(r.leg(GaitSide::Left).x[0], 0.1 * SyntheticGait::weight);
    }

    void theReaderSumsContactPairsPerLeg() {
        const std::string text =
            "time [s],ankle_angle_r [deg],ankle_angle_r.vel [deg/s],pelvis_tx [m],knee_angle_l_moment [Nm],"
            "r_heel-floor.force_y [N],r_toe-floor.force_y [N],floor-l_heel.force_y [N],pelvis_shape-floor.force_y [N],"
            "r_heel-floor.force_x [N]\n"
            "0,10,0,0,5,100,50,-300,900,7\n"
            "0.01,20,0,0.01,6,110,60,-310,900,8\n";
        const GaitRecordingRead read = read_gait_recording_text(text, "sim.csv");
        QVERIFY2(read.ok(), all_messages(read.diagnostics).c_str());
        const GaitRecording& r = read.recording;
        QCOMPARE(r.leg(GaitSide::Right).columns,
                 (std::vector<std::string>{"r_heel-floor.force_y", "r_toe-floor.force_y"}));
        QCOMPARE(r.leg(GaitSide::Right).y, (std::vector<double>{150, 170}));
        QCOMPARE(r.leg(GaitSide::Right).x, (std::vector<double>{7, 8}));
        QCOMPARE(r.leg(GaitSide::Left).y, (std::vector<double>{300, 310}));  // the force on the foot
        QVERIFY(r.leg(GaitSide::Left).x.empty());
        QCOMPARE(r.angles.size(), size_t(1));
        QCOMPARE(r.angles[0].unit, std::string("deg"));
        QCOMPARE(r.moments.size(), size_t(1));
        QCOMPARE(r.moments[0].name, std::string("knee_angle_l_moment"));
        // the same channels from a recording in memory
        const GaitRecordingRead rows =
            gait_recording_from_rows({"time", "ankle_angle_r", "r_heel-floor.force_y", "l_heel-floor.force_y"},
                                     {"s", "deg", "N", "N"}, {0, 10, 100, 300, 0.01, 20, 110, 310});
        QVERIFY2(rows.ok(), all_messages(rows.diagnostics).c_str());
        QCOMPARE(rows.recording.leg(GaitSide::Left).y, (std::vector<double>{300, 310}));
        QCOMPARE(rows.recording.angles[0].values, (std::vector<double>{10, 20}));
    }

    void readerErrorsHaveTheirPlace() {
        const auto errors = [](const std::string& text) {
            return read_gait_recording_text(text, "run.csv").diagnostics;
        };
        const std::string header = "time,leg0_r.grf_y,leg1_l.grf_y,other.value\n";
        QVERIFY(has_error(errors("time,knee_angle_r\n0,1\n"), "no vertical ground force of the right leg", 1));
        QVERIFY(has_error(errors("time,leg0_r.grf_y\n0,1\n"), "no vertical ground force of the left leg", 1));
        QVERIFY(has_error(errors("t,leg0_r.grf_y,leg1_l.grf_y\n0,1,2\n"), "no 'time' column", 1));
        QVERIFY(has_error(errors(""), "is empty"));
        QVERIFY(has_error(errors(header + "0,1,2,3\n0.1,x,2,3\n"),
                          "expected a finite number in column 'leg0_r.grf_y', got 'x'", 3, 5));
        QVERIFY(has_error(errors(header + "0,1,nan,3\n"), "column 'leg1_l.grf_y'", 2, 5));
        QVERIFY(read_gait_recording_text(header + "0,1,2,nan\n", "run.csv").ok());  // a column not read
        QVERIFY(has_error(errors(header + "0,1,2,3\n0.1,1,2\n"), "row has 3 fields, the header 4", 3));
        QVERIFY(has_error(errors(header + "0,1,2,3\n0,1,2,3\n"), "time 0 does not increase", 3));
        QVERIFY(has_error(errors("time,leg0_r.grf_y,leg1_l.grf_y,leg0_r.grf_y\n0,1,2,3\n"),
                          "column 'leg0_r.grf_y' appears twice (columns 2 and 4)", 1, 32));
        QVERIFY(read_gait_recording_text("time,leg0_r.grf_y,leg1_l.grf_y,a.RL,a.RL\n0,1,2,3,4\n", "run.csv").ok());
        const GaitRecordingRead missing = read_gait_recording_file("/nonexistent/run.csv");
        QVERIFY(has_error(missing.diagnostics, "cannot open or read the file"));
        QCOMPARE(missing.diagnostics.front().location.file, std::string("/nonexistent/run.csv"));
    }

    void outputFilesHaveTheirColumns() {
        const GaitAnalysis a = analyze_gait(synthetic_recording(), half_weight_threshold());
        const QStringList cycles = QString::fromStdString(gait_cycles_csv(a)).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(cycles.size(), 1 + 16);
        QVERIFY(cycles[0].startsWith("side,cycle,heel_strike [s],toe_off [s],next_heel_strike [s],stride_time [s]"));
        for (int i = 1; i < cycles.size(); ++i)  // in time order, the sides alternating
            QVERIFY(cycles[i].startsWith(i % 2 == 1 ? "right," : "left,"));
        const QStringList summary = QString::fromStdString(gait_summary_csv(a)).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(summary.size(), 3);
        const QStringList head = summary[0].split(','), right = summary[1].split(',');
        QCOMPARE(right[head.indexOf("stride_time.mean [s]")].toDouble(), 1.2);
        QVERIFY(std::abs(right[head.indexOf("stride_time.sd [s]")].toDouble()) < 1e-9);
        QCOMPARE(right[head.indexOf("cycles")], QString("8"));
        const QStringList normalized =
            QString::fromStdString(gait_normalized_csv(a, GaitSide::Left)).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(normalized.size(), 1 + 101);
        const QStringList columns = normalized[0].split(',');
        QCOMPARE(columns.size(), 1 + 6 * (2 + 8));  // 2 angles, 2 legs x 2 forces; mean, sd, 8 cycles
        QCOMPARE(columns[1], QString("pelvis_tilt.mean [deg]"));
        QVERIFY(columns.contains("left.grf_y.cycle8 [BW]"));
        QCOMPARE(normalized[51].split(',')[0], QString("50"));
    }
};

QTEST_GUILESS_MAIN(TestGaitCycles)
#include "test_gait_cycles.moc"
