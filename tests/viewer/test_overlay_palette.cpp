// The overlay colours and the legend: every overlay has its own colour, the
// displacement ramp brightens with magnitude over a scale of round millimetres,
// and the legend lists exactly the overlays shown, the joint scale in mm.
#include "overlay_entities.h"
#include "overlay_legend.h"
#include "overlay_palette.h"

#include <QtTest>

#include <cmath>

using namespace hfd;

namespace {

double distance(const QColor& a, const QColor& b) {
    return std::hypot(a.red() - b.red(), a.green() - b.green(), a.blue() - b.blue());
}

// Rec. 709 relative luminance of the sRGB values (good enough to order colours by lightness).
double luminance(const QColor& c) { return 0.2126 * c.redF() + 0.7152 * c.greenF() + 0.0722 * c.blueF(); }

LegendInput everything() {
    LegendInput input;
    input.options.muscles = input.options.contact_forces = input.options.ground_reactions =
        input.options.contact_points = input.options.model_center_of_mass = input.options.joint_displacement = true;
    input.body_frames = input.body_centers_of_mass = input.pushing = true;
    return input;
}

}  // namespace

class TestOverlayPalette : public QObject {
    Q_OBJECT
private slots:
    // No two overlays share a colour (the issue: one magenta for three of them).
    void every_overlay_has_its_own_colour() {
        const std::vector<LegendEntry> entries = legend_entries(everything());
        QCOMPARE(entries.size(), std::size_t(9));
        for (std::size_t a = 0; a < entries.size(); ++a)
            for (std::size_t b = a + 1; b < entries.size(); ++b) {
                QVERIFY(entries[a].overlay != entries[b].overlay);
                QVERIFY2(distance(entries[a].color, entries[b].color) > 60,
                         qPrintable(entries[a].label + " and " + entries[b].label));
            }
    }

    void legend_lists_the_overlays_shown() {
        LegendInput input;
        input.options.muscles = input.options.contact_forces = false;
        QVERIFY(legend_entries(input).empty());
        input.options.ground_reactions = true;
        input.options.joint_displacement = true;
        input.displacement_scale_mm = 2;
        input.exaggeration = 100;
        const std::vector<LegendEntry> entries = legend_entries(input);
        QCOMPARE(entries.size(), std::size_t(2));
        QCOMPARE(entries[0].overlay, Overlay::GroundReactions);
        QCOMPARE(entries[0].color, overlay_color(Overlay::GroundReactions));
        const LegendEntry& joints = entries[1];
        QVERIFY(joints.ramp);
        QCOMPARE(joints.low_text, QStringLiteral("0 mm"));
        QCOMPARE(joints.high_text, QStringLiteral("2 mm"));
        QVERIFY(joints.label.contains(QString::fromUtf8("\u00d7100")));
        QCOMPARE(joints.color_low, displacement_color(0));
        QCOMPARE(joints.color, displacement_color(1));

        OverlayLegend legend;
        legend.setEntries(entries);
        QVERIFY(!legend.isHidden());
        QVERIFY(legend.heightForWidth(600) > 0);
        // a narrow strip wraps onto more lines
        QVERIFY(legend.heightForWidth(120) > legend.heightForWidth(600));
        legend.setEntries({});
        QVERIFY(legend.isHidden());
    }

    // Lighter with magnitude (readable in grey), clamped at both ends.
    void displacement_ramp_brightens_with_magnitude() {
        double previous = -1;
        for (int i = 0; i <= 20; ++i) {
            const double l = luminance(displacement_color(i / 20.0));
            QVERIFY2(l > previous, qPrintable(QString::number(i)));
            previous = l;
        }
        QCOMPARE(displacement_color(-3), displacement_color(0));
        QCOMPARE(displacement_color(7), displacement_color(1));
        QCOMPARE(displacement_color(std::nan("")), displacement_color(0));
        QVERIFY(distance(displacement_color(0), displacement_color(1)) > 200);
    }

    // The next of 1, 2, 5 times a power of ten at or above the largest displacement.
    void displacement_scale_is_a_round_ceiling() {
        const std::pair<double, double> cases[] = {{0, 0.1},   {0.05, 0.1}, {0.37, 0.5}, {1, 1},
                                                   {1.01, 2},  {4, 5},      {5, 5},      {7, 10},
                                                   {12.5, 20}, {430, 500},  {-1, 0.1},   {std::nan(""), 0.1}};
        for (const auto& [largest, scale] : cases)
            QVERIFY2(std::abs(displacement_scale_mm(largest) - scale) < 1e-12 * scale,
                     qPrintable(QString("%1 -> %2").arg(largest).arg(displacement_scale_mm(largest))));
        QCOMPARE(largest_displacement_mm({Vec3(0.001, 0, 0), Vec3(0, 0.003, 0.004), Vec3::Constant(NAN)}), 5.0);
        QCOMPARE(largest_displacement_mm({}), 0.0);
    }
};

QTEST_MAIN(TestOverlayPalette)
#include "test_overlay_palette.moc"
