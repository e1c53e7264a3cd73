#include "code_editor.h"
#include "find_replace_bar.h"

#include <QCheckBox>
#include <QLineEdit>
#include <QtTest>

using hfd::editor::CodeEditor;
using hfd::editor::FindReplaceBar;

class TestFindReplaceBar : public QObject {
    Q_OBJECT
private slots:
    void findsNextAndWraps() {
        CodeEditor editor;
        editor.setPlainText(QStringLiteral("mass = 1\nMASS = 2\nmass = 3"));
        FindReplaceBar bar(&editor);
        bar.showFind();
        bar.findChild<QLineEdit*>(QStringLiteral("findText"))
            ->setText(QStringLiteral("mass"));  // incremental: selects the first match
        QCOMPARE(editor.textCursor().selectionStart(), 0);
        QVERIFY(bar.findNext());
        QCOMPARE(editor.textCursor().blockNumber(), 1);  // case-insensitive by default
        bar.findChild<QCheckBox*>(QStringLiteral("caseSensitive"))->setChecked(true);
        QVERIFY(bar.findNext());
        QCOMPARE(editor.textCursor().blockNumber(), 2);
        QVERIFY(bar.findNext());  // wraps to the start
        QCOMPARE(editor.textCursor().blockNumber(), 0);
        QVERIFY(bar.findPrevious());  // wraps to the end
        QCOMPARE(editor.textCursor().blockNumber(), 2);
        bar.findChild<QLineEdit*>(QStringLiteral("findText"))->setText(QStringLiteral("absent"));
        QVERIFY(!bar.findNext());
    }

    void replaceAllIsOneUndoStep() {
        CodeEditor editor;
        const QString original = QStringLiteral("k = $s\nj = $s\nmass = 1");
        editor.setPlainText(original);
        FindReplaceBar bar(&editor);
        bar.showReplace();
        bar.findChild<QLineEdit*>(QStringLiteral("findText"))->setText(QStringLiteral("$s"));
        bar.findChild<QLineEdit*>(QStringLiteral("replaceText"))->setText(QStringLiteral("1e6"));
        QCOMPARE(bar.replaceAll(), 2);
        QCOMPARE(editor.toPlainText(), QStringLiteral("k = 1e6\nj = 1e6\nmass = 1"));
        editor.undo();
        QCOMPARE(editor.toPlainText(), original);
    }

    void replaceCurrentReplacesOneMatch() {
        CodeEditor editor;
        editor.setPlainText(QStringLiteral("a a a"));
        FindReplaceBar bar(&editor);
        bar.showReplace();
        bar.findChild<QCheckBox*>(QStringLiteral("wholeWords"))->setChecked(true);
        bar.findChild<QLineEdit*>(QStringLiteral("findText"))->setText(QStringLiteral("a"));
        bar.findChild<QLineEdit*>(QStringLiteral("replaceText"))->setText(QStringLiteral("b"));
        QVERIFY(bar.replaceCurrent());
        QCOMPARE(editor.toPlainText(), QStringLiteral("b a a"));
        QCOMPARE(editor.textCursor().selectionStart(), 2);  // moved on to the next match
    }
};

QTEST_MAIN(TestFindReplaceBar)
#include "test_find_replace_bar.moc"
