// The studio's induced acceleration dock on a recorded run of the standing
// sample: it analyses every recorded row, plots the chosen output, its table at
// the scrubbed time matches an independent analysis of that recorded state,
// and a recording that does not fit the model is refused with a message; on a
// ball dropped onto the floor the impact frames, where the rigid contact does
// not describe the compliant one, are flagged: shaded, no contribution drawn
// there, a warning in the status, no values in the table.
#include "analysis/induced_accelerations.h"
#include "analysis/trajectory_states.h"
#include "chart_legend.h"
#include "format/parser.h"
#include "induced_dock.h"
#include "run/recorder.h"
#include "run/run.h"
#include "model/build_model.h"
#include "nice_axis.h"

#include <QAreaSeries>
#include <QChart>
#include <QComboBox>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QTableView>
#include <QValueAxis>
#include <QChartView>
#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace hfd;
using namespace hfd::studio;

namespace {

// Series drawn in the dock's chart, without the time cursor (a series too).
int plotted_series(const InducedDock& dock) {
    const QChartView* view = dock.findChild<QChartView*>();
    return view ? int(view->chart()->series().size()) - 1 : -1;
}

// Points of each line drawn in the chart (the time cursor left out); -1 when the
// lines differ in length or none is drawn.
int points_per_line(const InducedDock& dock) {
    const QChartView* view = dock.findChild<QChartView*>();
    int points = -1;
    for (QAbstractSeries* series : view ? view->chart()->series() : QList<QAbstractSeries*>{}) {
        const auto* line = qobject_cast<const QLineSeries*>(series);
        if (!line || line->name() == QStringLiteral("cursor")) continue;
        if (points >= 0 && int(line->count()) != points) return -1;
        points = int(line->count());
    }
    return points;
}

// What the table `table` shows in `column` on the row whose first column reads `key`
// (read through the view's model, as drawn); NaN when there is no such row.
double table_value(const InducedDock& dock, const QString& table, const QString& key, int column = 1) {
    const auto* view = dock.findChild<QTableView*>(table);
    const QAbstractItemModel* model = view ? view->model() : nullptr;
    for (int r = 0; model && r < model->rowCount(); ++r)
        if (model->index(r, 0).data().toString() == key) return model->index(r, column).data().toString().toDouble();
    return std::nan("");
}

// The dock's status line.
QString status_text(const InducedDock& dock) {
    const auto* label = dock.findChild<QLabel*>(QStringLiteral("analysisStatus"));
    return label ? label->text() : QStringLiteral("(no status label)");
}

struct Recorded {
    Model model;
    SimConfig config;
    RecordingLayout layout;
    SimulationFrame frame;
};

Recorded record(const std::string& path, double duration, double sample_period = 0.01) {
    Recorded r;
    const ParseResult parsed = parse_file(path);
    std::vector<Diagnostic> diagnostics;
    r.config = read_sim_config(parsed.root, path, diagnostics);
    BuildResult built = build_model(parsed.root, path);
    r.model = *built.model;
    auto sim = Simulation::create(r.model, r.config, diagnostics);
    const ContactPairSet pairs = candidate_contact_pairs(sim->model(), collision_settings(r.config));
    Recorder recorder(*sim, pairs);
    RunOptions options;
    options.duration = duration;
    options.sample_period = sample_period;
    record_simulation(*sim, recorder, options);
    r.layout = {recorder.channels(), pairs};
    r.frame.rows = recorder.values();
    r.frame.row_count = recorder.row_count();
    r.frame.time = duration;
    return r;
}

const std::string standing = std::string(HFD_SAMPLES_DIR) + "/human_standing.hfd";

// A 2 kg ball dropped from 0.2 m onto a soft floor: flight, impact, rest.
const char* ball_drop = R"(
model {
  gravity = [ 0 -9.81 0 ]
  material { name = soft stiffness = 20000 damping = 1 }
  body { name = ground mass = 0 inertia = [ 0 0 0 ] geometry { name = floor type = plane normal = [ 0 1 0 ] material = soft } }
  body { name = ball mass = 2 inertia = [ 0.008 0.008 0.008 ] pos = [ 0 0.3 0 ]
    geometry { name = ball_shape type = sphere radius = 0.1 material = soft } }
}
composite_force { simple_collision_detection {} contact_force_hunt_crossley {} }
symplectic_euler_integrator { step_size = 1e-4 }
)";

QString label_text(const InducedDock& dock, const char* name) {
    const auto* label = dock.findChild<QLabel*>(QString::fromLatin1(name));
    return label ? label->text() : QStringLiteral("(no label %1)").arg(name);
}

// What the contributions table shows in its value column for `key` (as text).
QString table_text(const InducedDock& dock, const QString& key) {
    const auto* view = dock.findChild<QTableView*>(QStringLiteral("contributions"));
    const QAbstractItemModel* model = view ? view->model() : nullptr;
    for (int r = 0; model && r < model->rowCount(); ++r)
        if (model->index(r, 0).data().toString() == key) return model->index(r, 1).data().toString();
    return QStringLiteral("(no row %1)").arg(key);
}

}  // namespace

class TestInducedDock : public QObject {
    Q_OBJECT
private slots:
    void analyzes_the_recording_and_shows_the_scrubbed_time() {
        const Recorded r = record(standing, 0.1);
        InducedDock dock;
        dock.setModel(r.model, r.config);
        dock.setLayout(r.layout);
        dock.addFrame(r.frame);
        QComboBox* constraint = dock.findChild<QComboBox*>(QStringLiteral("constraint"));
        QVERIFY(constraint);
        constraint->setCurrentIndex(constraint->findData(int(ContactConstraint::Weld)));
        QVERIFY2(dock.analyze(), qPrintable(status_text(dock)));
        QCOMPARE(points_per_line(dock), int(r.frame.row_count));  // every recorded row is analysed
        QVERIFY2(status_text(dock).startsWith(QStringLiteral("%1 rows").arg(r.frame.row_count)),
                 qPrintable(status_text(dock)));
        dock.findChild<QComboBox*>(QStringLiteral("output"))->setCurrentText(QStringLiteral("knee_angle_r"));
        QVERIFY(plotted_series(dock) >= 3);                                       // contributors, total, forward
        QVERIFY(plotted_series(dock) <= 11);                                      // at most 8 + other + total + forward
        dock.findChild<QComboBox*>(QStringLiteral("style"))->setCurrentIndex(1);  // stacked
        QVERIFY(plotted_series(dock) >= 3);

        // the table at the scrubbed time equals an independent analysis of that recorded state
        dock.setCursorTime(0.05);
        std::vector<std::string> names;
        for (const Channel& c : r.layout.channels) names.push_back(c.name);
        std::vector<Diagnostic> diagnostics;
        auto sim = Simulation::create(r.model, r.config, diagnostics);
        const TrajectoryStates states =
            trajectory_from_rows(names, r.frame.rows, sim->model(), std::as_const(*sim).state());
        QVERIFY(states.ok());
        const State& at = states.states[5];
        QVERIFY(std::abs(at.time - 0.05) < 1e-12);
        const InducedAccelerations expected = induced_accelerations(*sim, at, {ContactConstraint::Weld});
        const Index knee = sim->model().find_dof("knee_angle_r");
        for (const char* column : {"total", "gravity", "vasti_r"}) {
            const double value = expected.coordinate(knee, expected.column(column));
            const double shown = table_value(dock, QStringLiteral("contributions"), column);
            QVERIFY2(std::abs(shown - value) <= 1e-5 * std::abs(value) + 1e-9,
                     qPrintable(QString("%1: %2 vs %3").arg(column).arg(shown).arg(value)));
        }
        // the residual table at the scrubbed time equals recording_residual of that row
        const ImplicitDynamics dynamics(*sim, r.config);
        for (const BodyResidual& b : recording_residual(dynamics, states.states, 5)) {
            const QString body = QString::fromStdString(sim->model().bodies[b.body].name);
            const double shown = table_value(dock, QStringLiteral("residuals"), body);
            QVERIFY2(std::abs(shown - b.force) <= 1e-3 * b.force + 1e-9,
                     qPrintable(QString("%1: %2 vs %3").arg(body).arg(shown).arg(b.force)));
        }
        QVERIFY(!std::isnan(table_value(dock, QStringLiteral("residuals"), QStringLiteral("pelvis"))));
    }

    void flags_the_frames_where_the_constraint_model_does_not_hold() {
        QTemporaryDir dir;
        const QString path = dir.filePath("ball.hfd");
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(ball_drop);
        }
        const Recorded r = record(path.toStdString(), 0.6, 0.002);
        InducedDock dock;
        dock.setModel(r.model, r.config);
        dock.setLayout(r.layout);
        dock.addFrame(r.frame);
        QVERIFY2(dock.analyze(), qPrintable(status_text(dock)));

        // the verdict of an independent analysis of every recorded state
        std::vector<std::string> names;
        for (const Channel& c : r.layout.channels) names.push_back(c.name);
        std::vector<Diagnostic> diagnostics;
        auto sim = Simulation::create(r.model, r.config, diagnostics);
        const TrajectoryStates states =
            trajectory_from_rows(names, r.frame.rows, sim->model(), std::as_const(*sim).state());
        QVERIFY(states.ok());
        const InducedSeries& series = dock.series();
        QCOMPARE(series.frame_count(), states.states.size());
        std::vector<double> invalid_times, valid_times;
        for (size_t f = 0; f < states.states.size(); ++f) {
            const InducedAccelerations expected = induced_accelerations(*sim, states.states[f], {});
            QCOMPARE(series.valid(f), expected.validity.valid);
            (expected.validity.valid ? valid_times : invalid_times).push_back(states.states[f].time);
        }
        // the flight and the rest hold, the impact (a compliant contact force far from m g) does not
        QVERIFY2(!invalid_times.empty(), "the impact is expected to give invalid frames");
        QVERIFY(valid_times.size() > invalid_times.size());
        QVERIFY2(
            status_text(dock).contains(
                QStringLiteral("Warning: %1 of %2 frames invalid").arg(invalid_times.size()).arg(series.frame_count())),
            qPrintable(status_text(dock)));

        // no result drawn at an invalid frame; forward over every frame; the invalid frames shaded
        const QChartView* view = dock.findChild<QChartView*>();
        QVERIFY(view);
        auto at_invalid = [&](double t) {
            return std::any_of(invalid_times.begin(), invalid_times.end(),
                               [&](double u) { return std::abs(u - t) < 1e-9; });
        };
        std::vector<std::pair<double, double>> shaded;
        int forward_points = 0, result_points = 0;
        for (QAbstractSeries* s : view->chart()->series()) {
            if (auto* area = qobject_cast<QAreaSeries*>(s)) {
                QCOMPARE(area->name(), QStringLiteral("invalid frames"));
                shaded.emplace_back(area->upperSeries()->at(0).x(), area->upperSeries()->at(1).x());
                continue;
            }
            const auto* line = qobject_cast<const QLineSeries*>(s);
            QVERIFY(line);
            if (line->name() == QStringLiteral("cursor")) continue;
            if (line->name() == QStringLiteral("forward")) {
                forward_points += int(line->count());
                continue;
            }
            for (const QPointF& point : line->points()) {
                QVERIFY2(!at_invalid(point.x()), qPrintable(QString("%1 at t = %2").arg(line->name()).arg(point.x())));
                ++result_points;
            }
        }
        QCOMPARE(forward_points, int(series.frame_count()));
        QVERIFY(result_points > 0);
        for (double t : invalid_times)
            QVERIFY2(std::any_of(shaded.begin(), shaded.end(),
                                 [&](auto span) { return span.first <= t && t <= span.second; }),
                     qPrintable(QString("t = %1 not shaded").arg(t)));
        for (double t : valid_times)
            QVERIFY2(std::none_of(shaded.begin(), shaded.end(),
                                  [&](auto span) { return span.first <= t && t <= span.second; }),
                     qPrintable(QString("valid t = %1 shaded").arg(t)));

        // scrubbed to an invalid frame: its reason, no values but forward's
        dock.setCursorTime(invalid_times.front());
        QVERIFY2(label_text(dock, "frameValidity").contains("constraint model does not hold"),
                 qPrintable(label_text(dock, "frameValidity")));
        QCOMPARE(table_text(dock, "gravity"), QStringLiteral("invalid"));
        QCOMPARE(table_text(dock, "total"), QStringLiteral("invalid"));
        QVERIFY(!std::isnan(table_value(dock, QStringLiteral("contributions"), QStringLiteral("forward"))));
        // and to a valid one: values again
        dock.setCursorTime(valid_times.front());
        QVERIFY2(label_text(dock, "frameValidity").contains("the constraint model holds"),
                 qPrintable(label_text(dock, "frameValidity")));
        bool number = false;
        table_text(dock, "gravity").toDouble(&number);
        QVERIFY(number);
    }

    // The chart's axes are on round ticks (nice_axis.h: 1, 2, 2.5 or 5 x 10^k apart, on
    // their multiples, labels with the digits the step needs; the value axis ends on
    // ticks), not a range with a 5 % margin whose labels read 42435.5; its legend is the
    // studio's, one entry per curve, without the cursor and the shading.
    void axis_ticks_are_round() {
        QTemporaryDir dir;
        const QString path = dir.filePath("ball.hfd");
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(ball_drop);
        }
        const Recorded r = record(path.toStdString(), 0.6, 0.002);
        InducedDock dock;
        dock.setModel(r.model, r.config);
        dock.setLayout(r.layout);
        dock.addFrame(r.frame);
        QVERIFY2(dock.analyze(), qPrintable(status_text(dock)));
        QChart* chart = dock.findChild<QChartView*>()->chart();
        auto round_interval = [](double interval) {
            const double decade = std::pow(10.0, std::floor(std::log10(interval) + 1e-9));
            const double mantissa = interval / decade;
            return std::any_of(std::begin({1.0, 2.0, 2.5, 5.0}), std::end({1.0, 2.0, 2.5, 5.0}),
                               [&](double m) { return std::abs(mantissa - m) < 1e-6; });
        };
        auto on_tick = [](double value, double interval) {
            return std::abs(value / interval - std::round(value / interval)) < 1e-6;
        };
        for (const QString& output : {QStringLiteral("com_y"), QStringLiteral("ball_ty")}) {
            auto* combo = dock.findChild<QComboBox*>(QStringLiteral("output"));
            if (combo->findText(output) < 0) continue;
            combo->setCurrentText(output);
            const QList<QAbstractAxis*> axes = chart->axes();
            QCOMPARE(axes.size(), 2);
            for (QAbstractAxis* a : axes) {
                auto* axis = qobject_cast<QValueAxis*>(a);
                QVERIFY(axis);
                const QString what = output + " " + axis->titleText();
                QCOMPARE(axis->tickType(), QValueAxis::TicksDynamic);
                QCOMPARE(axis->tickAnchor(), 0.0);
                QVERIFY2(axis->tickInterval() > 0 && round_interval(axis->tickInterval()),
                         qPrintable(what + QString(": interval %1").arg(axis->tickInterval())));
                QCOMPARE(axis->labelFormat(), QString::fromStdString(label_format(shown_axis(*axis))));
                if (a->alignment() == Qt::AlignLeft) {  // values: ends on ticks, every value inside
                    QVERIFY2(on_tick(axis->min(), axis->tickInterval()) && on_tick(axis->max(), axis->tickInterval()),
                             qPrintable(what + QString(": %1 .. %2").arg(axis->min()).arg(axis->max())));
                } else {  // time: the recording exactly
                    QCOMPARE(axis->min(), dock.series().time.front());
                    QCOMPARE(axis->max(), dock.series().time.back());
                }
            }
        }
        QVERIFY(!chart->legend()->isVisible());  // the studio's legend instead of Qt's
        const QStringList names = plot_legend_layout(*chart).names;
        QVERIFY2(names.contains(QStringLiteral("total")) && names.contains(QStringLiteral("forward")),
                 qPrintable(names.join(", ")));
        QVERIFY2(!names.contains(QStringLiteral("cursor")) && !names.contains(QStringLiteral("invalid frames")),
                 qPrintable(names.join(", ")));
        QCOMPARE(int(QSet<QString>(names.begin(), names.end()).size()), int(names.size()));  // one per curve
    }

    void refuses_what_it_cannot_analyze() {
        InducedDock dock;
        QVERIFY(!dock.analyze());
        QVERIFY(status_text(dock).contains("No valid model"));
        const Recorded r = record(standing, 0.02);
        dock.setModel(r.model, r.config);
        QVERIFY(!dock.analyze());
        QVERIFY(status_text(dock).contains("Nothing recorded"));
        // a recording of another model
        const Recorded other = record(std::string(HFD_SAMPLES_DIR) + "/pendulum.hfd", 0.02);
        dock.setLayout(other.layout);
        dock.addFrame(other.frame);
        QVERIFY(!dock.analyze());
        QVERIFY2(status_text(dock).contains("does not fit the current model"), qPrintable(status_text(dock)));
    }
};

QTEST_MAIN(TestInducedDock)
#include "test_induced_dock.moc"
