// The model converted from H0918M_osim4.osim moves like the hand-written
// H0918.hfd: same initial state (InitStateGait10), same config, 0.5 s.
#include "format/parser.h"
#include "osim/osim_import.h"
#include "model/build_model.h"
#include "state/kinematics.h"
#include "sim/simulation.h"

#include <QtTest>

#include <fstream>

using namespace hfd;

namespace {

const std::string corpus = HFD_CORPUS_DIR "/scone/";

// Dof values and velocities of an init-state file, by the model's dof names.
DofAssignment assignment(const Model& model, const PropNode& init) {
    DofAssignment a = default_dof_assignment(model);
    for (size_t i = 0; i < model.dofs.size(); ++i) {
        if (const PropNode* v = init.find("values") ? init.find("values")->find(model.dofs[i].name) : nullptr)
            a.value[i] = to_number(*v).value_or(a.value[i]);
        if (const PropNode* v = init.find("velocities") ? init.find("velocities")->find(model.dofs[i].name) : nullptr)
            a.velocity[i] = to_number(*v).value_or(a.velocity[i]);
    }
    return a;
}

std::unique_ptr<Simulation> start(const PropNode& model_root, const PropNode& init, const SimConfig& config,
                                  std::string& messages) {
    BuildResult built = build_model(model_root);
    for (const Diagnostic& d : built.diagnostics) messages += format_diagnostic(d) + "\n";
    if (!built.ok()) return nullptr;
    const DofAssignment dofs = assignment(*built.model, init);
    std::vector<Diagnostic> diagnostics;
    auto sim = Simulation::create(std::move(*built.model), config, diagnostics);
    for (const Diagnostic& d : diagnostics) messages += format_diagnostic(d) + "\n";
    if (!sim) return nullptr;
    State state = sim->state();
    apply_dofs(sim->model(), dofs, state);
    sim->set_initial_state(state);
    return sim;
}

}  // namespace

class TestOsimSimulation : public QObject {
    Q_OBJECT

private slots:
    void convertedModelMovesLikeHandWritten();
};

void TestOsimSimulation::convertedModelMovesLikeHandWritten() {
    if (!std::ifstream(corpus + "H0918.hfd")) QSKIP("corpus not available");
    const ParseResult hand = parse_file(corpus + "H0918.hfd");
    const ParseResult init = parse_file(corpus + "InitStateGait10.zml");
    const ParseResult config_file = parse_file(corpus + "HfdConfigM2012Planar.zml");
    QVERIFY(hand.ok() && init.ok() && config_file.ok());
    std::vector<Diagnostic> diagnostics;
    const SimConfig config = read_sim_config(config_file.root, "HfdConfigM2012Planar.zml", diagnostics);

    OsimImportOptions options;
    options.limits_from_coordinate_range = false;  // H0918.hfd: free axes +-120 degrees
    const OsimImportResult converted = import_osim_file(corpus + "H0918M_osim4.osim", options);
    QVERIFY(converted.ok);
    ParseResult converted_parse = parse_text(converted.text, "converted.hfd");
    QVERIFY(converted_parse.ok());
    // Where H0918.hfd differs from the .osim by hand: dynamic friction 0.9
    // (the .osim has 0.8) and no gravity line (default -9.81; the .osim has -9.80665).
    PropNode& converted_model = *converted_parse.root.find("model");
    converted_model.find("material")->find("dynamic_friction")->value = "0.9";
    converted_model.find("gravity")->find("y")->value = "-9.81";

    std::string messages;
    auto a = start(hand.root, init.root, config, messages);
    auto b = start(converted_parse.root, init.root, config, messages);
    QVERIFY2(a && b, messages.c_str());
    const Model& ma = a->model();
    const Model& mb = b->model();
    for (double t = 0.1; t <= 0.5 + 1e-9; t += 0.1) {
        QVERIFY(a->advance_to(t));
        QVERIFY(b->advance_to(t));
        for (size_t i = 0; i < ma.bodies.size(); ++i) {
            const Index j = mb.find_body(ma.bodies[i].name);
            QVERIFY(j != no_index);
            const double distance = (a->state().pos[i] - b->state().pos[static_cast<size_t>(j)]).norm();
            const double angle = a->state().ori[i].angularDistance(b->state().ori[static_cast<size_t>(j)]);
            QVERIFY2(distance < 1e-3 && angle < 1e-2,
                     (ma.bodies[i].name + " at t=" + std::to_string(t) + ": " + std::to_string(distance) + " m, " +
                      std::to_string(angle) + " rad")
                         .c_str());
        }
    }
    // the run went somewhere: the pelvis moved forward
    const Index pelvis = ma.find_body("pelvis");
    QVERIFY(a->state().pos[static_cast<size_t>(pelvis)].x() >
            a->initial_state().pos[static_cast<size_t>(pelvis)].x() + 0.1);
}

QTEST_APPLESS_MAIN(TestOsimSimulation)
#include "test_osim_simulation.moc"
