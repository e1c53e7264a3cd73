// A run that fails because the step size fell below min_step names the body
// whose error was largest and the force component and element (joint, contact
// pair) that changed that body's acceleration most; so do the start checks for
// geometry that starts deep inside another and motors that nothing drives.
#include "chain_models.h"
#include "sim/start_checks.h"
#include "sim/step_diagnosis.h"
#include "sim_test_util.h"

#include <QTest>

using namespace hfd;

namespace {

// A ball 0.1 m in radius above (height > 0.1) or in a stiff floor.
std::string ball_text(double height, const std::string& config) {
    return R"(
model {
	material { name = hard stiffness = 1e7 damping = 0 static_friction = 0 dynamic_friction = 0 }
	body { name = ground mass = 0 inertia { x = 0 y = 0 z = 0 } }
	geometry { name = floor type = plane body = ground normal = [ 0 1 0 ] material = hard }
	body { name = hanger mass = 1 inertia { x = 0.01 y = 0.01 z = 0.01 } pos { x = 2 y = 1 z = 0 } }
	body { name = ball mass = 1 inertia { x = 0.004 y = 0.004 z = 0.004 } pos { x = 0 y = )" +
           std::to_string(height) + R"( z = 0 } lin_vel { x = 0 y = -3 z = 0 } }
	geometry { name = shell type = sphere radius = 0.1 body = ball material = hard }
}
)" + config;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

class TestStepDiagnosis : public QObject {
    Q_OBJECT
private slots:
    void failed_step_names_the_joint_of_a_stiff_pendulum() {
        std::string text = test::pin_pendulum_text;
        text.replace(text.find("symplectic_euler_integrator { step_size = 1e-4 }"), 48,
                     "error_control_integrator_sem { accuracy = 1e-9 min_step = 1e-3 max_step = 1e-2 }");
        auto sim = test::make_simulation(text);
        QVERIFY(sim);
        QVERIFY(!sim->advance_to(0.1));
        QVERIFY(sim->error());
        const std::string& message = sim->error()->message;
        qInfo("%s", message.c_str());
        QCOMPARE(sim->error()->body, sim->model().find_body("bob"));
        QVERIFY2(contains(message, "min_step"), message.c_str());
        QVERIFY2(contains(message, "body 'bob'"), message.c_str());
        QVERIFY2(contains(message, "joint_force_pd, joint 'pivot'"), message.c_str());
    }

    void failed_step_names_the_contact_of_a_ball_hitting_a_hard_floor() {
        // Two dynamic bodies: the free-falling hanger has no error; the ball
        // entering the floor at 3 m/s has all of it, through the contact force.
        auto sim = test::make_simulation(ball_text(0.1005, R"(
composite_force { simple_collision_detection {} contact_force_pd {} }
error_control_integrator_sem { accuracy = 1e-3 min_step = 1e-4 max_step = 1e-3 }
)"));
        QVERIFY(sim);
        QVERIFY(!sim->advance_to(0.05));
        QVERIFY(sim->error());
        const std::string& message = sim->error()->message;
        qInfo("%s", message.c_str());
        QCOMPARE(sim->error()->body, sim->model().find_body("ball"));
        QVERIFY2(contains(message, "body 'ball'"), message.c_str());
        QVERIFY2(contains(message, "contact_force_pd, contact 'floor' - 'shell'"), message.c_str());
    }

    void geometry_that_starts_deep_in_the_floor_is_warned_about() {
        const std::string config =
            "composite_force { simple_collision_detection {} contact_force_pd {} }\n"
            "symplectic_euler_integrator { step_size = 1e-5 }\n";
        auto deep = test::make_simulation(ball_text(-0.25, config));
        QVERIFY(deep);
        const std::vector<Diagnostic> warnings = check_initial_contacts(*deep);
        QCOMPARE(warnings.size(), size_t(1));
        const std::string text = format_diagnostic(warnings[0]);
        qInfo("%s", text.c_str());
        QVERIFY(warnings[0].severity == Severity::Warning);
        QVERIFY2(contains(text, "'shell' starts 0.35 m inside 'floor'"), text.c_str());
        QCOMPARE(warnings[0].location.line, 8);  // the geometry of the ball

        auto resting = test::make_simulation(ball_text(0.099, config));  // 1 mm deep: a contact, not a mistake
        QVERIFY(resting);
        QVERIFY(check_initial_contacts(*resting).empty());
        QCOMPARE(resting->data().contacts.size(), size_t(1));
    }

    void motors_without_a_motor_force_are_warned_about() {
        const std::string motor_model = R"(
model {
	body { name = ground mass = 0 inertia { x = 0 y = 0 z = 0 } }
	body { name = arm mass = 1 inertia { x = 0.01 y = 0.01 z = 0.01 } pos { x = 0.5 y = 1 z = 0 }
		joint { name = shoulder parent = ground pos_in_parent { x = 0 y = 1 z = 0 } pos_in_child { x = -0.5 y = 0 z = 0 } } }
	joint_motor { name = shoulder_motor joint = shoulder stiffness = 10 damping = 1 }
}
)";
        std::vector<Diagnostic> without, with;
        QVERIFY(test::make_simulation(motor_model + "composite_force { joint_force_pnld {} }\n"
                                                    "symplectic_euler_integrator { step_size = 1e-4 }\n",
                                      &without));
        QCOMPARE(without.size(), size_t(1));
        const std::string text = format_diagnostic(without[0]);
        QVERIFY2(contains(text, "1 joint_motor components") && contains(text, "no joint_motor_force"), text.c_str());
        QCOMPARE(without[0].location.line, 6);  // at the motor
        QVERIFY(test::make_simulation(motor_model + "composite_force { joint_force_pnld {} joint_motor_force {} }\n"
                                                    "symplectic_euler_integrator { step_size = 1e-4 }\n",
                                      &with));
        QVERIFY(with.empty());
    }
};

QTEST_APPLESS_MAIN(TestStepDiagnosis)
#include "test_step_diagnosis.moc"
