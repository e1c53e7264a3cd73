#include "model_analyzer.h"

#include <QDir>
#include <QPlainTextDocumentLayout>
#include <QTemporaryDir>
#include <QSignalSpy>
#include <QTextCursor>
#include <QTextDocument>
#include <QtTest>
#include "test_time_scale.h"

using hfd::editor::Analysis;
using hfd::editor::ModelAnalyzer;

namespace {
const char* const model_text =
    "model {\n"
    "\tname = pendulum\n"
    "\tbody {\n"
    "\t\tname = ground\n"
    "\t\tmass = 0\n"
    "\t\tinertia { x = 0 y = 0 z = 0 }\n"
    "\t}\n"
    "\tbody {\n"
    "\t\tname = link\n"
    "\t\tmass = 2.5\n"
    "\t\tinertia { x = 0.1 y = 0.1 z = 0.1 }\n"
    "\t\tpos { x = 0 y = 1 z = 0 }\n"
    "\t\tjoint {\n"
    "\t\t\tname = hinge\n"
    "\t\t\tparent = ground\n"
    "\t\t\tpos_in_parent { x = 0 y = 1.5 z = 0 }\n"
    "\t\t\tpos_in_child { x = 0 y = 0.5 z = 0 }\n"
    "\t\t}\n"
    "\t}\n"
    "}\n";

void append(QTextDocument& document, const QString& text) {
    QTextCursor cursor(&document);
    cursor.movePosition(QTextCursor::End);
    cursor.insertText(text);
}
}  // namespace

class TestModelAnalyzer : public QObject {
    Q_OBJECT
private slots:
    void debouncesEdits() {
        QTextDocument document;
        document.setDocumentLayout(new QPlainTextDocumentLayout(&document));
        document.setPlainText(model_text);
        ModelAnalyzer analyzer(&document);
        // The burst below takes about 0.1 s; a delay 20 times longer keeps "still
        // typing" true on a busy machine too.
        QTimer* delay = analyzer.findChild<QTimer*>(QStringLiteral("analysisDelay"));
        QVERIFY(delay);
        delay->setInterval(2000);
        QSignalSpy spy(&analyzer, &ModelAnalyzer::analyzed);
        for (int i = 0; i < 5; ++i) {
            append(document, QStringLiteral(" "));
            QTest::qWait(20);
        }
        QCOMPARE(spy.count(), 0);    // still typing
        QVERIFY(delay->isActive());  // an analysis is pending
        QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 1, hfd::test::scaled_ms(20000));
        QVERIFY(analyzer.isCurrent());
        QTest::qWait(300);
        QCOMPARE(spy.count(), 1);  // one analysis for the whole burst
        QCOMPARE(analyzer.latest()->text, document.toPlainText().toStdString());
    }

    void buildsAndReportsModelChanges() {
        QTextDocument document;
        document.setDocumentLayout(new QPlainTextDocumentLayout(&document));
        document.setPlainText(model_text);
        ModelAnalyzer analyzer(&document);
        analyzer.setFileName("pendulum.hfd");
        analyzer.analyzeNow();
        const Analysis* first = analyzer.latest();
        QVERIFY(first->parse.ok());
        QVERIFY2(first->build.ok(), first->diagnostics().empty() ? "" : first->diagnostics()[0].message.c_str());
        QCOMPARE(int(first->build.model->bodies.size()), 2);
        QVERIFY(first->model_changed);

        append(document, QStringLiteral("\n# only a comment\n"));
        analyzer.analyzeNow();
        QVERIFY(analyzer.latest()->build.ok());
        QVERIFY(!analyzer.latest()->model_changed);

        QString text = document.toPlainText();
        document.setPlainText(text.replace("mass = 2.5", "mass = 3"));
        analyzer.analyzeNow();
        QVERIFY(analyzer.latest()->model_changed);
        QCOMPARE(analyzer.latest()->build.model->bodies[1].mass, 3.0);
    }

    // Mesh files resolve beside the file the text belongs to, whatever the working
    // directory; text without a file has no folder to resolve them in.
    void meshesResolveBesideTheFile() {
        QTextDocument document;
        document.setDocumentLayout(new QPlainTextDocumentLayout(&document));
        document.setPlainText(model_text);
        ModelAnalyzer analyzer(&document);
        QTemporaryDir model_dir;
        analyzer.setFileName(model_dir.filePath("pendulum.hfd").toStdString());
        analyzer.analyzeNow();
        QVERIFY(analyzer.latest()->build.ok());
        QCOMPARE(QString::fromStdString(analyzer.latest()->build.model->directory), model_dir.path());
        QVERIFY(model_dir.path() != QDir::currentPath());
        analyzer.setFileName({});
        analyzer.analyzeNow();
        QCOMPARE(analyzer.latest()->build.model->directory, std::string());
    }

    void syntaxErrorGivesLineColumnAndNoBuild() {
        QTextDocument document;
        document.setDocumentLayout(new QPlainTextDocumentLayout(&document));
        QString text = model_text;
        text.replace("\t\tmass = 2.5\n", "\t\tmass = = 2.5\n");  // line 10, the second '=' at column 10
        document.setPlainText(text);
        ModelAnalyzer analyzer(&document);
        analyzer.setFileName("pendulum.hfd");
        analyzer.analyzeNow();
        const Analysis* analysis = analyzer.latest();
        QVERIFY(!analysis->parse.ok());
        QVERIFY(!analysis->build.ok());
        auto diagnostics = analysis->diagnostics();
        QVERIFY(!diagnostics.empty());
        QCOMPARE(diagnostics[0].severity, hfd::Severity::Error);
        QCOMPARE(diagnostics[0].location.file, std::string("pendulum.hfd"));
        QCOMPARE(diagnostics[0].location.line, 10);
        QCOMPARE(diagnostics[0].location.column, 10);
    }

    // The simulation blocks are checked with the model: a misspelt one is shown in the editor.
    void misspeltSimulationBlockIsReported() {
        QTextDocument document;
        document.setDocumentLayout(new QPlainTextDocumentLayout(&document));
        document.setPlainText(QString(model_text) + "composit_force { joint_force_pd {} }\n");
        ModelAnalyzer analyzer(&document);
        analyzer.setFileName("pendulum.hfd");
        analyzer.analyzeNow();
        const Analysis* analysis = analyzer.latest();
        QVERIFY(analysis->build.ok());
        const auto diagnostics = analysis->diagnostics();
        QCOMPARE(diagnostics.size(), size_t(1));
        QCOMPARE(diagnostics[0].severity, hfd::Severity::Warning);
        QVERIFY(diagnostics[0].message.find("composit_force") != std::string::npos);
        QCOMPARE(diagnostics[0].location.line, int(QString(model_text).count('\n')) + 1);
    }
};

QTEST_MAIN(TestModelAnalyzer)
#include "test_model_analyzer.moc"
