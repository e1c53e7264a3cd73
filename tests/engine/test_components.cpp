// The component table (sim/components.cpp): one row per name; every force row
// builds a component of that name whose planar flag is the row's; every
// property default is a value its own bound accepts, and writing every property
// at its default is read without a diagnostic.
#include "format/parser.h"
#include "model/build_model.h"
#include "sim/components.h"

#include <QTest>

#include <set>

using namespace hfd;

namespace {

// Two bodies on a hinge, a floor, a muscle: every force component has something to act on.
const char* model_text = R"(
model {
	body { name = ground mass = 0 inertia { x = 0 y = 0 z = 0 } }
	geometry { name = floor type = plane body = ground normal = [ 0 1 0 ] }
	body { name = thigh mass = 5 inertia { x = 0.1 y = 0.02 z = 0.1 } pos { x = 0 y = 1 z = 0 }
		joint { name = hip parent = ground pos_in_child = [ 0 0.2 0 ] pos_in_parent = [ 0 1.2 0 ] }
	}
	geometry { name = knee_ball type = sphere radius = 0.05 body = thigh pos = [ 0 -0.2 0 ] }
	point_path_muscle { name = flexor max_isometric_force = 500 optimal_fiber_length = 0.1
		tendon_slack_length = 0.2 path [ { body = ground pos = [ 0.05 1.3 0 ] } { body = thigh pos = [ 0.05 0 0 ] } ] }
}
)";

QString qstring(std::string_view text) { return QString::fromUtf8(text.data(), qsizetype(text.size())); }

std::string with_defaults_written(const ComponentInfo& component) {
    std::string text = std::string(component.name) + " {";
    for (const PropertySpec& spec : component.properties)
        text += " " + std::string(spec.key) + " = " + QString::number(spec.default_value, 'g', 17).toStdString();
    return text + " }";
}

}  // namespace

class TestComponents : public QObject {
    Q_OBJECT
    std::optional<Model> model_;

private slots:
    void initTestCase() {
        BuildResult built = build_model(parse_text(model_text, "model.hfd").root, "model.hfd");
        QVERIFY(built.ok());
        model_ = std::move(built.model);
    }

    void names_are_unique_and_found() {
        std::set<std::string_view> names;
        for (const ComponentInfo& component : component_table()) {
            QVERIFY2(names.insert(component.name).second, component.name.data());
            QCOMPARE(find_component(component.name), &component);
        }
        QVERIFY(!find_component("joint_force"));
        QVERIFY(!find_component(""));
    }

    void forces_have_factories_and_integrators_not() {
        for (const ComponentInfo& component : component_table()) {
            QVERIFY2(component.is_integrator() == !component.factory, component.name.data());
            QVERIFY(find_force_factory(component.name) == component.factory);
        }
        QCOMPARE(force_registry().size() + integrator_names().size(), component_table().size());
    }

    void every_force_builds_with_its_name_and_planar_flag_data() {
        QTest::addColumn<QString>("name");
        for (const ComponentInfo& component : component_table())
            if (!component.is_integrator()) QTest::newRow(component.name.data()) << qstring(component.name);
    }
    void every_force_builds_with_its_name_and_planar_flag() {
        QFETCH(QString, name);
        const ComponentInfo& row = *find_component(name.toStdString());
        PropNode props;
        props.key = name.toStdString();
        props.kind = PropNode::Kind::Group;
        std::vector<Diagnostic> diagnostics;
        const std::string file = "config.hfd";
        ForceContext context{*model_, file, diagnostics};
        const std::unique_ptr<ForceComponent> force = create_force(props, context);
        QVERIFY2(force, diagnostics.empty() ? "" : diagnostics[0].message.c_str());
        QCOMPARE(qstring(force->name()), name);
        QCOMPARE(force->is_planar(), row.planar);
    }

    void defaults_are_within_their_bounds_and_read_back_data() {
        QTest::addColumn<QString>("name");
        for (const ComponentInfo& component : component_table())
            if (!component.properties.empty()) QTest::newRow(component.name.data()) << qstring(component.name);
    }
    void defaults_are_within_their_bounds_and_read_back() {
        QFETCH(QString, name);
        const ComponentInfo& row = *find_component(name.toStdString());
        const ParseResult parsed = parse_text(with_defaults_written(row), "config.hfd");
        QVERIFY(parsed.ok());
        const PropNode& props = parsed.root.children[0];
        std::vector<Diagnostic> diagnostics;
        PropertyValues values;
        QVERIFY(read_properties(props, row.properties, "config.hfd", diagnostics, values));
        QVERIFY(diagnostics.empty());
        for (const PropertySpec& spec : row.properties) {
            QCOMPARE(values[spec.key], spec.default_value);
            QVERIFY(values.is_written(spec.key));
        }
        // and the component is created from them without a word
        if (row.factory) {
            const std::string file = "config.hfd";
            ForceContext context{*model_, file, diagnostics};
            QVERIFY(create_force(props, context));
        } else {
            IntegratorContext context{"config.hfd", diagnostics};
            QVERIFY(create_integrator(props, context));
        }
        QVERIFY2(diagnostics.empty(), diagnostics.empty() ? "" : diagnostics[0].message.c_str());
    }

    void families_have_distinct_names() {
        std::set<std::string_view> names;
        for (ComponentFamily family :
             {ComponentFamily::Joint, ComponentFamily::Collision, ComponentFamily::Contact, ComponentFamily::Activation,
              ComponentFamily::Muscle, ComponentFamily::Actuator, ComponentFamily::Other,
              ComponentFamily::FixedStepIntegrator, ComponentFamily::VariableStepIntegrator})
            QVERIFY(names.insert(family_name(family)).second);
        QVERIFY(is_integrator_family(ComponentFamily::FixedStepIntegrator));
        QVERIFY(!is_integrator_family(ComponentFamily::Muscle));
    }

    void one_collision_detection_and_model_components_apart() {
        int collision = 0;
        for (const ComponentInfo& component : component_table()) {
            collision += component.family == ComponentFamily::Collision;
            for (std::string_view model_component : model_component_names()) QVERIFY(component.name != model_component);
        }
        // contact_pairs reads the settings of the collision family's component
        QCOMPARE(collision, 1);
        QVERIFY(find_property(*find_component("simple_collision_detection"), "enable_collision_between_objects"));
    }
};

QTEST_APPLESS_MAIN(TestComponents)
#include "test_components.moc"
