// An unbalanced brace is reported where it was written, not where the braces
// run out: a '}' too many that closed a group early, or a group whose '}' is
// missing, told from the indentation; and the errors it causes further on
// (undefined $variables of the scope that closed early, the stray '}' at the
// end) are not reported as errors of their own. Also: lone '\r' line ends.
#include "format/brace_balance.h"
#include "format/parser.h"

#include <QFile>
#include <QtTest>

#include <chrono>
#include <functional>

using namespace hfd;

namespace {

std::string read_file(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    return file.readAll().toStdString();
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    size_t start = 0;
    while (start < text.size()) {
        const size_t end = std::min(text.find('\n', start), text.size());
        lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

std::string joined(const std::vector<std::string>& lines) {
    std::string text;
    for (const std::string& line : lines) text += line + "\n";
    return text;
}

// Index (0-based) of the first line that is exactly `content`, after `from`.
size_t find_line(const std::vector<std::string>& lines, const std::string& content, size_t from = 0) {
    for (size_t i = from; i < lines.size(); ++i)
        if (lines[i] == content) return i;
    qFatal("no line '%s'", content.c_str());
}

std::vector<Diagnostic> errors_of(const ParseResult& result) {
    std::vector<Diagnostic> errors;
    for (const Diagnostic& d : result.diagnostics)
        if (d.severity == Severity::Error) errors.push_back(d);
    return errors;
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

std::string all_messages(const ParseResult& result) {
    std::string text;
    for (const Diagnostic& d : result.diagnostics) text += format_diagnostic(d) + "\n";
    return text;
}

}  // namespace

class TestBraceBalance : public QObject {
    Q_OBJECT

private slots:
    // human_planar: "\tbody {" on some line, a multi-line body; one '}' inserted
    // inside it at the body's own indentation closes the body early.
    void extraBraceAtGroupIndentation() {
        std::vector<std::string> lines = lines_of(read_file(HFD_SAMPLES_DIR "/human_planar.hfd"));
        QVERIFY(!lines.empty());
        const size_t body = find_line(lines, "\tbody {");
        const size_t body_close = find_line(lines, "\t}", body);
        QVERIFY(body_close > body + 1);
        lines.insert(lines.begin() + std::ptrdiff_t(body) + 2, "\t}");
        const ParseResult result = parse_text(joined(lines), "mutated.hfd");
        const std::vector<Diagnostic> errors = errors_of(result);
        QVERIFY2(errors.size() == 1, all_messages(result).c_str());
        QCOMPARE(errors[0].location.line, int(body) + 3);
        QCOMPARE(errors[0].location.column, 2);
        QVERIFY2(errors[0].message.find("one '}' too many") != std::string::npos, errors[0].message.c_str());
        QVERIFY(errors[0].message.find("opened on line " + std::to_string(body + 1)) != std::string::npos);
        // the '}' that now closes the model is named: the body's own one, one line down
        QVERIFY(errors[0].message.find("on line " + std::to_string(body_close + 2)) != std::string::npos);
        // the parser's own message stays, as a note where it stopped
        QCOMPARE(result.diagnostics.back().severity, Severity::Note);
        QVERIFY(result.diagnostics.back().location.line > int(body_close));
    }

    // The same '}' indented deeper than the body: nothing at its indentation is open.
    void extraBraceIndentedDeeper() {
        std::vector<std::string> lines = lines_of(read_file(HFD_SAMPLES_DIR "/human_planar.hfd"));
        const size_t body = find_line(lines, "\tbody {");
        lines.insert(lines.begin() + std::ptrdiff_t(body) + 2, "\t\t}");
        const ParseResult result = parse_text(joined(lines), "mutated.hfd");
        const std::vector<Diagnostic> errors = errors_of(result);
        QVERIFY2(errors.size() == 1, all_messages(result).c_str());
        QCOMPARE(errors[0].location.line, int(body) + 3);
        QCOMPARE(errors[0].location.column, 3);
        QVERIFY(errors[0].message.find("indented deeper") != std::string::npos);
    }

    // A body's '}' deleted: the next "\tbody {" shows where it belonged.
    void missingBrace() {
        std::vector<std::string> lines = lines_of(read_file(HFD_SAMPLES_DIR "/human_planar.hfd"));
        const size_t body = find_line(lines, "\tbody {");
        const size_t body_close = find_line(lines, "\t}", body);
        const size_t next_body = find_line(lines, "\tbody {", body_close);
        QCOMPARE(next_body, body_close + 1);
        lines.erase(lines.begin() + std::ptrdiff_t(body_close));
        const ParseResult result = parse_text(joined(lines), "mutated.hfd");
        const std::vector<Diagnostic> errors = errors_of(result);
        QVERIFY2(errors.size() == 1, all_messages(result).c_str());
        QCOMPARE(errors[0].location.line, int(body) + 1);
        QVERIFY2(errors[0].message.find("missing before line " + std::to_string(body_close + 1)) != std::string::npos,
                 errors[0].message.c_str());
    }

    // Issue #35: one '}' too many on line 18 of H0918 gave 12 undefined variables
    // (their scope, the model, had closed) and "expected a key" on the last line.
    void corpusH0918ExtraBrace() {
        const std::string raw = read_file(HFD_CORPUS_DIR "/scone/H0918.hfd");
        if (raw.empty()) QSKIP("corpus absent");
        std::vector<std::string> lines = lines_of(raw);
        for (const char* indent : {"\t", "\t\t"}) {
            std::vector<std::string> mutated = lines;
            mutated.insert(mutated.begin() + 17, indent);  // becomes line 18
            mutated[17] += "}";
            const ParseResult result = parse_text(joined(mutated), "H0918.hfd");
            const std::vector<Diagnostic> errors = errors_of(result);
            QVERIFY2(errors.size() == 1, all_messages(result).c_str());
            QCOMPARE(errors[0].location.line, 18);
            QVERIFY(all_messages(result).find("undefined variable") == std::string::npos);
        }
    }

    // Balanced braces, and a text without indentation, keep the parser's message.
    void noHintKeepsParserMessage() {
        const ParseResult unindented = parse_text("model {\nbody {\nname = a\n}\n}\n}\n", "flat.hfd");
        QCOMPARE(unindented.diagnostics.size(), size_t(1));
        QCOMPARE(unindented.diagnostics[0].location.line, 6);
        QVERIFY(unindented.diagnostics[0].message.find("expected a key") != std::string::npos);
        const ParseResult other = parse_text("model {\n\tbody {\n\t\tname a\n\t}\n}\n", "other.hfd");
        QCOMPARE(other.diagnostics.size(), size_t(1));
        QCOMPARE(other.diagnostics[0].location.line, 3);
    }

    // Classic Mac files end lines with a lone '\r': a comment ends there, and
    // locations count those lines.
    void carriageReturnLineEnds() {
        const ParseResult result = parse_text("# comment\rmodel {\r\tname = m\r\tmass = \r}\r", "cr.hfd");
        QCOMPARE(result.diagnostics.size(), size_t(1));
        QCOMPARE(result.diagnostics[0].location.line, 4);
        const ParseResult good = parse_text("# comment\rmodel {\r\tname = m # note\r}\r", "cr.hfd");
        QVERIFY(good.ok());
        QVERIFY(good.root.find("model"));
        QCOMPARE(good.root.find("model")->find("name")->value, std::string("m"));
        QCOMPARE(good.root.find("model")->find("name")->line, 3);
    }

    // The indentation of each line, as the lexer numbers the lines: "\n", "\r\n" and
    // a lone "\r" each end one line, a tab goes to the next multiple of 4, the
    // byte order mark is not indentation.
    void lineIndentsAreMeasuredPerLexerLine() {
        const format_detail::LineIndents indents("\xEF\xBB\xBF  a {\r\n\tb = 1\r  \t c = 2\n}\n\n   ");
        QCOMPARE(indents.line_count(), 6);
        QCOMPARE(indents.of_line(1), 2);
        QCOMPARE(indents.of_line(2), 4);
        QCOMPARE(indents.of_line(3), 5);  // 2 spaces, a tab to 4, a space
        QCOMPARE(indents.of_line(4), 0);
        QCOMPARE(indents.of_line(5), 0);
        QCOMPARE(indents.of_line(6), 3);
        QCOMPARE(indents.of_line(0), 0);
        QCOMPARE(indents.of_line(7), 0);
        // the brace diagnosis reads them: a missing '}' found through the
        // indentation of lines ended by a lone '\r'
        const ParseResult missing = parse_text("m {\r\ta {\r\t\tx = 1\r\tb = 2\r}\r", "cr.hfd");
        const std::vector<Diagnostic> errors = errors_of(missing);
        QVERIFY2(errors.size() == 1, all_messages(missing).c_str());
        QCOMPARE(errors[0].location.line, 2);
        QVERIFY2(errors[0].message.find("a '}' is missing before line 4") != std::string::npos,
                 errors[0].message.c_str());
    }

    // 200,000 groups opened on one line are refused at the 201st '{' in about the
    // time the same tokens take one per line. Measuring the indentation of each
    // group's line by scanning back to the line's start made that quadratic in
    // the length of the line (35 s against 0.05 s); the bound leaves 20x for a
    // loaded machine and is ~30x short of the quadratic time.
    void manyGroupsOnOneLineTakeLinearTime() {
        const int groups = 200000;
        std::string one_line, one_per_line;
        for (int i = 0; i < groups; ++i) {
            one_line += "a { ";
            one_per_line += "a {\n";
        }
        ParseResult result;
        const double per_line = shortest_seconds([&] { result = parse_text(one_per_line, "lines.hfd"); }, 3);
        QCOMPARE(errors_of(result).size(), size_t(1));
        const double bound = 20 * per_line + 0.1;
        const double on_one_line = shortest_seconds([&] { result = parse_text(one_line, "line.hfd"); }, 3, bound);
        const std::vector<Diagnostic> errors = errors_of(result);
        QVERIFY2(errors.size() == 1, all_messages(result).c_str());
        QCOMPARE(errors[0].location.line, 1);
        QCOMPARE(errors[0].location.column, 4 * 200 + 3);  // the 201st '{'
        QVERIFY(errors[0].message.find("nested") != std::string::npos);
        QVERIFY2(on_one_line <= bound,
                 qPrintable(QString("one line: %1 s, one per line: %2 s").arg(on_one_line).arg(per_line)));
    }
};

QTEST_APPLESS_MAIN(TestBraceBalance)
#include "test_brace_balance.moc"
