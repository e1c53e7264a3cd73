// After a change of the controls alone, Simulation re-runs only the components that
// read them, from the loads kept before the first one that adds loads from them
// (evaluate_changed_controls). Its data must be the bits of a full evaluation of the
// same state and controls, whatever the order of the components.
#include "sim_test_util.h"

#include <QtTest>

#include <cstring>
#include <utility>
#include <string>

using namespace hfd;
using namespace hfd::test;

namespace {

// A pelvis over a floor on a sphere, a thigh on a hip with limits and a motor, two
// muscles across the hip: every kind of component the gait scenarios use.
std::string model_text(const std::string& components) {
    return R"(
model {
    body { name = ground mass = 0 inertia { x = 0 y = 0 z = 0 } }
    body { name = pelvis mass = 10 inertia { x = 0.1 y = 0.09 z = 0.06 } pos { x = 0 y = 0.12 z = 0 }
           ang_vel { x = 0.3 y = -0.2 z = 0.5 } }
    body {
        name = thigh mass = 8 inertia { x = 0.13 y = 0.035 z = 0.14 }
        joint { name = hip parent = pelvis pos_in_parent { x = 0 y = -0.05 z = 0.08 } pos_in_child { x = 0 y = 0.17 z = 0 }
                limits { x = -45..20 y = 0..0 z = -30..120 } }
    }
    joint_motor { name = hip_motor joint = hip max_torque = 100 stiffness = 0 damping = 5 }
    point_path_muscle { name = flexor max_isometric_force = 1000 optimal_fiber_length = 0.1 tendon_slack_length = 0.1
        path [ { body = pelvis pos { x = 0.03 y = 0.04 z = 0.07 } } { body = thigh pos { x = 0.02 y = 0.1 z = 0.03 } } ] }
    point_path_muscle { name = extensor max_isometric_force = 1500 optimal_fiber_length = 0.12 tendon_slack_length = 0.1
        path [ { body = pelvis pos { x = -0.06 y = 0.01 z = 0.06 } } { body = thigh pos { x = -0.04 y = 0.11 z = 0.03 } } ] }
    geometry { name = floor type = plane normal { x = -1 y = 0 z = 0 } body = ground ori { x = 0 y = 0 z = -90 } }
    geometry { name = seat type = sphere radius = 0.13 body = pelvis }
}
composite_force {
)" + components +
           R"(}
error_control_integrator_sem { accuracy = 0.01 }
)";
}

bool same_bits(const std::vector<Vec3>& a, const std::vector<Vec3>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(Vec3)) == 0;
}
bool same_bits(const std::vector<double>& a, const std::vector<double>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

}  // namespace

class TestControlChange : public QObject {
    Q_OBJECT

private slots:
    void changedControlsGiveTheFullEvaluation_data() {
        QTest::addColumn<QString>("components");
        const QString joint = "  joint_force_pnld {}\n",
                      contact =
                          "  simple_collision_detection {}\n"
                          "  contact_force_hunt_crossley {}\n",
                      activation = "  muscle_activation {}\n", muscles = "  muscle_force_m2012fast {}\n",
                      motor = "  joint_motor_force {}\n";
        QTest::newRow("motor last (SCONE's order)") << joint + contact + activation + muscles + motor;
        QTest::newRow("motor in the middle") << joint + motor + contact + activation + muscles;
        QTest::newRow("motor first") << motor + joint + contact + muscles + activation;
    }
    void changedControlsGiveTheFullEvaluation() {
        QFETCH(QString, components);
        auto sim = make_simulation(model_text(components.toStdString()));
        QVERIFY(sim);
        for (int i = 0; i < 20; ++i) QVERIFY(sim->step());
        QVERIFY(!sim->data().contacts.empty());  // the sphere rests on the floor
        const Data before = sim->data();
        Controls& controls = sim->controls();
        controls.excitation = {0.7, 0.2};
        controls.motors[0].added_torque = Vec3(1.5, -2.0, 4.0);
        controls.motors[0].damping = 12;
        sim->ensure_evaluated();
        const Data& changed = sim->data();
        Data full = before;
        sim->evaluate(std::as_const(*sim).state(), full);
        QVERIFY(!same_bits(changed.ang_acc, before.ang_acc));  // the change matters
        QVERIFY(!same_bits(changed.activation_derivative, before.activation_derivative));
        QVERIFY(same_bits(changed.force, full.force));
        QVERIFY(same_bits(changed.torque, full.torque));
        QVERIFY(same_bits(changed.lin_acc, full.lin_acc));
        QVERIFY(same_bits(changed.ang_acc, full.ang_acc));
        QVERIFY(same_bits(changed.activation_derivative, full.activation_derivative));
        QVERIFY(same_bits(changed.fiber_length_derivative, full.fiber_length_derivative));
        QVERIFY(same_bits(changed.motor_torque, full.motor_torque));
        // and the run goes on from there as from a full evaluation
        for (int i = 0; i < 5; ++i) QVERIFY(sim->step());
    }
};

QTEST_APPLESS_MAIN(TestControlChange)
#include "test_control_change.moc"
