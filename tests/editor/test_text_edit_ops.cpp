#include "text_edit_ops.h"

#include <QtTest>

using hfd::editor::match_bracket;
using hfd::editor::toggle_line_comments;

class TestTextEditOps : public QObject {
    Q_OBJECT
private slots:
    void matchesNestedBrackets() {
        const QString text = QStringLiteral("a { b [ 1 2 ] c { d = 1 } }");
        const int outer_open = 2, outer_close = int(text.size()) - 1;
        QCOMPARE(match_bracket(text, outer_open).partner, outer_close);
        QCOMPARE(match_bracket(text, outer_close).partner, outer_open);
        QCOMPARE(match_bracket(text, int(text.indexOf('['))).partner, int(text.indexOf(']')));
        QVERIFY(!match_bracket(text, outer_open).mismatched);
        QCOMPARE(match_bracket(text, 0).bracket, -1);  // not a bracket
    }

    void skipsCommentsAndStrings() {
        const QString text = QStringLiteral("g { # } in comment\n name = \"}\" /* { */ }");
        const int open = 2;
        QCOMPARE(match_bracket(text, open).partner, int(text.size()) - 1);
        // A bracket inside a comment or string is not a bracket.
        QCOMPARE(match_bracket(text, int(text.indexOf('}'))).bracket, -1);
        QCOMPARE(match_bracket(text, int(text.indexOf("{ */"))).bracket, -1);
    }

    void reportsMismatchAndUnclosed() {
        const QString wrong = QStringLiteral("a { 1 ]");
        auto match = match_bracket(wrong, 2);
        QCOMPARE(match.partner, 6);
        QVERIFY(match.mismatched);
        const QString unclosed = QStringLiteral("a { b { }");
        match = match_bracket(unclosed, 2);
        QCOMPARE(match.bracket, 2);
        QCOMPARE(match.partner, -1);
        QVERIFY(match.mismatched);
        match = match_bracket(QStringLiteral("x }"), 2);
        QCOMPARE(match.partner, -1);
        QVERIFY(match.mismatched);
    }

    void togglesCommentsKeepingIndentation() {
        const QStringList lines = {"\tbody {", "", "\t\tmass = 1", "\t}"};
        const QStringList commented = toggle_line_comments(lines);
        QCOMPARE(commented, (QStringList{"\t# body {", "", "\t\t# mass = 1", "\t# }"}));
        QCOMPARE(toggle_line_comments(commented), lines);
        // Mixed lines: all get commented.
        QCOMPARE(toggle_line_comments({"# a", "b"}), (QStringList{"# # a", "# b"}));
        // '#' without a space is removed alone.
        QCOMPARE(toggle_line_comments({"#a", "  #b"}), (QStringList{"a", "  b"}));
    }
};

QTEST_APPLESS_MAIN(TestTextEditOps)
#include "test_text_edit_ops.moc"
