// Material combination against the Hyfydy column of the manual's table, and the
// equivalence with Simbody's Hertz combination that the OpenSim conversion relies on.
#include "forces/material_combination.h"

#include <QtTest>

#include <cmath>

using namespace hfd;

namespace {

Material material(double k, double c, double mu_s, double mu_d) {
    Material m;
    m.stiffness = k, m.damping = c, m.static_friction = mu_s, m.dynamic_friction = mu_d;
    return m;
}

bool close(double a, double b, double relative = 1e-12) {
    return std::abs(a - b) <= relative * std::max(std::abs(b), 1e-300);
}

}  // namespace

class TestMaterialCombination : public QObject {
    Q_OBJECT
private slots:
    void table() {
        const CombinedMaterial c = combine_materials(material(3e6, 2, 0.9, 0.6), material(1e6, 0.5, 0.4, 0.15));
        QVERIFY(close(c.stiffness, 3e6 * 1e6 / 4e6));  // k1 k2 / (k1 + k2) = 7.5e5
        QVERIFY(close(c.damping, 1.25));               // (c1 + c2) / 2
        QVERIFY(close(c.static_friction, 0.6));        // sqrt(0.9 * 0.4)
        QVERIFY(close(c.dynamic_friction, 0.3));       // sqrt(0.6 * 0.15)
    }

    void sameMaterialTwice() {
        const Material m = material(5975.21, 1, 0.9, 0.7);
        const CombinedMaterial c = combine_materials(m, m);
        QVERIFY(close(c.stiffness, 5975.21 / 2));  // two equal springs in series
        QVERIFY(close(c.damping, 1));
        QVERIFY(close(c.static_friction, 0.9));
        QVERIFY(close(c.dynamic_friction, 0.7));
    }

    void symmetric() {
        const Material a = material(2e5, 3, 1.1, 0.2), b = material(7e4, 0.1, 0.3, 0.25);
        const CombinedMaterial ab = combine_materials(a, b), ba = combine_materials(b, a);
        QCOMPARE(ab.stiffness, ba.stiffness);
        QCOMPARE(ab.damping, ba.damping);
        QCOMPARE(ab.static_friction, ba.static_friction);
        QCOMPARE(ab.dynamic_friction, ba.dynamic_friction);
    }

    void softerThanEither() {
        for (double k2 : {1.0, 10.0, 1e3, 1e6}) {
            const double k = combine_stiffness(1e3, k2);
            QVERIFY(k < std::min(1e3, k2));
            QVERIFY(k > 0.5 * std::min(1e3, k2) - 1e-9);
        }
        QCOMPARE(combine_stiffness(0, 0), 0.0);
        QCOMPARE(combine_friction(0, 0.5), 0.0);
    }

    // Simbody combines the plane-strain moduli as E = (s1 E1^(2/3))^(3/2),
    // s1 = E2^(2/3) / (E1^(2/3) + E2^(2/3)). With per-surface stiffness
    // k_i = (4/3 sqrt(r) E_i)^(2/3), the series combination satisfies
    // k^(3/2) = (4/3) sqrt(r) E: the Hunt-Crossley force (k d)^(3/2) is OpenSim's.
    void seriesStiffnessIsSimbodyHertzCombination() {
        const double r = 0.03;
        for (auto [e1, e2] : {std::pair{2e6, 2e6}, std::pair{2e6, 5e7}, std::pair{1e4, 3e9}}) {
            const double s1 = std::pow(e2, 2.0 / 3) / (std::pow(e1, 2.0 / 3) + std::pow(e2, 2.0 / 3));
            const double e_simbody = std::pow(s1 * std::pow(e1, 2.0 / 3), 1.5);
            const double k1 = std::pow(4.0 / 3 * std::sqrt(r) * e1, 2.0 / 3);
            const double k2 = std::pow(4.0 / 3 * std::sqrt(r) * e2, 2.0 / 3);
            QVERIFY(close(std::pow(combine_stiffness(k1, k2), 1.5), 4.0 / 3 * std::sqrt(r) * e_simbody, 1e-10));
        }
        // the corpus H0918 value: k_osim = 2e6, r = 0.03
        QVERIFY(std::abs(std::pow(4.0 / 3 * std::sqrt(0.03) * 2e6, 2.0 / 3) - 5975.21) < 0.01);
    }
};

QTEST_APPLESS_MAIN(TestMaterialCombination)
#include "test_material_combination.moc"
