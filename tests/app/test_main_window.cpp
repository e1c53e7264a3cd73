#include "code_editor.h"
#include "diagnostics_dock.h"
#include "document.h"
#include "editor_dock.h"
#include "find_replace_bar.h"
#include "main_window.h"
#include "model_tree_dock.h"
#include "viewer_pane.h"
#include "recent_files.h"
#include "recent_test_support.h"
#include "studio_test_support.h"
#include "text_positions.h"

#include <QLineEdit>
#include <QMenuBar>
#include <QTextBlock>
#include <QTreeWidget>
#include <QtTest>
#include "test_time_scale.h"

using namespace hfd::studio;

namespace {
MainWindowOptions test_options() {
    MainWindowOptions options;
    options.with_viewer = false;
    options.use_dialogs = false;
    return options;
}

// The diagnostics' underlines among the editor's extra selections (the only wavy ones).
QList<QTextEdit::ExtraSelection> diagnostic_underlines(const hfd::editor::CodeEditor* editor) {
    QList<QTextEdit::ExtraSelection> underlines;
    for (const QTextEdit::ExtraSelection& selection : editor->extraSelections())
        if (selection.format.underlineStyle() == QTextCharFormat::WaveUnderline) underlines << selection;
    return underlines;
}
}  // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString model_path_;

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        studio_test::isolate_settings(dir_);
        model_path_ = dir_.filePath("pendulum.hfd");
        QVERIFY(studio_test::write_file(model_path_, studio_test::pendulum_text()));
    }

    void startsWithDocksAndATemplate() {
        MainWindow window(test_options());
        for (const char* name : {"EditorDock", "ModelTreeDock", "DiagnosticsDock"})
            QVERIFY2(window.findChild<QDockWidget*>(name), name);
        QCOMPARE(window.centralWidget()->objectName(), QString("ViewerPane"));
        QVERIFY(window.document()->isUntitled());
        QVERIFY(!window.document()->isDirty());
        QVERIFY(window.document()->lastValidModel());  // the template builds
        QCOMPARE(window.diagnosticsDock()->errorCount(), 0);
        // Extension points: a new menu goes before Help, a new dock is listed in View.
        QMenu* simulation = window.addMenu("&Simulation");
        QList<QAction*> menus = window.menuBar()->actions();
        QCOMPARE(menus.indexOf(simulation->menuAction()) + 1,
                 menus.indexOf(window.findChild<QMenu*>(QStringLiteral("helpMenu"))->menuAction()));
    }

    // File: Export (with Import) comes before the separator and Quit that end the menu.
    void fileMenuEndsWithQuit() {
        MainWindow window(test_options());
        const QList<QAction*> entries = window.fileMenu()->actions();
        qsizetype export_at = -1, quit_at = -1;
        for (qsizetype i = 0; i < entries.size(); ++i) {
            if (entries[i]->menu() && entries[i]->text().remove(u'&') == QStringLiteral("Export")) export_at = i;
            if (entries[i]->text().remove(u'&') == QStringLiteral("Quit")) quit_at = i;
        }
        QVERIFY(export_at >= 0 && quit_at >= 0);
        QCOMPARE(quit_at, entries.size() - 1);
        QVERIFY2(export_at < quit_at,
                 qPrintable(QStringLiteral("Export at %1, Quit at %2").arg(export_at).arg(quit_at)));
        QVERIFY(entries[quit_at - 1]->isSeparator());
    }

    // Edit > Find and Replace (Ctrl+F, Ctrl+H) work wherever the Model Text dock is: tabbed
    // behind the tree or closed, it comes to the front with the bar; the Find field has
    // room for a name.
    void findAndReplaceRevealTheModelText() {
        MainWindow window(test_options());
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* editor_dock = window.findChild<EditorDock*>();
        auto* tree_dock = window.findChild<ModelTreeDock*>();
        QAction *find = nullptr, *replace = nullptr;
        for (QAction* action : window.findChildren<QAction*>()) {
            if (action->shortcut() == QKeySequence(QKeySequence::Find)) find = action;
            if (action->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_H)) replace = action;
        }
        QVERIFY(find && replace);
        QLineEdit* find_text = editor_dock->findBar()->findChild<QLineEdit*>(QStringLiteral("findText"));
        QLineEdit* replace_text = editor_dock->findBar()->findChild<QLineEdit*>(QStringLiteral("replaceText"));
        window.tabifyDockWidget(tree_dock, editor_dock);
        tree_dock->raise();
        QTRY_VERIFY(!editor_dock->findBar()->isVisible());
        find->trigger();
        QTRY_VERIFY(find_text->isVisible());
        QVERIFY(!replace_text->isVisible());
        QVERIFY2(find_text->width() >= 20 * find_text->fontMetrics().averageCharWidth(),
                 qPrintable(QString::number(find_text->width())));
        editor_dock->findBar()->closeBar();
        editor_dock->close();
        QVERIFY(!editor_dock->isVisible());
        replace->trigger();
        QTRY_VERIFY(replace_text->isVisible());
        QVERIFY(editor_dock->isVisible() && find_text->isVisible());
    }

    void closeWithUnsavedChangesAsks() {
        MainWindow window(test_options());
        window.show();
        QVERIFY(window.openFile(model_path_));
        window.findChild<EditorDock*>()->editor()->textCursor().insertText("# unsaved\n");
        QVERIFY(window.isWindowModified());
        int asked = 0;
        window.prompts().unsaved_changes = [&](const QString& name) {
            ++asked;
            return name == "pendulum.hfd" ? UnsavedChoice::Cancel : UnsavedChoice::Discard;
        };
        QVERIFY(!window.close());
        QCOMPARE(asked, 1);
        QVERIFY(window.isVisible());
        QVERIFY(window.document()->text().startsWith("# unsaved\n"));
        window.prompts().unsaved_changes = [&](const QString&) {
            ++asked;
            return UnsavedChoice::Discard;
        };
        QVERIFY(window.close());
        QCOMPARE(asked, 2);
        QCOMPARE(studio_test::read_file(model_path_), QByteArray(studio_test::pendulum_text()));
    }

    void syntaxErrorIsUnderlinedAndListed() {
        MainWindow window(test_options());
        window.show();
        QVERIFY(window.openFile(model_path_));
        hfd::editor::CodeEditor* editor = window.findChild<EditorDock*>()->editor();
        // Type a second '=' after "mass = " on line 10: the parser stops at line 10, column 10.
        editor->goToLineColumn(10, 10);
        QTest::keyClicks(editor, "= ");
        QTRY_VERIFY_WITH_TIMEOUT(!diagnostic_underlines(editor).isEmpty(), hfd::test::scaled_ms(3000));
        const QTextCursor underline = diagnostic_underlines(editor).first().cursor;
        QCOMPARE(underline.block().blockNumber(), 9);
        QCOMPARE(underline.selectionStart() - underline.block().position(), 9);
        QCOMPARE(underline.selectedText(), QStringLiteral("="));
        QVERIFY(window.diagnosticsDock()->errorCount() >= 1);
        // The model from before the error stays.
        QVERIFY(window.document()->lastValidModel());
        QCOMPARE(window.document()->lastValidModel()->bodies[1].mass, 2.5);

        // Clicking the entry moves the cursor to its line and column.
        editor->moveCursor(QTextCursor::Start);
        QTreeWidget* list = window.diagnosticsDock()->findChild<QTreeWidget*>(QStringLiteral("diagnosticsList"));
        QVERIFY(list);
        QTreeWidgetItem* item = list->topLevelItem(0);
        QVERIFY(item->text(1).startsWith("10:10"));
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(item).center());
        QCOMPARE(editor->textCursor().blockNumber(), 9);
        QCOMPARE(editor->textCursor().positionInBlock(), 9);

        // Fixing the text clears the underline and the list.
        for (int i = 0; i < 4 && window.document()->isDirty(); ++i) editor->undo();
        QCOMPARE(window.document()->text(), QString::fromUtf8(studio_test::pendulum_text()));
        QTRY_VERIFY_WITH_TIMEOUT(diagnostic_underlines(editor).isEmpty(), hfd::test::scaled_ms(3000));
        QCOMPARE(window.diagnosticsDock()->errorCount(), 0);
        window.prompts().unsaved_changes = [](const QString&) { return UnsavedChoice::Discard; };
    }

    void layoutAndRecentFilesPersist() {
        {
            MainWindow window(test_options());
            window.show();
            QVERIFY(window.openFile(model_path_));
            window.diagnosticsDock()->hide();
            QVERIFY(window.close());
        }
        MainWindow window(test_options());
        QCOMPARE(studio_test::recent_menu_paths(*window.findChild<RecentFiles*>()).value(0),
                 QFileInfo(model_path_).absoluteFilePath());
        QVERIFY(window.diagnosticsDock()->isHidden());
        window.resetLayout();
        QVERIFY(!window.diagnosticsDock()->isHidden());
    }

    // The 3D view is the centre and gets most of the window; the diagnostics share a
    // tab with the plots. A moved and hidden layout is remembered, and Reset Layout
    // brings the default back.
    void layoutIsComposedRememberedAndResettable() {
        auto plots_of = [](MainWindow& window) { return window.findChild<QDockWidget*>("PlotDock"); };
        {
            MainWindow window(test_options());
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QDockWidget* plots = plots_of(window);
            QVERIFY(plots);
            QVERIFY(window.tabifiedDockWidgets(plots).contains(window.diagnosticsDock()));
            QCOMPARE(window.dockWidgetArea(plots), Qt::BottomDockWidgetArea);
            QWidget* view = window.centralWidget();
            QCOMPARE(view, static_cast<QWidget*>(window.viewerPane()));
            QVERIFY2(view->width() * 2 > window.width(),
                     qPrintable(QString("%1 of %2; tree %3 sim %4")
                                    .arg(view->width())
                                    .arg(window.width())
                                    .arg(window.findChild<ModelTreeDock*>()->width())
                                    .arg(window.findChild<QDockWidget*>("SimulationDock")->width())));
            QVERIFY2(view->height() * 2 > window.height(),
                     qPrintable(QString("%1 of %2; plots %3 min %4 sim %5 controls %6")
                                    .arg(view->height())
                                    .arg(window.height())
                                    .arg(window.findChild<QDockWidget*>("PlotDock")->height())
                                    .arg(window.findChild<QDockWidget*>("PlotDock")->minimumSizeHint().height())
                                    .arg(window.findChild<QDockWidget*>("SimulationDock")->minimumSizeHint().height())
                                    .arg(window.findChild<QDockWidget*>("ControlsDock")->minimumSizeHint().height())));
            window.addDockWidget(Qt::LeftDockWidgetArea, plots);
            window.findChild<ModelTreeDock*>()->hide();
            QVERIFY(window.close());
        }
        MainWindow window(test_options());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QDockWidget* plots = plots_of(window);
        QCOMPARE(window.dockWidgetArea(plots), Qt::LeftDockWidgetArea);
        QVERIFY(window.findChild<ModelTreeDock*>()->isHidden());
        window.resetLayout();
        QCOMPARE(window.dockWidgetArea(plots), Qt::BottomDockWidgetArea);
        QVERIFY(!window.findChild<ModelTreeDock*>()->isHidden());
        QVERIFY(window.tabifiedDockWidgets(plots).contains(window.diagnosticsDock()));
        QVERIFY(window.centralWidget()->width() * 2 > window.width());
    }
};

STUDIO_TEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
