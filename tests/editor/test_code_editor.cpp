#include "code_editor.h"

#include <QAction>
#include <QTextBlock>
#include <QtTest>

using hfd::Diagnostic;
using hfd::Severity;
using hfd::editor::CodeEditor;

class TestCodeEditor : public QObject {
    Q_OBJECT

    static QList<QTextEdit::ExtraSelection> wavy(const CodeEditor& editor) {
        QList<QTextEdit::ExtraSelection> result;
        for (const auto& selection : editor.extraSelections())
            if (selection.format.underlineStyle() == QTextCharFormat::WaveUnderline) result << selection;
        return result;
    }

private slots:
    void underlinesDiagnosticAtLineColumn() {
        CodeEditor editor;
        editor.setPlainText(QStringLiteral("model {\n\tbody { mass = abc }\n}\n"));
        std::vector<Diagnostic> diagnostics(3);
        diagnostics[0] = {Severity::Error, {"m.hfd", 2, 16}, "expected a number, found 'abc'"};
        diagnostics[1] = {Severity::Warning, {"m.hfd", 1, 1}, "model has no name"};
        diagnostics[2] = {Severity::Error, {"m.hfd", 0, 0}, "no location"};
        editor.setDiagnostics(diagnostics);
        auto underlines = wavy(editor);
        QCOMPARE(underlines.size(), 2);
        const QString text = editor.toPlainText();
        QCOMPARE(underlines[0].cursor.selectionStart(), int(text.indexOf("abc")));
        QCOMPARE(underlines[0].cursor.selectedText(), QStringLiteral("abc"));
        QCOMPARE(underlines[0].format.underlineColor(), QColor(0xd0, 0x20, 0x20));
        QCOMPARE(underlines[0].format.toolTip(), QStringLiteral("expected a number, found 'abc'"));
        QCOMPARE(underlines[1].cursor.selectedText(), QStringLiteral("model"));
        QVERIFY(underlines[1].format.underlineColor() != underlines[0].format.underlineColor());

        // Past the end of a line: the last character of the line is underlined.
        editor.setDiagnostics({Diagnostic{Severity::Error, {"", 3, 5}, "expected '}'"}});
        underlines = wavy(editor);
        QCOMPARE(underlines.size(), 1);
        QCOMPARE(underlines[0].cursor.selectedText(), QStringLiteral("}"));

        editor.setDiagnostics({});
        QVERIFY(wavy(editor).isEmpty());
    }

    void toggleCommentIsOneUndoStep() {
        CodeEditor editor;
        const QString original = QStringLiteral("a = 1\n\tb = 2\nc = 3");
        editor.setPlainText(original);
        QTextCursor cursor = editor.textCursor();
        cursor.setPosition(2);
        cursor.setPosition(int(original.indexOf("b")) + 1, QTextCursor::KeepAnchor);
        editor.setTextCursor(cursor);
        editor.toggleCommentAction()->trigger();
        QCOMPARE(editor.toPlainText(), QStringLiteral("# a = 1\n\t# b = 2\nc = 3"));
        QCOMPARE(editor.toggleCommentAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_Slash));
        editor.undo();
        QCOMPARE(editor.toPlainText(), original);
    }

    void autoIndentAndClosingBracket() {
        CodeEditor editor;
        editor.setPlainText(QStringLiteral("\tbody {"));
        editor.moveCursor(QTextCursor::End);
        QTest::keyClick(&editor, Qt::Key_Return);
        QCOMPARE(editor.toPlainText(), QStringLiteral("\tbody {\n\t\t"));
        QTest::keyClicks(&editor, QStringLiteral("mass = 1"));
        QTest::keyClick(&editor, Qt::Key_Return);
        QTest::keyClick(&editor, Qt::Key_BraceRight);
        QCOMPARE(editor.toPlainText(), QStringLiteral("\tbody {\n\t\tmass = 1\n\t}"));
        // on an empty line, or one indented too far or with spaces, '}' lines up with the
        // line of the '{' it closes (brackets in comments and strings do not count)
        const QString opened = QStringLiteral("model {\n    body {  # {\n        name = \"a{\"\n");
        for (const QString& blank : {QString(), QStringLiteral("\t\t\t"), QStringLiteral("  ")}) {
            editor.setPlainText(opened + blank);
            editor.moveCursor(QTextCursor::End);
            QTest::keyClick(&editor, Qt::Key_BraceRight);
            QCOMPARE(editor.toPlainText(), opened + QStringLiteral("    }"));
            editor.undo();
            QCOMPARE(editor.toPlainText(), opened + blank);
        }
        editor.setPlainText(QStringLiteral("a = [\n\t1\n"));
        editor.moveCursor(QTextCursor::End);
        QTest::keyClick(&editor, Qt::Key_BracketRight);
        QCOMPARE(editor.toPlainText(), QStringLiteral("a = [\n\t1\n]"));
        // a '}' after text on its line is typed where it is
        editor.setPlainText(QStringLiteral("a {\n\tb = 1 "));
        editor.moveCursor(QTextCursor::End);
        QTest::keyClick(&editor, Qt::Key_BraceRight);
        QCOMPARE(editor.toPlainText(), QStringLiteral("a {\n\tb = 1 }"));
    }

    void highlightsMatchingBrackets() {
        CodeEditor editor;
        const QString text = QStringLiteral("a { b = [ 1 2 ] }");
        editor.setPlainText(text);
        QTextCursor cursor = editor.textCursor();
        cursor.setPosition(int(text.indexOf('[')));
        editor.setTextCursor(cursor);
        QList<int> bold_positions;
        for (const auto& selection : editor.extraSelections())
            if (selection.format.fontWeight() == QFont::Bold) bold_positions << selection.cursor.selectionStart();
        std::sort(bold_positions.begin(), bold_positions.end());
        QCOMPARE(bold_positions, (QList<int>{int(text.indexOf('[')), int(text.indexOf(']'))}));
    }

    void goToLineColumnMovesCursor() {
        CodeEditor editor;
        editor.setPlainText(QStringLiteral("one\ntwo three\nfour"));
        editor.goToLineColumn(2, 5);
        QCOMPARE(editor.textCursor().blockNumber(), 1);
        QCOMPARE(editor.textCursor().positionInBlock(), 4);
    }
};

QTEST_MAIN(TestCodeEditor)
#include "test_code_editor.moc"
