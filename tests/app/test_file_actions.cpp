#include "document.h"
#include "file_actions.h"
#include "format/parser.h"
#include "model/build_model.h"
#include "prompts.h"
#include "recent_files.h"
#include "recent_test_support.h"
#include "studio_test_support.h"

#include <QRegularExpression>
#include <QSignalSpy>
#include <QTextCursor>
#include <QTextDocument>
#include <QWidget>
#include <QtTest>

using namespace hfd::studio;

// A document, its file actions and prompts that answer from the test.
struct Fixture {
    QWidget window;
    Document* document = new Document(&window);
    RecentFiles* recent = new RecentFiles(&window);
    StudioPrompts prompts;
    FileActions* actions = nullptr;
    UnsavedChoice answer = UnsavedChoice::Cancel;
    int questions = 0;
    QString save_answer;
    QStringList errors;

    Fixture() {
        prompts.unsaved_changes = [this](const QString&) {
            ++questions;
            return answer;
        };
        prompts.open_path = [](const QString&) { return QString(); };
        prompts.save_path = [this](const QString&) { return save_answer; };
        prompts.import_path = [](const QString&) { return QString(); };
        prompts.error = [this](const QString&, const QString& message) { errors << message; };
        actions = new FileActions(document, recent, &prompts, &window);
    }
    void edit() {
        QTextCursor cursor(document->textDocument());
        cursor.insertText(QStringLiteral("# edited\n"));
    }
};

class TestFileActions : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

    QString modelFile(const QString& name) {
        QString path = dir_.filePath(name);
        studio_test::write_file(path, studio_test::pendulum_text());
        return path;
    }

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        studio_test::isolate_settings(dir_);
    }

    void templateIsAValidModel() {
        const QString text = FileActions::newModelTemplate();
        QVERIFY(text.contains("model {"));
        hfd::ParseResult parsed = hfd::parse_text(text.toStdString(), "template.hfd");
        QVERIFY(parsed.ok());
        hfd::BuildResult built = hfd::build_model(parsed.root, "template.hfd");
        QVERIFY2(built.ok(), built.diagnostics.empty() ? "" : hfd::format_diagnostic(built.diagnostics[0]).c_str());
        for (const hfd::Diagnostic& d : built.diagnostics)
            QVERIFY2(d.severity != hfd::Severity::Error, d.message.c_str());
    }

    void newAsksAboutUnsavedChanges() {
        Fixture f;
        const QString path = modelFile("ask.hfd");
        QVERIFY(f.actions->openPath(path));
        f.edit();
        const QString edited = f.document->text();

        f.answer = UnsavedChoice::Cancel;
        QVERIFY(!f.actions->newDocument());
        QCOMPARE(f.questions, 1);
        QCOMPARE(f.document->text(), edited);
        QCOMPARE(f.document->path(), QFileInfo(path).absoluteFilePath());

        f.answer = UnsavedChoice::Save;
        QVERIFY(f.actions->newDocument());
        QCOMPARE(f.questions, 2);
        QCOMPARE(QString::fromUtf8(studio_test::read_file(path)), edited);
        QVERIFY(f.document->isUntitled());
        QCOMPARE(f.document->text(), FileActions::newModelTemplate());
        QVERIFY(!f.document->isDirty());

        f.edit();
        f.answer = UnsavedChoice::Discard;
        QVERIFY(f.actions->openPath(path));
        QCOMPARE(f.questions, 3);
        QCOMPARE(f.document->text(), edited);
    }

    void reloadAsksAndReadsTheFileAgain() {
        Fixture f;
        const QString path = modelFile("reload.hfd");
        QVERIFY(f.actions->openPath(path));
        f.edit();
        f.answer = UnsavedChoice::Cancel;
        QVERIFY(!f.actions->reload());
        QVERIFY(f.document->isDirty());
        f.answer = UnsavedChoice::Discard;
        QVERIFY(f.actions->reload());
        QCOMPARE(f.document->text(), QString::fromUtf8(studio_test::pendulum_text()));
        QVERIFY(!f.document->isDirty());
        QVERIFY(!f.document->textDocument()->isUndoAvailable());
    }

    void saveAsAsksForPathAndRemembersIt() {
        Fixture f;
        QVERIFY(f.actions->newDocument());
        f.edit();
        f.save_answer.clear();  // cancelled dialog
        QVERIFY(!f.actions->save());
        QVERIFY(f.document->isDirty());
        f.save_answer = dir_.filePath("saved_as");
        QVERIFY(f.actions->save());  // untitled: Save goes through Save As
        const QString saved = dir_.filePath("saved_as.hfd");
        QCOMPARE(f.document->path(), saved);
        QCOMPARE(QString::fromUtf8(studio_test::read_file(saved)), f.document->text());
        QCOMPARE(studio_test::recent_menu_paths(*f.recent).value(0), saved);
        QVERIFY(f.errors.isEmpty());
    }

    void failedSaveReportsErrorAndStaysDirty() {
        Fixture f;
        QVERIFY(f.actions->newDocument());
        f.edit();
        f.save_answer = dir_.filePath("missing_dir/x.hfd");
        QVERIFY(!f.actions->saveAs());
        QCOMPARE(f.errors.size(), 1);
        QVERIFY(f.errors[0].contains("missing_dir"));
        QVERIFY(f.document->isDirty());
        QVERIFY(f.document->isUntitled());
        // Closing now still asks, and Save fails again without losing the text.
        f.answer = UnsavedChoice::Save;
        QVERIFY(!f.actions->maybeSave());
    }

    void openFailureKeepsDocument() {
        Fixture f;
        QVERIFY(f.actions->newDocument());
        QVERIFY(!f.actions->openPath(dir_.filePath("absent.hfd")));
        QCOMPARE(f.errors.size(), 1);
        QCOMPARE(f.document->text(), FileActions::newModelTemplate());
    }

    void importsOsimAsUnsavedDocument() {
        const QString osim = QStringLiteral(HFD_CORPUS_DIR "/scone/H0918M_osim4.osim");
        if (!QFileInfo::exists(osim)) QSKIP("corpus not present");
        Fixture f;
        QSignalSpy report(f.actions, &FileActions::importReportChanged);
        QVERIFY(f.actions->importOsimPath(osim));
        QCOMPARE(report.count(), 1);
        QVERIFY(f.document->isUntitled());
        QVERIFY(f.document->isDirty());
        QVERIFY(f.document->text().contains("body"));
        QVERIFY(f.document->suggestedPath().endsWith("H0918M_osim4.hfd"));
        QVERIFY(f.document->analysis()->parse.ok());
    }

    // File > Open's first filter, its default, takes every type the studio opens
    // (#49 item 6: it had none, a scenario needed the filter changed first).
    void openFilterListsEverySupportedTypeFirst() {
        const QStringList filters = open_file_filter().split(QStringLiteral(";;"));
        QVERIFY2(filters.size() > 2, qPrintable(open_file_filter()));
        QCOMPARE(filters.front(),
                 QStringLiteral("All supported files (*.hfd *.osim *.scone *.par *.zml *.mot *.sto)"));
        QCOMPARE(filters.back(), QStringLiteral("All files (*)"));
        const QRegularExpression pattern(QStringLiteral("\\*\\.\\w+"));
        for (const QString& filter : filters.mid(1, filters.size() - 2))
            for (const QRegularExpressionMatch& m : pattern.globalMatch(filter))
                QVERIFY2(filters.front().contains(m.captured()), qPrintable(filter));
    }

    // A .osim picked in File > Open is imported (converted), not read as model text.
    void openOfAnOsimImportsIt() {
        Fixture f;
        const QString bad = dir_.filePath("open_bad.osim");
        studio_test::write_file(bad, "<OpenSimDocument><Model name=\"x\"><BodySet>");
        const QString before = f.document->text();
        QVERIFY(!f.actions->openPath(bad));
        QCOMPARE(f.errors.size(), 1);
        QVERIFY2(f.errors.front().contains(QStringLiteral("could not be converted")), qPrintable(f.errors.front()));
        QCOMPARE(f.document->text(), before);
    }

    void failedImportReportsErrors() {
        Fixture f;
        const QString bad = dir_.filePath("bad.osim");
        studio_test::write_file(bad, "<OpenSimDocument><Model name=\"x\"><BodySet>");
        QSignalSpy report(f.actions, &FileActions::importReportChanged);
        QVERIFY(!f.actions->importOsimPath(bad));
        QCOMPARE(f.errors.size(), 1);
        QCOMPARE(report.count(), 1);
        auto diagnostics = report[0][0].value<std::vector<hfd::Diagnostic>>();
        QVERIFY(hfd::has_errors(diagnostics));
    }
};

STUDIO_TEST_MAIN(TestFileActions)
#include "test_file_actions.moc"
