// The studio's Gait Analysis dock on a synthetic walking run with known timing
// (tests/engine/gait_test_util.h: square vertical force pulses of 60 % of a 1.2 s
// stride, half a stride apart, the pelvis at 1.1 m/s): its table lists 8 cycles a
// side with stride time 1.2 s, cadence 100, stride 1.32 m, step 0.66 m, speed
// 1.1 m/s, stance and double support a little over 60 and 20 % (the default
// threshold is crossed inside the samples around each edge), and a mean ± SD row
// per side; its chart draws every cycle, the mean and a ± SD band per side; Export
// writes the engine's normalized CSV; a recording without ground forces, or too
// short for 2 heel strikes a side, shows the engine's message instead of results.
// In the main window the dock is a tab beside Plots and analyses the Plots dock's
// recording; another file clears the results.
#include "engine/gait_test_util.h"
#include "document.h"
#include "gait_analysis_dock.h"
#include "gait_cycle_table.h"
#include "main_window.h"
#include "plot_dock.h"
#include "simulation_ui.h"
#include "studio_test_support.h"
#include "theme.h"

#include <QApplication>
#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineSeries>
#include <QPushButton>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace hfd;
using namespace hfd::studio;
using hfd::test::SyntheticGait;

namespace {

// The synthetic run as a scenario records it: time, pelvis_tx, the knee angle and
// each leg's ground force; `rows` of them (SyntheticGait::rows: 8 cycles a side).
// Without `forces` the ground force columns are left out.
GaitRows synthetic_rows(int rows = SyntheticGait::rows, bool forces = true) {
    const SyntheticGait gait;
    GaitRows r;
    auto channel = [](const char* name, const char* unit) { return Channel{name, unit, ChannelGroup::Time, "", ""}; };
    r.channels = {channel("time", "s"), channel("pelvis_tx", "m"), channel("knee_angle_r", "rad")};
    if (forces)
        for (const char* name :
             {"leg0_r.grf_x", "leg0_r.grf_y", "leg0_r.grf_z", "leg1_l.grf_x", "leg1_l.grf_y", "leg1_l.grf_z"})
            r.channels.push_back(channel(name, "N"));
    for (int k = 0; k < rows; ++k) {
        r.values.insert(r.values.end(), {gait.time[k], gait.pelvis_tx[k], gait.knee[k]});
        if (forces)
            r.values.insert(r.values.end(),
                            {0.1 * gait.right[k], gait.right[k], 0.0, 0.1 * gait.left[k], gait.left[k], 0.0});
    }
    return r;
}

// Analyze clicked; true when the dock said the analysis succeeded.
bool click_analyze(GaitAnalysisDock& dock) {
    QSignalSpy analyzed(&dock, &GaitAnalysisDock::analyzed);
    dock.findChild<QPushButton*>(QStringLiteral("analyze"))->click();
    if (analyzed.isEmpty() && !analyzed.wait(5000)) return false;
    return analyzed.first().at(0).toBool();
}

double cell(const QAbstractItemModel& model, int row, int column, int role = GaitCycleTableModel::ValueRole) {
    return model.index(row, column).data(role).toDouble();
}

// The chart's series whose name starts with `prefix`.
int series_count(const GaitAnalysisDock& dock, const QString& prefix) {
    int n = 0;
    for (QAbstractSeries* s : dock.findChild<QChartView*>(QStringLiteral("gaitChart"))->chart()->series())
        n += s->name().startsWith(prefix);
    return n;
}

const QLineSeries* line_named(const GaitAnalysisDock& dock, const QString& name) {
    for (QAbstractSeries* s : dock.findChild<QChartView*>(QStringLiteral("gaitChart"))->chart()->series())
        if (s->name() == name) return qobject_cast<const QLineSeries*>(s);
    return nullptr;
}

QString message_text(const GaitAnalysisDock& dock) {
    return dock.findChild<QLabel*>(QStringLiteral("gaitMessage"))->text();
}

bool message_shown(const GaitAnalysisDock& dock) {
    const auto* pages = dock.findChild<QStackedWidget*>(QStringLiteral("gaitPages"));
    return pages && pages->currentWidget() == dock.findChild<QLabel*>(QStringLiteral("gaitMessage"));
}

MainWindowOptions test_options() {
    MainWindowOptions options;
    options.with_viewer = false;
    options.use_dialogs = false;
    options.restore_settings = false;
    return options;
}

}  // namespace

class TestGaitAnalysisDock : public QObject {
    Q_OBJECT

private slots:
    void tableListsTheCyclesWithMeanAndSd() {
        GaitAnalysisDock dock;
        dock.setRecordingSource([] { return synthetic_rows(); });
        QVERIFY(click_analyze(dock));
        QVERIFY(!message_shown(dock));
        const QAbstractItemModel* model = dock.findChild<QTableView*>(QStringLiteral("gaitCycles"))->model();
        QVERIFY(model);
        QCOMPARE(model->rowCount(), 8 + 1 + 8 + 1);  // right cycles, mean, left cycles, mean
        QCOMPARE(model->columnCount(), int(GaitCycleTableModel::Columns));
        using C = GaitCycleTableModel;
        // The default threshold, 2 % of the mean summed vertical force W, is crossed a
        // fraction f = threshold / weight into the 1 ms sample before a pulse and after
        // it: each stance (720 samples) gains 1 - 2 f samples, each of the two double
        // supports a stride (120 samples each) too.
        const GaitAnalysis& a = dock.analysis();
        QVERIFY(std::abs(a.threshold - 0.02 * a.body_weight) < 1e-9);
        const double f = a.threshold / SyntheticGait::weight;
        const double stance = 100 * (720 + 1 - 2 * f) / 1200, double_support = 100 * 2 * (120 + 1 - 2 * f) / 1200;
        for (int r = 0; r < model->rowCount(); ++r) {
            const bool summary = model->index(r, 0).data(C::SummaryRole).toBool();
            QCOMPARE(summary, r == 8 || r == 17);
            QCOMPARE(model->index(r, C::Side).data().toString(), QString(r < 9 ? "right" : "left"));
            if (!summary) QCOMPARE(int(cell(*model, r, C::Cycle)), r < 9 ? r + 1 : r - 8);
            QVERIFY(std::abs(cell(*model, r, C::StrideTime) - 1.2) < 1e-6);
            QVERIFY(std::abs(cell(*model, r, C::Cadence) - 100) < 1e-4);
            QVERIFY(std::abs(cell(*model, r, C::StrideLength) - 1.32) < 1e-6);
            QVERIFY(std::abs(cell(*model, r, C::StepLength) - 0.66) < 1e-6);
            QVERIFY(std::abs(cell(*model, r, C::Speed) - 1.1) < 1e-6);
            QVERIFY(std::abs(cell(*model, r, C::Stance) - stance) < 1e-6);
            QVERIFY(std::abs(cell(*model, r, C::DoubleSupport) - double_support) < 1e-6);
        }
        const C* table = dock.cycleTable();
        QCOMPARE(table->summaryRow(GaitSide::Right), 8);
        QCOMPARE(table->summaryRow(GaitSide::Left), 17);
        QVERIFY(cell(*model, 8, C::StrideTime, C::SdRole) < 1e-6);  // identical cycles
        QCOMPARE(model->index(8, C::Cycle).data().toString(), QStringLiteral("mean ± SD"));
        QCOMPARE(model->index(8, C::StrideTime).data().toString(), QStringLiteral("1.200 ± 0.000"));
        QCOMPARE(model->index(3, C::Cadence).data().toString(), QStringLiteral("100.0"));
        QCOMPARE(model->headerData(C::Stance, Qt::Horizontal).toString(), QStringLiteral("stance [%]"));
        QVERIFY(dock.findChild<QPushButton*>(QStringLiteral("export"))->isEnabled());
        QVERIFY(dock.findChild<QLabel*>(QStringLiteral("gaitStatus"))->text().contains("8 right and 8 left cycles"));
    }

    void chartDrawsEachCycleTheMeanAndTheBand() {
        GaitAnalysisDock dock;
        QVERIFY(dock.analyzeRows(synthetic_rows()));
        const QStringList keys = dock.channelKeys();
        QCOMPARE(keys, QStringList({"grf_y", "grf_x", "knee_angle_r"}));
        QCOMPARE(dock.channel(), QStringLiteral("grf_y"));
        QVERIFY(dock.setChannel(QStringLiteral("knee_angle_r")));
        QCOMPARE(dock.findChild<QComboBox*>(QStringLiteral("channel"))->currentText(),
                 QStringLiteral("knee_angle_r [deg]"));
        for (const QString& side : {QStringLiteral("right"), QStringLiteral("left")}) {
            QCOMPARE(series_count(dock, side + " cycle "), 8);
            QCOMPARE(series_count(dock, side + " mean ± SD (8 cycles)"), 1);
            QCOMPARE(series_count(dock, side + " ± SD"), 1);
        }
        int bands = 0;
        for (QAbstractSeries* s : dock.findChild<QChartView*>()->chart()->series())
            bands += qobject_cast<QAreaSeries*>(s) != nullptr;
        QCOMPARE(bands, 2);
        // the drawn mean is the engine's, over 0..100 % of the cycle
        const GaitCurve* knee = nullptr;
        for (const GaitCurve& c : dock.analysis().side(GaitSide::Right).curves)
            if (c.name == "knee_angle_r") knee = &c;
        QVERIFY(knee);
        const QLineSeries* mean = line_named(dock, QStringLiteral("right mean ± SD (8 cycles)"));
        QVERIFY(mean);
        QCOMPARE(mean->count(), 101);
        QCOMPARE(mean->at(100).x(), 100.0);
        for (int i = 0; i < 101; i += 25) QCOMPARE(mean->at(i).y(), knee->mean[size_t(i)]);
        const QLineSeries* third = line_named(dock, QStringLiteral("left cycle 3"));
        QVERIFY(third && third->count() == 101);
        // the vertical force of each side's own leg: a square pulse of 1 BW for 60 % of the cycle
        QVERIFY(dock.setChannel(QStringLiteral("grf_y")));
        const QLineSeries* left = line_named(dock, QStringLiteral("left mean ± SD (8 cycles)"));
        QVERIFY(left);
        QVERIFY(std::abs(left->at(30).y() - SyntheticGait::weight / dock.analysis().body_weight) < 1e-9);
        QVERIFY(std::abs(left->at(80).y()) < 1e-9);
    }

    // With both knees recorded the entry is one: each side's cycles draw its own knee.
    void eachSideDrawsItsOwnJoint() {
        GaitRows rows = synthetic_rows();
        const size_t width = rows.channels.size();
        rows.channels.push_back(Channel{"knee_angle_l", "rad", ChannelGroup::Time, "", ""});
        std::vector<double> values;
        for (size_t k = 0; k < rows.values.size(); k += width) {
            values.insert(values.end(), rows.values.begin() + std::ptrdiff_t(k),
                          rows.values.begin() + std::ptrdiff_t(k + width));
            values.push_back(-2 * rows.values[k + 2]);  // the left knee: another curve
        }
        rows.values = std::move(values);
        GaitAnalysisDock dock;
        QVERIFY(dock.analyzeRows(rows));
        QCOMPARE(dock.channelKeys(), QStringList({"grf_y", "grf_x", "knee_angle_r"}));
        QVERIFY(dock.setChannel(QStringLiteral("knee_angle_r")));
        QCOMPARE(dock.findChild<QComboBox*>(QStringLiteral("channel"))->currentText(),
                 QStringLiteral("knee_angle_r / knee_angle_l [deg]"));
        for (const GaitSide side : gait_sides) {
            const std::string own = side == GaitSide::Right ? "knee_angle_r" : "knee_angle_l";
            const GaitCurve* curve = nullptr;
            for (const GaitCurve& c : dock.analysis().side(side).curves)
                if (c.name == own) curve = &c;
            QVERIFY(curve);
            const QLineSeries* mean =
                line_named(dock, QStringLiteral("%1 mean ± SD (8 cycles)").arg(gait_side_name(side)));
            QVERIFY(mean && mean->count() == 101);
            for (int i = 0; i < 101; i += 10) QCOMPARE(mean->at(i).y(), curve->mean[size_t(i)]);
        }
    }

    // A theme switch recolours every series (theme.cpp keeps the lines' colours only):
    // the dock draws its bands again in the sides' colours.
    void themeSwitchKeepsTheBandColours() {
        GaitAnalysisDock dock;
        QVERIFY(dock.analyzeRows(synthetic_rows()));
        auto band_color = [&dock] {
            for (QAbstractSeries* s : dock.findChild<QChartView*>()->chart()->series())
                if (auto* band = qobject_cast<QAreaSeries*>(s); band && band->name() == QStringLiteral("right ± SD"))
                    return band->brush().color();
            return QColor();
        };
        const QColor before = band_color();
        QVERIFY(before.isValid() && before.alpha() < 255);
        const QPalette palette = QApplication::palette();
        QPalette dark = palette;
        dark.setColor(QPalette::Window, Qt::black);
        QApplication::setPalette(dark);
        apply_chart_theme(dock.findChild<QChartView*>()->chart(), true);  // after the palette, as Theme::apply
        QTRY_COMPARE(band_color(), before);
        QApplication::setPalette(palette);
    }

    void exportsTheNormalizedCurves() {
        GaitAnalysisDock dock;
        QVERIFY(dock.analyzeRows(synthetic_rows()));
        QTemporaryDir dir;
        QStringList asked;
        dock.setExportPathPrompt([&](const QString& suggested, const QString&) {
            asked << suggested;
            return dir.filePath(QStringLiteral("walk.csv"));
        });
        QSignalSpy messages(&dock, &GaitAnalysisDock::statusMessage);
        dock.findChild<QPushButton*>(QStringLiteral("export"))->click();
        QCOMPARE(asked, QStringList{QStringLiteral("gait.csv")});
        QCOMPARE(messages.count(), 1);
        QVERIFY(messages.first().at(0).toString().contains("walk_right.csv"));
        for (const GaitSide side : gait_sides) {
            QFile file(dir.filePath(QStringLiteral("walk_%1.csv").arg(gait_side_name(side))));
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray text = file.readAll();
            QCOMPARE(text, QByteArray::fromStdString(gait_normalized_csv(dock.analysis(), side)));
            QVERIFY(text.startsWith("cycle [%],"));
            QVERIFY(text.contains("knee_angle_r.mean [deg]"));
            QCOMPARE(text.count('\n'), 1 + 101);
        }
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("walk_cycles.csv"))));
    }

    void noGroundForcesShowsTheMessage() {
        GaitAnalysisDock dock;
        QVERIFY(dock.analyzeRows(synthetic_rows()));  // results first: the failure replaces them
        dock.setRecordingSource([] { return synthetic_rows(SyntheticGait::rows, false); });
        QVERIFY(!click_analyze(dock));
        QVERIFY(message_shown(dock));
        QVERIFY2(message_text(dock).contains("no vertical ground force of the right leg"),
                 qPrintable(message_text(dock)));
        QCOMPARE(dock.cycleTable()->rowCount(), 0);
        QCOMPARE(series_count(dock, QString()), 0);
        QVERIFY(!dock.findChild<QPushButton*>(QStringLiteral("export"))->isEnabled());
    }

    void tooFewHeelStrikesShowsTheMessage() {
        GaitAnalysisDock dock;
        QVERIFY(!dock.analyzeRows(synthetic_rows(1000)));  // 1 s: one heel strike a side
        QVERIFY(message_shown(dock));
        const QString text = message_text(dock);
        QVERIFY2(text.contains("the right leg has 1 heel strike") && text.contains("the left leg has 1 heel strike") &&
                     text.contains("a gait cycle needs 2"),
                 qPrintable(text));
        QVERIFY(!dock.hasResults());
    }

    void nothingRecordedShowsTheMessage() {
        GaitAnalysisDock dock;
        dock.setRecordingSource([] { return GaitRows{}; });
        QVERIFY(!click_analyze(dock));
        QVERIFY(message_shown(dock));
        QVERIFY(message_text(dock).contains("Nothing recorded"));
    }

    // The analysis runs on the GUI thread: a 20 s run of 1 ms rows must take well under 50 ms.
    void twentySecondsAnalyzeQuickly() {
        GaitRows rows = synthetic_rows(SyntheticGait::rows);
        // repeat the 10.5 s run's first 10.2 s (8.5 strides) after itself: 20.4 s
        const size_t width = rows.channels.size(), first = size_t(10200) * width;
        std::vector<double> more(rows.values.begin(), rows.values.begin() + std::ptrdiff_t(first));
        for (size_t k = 0; k < more.size(); k += width) more[k] += 10.2, more[k + 1] += 1.1 * 10.2;
        rows.values.resize(first);
        rows.values.insert(rows.values.end(), more.begin(), more.end());
        GaitAnalysisDock dock;
        double best = 1e9;
        for (int i = 0; i < 3; ++i) {
            QVERIFY(dock.analyzeRows(rows));
            best = std::min(best, dock.lastAnalysisMilliseconds());
        }
        qInfo("20.4 s of 1 ms rows analysed in %.1f ms (best of 3)", best);
        QCOMPARE(dock.analysis().side(GaitSide::Right).cycles.size(), size_t(16));
        QVERIFY2(best < 50, qPrintable(QString::number(best)));
    }

    void mainWindowAnalyzesThePlotsRecording() {
        MainWindow window(test_options());
        window.show();
        auto* dock = window.findChild<GaitAnalysisDock*>();
        QVERIFY(dock);
        PlotDock* plots = window.simulationUi()->plotDock();
        QVERIFY(window.tabifiedDockWidgets(plots).contains(dock));
        const GaitRows rows = synthetic_rows();
        plots->setLayout(RecordingLayout{rows.channels, {}});
        SimulationFrame frame;
        frame.rows = rows.values;
        frame.row_count = rows.values.size() / rows.channels.size();
        plots->addFrame(frame);
        QCOMPARE(plots->rowCount(), size_t(SyntheticGait::rows));
        dock->raise();
        QVERIFY(click_analyze(*dock));
        QCOMPARE(dock->cycleTable()->rowCount(), 18);
        QCOMPARE(series_count(*dock, QStringLiteral("right cycle ")), 8);
        window.document()->setUntitled(QString::fromLatin1(studio_test::pendulum_text()), {}, false);
        QTRY_VERIFY(!dock->hasResults());  // another file: its run is gone
    }
};

STUDIO_TEST_MAIN(TestGaitAnalysisDock)
#include "test_gait_analysis_dock.moc"
