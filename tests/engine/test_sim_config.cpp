// The simulation blocks beside the model: composite_force and one integrator,
// defaults for what is missing, and a word about everything else.
#include "format/parser.h"
#include "model/build_model.h"
#include "run/run_setup.h"
#include "sim/sim_config.h"
#include "sim/simulation.h"

#include <QtTest>

using namespace hfd;

namespace {

struct Read {
    SimConfig config;
    std::vector<Diagnostic> diagnostics;
};

Read read(const std::string& text) {
    Read result;
    ParseResult parsed = parse_text(text, "config.hfd");
    result.config = read_sim_config(parsed.root, "config.hfd", result.diagnostics);
    return result;
}

}  // namespace

class TestSimConfig : public QObject {
    Q_OBJECT
private slots:
    void missingBlocksTakeTheDefaults() {
        const Read r = read("model { name = m }\n$step = 0.001\n");
        QVERIFY(r.diagnostics.empty());
        QVERIFY(r.config.from_defaults);
        QCOMPARE(r.config.integrator.key, default_sim_config().integrator.key);
        QCOMPARE(r.config.composite_force.children.size(), default_sim_config().composite_force.children.size());
    }

    void givenBlocksAreRead() {
        const Read r =
            read("composite_force { joint_force_pd {} }\nsymplectic_euler_integrator { step_size = 0.001 }\n");
        QVERIFY(r.diagnostics.empty());
        QVERIFY(!r.config.from_defaults);
        QCOMPARE(r.config.integrator.key, std::string("symplectic_euler_integrator"));
        QCOMPARE(r.config.composite_force.children.size(), size_t(1));
    }

    // Issue #38: a second simple_collision_detection ran twice and changed the
    // result. Every force family acts on the whole model: one of each.
    void secondComponentOfAFamilyIsAnErrorAtItsLine() {
        auto create = [](const std::string& forces, std::vector<Diagnostic>& diagnostics) {
            const ParseResult parsed = parse_text(
                "model { body { name = ground mass = 0 } }\ncomposite_force {\n" + forces + "}\n", "config.hfd");
            SimConfig config = read_sim_config(parsed.root, "config.hfd", diagnostics);
            BuildResult built = build_model(parsed.root, "config.hfd");
            return Simulation::create(std::move(*built.model), config, diagnostics);
        };
        for (const char* second : {"simple_collision_detection", "joint_force_pd", "contact_force_hunt_crossley",
                                   "muscle_force_gh2010", "muscle_activation_opensim", "joint_motor_force"}) {
            const std::string forces =
                "\tjoint_force_pnld {}\n\tsimple_collision_detection {}\n\tcontact_force_pd {}\n"
                "\tmuscle_activation {}\n\tmuscle_force_m2012fast {}\n\tjoint_motor_force {}\n\t" +
                std::string(second) + " {}\n";
            std::vector<Diagnostic> diagnostics;
            QVERIFY2(!create(forces, diagnostics), second);
            QCOMPARE(diagnostics.size(), size_t(1));
            QCOMPARE(diagnostics[0].location.line, 9);
            QVERIFY(diagnostics[0].message.find(second) != std::string::npos);
        }
        std::vector<Diagnostic> once;
        QVERIFY(create("\tjoint_force_pnld {}\n\tsimple_collision_detection {}\n\tcontact_force_pd {}\n", once));
        QVERIFY(!has_errors(once));
    }

    // Issue #38: a model block in a --config file was ignored without a word.
    void modelInAConfigFileIsReported() {
        const ParseResult parsed =
            parse_text("composite_force { joint_force_pnld {} }\nmodel {\n\tbody { name = b }\n}\n", "cfg.zml");
        std::vector<Diagnostic> diagnostics;
        read_run_config(parsed.root, "cfg.zml", true, diagnostics);
        QCOMPARE(diagnostics.size(), size_t(1));
        QCOMPARE(diagnostics[0].severity, Severity::Warning);
        QCOMPARE(diagnostics[0].location.line, 2);
        QVERIFY(diagnostics[0].message.find("ignored") != std::string::npos);
        std::vector<Diagnostic> in_model_file;
        read_run_config(parsed.root, "model.hfd", false, in_model_file);
        QVERIFY(in_model_file.empty());
    }

    void secondIntegratorIsAnErrorAtItsLine() {
        const Read r = read("forward_euler_integrator {}\nmidpoint_euler_integrator {}\n");
        QCOMPARE(r.diagnostics.size(), size_t(1));
        QCOMPARE(r.diagnostics[0].severity, Severity::Error);
        QCOMPARE(r.diagnostics[0].location.line, 2);
    }

    // A misspelt block would leave the defaults in force: it is named, with its place.
    void misspeltBlockIsWarnedAbout() {
        const Read r =
            read("model { name = m }\ncomposit_force { joint_force_pd {} }\n  error_control_integrator_semm {}\n");
        QCOMPARE(r.diagnostics.size(), size_t(2));
        for (const Diagnostic& d : r.diagnostics) QCOMPARE(d.severity, Severity::Warning);
        QVERIFY(r.diagnostics[0].message.find("'composit_force'") != std::string::npos);
        QVERIFY(r.diagnostics[0].message.find("composite_force") != std::string::npos);
        QCOMPARE(r.diagnostics[0].location.line, 2);
        QCOMPARE(r.diagnostics[0].location.column, 1);
        QVERIFY(r.diagnostics[1].message.find("error_control_integrator_sem,") != std::string::npos);
        QCOMPARE(r.diagnostics[1].location.line, 3);
        QCOMPARE(r.diagnostics[1].location.column, 3);
        QVERIFY(r.config.from_defaults);
    }
};

QTEST_APPLESS_MAIN(TestSimConfig)
#include "test_sim_config.moc"
