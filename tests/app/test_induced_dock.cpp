// The studio's induced acceleration dock on a recorded run of the standing
// sample: it analyses every recorded row, plots the chosen output, its table at
// the scrubbed time matches an independent analysis of that recorded state,
// and a recording that does not fit the model is refused with a message.
#include "analysis/induced_accelerations.h"
#include "analysis/trajectory_states.h"
#include "format/parser.h"
#include "induced_dock.h"
#include "run/recorder.h"
#include "run/run.h"
#include "model/build_model.h"

#include <QChart>
#include <QComboBox>
#include <QLabel>
#include <QLineSeries>
#include <QTableView>
#include <QChartView>
#include <QtTest>

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

Recorded record(const std::string& path, double duration) {
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
    record_simulation(*sim, recorder, options);
    r.layout = {recorder.channels(), pairs};
    r.frame.rows = recorder.values();
    r.frame.row_count = recorder.row_count();
    r.frame.time = duration;
    return r;
}

const std::string standing = std::string(HFD_SAMPLES_DIR) + "/human_standing.hfd";

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
