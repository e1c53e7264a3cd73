// A SCONE setup in the studio: a simulation config and an initial state file
// next to the model, as `hfd simulate --config --state` takes them, remembered
// per model and shown in the title.
#include "simulation_inputs.h"
#include "simulation_ui.h"
#include "recording_test_support.h"
#include "studio_test_support.h"

#include "document.h"
#include "io/state_file.h"
#include "main_window.h"
#include "model_analyzer.h"
#include "state/kinematics.h"
#include "simulation_controller.h"
#include "simulation_dock.h"

#include <QProcess>
#include <QRegularExpression>
#include <QTest>
#include "test_time_scale.h"

using namespace hfd;
using namespace hfd::studio;

namespace {

const QString corpus = QStringLiteral(HFD_CORPUS_DIR "/scone");
const QString h0918 = corpus + QStringLiteral("/H0918.hfd");
const QString config_file = corpus + QStringLiteral("/HfdConfigM2012Planar.zml");
const QString state_file = corpus + QStringLiteral("/InitStateGait10.zml");

MainWindowOptions test_options() {
    MainWindowOptions options;
    options.with_viewer = false;
    options.use_dialogs = false;
    options.restore_settings = false;
    return options;
}

std::vector<std::vector<QByteArray>> csv_cells(const QString& path) {
    std::vector<std::vector<QByteArray>> rows;
    for (const QByteArray& line : studio_test::read_file(path).split('\n'))
        if (!line.isEmpty()) {
            const QList<QByteArray> cells = line.split(',');
            rows.emplace_back(cells.begin(), cells.end());
        }
    return rows;
}

}  // namespace

class TestSimulationInputs : public QObject {
    Q_OBJECT
private slots:
    void classifiesZmlFiles();
    void configAndStateReproduceHfdSimulate();
    void rememberedPerModel();
    void badFilesAreRefusedWithTheirErrors();
    void excitationFileIsRememberedAndCheckedAgainstTheModel();

private:
    QTemporaryDir dir_;
};

void TestSimulationInputs::classifiesZmlFiles() {
    const QString config = dir_.filePath("c.zml"), state = dir_.filePath("s.zml"), other = dir_.filePath("o.zml");
    QVERIFY(studio_test::write_file(config, "composite_force { joint_force_pnld {} }\n"));
    QVERIFY(studio_test::write_file(state, "values { a = 1 }\nvelocities { a = 0 }\n"));
    QVERIFY(studio_test::write_file(other, "something { x = 1 }\n"));
    QCOMPARE(classify_zml_file(config), ZmlKind::Config);
    QCOMPARE(classify_zml_file(state), ZmlKind::State);
    QCOMPARE(classify_zml_file(other), ZmlKind::Unknown);
}

void TestSimulationInputs::configAndStateReproduceHfdSimulate() {
    if (!QFileInfo::exists(h0918) || !QFileInfo::exists(config_file) || !QFileInfo::exists(state_file))
        QSKIP("the corpus H0918 setup is absent");
    MainWindow window(test_options());
    auto* controller = window.findChild<SimulationController*>();
    auto* dock = window.findChild<SimulationDock*>();
    QVERIFY(window.openFile(h0918));
    window.document()->analyzer()->ensureCurrent();
    QVERIFY(window.document()->lastValidModel());
    // Dropped files go through openFile: each is recognised by its content.
    QVERIFY(window.openFile(config_file));
    QVERIFY(window.openFile(state_file));
    QVERIFY2(window.windowTitle().contains("HfdConfigM2012Planar.zml") &&
                 window.windowTitle().contains("InitStateGait10.zml"),
             qPrintable(window.windowTitle()));
    QCOMPARE(QFileInfo(window.document()->path()).canonicalFilePath(),
             QFileInfo(h0918).canonicalFilePath());  // the editor keeps the model

    // The initial state holds the state file's dof values.
    const Model& model = *window.document()->lastValidModel();
    const StateFileResult read = read_state_file(state_file.toStdString(), model);
    QVERIFY(read.ok());
    QTRY_VERIFY_WITH_TIMEOUT(controller->isLoaded(), hfd::test::scaled_ms(5000));
    // The recording starts from the initial state: its first row holds the dof values.
    QTRY_VERIFY_WITH_TIMEOUT(std::isfinite(studio_test::first_row_value(*controller, model.dofs.at(0).name)),
                             hfd::test::scaled_ms(5000));
    for (size_t d = 0; d < model.dofs.size(); ++d) {
        const double recorded = studio_test::first_row_value(*controller, model.dofs[d].name);
        QVERIFY2(std::abs(recorded - read.dofs->value[d]) < 1e-9, model.dofs[d].name.c_str());
    }

    const double duration = 0.05;
    dock->setEndTime(duration);
    dock->setRealTimeFactor(0);  // as fast as possible
    QVERIFY(dock->reloadFromDocument());
    dock->playAction()->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(controller->latestFrame() && controller->latestFrame()->finished,
                             hfd::test::scaled_ms(120000));
    QVERIFY(controller->latestFrame()->error.isEmpty());
    const QString gui_csv = dir_.filePath("gui.csv"), cli_csv = dir_.filePath("cli.csv");
    QString error;
    QVERIFY2(controller->exportCsv(gui_csv, &error), qPrintable(error));

    QProcess cli;
    cli.start(QStringLiteral(HFD_BIN_DIR "/hfd"), {"simulate", h0918, "--config", config_file, "--state", state_file,
                                                   "--duration", QString::number(duration), "--out", cli_csv});
    QVERIFY(cli.waitForFinished(hfd::test::scaled_ms(120000)));
    QCOMPARE(cli.exitCode(), 0);
    const auto gui = csv_cells(gui_csv), cli_rows = csv_cells(cli_csv);
    QCOMPARE(gui.size(), size_t(7));  // header + samples at 0, 0.01, ..., 0.05
    QCOMPARE(gui.size(), cli_rows.size());
    for (size_t r = 0; r < gui.size(); ++r)
        for (size_t c = 0; c < gui[r].size(); ++c)
            if (gui[r][c] != cli_rows[r][c])
                QFAIL(qPrintable(QStringLiteral("row %1 column %2 (%3): studio %4, hfd simulate %5")
                                     .arg(r)
                                     .arg(c)
                                     .arg(QString(gui[0][c]), QString(gui[r][c]), QString(cli_rows[r][c]))));
}

void TestSimulationInputs::rememberedPerModel() {
    if (!QFileInfo::exists(h0918) || !QFileInfo::exists(config_file) || !QFileInfo::exists(state_file))
        QSKIP("the corpus H0918 setup is absent");
    const QString pendulum = dir_.filePath("pendulum.hfd");
    QVERIFY(studio_test::write_file(pendulum, studio_test::pendulum_text()));
    {
        MainWindow window(test_options());
        QVERIFY(window.openFile(h0918));
        window.document()->analyzer()->ensureCurrent();
        QVERIFY(window.openFile(config_file));
        QVERIFY(window.openFile(state_file));
    }
    MainWindow window(test_options());
    QVERIFY(window.openFile(pendulum));
    QVERIFY(!window.windowTitle().contains(".zml"));
    QVERIFY(window.openFile(h0918));
    QVERIFY2(window.windowTitle().contains("HfdConfigM2012Planar.zml") &&
                 window.windowTitle().contains("InitStateGait10.zml"),
             qPrintable(window.windowTitle()));
    // The model's own files only: another model does not inherit them.
    QVERIFY(window.openFile(pendulum));
    QVERIFY2(!window.windowTitle().contains(".zml"), qPrintable(window.windowTitle()));
}

void TestSimulationInputs::badFilesAreRefusedWithTheirErrors() {
    MainWindow window(test_options());
    QStringList errors;
    window.prompts().error = [&errors](const QString&, const QString& message) { errors << message; };
    const QString pendulum = dir_.filePath("pendulum2.hfd");
    QVERIFY(studio_test::write_file(pendulum, studio_test::pendulum_text()));
    QVERIFY(window.openFile(pendulum));
    window.document()->analyzer()->ensureCurrent();
    const QString broken = dir_.filePath("HfdConfigBroken.zml");
    QVERIFY(studio_test::write_file(broken, "composite_force {\n\tjoint_force_pnld { } }\n}\n"));
    QVERIFY(!window.openFile(broken));
    QCOMPARE(errors.size(), 1);
    QVERIFY2(errors[0].contains(QRegularExpression(R"(HfdConfigBroken\.zml:\d+:\d+: error)")), qPrintable(errors[0]));
    QVERIFY(!window.windowTitle().contains(".zml"));
    const QString unknown_dof = dir_.filePath("InitStateOther.zml");
    QVERIFY(studio_test::write_file(unknown_dof, "values { no_such_dof = 1 }\n"));
    QVERIFY(window.openFile(unknown_dof));  // the file is taken; its dofs are checked when the simulation is built
    auto* dock = window.findChild<SimulationDock*>();
    QString message;
    connect(dock, &SimulationDock::message, this, [&message](const QString& text) { message = text; });
    QVERIFY(!dock->reloadFromDocument());
    QVERIFY2(message.contains("InitStateOther.zml:1:") && message.contains("no_such_dof"), qPrintable(message));
}

// The excitation file is the third input: remembered with the model, refused
// without a time header, its muscle names checked when the simulation is built.
void TestSimulationInputs::excitationFileIsRememberedAndCheckedAgainstTheModel() {
    const QString model = dir_.filePath("standing.hfd");
    QVERIFY(QFile::copy(QStringLiteral(HFD_SAMPLES_DIR "/human_standing.hfd"), model));
    const QString good = dir_.filePath("excitation.csv"), no_time = dir_.filePath("no_time.csv"),
                  unknown = dir_.filePath("unknown_muscle.csv");
    QVERIFY(studio_test::write_file(good, "time,soleus_r\n0,0.5\n1,0.5\n"));
    QVERIFY(studio_test::write_file(no_time, "soleus_r\n0.5\n"));
    QVERIFY(studio_test::write_file(unknown, "time,no_such_muscle\n0,1\n"));
    {
        MainWindow window(test_options());
        QVERIFY(window.openFile(model));
        window.document()->analyzer()->ensureCurrent();
        SimulationInputs* inputs = window.simulationUi()->inputs();
        std::vector<Diagnostic> diagnostics;
        QVERIFY(!inputs->setExcitationPath(no_time, diagnostics));
        QVERIFY(!diagnostics.empty() && diagnostics[0].location.line == 1);
        QVERIFY(inputs->excitationPath().isEmpty());
        QVERIFY(inputs->setExcitationPath(good, diagnostics));
        QVERIFY2(window.windowTitle().contains("excitation.csv"), qPrintable(window.windowTitle()));
        QVERIFY(window.simulationUi()->simulationDock()->reloadFromDocument());
    }
    MainWindow window(test_options());
    QVERIFY(window.openFile(model));
    window.document()->analyzer()->ensureCurrent();
    SimulationInputs* inputs = window.simulationUi()->inputs();
    QCOMPARE(inputs->excitationPath(), QFileInfo(good).absoluteFilePath());
    std::vector<Diagnostic> diagnostics;
    QVERIFY(inputs->setExcitationPath(unknown, diagnostics));  // names are checked against the model later
    QString message;
    connect(window.simulationUi()->simulationDock(), &SimulationDock::message, this,
            [&message](const QString& text) { message = text; });
    QVERIFY(!window.simulationUi()->simulationDock()->reloadFromDocument());
    QVERIFY2(message.contains("unknown_muscle.csv:1:") && message.contains("no_such_muscle"), qPrintable(message));
}

STUDIO_TEST_MAIN(TestSimulationInputs)
#include "test_simulation_inputs.moc"
