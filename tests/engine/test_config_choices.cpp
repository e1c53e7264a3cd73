// The force and integrator choices (sim/config_choices.h): read from a config
// by the component table's families, written back in canonical order with the
// kept components' properties, and put into a model file's text by edits that
// leave everything outside the two blocks as it was.
#include "sim/config_choices.h"

#include "format/parser.h"

#include <QtTest>

#include <algorithm>

using namespace hfd;

namespace {

const std::string pendulum =
    "model {\n"
    "\tname = pendulum\n"
    "\tbody { name = ground mass = 0 inertia { x = 0 y = 0 z = 0 } }\n"
    "\tbody { name = link mass = 2.5 inertia { x = 0.1 y = 0.1 z = 0.1 } pos { x = 0 y = 1 z = 0 }\n"
    "\t\tjoint { name = hinge parent = ground pos_in_parent { x = 0 y = 2 z = 0 } pos_in_child { x = 0 y = 1 z = 0 } "
    "}\n"
    "\t}\n"
    "}\n";

std::string model_with_config() {
    return pendulum +
           "composite_force {\n\tjoint_force_pnld {}\n\tsimple_collision_detection {}\n"
           "\tcontact_force_hunt_crossley {}\n}\n# integrator\nerror_control_integrator_mem { accuracy = 0.001 }\n";
}

SimConfig config_of(const std::string& text) {
    const ParseResult parsed = parse_text(text, "test.hfd");
    std::vector<Diagnostic> diagnostics;
    SimConfig config = read_sim_config(parsed.root, "test.hfd", diagnostics);
    return parsed.ok() && !has_errors(diagnostics) ? config : SimConfig{};
}

}  // namespace

class TestConfigChoices : public QObject {
    Q_OBJECT
private slots:
    void editsReplaceTheBlocksInPlace() {
        const std::string text = model_with_config();
        const ParseResult parsed = parse_text(text, "test.hfd");
        QVERIFY(parsed.ok());
        SimConfig config = config_of(text);
        ForceChoices choices = choices_from_config(config);
        choices.integrator = "symplectic_euler_integrator";
        choices.step_size = 0.0005;
        choices.contact_force = "contact_force_pd";
        apply_choices(choices, config);
        const std::string edited = apply_text_edits(text, config_block_edits(text, parsed.root, config));
        const SimConfig read = config_of(edited);
        QCOMPARE(read.integrator.key, std::string("symplectic_euler_integrator"));
        QCOMPARE(to_number(*read.integrator.find("step_size")).value(), 0.0005);
        QVERIFY(!read.integrator.find("accuracy"));
        QCOMPARE(read.composite_force.children.size(), size_t(3));
        QCOMPARE(read.composite_force.children[2].key, std::string("contact_force_pd"));
        // Everything outside the two blocks is untouched, the comment between them included.
        const size_t model_end = text.find("composite_force");
        QCOMPARE(edited.substr(0, model_end), text.substr(0, model_end));
        QVERIFY(edited.find("# integrator") != std::string::npos);
        QCOMPARE(std::count(edited.begin(), edited.end(), '{'), std::count(edited.begin(), edited.end(), '}'));
        QVERIFY(edited.find("error_control_integrator_mem") == std::string::npos);
    }

    void editsAppendMissingBlocks() {
        const std::string text = pendulum;
        const ParseResult parsed = parse_text(text, "test.hfd");
        QVERIFY(parsed.ok());
        std::vector<Diagnostic> diagnostics;
        SimConfig config = read_sim_config(parsed.root, "test.hfd", diagnostics);
        QVERIFY(config.from_defaults);
        ForceChoices choices = choices_from_config(config);
        choices.motors = false;
        choices.muscle_force.clear();
        apply_choices(choices, config);
        const std::string edited = apply_text_edits(text, config_block_edits(text, parsed.root, config));
        QVERIFY(edited.rfind(text, 0) == 0);  // appended after the unchanged model
        const SimConfig read = config_of(edited);
        QVERIFY(!read.from_defaults);
        QVERIFY(read.composite_force.same_content(config.composite_force));
        QVERIFY(read.integrator.same_content(config.integrator));
        QVERIFY(!read.composite_force.find("joint_motor_force"));
    }

    void choicesRoundTripThroughConfig() {
        SimConfig config = config_of(model_with_config());
        ForceChoices choices = choices_from_config(config);
        QCOMPARE(choices.joint_force, std::string("joint_force_pnld"));
        QVERIFY(choices.collision_detection);
        QVERIFY(!choices.collision_between_objects);
        QCOMPARE(choices.accuracy, 0.001);
        choices.collision_between_objects = true;
        choices.muscle_force = "muscle_force_gh2010";
        choices.motors = true;
        apply_choices(choices, config);
        const ForceChoices back = choices_from_config(config);
        QVERIFY(back.collision_between_objects);
        QCOMPARE(back.muscle_force, std::string("muscle_force_gh2010"));
        QVERIFY(back.motors);
        // canonical order: joint, collision, contact, muscle, motor
        QStringList keys;
        for (const PropNode& child : config.composite_force.children) keys << QString::fromStdString(child.key);
        QCOMPARE(keys, QStringList({"joint_force_pnld", "simple_collision_detection", "contact_force_hunt_crossley",
                                    "muscle_force_gh2010", "joint_motor_force"}));
        choices.collision_detection = false;
        apply_choices(choices, config);
        QVERIFY(!config.composite_force.find("simple_collision_detection"));
    }

    void integratorFamilyKeepsItsOwnProperties() {
        SimConfig config = config_of(model_with_config());
        ForceChoices choices = choices_from_config(config);
        QVERIFY(is_error_controlled(choices.integrator));
        QVERIFY(!is_error_controlled("symplectic_euler_integrator"));
        // a fixed-step integrator drops accuracy (read only by variable-step ones) and back
        choices.integrator = "symplectic_euler_integrator";
        apply_choices(choices, config);
        QVERIFY(config.integrator.find("step_size") && !config.integrator.find("accuracy"));
        choices.integrator = "error_control_integrator_sem";
        choices.accuracy = 1e-5;
        apply_choices(choices, config);
        QVERIFY(!config.integrator.find("step_size"));
        QCOMPARE(to_number(*config.integrator.find("accuracy")).value(), 1e-5);
        // the names offered are the table's, in its order
        const std::vector<std::string> contacts = component_names(ComponentFamily::Contact);
        QVERIFY(std::find(contacts.begin(), contacts.end(), "contact_force_pd") != contacts.end());
        for (const std::string& name : contacts) QCOMPARE(find_component(name)->family, ComponentFamily::Contact);
    }
};

QTEST_APPLESS_MAIN(TestConfigChoices)
#include "test_config_choices.moc"
