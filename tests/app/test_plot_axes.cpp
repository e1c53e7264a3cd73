// The plots' unit, tick and colour rules, without a display: angles in degrees,
// one axis per unit, round ticks on multiples of their interval, axes that fit
// the data, and kept runs in greys apart from the current run's colours.
#include "chart_legend.h"
#include "plot_style.h"
#include "plot_ticks.h"
#include "plot_units.h"

#include <QSet>
#include <QTest>
#include <array>
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

    // Constant data gets room around its value with round ends, whatever its size: an
    // activation held at 0.05, a zero, a negative constant, one hidden in rounding noise.
    void constantDataGetsARange() {
        struct Case {
            double low, high, min, max;
        };
        for (Case c : {Case{0.05, 0.05, 0, 0.08}, Case{0, 0, -1, 1}, Case{-3, -3, -6, 0}, Case{5, 5, 0, 8},
                       Case{0.05 - 1e-17, 0.05 + 1e-17, 0, 0.08}, Case{1013.25, 1013.25, 0, 2000},
                       Case{1e-9, 1e-9, 0, 1.5e-9}}) {
            const FittedAxis axis = fitted_axis(c.low, c.high, 4);
            const QString what = QStringLiteral("[%1, %2] -> [%3, %4] by %5")
                                     .arg(c.low, 0, 'g', 17)
                                     .arg(c.high, 0, 'g', 17)
                                     .arg(axis.min)
                                     .arg(axis.max)
                                     .arg(axis.interval);
            QVERIFY2(std::abs(axis.min - c.min) < 1e-9 * std::abs(c.max - c.min), qPrintable(what));
            QVERIFY2(std::abs(axis.max - c.max) < 1e-9 * std::abs(c.max - c.min), qPrintable(what));
            QVERIFY2(axis.min < c.low && axis.max > c.high, qPrintable(what));  // the line inside, not on an edge
            QVERIFY2(round_interval(axis.interval), qPrintable(what));
            QVERIFY2(tick_values(axis).size() >= 3, qPrintable(what));
        }
    }

    // Round ticks and labels that fit their step for tiny, negative and huge ranges.
    void niceTicksForAnyRange() {
        struct Case {
            double low, high;
            int intervals;
            QStringList labels;  // of tick_values, as axis_label writes them
            QString format;
        };
        const std::vector<Case> cases{
            // Muscle Analysis read -87.5 / -55 / -22.5: round ticks instead
            {-87.5, -22.5, 4, {"-100", "-80", "-60", "-40", "-20"}, "%.0f"},
            {-0.03, 0.012, 4, {"-0.04", "-0.02", "0.00", "0.02"}, "%.2f"},
            {0.1, 0.9, 4, {"0.00", "0.25", "0.50", "0.75", "1.00"}, "%.2f"},
            // induced accelerations read 42435.5
            {-1200, 42435.5, 5, {"-20000", "0", "20000", "40000", "60000"}, "%.0f"},
            {2.1e-7, 2.6e-7, 3, {"2e-07", "2.2e-07", "2.4e-07", "2.6e-07"}, "%.2g"},
            {1.0, 1.00001, 2, {"1.000000", "1.000005", "1.000010"}, "%.6f"},
            {0, 3.2e12, 4, {"0", "1e+12", "2e+12", "3e+12", "4e+12"}, "%.1g"},
            {1012.5, 1013.1, 5, {"1012.4", "1012.6", "1012.8", "1013.0", "1013.2"}, "%.1f"},
        };
        for (const Case& c : cases) {
            const FittedAxis axis = fitted_axis(c.low, c.high, c.intervals);
            QStringList labels;
            for (double tick : tick_values(axis)) labels << QString::fromStdString(axis_label(tick, axis));
            const QString what = QStringLiteral("[%1, %2] -> [%3, %4] by %5: %6 (%7)")
                                     .arg(c.low)
                                     .arg(c.high)
                                     .arg(axis.min)
                                     .arg(axis.max)
                                     .arg(axis.interval)
                                     .arg(labels.join(' '))
                                     .arg(QString::fromStdString(label_format(axis)));
            QVERIFY2(round_interval(axis.interval), qPrintable(what));
            const double slack = 1e-9 * axis.interval;  // the ends are multiples of the interval, rounded
            QVERIFY2(axis.min <= c.low + slack && axis.max >= c.high - slack, qPrintable(what));
            QCOMPARE(labels, c.labels);
            QCOMPARE(QString::fromStdString(label_format(axis)), c.format);
            QCOMPARE(labels.removeDuplicates(), qsizetype(0));  // every tick reads differently
        }
        // whole numbers (generations): never a step below 1
        const FittedAxis generations = fitted_axis(0, 3, 10, 1);
        QCOMPARE(generations.interval, 1.0);
        QCOMPARE(QString::fromStdString(label_format(generations)), QStringLiteral("%.0f"));
        // a span shown exactly (time, a swept coordinate) with round ticks inside
        const FittedAxis knee = time_axis(-120, 0, 6);
        QCOMPARE(knee.min, -120.0);
        QCOMPARE(knee.max, 0.0);
        QCOMPARE(knee.interval, 20.0);
        // an end a rounding error off a tick is the tick (and gets its label): 120 deg through radians
        const double degrees = 120 * (std::numbers::pi / 180) * (180 / std::numbers::pi);
        QVERIFY(degrees != 120.0);
        const FittedAxis bent = time_axis(0, degrees, 6);
        QCOMPARE(bent.max, 120.0);
        QCOMPARE(tick_values(bent).back(), 120.0);
        QCOMPARE(QString::fromStdString(axis_label(-1e-300, {-1, 1, 0.5})), QStringLiteral("0.0"));
    }

    // Twelve curves get twelve colours far apart (CIELAB distance), none grey; past the
    // palette the line style tells curves apart: (colour, dash) differ for 48 curves.
    void paletteTellsTwelveCurvesApart() {
        auto lab = [](std::uint32_t rgb) {
            auto linear = [](double c) { return c > 0.04045 ? std::pow((c + 0.055) / 1.055, 2.4) : c / 12.92; };
            const double r = linear(channel_value(rgb, 16) / 255), g = linear(channel_value(rgb, 8) / 255),
                         b = linear(channel_value(rgb, 0) / 255);
            const double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, y = 0.2126 * r + 0.7152 * g + 0.0722 * b,
                         z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
            auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116; };
            return std::array<double, 3>{116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
        };
        QVERIFY(series_palette_size >= 12);
        for (int i = 0; i < 12; ++i) {
            const std::uint32_t a = series_color(i);
            QVERIFY(!(channel_value(a, 16) == channel_value(a, 8) && channel_value(a, 8) == channel_value(a, 0) &&
                      a != 0));  // black is the one neutral
            QCOMPARE(series_dash(i), SeriesDash::Solid);
            for (int j = i + 1; j < 12; ++j) {
                const auto p = lab(a), q = lab(series_color(j));
                const double distance = std::hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
                QVERIFY2(distance > 25, qPrintable(QStringLiteral("%1 and %2: %3")
                                                       .arg(QString::fromStdString(color_name(a)))
                                                       .arg(QString::fromStdString(color_name(series_color(j))))
                                                       .arg(distance)));
            }
        }
        QSet<QPair<std::uint32_t, int>> looks;
        for (int i = 0; i < 4 * series_palette_size; ++i) looks.insert({series_color(i), int(series_dash(i))});
        QCOMPARE(looks.size(), 4 * series_palette_size);
        QCOMPARE(series_pen(12, 2).style(), Qt::DotLine);
        QCOMPARE(series_pen(12, 2).color(), series_pen(0, 2).color());
        QCOMPARE(series_pen(3, 2.5).widthF(), 2.5);
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
