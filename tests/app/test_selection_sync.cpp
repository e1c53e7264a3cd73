#include "code_editor.h"
#include "document.h"
#include "editor_dock.h"
#include "main_window.h"
#include "model_tree_dock.h"
#include "model_tree_model.h"
#include "selection_sync.h"
#include "studio_test_support.h"

#include <QTreeView>
#include <QtTest>

using namespace hfd::studio;

class TestSelectionSync : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::unique_ptr<MainWindow> window_;

    hfd::editor::ModelTreeModel* tree() { return window_->findChild<ModelTreeDock*>()->model(); }
    hfd::editor::CodeEditor* editor() { return window_->findChild<EditorDock*>()->editor(); }
    QTreeView* tree_view() {
        return window_->findChild<ModelTreeDock*>()->findChild<QTreeView*>(QStringLiteral("modelTree"));
    }

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        studio_test::isolate_settings(dir_);
    }

    void init() {
        MainWindowOptions options;
        options.with_viewer = false;
        options.use_dialogs = false;
        window_ = std::make_unique<MainWindow>(options);
        window_->prompts().unsaved_changes = [](const QString&) { return UnsavedChoice::Discard; };
        window_->document()->setUntitled(QString::fromUtf8(studio_test::pendulum_text()), {}, false);
        window_->show();
    }

    void cleanup() { window_.reset(); }

    void treeSelectionSelectsTextRange() {
        QModelIndex link = tree()->findNamedGroup("body", "link");
        QVERIFY(link.isValid());
        tree_view()->setCurrentIndex(link);  // as a click would
        const QString text = window_->document()->text();
        const int begin = int(text.indexOf("\tbody {\n\t\tname = link")) + 1;
        const int end = int(text.lastIndexOf("\t}\n}")) + 2;
        QCOMPARE(editor()->textCursor().selectionStart(), begin);
        QCOMPARE(editor()->textCursor().selectionEnd(), end);
        QVERIFY(editor()->textCursor().selectedText().startsWith("body {"));
        QCOMPARE(window_->findChild<SelectionSync*>()->bodyOfNode(link), 1);
        QModelIndex joint = tree()->indexAtOffset(int(text.indexOf("hinge")));
        QCOMPARE(window_->findChild<SelectionSync*>()->bodyOfNode(joint), 1);
        QCOMPARE(window_->findChild<SelectionSync*>()->bodyOfNode(tree()->index(0, 0)), -1);
    }

    void treeEditRewritesOnlyThatValueAsOneUndoStep() {
        const QString original = window_->document()->text();
        QModelIndex mass = tree()->indexAtOffset(int(original.toUtf8().indexOf("2.5")));
        QCOMPARE(mass.data().toString(), QStringLiteral("mass"));
        QVERIFY(tree()->setData(mass.siblingAtColumn(1), QStringLiteral("7.25")));
        QString expected = original;
        expected.replace("mass = 2.5", "mass = 7.25");
        QCOMPARE(window_->document()->text(), expected);
        // The tree follows the text once the edit is committed.
        QTRY_COMPARE(mass.siblingAtColumn(1).data().toString(), QStringLiteral("7.25"));
        QTRY_VERIFY(window_->document()->lastValidModel()->bodies[1].mass == 7.25);
        editor()->undo();
        QCOMPARE(window_->document()->text(), original);
        QVERIFY(!window_->document()->isDirty());
    }

    void staleTreeEditIsRefused() {
        const QString original = window_->document()->text();
        QModelIndex mass = tree()->indexAtOffset(int(original.toUtf8().indexOf("2.5")));
        editor()->moveCursor(QTextCursor::Start);
        editor()->textCursor().insertText("# moves every offset\n");  // not yet re-parsed
        QVERIFY(tree()->setData(mass.siblingAtColumn(1), QStringLiteral("9")));
        QCOMPARE(window_->document()->text(), "# moves every offset\n" + original);
    }

    void cursorSelectsTreeNode() {
        const QString text = window_->document()->text();
        QTextCursor cursor = editor()->textCursor();
        cursor.setPosition(int(text.indexOf("hinge")) + 2);
        editor()->setTextCursor(cursor);
        QTRY_COMPARE(tree_view()->currentIndex().data().toString(), QStringLiteral("name"));
        QModelIndex current = tree_view()->currentIndex();
        QCOMPARE(current.parent().data().toString(), QStringLiteral("joint"));
        // Following the cursor does not move the text cursor.
        QCOMPARE(editor()->textCursor().position(), int(text.indexOf("hinge")) + 2);
    }

    void bodyFromViewSelectsTreeAndText() {
        window_->findChild<SelectionSync*>()->selectBody(1);
        QModelIndex current = tree_view()->currentIndex();
        QCOMPARE(current, tree()->findNamedGroup("body", "link"));
        QVERIFY(editor()->textCursor().selectedText().startsWith("body {"));
        window_->findChild<SelectionSync*>()->selectBody(0);
        QCOMPARE(tree_view()->currentIndex(), tree()->findNamedGroup("body", "ground"));
    }
};

STUDIO_TEST_MAIN(TestSelectionSync)
#include "test_selection_sync.moc"
