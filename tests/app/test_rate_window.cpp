// The real-time factor is simulated over wall time across a sliding window,
// not from one frame to the next (which follows the worker's bursts).
#include "rate_window.h"
#include "studio_test_support.h"

#include <QTest>

using namespace hfd::studio;

class TestRateWindow : public QObject {
    Q_OBJECT
private slots:
    void burstsAverageOverTheWindow() {
        // The worker computes 0.05 s of simulated time in 10 ms, then waits 90 ms:
        // 0.5 simulated seconds per wall second, although each burst runs at 5x.
        RateWindow window(1.0);
        double wall = 0, sim = 0;
        long long steps = 0;
        for (int burst = 0; burst < 40; ++burst) {
            window.add(wall, sim, steps);
            wall += 0.010, sim += 0.05, steps += 50;
            window.add(wall, sim, steps);  // a frame right after the burst
            wall += 0.090;
        }
        // A 1 s window holds ten bursts, give or take the one at its edge: 0.5 +- 0.05 s/s,
        // where the last frame-to-frame rate would say 5x (0.05 s in 10 ms).
        QVERIFY2(std::abs(window.realTimeFactor() - 0.5) <= 0.05 + 1e-9,
                 qPrintable(QString::number(window.realTimeFactor())));
        QVERIFY(std::abs(window.stepsPerSecond() - 500) <= 50 + 1e-6);
    }

    void oldSamplesLeaveTheWindow() {
        RateWindow window(1.0);
        for (int i = 0; i <= 20; ++i) window.add(0.1 * i, 0.1 * i, i);               // 1x for 2 s
        for (int i = 1; i <= 20; ++i) window.add(2 + 0.1 * i, 2 + 0.3 * i, 20 + i);  // then 3x for 2 s
        QVERIFY2(std::abs(window.realTimeFactor() - 3) < 1e-9, qPrintable(QString::number(window.realTimeFactor())));
        QVERIFY(std::abs(window.stepsPerSecond() - 10) < 1e-9);
    }

    void tooFewSamplesGiveZero() {
        RateWindow window;
        QCOMPARE(window.realTimeFactor(), 0.0);
        window.add(1, 1, 1);
        QCOMPARE(window.realTimeFactor(), 0.0);
        window.clear();
        window.add(2, 2, 2);
        QCOMPARE(window.stepsPerSecond(), 0.0);
    }
};

STUDIO_TEST_MAIN(TestRateWindow)
#include "test_rate_window.moc"
