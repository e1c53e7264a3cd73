// The Optimization window's progress chart: wide and high enough for its axis titles,
// tick labels and legend whatever room the window leaves it, an objective axis fitted
// to the values on round ticks (from 0 for an objective that is never negative, not
// -3.8 .. 9), whole generations along x.
#include "chart_legend.h"
#include "optimization_window.h"
#include "plot_ticks.h"
#include "scenario_session.h"
#include "studio_test_support.h"

#include <QChart>
#include <QChartView>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QSplitter>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <QValueAxis>
#include <cmath>

using namespace hfd::studio;

namespace {

bool round_interval(double interval) {
    const double mantissa = interval / std::pow(10.0, std::floor(std::log10(interval)));
    for (double round : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (std::abs(mantissa - round) < 1e-6) return true;
    return false;
}

bool on_tick(double value, double interval) {
    return std::abs(value / interval - std::round(value / interval)) < 1e-6;
}

// A run folder whose history.csv has these (best, median) per generation from 1.
QString write_history(const QTemporaryDir& dir, const QString& name, const std::vector<std::pair<double, double>>& rows) {
    const QString folder = dir.filePath(name);
    QDir().mkpath(folder);
    QString text = QStringLiteral("generation,best,median\n");
    for (size_t g = 0; g < rows.size(); ++g)
        text += QStringLiteral("%1,%2,%3\n").arg(g + 1).arg(rows[g].first).arg(rows[g].second);
    studio_test::write_file(QDir(folder).filePath(QStringLiteral("history.csv")), text.toUtf8());
    return folder;
}

// Every text the chart draws (tick labels, titles, legend names).
QStringList drawn_texts(const QChart& chart) {
    QStringList texts = plot_legend_layout(chart).names;
    for (QGraphicsItem* item : chart.scene()->items())
        if (item->isVisible() && item->effectiveOpacity() > 0 && chart.isAncestorOf(item)) {
            if (const auto* text = dynamic_cast<const QGraphicsTextItem*>(item)) texts << text->toPlainText();
            else if (const auto* simple = dynamic_cast<const QGraphicsSimpleTextItem*>(item)) texts << simple->text();
        }
    texts.removeAll(QString());
    return texts;
}

}  // namespace

class TestOptimizationChart : public QObject {
    Q_OBJECT
private slots:
    void chartHasRoomAndARangeFromTheData();
    void resultsKeepTheirExpansionWhenListedAgain();
};

// The results tree is listed again when a run stops or writes a generation: the runs
// opened stay open and the chosen .par stays chosen (#49 item 6: it collapsed).
void TestOptimizationChart::resultsKeepTheirExpansionWhenListedAgain() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    auto write = [&](const QString& path) {
        QFile file(dir.filePath(path));
        return file.open(QIODevice::WriteOnly) && file.write("x\t1\t1\t0.1\n") > 0;
    };
    for (const QString& run : {QStringLiteral("260101.120000.a"), QStringLiteral("260102.120000.b")}) {
        QVERIFY(QDir(dir.path()).mkpath(run));
        QVERIFY(write(run + "/0001_1.000.par") && write(run + "/0002_0.900.par"));
    }
    ScenarioSession session;
    OptimizationWindow window(&session);
    window.setOutputDirectory(dir.path());
    QTreeWidget* tree = window.resultsTree();
    QCOMPARE(tree->topLevelItemCount(), 2);
    QTreeWidgetItem* newest = tree->topLevelItem(0);
    QCOMPARE(newest->text(0), QStringLiteral("260102.120000.b"));
    newest->setExpanded(true);
    tree->setCurrentItem(newest->child(1));
    QVERIFY(write("260102.120000.b/0003_0.800.par"));  // the run goes on, then stops
    window.refreshResults();
    QCOMPARE(tree->topLevelItemCount(), 2);
    QVERIFY(tree->topLevelItem(0)->isExpanded());
    QVERIFY(!tree->topLevelItem(1)->isExpanded());
    QCOMPARE(tree->topLevelItem(0)->childCount(), 3);
    QVERIFY(tree->currentItem());
    QCOMPARE(tree->currentItem()->text(0), QStringLiteral("0002_0.900.par"));
}

void TestOptimizationChart::chartHasRoomAndARangeFromTheData() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    ScenarioSession session;
    OptimizationWindow window(&session);
    // the splitter gives the results browser all it can: the chart keeps its minimum
    window.findChild<QSplitter*>()->setSizes({1, 100000});
    window.resize(520, 420);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto* view = window.findChild<QChartView*>(QStringLiteral("optimizationProgress"));
    QVERIFY(view);
    QVERIFY2(view->width() >= 380 && view->height() >= 260,
             qPrintable(QStringLiteral("%1 x %2").arg(view->width()).arg(view->height())));
    QCOMPARE(view->chart(), window.progressChart());

    // An objective that is never negative: from 0, on round ticks, holding every value.
    window.showRunHistory(write_history(dir, QStringLiteral("run"), {{8.6, 9.0}, {4.2, 6.1}, {1.3, 2.9}, {0.52, 1.4}}));
    QCOMPARE(window.bestPoints().size(), 4);
    QChart* chart = window.progressChart();
    QTRY_VERIFY(chart->plotArea().width() > 10);
    const auto* x = qobject_cast<const QValueAxis*>(chart->axes(Qt::Horizontal).value(0));
    const auto* y = qobject_cast<const QValueAxis*>(chart->axes(Qt::Vertical).value(0));
    QVERIFY(x && y);
    auto describe = [](const QValueAxis* axis) {
        return QStringLiteral("[%1, %2] by %3 (%4)")
            .arg(axis->min())
            .arg(axis->max())
            .arg(axis->tickInterval())
            .arg(axis->labelFormat());
    };
    QVERIFY2(y->min() >= 0 && y->min() <= 0.52 && y->max() >= 9.0 && y->max() <= 12, qPrintable(describe(y)));
    QVERIFY2(round_interval(y->tickInterval()), qPrintable(describe(y)));
    QVERIFY2(on_tick(y->min(), y->tickInterval()) && on_tick(y->max(), y->tickInterval()), qPrintable(describe(y)));
    QVERIFY2((y->max() - y->min()) / y->tickInterval() >= 3 - 1e-9, qPrintable(describe(y)));
    QCOMPARE(y->tickType(), QValueAxis::TicksDynamic);
    // generations: from 0 to the last, whole numbers
    QVERIFY2(x->min() == 0 && x->max() >= 4 && x->tickInterval() >= 1 && on_tick(x->tickInterval(), 1),
             qPrintable(describe(x)));
    QCOMPARE(x->labelFormat(), QStringLiteral("%.0f"));

    // The titles, labels and legend read whole.
    QTRY_VERIFY(plot_legend_layout(*chart).names == QStringList({"best", "median"}));
    const QStringList texts = drawn_texts(*chart);
    for (const char* text : {"generation", "objective", "best", "median", "Progress"})
        QVERIFY2(texts.contains(QString::fromLatin1(text)), qPrintable(texts.join('|')));
    for (const QString& text : texts)
        QVERIFY2(!text.endsWith(QStringLiteral("...")) && !text.endsWith(QChar(0x2026)), qPrintable(texts.join('|')));
    QVERIFY(!plot_legend_layout(*chart).rect.intersects(chart->plotArea()));

    // A negative objective is shown below 0.
    window.showRunHistory(write_history(dir, QStringLiteral("negative"), {{-2.5, 1.0}, {-3.1, -0.2}}));
    QVERIFY2(y->min() <= -3.1 && y->min() > -6 && y->max() >= 1.0 && on_tick(y->min(), y->tickInterval()),
             qPrintable(describe(y)));
}

STUDIO_TEST_MAIN(TestOptimizationChart)
#include "test_optimization_chart.moc"
