// Initial state files: dof values / velocities by name, errors with line:col.
#include "format/parser.h"
#include "io/state_file.h"
#include "model/build_model.h"
#include "state/kinematics.h"
#include "state/state.h"

#include <QtTest>

#include <cmath>
#include <filesystem>

using namespace hfd;

namespace {

// A planar two-body model: a floating pelvis and a thigh on a hip joint.
const char* model_text = R"(
model {
	body { name = ground mass = 0 inertia { x = 0 y = 0 z = 0 } }
	body { name = pelvis mass = 10 inertia { x = 0.1 y = 0.1 z = 0.1 } pos { x = 0 y = 1 z = 0 } }
	body {
		name = femur
		mass = 5
		inertia { x = 0.05 y = 0.01 z = 0.05 }
		pos { x = 0 y = 0.6 z = 0 }
		joint { name = hip parent = pelvis pos_in_parent { x = 0 y = -0.2 z = 0 } pos_in_child { x = 0 y = 0.2 z = 0 } }
	}
	dof { name = pelvis_tx source = pelvis_tx }
	dof { name = pelvis_ty source = pelvis_ty default = 1 }
	dof { name = pelvis_tilt source = pelvis_rz }
	dof { name = hip_flexion source = hip_rz }
}
)";

Model build() {
    const ParseResult parsed = parse_text(model_text, "model.hfd");
    BuildResult built = build_model(parsed.root, "model.hfd");
    if (!built.ok())
        for (const Diagnostic& d : built.diagnostics) qWarning("%s", format_diagnostic(d).c_str());
    return built.ok() ? std::move(*built.model) : Model{};
}

const Diagnostic* first_error(const std::vector<Diagnostic>& diagnostics) {
    for (const Diagnostic& d : diagnostics)
        if (d.severity == Severity::Error) return &d;
    return nullptr;
}

}  // namespace

class TestStateFile : public QObject {
    Q_OBJECT
private slots:
    void values_and_velocities_by_name();
    void unknown_dof_is_an_error_with_location();
    void non_number_is_an_error_with_location();
    void values_must_be_a_group();
    void unknown_top_level_entry_is_a_warning();
    void missing_file_is_reported();
    void empty_file_is_an_error();
    void corpus_initial_state();
};

void TestStateFile::values_and_velocities_by_name() {
    const Model model = build();
    QCOMPARE(model.dofs.size(), size_t(4));
    const StateFileResult result = read_state_text(
        "values {\n\tpelvis_tilt = -0.03\n\thip_flexion = 0.4\n}\nvelocities {\n\tpelvis_tx = 1.5\n\thip_flexion = "
        "-2\n}\n",
        "init.zml", model);
    QVERIFY(result.ok());
    const DofAssignment& dofs = *result.dofs;
    const Index tx = model.find_dof("pelvis_tx"), ty = model.find_dof("pelvis_ty");
    const Index tilt = model.find_dof("pelvis_tilt"), hip = model.find_dof("hip_flexion");
    QVERIFY(dofs.value[tilt] == -0.03);
    QVERIFY(dofs.value[hip] == 0.4);
    QVERIFY(dofs.value[ty] == 1);  // not named: its default
    QVERIFY(dofs.value[tx] == 0);
    QVERIFY(dofs.velocity[tx] == 1.5);
    QVERIFY(dofs.velocity[hip] == -2);
    QVERIFY(dofs.velocity[tilt] == 0);

    // The assignment poses the model: the dofs read back what the file says.
    State state = initial_state(model);
    apply_dofs(model, dofs, state);
    for (Index d = 0; d < Index(model.dofs.size()); ++d) {
        QVERIFY2(std::abs(dof_value(model, state, d) - dofs.value[d]) < 1e-9, model.dofs[d].name.c_str());
        QVERIFY2(std::abs(dof_velocity(model, state, d) - dofs.velocity[d]) < 1e-9, model.dofs[d].name.c_str());
    }
}

void TestStateFile::unknown_dof_is_an_error_with_location() {
    const Model model = build();
    const StateFileResult result =
        read_state_text("values {\n\thip_flexion = 0.1\n\tknee_angle = 0.2\n}\n", "init.zml", model);
    QVERIFY(!result.ok());
    const Diagnostic* error = first_error(result.diagnostics);
    QVERIFY(error);
    QCOMPARE(error->location.file, std::string("init.zml"));
    QCOMPARE(error->location.line, 3);
    QCOMPARE(error->location.column, 2);
    QVERIFY2(error->message.find("knee_angle") != std::string::npos, error->message.c_str());
    const std::string formatted = format_diagnostic(*error);
    QVERIFY2(formatted.find("init.zml:3:2") != std::string::npos, formatted.c_str());
}

void TestStateFile::non_number_is_an_error_with_location() {
    const Model model = build();
    const StateFileResult result = read_state_text("velocities { hip_flexion = fast }\n", "init.zml", model);
    QVERIFY(!result.ok());
    const Diagnostic* error = first_error(result.diagnostics);
    QVERIFY(error);
    QCOMPARE(error->location.line, 1);
    QCOMPARE(error->location.column, 28);  // the value
    QVERIFY2(error->message.find("hip_flexion") != std::string::npos, error->message.c_str());
}

void TestStateFile::values_must_be_a_group() {
    const Model model = build();
    const StateFileResult result = read_state_text("values = 3\n", "init.zml", model);
    QVERIFY(!result.ok());
    QVERIFY(first_error(result.diagnostics));
    // a syntax error is reported by the parser with its location
    const StateFileResult broken = read_state_text("values { hip_flexion = 1 \n", "init.zml", model);
    QVERIFY(!broken.ok());
    QVERIFY(first_error(broken.diagnostics) && first_error(broken.diagnostics)->location.line > 0);
}

void TestStateFile::unknown_top_level_entry_is_a_warning() {
    const Model model = build();
    const StateFileResult result =
        read_state_text("values { hip_flexion = 1 }\nmuscles { a = 1 }\n", "init.zml", model);
    QVERIFY(result.ok());
    QCOMPARE(result.diagnostics.size(), size_t(1));
    QVERIFY(result.diagnostics[0].severity == Severity::Warning);
    QCOMPARE(result.diagnostics[0].location.line, 2);
}

void TestStateFile::missing_file_is_reported() {
    const Model model = build();
    const StateFileResult result = read_state_file("/nonexistent/init.zml", model);
    QVERIFY(!result.ok());
    QVERIFY(first_error(result.diagnostics));
    QCOMPARE(first_error(result.diagnostics)->location.file, std::string("/nonexistent/init.zml"));
}

// Issue #38: an empty state file was accepted and meant the default pose.
void TestStateFile::empty_file_is_an_error() {
    const Model model = build();
    for (const char* text : {"", "\n# nothing\n", "\xEF\xBB\xBF", "$x = 1\n"}) {
        const StateFileResult result = read_state_text(text, "init.zml", model);
        QVERIFY2(!result.ok(), text);
        QVERIFY(!result.dofs);
        QCOMPARE(first_error(result.diagnostics)->location.line, 1);
        QVERIFY(first_error(result.diagnostics)->message.find("no values") != std::string::npos);
    }
    QVERIFY(read_state_text("activations { }\n", "init.zml", model).ok());
}

void TestStateFile::corpus_initial_state() {
    const std::filesystem::path corpus = std::filesystem::path(HFD_CORPUS_DIR) / "scone";
    if (!std::filesystem::exists(corpus / "InitStateGait10.zml")) QSKIP("shared corpus not present");
    const BuildResult built = load_model((corpus / "H0918.hfd").string());
    QVERIFY2(built.ok(), built.diagnostics.empty() ? "" : format_diagnostic(built.diagnostics[0]).c_str());
    const Model& model = *built.model;
    const StateFileResult result = read_state_file((corpus / "InitStateGait10.zml").string(), model);
    for (const Diagnostic& d : result.diagnostics) qWarning("%s", format_diagnostic(d).c_str());
    QVERIFY(result.ok());
    // values from the file (InitStateGait10.zml)
    QVERIFY(result.dofs->value[model.find_dof("pelvis_ty")] == 0.95);
    QVERIFY(result.dofs->value[model.find_dof("knee_angle_l")] == -1.22703);
    QVERIFY(result.dofs->velocity[model.find_dof("pelvis_tx")] == 1);
    QVERIFY(result.dofs->velocity[model.find_dof("hip_flexion_l")] == 4.90666);
    State state = initial_state(model);
    apply_dofs(model, *result.dofs, state);
    for (Index d = 0; d < Index(model.dofs.size()); ++d)
        QVERIFY2(std::abs(dof_value(model, state, d) - result.dofs->value[d]) < 1e-9, model.dofs[d].name.c_str());
}

QTEST_APPLESS_MAIN(TestStateFile)
#include "test_state_file.moc"
