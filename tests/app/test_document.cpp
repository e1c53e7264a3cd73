#include "document.h"
#include "studio_test_support.h"

#include <QSignalSpy>
#include <QTextCursor>
#include <QTextDocument>
#include <QtTest>

using hfd::studio::Document;

class TestDocument : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

    QString modelFile(const QString& name, const QByteArray& content) {
        QString path = dir_.filePath(name);
        studio_test::write_file(path, content);
        return path;
    }

    static void type(Document& document, int position, const QString& text) {
        QTextCursor cursor(document.textDocument());
        cursor.setPosition(position);
        cursor.insertText(text);
    }

private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    void openEditSaveRoundTrip() {
        const QString path = modelFile("round_trip.hfd", studio_test::pendulum_text());
        Document document;
        QSignalSpy dirty(&document, &Document::dirtyChanged);
        QString error;
        QVERIFY2(document.load(path, &error), qPrintable(error));
        QCOMPARE(document.path(), QFileInfo(path).absoluteFilePath());
        QCOMPARE(document.text(), QString::fromUtf8(studio_test::pendulum_text()));
        QVERIFY(!document.isDirty());
        QVERIFY(document.analysis() && document.analysis()->build.ok());

        const int position = int(document.text().indexOf("2.5"));
        type(document, position, QStringLiteral("1"));  // mass 12.5
        QVERIFY(document.isDirty());
        QCOMPARE(dirty.count(), 1);
        QCOMPARE(dirty.last().at(0).toBool(), true);

        QVERIFY2(document.save(&error), qPrintable(error));
        QVERIFY(!document.isDirty());
        QCOMPARE(dirty.last().at(0).toBool(), false);
        QByteArray expected = QByteArray(studio_test::pendulum_text()).replace("2.5", "12.5");
        QCOMPARE(studio_test::read_file(path), expected);
        // Atomic: nothing but the model itself is left in the directory.
        const QStringList entries = QDir(dir_.path()).entryList({"round_trip*"}, QDir::Files | QDir::Hidden);
        QCOMPARE(entries, QStringList{"round_trip.hfd"});
    }

    void undoToSavedTextClearsDirty() {
        const QString path = modelFile("undo.hfd", studio_test::pendulum_text());
        Document document;
        QVERIFY(document.load(path, nullptr));
        type(document, 0, QStringLiteral("# comment\n"));
        QVERIFY(document.isDirty());
        document.textDocument()->undo();
        QVERIFY(!document.isDirty());
    }

    void failedSaveKeepsDirtyAndReportsWhy() {
        const QString path = modelFile("unwritable.hfd", studio_test::pendulum_text());
        Document document;
        QVERIFY(document.load(path, nullptr));
        type(document, 0, QStringLiteral("# edit\n"));
        QString error;
        const QString bad = dir_.filePath("no_such_directory/model.hfd");
        QVERIFY(!document.saveAs(bad, &error));
        QVERIFY(!error.isEmpty());
        QVERIFY2(error.contains("no_such_directory"), qPrintable(error));
        QVERIFY(document.isDirty());
        QCOMPARE(document.path(), QFileInfo(path).absoluteFilePath());
        QVERIFY(!QFileInfo::exists(bad));
        // A directory in the way of the file is refused too.
        QDir(dir_.path()).mkdir("a_directory.hfd");
        QVERIFY(!document.saveAs(dir_.filePath("a_directory.hfd"), &error));
        QVERIFY(document.isDirty());
    }

    void keepsWindowsLineEndings() {
        QByteArray crlf = QByteArray(studio_test::pendulum_text()).replace("\n", "\r\n");
        const QString path = modelFile("crlf.hfd", crlf);
        Document document;
        QVERIFY(document.load(path, nullptr));
        QVERIFY(!document.text().contains('\r'));
        QVERIFY(document.analysis()->build.ok());
        type(document, 0, QStringLiteral("# x\n"));
        QVERIFY(document.save(nullptr));
        QCOMPARE(studio_test::read_file(path), "# x\r\n" + crlf);
    }

    void refusesMissingAndBinaryFiles() {
        Document document;
        document.setUntitled(QStringLiteral("model { name = kept }"), {}, true);
        QString error;
        QVERIFY(!document.load(dir_.filePath("missing.hfd"), &error));
        QVERIFY(error.contains("missing.hfd"));
        const QString binary = modelFile("binary.hfd", QByteArray("model {\0\1\2", 10));
        QVERIFY(!document.load(binary, &error));
        QVERIFY(error.contains("not a text file"));
        QCOMPARE(document.text(), QStringLiteral("model { name = kept }"));
        QVERIFY(document.isDirty());
        QVERIFY(document.isUntitled());
    }

    void lastValidModelSurvivesErrors() {
        Document document;
        QSignalSpy models(&document, &Document::modelChanged);
        document.setUntitled(QString::fromUtf8(studio_test::pendulum_text()), {}, false);
        QCOMPARE(models.count(), 1);
        QVERIFY(document.lastValidModel());
        QCOMPARE(int(document.lastValidModel()->bodies.size()), 2);

        type(document, int(document.text().indexOf("name = link")), QStringLiteral("{ "));
        document.analyzer()->analyzeNow();
        QVERIFY(!document.analysis()->parse.ok());
        QVERIFY(document.lastValidModel());
        QCOMPARE(document.lastValidModel()->bodies[1].name, std::string("link"));
        QCOMPARE(models.count(), 1);
    }

    void untitledDocumentUsesSuggestedPath() {
        Document document;
        const QString suggested = dir_.filePath("imported.hfd");
        document.setUntitled(QString::fromUtf8(studio_test::pendulum_text()), suggested, true);
        QVERIFY(document.isUntitled());
        QVERIFY(document.isDirty());
        QCOMPARE(document.displayName(), QStringLiteral("imported.hfd"));
        QCOMPARE(document.analysis()->file_name, suggested.toStdString());
        QString error;
        QVERIFY(!document.save(&error));  // no path yet: Save As is needed
        QVERIFY(document.saveAs(suggested, &error));
        QCOMPARE(document.path(), suggested);
        QVERIFY(!document.isDirty());
    }
};

STUDIO_TEST_MAIN(TestDocument)
#include "test_document.moc"
