// The plots' unit, tick and colour rules, without a display: angles in degrees,
// one axis per unit, round ticks on multiples of their interval, axes that fit
// the data, and kept runs in greys apart from the current run's colours.
#include "plot_style.h"
#include "plot_ticks.h"
#include "plot_units.h"

#include <QTest>
#include <cmath>
#include <numbers>

using namespace hfd::studio;

namespace {
// 1, 2, 2.5 or 5 x 10^k
bool round_interval(double interval) {
    const double mantissa = interval / std::pow(10.0, std::floor(std::log10(interval)));
    for (double round : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (std::abs(mantissa - round) < 1e-6) return true;
    return false;
}

double channel_value(std::uint32_t rgb, int shift) { return (rgb >> shift) & 0xff; }
}  // namespace

class TestPlotAxes : public QObject {
    Q_OBJECT
private slots:
    void anglesAreShownInDegreesUnlessAsked() {
        const DisplayUnit knee = display_unit("rad", AngleUnit::Degrees);
        QCOMPARE(QString::fromStdString(knee.unit), QStringLiteral("deg"));
        QVERIFY(std::abs(knee.scale * std::numbers::pi - 180) < 1e-12);  // pi rad = 180 deg
        QCOMPARE(QString::fromStdString(axis_title(knee)), QStringLiteral("angle [deg]"));
        QCOMPARE(QString::fromStdString(display_unit("rad/s", AngleUnit::Degrees).unit), QStringLiteral("deg/s"));
        const DisplayUnit radians = display_unit("rad", AngleUnit::Radians);
        QCOMPARE(radians.scale, 1.0);
        QCOMPARE(QString::fromStdString(axis_title(radians)), QStringLiteral("angle [rad]"));
        QCOMPARE(QString::fromStdString(axis_title(display_unit("N", AngleUnit::Degrees))),
                 QStringLiteral("force [N]"));
        QCOMPARE(display_unit("N", AngleUnit::Degrees).scale, 1.0);
        QCOMPARE(QString::fromStdString(axis_title(display_unit("", AngleUnit::Degrees))), QStringLiteral("value [-]"));
    }

    void differentUnitsNeverShareAnAxis() {
        const std::vector<int> axes = axis_of_units({"deg", "N", "deg", "m", "N"});
        QCOMPARE(axes, (std::vector<int>{0, 1, 0, 2, 1}));
        QCOMPARE(axis_of_units({"N", "N"}), (std::vector<int>{0, 0}));
    }

    // Ends on multiples of a round interval, holding the data, within the tick budget, and
    // not crossing zero for data that does not: a force of 0..2400 N gets 0..2500, not -2500..2500.
    void fittedAxesHoldTheDataOnRoundTicks() {
        struct Case {
            double low, high;
            int intervals;
        };
        for (Case c : {Case{0, 2400, 4}, Case{0, 850, 4}, Case{-68.7, 4.2, 4}, Case{0.1, 0.9, 3},
                       Case{2.1e-7, 2.6e-7, 3}, Case{1012.5, 1013.1, 5}, Case{5, 5, 4}, Case{-0.03, 0, 2}}) {
            const FittedAxis axis = fitted_axis(c.low, c.high, c.intervals);
            const QString what = QStringLiteral("[%1, %2] -> [%3, %4] by %5")
                                     .arg(c.low)
                                     .arg(c.high)
                                     .arg(axis.min)
                                     .arg(axis.max)
                                     .arg(axis.interval);
            QVERIFY2(axis.min <= c.low && axis.max >= c.high && axis.max > axis.min, qPrintable(what));
            QVERIFY2(round_interval(axis.interval), qPrintable(what));
            QVERIFY2(std::abs(axis.min / axis.interval - std::round(axis.min / axis.interval)) < 1e-6,
                     qPrintable(what));
            QVERIFY2(std::abs(axis.max / axis.interval - std::round(axis.max / axis.interval)) < 1e-6,
                     qPrintable(what));
            QVERIFY2((axis.max - axis.min) / axis.interval <= c.intervals + 1e-6, qPrintable(what));
            if (c.low >= 0) QVERIFY2(axis.min >= 0, qPrintable(what));
            if (c.high > c.low)  // one interval of slack at either end at most
                QVERIFY2(axis.max - axis.min <= c.high - c.low + 2 * axis.interval + 1e-12, qPrintable(what));
        }
        const FittedAxis force = fitted_axis(0, 2400, 5);
        QCOMPARE(force.min, 0.0);
        QCOMPARE(force.max, 2500.0);
    }

    // A running plot of 0..1.49 s: ticks at 0, 0.25, ... 1.25, labelled "0.25", not 0.3725.
    void timeTicksAreRoundWhileRunning() {
        const FittedAxis time = time_axis(0, 1.49, 6);
        QCOMPARE(time.min, 0.0);
        QCOMPARE(time.max, 1.49);  // the shown span itself
        QCOMPARE(time.interval, 0.25);
        const std::vector<double> ticks = tick_values(time);
        QCOMPARE(ticks.size(), size_t(6));
        QStringList labels;
        for (double tick : ticks) labels << QString::fromStdString(tick_label(tick, time.interval));
        QCOMPARE(labels, QStringList({"0.00", "0.25", "0.50", "0.75", "1.00", "1.25"}));
        // ticks are multiples of the interval whatever the start
        const FittedAxis later = time_axis(0.3725, 1.117, 4);
        for (double tick : tick_values(later))
            QVERIFY2(std::abs(tick / later.interval - std::round(tick / later.interval)) < 1e-9,
                     qPrintable(QString::number(tick)));
        QCOMPARE(QString::fromStdString(tick_label(-1e-17, 0.5)), QStringLiteral("0.0"));
        QCOMPARE(tick_decimals(500), 0);
        QCOMPARE(tick_decimals(0.025), 3);
    }

    // The current run's colours are distinct and saturated (Okabe-Ito); a kept run's are
    // greys (r = g = b) and so never one of them.
    void keptRunsAreGreyAndApart() {
        for (int i = 0; i < 6; ++i)
            for (int j = i + 1; j < 7; ++j) QVERIFY(series_color(i) != series_color(j));
        QCOMPARE(QString::fromStdString(color_name(series_color(0))), QStringLiteral("#0072b2"));
        for (int k = 0; k < 4; ++k) {
            const std::uint32_t grey = kept_series_color(k);
            QCOMPARE(channel_value(grey, 16), channel_value(grey, 8));
            QCOMPARE(channel_value(grey, 8), channel_value(grey, 0));
            for (int i = 0; i < 6; ++i) QVERIFY(grey != series_color(i));  // black (index 6) is not a kept grey
        }
        QVERIFY(print_plot_style().line_width > screen_plot_style().line_width);
        QVERIFY(print_plot_style().font_point_size > screen_plot_style().font_point_size);
    }
};

QTEST_APPLESS_MAIN(TestPlotAxes)
#include "test_plot_axes.moc"
