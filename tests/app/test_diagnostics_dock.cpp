#include "studio_test_support.h"
#include "diagnostics_dock.h"

#include "format/parser.h"
#include "model/build_model.h"

#include <QSignalSpy>
#include <QTreeWidget>
#include <QtTest>

#include <algorithm>

using hfd::Diagnostic;
using hfd::Severity;
using hfd::studio::DiagnosticsDock;

class TestDiagnosticsDock : public QObject {
    Q_OBJECT
private slots:
    void listsEntriesOfAllSources() {
        DiagnosticsDock dock;
        dock.setDiagnostics(DiagnosticsDock::Source::Model,
                            {{Severity::Error, {"/m/a.hfd", 3, 7}, "unknown body 'x'"},
                             {Severity::Warning, {"/m/a.hfd", 5, 1}, "unused property 'foo'"}});
        dock.setDiagnostics(DiagnosticsDock::Source::Import, {{Severity::Note, {"/m/a.osim", 40, 0}, "approximated"}});
        QTreeWidget* list = dock.findChild<QTreeWidget*>(QStringLiteral("diagnosticsList"));
        QVERIFY(list);
        QCOMPARE(list->topLevelItemCount(), 3);
        QCOMPARE(dock.errorCount(), 1);
        QVERIFY(dock.windowTitle().contains("1 error"));
        QVERIFY(dock.windowTitle().contains("1 warning"));
        QCOMPARE(list->topLevelItem(0)->text(1), QStringLiteral("3:7"));
        QCOMPARE(list->topLevelItem(0)->text(2), QStringLiteral("unknown body 'x'"));
        QCOMPARE(list->topLevelItem(2)->text(1), QStringLiteral("a.osim:40"));  // another file: named
        // Replacing one source keeps the others.
        dock.setDiagnostics(DiagnosticsDock::Source::Model, {});
        QCOMPARE(list->topLevelItemCount(), 1);
        QCOMPARE(dock.errorCount(), 0);
        QCOMPARE(dock.windowTitle(), QStringLiteral("Diagnostics"));
    }

    void clickJumpsOnlyIntoTheEditedText() {
        DiagnosticsDock dock;
        dock.resize(600, 300);
        dock.show();
        dock.setDiagnostics(DiagnosticsDock::Source::Model, {{Severity::Error, {"a.hfd", 12, 4}, "bad"}});
        dock.setDiagnostics(DiagnosticsDock::Source::Import, {{Severity::Warning, {"a.osim", 2, 2}, "other file"}});
        QSignalSpy spy(&dock, &DiagnosticsDock::locationActivated);
        QTreeWidget* list = dock.findChild<QTreeWidget*>(QStringLiteral("diagnosticsList"));
        QVERIFY(list);
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(list->topLevelItem(0)).center());
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy[0][0].toInt(), 12);
        QCOMPARE(spy[0][1].toInt(), 4);
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(list->topLevelItem(1)).center());
        QCOMPARE(spy.count(), 1);
    }

    // 50 misspelt keys in one body: the list shows the first ten where they are,
    // then one note counting the other 40 (as `hfd` prints them); the title
    // still counts all 50.
    void repeatedWarningsShowTenAndACount() {
        std::string text = studio_test::pendulum_text();
        std::string keys;
        for (int i = 0; i < 50; ++i) keys += "\t\tcolour" + std::to_string(i) + " = 1\n";
        const size_t at = text.find("\t\tmass = 2.5");
        const int first_key_line = 1 + int(std::count(text.begin(), text.begin() + at, '\n'));
        text.insert(at, keys);
        const hfd::ParseResult parsed = hfd::parse_text(text, "many.hfd");
        QVERIFY(parsed.ok());
        const hfd::BuildResult built = hfd::build_model(parsed.root, "many.hfd");
        QVERIFY(built.ok());
        QCOMPARE(built.diagnostics.size(), size_t(50));

        DiagnosticsDock dock;
        dock.setDiagnostics(DiagnosticsDock::Source::Model, built.diagnostics);
        QTreeWidget* list = dock.findChild<QTreeWidget*>(QStringLiteral("diagnosticsList"));
        QVERIFY(list);
        QCOMPARE(list->topLevelItemCount(), 11);
        for (int i = 0; i < 10; ++i) {
            QCOMPARE(list->topLevelItem(i)->text(0), QStringLiteral("warning"));
            QCOMPARE(list->topLevelItem(i)->text(1), QStringLiteral("%1:3").arg(first_key_line + i));
            QVERIFY(list->topLevelItem(i)->text(2).contains(QStringLiteral("'colour%1'").arg(i)));
        }
        const QTreeWidgetItem* summary = list->topLevelItem(10);
        QCOMPARE(summary->text(0), QStringLiteral("note"));
        QVERIFY2(summary->text(2).startsWith("... and 40 more warnings like: unknown property 'colour0'"),
                 qPrintable(summary->text(2)));
        QVERIFY2(dock.windowTitle().contains("50 warning"), qPrintable(dock.windowTitle()));
    }
};

STUDIO_TEST_MAIN(TestDiagnosticsDock)
#include "test_diagnostics_dock.moc"
