// The ground reaction per body at its centre of pressure (draw/contact_summary.h)
// and the centre of mass of a model (state/kinematics.h), as the view draws them.
#include "draw/contact_summary.h"
#include "state/kinematics.h"

#include <QtTest>

using namespace hfd;

namespace {
bool near(const Vec3& a, const Vec3& b, double tol = 1e-12) { return (a - b).norm() <= tol; }
}  // namespace

class TestContactSummary : public QObject {
    Q_OBJECT
private slots:
    // Heel and toe of the right foot, one sphere of the left:
    //   right: F = (0,100,0) at (0,0,0.1) + (10,300,-5) at (0.2,0,0.1)
    //          sum (10,400,-5); COP x = (0*100 + 0.2*300)/400 = 0.15, z = 0.1
    //   left:  (0,250,0) at (0.5,0,-0.1), alone: its own point.
    void ground_reaction_per_body_at_the_centre_of_pressure() {
        const Index right = 3, left = 6;
        const std::vector<PoseSnapshot::ContactArrow> contacts = {
            {Vec3(0, 0, 0.1), Vec3(0, 100, 0), right},
            {Vec3(0.5, 0, -0.1), Vec3(0, 250, 0), left},
            {Vec3(0.2, 0, 0.1), Vec3(10, 300, -5), right},
            {Vec3(9, 9, 9), Vec3(0, 1000, 0), no_index},  // unknown body: left out
        };
        std::vector<BodyContactForce> reactions;
        sum_contact_forces_per_body(contacts, Vec3::UnitY(), reactions);
        QCOMPARE(reactions.size(), std::size_t(2));
        QCOMPARE(reactions[0].body, right);
        QVERIFY(near(reactions[0].force, Vec3(10, 400, -5)));
        QVERIFY(near(reactions[0].point, Vec3(0.15, 0, 0.1)));
        QCOMPARE(reactions[1].body, left);
        QVERIFY(near(reactions[1].force, Vec3(0, 250, 0)));
        QVERIFY(near(reactions[1].point, Vec3(0.5, 0, -0.1)));

        // The vertical parts of the forces have the same moment about any point when the
        // summed vertical force acts at the COP (its definition).
        const Vec3 o(0.07, 0, -0.3);
        Vec3 separate = Vec3::Zero();
        for (int i : {0, 2}) separate += (contacts[i].point - o).cross(contacts[i].force.y() * Vec3::UnitY());
        QVERIFY(near((reactions[0].point - o).cross(reactions[0].force.y() * Vec3::UnitY()), separate, 1e-12));

        // Reused output, no stale entries; a floor with z up weighs by the z forces.
        sum_contact_forces_per_body({{Vec3(1, 0, 0), Vec3(0, 0, 30), left}, {Vec3(0, 2, 0), Vec3(0, 0, 10), left}},
                                    Vec3::UnitZ(), reactions);
        QCOMPARE(reactions.size(), std::size_t(1));
        QVERIFY(near(reactions[0].point, Vec3(0.75, 0.5, 0)));
    }

    // Purely sideways forces have no pressure: the points are weighed by |F|.
    void no_pressure_falls_back_to_force_magnitudes() {
        std::vector<BodyContactForce> reactions;
        sum_contact_forces_per_body({{Vec3(0, 0, 0), Vec3(3, 0, 0), 1}, {Vec3(1, 0, 0), Vec3(0, 0, -1), 1}},
                                    Vec3::UnitY(), reactions);
        QCOMPARE(reactions.size(), std::size_t(1));
        QVERIFY(near(reactions[0].force, Vec3(3, 0, -1)));
        QVERIFY(near(reactions[0].point, Vec3(0.25, 0, 0)));
    }

    // (2 kg at (1,0,0) + 6 kg at (0,2,0)) / 8 kg; the static ground does not count.
    void center_of_mass_weighs_moving_bodies() {
        Model model;
        model.bodies.resize(3);
        model.bodies[1].mass = 2;
        model.bodies[2].mass = 6;
        QVERIFY(near(center_of_mass(model, std::vector<Vec3>{Vec3(50, 50, 50), Vec3(1, 0, 0), Vec3(0, 2, 0)}),
                     Vec3(0.25, 1.5, 0)));
        QVERIFY(near(center_of_mass(model, std::vector<Vec3>{Vec3(1, 0, 0)}), Vec3::Zero()));  // poses of another model
    }
};

QTEST_APPLESS_MAIN(TestContactSummary)
#include "test_contact_summary.moc"
