// Properties of the muscle curves (values at the defining points, monotonicity,
// continuity) and of the solvers built on them (their equations hold).
#include "forces/muscle_curves.h"

#include <QtTest>

#include <cmath>
#include <functional>

using namespace hfd;

namespace {

using Curve = std::function<double(double)>;

bool increasing_on(const Curve& f, double from, double to, bool strictly) {
    const int n = 2000;
    double previous = f(from);
    for (int i = 1; i <= n; ++i) {
        const double value = f(from + (to - from) * i / n);
        if (strictly ? !(value > previous) : !(value >= previous)) return false;
        previous = value;
    }
    return true;
}

// Largest jump between neighbouring samples relative to the step: bounded slope = continuous.
double max_slope(const Curve& f, double from, double to) {
    const int n = 20000;
    const double h = (to - from) / n;
    double worst = 0;
    for (int i = 0; i < n; ++i) worst = std::max(worst, std::abs(f(from + (i + 1) * h) - f(from + i * h)) / h);
    return worst;
}

double derivative(const Curve& f, double x, double h = 1e-6) { return (f(x + h) - f(x - h)) / (2 * h); }

}  // namespace

class TestMuscleCurves : public QObject {
    Q_OBJECT
private slots:
    // m2012's curves are Hyfydy's polynomials as a recorded SCONE + Hyfydy run gives
    // them (muscle_curves.h): the samples below are that run's own output (scone-core
    // 3e01d399, "Gait Uneven Terrain - H0914 - Hyfydy.scone.sto": fiber length and
    // force-length multiplier, passive force, tendon strain and tendon force).
    void m2012ActiveForceLength() {
        const auto f = m2012::active_force_length;
        QCOMPARE(f(1.0), 1.0);
        QVERIFY(std::abs(derivative(f, 1.0, 1e-7)) < 1e-6);
        QCOMPARE(f(0.4689), 0.0);
        QCOMPARE(f(0.3), 0.0);
        QCOMPARE(f(1.8053), 0.0);
        QCOMPARE(f(2.0), 0.0);
        QVERIFY(f(0.4691) > 0 && f(0.4691) < 1e-3);  // the cubic's roots bound the curve
        QVERIFY(f(1.8052) > 0 && f(1.8052) < 1e-3);
        QVERIFY(std::isnan(f(std::nan(""))));
        QVERIFY(increasing_on(f, 0.4691, 1.0, true));
        QVERIFY(increasing_on([&](double l) { return -f(l); }, 1.0, 1.805, true));
        QVERIFY(max_slope(f, 0.3, 2.0) < 4.3);  // continuous: the steepest, 4.19, at the ascending root
        const double recorded[][2] = {{0.469249, 0.00106966}, {0.598628, 0.459985}, {0.697333, 0.706491},
                                      {0.750735, 0.805903},   {0.781528, 0.853101}, {0.830449, 0.913633},
                                      {0.890161, 0.964835},   {0.94699, 0.992049},  {1.00793, 0.999828},
                                      {1.2015, 0.900612}};
        for (const auto& [l, value] : recorded)
            QVERIFY2(std::abs(f(l) - value) < 1e-5,
                     qPrintable(QString("l = %1: %2 vs %3").arg(l).arg(f(l)).arg(value)));
    }

    void m2012PassiveAndTendon() {
        const auto passive = m2012::passive_force_length;
        QCOMPARE(passive(1.0), 0.0);
        QCOMPARE(passive(0.8), 0.0);
        QVERIFY(std::isnan(passive(std::nan(""))));
        QVERIFY(increasing_on(passive, 1.0, 2.0, true));
        QVERIFY(std::abs(derivative(passive, 1.0 + 1e-4, 1e-5)) < 1e-3);  // leaves zero smoothly
        const double recorded_passive[][2] = {
            {1.02773, 0.00100276}, {1.06921, 0.00645946}, {1.11688, 0.0191256}, {1.2015, 0.060555}};
        for (const auto& [l, value] : recorded_passive)
            QVERIFY2(std::abs(passive(l) - value) < 1e-5 * (1 + 100 * value),
                     qPrintable(QString("l = %1: %2 vs %3").arg(l).arg(passive(l)).arg(value)));

        const auto tendon = m2012::tendon_force_length;
        QCOMPARE(tendon(0.0), 0.0);
        QCOMPARE(tendon(-0.01), 0.0);
        QVERIFY(std::abs(tendon(0.0485) - 1.0) < 2e-3);  // max isometric force near 4.85 % strain
        QVERIFY(increasing_on(tendon, 0.0, 0.1, true));
        QVERIFY(std::abs(derivative(tendon, 1e-6, 1e-7) - 7.969) < 1e-3);  // stiff from zero strain on
        const double recorded_tendon[][2] = {{9.10413e-05, 0.000727138}, {0.00191566, 0.0162302},
                                             {0.00285345, 0.0248692},    {0.00326089, 0.0287659},
                                             {0.00516453, 0.0481211},    {0.0349315, 0.596885}};
        for (const auto& [strain, value] : recorded_tendon)
            QVERIFY2(std::abs(tendon(strain) - value) < 1e-3 * (1 + value),
                     qPrintable(QString("e = %1: %2 vs %3").arg(strain).arg(tendon(strain)).arg(value)));
    }

    void m2012ForceVelocity() {
        QCOMPARE(m2012::force_velocity(0.0), 1.0);
        QCOMPARE(m2012::force_velocity(-1.0), 0.0);
        QCOMPARE(m2012::force_velocity(-1.5), 0.0);
        QVERIFY(m2012::force_velocity(100.0) < m2012::eccentric_limit);
        QVERIFY(m2012::force_velocity(100.0) > m2012::eccentric_limit - 0.01);
        QVERIFY(increasing_on(m2012::force_velocity, -1.0, 2.0, true));
        // slope continuous through isometric
        const double left = (m2012::force_velocity(0) - m2012::force_velocity(-1e-7)) / 1e-7;
        const double right = (m2012::force_velocity(1e-7) - m2012::force_velocity(0)) / 1e-7;
        QVERIFY(std::abs(left - right) < 1e-4 * left);
    }

    void m2012DampedVelocitySolvesEquilibrium() {
        for (double a_fl : {0.0, 0.01, 0.3, 1.0}) {
            for (double beta : {0.01, 0.1, 1.0}) {
                for (double force = -1.5; force <= 2.0; force += 0.01) {
                    const double v = m2012::damped_fiber_velocity(force, a_fl, beta);
                    const double residual = a_fl * m2012::force_velocity(v) + beta * v - force;
                    QVERIFY2(std::abs(residual) < 1e-9 * (1 + std::abs(force)),
                             qPrintable(QString("a_fl %1 beta %2 F %3 v %4 residual %5")
                                            .arg(a_fl)
                                            .arg(beta)
                                            .arg(force)
                                            .arg(v)
                                            .arg(residual)));
                }
            }
        }
        QCOMPARE(m2012::damped_fiber_velocity(0.7, 0.7, 0.1), 0.0);  // isometric
        QVERIFY(m2012::damped_fiber_velocity(0.5, 0.7, 0.1) < 0);    // tendon pulls less: shortens
        QVERIFY(m2012::damped_fiber_velocity(0.9, 0.7, 0.1) > 0);
    }

    void gh2010Curves() {
        QCOMPARE(gh2010::active_force_length(1.0), 1.0);
        QVERIFY(std::abs(gh2010::active_force_length(1.0 + gh2010::width) - 0.05) < 1e-12);
        QVERIFY(std::abs(gh2010::active_force_length(1.0 - gh2010::width) - 0.05) < 1e-12);
        QCOMPARE(gh2010::force_velocity(0.0), 1.0);
        QCOMPARE(gh2010::force_velocity(-1.0), 0.0);
        QVERIFY(std::abs(gh2010::force_velocity(1.0) - gh2010::eccentric_force) < 1e-12);
        QVERIFY(increasing_on(gh2010::force_velocity, -1.0, 1.0, true));
        for (double f = 0.0; f <= gh2010::eccentric_force; f += 0.01)
            QVERIFY(std::abs(gh2010::force_velocity(gh2010::inverse_force_velocity(f)) - f) < 1e-12);
        QCOMPARE(gh2010::tendon_force(0.0), 0.0);
        QVERIFY(std::abs(gh2010::tendon_force(gh2010::tendon_reference_strain) - 1.0) < 1e-12);
        QCOMPARE(gh2010::parallel_elastic(1.0), 0.0);
        QVERIFY(std::abs(gh2010::parallel_elastic(1.0 + gh2010::width) - 1.0) < 1e-12);
        QCOMPARE(gh2010::buffer_elastic(1.0 - gh2010::width), 0.0);
        QVERIFY(gh2010::buffer_elastic(0.3) > 0 && gh2010::buffer_elastic(0.6) == 0);
    }

    void tj2003Curves() {
        QCOMPARE(tj2003::active_force_length(1.0), 1.0);
        QVERIFY(std::abs(tj2003::active_force_length(1.5) - std::exp(-0.25 / 0.45)) < 1e-12);
        QCOMPARE(tj2003::passive_force_length(1.0), 0.0);
        QVERIFY(std::abs(tj2003::passive_force_length(1.6) - 1.0) < 1e-12);  // 1 at e0 = 0.6
        QCOMPARE(tj2003::tendon_force_length(0.0), 0.0);
        QVERIFY(std::abs(tj2003::tendon_force_length(0.04) - 1.0) < 0.005);  // ~1 at e0_T
        QVERIFY(increasing_on(tj2003::tendon_force_length, 0.0, 0.1, true));
        QVERIFY(max_slope(tj2003::tendon_force_length, 0.0, 0.1) < 50);  // continuous at the toe

        for (double a_fl : {0.01, 0.5, 1.0}) {
            const double d = 0.05;
            QCOMPARE(tj2003::fiber_velocity(a_fl, a_fl, d), 0.0);  // isometric at F = a f_L
            // inverse pair, and monotonic, across all branches incl. the extrapolations
            const Curve v_of_f = [&](double f) { return tj2003::fiber_velocity(f, a_fl, d); };
            QVERIFY(increasing_on(v_of_f, -0.2, 2.0 * a_fl * tj2003::flen, true));
            for (double f = -0.2; f <= 2.0 * a_fl * tj2003::flen; f += 0.01) {
                const double v = tj2003::fiber_velocity(f, a_fl, d);
                QVERIFY2(std::abs(tj2003::force_velocity(v, a_fl, d) - f) < 1e-9,
                         qPrintable(QString("a_fl %1 F %2").arg(a_fl).arg(f)));
            }
        }
        // without damping: F = 0 gives -v_max, as in Hill's relation
        QVERIFY(std::abs(tj2003::fiber_velocity(0.0, 1.0, 0.0) + 1.0) < 1e-12);
    }

    void pennationGeometry() {
        const double l_opt = 0.1, alpha = 0.3, thickness = l_opt * std::sin(alpha);
        const FiberGeometry g = fiber_geometry(0.35, l_opt, l_opt, thickness);
        QVERIFY(std::abs(g.cos_pennation - std::cos(alpha)) < 1e-12);
        QVERIFY(std::abs(g.tendon_length - (0.35 - l_opt * std::cos(alpha))) < 1e-12);
        // a fiber shorter than allowed is clamped, pennation stays below acos(0.1)
        const FiberGeometry short_fiber = fiber_geometry(0.35, 0.0, l_opt, thickness);
        QVERIFY(short_fiber.cos_pennation >= 0.1 - 1e-12);
        QCOMPARE(short_fiber.fiber_length, minimum_fiber_length(l_opt, thickness));
    }

    void equilibriumBalancesForces() {
        const double l_opt = 0.1, l_s = 0.2, thickness = l_opt * std::sin(0.2);
        auto fiber = [](double l) { return m2012::active_force_length(l) + m2012::passive_force_length(l); };
        for (double path : {0.28, 0.30, 0.32, 0.36}) {
            const double l_f = equilibrium_fiber_length(path, l_opt, l_s, thickness, fiber, m2012::tendon_force_length);
            const FiberGeometry g = fiber_geometry(path, l_f, l_opt, thickness);
            const double tendon = m2012::tendon_force_length((g.tendon_length - l_s) / l_s);
            QVERIFY2(std::abs(tendon - fiber(l_f / l_opt) * g.cos_pennation) < 1e-9, qPrintable(QString::number(path)));
            QVERIFY(tendon > 0);
        }
        // a passive fiber on a path too short to stretch it: the tendon is left exactly slack
        const double slack =
            equilibrium_fiber_length(0.25, l_opt, l_s, 0.0, m2012::passive_force_length, m2012::tendon_force_length);
        QVERIFY(std::abs(slack - 0.05) < 1e-12);
    }
};

QTEST_APPLESS_MAIN(TestMuscleCurves)
#include "test_muscle_curves.moc"
