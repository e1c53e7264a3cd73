// The dof sliders' pose written back: into the model text as dof defaults (one
// undoable edit; the rebuilt model starts in the pose) and as a state file that
// the state reader gives back.
#include "controls_dock.h"
#include "document.h"
#include "format/parser.h"
#include "io/state_file.h"
#include "main_window.h"
#include "model/build_model.h"
#include "pose_writer.h"
#include "studio_test_support.h"

#include <QSlider>
#include <QTextDocument>
#include <QtTest>
#include <cmath>
#include <numbers>

using namespace hfd;
using namespace hfd::studio;

namespace {

// The pendulum with a free block; dofs in the long form with a default, the
// short form, and the long form without default (inverted source).
QString posed_model_text() {
    QString text = QString::fromLatin1(studio_test::pendulum_text());
    text.chop(2);  // the model's closing "}\n"
    text += QStringLiteral(
        "\tbody {\n"
        "\t\tname = block\n"
        "\t\tmass = 1\n"
        "\t\tinertia { x = 0.01 y = 0.01 z = 0.01 }\n"
        "\t\tpos { x = 2 y = 0.5 z = 0 }\n"
        "\t}\n"
        "\tdof { name = swing source = link_rz default = 10 range = -90..90 }\n"
        "\tdof { lift = block_ty }\n"
        "\tdof { name = tilt source = -block_rx range = -45..45 }\n"
        "}\n");
    return text;
}

BuildResult build(const std::string& text) {
    ParseResult parsed = parse_text(text, "posed.hfd");
    if (!parsed.ok()) return {};
    return build_model(parsed.root, "posed.hfd");
}

MainWindowOptions test_options() {
    MainWindowOptions options;
    options.with_viewer = false;
    options.use_dialogs = false;
    options.restore_settings = false;
    return options;
}

}  // namespace

class TestPoseWriter : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    void editsSetEveryDofDefaultInTheFileUnits() {
        const std::string text = posed_model_text().toStdString();
        BuildResult built = build(text);
        QVERIFY2(built.ok(), built.diagnostics.empty() ? "" : format_diagnostic(built.diagnostics[0]).c_str());
        const Model& model = *built.model;
        QCOMPARE(model.dofs.size(), std::size_t(3));
        const std::vector<double> pose{0.3, 1.25, -0.2};  // rad, m, rad
        std::string error;
        const std::vector<TextEdit> edits =
            dof_default_edits(text, parse_text(text, "posed.hfd").root, model, pose, &error);
        QVERIFY2(!edits.empty(), error.c_str());
        const std::string written = apply_text_edits(text, edits);
        QVERIFY(written.find("default = 17.1887338539") != std::string::npos);  // 0.3 rad in degrees
        BuildResult rebuilt = build(written);
        QVERIFY(rebuilt.ok());
        for (std::size_t d = 0; d < pose.size(); ++d)
            QVERIFY(std::abs(rebuilt.model->dofs[d].default_value - pose[d]) < 1e-10);
        // Ranges and sources are untouched.
        QCOMPARE(rebuilt.model->dofs[2].range_min, model.dofs[2].range_min);
        QCOMPARE(rebuilt.model->dofs[2].sign, -1.0);
    }

    void writtenPoseIsOneUndoableEdit() {
        MainWindow window(test_options());
        Document* document = window.document();
        document->setUntitled(posed_model_text(), {}, false);
        QTRY_VERIFY(document->lastValidModel() && document->lastValidModel()->dofs.size() == 3);
        auto* controls = window.findChild<ControlsDock*>();
        auto* actions = window.findChild<PoseActions*>();
        QVERIFY(controls && actions);
        QTRY_VERIFY(controls->pose().value.size() == 3);
        // a slider tick is DofUnit::slider_step display units from the range's low end
        const Model& model = *document->lastValidModel();
        const auto move = [&](const char* dof, double value) {
            const Dof& d = model.dofs[size_t(model.find_dof(dof))];
            const DofUnit unit = dof_unit(d);
            const int tick =
                int(std::lround((value - std::min(d.range_min, d.range_max)) * unit.per_si / unit.slider_step));
            controls->findChild<QSlider*>(QStringLiteral("dof_") + dof)->setValue(tick);
        };
        move("swing", 54 * std::numbers::pi / 180);
        move("lift", 1.8);
        move("tilt", -22.5 * std::numbers::pi / 180);
        const DofAssignment pose = controls->pose();
        QVERIFY(std::abs(pose.value[0] - 54 * std::numbers::pi / 180) < 1e-12);
        const QString before = document->text();

        QVERIFY(actions->writePoseToModel());
        QVERIFY(document->isDirty());
        QVERIFY(document->text() != before);
        QTRY_VERIFY(document->lastValidModel() &&
                    std::abs(document->lastValidModel()->dofs[0].default_value - pose.value[0]) < 1e-10);
        BuildResult rebuilt = build(document->text().toStdString());
        QVERIFY(rebuilt.ok());
        for (int d = 0; d < 3; ++d) QVERIFY(std::abs(rebuilt.model->dofs[d].default_value - pose.value[d]) < 1e-10);

        document->textDocument()->undo();
        QCOMPARE(document->text(), before);
        QVERIFY(!document->isDirty());
    }

    void stateFileRoundTrips() {
        MainWindow window(test_options());
        Document* document = window.document();
        document->setUntitled(posed_model_text(), {}, false);
        QTRY_VERIFY(document->lastValidModel() && document->lastValidModel()->dofs.size() == 3);
        auto* controls = window.findChild<ControlsDock*>();
        auto* actions = window.findChild<PoseActions*>();
        QTRY_VERIFY(controls->pose().value.size() == 3);
        controls->findChild<QSlider*>(QStringLiteral("dof_swing"))->setValue(100);
        controls->findChild<QSlider*>(QStringLiteral("dof_tilt"))->setValue(900);
        const DofAssignment pose = controls->pose();
        const QString path = dir_.filePath(QStringLiteral("InitState_posed.zml"));
        QVERIFY(actions->savePoseAsStateFile(path));
        StateFileResult read = read_state_file(QFile::encodeName(path).toStdString(), *document->lastValidModel());
        QVERIFY2(read.ok(), read.diagnostics.empty() ? "" : format_diagnostic(read.diagnostics[0]).c_str());
        for (int d = 0; d < 3; ++d) {
            QVERIFY(std::abs(read.dofs->value[d] - pose.value[d]) < 1e-10);
            QCOMPARE(read.dofs->velocity[d], 0.0);
        }
        QVERIFY(!document->isDirty());  // the model file is not touched
    }
};

STUDIO_TEST_MAIN(TestPoseWriter)
#include "test_pose_writer.moc"
