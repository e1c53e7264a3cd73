// read_bounded_number and read_properties (format/property_spec.cpp): the one
// reader of component properties. Values within their bound are read, others
// are errors at the property's line:col; absent properties take their default;
// unknown ones are warnings.
#include "format/parser.h"
#include "format/property_spec.h"
#include "sim/sim_config.h"

#include <QTest>

using namespace hfd;

namespace {

PropNode value_node(const std::string& value) {
    PropNode node;
    node.key = "k";
    node.kind = PropNode::Kind::Value;
    node.value = value;
    return node;
}

constexpr PropertySpec specs[] = {{"stiffness", 2.5, Bound::NonNegative},
                                  {"rate", 100, Bound::Positive},
                                  {"fraction", 0.5, Bound::OpenUnit},
                                  {"enabled", 0, Bound::Flag},
                                  {"offset", -1, Bound::Any}};

}  // namespace

class TestPropertySpec : public QObject {
    Q_OBJECT
private slots:
    void bounds_data() {
        QTest::addColumn<QString>("value");
        QTest::addColumn<int>("bound");
        QTest::addColumn<bool>("accepted");
        QTest::addColumn<QString>("error");
        QTest::newRow("any negative") << "-3" << int(Bound::Any) << true << "";
        QTest::newRow("non-negative zero") << "0" << int(Bound::NonNegative) << true << "";
        QTest::newRow("non-negative below")
            << "-1e-9" << int(Bound::NonNegative) << false << "must be >= 0, found -1e-9";
        QTest::newRow("positive zero") << "0" << int(Bound::Positive) << false << "must be > 0, found 0";
        QTest::newRow("positive") << "1e-8" << int(Bound::Positive) << true << "";
        QTest::newRow("open unit 0") << "0" << int(Bound::OpenUnit) << false << "must be in (0, 1), found 0";
        QTest::newRow("open unit 1") << "1" << int(Bound::OpenUnit) << false << "must be in (0, 1), found 1";
        QTest::newRow("open unit inside") << "0.01" << int(Bound::OpenUnit) << true << "";
        QTest::newRow("flag 1") << "1" << int(Bound::Flag) << true << "";
        QTest::newRow("flag true") << "true" << int(Bound::Flag) << true << "";
        QTest::newRow("flag 2") << "2" << int(Bound::Flag) << false << "expected 0 or 1, found '2'";
        QTest::newRow("word") << "soft" << int(Bound::Any) << false << "expected a number, found 'soft'";
    }
    void bounds() {
        QFETCH(QString, value);
        QFETCH(int, bound);
        QFETCH(bool, accepted);
        QFETCH(QString, error);
        std::string why;
        const std::optional<double> read = read_bounded_number(value_node(value.toStdString()), Bound(bound), &why);
        QCOMPARE(read.has_value(), accepted);
        QCOMPARE(QString::fromStdString(why), error);
        if (accepted && Bound(bound) != Bound::Flag) QCOMPARE(*read, value.toDouble());
    }

    void flags_read_as_zero_or_one() {
        QCOMPARE(*read_bounded_number(value_node("true"), Bound::Flag, nullptr), 1.0);
        QCOMPARE(*read_bounded_number(value_node("0"), Bound::Flag, nullptr), 0.0);
    }

    void absent_properties_take_their_defaults() {
        const ParseResult parsed = parse_text("thing { }", "c.hfd");
        std::vector<Diagnostic> diagnostics;
        PropertyValues values;
        QVERIFY(read_properties(parsed.root.children[0], specs, "c.hfd", diagnostics, values));
        QVERIFY(diagnostics.empty());
        for (const PropertySpec& spec : specs) {
            QCOMPARE(values[spec.key], spec.default_value);
            QVERIFY(!values.is_written(spec.key));
        }
    }

    void written_properties_are_read() {
        const ParseResult parsed =
            parse_text("$k = 7\nthing { stiffness = $k rate = 3 fraction = 0.25 enabled = 1 offset = -2 }", "c.hfd");
        QVERIFY(parsed.ok());
        std::vector<Diagnostic> diagnostics;
        PropertyValues values;
        QVERIFY(read_properties(parsed.root.children.back(), specs, "c.hfd", diagnostics, values));
        QVERIFY(diagnostics.empty());
        QCOMPARE(values["stiffness"], 7.0);
        QCOMPARE(values["rate"], 3.0);
        QCOMPARE(values["fraction"], 0.25);
        QCOMPARE(values["enabled"], 1.0);
        QCOMPARE(values["offset"], -2.0);
        QVERIFY(values.is_written("rate"));
    }

    void out_of_bound_is_an_error_at_the_property() {
        const ParseResult parsed = parse_text("thing {\n\trate = 0\n  fraction = 2\n}", "c.hfd");
        std::vector<Diagnostic> diagnostics;
        PropertyValues values;
        QVERIFY(!read_properties(parsed.root.children[0], specs, "c.hfd", diagnostics, values));
        QCOMPARE(diagnostics.size(), size_t(2));
        QCOMPARE(diagnostics[0].severity, Severity::Error);
        QCOMPARE(format_diagnostic(diagnostics[0]), std::string("c.hfd:2:2: error: thing.rate: must be > 0, found 0"));
        QCOMPARE(format_diagnostic(diagnostics[1]),
                 std::string("c.hfd:3:3: error: thing.fraction: must be in (0, 1), found 2"));
    }

    void unknown_property_is_a_warning_at_it() {
        const ParseResult parsed = parse_text("thing {\n\trate = 5 stifness = 1\n}", "c.hfd");
        std::vector<Diagnostic> diagnostics;
        PropertyValues values;
        QVERIFY(read_properties(parsed.root.children[0], specs, "c.hfd", diagnostics, values));
        QCOMPARE(diagnostics.size(), size_t(1));
        QCOMPARE(format_diagnostic(diagnostics[0]),
                 std::string("c.hfd:2:11: warning: unknown property 'stifness' in thing (ignored); "
                             "did you mean 'stiffness'?"));
        QCOMPARE(values["rate"], 5.0);
        QCOMPARE(values["stiffness"], 2.5);
    }

    // A misspelt key is offered the closest known one when it is close (edit distance:
    // 1 for keys up to 4 characters, 2 up to 8, else 3; case and swapped neighbours
    // count as one edit or none); a key like none of them gets no guess.
    void unknown_key_names_the_closest_known_one() {
        constexpr std::string_view body[] = {"name", "mass", "inertia", "density", "pos", "ori", "lin_vel", "ang_vel"};
        QCOMPARE(closest_name("mas", body), std::string("mass"));
        QCOMPARE(closest_name("Mass", body), std::string("mass"));
        QCOMPARE(closest_name("amss", body), std::string("mass"));
        QCOMPARE(closest_name("intertia", body), std::string("inertia"));
        QCOMPARE(closest_name("denisty", body), std::string("density"));
        QCOMPARE(closest_name("lin_vell", body), std::string("lin_vel"));
        QCOMPARE(closest_name("colour", body), std::string());
        QCOMPARE(closest_name("x", body), std::string());  // one letter: any key of two is one edit away
        QCOMPARE(closest_name("temperature", body), std::string());
        QCOMPARE(did_you_mean("mas", body), std::string("; did you mean 'mass'?"));
        QCOMPARE(did_you_mean("colour", body), std::string());
        const std::vector<std::string> asked = {"delay", "KP", "KV"};
        QCOMPARE(did_you_mean("dealy", asked), std::string("; did you mean 'delay'?"));

        // a body's misspelt mass, as the model builder reports it
        const ParseResult parsed = parse_text("thing {\n\tmas = 5 colour = red\n}", "c.hfd");
        std::vector<Diagnostic> diagnostics;
        warn_unknown_properties(parsed.root.children[0], body, "body 'b'", "c.hfd", diagnostics);
        QCOMPARE(diagnostics.size(), size_t(2));
        QCOMPARE(format_diagnostic(diagnostics[0]),
                 std::string("c.hfd:2:2: warning: unknown property 'mas' in body 'b' (ignored); did you mean 'mass'?"));
        QCOMPARE(format_diagnostic(diagnostics[1]),
                 std::string("c.hfd:2:10: warning: unknown property 'colour' in body 'b' (ignored)"));

        // misspelt top-level blocks of a model file: the block meant, after the list
        const ParseResult file = parse_text("composite_forces { }\nsymplectic_euler_integrater { }\n", "m.hfd");
        diagnostics.clear();
        read_sim_config(file.root, "m.hfd", diagnostics);
        QCOMPARE(diagnostics.size(), size_t(2));
        QVERIFY2(diagnostics[0].message.starts_with("unknown top-level block 'composite_forces' (ignored); expected") &&
                     diagnostics[0].message.ends_with("; did you mean 'composite_force'?"),
                 diagnostics[0].message.c_str());
        QVERIFY2(diagnostics[1].message.ends_with("; did you mean 'symplectic_euler_integrator'?"),
                 diagnostics[1].message.c_str());
    }
};

QTEST_APPLESS_MAIN(TestPropertySpec)
#include "test_property_spec.moc"
