// create_integrator and the integrator rows of the component table: every
// registered name builds an integrator of that name, with the table's planar
// flag, its default step and activation rates, and the properties written;
// unknown names and bad values are errors at their line:col.
#include "format/parser.h"
#include "integrators/integrator.h"
#include "sim/components.h"

#include <QTest>

#include <set>

using namespace hfd;

namespace {

struct Created {
    std::unique_ptr<Integrator> integrator;
    std::vector<Diagnostic> diagnostics;
};

Created create(const std::string& text) {
    Created created;
    const ParseResult parsed = parse_text(text, "config.hfd");
    if (!parsed.ok() || parsed.root.children.empty()) {
        created.diagnostics = parsed.diagnostics;
        return created;
    }
    static const std::string file = "config.hfd";
    IntegratorContext context{file, created.diagnostics};
    created.integrator = create_integrator(parsed.root.children[0], context);
    return created;
}

}  // namespace

class TestIntegratorRegistry : public QObject {
    Q_OBJECT
private slots:
    void names_are_the_integrator_rows_of_the_table() {
        std::vector<std::string_view> rows;
        for (const ComponentInfo& component : component_table())
            if (component.is_integrator()) rows.push_back(component.name);
        QVERIFY(integrator_names() == rows);
        // the manual's nine integrators and Hyfydy 1.12's predictive_integrator_psemtw
        QCOMPARE(rows.size(), size_t(10));
        QCOMPARE(std::set<std::string_view>(rows.begin(), rows.end()).size(), rows.size());
    }

    void every_name_builds_with_its_defaults_data() {
        QTest::addColumn<QString>("name");
        for (std::string_view name : integrator_names()) QTest::newRow(name.data()) << QString::fromLatin1(name.data());
    }
    void every_name_builds_with_its_defaults() {
        QFETCH(QString, name);
        const Created created = create(name.toStdString() + " {}");
        QVERIFY(created.diagnostics.empty());
        QVERIFY(created.integrator);
        QCOMPARE(std::string(created.integrator->name()), name.toStdString());
        const ComponentInfo& row = *find_component(name.toStdString());
        QCOMPARE(created.integrator->is_planar(), row.planar);
        // fixed step: step_size 0.001; variable step: max_step 0.01 (docs/format_reference.md)
        const bool variable = row.family == ComponentFamily::VariableStepIntegrator;
        QCOMPARE(created.integrator->nominal_step_size(), variable ? 0.01 : 0.001);
        QCOMPARE(created.integrator->activation_rate, 100.0);
        QCOMPARE(created.integrator->deactivation_rate, 25.0);
    }

    void planar_flag_matches_the_manual() {
        // the planar integrators are the ones the manual names planar (p...), and Hyfydy 1.12's
        const std::set<std::string> planar = {"planar_symplectic_euler_integrator", "error_control_integrator_psem",
                                              "error_control_integrator_pse", "predictive_integrator_psemtw"};
        for (std::string_view name : integrator_names()) {
            const Created created = create(std::string(name) + " {}");
            QVERIFY(created.integrator);
            QVERIFY2(created.integrator->is_planar() == (planar.count(std::string(name)) == 1), name.data());
        }
    }

    void written_properties_are_used() {
        const Created fixed = create(
            "symplectic_euler_integrator { step_size = 0.0005 activation_rate = 50 "
            "deactivation_rate = 10 }");
        QVERIFY(fixed.integrator && fixed.diagnostics.empty());
        QCOMPARE(fixed.integrator->nominal_step_size(), 0.0005);
        QCOMPARE(fixed.integrator->activation_rate, 50.0);
        QCOMPARE(fixed.integrator->deactivation_rate, 10.0);
        const Created variable = create("error_control_integrator_mem { accuracy = 0.001 max_step = 0.002 }");
        QVERIFY(variable.integrator && variable.diagnostics.empty());
        QCOMPARE(variable.integrator->nominal_step_size(), 0.002);
    }

    void unknown_name_is_an_error_listing_the_known_ones() {
        const Created created = create("\n  runge_kutta_integrator { step_size = 0.001 }");
        QVERIFY(!created.integrator);
        QCOMPARE(created.diagnostics.size(), size_t(1));
        const Diagnostic& d = created.diagnostics[0];
        QCOMPARE(d.severity, Severity::Error);
        QCOMPARE(d.location.file, std::string("config.hfd"));
        QCOMPARE(d.location.line, 2);
        QCOMPARE(d.location.column, 3);
        QVERIFY(d.message.find("'runge_kutta_integrator'") != std::string::npos);
        for (std::string_view name : integrator_names()) QVERIFY(d.message.find(name) != std::string::npos);
    }

    void a_force_is_not_an_integrator() {
        const Created created = create("joint_force_pnld {}");
        QVERIFY(!created.integrator);
        QVERIFY(has_errors(created.diagnostics));
    }

    void bad_values_are_errors_at_the_property_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("key");
        QTest::newRow("zero step") << "forward_euler_integrator {\n\tstep_size = 0\n}"
                                   << "step_size";
        QTest::newRow("negative accuracy") << "error_control_integrator_sem {\n\taccuracy = -1\n}"
                                           << "accuracy";
        QTest::newRow("not a number") << "midpoint_euler_integrator {\n\tactivation_rate = fast\n}"
                                      << "activation_rate";
    }
    void bad_values_are_errors_at_the_property() {
        QFETCH(QString, text);
        QFETCH(QString, key);
        const Created created = create(text.toStdString());
        QVERIFY(!created.integrator);
        QCOMPARE(created.diagnostics.size(), size_t(1));
        const Diagnostic& d = created.diagnostics[0];
        QCOMPARE(d.severity, Severity::Error);
        QCOMPARE(d.location.line, 2);
        QCOMPARE(d.location.column, 2);
        QVERIFY2(d.message.find(key.toStdString()) != std::string::npos, d.message.c_str());
    }

    void min_step_above_max_step_is_an_error() {
        const Created created = create("error_control_integrator_mem { min_step = 0.1 max_step = 0.01 }");
        QVERIFY(!created.integrator);
        QVERIFY(has_errors(created.diagnostics));
        QVERIFY(created.diagnostics[0].message.find("min_step") != std::string::npos);
    }

    void unknown_property_is_a_warning_at_it() {
        // a fixed-step integrator has no accuracy
        const Created created = create("symplectic_euler_integrator {\n\taccuracy = 0.01\n}");
        QVERIFY(created.integrator);
        QCOMPARE(created.diagnostics.size(), size_t(1));
        QCOMPARE(created.diagnostics[0].severity, Severity::Warning);
        QCOMPARE(created.diagnostics[0].location.line, 2);
        QVERIFY(created.diagnostics[0].message.find("'accuracy'") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestIntegratorRegistry)
#include "test_integrator_registry.moc"
