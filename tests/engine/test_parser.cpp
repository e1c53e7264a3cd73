// Parsing .hfd / .zml text: every syntax form of the manual, node locations,
// $variables, diagnostics at exact line:col, real corpus files, and random
// mutations that must never crash or hang.
#include "format/parser.h"
#include "format/writer.h"

#include <QDir>
#include <QFile>
#include <QtTest>

#include <chrono>
#include <functional>
#include <random>

using namespace hfd;

namespace {

const PropNode& child(const PropNode& node, std::string_view key) {
    const PropNode* found = node.find(key);
    if (!found) qFatal("missing child '%s'", std::string(key).c_str());
    return *found;
}

std::string text_of(std::string_view text, int begin, int end) {
    return std::string(text.substr(static_cast<size_t>(begin), static_cast<size_t>(end - begin)));
}

// The shortest of `runs` wall times of `work`, in seconds; it stops after a run
// longer than `enough` (a quadratic version need not be waited for three times).
double shortest_seconds(const std::function<void()>& work, int runs, double enough = 1e9) {
    double shortest = 1e9;
    for (int i = 0; i < runs; ++i) {
        const auto start = std::chrono::steady_clock::now();
        work();
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        shortest = std::min(shortest, seconds);
        if (seconds > enough) break;
    }
    return shortest;
}

// The single error of a malformed text.
Diagnostic single_error(std::string_view text) {
    const ParseResult result = parse_text(text, "bad.hfd");
    if (result.diagnostics.size() != 1) qFatal("expected 1 diagnostic, got %d", int(result.diagnostics.size()));
    return result.diagnostics.front();
}

std::string read_file(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    return file.readAll().toStdString();
}

// A model with every syntax form, used when the corpus is absent.
const char* inline_model = R"(model {
	$k = 1e6
	name = "inline model"  # comment
	gravity = [ 0 -9.81 0 ]
	/* block
	   comment */
	body { name = a mass = 1 inertia { x = 0.1 y = 0.2 z = 0.3 } pos = [ 0 1 0 ] }
	joint { name = j stiffness = $k limits { x = -45..90 y = 0..0 z = -120..-5 } }
	points [ { x = 1 } { x = 2 } ]
	empty = ""
}
)";

}  // namespace

class TestParser : public QObject {
    Q_OBJECT

private slots:
    void manualFileFormatExample() {
        const char* text = R"(model {
	name = my_model 
	body {
		name = cube 
		mass = 1
		inertia = [ 0.1 0.1 0.1 ]
		pos = [ 0 1 0 ] # single-line comment
	}
	/* multi line
	comment */
}
)";
        const ParseResult result = parse_text(text);
        QVERIFY(result.ok());
        QVERIFY(result.root.is_group());
        QCOMPARE(result.root.children.size(), size_t(1));
        const PropNode& model = child(result.root, "model");
        QVERIFY(model.is_group());
        QCOMPARE(model.children.size(), size_t(2));  // comments leave no node
        QCOMPARE(child(model, "name").value, std::string("my_model"));
        const PropNode& body = child(model, "body");
        QCOMPARE(child(body, "mass").value, std::string("1"));
        const PropNode& inertia = child(body, "inertia");
        QVERIFY(inertia.is_array());
        QCOMPARE(inertia.children.size(), size_t(3));
        for (const PropNode& element : inertia.children) {
            QVERIFY(element.key.empty());
            QCOMPARE(element.value, std::string("0.1"));
        }
        QCOMPARE(child(body, "pos").children[1].value, std::string("1"));
    }

    void manualDataTypeExamples() {
        const char* text = R"(
name = my_name
another_name = "Name with special {characters}"
position = [ 0 1 0 ]
velocity { x = 0 y = 1 z = 0 }
earth_gravity { y = -9.81 }
ori1 { z = 90 } # 90 degree rotation around z
ori2 = [ 45 0 90 ] # 45 degrees around x, then 90 degrees around z
ori3 { w = 1 x = 0 y = 0 z = 0 }
joint_limits { x = -10..10 y = 0..0 z = -45..90 }
more_joint_limits = [ -10..10 0..0 -45..90 ]
dof_range = 0..90
)";
        const ParseResult result = parse_text(text);
        QVERIFY(result.ok());
        const PropNode& root = result.root;
        QCOMPARE(root.children.size(), size_t(11));
        QCOMPARE(child(root, "name").value, std::string("my_name"));
        QVERIFY(!child(root, "name").quoted);
        QCOMPARE(child(root, "another_name").value, std::string("Name with special {characters}"));
        QVERIFY(child(root, "another_name").quoted);
        QVERIFY(child(root, "velocity").is_group());
        QCOMPARE(child(child(root, "earth_gravity"), "y").value, std::string("-9.81"));
        QCOMPARE(child(root, "ori3").children.size(), size_t(4));
        QCOMPARE(child(child(root, "joint_limits"), "z").value, std::string("-45..90"));
        const PropNode& more = child(root, "more_joint_limits");
        QVERIFY(more.is_array());
        QCOMPARE(more.children[0].value, std::string("-10..10"));
        QCOMPARE(more.children[2].value, std::string("-45..90"));
        QCOMPARE(child(root, "dof_range").value, std::string("0..90"));
    }

    // Every example block of the manual parses, except those with "..."
    // placeholders and the BibTeX citation.
    void allManualExamples() {
        const QDir seeds(QStringLiteral(HFD_SOURCE_DIR "/../shared/seeds"));
        const QStringList manuals = seeds.entryList({"000_*.txt"}, QDir::Files);
        if (manuals.isEmpty()) QSKIP("manual absent");
        const std::string manual = read_file(seeds.filePath(manuals.front()));
        int examples = 0;
        for (size_t open = manual.find("```"); open != std::string::npos; open = manual.find("```", open)) {
            const size_t start = manual.find('\n', open) + 1;
            const size_t close = manual.find("```", start);
            if (close == std::string::npos) break;
            const std::string block = manual.substr(start, close - start);
            open = close + 3;
            if (block.find("...") != std::string::npos || block.find('@') != std::string::npos) continue;
            const ParseResult result = parse_text(block, "manual");
            for (const Diagnostic& d : result.diagnostics)
                qWarning("%s\n%s", format_diagnostic(d).c_str(), block.c_str());
            QVERIFY(result.ok());
            QVERIFY(!result.root.children.empty());
            ++examples;
        }
        QVERIFY(examples >= 10);
    }

    void bracesWithAndWithoutEquals() {
        const ParseResult with = parse_text("a = { x = 1 } b = [ 1 2 ] c = {} d = []");
        const ParseResult without = parse_text("a { x = 1 } b [ 1 2 ] c {} d []");
        QVERIFY(with.ok());
        QVERIFY(without.ok());
        QVERIFY(with.root.same_content(without.root));
        QVERIFY(child(with.root, "a").is_group());
        QVERIFY(child(with.root, "b").is_array());
        QVERIFY(child(with.root, "c").is_group());
        QVERIFY(child(with.root, "c").children.empty());
        QVERIFY(child(with.root, "d").is_array());
        QVERIFY(child(with.root, "d").children.empty());
    }

    void arraysOfGroupsAndNestedArrays() {
        const ParseResult result = parse_text("points = [ { x = 1 y = 2 } { x = 3 } ] grid [ [ 1 2 ] [ 3 4 ] ]");
        QVERIFY(result.ok());
        const PropNode& points = child(result.root, "points");
        QCOMPARE(points.children.size(), size_t(2));
        QVERIFY(points.children[0].is_group());
        QVERIFY(points.children[0].key.empty());
        QCOMPARE(child(points.children[0], "y").value, std::string("2"));
        QCOMPARE(child(points.children[1], "x").value, std::string("3"));
        const PropNode& grid = child(result.root, "grid");
        QVERIFY(grid.children[1].is_array());
        QCOMPARE(grid.children[1].children[0].value, std::string("3"));
    }

    void quotedStringsAndEscapes() {
        // (no raw string here: moc misreads backslashes in raw strings)
        const char* text =
            "a = \"with \\\"quotes\\\" and \\\\ backslash\" b = \"x = { [ ] } # not a comment /* nor this */\" "
            "c = \"\" d = \"C:\\models\\m.hfd\"";
        const ParseResult result = parse_text(text);
        QVERIFY(result.ok());
        QCOMPARE(child(result.root, "a").value, std::string(R"(with "quotes" and \ backslash)"));
        QCOMPARE(child(result.root, "b").value, std::string("x = { [ ] } # not a comment /* nor this */"));
        QCOMPARE(child(result.root, "c").value, std::string());
        QVERIFY(child(result.root, "c").quoted);
        QVERIFY(child(result.root, "c").is_value());
        QCOMPARE(child(result.root, "d").value, std::string(R"(C:\models\m.hfd)"));  // unknown escapes kept
        QCOMPARE(result.root.children.size(), size_t(4));
    }

    void emptyComponentsFromConfigs() {
        const ParseResult result =
            parse_text("composite_force {\n\tplanar_joint_force_pnld = \"\"\n\tsimple_collision_detection {}\n}");
        QVERIFY(result.ok());
        const PropNode& forces = child(result.root, "composite_force");
        QVERIFY(child(forces, "planar_joint_force_pnld").is_value());
        QVERIFY(child(forces, "planar_joint_force_pnld").value.empty());
        QVERIFY(child(forces, "simple_collision_detection").is_group());
    }

    void numbersAndRangesAreKeptAsWritten() {
        const ParseResult result = parse_text("a = 1e6 b = -2.5E-3 c = .5 d = -120..-5 e = 1e-3..2e+1 f = 0 g = 1");
        QVERIFY(result.ok());
        QCOMPARE(child(result.root, "a").value, std::string("1e6"));
        QCOMPARE(child(result.root, "b").value, std::string("-2.5E-3"));
        QCOMPARE(child(result.root, "c").value, std::string(".5"));
        QCOMPARE(child(result.root, "d").value, std::string("-120..-5"));
        QCOMPARE(child(result.root, "e").value, std::string("1e-3..2e+1"));
        QCOMPARE(child(result.root, "g").value, std::string("1"));
    }

    void tokensNeedNoSpaces() {
        const ParseResult result = parse_text("a{b=1 c=[1 2]}d=x#comment\ne=/*c*/y");
        QVERIFY(result.ok());
        QCOMPARE(child(child(result.root, "a"), "b").value, std::string("1"));
        QCOMPARE(child(child(result.root, "a"), "c").children.size(), size_t(2));
        QCOMPARE(child(result.root, "d").value, std::string("x"));
        QCOMPARE(child(result.root, "e").value, std::string("y"));
    }

    void pathsAndCrLf() {
        const ParseResult result = parse_text("\xEF\xBB\xBFmesh {\r\n\tfile = geometry/femur.vtp\r\n}\r\n");
        QVERIFY(result.ok());
        QCOMPARE(child(child(result.root, "mesh"), "file").value, std::string("geometry/femur.vtp"));
        QCOMPARE(child(child(result.root, "mesh"), "file").line, 2);
    }

    void variablesAreResolvedAndKept() {
        const char* text =
            "model {\n\t$stiffness = 1e6\n\tjoint {\n\t\tstiffness = $stiffness\n\t}\n\tlist = [ $stiffness 2 ]\n}\n";
        const ParseResult result = parse_text(text);
        QVERIFY(result.ok());
        const PropNode& model = child(result.root, "model");
        const PropNode& definition = child(model, "$stiffness");
        QVERIFY(definition.is_variable_definition());
        QCOMPARE(definition.value, std::string("1e6"));
        const PropNode& use = child(child(model, "joint"), "stiffness");
        QCOMPARE(use.value, std::string("1e6"));
        QCOMPARE(use.raw_value, std::string("$stiffness"));
        QVERIFY(!use.is_variable_definition());
        // the value range still covers what is written in the file
        QCOMPARE(text_of(text, use.value_begin, use.end), std::string("$stiffness"));
        QCOMPARE(child(model, "list").children[0].value, std::string("1e6"));
        QCOMPARE(child(model, "list").children[0].raw_value, std::string("$stiffness"));
        QVERIFY(child(model, "list").children[1].raw_value.empty());
    }

    void variableScopesAndShadowing() {
        const ParseResult result = parse_text("$v = 1\na { $v = 2 x = $v }\ny = $v\ng { $w = \"q r\" }\nz = $w");
        QCOMPARE(child(child(result.root, "a"), "x").value, std::string("2"));
        QCOMPARE(child(result.root, "y").value, std::string("1"));
        // $w was defined inside g only
        QCOMPARE(result.diagnostics.size(), size_t(1));
        QCOMPARE(result.diagnostics[0].location.line, 5);
        QCOMPARE(result.diagnostics[0].location.column, 5);
        // a quoted "$v" is text, not a reference
        const ParseResult quoted = parse_text("$v = 1 x = \"$v\"");
        QVERIFY(quoted.ok());
        QCOMPARE(child(quoted.root, "x").value, std::string("$v"));
        QVERIFY(child(quoted.root, "x").raw_value.empty());
    }

    void groupVariables() {
        const ParseResult result = parse_text("$origin { x = 1 y = 2 }\nbody { pos = $origin }");
        QVERIFY(result.ok());
        const PropNode& pos = child(child(result.root, "body"), "pos");
        QVERIFY(pos.is_group());
        QCOMPARE(child(pos, "y").value, std::string("2"));
        QCOMPARE(pos.raw_value, std::string("$origin"));
    }

    void undefinedVariableIsAnErrorAtItsLocation() {
        const ParseResult result = parse_text("a = 1\nb {\n  c = $missing\n}\n", "m.hfd");
        QVERIFY(!result.ok());
        QCOMPARE(result.diagnostics.size(), size_t(1));
        QCOMPARE(result.diagnostics[0].location.line, 3);
        QCOMPARE(result.diagnostics[0].location.column, 7);
        QCOMPARE(format_diagnostic(result.diagnostics[0]),
                 std::string("m.hfd:3:7: error: undefined variable '$missing'"));
        // parsing went on after the undefined variable
        QVERIFY(child(child(result.root, "b"), "c").raw_value == "$missing");
    }

    void locationsOfNodes() {
        const std::string text = "model {\n\tname = \"my model\"\n\tpos = [ 0 1.5 0 ]\n\tg { x = 2 }\n}\n";
        const ParseResult result = parse_text(text);
        QVERIFY(result.ok());
        const PropNode& model = child(result.root, "model");
        QCOMPARE(model.line, 1);
        QCOMPARE(model.column, 1);
        QCOMPARE(model.value_column, 7);
        QCOMPARE(text_of(text, model.begin, model.end), text.substr(0, text.size() - 1));
        const PropNode& name = child(model, "name");
        QCOMPARE(name.line, 2);
        QCOMPARE(name.column, 2);
        QCOMPARE(name.value_line, 2);
        QCOMPARE(name.value_column, 9);
        QCOMPARE(text_of(text, name.begin, name.end), std::string("name = \"my model\""));
        QCOMPARE(text_of(text, name.value_begin, name.end), std::string("\"my model\""));
        const PropNode& pos = child(model, "pos");
        QCOMPARE(text_of(text, pos.value_begin, pos.end), std::string("[ 0 1.5 0 ]"));
        const PropNode& y = pos.children[1];
        QCOMPARE(y.line, 3);
        QCOMPARE(y.column, 12);
        QCOMPARE(y.value_column, 12);
        QCOMPARE(y.begin, y.value_begin);
        QCOMPARE(text_of(text, y.value_begin, y.end), std::string("1.5"));
        const PropNode& x = child(child(model, "g"), "x");
        QCOMPARE(x.line, 4);
        QCOMPARE(x.column, 6);
        QCOMPARE(text_of(text, x.value_begin, x.end), std::string("2"));
        QCOMPARE(location_of(x, "f.hfd").line, 4);
        QCOMPARE(location_of(x, "f.hfd").file, std::string("f.hfd"));
    }

    void columnsCountCharactersNotBytes() {
        // "é" is two bytes in UTF-8 but one column
        const std::string text = "name = \"é\" mass = 1";
        const ParseResult result = parse_text(text);
        QVERIFY(result.ok());
        const PropNode& mass = child(result.root, "mass");
        QCOMPARE(mass.column, 12);
        QCOMPARE(mass.begin, 12);  // byte offset
        QCOMPARE(text_of(text, child(result.root, "name").value_begin, child(result.root, "name").end),
                 std::string("\"é\""));
    }

    void malformedInputs_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("message");
        QTest::newRow("stray close brace at top") << "a = 1\n}\n" << 2 << 1 << "expected a key, found '}'";
        QTest::newRow("double equals") << "a = = 1" << 1 << 5 << "expected a value after 'a =', found '='";
        QTest::newRow("key without value at end")
            << "model {\n\tname\n}" << 2 << 6 << "expected '=', '{' or '[' after key 'name', found '}'";
        QTest::newRow("key followed by key")
            << "a b = 1" << 1 << 3 << "expected '=', '{' or '[' after key 'a', found 'b'";
        QTest::newRow("equals at end of file")
            << "a = 1\nb =" << 2 << 4 << "expected a value after 'b =', found end of file";
        QTest::newRow("unterminated group") << "x = 1\nmodel {\n\ta = 1\n"
                                            << 2 << 7 << "expected '}' to close group 'model', found end of file";
        QTest::newRow("unterminated array")
            << "a = [ 1 2" << 1 << 5 << "expected ']' to close array 'a', found end of file";
        QTest::newRow("unterminated nested array of groups")
            << "p [ { x = 1 }\n  { x = 2" << 2 << 3 << "expected '}' to close this group, found end of file";
        QTest::newRow("unterminated string")
            << "a = 1\nb = \"abc\nc = 2" << 2 << 5 << "unterminated string: expected '\"', found end of line";
        QTest::newRow("unterminated string at end")
            << "b = \"abc" << 1 << 5 << "unterminated string: expected '\"', found end of file";
        QTest::newRow("unterminated comment") << "a = 1\n  /* abc\n"
                                              << 2 << 3 << "unterminated comment: expected '*/', found end of file";
        QTest::newRow("wrong closing bracket") << "a { b = 1 ]" << 1 << 11 << "expected a key or '}', found ']'";
        QTest::newRow("brace closing an array")
            << "a [ 1 }" << 1 << 7 << "expected a value, '{', '[' or ']', found '}'";
        QTest::newRow("equals as key") << "= 1" << 1 << 1 << "expected a key, found '='";
        QTest::newRow("stray close bracket") << "a = 1 ]" << 1 << 7 << "expected a key, found ']'";
        QTest::newRow("control character") << "a = 1\n\x01" << 2 << 1 << "invalid character 0x01";
    }

    void malformedInputs() {
        QFETCH(QString, text);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, message);
        const Diagnostic error = single_error(text.toStdString());
        QCOMPARE(error.severity, Severity::Error);
        QCOMPARE(error.location.file, std::string("bad.hfd"));
        QCOMPARE(QString::fromStdString(error.message), message);
        QCOMPARE(error.location.line, line);
        QCOMPARE(error.location.column, column);
        QCOMPARE(QString::fromStdString(format_diagnostic(error)),
                 QString("bad.hfd:%1:%2: error: %3").arg(line).arg(column).arg(message));
    }

    void partialTreeBeforeError() {
        const ParseResult result = parse_text("a = 1\nb { c = 2 }\nd = = 3");
        QVERIFY(!result.ok());
        QCOMPARE(child(result.root, "a").value, std::string("1"));
        QCOMPARE(child(child(result.root, "b"), "c").value, std::string("2"));
    }

    void deepNestingIsCapped() {
        const int levels = 100000;
        std::string groups;
        for (int i = 0; i < levels; ++i) groups += "a{";
        const Diagnostic error = single_error(groups);
        QCOMPARE(error.location.line, 1);
        QCOMPARE(error.location.column, 2 * 200 + 2);  // the 201st '{'
        QVERIFY(error.message.find("nested") != std::string::npos);
        std::string arrays = "a = ";
        for (int i = 0; i < levels; ++i) arrays += "[";
        QCOMPARE(single_error(arrays).location.column, 5 + 200);

        std::string allowed;
        for (int i = 0; i < 200; ++i) allowed += "a{";
        for (int i = 0; i < 200; ++i) allowed += "}";
        QVERIFY(parse_text(allowed).ok());
    }

    // Each variable holds two copies of the previous one: 2^40 nodes if copied.
    void variableExpansionIsBounded() {
        std::string text = "$v0 = [ 1 2 ]\n";
        for (int i = 1; i <= 40; ++i)
            text +=
                "$v" + std::to_string(i) + " = [ $v" + std::to_string(i - 1) + " $v" + std::to_string(i - 1) + " ]\n";
        text += "x = $v40\n";
        const ParseResult result = parse_text(text);
        QVERIFY(!result.ok());
        QCOMPARE(result.diagnostics.size(), size_t(1));
        QVERIFY(result.diagnostics[0].message.find("nodes copied from variables") != std::string::npos);
        QVERIFY(result.diagnostics[0].location.line > 1);

        // each definition nests the previous one 150 levels deeper
        std::string deep = "$d0 = 1\n";
        for (int i = 1; i <= 5; ++i) {
            deep += "$d" + std::to_string(i) + " = ";
            for (int level = 0; level < 150; ++level) deep += "[ ";
            deep += "$d" + std::to_string(i - 1);
            for (int level = 0; level < 150; ++level) deep += " ]";
            deep += "\n";
        }
        const ParseResult nested = parse_text(deep);
        QVERIFY(!nested.ok());
        QCOMPARE(nested.diagnostics[0].location.line, 3);  // $d2 would hold 300 levels
        QVERIFY(nested.diagnostics[0].message.find("through variable '$d1'") != std::string::npos);
    }

    // n definitions, then n uses of the first one, cost about what n uses of the
    // last one cost (the same tokens): a lookup that scanned the definitions from
    // the newest made the first case quadratic (100,000: 37 s against 0.16 s);
    // the bound leaves 20x for a loaded machine.
    void variableLookupIsIndependentOfTheNumberDefined() {
        const int count = 100000;
        std::string definitions;
        for (int i = 0; i < count; ++i) definitions += "$v" + std::to_string(i) + " = " + std::to_string(i) + "\n";
        auto uses_of = [&](const std::string& name) {
            std::string text = definitions;
            for (int i = 0; i < count; ++i) text += "a" + std::to_string(i) + " = " + name + "\n";
            return text;
        };
        const std::string newest = uses_of("$v" + std::to_string(count - 1)), oldest = uses_of("$v0");
        ParseResult result;
        const double of_newest = shortest_seconds([&] { result = parse_text(newest); }, 3);
        QVERIFY(result.ok());
        QCOMPARE(child(result.root, "a7").value, std::to_string(count - 1));
        const double bound = 20 * of_newest + 0.1;
        const double of_oldest = shortest_seconds([&] { result = parse_text(oldest); }, 3, bound);
        QVERIFY(result.ok());
        QCOMPARE(child(result.root, "a7").value, std::string("0"));
        QCOMPARE(child(result.root, "a7").raw_value, std::string("$v0"));
        QVERIFY2(of_oldest <= bound,
                 qPrintable(QString("uses of the oldest: %1 s, of the newest: %2 s").arg(of_oldest).arg(of_newest)));
    }

    void emptyAndCommentOnlyTexts() {
        QVERIFY(parse_text("").ok());
        QVERIFY(parse_text("   \n\t\n").ok());
        QVERIFY(parse_text("# only a comment").ok());
        QVERIFY(parse_text("/* only */ # comments").ok());
        QVERIFY(parse_text("").root.children.empty());
        QVERIFY(parse_text("").root.is_group());
    }

    void missingFile() {
        const ParseResult result = parse_file("/nonexistent/dir/model.hfd");
        QVERIFY(!result.ok());
        QCOMPARE(result.diagnostics[0].location.file, std::string("/nonexistent/dir/model.hfd"));
        QVERIFY(!parse_file(QDir::tempPath().toStdString()).ok());  // a directory
    }

    void corpusFilesParse() {
        const QDir corpus(QStringLiteral(HFD_CORPUS_DIR "/scone"));
        if (!corpus.exists()) QSKIP("corpus absent");
        const QStringList files = corpus.entryList({"*.hfd", "*.zml"}, QDir::Files);
        QVERIFY(files.size() >= 6);
        for (const QString& name : files) {
            const ParseResult result = parse_file(corpus.filePath(name).toStdString());
            for (const Diagnostic& d : result.diagnostics) qWarning("%s", format_diagnostic(d).c_str());
            QVERIFY2(result.ok(), qPrintable(name));
            QVERIFY2(!result.root.children.empty(), qPrintable(name));
        }
        const ParseResult model = parse_file(corpus.filePath("H0918.hfd").toStdString());
        const PropNode& root = child(model.root, "model");
        int bodies = 0;
        const PropNode* hip = nullptr;
        for (const PropNode& node : root.children) {
            if (node.key != "body") continue;
            ++bodies;
            if (const PropNode* joint = node.find("joint"); joint && child(*joint, "name").value == "hip_r")
                hip = joint;
        }
        // counted from the raw text, independently of the parser
        const std::string raw = read_file(corpus.filePath("H0918.hfd"));
        int written_bodies = 0;
        for (size_t at = raw.find("\n\tbody {"); at != std::string::npos; at = raw.find("\n\tbody {", at + 1))
            ++written_bodies;
        QCOMPARE(bodies, written_bodies);
        QVERIFY(bodies > 0);
        QVERIFY(hip);
        QCOMPARE(child(*hip, "stiffness").value, std::string("1e6"));
        QCOMPARE(child(*hip, "stiffness").raw_value, std::string("$stiffness"));
        QCOMPARE(child(child(*hip, "limits"), "z").value, std::string("-120..120"));

        const ParseResult config = parse_file(corpus.filePath("HfdConfigGH2010Planar.zml").toStdString());
        QVERIFY(child(child(config.root, "composite_force"), "planar_joint_force_pnld").value.empty());
    }

    // Random deletions, insertions and duplications of bytes: every result is
    // either a clean parse (that also survives a write/parse round trip) or
    // carries an error with a line inside the text.
    void fuzzedInputsNeverCrash() {
        std::string base = read_file(QStringLiteral(HFD_CORPUS_DIR "/scone/H0918.hfd"));
        if (base.empty()) base = inline_model;
        std::mt19937 rng(20240611);
        const std::string alphabet =
            "{}[]=\"#/*$\\.-e \n\t\x01\xC3\xA9"
            "ab01";
        int failures = 0, successes = 0;
        for (int iteration = 0; iteration < 3000; ++iteration) {
            std::string text = base;
            const int edits = 1 + int(rng() % 4);
            for (int e = 0; e < edits && !text.empty(); ++e) {
                const size_t at = rng() % text.size();
                switch (rng() % 4) {
                    case 0: text.erase(at, 1 + rng() % 3); break;
                    case 1: text.insert(at, 1, alphabet[rng() % alphabet.size()]); break;
                    case 2: text.insert(at, 1, char(rng() % 256)); break;
                    default: text.insert(at, text.substr(at, 1 + rng() % 16)); break;
                }
            }
            const ParseResult result = parse_text(text, "fuzz.hfd");
            if (result.ok()) {
                ++successes;
                const ParseResult again = parse_text(write_text(result.root));
                QVERIFY2(again.ok() && again.root.same_content(result.root), text.c_str());
                continue;
            }
            ++failures;
            // a lone '\r' ends a line too
            int lines = 1;
            for (size_t i = 0; i < text.size(); ++i)
                lines += text[i] == '\n' || (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n'));
            for (const Diagnostic& d : result.diagnostics) {
                QVERIFY2(d.location.line > 0 && d.location.line <= lines, text.c_str());
                QVERIFY2(d.location.column > 0, text.c_str());
                QVERIFY(!d.message.empty());
            }
        }
        // the mutations are neither all harmless nor all fatal
        QVERIFY(failures > 100);
        QVERIFY(successes > 100);
    }
};

QTEST_APPLESS_MAIN(TestParser)
#include "test_parser.moc"
