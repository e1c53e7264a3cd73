// docs/format_reference.md against the engine's component tables
// (sim/components.h, model_component_names): every component, force component and
// integrator has its own section; the property table of a force (of the
// integrator's family for an integrator) lists exactly the properties of its row,
// with the same defaults; every property a table lists appears in an example of
// its section; every ```hfd example builds and runs without a single
// diagnostic (a misspelt property is an "unknown property" warning).
//
// Examples are placed by what they hold: a whole file (with `model`) is built
// as it is; model components go inside the leg model that the reference shows
// under "Model components"; force components go into a composite_force and
// integrators after one, both next to that model.
#include "model/build_model.h"
#include "sim/components.h"
#include "sim_test_util.h"

#include <QFile>
#include <QRegularExpression>
#include <QTest>
#include <algorithm>
#include <optional>
#include <set>

using namespace hfd;

namespace {

struct Example {
    int line = 0;  // of the first line of code in the reference
    std::string text;
};

struct Section {
    QString heading;         // without the #s and backticks
    QStringList properties;  // the `name`s of the first column of its tables
    QStringList defaults;    // the second column of those rows, backticks removed
    std::vector<Example> examples;
};

QString reference_path() { return QStringLiteral(HFD_SOURCE_DIR "/docs/format_reference.md"); }

std::vector<Section> read_sections(const QString& markdown) {
    static const QRegularExpression heading(QStringLiteral("^#{1,6}\\s+(.*)$"));
    static const QRegularExpression property(QStringLiteral("^`([A-Za-z_]+)`$"));
    std::vector<Section> sections(1);
    const QStringList lines = markdown.split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i) {
        const QString& line = lines[i];
        if (line.startsWith(QLatin1String("```"))) {
            const bool is_hfd = line.mid(3).trimmed() == QLatin1String("hfd");
            Example example{i + 2, {}};
            for (++i; i < lines.size() && !lines[i].startsWith(QLatin1String("```")); ++i)
                example.text += lines[i].toStdString() + "\n";
            if (is_hfd) sections.back().examples.push_back(example);
        } else if (const auto match = heading.match(line); match.hasMatch()) {
            sections.push_back({match.captured(1).remove(QLatin1Char('`')).trimmed(), {}, {}, {}});
        } else if (line.startsWith(QLatin1Char('|'))) {
            const auto cell = property.match(line.section(QLatin1Char('|'), 1, 1).trimmed());
            if (cell.hasMatch()) {
                sections.back().properties.append(cell.captured(1));
                sections.back().defaults.append(
                    line.section(QLatin1Char('|'), 2, 2).trimmed().remove(QLatin1Char('`')));
            }
        }
    }
    return sections;
}

const Section* find_section(const std::vector<Section>& sections, const QString& heading) {
    for (const Section& section : sections)
        if (section.heading == heading) return &section;
    return nullptr;
}

bool is_force(std::string_view key) {
    const ComponentInfo* component = find_component(key);
    return component && component->factory;
}
bool is_integrator(std::string_view key) {
    const ComponentInfo* component = find_component(key);
    return component && component->is_integrator();
}

QString qstring(std::string_view text) { return QString::fromUtf8(text.data(), qsizetype(text.size())); }

// The section whose property table lists a component's properties.
QString property_section_of(const ComponentInfo& component) {
    switch (component.family) {
        case ComponentFamily::FixedStepIntegrator: return QStringLiteral("Fixed-step integrators");
        case ComponentFamily::VariableStepIntegrator: return QStringLiteral("Variable-step integrators");
        default: return qstring(component.name);
    }
}

void collect_keys(const PropNode& node, std::set<std::string>& keys) {
    for (const PropNode& child : node.children) {
        keys.insert(child.key);
        collect_keys(child, keys);
    }
}

// Top-level keys of an example, variable definitions left out.
std::vector<std::string> top_level_keys(const PropNode& root) {
    std::vector<std::string> keys;
    for (const PropNode& child : root.children)
        if (!child.is_variable_definition()) keys.push_back(child.key);
    return keys;
}

enum class Kind { WholeFile, Config, Force, Integrator, Component, Mixed };

Kind kind_of(const std::vector<std::string>& keys) {
    if (std::find(keys.begin(), keys.end(), "model") != keys.end()) return Kind::WholeFile;
    auto kind_of_key = [](const std::string& key) {
        if (key == "composite_force" || is_integrator(key)) return Kind::Config;
        return is_force(key) ? Kind::Force : Kind::Component;
    };
    if (keys.empty()) return Kind::Mixed;
    const Kind first = kind_of_key(keys.front());
    for (const std::string& key : keys)
        if (kind_of_key(key) != first) return Kind::Mixed;
    // a lone integrator block gets a composite_force; a config block is used as written
    if (first == Kind::Config && keys.size() == 1 && is_integrator(keys.front())) return Kind::Integrator;
    return first;
}

// The examples' model with `components` written inside it, before its closing brace.
std::string with_components(const std::string& context_model, const std::string& components) {
    const size_t close = context_model.rfind('}');
    return context_model.substr(0, close) + components + context_model.substr(close);
}

const char* full_config =
    "composite_force {\n"
    "\tjoint_force_pnld {}\n"
    "\tsimple_collision_detection { enable_collision_between_objects = 1 }\n"
    "\tcontact_force_hunt_crossley {}\n"
    "\tmuscle_activation {}\n"
    "\tmuscle_force_m2012fast {}\n"
    "\tjoint_motor_force {}\n"
    "}\n"
    "error_control_integrator_mem { accuracy = 0.01 }\n";

}  // namespace

class TestFormatReference : public QObject {
    Q_OBJECT
    std::vector<Section> sections_;
    std::string context_model_;
    std::optional<Model> model_;  // context_model_ built, for asking components whether they are planar

    // Whether the force components or the integrator of an example act in the plane.
    bool is_planar_example(const PropNode& root) {
        std::vector<Diagnostic> ignored;
        const std::string file = "example";
        for (const PropNode& child : root.children) {
            if (find_force_factory(child.key)) {
                ForceContext context{*model_, file, ignored};
                if (auto force = create_force(child, context); force && force->is_planar()) return true;
            } else if (is_integrator(child.key)) {
                IntegratorContext context{file, ignored};
                if (auto integrator = create_integrator(child, context); integrator && integrator->is_planar())
                    return true;
            }
        }
        return false;
    }

    // The complete file an example is checked in; empty (with `why`) when it cannot be placed.
    std::string file_for(const Example& example, QString& why) {
        const ParseResult parsed = parse_text(example.text, "example");
        if (!parsed.ok()) {
            why = QString::fromStdString(test::diagnostics_text(parsed.diagnostics));
            return {};
        }
        const bool planar = is_planar_example(parsed.root);
        switch (kind_of(top_level_keys(parsed.root))) {
            case Kind::WholeFile: return example.text;
            case Kind::Config: return context_model_ + example.text;
            case Kind::Component: return with_components(context_model_, example.text) + full_config;
            case Kind::Force:
                return context_model_ + "composite_force {\n" + example.text + "}\n" +
                       (planar ? "planar_symplectic_euler_integrator { step_size = 0.0001 }\n"
                               : "error_control_integrator_mem { accuracy = 0.01 }\n");
            case Kind::Integrator:
                return context_model_ +
                       (planar ? "composite_force { planar_joint_force_pnld {} }\n"
                               : "composite_force { joint_force_pnld {} }\n") +
                       example.text;
            case Kind::Mixed: break;
        }
        why = QStringLiteral(
            "an example holds either a whole file, model components, force components or "
            "simulation config blocks, not a mix");
        return {};
    }

private slots:
    void initTestCase() {
        QFile file(reference_path());
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(reference_path()));
        sections_ = read_sections(QString::fromUtf8(file.readAll()));
        const Section* components = find_section(sections_, QStringLiteral("Model components"));
        QVERIFY2(components && !components->examples.empty(),
                 "the Model components section starts with the model its examples refer to");
        context_model_ = components->examples.front().text;
        std::vector<Diagnostic> diagnostics;
        BuildResult built = build_model(parse_text(context_model_, "context").root, "context");
        QVERIFY2(built.ok(), test::diagnostics_text(built.diagnostics).c_str());
        model_ = std::move(built.model);
        size_t examples = 0;
        for (const Section& section : sections_) examples += section.examples.size();
        QVERIFY2(examples >= 40, "the reference shows every component, force and integrator by example");
    }

    void every_component_force_and_integrator_has_a_section_with_its_example_data() {
        QTest::addColumn<QString>("name");
        for (const ComponentInfo& component : component_table())
            QTest::newRow(component.name.data()) << qstring(component.name);
        for (std::string_view component : model_component_names())
            QTest::newRow(component.data()) << qstring(component);
    }
    void every_component_force_and_integrator_has_a_section_with_its_example() {
        QFETCH(QString, name);
        const Section* section = find_section(sections_, name);
        QVERIFY2(section, qPrintable("no heading '" + name + "'"));
        bool shown = false;
        for (const Example& example : section->examples) {
            const auto keys = top_level_keys(parse_text(example.text).root);
            shown = shown || std::find(keys.begin(), keys.end(), name.toStdString()) != keys.end();
        }
        QVERIFY2(shown, qPrintable("section '" + name + "' has no example of " + name));
    }

    void every_table_property_is_listed_with_its_default_data() {
        QTest::addColumn<QString>("name");
        for (const ComponentInfo& component : component_table())
            QTest::newRow(component.name.data()) << qstring(component.name);
    }
    void every_table_property_is_listed_with_its_default() {
        QFETCH(QString, name);
        const ComponentInfo& component = *find_component(name.toStdString());
        const Section* section = find_section(sections_, property_section_of(component));
        QVERIFY2(section, qPrintable("no heading '" + property_section_of(component) + "'"));
        QStringList in_table;
        for (const PropertySpec& spec : component.properties) {
            in_table.append(qstring(spec.key));
            const qsizetype row = section->properties.indexOf(qstring(spec.key));
            QVERIFY2(row >= 0, qPrintable("'" + qstring(spec.key) + "' is not listed in " + section->heading));
            bool is_number = false;
            const double documented = section->defaults[row].toDouble(&is_number);
            QVERIFY2(is_number && documented == spec.default_value,
                     qPrintable(name + "." + qstring(spec.key) + ": the reference gives '" + section->defaults[row] +
                                "', the table " + QString::number(spec.default_value)));
        }
        for (const QString& listed : section->properties)
            QVERIFY2(in_table.contains(listed), qPrintable("'" + listed + "' is listed in " + section->heading +
                                                           " but " + name + " has no such property"));
    }

    void every_listed_property_is_in_an_example_data() {
        QTest::addColumn<int>("index");
        for (size_t i = 0; i < sections_.size(); ++i)
            if (!sections_[i].properties.isEmpty()) QTest::newRow(qPrintable(sections_[i].heading)) << int(i);
    }
    void every_listed_property_is_in_an_example() {
        QFETCH(int, index);
        const Section& section = sections_[size_t(index)];
        std::set<std::string> keys;
        for (const Example& example : section.examples) collect_keys(parse_text(example.text).root, keys);
        for (const QString& property : section.properties)
            QVERIFY2(keys.count(property.toStdString()),
                     qPrintable("'" + property + "' is listed but used in no example of " + section.heading));
    }

    void every_example_builds_and_runs_without_diagnostics_data() {
        QTest::addColumn<int>("section");
        QTest::addColumn<int>("example");
        for (size_t s = 0; s < sections_.size(); ++s)
            for (size_t e = 0; e < sections_[s].examples.size(); ++e) {
                const QString row =
                    QStringLiteral("%1, line %2").arg(sections_[s].heading).arg(sections_[s].examples[e].line);
                QTest::newRow(qPrintable(row)) << int(s) << int(e);
            }
    }
    void every_example_builds_and_runs_without_diagnostics() {
        QFETCH(int, section);
        QFETCH(int, example);
        QString why;
        const std::string text = file_for(sections_[size_t(section)].examples[size_t(example)], why);
        QVERIFY2(!text.empty(), qPrintable(why));
        std::vector<Diagnostic> diagnostics;
        auto sim = test::make_simulation(text, &diagnostics);
        const std::string report = test::diagnostics_text(diagnostics) + "in:\n" + text;
        QVERIFY2(sim, report.c_str());
        QVERIFY2(diagnostics.empty(), report.c_str());
        QVERIFY2(sim->advance_to(0.01), sim->error() ? sim->error()->message.c_str() : "step failed");
    }
};

QTEST_APPLESS_MAIN(TestFormatReference)
#include "test_format_reference.moc"
