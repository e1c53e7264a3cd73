// Plots follow the recording; the timeline reproduces recorded poses.
#include "plot_dock.h"
#include "plot_test_support.h"
#include "time_plot_view.h"

#include "format/parser.h"
#include "model/build_model.h"
#include "studio_test_support.h"

#include <QApplication>
#include <QCheckBox>
#include <QListWidget>
#include <QChart>
#include <QPushButton>
#include <QSignalSpy>
#include <QWheelEvent>
#include <QSlider>
#include <QValueAxis>
#include <cmath>
#include <optional>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace hfd;
using namespace hfd::studio;

class TestPlotDock : public QObject {
    Q_OBJECT
private slots:
    void decimationBoundsThePointsAndKeepsTheEnds();
    void recordingDrivesPlotsAndPoses();
    void reviewingARunWithContacts();
    void axisRangesHaveRoundTicks();
    void wheelPansAndZoomsTime();
    void keptRunOverlaysTheNextRun();
    void exportsPngSvgAndCsv();
};

namespace {
// A recording of two channels: a = t * scale, b = 1 + scale, at t = 0, 0.1, ... (rows-1)/10.
RecordingLayout two_channel_layout() {
    RecordingLayout layout;
    layout.channels = {{"time", "s", ChannelGroup::Time, "", ""},
                       {"a", "m", ChannelGroup::Dofs, "a", ""},
                       {"b", "", ChannelGroup::Dofs, "b", ""}};
    return layout;
}

SimulationFrame rows_frame(int rows, double scale) {
    SimulationFrame frame;
    frame.first_row = 0;
    frame.row_count = size_t(rows);
    for (int r = 0; r < rows; ++r) {
        const double t = r / 10.0;
        frame.rows.insert(frame.rows.end(), {t, t * scale, 1 + scale});
    }
    return frame;
}

// The polylines of an SVG document with their data-label, or an error message when it is no SVG.
QStringList svg_polylines(const QString& text, QString* error) {
    QXmlStreamReader xml(text);
    QStringList labels;
    bool root_svg = false;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement) continue;
        if (!root_svg && xml.name() != QLatin1String("svg")) break;
        root_svg = true;
        if (xml.name() == QLatin1String("polyline")) labels << xml.attributes().value("data-label").toString();
    }
    if (xml.hasError() || !root_svg) *error = xml.hasError() ? xml.errorString() : QStringLiteral("no <svg> root");
    return labels;
}

// Series shown in a plot: the current run's (dashed = false) or the kept run's (true).
int series_count(const PlotDock& dock, int plot, bool dashed) {
    int count = 0;
    for (const PlotSeriesData& series : dock.plotData(plot).series) count += series.dashed == dashed;
    return count;
}

// The value axis of a plot as drawn (the views are in plot order).
const QValueAxis* value_axis(const PlotDock& dock, int plot) {
    const TimePlotView* view = dock.findChildren<TimePlotView*>().value(plot);
    return view ? qobject_cast<const QValueAxis*>(view->chart()->axes(Qt::Vertical).value(0)) : nullptr;
}
}  // namespace

// Keep run: the next run of the same channels shows the kept one dashed under it
// (its own values, not the new ones); Forget removes it.
void TestPlotDock::keptRunOverlaysTheNextRun() {
    PlotDock dock;
    dock.setLayout(two_channel_layout());
    dock.addFrame(rows_frame(11, 1.0));
    dock.setChannelPlotted(1, 0, true);
    auto* keep = dock.findChild<QPushButton*>(QStringLiteral("keepRun"));
    auto* forget = dock.findChild<QPushButton*>(QStringLiteral("forgetKeptRun"));
    QVERIFY(keep && forget);
    QVERIFY(!forget->isEnabled());  // nothing kept to forget
    keep->click();
    QVERIFY(forget->isEnabled());
    QCOMPARE(series_count(dock, 0, true), 1);
    dock.setLayout(two_channel_layout());  // a new run of the model: same channels
    dock.addFrame(rows_frame(6, 0.5));
    dock.setChannelPlotted(2, 0, true);  // b was recorded in the kept run too
    QCOMPARE(series_count(dock, 0, true), 2);
    dock.refresh();
    const PlotData data = dock.plotData(0);
    QCOMPARE(data.series.size(), std::size_t(4));
    QVERIFY(!data.series[0].dashed && data.series[2].dashed);
    QCOMPARE(data.series[0].points.size(), std::size_t(6));  // the new run: a = t / 2
    QCOMPARE(data.series[0].points[5].y(), 0.25);
    QCOMPARE(data.series[2].points.size(), std::size_t(11));  // the kept run: a = t
    QCOMPARE(data.series[2].points[10].y(), 1.0);
    QCOMPARE(data.series[3].points[0].y(), 2.0);
    QVERIFY(data.series[2].label.contains("kept"));
    QVERIFY(data.y_max >= 2.0);  // the axis holds the kept run's values too (b = 2 > 1.5)
    dock.setChannelPlotted(1, 0, false);
    QCOMPARE(series_count(dock, 0, true), 1);
    forget->click();
    QVERIFY(!forget->isEnabled());
    QCOMPARE(series_count(dock, 0, true), 0);
    dock.refresh();
    QCOMPARE(studio_test::drawn_lines(dock, 0).size(), 1);  // the new run's a alone is drawn
}

// PNG decodes to the plot's size, the SVG is a well-formed <svg> with one polyline per
// series, the CSV has time and one column per series with the recorded values.
void TestPlotDock::exportsPngSvgAndCsv() {
    QTemporaryDir dir;
    PlotDock dock;
    dock.resize(900, 500);
    dock.show();
    dock.setLayout(two_channel_layout());
    dock.addFrame(rows_frame(11, 3.0));
    dock.setChannelPlotted(1, 0, true);
    dock.setChannelPlotted(2, 0, true);
    dock.refresh();
    QString error;
    const QString png = dir.filePath("plot.png"), svg = dir.filePath("plot.svg"), csv = dir.filePath("plot.csv");
    for (const QString& path : {png, svg, csv}) QVERIFY2(dock.exportPlot(0, path, &error), qPrintable(error));
    QVERIFY(!dock.exportPlot(0, dir.filePath("plot.gif"), &error));
    QVERIFY(error.contains(".csv"));

    const QImage image(png);
    QVERIFY(!image.isNull());
    QVERIFY(image.width() > 50 && image.height() > 50);

    QString svg_error;
    const QStringList labels = svg_polylines(QString::fromUtf8(studio_test::read_file(svg)), &svg_error);
    QVERIFY2(svg_error.isEmpty(), qPrintable(svg_error));
    QCOMPARE(labels, QStringList({"a [m]", "b"}));

    const QStringList lines = QString::fromUtf8(studio_test::read_file(csv)).split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 12);
    QCOMPARE(lines[0], QStringLiteral("time,a [m],b"));
    QCOMPARE(lines[11], QStringLiteral("1,3,4"));  // t = 1: a = 3t, b = 1 + 3
    QCOMPARE(lines[5], QStringLiteral("0.4,1.2,4"));
}

void TestPlotDock::wheelPansAndZoomsTime() {
    // Panning keeps the width; one notch away from the user shows earlier times.
    TimeSpan span = wheel_time_span({1, 3}, 1, 2, false);
    QCOMPARE(span.t1 - span.t0, 2.0);
    QCOMPARE(span.t0, 0.8);
    span = wheel_time_span({1, 3}, -2, 2, false);
    QCOMPARE(span.t0, 1.4);
    // Zooming keeps the time under the mouse where it is on screen.
    const double at = 1.5;
    span = wheel_time_span({1, 3}, 1, at, true);
    QVERIFY(span.t1 - span.t0 < 2);
    QVERIFY(std::abs((at - span.t0) / (span.t1 - span.t0) - 0.25) < 1e-12);
    const TimeSpan back = wheel_time_span(span, -1, at, true);
    QVERIFY(std::abs(back.t0 - 1) < 1e-12 && std::abs(back.t1 - 3) < 1e-12);
}

namespace {
// The mantissa of a tick interval: 1, 2 or 5 (x 10^k) for round ticks.
bool round_interval(double interval) {
    const double mantissa = interval / std::pow(10.0, std::floor(std::log10(interval)));
    for (double round : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (std::abs(mantissa - round) < 1e-6) return true;
    return false;
}
}  // namespace

void TestPlotDock::axisRangesHaveRoundTicks() {
    struct Case {
        double low, high;
    };
    for (Case c : {Case{0.1, 0.9}, Case{-3.4, 3.4}, Case{2.1e-7, 2.6e-7}, Case{1012.5, 1013.1}, Case{-0.03, 0.0},
                   Case{5, 5}, Case{-1e-9, 7e4}}) {
        const AxisRange range = round_axis_range(c.low, c.high, 3);
        const double interval = (range.max - range.min) / 2;
        const QString what =
            QStringLiteral("[%1, %2] -> [%3, %4]").arg(c.low).arg(c.high).arg(range.min).arg(range.max);
        QVERIFY2(range.min <= c.low && range.max >= c.high && interval > 0, qPrintable(what));
        QVERIFY2(round_interval(interval), qPrintable(what));
        QVERIFY2(std::abs(range.min / interval - std::round(range.min / interval)) < 1e-6, qPrintable(what));
        // Not needlessly wide: the next smaller round interval would not hold the values.
        if (c.high > c.low)
            QVERIFY2(range.max - range.min <= 2 * 2.5 * (c.high - c.low) + 4 * interval, qPrintable(what));
        // Labels as the plots format them ("%.4g") stay short: 2.5e-07, not 0.00000025.
        for (double tick : {range.min, range.min + interval, range.max})
            QVERIFY2(QString::asprintf("%.4g", tick).size() <= 9, qPrintable(QString::asprintf("%.4g", tick)));
    }
}

// The standing model's run reviewed afterwards: scrubbing keeps the contact
// arrows, searching "contact" lists the pairs' force channels, the plot has
// round ticks, the time is read out, and a zoom shows a time span.
void TestPlotDock::reviewingARunWithContacts() {
    const QString path = QStringLiteral(HFD_SAMPLES_DIR "/human_standing.hfd");
    BuildResult built = load_model(path.toStdString());
    QVERIFY(built.ok());
    PlotDock dock;
    dock.setModel(*built.model);
    SimulationSetup setup;
    setup.model = std::make_shared<const Model>(*built.model);
    std::vector<Diagnostic> diagnostics;
    setup.config = read_sim_config(parse_file(path.toStdString()).root, path.toStdString(), diagnostics);
    setup.end_time = 0.3;
    SimulationController controller;
    connect(&controller, &SimulationController::layoutReceived, &dock, &PlotDock::setLayout);
    connect(&controller, &SimulationController::frameReceived, &dock, &PlotDock::addFrame);
    QVERIFY(!has_errors(controller.load(std::move(setup))));
    QTRY_COMPARE_WITH_TIMEOUT(dock.rowCount(), size_t(1), 5000);
    dock.refresh();
    // One sample spans no time: the axis still reads in sensible steps, not 2.5e-07 s.
    QVERIFY2(dock.plotData(0).x_max - dock.plotData(0).x_min >= 0.1,
             qPrintable(QString::number(dock.plotData(0).x_max)));
    controller.setRealTimeFactor(0);
    controller.play();
    QTRY_VERIFY_WITH_TIMEOUT(controller.latestFrame() && controller.latestFrame()->finished, 20000);
    QCOMPARE(dock.rowCount(), size_t(31));
    QCOMPARE(dock.findChild<QSlider*>()->value(), 30);  // the timeline stands at the end of the run
    const auto& channels = controller.layout()->channels;

    // Scrubbing: the arrows are the recorded pairs' forces at their points.
    const PoseSnapshot pose = dock.poseAt(30);
    QVERIFY(!pose.contacts.empty());
    double vertical = 0;
    for (const auto& arrow : pose.contacts) vertical += arrow.force.y();
    QVERIFY2(vertical > 0, qPrintable(QString::number(vertical)));  // the floor pushes the feet up
    // Standing nearly still: the floor carries about the weight (m g within 50 %).
    double mass = 0;
    for (const Body& body : built.model->bodies) mass += body.mass;
    QVERIFY2(std::abs(vertical - mass * 9.81) < 0.5 * mass * 9.81, qPrintable(QString::number(vertical)));

    dock.setSearch(QStringLiteral("contact"));
    QStringList found;  // the channels the search leaves listed
    const QListWidget* list = dock.findChild<QListWidget*>();
    QVERIFY(list);
    for (int i = 0; i < list->count(); ++i)
        if (!list->item(i)->isHidden()) found << list->item(i)->text();
    QVERIFY2(found.filter(QStringLiteral(".force_y")).size() >= 1, qPrintable(found.join(',')));
    QVERIFY(found.filter(QStringLiteral("activation")).isEmpty());

    dock.scrubTo(25);
    QCOMPARE(dock.timeText(), QStringLiteral("t = 0.250 s"));

    Index ankle = no_index;
    for (size_t c = 0; c < channels.size(); ++c)
        if (channels[c].group == ChannelGroup::Dofs && channels[c].quantity.empty() && ankle == no_index)
            ankle = Index(c);
    QVERIFY(ankle != no_index);
    dock.setChannelPlotted(size_t(ankle), 0, true);
    dock.refresh();
    const QValueAxis* y = value_axis(dock, 0);
    QVERIFY(y);
    QVERIFY(y->tickCount() >= 2);
    const double interval = (y->max() - y->min()) / (y->tickCount() - 1);
    QVERIFY2(round_interval(interval),
             qPrintable(QStringLiteral("%1 .. %2 in %3 ticks").arg(y->min()).arg(y->max()).arg(y->tickCount())));
    QVERIFY(std::abs(y->min() / interval - std::round(y->min() / interval)) < 1e-6);  // ticks on multiples

    dock.zoomTime(0.1, 0.2);
    dock.refresh();
    QVERIFY(!dock.findChild<QCheckBox*>(QStringLiteral("autoscale"))->isChecked());
    QCOMPARE(dock.plotData(0).x_min, 0.1);
    QCOMPARE(dock.plotData(2).x_max, 0.2);
    // The wheel over a plot pans every plot's time span.
    auto* view = dock.findChildren<TimePlotView*>().value(1);
    QVERIFY(view);
    QWheelEvent wheel(QPointF(10, 10), view->mapToGlobal(QPointF(10, 10)), QPoint(), QPoint(0, 120), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(view->viewport(), &wheel);
    QVERIFY2(std::abs(dock.plotData(0).x_min - 0.09) < 1e-9, qPrintable(QString::number(dock.plotData(0).x_min)));
    QVERIFY(std::abs(dock.plotData(2).x_max - 0.19) < 1e-9);
}

void TestPlotDock::decimationBoundsThePointsAndKeepsTheEnds() {
    const std::vector<size_t> all = decimated_rows(10, 2000);
    QCOMPARE(all.size(), size_t(10));
    for (size_t i = 0; i < all.size(); ++i) QCOMPARE(all[i], i);
    for (size_t rows : {2001u, 2002u, 10001u, 123457u}) {
        const std::vector<size_t> picked = decimated_rows(rows, 2000);
        QVERIFY2(picked.size() <= 2000, qPrintable(QString::number(picked.size())));
        QVERIFY(picked.size() >= 1000);
        QCOMPARE(picked.front(), size_t(0));
        QCOMPARE(picked.back(), rows - 1);
        QVERIFY(std::is_sorted(picked.begin(), picked.end()));
    }
    QVERIFY(decimated_rows(0, 2000).empty());
}

// A pendulum run recorded through the controller: every row reaches the plot,
// and the pose rebuilt from the last row is the simulation's final state.
void TestPlotDock::recordingDrivesPlotsAndPoses() {
    const std::string text =
        std::string(studio_test::pendulum_text()) +
        "composite_force { joint_force_pnld {} }\nsymplectic_euler_integrator { step_size = 0.001 }\n";
    // start the link swinging: displaced sideways from below the hinge
    const std::string swinging = QString::fromStdString(text)
                                     .replace("pos { x = 0 y = 1 z = 0 }", "pos { x = 0.3 y = 1.1 z = 0 }")
                                     .toStdString();
    const ParseResult parsed = parse_text(swinging, "pendulum.hfd");
    QVERIFY(parsed.ok());
    BuildResult built = build_model(parsed.root, "pendulum.hfd");
    QVERIFY(built.ok());
    PlotDock dock;
    dock.setModel(*built.model);
    SimulationSetup setup;
    setup.model = std::make_shared<const Model>(*built.model);
    std::vector<Diagnostic> diagnostics;
    setup.config = read_sim_config(parsed.root, "pendulum.hfd", diagnostics);
    setup.end_time = 0.5;
    SimulationController controller;
    connect(&controller, &SimulationController::layoutReceived, &dock, &PlotDock::setLayout);
    connect(&controller, &SimulationController::frameReceived, &dock, &PlotDock::addFrame);
    // The pose the live view shows at the start: the frame of the load.
    std::optional<PoseSnapshot> initial;
    connect(&controller, &SimulationController::frameReceived, this, [&](const SimulationFrame& frame) {
        if (!initial) initial = frame.pose;
    });
    QVERIFY(!has_errors(controller.load(std::move(setup))));
    QTRY_VERIFY_WITH_TIMEOUT(initial.has_value(), 5000);
    QCOMPARE(initial->time, 0.0);
    controller.setRealTimeFactor(0);
    controller.play();
    QTRY_VERIFY_WITH_TIMEOUT(controller.latestFrame() && controller.latestFrame()->finished, 20000);
    QCOMPARE(dock.rowCount(), size_t(51));

    const Index pos_y = [&] {
        const auto& channels = controller.layout()->channels;
        for (size_t c = 0; c < channels.size(); ++c)
            if (channels[c].name == "link.pos_y") return Index(c);
        return no_index;
    }();
    QVERIFY(pos_y != no_index);
    dock.setChannelPlotted(size_t(pos_y), 1, true);
    dock.refresh();
    QCOMPARE(series_count(dock, 0, false), 0);
    QCOMPARE(series_count(dock, 1, false), 1);
    const QString pos_y_label = QString::fromStdString(channel_label(controller.layout()->channels[size_t(pos_y)]));
    QCOMPARE(studio_test::drawn_point_count(dock, 1, pos_y_label), 51);
    dock.setChannelPlotted(size_t(pos_y), 1, false);
    QCOMPARE(series_count(dock, 1, false), 0);

    // The pose the live view showed at the end of the run.
    const PoseSnapshot& final_pose = controller.latestFrame()->pose;
    QCOMPARE(final_pose.time, 0.5);
    const PoseSnapshot last = dock.poseAt(50);
    QVERIFY(last.body_pos.at(1).isApprox(final_pose.body_pos.at(1), 1e-14));
    QVERIFY(last.body_ori.at(1).coeffs().isApprox(final_pose.body_ori.at(1).coeffs(), 1e-14));
    QVERIFY((final_pose.body_pos.at(1) - initial->body_pos.at(1)).norm() > 1e-3);  // it did swing

    QSignalSpy poses(&dock, &PlotDock::poseRequested);
    dock.scrubTo(0);
    QCOMPARE(poses.count(), 1);
    const PoseSnapshot first = poses.at(0).at(0).value<PoseSnapshot>();
    QVERIFY(first.body_pos.at(1).isApprox(initial->body_pos.at(1), 1e-14));
    dock.refresh();
    QCOMPARE(studio_test::drawn_cursor_time(dock), 0.0);  // the cursor line stands at the scrubbed row
}

STUDIO_TEST_MAIN(TestPlotDock)
#include "test_plot_dock.moc"
