// Plots follow the recording; the timeline reproduces recorded poses.
#include "plot_dock.h"
#include "plot_test_support.h"
#include "plot_ticks.h"
#include "time_plot_view.h"

#include "format/parser.h"
#include "model/build_model.h"
#include "studio_test_support.h"

#include <QApplication>
#include <QClipboard>
#include <QRegularExpression>
#include <QGraphicsTextItem>
#include <QSet>
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
#include <QSettings>
#include <tuple>
#include <QTest>
#include <QXmlStreamReader>
#include "test_time_scale.h"

using namespace hfd;
using namespace hfd::studio;

class TestPlotDock : public QObject {
    Q_OBJECT
private slots:
    void decimationBoundsThePointsAndKeepsTheEnds();
    void recordingDrivesPlotsAndPoses();
    void reviewingARunWithContacts();
    void axisRangesHaveRoundTicks();
    void aValueRangeFarWiderThanTheLastRedrawsAtOnce();
    void wheelPansAndZoomsTime();
    void keptRunOverlaysTheNextRun();
    void exportsPngSvgAndCsv();
    void unitsGetTheirOwnAxes();
    void timeTicksAreRoundWhileRunning();
    void stackedPlotsShareTheTimeAxis();
    void figureExportsLookLikeTheScreen();
    void constantChannelsGetARangeWithReadableLabels();
    void exportedLegendLeavesThePlotItsRoom();
    void figureSettingsAreRemembered();
    void emptyPlotsAreNotOffered();
    void aNewModelOpensWithItsJointAnglesPlotted();
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

// A gait-like recording: time, a knee angle [rad] (0 .. -1.2), a vertical ground force [N]
// (0 .. 800, never negative) and a length [m], at t = 0, 0.01, ... (rows-1)/100.
RecordingLayout gait_layout(const std::string& long_name = "leg_r.grf_y") {
    RecordingLayout layout;
    layout.channels = {{"time", "s", ChannelGroup::Time, "", ""},
                       {"knee_angle_r", "rad", ChannelGroup::Dofs, "knee_angle_r", ""},
                       {long_name, "N", ChannelGroup::Contacts, "leg_r", "grf_y"},
                       {"pelvis_ty", "m", ChannelGroup::Dofs, "pelvis_ty", ""}};
    return layout;
}

SimulationFrame gait_frame(int rows, bool running = false) {
    SimulationFrame frame;
    frame.first_row = 0;
    frame.row_count = size_t(rows);
    frame.running = running;
    for (int r = 0; r < rows; ++r) {
        const double t = r / 100.0;
        frame.rows.insert(frame.rows.end(),
                          {t, -0.6 * (1 - std::cos(2 * M_PI * t)), 400 * (1 + std::cos(2 * M_PI * t)), 0.9});
    }
    frame.time = (rows - 1) / 100.0;
    return frame;
}

// The vertical axis a plot draws series `name` against.
const QValueAxis* axis_of_series(const PlotDock& dock, int plot, const QString& name) {
    for (QLineSeries* line : studio_test::drawn_lines(dock, plot))
        if (line->name() == name)
            for (QAbstractAxis* axis : line->attachedAxes())
                if (axis->orientation() == Qt::Vertical) return qobject_cast<const QValueAxis*>(axis);
    return nullptr;
}

// The stroke colours and the text of an SVG document; an error when it is no SVG.
struct SvgContent {
    QSet<QString> strokes;
    QStringList texts;
};
SvgContent svg_content(const QString& text, QString* error) {
    QXmlStreamReader xml(text);
    SvgContent content;
    bool root_svg = false;
    while (!xml.atEnd()) {
        const QXmlStreamReader::TokenType token = xml.readNext();
        if (token == QXmlStreamReader::Characters && !xml.isWhitespace())
            content.texts << xml.text().trimmed().toString();
        if (token != QXmlStreamReader::StartElement) continue;
        if (!root_svg && xml.name() != QLatin1String("svg")) break;
        root_svg = true;
        const QString stroke = xml.attributes().value("stroke").toString().toLower();
        if (!stroke.isEmpty()) content.strokes.insert(stroke);
    }
    if (xml.hasError() || !root_svg) *error = xml.hasError() ? xml.errorString() : QStringLiteral("no <svg> root");
    return content;
}

// Where the label `text` of a plot's time axis is centred, in dock coordinates; NaN when not drawn.
double time_label_dock_x(const PlotDock& dock, int plot, const QString& text) {
    const TimePlotView* view = dock.findChildren<TimePlotView*>().value(plot);
    if (!view) return std::nan("");
    for (QGraphicsItem* item : view->scene()->items()) {
        const auto* label = dynamic_cast<const QGraphicsTextItem*>(item);
        if (!label || !label->isVisible() || label->toPlainText() != text) continue;
        const QPoint in_view = view->mapFromScene(label->sceneBoundingRect().center());
        return view->mapTo(&dock, in_view).x();
    }
    return std::nan("");
}

// The labels an axis shows: its round ticks as the plots format them.
QStringList tick_labels(const QValueAxis* axis) {
    QStringList labels;
    const FittedAxis ticks{axis->min(), axis->max(), axis->tickInterval()};
    for (double tick : tick_values(ticks)) labels << QString::fromStdString(tick_label(tick, ticks.interval));
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

// The dock shown at 1000 x 500 with a gait recording of 101 rows, the knee angle and
// the ground force in the first plot.
void show_knee_angle_beside_ground_force(PlotDock& dock) {
    dock.resize(1000, 500);
    dock.show();
    dock.setLayout(gait_layout());
    dock.addFrame(gait_frame(101));
    dock.setChannelPlotted(1, 0, true);
    dock.setChannelPlotted(2, 0, true);
    dock.refresh();
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
    QVERIFY2(data.series[2].label.contains(dock.keptRunName()) && dock.keptRunName() == "run 1",
             qPrintable(data.series[2].label));
    // Drawn apart from the current run: grey (r = g = b) and dashed, the current run in colour.
    for (const QLineSeries* line : studio_test::drawn_lines(dock, 0)) {
        const QColor color = line->pen().color();
        const bool kept = line->name().contains("kept");
        QCOMPARE(line->pen().style(), kept ? Qt::DashLine : Qt::SolidLine);
        QVERIFY2((color.red() == color.green() && color.green() == color.blue()) == kept,
                 qPrintable(line->name() + " " + color.name()));
    }
    const QValueAxis* b_axis = axis_of_series(dock, 0, "b");  // b is dimensionless: its own axis beside a's [m]
    QVERIFY(b_axis && b_axis != axis_of_series(dock, 0, "a [m]"));
    QVERIFY(b_axis->max() >= 2.0);  // the axis holds the kept run's values too (b = 2 > 1.5)
    dock.setChannelPlotted(1, 0, false);
    QCOMPARE(series_count(dock, 0, true), 1);
    forget->click();
    QVERIFY(!forget->isEnabled());
    QCOMPARE(series_count(dock, 0, true), 0);
    dock.refresh();
    QCOMPARE(studio_test::drawn_lines(dock, 0).size(), 1);  // the new run's a alone is drawn
    dock.keepRun(QStringLiteral("baseline"));               // a run kept under a name of the user's
    dock.refresh();
    QVERIFY(dock.plotData(0).series.back().label.contains("baseline"));
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
    const SvgContent content = svg_content(QString::fromUtf8(studio_test::read_file(svg)), &svg_error);
    QVERIFY2(svg_error.isEmpty(), qPrintable(svg_error));
    for (const QString& label : {"a [m]", "b"}) QVERIFY2(content.texts.contains(label), qPrintable(label));

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
    // Never before 0, where the recording starts: a pan stops there with its width, a zoom out keeps 0.
    span = wheel_time_span({0.05, 1.05}, 1, 0.5, false);
    QCOMPARE(span.t0, 0.0);
    QCOMPARE(span.t1, 1.0);
    span = wheel_time_span({0, 1}, 3, 0.5, false);
    QCOMPARE(span.t0, 0.0);
    QCOMPARE(span.t1, 1.0);
    span = wheel_time_span({0.1, 1}, -2, 0.5, true);
    QCOMPARE(span.t0, 0.0);
    QVERIFY(span.t1 > 1);
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
        const FittedAxis range = fitted_axis(c.low, c.high, 2);
        const double interval = range.interval;
        const QString what =
            QStringLiteral("[%1, %2] -> [%3, %4]").arg(c.low).arg(c.high).arg(range.min).arg(range.max);
        // holds the values (within 1e-9 of an interval: -1e-9 below 0 .. 7e4 gets 0 .. 1e5)
        QVERIFY2(range.min <= c.low + 1e-9 * interval && range.max >= c.high - 1e-9 * interval && interval > 0,
                 qPrintable(what));
        QVERIFY2(round_interval(interval), qPrintable(what));
        QVERIFY2(std::abs(range.min / interval - std::round(range.min / interval)) < 1e-6, qPrintable(what));
        // Not needlessly wide: the next smaller round interval would not hold the values.
        if (c.high > c.low)
            QVERIFY2(range.max - range.min <= 2 * 2.5 * (c.high - c.low) + 4 * interval, qPrintable(what));
        // Labels as the plots format them (label_format) stay short: 2.5e-07, not 0.00000025.
        for (double tick : tick_values(range))
            QVERIFY2(axis_label(tick, range).size() <= 9, qPrintable(QString::fromStdString(axis_label(tick, range))));
    }
}

// A run whose values span 10^3 after one spanning 10^-9: the value axis follows at once,
// on round ticks. Setting the new range under the old tick interval first made Qt Charts
// build the tick items of 10^12 intervals (the studio hung on a scenario's activations).
void TestPlotDock::aValueRangeFarWiderThanTheLastRedrawsAtOnce() {
    PlotDock dock;
    dock.resize(900, 500);
    dock.show();  // the axes' tick items are made for a chart on screen
    QVERIFY(QTest::qWaitForWindowExposed(&dock));
    RecordingLayout layout;
    layout.channels = {Channel{"time", "s"}, Channel{"value", ""}};
    dock.setLayout(layout);
    dock.setChannelPlotted(1, 0, true);
    QChart* chart = studio_test::plot_chart(dock, 0);
    QVERIFY(chart);
    auto* axis = qobject_cast<QValueAxis*>(chart->axes(Qt::Vertical).value(0));
    QVERIFY(axis);
    for (double amplitude : {1e-9, 1e3, 1e-9}) {
        SimulationFrame frame;
        frame.rows = {0, 0.01, 0.1, 0.01 + amplitude, 0.2, 0.01};
        frame.row_count = 3;
        frame.time = 0.2;
        dock.addFrame(frame);
        dock.refresh();
        const QString what = QStringLiteral("%1: [%2, %3] by %4")
                                 .arg(amplitude)
                                 .arg(axis->min())
                                 .arg(axis->max())
                                 .arg(axis->tickInterval());
        QVERIFY2(axis->min() <= 0.01 && axis->max() >= 0.01 + amplitude, qPrintable(what));
        QVERIFY2(axis->max() - axis->min() < 10 * amplitude + 0.02, qPrintable(what));
        QVERIFY2((axis->max() - axis->min()) / axis->tickInterval() <= 10 + 1e-9, qPrintable(what));
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
    QTRY_COMPARE_WITH_TIMEOUT(dock.rowCount(), size_t(1), hfd::test::scaled_ms(5000));
    dock.refresh();
    // One sample spans no time: the axis still reads in sensible steps, not 2.5e-07 s.
    QVERIFY2(dock.plotData(0).x_max - dock.plotData(0).x_min >= 0.1,
             qPrintable(QString::number(dock.plotData(0).x_max)));
    controller.setRealTimeFactor(0);
    controller.play();
    QTRY_VERIFY_WITH_TIMEOUT(controller.latestFrame() && controller.latestFrame()->finished,
                             hfd::test::scaled_ms(20000));
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
    QCOMPARE(y->tickType(), QValueAxis::TicksDynamic);
    const double interval = y->tickInterval();
    QVERIFY2(round_interval(interval),
             qPrintable(QStringLiteral("%1 .. %2 by %3").arg(y->min()).arg(y->max()).arg(interval)));
    QVERIFY(std::abs(y->min() / interval - std::round(y->min() / interval)) < 1e-6);  // ticks on multiples

    QSignalSpy messages(&dock, &PlotDock::message);
    dock.zoomTime(0.1, 0.2);
    dock.refresh();
    QVERIFY(!dock.findChild<QCheckBox*>(QStringLiteral("autoscale"))->isChecked());
    QCOMPARE(messages.size(), 1);  // Autoscale turned off says so
    QVERIFY2(messages.front().at(0).toString().startsWith(QStringLiteral("Autoscale off")),
             qPrintable(messages.front().at(0).toString()));
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
    QCOMPARE(messages.size(), 1);  // once, when it was turned off
    // scrolled further back: it stops at 0 with its width
    QWheelEvent far(QPointF(10, 10), view->mapToGlobal(QPointF(10, 10)), QPoint(), QPoint(0, 120 * 20), Qt::NoButton,
                    Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(view->viewport(), &far);
    QCOMPARE(dock.plotData(0).x_min, 0.0);
    QVERIFY2(std::abs(dock.plotData(1).x_max - 0.1) < 1e-9, qPrintable(QString::number(dock.plotData(1).x_max)));
    // from Autoscale, a wheel turn turns it off and says so
    dock.findChild<QCheckBox*>(QStringLiteral("autoscale"))->setChecked(true);
    dock.refresh();
    QApplication::sendEvent(view->viewport(), &wheel);
    QVERIFY(!dock.findChild<QCheckBox*>(QStringLiteral("autoscale"))->isChecked());
    QCOMPARE(messages.size(), 2);
    QVERIFY(dock.plotData(0).x_min >= 0);
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
    QTRY_VERIFY_WITH_TIMEOUT(initial.has_value(), hfd::test::scaled_ms(5000));
    QCOMPARE(initial->time, 0.0);
    controller.setRealTimeFactor(0);
    controller.play();
    QTRY_VERIFY_WITH_TIMEOUT(controller.latestFrame() && controller.latestFrame()->finished,
                             hfd::test::scaled_ms(20000));
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

// A knee angle [rad] beside a ground force [N]: two axes, "angle [deg]" on the left in
// degrees and "force [N]" on the right, each fitting its own data (the force from 0);
// radians on request.
void TestPlotDock::unitsGetTheirOwnAxes() {
    PlotDock dock;
    show_knee_angle_beside_ground_force(dock);
    const QValueAxis* angle = axis_of_series(dock, 0, "knee_angle_r [deg]");
    const QValueAxis* force = axis_of_series(dock, 0, "leg_r.grf_y [N]");
    QVERIFY(angle && force && angle != force);
    QCOMPARE(angle->titleText(), QStringLiteral("angle [deg]"));
    QCOMPARE(force->titleText(), QStringLiteral("force [N]"));
    QCOMPARE(angle->alignment(), Qt::AlignLeft);
    QCOMPARE(force->alignment(), Qt::AlignRight);
    const double knee_min_deg = -1.2 * 180 / M_PI;  // -68.75 deg
    QVERIFY2(angle->min() <= knee_min_deg && angle->min() > 2 * knee_min_deg && angle->max() >= 0 &&
                 angle->max() < 0.2 * -knee_min_deg,
             qPrintable(QStringLiteral("%1 .. %2").arg(angle->min()).arg(angle->max())));
    QVERIFY2(force->min() == 0 && force->max() >= 800 && force->max() <= 1000,
             qPrintable(QStringLiteral("%1 .. %2").arg(force->min()).arg(force->max())));
    const QLineSeries* knee = studio_test::drawn_lines(dock, 0).value(0);
    QVERIFY(std::abs(knee->at(50).y() - knee_min_deg) < 1e-9);  // t = 0.5: drawn in degrees
    QCOMPARE(dock.plotData(0).series[0].points[50].y(), -1.2);  // the data stays in SI units

    auto* radians = dock.findChild<QCheckBox*>(QStringLiteral("anglesInRadians"));
    QVERIFY(radians);
    radians->setChecked(true);
    dock.refresh();
    angle = axis_of_series(dock, 0, "knee_angle_r [rad]");
    QVERIFY(angle);
    QCOMPARE(angle->titleText(), QStringLiteral("angle [rad]"));
    QVERIFY(angle->min() <= -1.2 && angle->min() > -2.4);
    // A third unit gets a third axis; removing it takes the axis away.
    dock.setChannelPlotted(3, 0, true);
    dock.refresh();
    QCOMPARE(studio_test::plot_chart(dock, 0)->axes(Qt::Vertical).size(), 3);
    dock.setChannelPlotted(3, 0, false);
    QCOMPARE(studio_test::plot_chart(dock, 0)->axes(Qt::Vertical).size(), 2);
}

// While a run records, the time axis spans the run and its ticks are multiples of a round interval.
void TestPlotDock::timeTicksAreRoundWhileRunning() {
    PlotDock dock;
    dock.resize(1000, 500);
    dock.show();
    dock.setLayout(gait_layout());
    dock.setChannelPlotted(1, 0, true);
    for (int rows : {38, 75, 112, 150}) {  // 0.37, 0.74, 1.11, 1.49 s
        dock.addFrame(gait_frame(rows, true));
        dock.refresh();
        const QValueAxis* time =
            qobject_cast<const QValueAxis*>(studio_test::plot_chart(dock, 0)->axes(Qt::Horizontal).value(0));
        QVERIFY(time);
        QCOMPARE(time->max(), (rows - 1) / 100.0);
        QCOMPARE(time->tickType(), QValueAxis::TicksDynamic);
        QCOMPARE(time->tickAnchor(), 0.0);
        QVERIFY2(round_interval(time->tickInterval()), qPrintable(QString::number(time->tickInterval())));
        QVERIFY2(time->max() / time->tickInterval() >= 2, qPrintable(QString::number(time->tickInterval())));
    }
}

// Plots with legends of different widths and different value axes still draw a time at
// the same x: the same time lines up from plot to plot, the cursor too.
void TestPlotDock::stackedPlotsShareTheTimeAxis() {
    PlotDock dock;
    dock.resize(1200, 700);
    dock.setLayout(gait_layout("a_very_long_contact_pair_name_between_calcn_r_and_the_ground.grf_y"));
    dock.addFrame(gait_frame(101));
    dock.setChannelPlotted(3, 0, true);  // short legend, one axis with short labels
    dock.setChannelPlotted(1, 1, true);  // long legend, two axes
    dock.setChannelPlotted(2, 1, true);
    dock.scrubTo(30);
    dock.refresh();  // before the plots have their sizes: they align again once they get them
    dock.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dock));
    auto aligned = [&dock](double t) {
        const double x0 = dock.timeToDockX(0, t), x1 = dock.timeToDockX(1, t);
        return std::isfinite(x0) && std::abs(x0 - x1) < 0.5;
    };
    for (double t : {0.0, 0.3, 0.75, 1.0})
        QVERIFY2(
            aligned(t),
            qPrintable(
                QStringLiteral("t = %1: x %2 and %3").arg(t).arg(dock.timeToDockX(0, t)).arg(dock.timeToDockX(1, t))));
    QVERIFY(dock.timeToDockX(0, 1.0) - dock.timeToDockX(0, 0.0) > 200);  // a plot area, not a line
    // A tick label of the time axis is drawn where the lines put its time, in both plots
    // (the series follow a plot area at once, the axes only when the chart is laid out).
    for (int plot = 0; plot < 2; ++plot) {
        const auto* time =
            qobject_cast<const QValueAxis*>(studio_test::plot_chart(dock, plot)->axes(Qt::Horizontal).value(0));
        const double t = time->tickInterval() * std::round(0.5 / time->tickInterval());
        const QString label = QString::fromStdString(tick_label(t, time->tickInterval()));
        const double label_x = time_label_dock_x(dock, plot, label);
        QVERIFY2(std::abs(label_x - dock.timeToDockX(plot, t)) < 1.5,
                 qPrintable(QStringLiteral("plot %1: label %2 at %3, t = %4 at %5")
                                .arg(plot + 1)
                                .arg(label)
                                .arg(label_x)
                                .arg(t)
                                .arg(dock.timeToDockX(plot, t))));
    }
    const QValueAxis* angle = axis_of_series(dock, 1, "knee_angle_r [deg]");
    QCOMPARE(angle->titleText(), QStringLiteral("angle [deg]"));
    // A resize, without a redraw: still aligned; plots too short for "angle [deg]" show "[deg]", not "angle...".
    dock.resize(900, 180);
    QVERIFY(aligned(0.5));
    QCOMPARE(angle->titleText(), QStringLiteral("[deg]"));
}

// The SVG has the screen's colours and tick labels (it is painted by the same code); the
// PNG has the chosen size and DPI; the PDF is one; Copy puts the screen image on the clipboard.
void TestPlotDock::figureExportsLookLikeTheScreen() {
    QTemporaryDir dir;
    PlotDock dock;
    show_knee_angle_beside_ground_force(dock);
    QString error;
    const QString svg = dir.filePath("plot.svg");
    QVERIFY2(dock.exportPlot(0, svg, &error), qPrintable(error));
    const SvgContent content = svg_content(QString::fromUtf8(studio_test::read_file(svg)), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const QList<QLineSeries*> lines = studio_test::drawn_lines(dock, 0);
    QCOMPARE(lines.size(), 2);
    for (const QLineSeries* line : lines) {
        const QString color = line->pen().color().name();
        QVERIFY2(content.strokes.contains(color),
                 qPrintable(color + " not in " + QStringList(content.strokes.values()).join(',')));
        QVERIFY2(content.texts.contains(line->name()), qPrintable(line->name()));
    }
    QChart* chart = studio_test::plot_chart(dock, 0);
    QList<const QValueAxis*> axes;
    for (QAbstractAxis* axis : chart->axes()) axes << qobject_cast<const QValueAxis*>(axis);
    QCOMPARE(axes.size(), 3);  // time, angle, force
    for (const QValueAxis* axis : axes) {
        QVERIFY(content.texts.contains(axis->titleText()));
        for (const QString& label : tick_labels(axis))
            QVERIFY2(content.texts.contains(label),
                     qPrintable(axis->titleText() + ": " + label + " not in " + content.texts.join('|')));
    }

    const QString png = dir.filePath("plot.png");
    QVERIFY2(dock.exportPlot(0, png, &error, FigureOptions{QSize(1500, 900), 300, true}), qPrintable(error));
    const QImage image(png);
    QCOMPARE(image.size(), QSize(1500, 900));
    QVERIFY2(std::abs(image.dotsPerMeterX() * 0.0254 - 300) < 0.5, qPrintable(QString::number(image.dotsPerMeterX())));
    int series_pixels = 0;  // the first series' colour is drawn
    const QColor first = lines[0]->pen().color();
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2) series_pixels += image.pixelColor(x, y).rgb() == first.rgb();
    QVERIFY2(series_pixels > 100, qPrintable(QString::number(series_pixels)));
    QCOMPARE(lines[0]->pen().widthF(), screen_plot_style().line_width);  // the print style was for the figure only

    const QString pdf = dir.filePath("plot.pdf");
    QVERIFY2(dock.exportPlot(0, pdf, &error, FigureOptions{QSize(600, 300), 100, false}), qPrintable(error));
    QVERIFY(studio_test::read_file(pdf).startsWith("%PDF"));
    static const QRegularExpression page(QStringLiteral("/MediaBox \\[0 0 432(\\.0+)? 216(\\.0+)?\\]"));
    QVERIFY(page.match(QString::fromLatin1(studio_test::read_file(pdf))).hasMatch());  // 6 x 3 in at 72 pt/in

    QVERIFY(!dock.exportPlot(0, dir.filePath("huge.png"), &error, FigureOptions{QSize(0, 10), 96, false}));
    QVERIFY2(error.contains("1 to"), qPrintable(error));

    QGuiApplication::clipboard()->clear();
    QAction* copy = dock.findChild<QAction*>(QStringLiteral("copyPlot1"));
    QVERIFY(copy);
    copy->trigger();
    const QImage copied = QGuiApplication::clipboard()->image();
    QCOMPARE(copied.size(), dock.screenFigureOptions(0).size);
}

namespace {
// The knee angle (rad, moving) and a constant activation, as issue 49 exported them.
RecordingLayout knee_and_activation_layout() {
    RecordingLayout layout;
    layout.channels = {{"time", "s", ChannelGroup::Time, "", ""},
                       {"knee_angle_r", "rad", ChannelGroup::Dofs, "knee_angle_r", ""},
                       {"hamstrings_r.activation", "", ChannelGroup::Muscles, "hamstrings_r", "activation"},
                       {"vasti_r.excitation", "", ChannelGroup::Muscles, "vasti_r", "excitation"}};
    return layout;
}

SimulationFrame knee_and_activation_frame(int rows, double activation) {
    SimulationFrame frame;
    frame.first_row = 0;
    frame.row_count = size_t(rows);
    for (int r = 0; r < rows; ++r) {
        const double t = r / 100.0;
        frame.rows.insert(frame.rows.end(), {t, -0.6 * (1 - std::cos(2 * M_PI * t)), activation, 0.0});
    }
    frame.time = (rows - 1) / 100.0;
    return frame;
}

bool elided(const QString& text) { return text.endsWith(QStringLiteral("...")) || text.endsWith(QChar(0x2026)); }

// The number of pixels of `color` (within a few levels) in `rect` of the image.
int pixels_of(const QImage& image, const QColor& color, const QRect& rect) {
    int count = 0;
    const QRect inside = rect.intersected(image.rect());
    for (int y = inside.top(); y <= inside.bottom(); ++y)
        for (int x = inside.left(); x <= inside.right(); ++x) {
            const QColor c = image.pixelColor(x, y);
            count += std::abs(c.red() - color.red()) + std::abs(c.green() - color.green()) +
                         std::abs(c.blue() - color.blue()) <
                     40;
        }
    return count;
}
}  // namespace

// A constant channel (an activation held at 0.05, an excitation at 0) gets an axis with
// room around its value and short labels, not 0.0475..0.0525 or a 1e-9 sliver read
// "0.000000...".
void TestPlotDock::constantChannelsGetARangeWithReadableLabels() {
    PlotDock dock;
    dock.resize(1000, 500);
    dock.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dock));
    dock.setLayout(knee_and_activation_layout());
    dock.addFrame(knee_and_activation_frame(101, 0.05));
    dock.setChannelPlotted(2, 0, true);
    dock.setChannelPlotted(3, 1, true);
    dock.refresh();
    for (auto [plot, name, value] : {std::tuple{0, "hamstrings_r.activation", 0.05}, std::tuple{1, "vasti_r.excitation", 0.0}}) {
        const QValueAxis* axis = axis_of_series(dock, plot, QString::fromLatin1(name));
        QVERIFY(axis);
        const QString what = QStringLiteral("%1: [%2, %3] by %4, labels %5")
                                 .arg(name)
                                 .arg(axis->min())
                                 .arg(axis->max())
                                 .arg(axis->tickInterval())
                                 .arg(tick_labels(axis).join(' '));
        QVERIFY2(axis->min() < value && axis->max() > value, qPrintable(what));
        QVERIFY2(axis->max() - axis->min() >= std::max(value, 1.0) * 0.05, qPrintable(what));  // not a sliver
        QVERIFY2(round_interval(axis->tickInterval()), qPrintable(what));
        QVERIFY2(tick_labels(axis).size() >= 3, qPrintable(what));
        for (const QString& label : tick_labels(axis)) QVERIFY2(label.size() <= 5, qPrintable(what));
        QCOMPARE(axis->labelFormat(), QStringLiteral("%.%1f").arg(tick_decimals(axis->tickInterval())));
        if (value > 0) QVERIFY2(axis->min() >= 0, qPrintable(what));  // a never-negative activation from 0
    }
}

// The figure of issue 49 (1500 x 900 px at 300 dpi, print style): the legend sits under
// the plot or at its right without taking its room, every name whole; the value axes
// have round ticks for the figure's height and their labels are drawn whole.
void TestPlotDock::exportedLegendLeavesThePlotItsRoom() {
    PlotDock dock;
    dock.resize(1000, 500);
    dock.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dock));
    dock.setLayout(knee_and_activation_layout());
    dock.addFrame(knee_and_activation_frame(101, 0.05));
    dock.setChannelPlotted(1, 0, true);
    dock.setChannelPlotted(2, 0, true);
    dock.refresh();
    const FigureOptions figure{QSize(1500, 900), 300, true};
    const FigureLayout layout = dock.figureLayout(0, figure);
    const QString what = QStringLiteral("figure %1 x %2, plot area %3 wide at %4, legend %5 x %6 at %7, %8")
                             .arg(layout.size.width())
                             .arg(layout.size.height())
                             .arg(layout.plot_area.width())
                             .arg(layout.plot_area.left())
                             .arg(layout.legend.rect.width())
                             .arg(layout.legend.rect.height())
                             .arg(layout.legend.rect.left())
                             .arg(layout.texts.join('|'));
    QCOMPARE(layout.size, QSizeF(480, 288));  // 5 x 3 in at 96 logical dpi
    QVERIFY2(layout.plot_area.width() >= 0.6 * layout.size.width(), qPrintable(what));
    QVERIFY2(layout.plot_area.height() >= 0.45 * layout.size.height(), qPrintable(what));
    QVERIFY2(!layout.legend.rect.intersects(layout.plot_area), qPrintable(what));
    QVERIFY2(QRectF(QPointF(0, 0), layout.size).contains(layout.legend.rect), qPrintable(what));
    const QStringList names{"knee_angle_r [deg]", "hamstrings_r.activation"};
    QCOMPARE(layout.legend.names, names);
    for (const QString& name : names) QVERIFY2(layout.texts.contains(name), qPrintable(what));
    for (const QString& text : layout.texts) QVERIFY2(!elided(text), qPrintable(text + " in " + what));
    int value_axes = 0;
    for (const FigureLayout::Axis& axis : layout.axes) {
        const FittedAxis fitted{axis.min, axis.max, axis.interval};
        QVERIFY2(round_interval(axis.interval), qPrintable(what));
        if (axis.orientation != Qt::Vertical) continue;
        ++value_axes;
        QVERIFY2(std::abs(axis.min / axis.interval - std::round(axis.min / axis.interval)) < 1e-6, qPrintable(what));
        QVERIFY2(std::abs(axis.max / axis.interval - std::round(axis.max / axis.interval)) < 1e-6, qPrintable(what));
        QVERIFY2(tick_values(fitted).size() >= 4, qPrintable(what));  // room for more than three ticks
        for (double tick : tick_values(fitted)) {
            const QString label = QString::fromStdString(axis_label(tick, fitted));
            QVERIFY2(layout.texts.contains(label), qPrintable(label + " not drawn whole: " + what));
        }
    }
    QCOMPARE(value_axes, 2);  // angle, activation

    // The PNG draws each curve's sample in the legend's place, and the curves in the plot area.
    QTemporaryDir dir;
    QString error;
    const QString png = dir.filePath("knee.png");
    QVERIFY2(dock.exportPlot(0, png, &error, figure), qPrintable(error));
    const QImage image(png);
    QCOMPARE(image.size(), QSize(1500, 900));
    const double scale = 1500 / layout.size.width();
    auto in_image = [scale](const QRectF& rect) {
        return QRectF(rect.topLeft() * scale, rect.size() * scale).toAlignedRect();
    };
    const QList<QLineSeries*> lines = studio_test::drawn_lines(dock, 0);
    QCOMPARE(lines.size(), 2);
    for (const QLineSeries* line : lines) {
        const QColor color = line->pen().color();
        QVERIFY2(pixels_of(image, color, in_image(layout.legend.rect)) > 20, qPrintable(line->name()));
        QVERIFY2(pixels_of(image, color, in_image(layout.plot_area)) > 200, qPrintable(line->name()));
    }
    // The screen keeps its own layout afterwards.
    QCOMPARE(lines[0]->pen().widthF(), screen_plot_style().line_width);
    QVERIFY(studio_test::plot_chart(dock, 0)->size().width() > 600);
}

// Export offers only plots with curves: an empty plot's entries are disabled and, if
// triggered anyway, ask nothing and copy nothing (#49 item 6).
void TestPlotDock::emptyPlotsAreNotOffered() {
    QTemporaryDir dir;
    PlotDock dock;
    show_knee_angle_beside_ground_force(dock);  // plot 1 only
    int asked = 0;
    dock.setExportPathPrompt([&](const QString&, const QString&) { return ++asked, dir.filePath("plot.csv"); });
    for (int p = 1; p <= plot_count; ++p) {
        QAction* save = dock.findChild<QAction*>(QStringLiteral("exportPlot%1").arg(p));
        QAction* copy = dock.findChild<QAction*>(QStringLiteral("copyPlot%1").arg(p));
        QVERIFY(save && copy);
        QCOMPARE(save->isEnabled(), p == 1);
        QCOMPARE(copy->isEnabled(), p == 1);
        QCOMPARE(dock.hasCurves(p - 1), p == 1);
    }
    dock.findChild<QAction*>(QStringLiteral("exportPlot2"))->trigger();  // disabled: nothing
    QCOMPARE(asked, 0);
    QGuiApplication::clipboard()->clear();
    dock.copyPlotImage(1);
    QVERIFY(QGuiApplication::clipboard()->image().isNull());
    // a channel in plot 2: offered; removed again: not
    dock.setChannelPlotted(1, 1, true);
    QVERIFY(dock.findChild<QAction*>(QStringLiteral("exportPlot2"))->isEnabled());
    dock.findChild<QAction*>(QStringLiteral("exportPlot2"))->trigger();
    QCOMPARE(asked, 1);
    QVERIFY(QFileInfo::exists(dir.filePath("plot.csv")));
    dock.setChannelPlotted(1, 1, false);
    QVERIFY(!dock.findChild<QAction*>(QStringLiteral("exportPlot2"))->isEnabled());
    QVERIFY(!dock.findChild<QAction*>(QStringLiteral("copyPlot2"))->isEnabled());
}

// Export asks the figure options with the last figure's (also in a new studio), else the view's.
void TestPlotDock::figureSettingsAreRemembered() {
    QTemporaryDir dir;
    QList<FigureOptions> suggested;
    const FigureOptions answer{QSize(1500, 900), 300, true};
    auto setUp = [&](PlotDock& dock) {
        show_knee_angle_beside_ground_force(dock);
        dock.setExportPathPrompt([&](const QString&, const QString&) { return dir.filePath("plot.png"); });
        dock.setFigureOptionsPrompt([&](const FigureOptions& options) -> std::optional<FigureOptions> {
            suggested << options;
            return answer;
        });
    };
    {
        QSettings settings(QSettings::NativeFormat, QSettings::UserScope, "hfd", "hfd-studio");
        settings.remove("plotFigure");
    }
    PlotDock dock;
    setUp(dock);
    QAction* export_plot = dock.findChild<QAction*>(QStringLiteral("exportPlot1"));
    QVERIFY(export_plot);
    export_plot->trigger();
    QCOMPARE(suggested.size(), 1);
    QCOMPARE(suggested[0].size, dock.screenFigureOptions(0).size);  // nothing remembered yet: the view's
    QVERIFY(!suggested[0].print_style);
    QCOMPARE(QImage(dir.filePath("plot.png")).size(), answer.size);
    export_plot->trigger();
    QCOMPARE(suggested.size(), 2);
    QCOMPARE(suggested[1].size, answer.size);
    QCOMPARE(suggested[1].dpi, answer.dpi);
    QVERIFY(suggested[1].print_style);
    PlotDock later;  // another session of the studio
    setUp(later);
    later.findChild<QAction*>(QStringLiteral("exportPlot1"))->trigger();
    QCOMPARE(suggested.size(), 3);
    QCOMPARE(suggested[2].size, answer.size);
    QCOMPARE(suggested[2].dpi, answer.dpi);
    QVERIFY(suggested[2].print_style);
}

STUDIO_TEST_MAIN(TestPlotDock)
#include "test_plot_dock.moc"

// A new set of channels starts with the model's joint angles (not the root's dofs) in
// the first plot, up to six; the same channels again keep what the user picked.
void TestPlotDock::aNewModelOpensWithItsJointAnglesPlotted() {
    const std::string path = std::string(HFD_SAMPLES_DIR) + "/human_planar.hfd";
    const ParseResult parsed = parse_file(path);
    QVERIFY(parsed.ok());
    BuildResult built = build_model(parsed.root, path);
    QVERIFY(built.ok());
    const Model& model = *built.model;
    PlotDock dock;
    dock.setModel(model);
    RecordingLayout layout;
    layout.channels = describe_channels(model, layout.pairs, all_channel_groups);
    dock.setLayout(layout);
    QStringList joint_angles;
    for (const Dof& dof : model.dofs)
        if (dof.kind == Dof::Kind::JointRotation && joint_angles.size() < 6)
            joint_angles << QString::fromStdString(dof.name);
    QVERIFY2(joint_angles.size() >= 3, "the sample has joint angles");
    QStringList plotted;
    for (const PlotSeriesData& series : dock.plotData(0).series) plotted << series.label.section(' ', 0, 0);
    QCOMPARE(plotted, joint_angles);
    for (const Dof& dof : model.dofs)
        if (dof.kind != Dof::Kind::JointRotation) QVERIFY(!plotted.contains(QString::fromStdString(dof.name)));
    // the channel list ticks what plot 1 shows
    int ticked = 0;
    for (QListWidget* list : dock.findChildren<QListWidget*>())
        for (int i = 0; i < list->count(); ++i) ticked += list->item(i)->checkState() == Qt::Checked;
    QCOMPARE(ticked, int(joint_angles.size()));

    dock.clearPlotted();
    dock.setLayout(layout);  // the same channels: the user's (empty) choice stays
    QVERIFY(dock.plotData(0).series.empty());
}
