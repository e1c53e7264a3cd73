// PropNode tree operations and the typed converters (number, bool, vector3,
// quaternion from Euler degrees or w x y z, range, range3).
#include "format/parser.h"

#include <QtTest>

#include <cmath>
#include <numbers>

using namespace hfd;

namespace {

constexpr double pi = std::numbers::pi;

// The first top-level node of a one-line text.
PropNode node_of(const std::string& text) {
    ParseResult result = parse_text(text);
    if (!result.ok() || result.root.children.empty()) qFatal("bad test input: %s", text.c_str());
    return result.root.children.front();
}

Diagnostic diagnostic(Severity severity, SourceLocation location, std::string message) {
    Diagnostic d;
    d.severity = severity;
    d.location = std::move(location);
    d.message = std::move(message);
    return d;
}

bool near(const Eigen::Vector3d& a, const Eigen::Vector3d& b, double tolerance = 1e-12) {
    return (a - b).norm() <= tolerance;
}

// Rotation of the same orientation, independent of quaternion sign.
bool same_rotation(const Eigen::Quaterniond& a, const Eigen::Quaterniond& b, double tolerance = 1e-12) {
    return std::abs(std::abs(a.dot(b)) - 1.0) <= tolerance;
}

}  // namespace

class TestPropNode : public QObject {
    Q_OBJECT

private slots:
    void findAndAdd() {
        PropNode root;
        root.kind = PropNode::Kind::Group;
        QVERIFY(root.find("body") == nullptr);
        PropNode& body = root.add_group("body");
        body.add("name", "a");
        PropNode& mass = body.add("mass", "2");
        QVERIFY(body.is_group());
        QVERIFY(mass.is_value());
        QCOMPARE(mass.value, std::string("2"));
        root.add_group("body").add("name", "b");
        // find returns the first match
        QCOMPARE(root.find("body")->find("name")->value, std::string("a"));
        QCOMPARE(root.children.size(), size_t(2));
        const PropNode& const_root = root;
        QVERIFY(const_root.find("body") == &root.children[0]);
        QVERIFY(const_root.find("joint") == nullptr);
        root.find("body")->find("mass")->value = std::string("3");
        QCOMPARE(root.children[0].children[1].value, std::string("3"));
    }

    void variableDefinitionFlag() {
        PropNode node;
        node.key = std::string("$k");
        QVERIFY(node.is_variable_definition());
        node.key = std::string("k");
        QVERIFY(!node.is_variable_definition());
        node.key.clear();
        QVERIFY(!node.is_variable_definition());
    }

    void sameContentIgnoresLocationsOnly() {
        const PropNode a = parse_text("g { x = 1 y = [ 1 2 ] }").root;
        const PropNode b = parse_text("\n\n   g = {\n x = 1\n y [ 1   2 ] }").root;
        QVERIFY(a.same_content(b));
        QVERIFY(b.same_content(a));
        QVERIFY(!a.same_content(parse_text("g { x = 2 y = [ 1 2 ] }").root));          // value
        QVERIFY(!a.same_content(parse_text("g { z = 1 y = [ 1 2 ] }").root));          // key
        QVERIFY(!a.same_content(parse_text("g { x = 1 y = [ 1 2 3 ] }").root));        // count
        QVERIFY(!a.same_content(parse_text("g { x = 1 y = { a = 1 b = 2 } }").root));  // kind
        QVERIFY(!a.same_content(parse_text("g { y = [ 1 2 ] x = 1 }").root));          // order
        QVERIFY(!parse_text("g { }").root.same_content(parse_text("g [ ]").root));
    }

    void numbers() {
        QCOMPARE(*to_number(node_of("a = 1e6")), 1e6);
        QCOMPARE(*to_number(node_of("a = -2.5E-3")), -2.5e-3);
        QCOMPARE(*to_number(node_of("a = +3")), 3.0);
        QCOMPARE(*to_number(node_of("a = .5")), 0.5);
        QCOMPARE(*to_number(node_of("a = \"7\"")), 7.0);
        QCOMPARE(*to_number(node_of("$k = 4 a = $k")), 4.0);
    }

    void badNumbers_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("word") << "a = abc"
                              << "expected a number, found 'abc'";
        QTest::newRow("two dots") << "a = 1.2.3"
                                  << "expected a number, found '1.2.3'";
        QTest::newRow("trailing text") << "a = 12kg"
                                       << "expected a number, found '12kg'";
        QTest::newRow("empty") << "a = \"\""
                               << "expected a number, found an empty value";
        QTest::newRow("nan") << "a = nan"
                             << "expected a number, found 'nan'";
        QTest::newRow("inf") << "a = -inf"
                             << "expected a number, found '-inf'";
        QTest::newRow("overflow") << "a = 1e999"
                                  << "number out of range: '1e999' overflows: its magnitude is above the largest "
                                     "double (1.8e308)";
        QTest::newRow("double sign") << "a = +-1"
                                     << "expected a number, found '+-1'";
        QTest::newRow("range") << "a = 1..2"
                               << "expected a number, found '1..2'";
        QTest::newRow("group") << "a { x = 1 }"
                               << "expected a number, found a group";
        QTest::newRow("array") << "a = [ 1 ]"
                               << "expected a number, found an array";
    }

    void badNumbers() {
        QFETCH(QString, text);
        QFETCH(QString, message);
        std::string error;
        QVERIFY(!to_number(node_of(text.toStdString()), &error));
        QCOMPARE(QString::fromStdString(error), message);
        QVERIFY(!to_number(node_of(text.toStdString())));  // no error pointer needed
    }

    void badNumberReportedAtItsValue() {
        const ParseResult result = parse_text("body {\n\tmass = 1O\n}\n", "model.hfd");
        const PropNode& mass = *result.root.find("body")->find("mass");
        std::string error;
        QVERIFY(!to_number(mass, &error));
        QCOMPARE(format_diagnostic(diagnostic(Severity::Error, value_location_of(mass, "model.hfd"), error)),
                 std::string("model.hfd:2:9: error: expected a number, found '1O'"));
        QCOMPARE(location_of(mass, "model.hfd").column, 2);
    }

    void booleans() {
        QCOMPARE(*to_bool(node_of("a = 1")), true);
        QCOMPARE(*to_bool(node_of("a = 0")), false);
        QCOMPARE(*to_bool(node_of("a = true")), true);
        QCOMPARE(*to_bool(node_of("a = false")), false);
        std::string error;
        QVERIFY(!to_bool(node_of("a = 2"), &error));
        QCOMPARE(error, std::string("expected 0 or 1, found '2'"));
        QVERIFY(!to_bool(node_of("a = yes")));
        QVERIFY(!to_bool(node_of("a { }")));
    }

    void vectors() {
        QVERIFY(near(*to_vec3(node_of("position = [ 0 1 0 ]")), {0, 1, 0}));
        QVERIFY(near(*to_vec3(node_of("velocity { x = 0 y = 1 z = 0 }")), {0, 1, 0}));
        QVERIFY(near(*to_vec3(node_of("earth_gravity { y = -9.81 }")), {0, -9.81, 0}));
        QVERIFY(near(*to_vec3(node_of("v { z = 3 x = 1 }")), {1, 0, 3}));
        QVERIFY(near(*to_vec3(node_of("v { }")), {0, 0, 0}));
        QVERIFY(near(*to_vec3(node_of("v = [ 1e3 -2 .5 ]")), {1000, -2, 0.5}));
    }

    void badVectors_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("two elements") << "v = [ 1 2 ]"
                                      << "expected 3 values, found 2";
        QTest::newRow("four elements") << "v = [ 1 2 3 4 ]"
                                       << "expected 3 values, found 4";
        QTest::newRow("not a number") << "v = [ 1 b 3 ]"
                                      << "element 2: expected a number, found 'b'";
        QTest::newRow("nested array") << "v = [ 1 [ 2 ] 3 ]"
                                      << "element 2: expected a number, found an array";
        QTest::newRow("unknown component") << "v { x = 1 w = 2 }"
                                           << "expected component x, y, z, found 'w'";
        QTest::newRow("repeated component") << "v { x = 1 x = 2 }"
                                            << "component 'x' is given twice";
        QTest::newRow("bad component") << "v { y = up }"
                                       << "component 'y': expected a number, found 'up'";
        QTest::newRow("scalar") << "v = 1"
                                << "expected [ x y z ] or { x = .. y = .. z = .. }, found '1'";
    }

    void badVectors() {
        QFETCH(QString, text);
        QFETCH(QString, message);
        std::string error;
        QVERIFY(!to_vec3(node_of(text.toStdString()), &error));
        QCOMPARE(QString::fromStdString(error), message);
    }

    void quaternionsFromEulerDegrees() {
        // 90 degrees around z takes x to y
        const Eigen::Quaterniond z90 = *to_quat_degrees(node_of("ori1 { z = 90 }"));
        QVERIFY(near(z90 * Eigen::Vector3d::UnitX(), Eigen::Vector3d::UnitY()));
        QVERIFY(near(z90 * Eigen::Vector3d::UnitZ(), Eigen::Vector3d::UnitZ()));
        // 90 degrees around x takes y to z
        const Eigen::Quaterniond x90 = *to_quat_degrees(node_of("o = [ 90 0 0 ]"));
        QVERIFY(near(x90 * Eigen::Vector3d::UnitY(), Eigen::Vector3d::UnitZ()));
        // intrinsic x then y: R = Rx(90) Ry(90); Ry(90) x = -z, Rx(90) (-z) = y
        const Eigen::Quaterniond xy = *to_quat_degrees(node_of("o = [ 90 90 0 ]"));
        QVERIFY(near(xy * Eigen::Vector3d::UnitX(), Eigen::Vector3d::UnitY()));
        // (the other order, Ry Rx, would take x to -z)
        QVERIFY(!near(xy * Eigen::Vector3d::UnitX(), -Eigen::Vector3d::UnitZ()));
        // the manual's ori2: 45 around x, then 90 around z
        const Eigen::Quaterniond ori2 = *to_quat_degrees(node_of("ori2 = [ 45 0 90 ]"));
        const double h = std::sqrt(0.5);
        // R = Rx(45) Rz(90): x -> Rx(45) y = (0, h, h)
        QVERIFY(near(ori2 * Eigen::Vector3d::UnitX(), {0, h, h}));
        QVERIFY(near(ori2 * Eigen::Vector3d::UnitZ(), {0, -h, h}));
        QVERIFY(std::abs(ori2.norm() - 1) < 1e-12);
        // group without w is Euler too, missing components 0
        QVERIFY(same_rotation(*to_quat_degrees(node_of("o { x = 90 }")), x90));
        QVERIFY(same_rotation(*to_quat_degrees(node_of("o { }")), Eigen::Quaterniond::Identity()));
    }

    void quaternionsFromComponents() {
        QVERIFY(same_rotation(*to_quat_degrees(node_of("ori3 { w = 1 x = 0 y = 0 z = 0 }")),
                              Eigen::Quaterniond::Identity()));
        const Eigen::Quaterniond scaled = *to_quat_degrees(node_of("q { w = 2 }"));
        QVERIFY(same_rotation(scaled, Eigen::Quaterniond::Identity()));
        QVERIFY(std::abs(scaled.w() - 1) < 1e-15);
        // w = 1, z = 1 normalized: 90 degrees around z
        const Eigen::Quaterniond q = *to_quat_degrees(node_of("q { w = 1 z = 1 }"));
        QVERIFY(std::abs(q.norm() - 1) < 1e-15);
        QVERIFY(near(q * Eigen::Vector3d::UnitX(), Eigen::Vector3d::UnitY()));
        std::string error;
        QVERIFY(!to_quat_degrees(node_of("q { w = 0 }"), &error));
        QVERIFY(error.find("nonzero") != std::string::npos);
        QVERIFY(!to_quat_degrees(node_of("q { w = 1 v = 0 }"), &error));
        QCOMPARE(error, std::string("expected component w, x, y, z, found 'v'"));
        QVERIFY(!to_quat_degrees(node_of("q = [ 1 0 0 0 ]"), &error));
        QCOMPARE(error, std::string("expected 3 values, found 4"));
        QVERIFY(!to_quat_degrees(node_of("q = [ 0 ninety 0 ]"), &error));
        QVERIFY(!to_quat_degrees(node_of("q = 90"), &error));
    }

    void ranges() {
        using Range = std::pair<double, double>;
        QCOMPARE(*to_range(node_of("dof_range = 0..90")), Range(0, 90));
        QCOMPARE(*to_range(node_of("r = -45..90")), Range(-45, 90));
        QCOMPARE(*to_range(node_of("r = -120..-5")), Range(-120, -5));
        QCOMPARE(*to_range(node_of("r = 0..0")), Range(0, 0));
        QCOMPARE(*to_range(node_of("r = 1e-3..2e+1")), Range(1e-3, 20));
        QCOMPARE(*to_range(node_of("r = -1.5..-.5")), Range(-1.5, -0.5));
    }

    void badRanges_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("single number") << "r = 5"
                                       << "expected a range min..max, found '5'";
        QTest::newRow("reversed") << "r = 10..-10"
                                  << "expected a range min..max with min <= max, found '10..-10'";
        QTest::newRow("words") << "r = a..b"
                               << "expected a range min..max, found 'a..b'";
        QTest::newRow("open upper") << "r = 1.."
                                    << "expected a range min..max, found '1..'";
        QTest::newRow("open lower") << "r = ..1"
                                    << "expected a range min..max, found '..1'";
        QTest::newRow("three parts") << "r = 1..2..3"
                                     << "expected a range min..max, found '1..2..3'";
        QTest::newRow("nan") << "r = nan..1"
                             << "expected a range min..max, found 'nan..1'";
        QTest::newRow("group") << "r { x = 1..2 }"
                               << "expected a range min..max, found a group";
    }

    void badRanges() {
        QFETCH(QString, text);
        QFETCH(QString, message);
        std::string error;
        QVERIFY(!to_range(node_of(text.toStdString()), &error));
        QCOMPARE(QString::fromStdString(error), message);
    }

    void rangeTriples() {
        const auto limits = *to_range3(node_of("joint_limits { x = -10..10 y = 0..0 z = -45..90 }"));
        QVERIFY(near(limits.first, {-10, 0, -45}));
        QVERIFY(near(limits.second, {10, 0, 90}));
        const auto more = *to_range3(node_of("more_joint_limits = [ -10..10 0..0 -45..90 ]"));
        QVERIFY(near(more.first, limits.first));
        QVERIFY(near(more.second, limits.second));
        const auto partial = *to_range3(node_of("limits { z = -120..-5 }"));
        QVERIFY(near(partial.first, {0, 0, -120}));
        QVERIFY(near(partial.second, {0, 0, -5}));
        std::string error;
        QVERIFY(!to_range3(node_of("l = [ 0..1 2..3 ]"), &error));
        QCOMPARE(error, std::string("expected 3 values, found 2"));
        QVERIFY(!to_range3(node_of("l { x = 5 }"), &error));
        QCOMPARE(error, std::string("component 'x': expected a range min..max, found '5'"));
        QVERIFY(!to_range3(node_of("l = 0..1"), &error));
    }

    void locations() {
        const ParseResult result = parse_text("a {\n  b = [ 1  2 ]\n}", "f.hfd");
        const PropNode& b = *result.root.find("a")->find("b");
        const SourceLocation key = location_of(b, "f.hfd");
        QCOMPARE(key.file, std::string("f.hfd"));
        QCOMPARE(key.line, 2);
        QCOMPARE(key.column, 3);
        const SourceLocation value = value_location_of(b, "f.hfd");
        QCOMPARE(value.line, 2);
        QCOMPARE(value.column, 7);
        const SourceLocation element = location_of(b.children[1], "f.hfd");
        QCOMPARE(element.line, 2);
        QCOMPARE(element.column, 12);
        // a node built in code has no location
        PropNode built;
        QCOMPARE(location_of(built, "f.hfd").line, 0);
        QCOMPARE(format_diagnostic(diagnostic(Severity::Error, location_of(built, "f.hfd"), "m")),
                 std::string("f.hfd: error: m"));
    }

    void diagnosticsFormatting() {
        QCOMPARE(format_diagnostic(diagnostic(Severity::Error, {"m.hfd", 3, 7}, "bad")),
                 std::string("m.hfd:3:7: error: bad"));
        QCOMPARE(format_diagnostic(diagnostic(Severity::Warning, {"m.hfd", 3, 0}, "odd")),
                 std::string("m.hfd:3: warning: odd"));
        QCOMPARE(format_diagnostic(diagnostic(Severity::Note, {"", 2, 4}, "see")), std::string("2:4: note: see"));
        QCOMPARE(format_diagnostic(diagnostic(Severity::Error, {}, "plain")), std::string("error: plain"));
        QVERIFY(!has_errors({}));
        const Diagnostic warning = diagnostic(Severity::Warning, {}, "w");
        QVERIFY(!has_errors({warning, diagnostic(Severity::Note, {}, "n")}));
        QVERIFY(has_errors({warning, diagnostic(Severity::Error, {}, "e")}));
    }
};

QTEST_APPLESS_MAIN(TestPropNode)
#include "test_prop_node.moc"
