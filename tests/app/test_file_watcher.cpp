// Changes to the open file by another program: read again when the editor has
// no unsaved edits, asked about (reload loses them) when it has; files replaced
// by a rename are still watched; the studio's own saves are not changes.
#include "document.h"
#include "file_actions.h"
#include "file_watcher.h"
#include "prompts.h"
#include "recent_files.h"
#include "studio_test_support.h"

#include <QSignalSpy>
#include <QTextCursor>
#include <QTextDocument>
#include <QWidget>
#include <QtTest>

using namespace hfd::studio;

namespace {

struct Fixture {
    QWidget window;
    Document* document = new Document(&window);
    RecentFiles* recent = new RecentFiles(&window, false);
    StudioPrompts prompts;
    FileActions* actions = nullptr;
    bool reload_answer = false;
    int reload_questions = 0;
    QStringList errors;

    Fixture() {
        prompts.unsaved_changes = [](const QString&) { return UnsavedChoice::Cancel; };
        prompts.reload_changed_file = [this](const QString&) {
            ++reload_questions;
            return reload_answer;
        };
        prompts.open_path = [](const QString&) { return QString(); };
        prompts.save_path = [](const QString&) { return QString(); };
        prompts.import_path = [](const QString&) { return QString(); };
        prompts.error = [this](const QString&, const QString& message) { errors << message; };
        actions = new FileActions(document, recent, &prompts, &window);
    }
    void edit() {
        QTextCursor cursor(document->textDocument());
        cursor.insertText(QStringLiteral("# edited in the studio\n"));
    }
};

QByteArray renamed_model(const char* name) {
    return QByteArray(studio_test::pendulum_text()).replace("name = pendulum", QByteArray("name = ") + name);
}

// What an editor that saves atomically does: write a new file, rename it over the old.
bool replace_by_rename(const QString& path, const QByteArray& content) {
    const QString temporary = path + QStringLiteral(".new");
    return studio_test::write_file(temporary, content) && QFile::remove(path) && QFile::rename(temporary, path);
}

}  // namespace

class TestFileWatcher : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

    QString modelFile(const QString& name) {
        const QString path = dir_.filePath(name);
        studio_test::write_file(path, studio_test::pendulum_text());
        return path;
    }

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        studio_test::isolate_settings(dir_);
    }

    void cleanDocumentIsReloadedWithTextAndModel() {
        Fixture f;
        const QString path = modelFile("clean.hfd");
        QVERIFY(f.actions->openPath(path));
        QTRY_VERIFY(f.document->lastValidModel());
        QCOMPARE(f.document->lastValidModel()->name, std::string("pendulum"));
        QSignalSpy messages(f.actions, &FileActions::statusMessage);

        QVERIFY(studio_test::write_file(path, renamed_model("changed_outside")));
        QTRY_VERIFY(f.document->text().contains("name = changed_outside"));
        QCOMPARE(f.reload_questions, 0);  // nothing to lose: no question
        QVERIFY(!f.document->isDirty());
        QTRY_COMPARE(f.document->lastValidModel()->name, std::string("changed_outside"));
        QVERIFY(!messages.isEmpty());
        QVERIFY(messages.last().first().toString().contains("changed on disk"));
    }

    void replacedByRenameIsStillWatched() {
        Fixture f;
        const QString path = modelFile("renamed.hfd");
        QVERIFY(f.actions->openPath(path));
        for (const char* name : {"first_rename", "second_rename"}) {
            QVERIFY(replace_by_rename(path, renamed_model(name)));
            QTRY_VERIFY(f.document->text().contains(QStringLiteral("name = %1").arg(name)));
        }
        // The file itself is watched again (a rename over it ends the watch of the old inode).
        const auto* watcher = f.actions->findChild<FileWatcher*>()->findChild<QFileSystemWatcher*>();
        QVERIFY(watcher);
        QVERIFY2(watcher->files().contains(QFileInfo(path).absoluteFilePath()),
                 qPrintable(watcher->files().join(", ")));
    }

    void unsavedEditsAskBeforeTheyAreLost() {
        Fixture f;
        const QString path = modelFile("dirty.hfd");
        QVERIFY(f.actions->openPath(path));
        f.edit();
        QVERIFY(f.document->isDirty());

        // Keep: the editor's text stays, still unsaved.
        f.reload_answer = false;
        QVERIFY(studio_test::write_file(path, renamed_model("outside_one")));
        QTRY_COMPARE(f.reload_questions, 1);
        QVERIFY(f.document->text().contains("# edited in the studio"));
        QVERIFY(!f.document->text().contains("outside_one"));
        QVERIFY(f.document->isDirty());

        // A further change asks again; Reload takes the disk's version.
        f.reload_answer = true;
        QVERIFY(studio_test::write_file(path, renamed_model("outside_two")));
        QTRY_COMPARE(f.reload_questions, 2);
        QTRY_VERIFY(f.document->text().contains("name = outside_two"));
        QVERIFY(!f.document->text().contains("# edited in the studio"));
        QVERIFY(!f.document->isDirty());
    }

    void ownSaveIsNotAChange() {
        Fixture f;
        const QString path = modelFile("own.hfd");
        QVERIFY(f.actions->openPath(path));
        QSignalSpy changes(f.actions->findChild<FileWatcher*>(), &FileWatcher::changedOnDisk);
        QSignalSpy checks(f.actions->findChild<FileWatcher*>(), &FileWatcher::checked);
        f.edit();
        QVERIFY(f.actions->save());
        QTRY_VERIFY(!checks.isEmpty());  // the watcher looked at the file the save replaced
        QCOMPARE(changes.size(), 0);
        QCOMPARE(f.reload_questions, 0);
        QVERIFY(f.document->text().contains("# edited in the studio"));

        // It still watches after its own rename-save: an outside change right after is noticed.
        f.edit();
        QVERIFY(studio_test::write_file(path, renamed_model("after_own_save")));
        QTRY_COMPARE(changes.size(), 1);
        QTRY_COMPARE(f.reload_questions, 1);
    }

    void deletedFileIsReported() {
        Fixture f;
        const QString path = modelFile("deleted.hfd");
        QVERIFY(f.actions->openPath(path));
        QSignalSpy removed(f.actions->findChild<FileWatcher*>(), &FileWatcher::removedFromDisk);
        QVERIFY(QFile::remove(path));
        QTRY_COMPARE(removed.size(), 1);
        QVERIFY(f.document->text().contains("name = pendulum"));  // the text stays, to be saved again
    }
};

STUDIO_TEST_MAIN(TestFileWatcher)
#include "test_file_watcher.moc"
