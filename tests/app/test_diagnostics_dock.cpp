#include "studio_test_support.h"
#include "diagnostics_dock.h"

#include <QSignalSpy>
#include <QTreeWidget>
#include <QtTest>

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
};

STUDIO_TEST_MAIN(TestDiagnosticsDock)
#include "test_diagnostics_dock.moc"
