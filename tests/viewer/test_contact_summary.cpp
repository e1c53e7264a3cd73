// The muscle colour and width scales of the view (the ground reactions and the
// centre of mass it draws are the engine's: tests/engine/test_contact_summary.cpp).
#include "overlay_entities.h"

#include <QtTest>

using namespace hfd;

class TestContactSummary : public QObject {
    Q_OBJECT
private slots:
    // 0 is blue, 1 is red, red rises and blue falls monotonically in between; out of range clamps.
    void activation_colours_run_from_blue_to_red() {
        QCOMPARE(activation_color(0), QColor(Qt::blue));
        QCOMPARE(activation_color(1), QColor(Qt::red));
        QCOMPARE(activation_color(-3), QColor(Qt::blue));
        QCOMPARE(activation_color(7), QColor(Qt::red));
        QCOMPARE(activation_color(std::nan("")), QColor(Qt::blue));
        QColor previous = activation_color(0);
        for (int i = 1; i <= 100; ++i) {
            const QColor color = activation_color(i / 100.0);
            QVERIFY(color.redF() > previous.redF());
            QVERIFY(color.blueF() < previous.blueF());
            QCOMPARE(color.greenF(), 0.0f);
            previous = color;
        }
    }

    // Width by force: 0.4 at rest, 2 at the maximum isometric force, linear and
    // rising in between, clamped; 1 when the maximum is unknown.
    void muscle_width_grows_with_force() {
        QCOMPARE(muscle_width_scale(0, 1000), 0.4);
        QCOMPARE(muscle_width_scale(1000, 1000), 2.0);
        QCOMPARE(muscle_width_scale(500, 1000), 1.2);
        QCOMPARE(muscle_width_scale(-50, 1000), 0.4);
        QCOMPARE(muscle_width_scale(5000, 1000), 2.5);
        QCOMPARE(muscle_width_scale(300, 0), 1.0);
        QCOMPARE(muscle_width_scale(std::nan(""), 1000), 1.0);
    }
};

QTEST_APPLESS_MAIN(TestContactSummary)
#include "test_contact_summary.moc"
