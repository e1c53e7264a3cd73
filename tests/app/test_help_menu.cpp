#include "code_editor.h"
#include "sim/components.h"
#include "document.h"
#include "editor_dock.h"
#include "file_actions.h"
#include "format_reference_window.h"
#include "forces/force_component.h"
#include "help_menu.h"
#include "integrators/integrator.h"
#include "main_window.h"
#include "studio_test_support.h"

#include <QMenu>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QtTest>

using namespace hfd::studio;

namespace {

MainWindowOptions test_options() {
    MainWindowOptions options;
    options.with_viewer = false;
    options.use_dialogs = false;
    options.restore_settings = false;
    return options;
}

QString canonical(const QString& path) { return QFileInfo(path).canonicalFilePath(); }

}  // namespace

class TestHelpMenu : public QObject {
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

    void samplesListsEveryModelAndScenarioWithATooltip() {
        MainWindow window(test_options());
        QVERIFY(window.findChild<QMenu*>(QStringLiteral("helpMenu"))
                    ->actions()
                    .contains(window.findChild<QMenu*>(QStringLiteral("SamplesMenu"))->menuAction()));
        QVERIFY(window.findChild<QMenu*>(QStringLiteral("helpMenu"))
                    ->actions()
                    .contains(window.findChild<QAction*>(QStringLiteral("formatReferenceAction"))));
        const QDir samples(HFD_SAMPLES_DIR);
        // the models, then the walking scenario (not the files it includes)
        const QStringList expected = samples.entryList({"*.hfd"}, QDir::Files, QDir::Name) << "gait/gait.scone";
        QVERIFY(expected.size() > 1);
        const QList<QAction*> actions = window.findChild<QMenu*>(QStringLiteral("SamplesMenu"))->actions();
        QCOMPARE(actions.size(), expected.size());
        for (int i = 0; i < actions.size(); ++i) {
            QCOMPARE(actions[i]->text(), expected[i].section('.', 0, 0));
            QCOMPARE(canonical(actions[i]->data().toString()), canonical(samples.filePath(expected[i])));
            QVERIFY2(!actions[i]->toolTip().isEmpty() && actions[i]->toolTip() != actions[i]->text(),
                     qPrintable(expected[i]));
            QCOMPARE(actions[i]->statusTip(), actions[i]->toolTip());
            QVERIFY(actions[i]->isEnabled());
        }
    }

    void summaryIsTheHeaderAfterTheColon() {
        QCOMPARE(sample_summary("# a.hfd: one rod on a pivot.\n# What it shows: more\n"),
                 QString("one rod on a pivot."));
        QCOMPARE(sample_summary("# a.hfd: a forearm hinged at the elbow,\n# moved by two muscles\n#\n# more\nmodel {}"),
                 QString("a forearm hinged at the elbow, moved by two muscles"));
        QCOMPARE(sample_summary("# Planar human model (9 bodies, 18 muscles).\n#\n"),
                 QString("Planar human model (9 bodies, 18 muscles)."));
        QCOMPARE(sample_summary("# Human, standing: motors hold it upright.\n"),
                 QString("Human, standing: motors hold it upright."));
        QCOMPARE(sample_summary("model { name = a }\n"), QString());
        QString long_line = "# long.hfd:";
        for (int i = 0; i < 20; ++i) long_line += " twenty words";
        const QString summary = sample_summary(long_line);
        QVERIFY(summary.size() <= 160);
        QVERIFY(summary.endsWith(QChar(0x2026)));
        const QString showcase = studio_test::read_file(QDir(HFD_SAMPLES_DIR).filePath("showcase.hfd"));
        QVERIFY(sample_summary(showcase).startsWith("a small leg hanging from a fixed hip"));
    }

    void choosingASampleOpensIt() {
        MainWindow window(test_options());
        QAction* sample = window.findChild<QMenu*>(QStringLiteral("SamplesMenu"))->actions().value(0);
        QVERIFY(sample);
        sample->trigger();
        QCOMPARE(canonical(window.document()->path()), canonical(sample->data().toString()));
        QCOMPARE(window.document()->text().toUtf8(), studio_test::read_file(sample->data().toString()));
        QVERIFY(!window.document()->isDirty());
    }

    void unsavedChangesAreAskedAboutFirst() {
        MainWindow window(test_options());
        QVERIFY(window.openFile(model_path_));
        window.findChild<EditorDock*>()->editor()->textCursor().insertText("# unsaved\n");
        QVERIFY(window.document()->isDirty());
        int asked = 0;
        window.prompts().unsaved_changes = [&](const QString&) {
            ++asked;
            return UnsavedChoice::Cancel;
        };
        QAction* sample = window.findChild<QMenu*>(QStringLiteral("SamplesMenu"))->actions().value(0);
        sample->trigger();
        QCOMPARE(asked, 1);
        QCOMPARE(window.document()->path(), model_path_);
        QVERIFY(window.document()->text().startsWith("# unsaved\n"));

        window.prompts().unsaved_changes = [&](const QString&) {
            ++asked;
            return UnsavedChoice::Discard;
        };
        sample->trigger();
        QCOMPARE(asked, 2);
        QCOMPARE(canonical(window.document()->path()), canonical(sample->data().toString()));
        QCOMPARE(studio_test::read_file(model_path_), QByteArray(studio_test::pendulum_text()));
    }

    void missingOrEmptyFolderShowsNoSamplesFound() {
        MainWindow window(test_options());
        QVERIFY(QDir(dir_.path()).mkpath("empty"));
        QVERIFY(studio_test::write_file(dir_.filePath("empty/notes.txt"), "not a model\n"));
        for (const QString& folder : {dir_.filePath("empty"), dir_.filePath("missing"), QString()}) {
            window.findChild<HelpMenu*>()->setSamplesDirectory(folder);
            const QList<QAction*> actions = window.findChild<QMenu*>(QStringLiteral("SamplesMenu"))->actions();
            QCOMPARE(actions.size(), 1);
            QCOMPARE(actions[0]->text(), QString("No samples found"));
            QVERIFY(!actions[0]->isEnabled());
            actions[0]->trigger();  // disabled: nothing happens
            QVERIFY(window.document()->isUntitled());
        }
        // A sample without a header comment still gets a tooltip: its file name.
        QVERIFY(studio_test::write_file(dir_.filePath("empty/bare.hfd"), studio_test::pendulum_text()));
        window.findChild<HelpMenu*>()->setSamplesDirectory(dir_.filePath("empty"));
        const QList<QAction*> actions = window.findChild<QMenu*>(QStringLiteral("SamplesMenu"))->actions();
        QCOMPARE(actions.size(), 1);
        QCOMPARE(actions[0]->text(), QString("bare"));
        QCOMPARE(actions[0]->toolTip(), QString("bare.hfd"));
    }

    void formatReferenceShowsEveryForceAndIntegrator() {
        MainWindow window(test_options());
        QVERIFY(!window.findChild<FormatReferenceWindow*>());
        window.findChild<QAction*>(QStringLiteral("formatReferenceAction"))->trigger();
        FormatReferenceWindow* reference = window.findChild<FormatReferenceWindow*>();
        QVERIFY(reference);
        QVERIFY(reference->isVisible());
        QVERIFY(!reference->isModal());
        const auto* browser = reference->findChild<QTextBrowser*>();
        const auto* contents = reference->findChild<QTreeWidget*>();
        QVERIFY(browser && contents);
        const QString text = browser->toPlainText();
        for (const hfd::ForceRegistration& force : hfd::force_registry())
            QVERIFY2(text.contains(QString::fromUtf8(force.name.data(), force.name.size())), force.name.data());
        for (std::string_view name : hfd::integrator_names())
            QVERIFY2(text.contains(QString::fromUtf8(name.data(), name.size())), name.data());
        // the contents list has the sections and, under them, one entry per force
        QVERIFY(contents->topLevelItemCount() >= 4);
        QCOMPARE(contents->findItems("joint_force_pnld", Qt::MatchExactly | Qt::MatchRecursive).size(), 1);
        // choosing it again raises the same window
        window.findChild<QAction*>(QStringLiteral("formatReferenceAction"))->trigger();
        QCOMPARE(window.findChild<FormatReferenceWindow*>(), reference);
        QCOMPARE(window.findChildren<FormatReferenceWindow*>().size(), 1);
    }

    // The resources live in the static studio library; both must reach the program.
    void compiledInFilesAreTheSourceFiles() {
        const QByteArray reference = studio_test::read_file(HFD_SOURCE_DIR "/docs/format_reference.md");
        QVERIFY(!reference.isEmpty());
        QCOMPARE(format_reference_text().toUtf8(), reference);
        const QByteArray model_template = studio_test::read_file(HFD_SOURCE_DIR "/resources/templates/new_model.hfd");
        QVERIFY(!model_template.isEmpty());
        QCOMPARE(FileActions::newModelTemplate().toUtf8(), model_template);
    }
};

STUDIO_TEST_MAIN(TestHelpMenu)
#include "test_help_menu.moc"
