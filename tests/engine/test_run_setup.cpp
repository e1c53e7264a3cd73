// One run setup (run/run_setup.h): which input stops the setup and where its
// message points, the config chosen (config file, model file, default), the
// order of the initial state sources, and the control callback (excitation
// first, then every controller, each seeing the simulation).
#include "run/run_setup.h"

#include <QtTest>

#include <cmath>

using namespace hfd;

namespace {

const std::string arm = HFD_SAMPLES_DIR "/arm_muscles.hfd";

const char* pendulum_text =
    "model {\n"
    "  gravity = [ 0 -9.81 0 ]\n"
    "  body { name = ground mass = 0 inertia = [ 0 0 0 ] }\n"
    "  body { name = rod mass = 2 inertia = [ 0.1 0.01 0.1 ]\n"
    "    joint { name = pivot parent = ground pos_in_parent = [ 0 0 0 ] pos_in_child = [ 0 0.5 0 ] }\n"
    "  }\n"
    "  dof { name = swing source = rod_rz default = 45 }\n"
    "}\n";

int count_message(const std::vector<Diagnostic>& diagnostics, const std::string& text) {
    int n = 0;
    for (const Diagnostic& d : diagnostics) n += d.message.find(text) != std::string::npos;
    return n;
}

double elbow_flexion(const Simulation& sim) {
    return dof_value(sim.model(), std::as_const(sim).state(), sim.model().find_dof("elbow_flexion"));
}

}  // namespace

class TestRunSetup : public QObject {
    Q_OBJECT
private slots:
    void config_file_without_blocks_is_an_error_at_that_file() {
        RunInputs inputs;
        inputs.model = RunInput::path(arm);
        inputs.config = RunInput::content("values { elbow_flexion = 10 }\n", "state_like.zml");
        const PreparedRun run = prepare_run(inputs);
        QVERIFY(!run.ok());
        QCOMPARE(run.failed, RunStage::Config);
        QCOMPARE(count_message(run.diagnostics, "no composite_force or integrator block in the config file"), 1);
        for (const Diagnostic& d : run.diagnostics)
            if (d.severity == Severity::Error) QCOMPARE(d.location.file, std::string("state_like.zml"));
        // the same check for a config read alone (the studio's and Python's Config)
        std::vector<Diagnostic> alone;
        QVERIFY(!read_config_input(inputs.config, alone));
        QCOMPARE(count_message(alone, "no composite_force or integrator block"), 1);
    }

    void model_without_config_takes_the_default_with_a_warning() {
        RunInputs inputs;
        inputs.model = RunInput::content(pendulum_text, "pendulum.hfd");
        const PreparedRun run = prepare_run(inputs);
        QVERIFY(run.ok());
        QVERIFY(run.config.from_defaults);
        QVERIFY(!has_errors(run.diagnostics));
        QCOMPARE(count_message(run.diagnostics, "using the default"), 1);
        QCOMPARE(run.sim->model().file, std::string("pendulum.hfd"));
        QVERIFY(!run.control());  // neither excitation nor controller: the run loop sets nothing
    }

    void stage_of_each_failure() {
        RunInputs missing;
        missing.model = RunInput::path(arm + ".missing");
        QCOMPARE(prepare_run(missing).failed, RunStage::Model);

        RunInputs edited;
        edited.model = RunInput::path(arm);
        edited.edit_texts = [](PropNode&, PropNode* config_root, std::vector<Diagnostic>& diagnostics) {
            if (config_root) return true;  // no config file given: must be null
            diagnostics.push_back({Severity::Error, {"edit", 0, 0}, "refused"});
            return false;
        };
        QCOMPARE(prepare_run(edited).failed, RunStage::Model);

        RunInputs bad_state;
        bad_state.model = RunInput::path(arm);
        bad_state.state = RunInput::content("values {\n  no_such_dof = 1\n}\n", "s.zml");
        const PreparedRun state_run = prepare_run(bad_state);
        QCOMPARE(state_run.failed, RunStage::State);
        QVERIFY(!state_run.sim);
        bool located = false;
        for (const Diagnostic& d : state_run.diagnostics)
            located |= d.severity == Severity::Error && d.location.file == "s.zml" && d.location.line == 2;
        QVERIFY(located);

        RunInputs bad_excitation;
        bad_excitation.model = RunInput::path(arm);
        bad_excitation.excitation = RunInput::content("time,nobody\n0,0.5\n", "e.csv");
        QCOMPARE(prepare_run(bad_excitation).failed, RunStage::Excitation);
    }

    void initial_state_sources_apply_in_order() {
        RunInputs inputs;
        inputs.model = RunInput::path(arm);
        inputs.state = RunInput::content("values { elbow_flexion = 0.5 }\n", "s.zml");  // radians
        PreparedRun run = prepare_run(inputs);
        QVERIFY(run.ok());
        QCOMPARE(elbow_flexion(*run.sim), 0.5);

        // the dofs given after the file win over it
        DofAssignment dofs = default_dof_assignment(run.sim->model());
        dofs.value[size_t(run.sim->model().find_dof("elbow_flexion"))] = 0.9;
        inputs.initial_dofs = dofs;
        run = prepare_run(inputs);
        QCOMPARE(elbow_flexion(*run.sim), 0.9);

        // a whole initial state (a scenario's) wins over both, and is the state the run resets to
        State whole = std::as_const(*run.sim).state();
        whole.time = 2.5;
        inputs.initial_state = whole;
        run = prepare_run(inputs);
        QVERIFY(run.ok());
        QCOMPARE(std::as_const(*run.sim).state().time, 2.5);
        QCOMPARE(std::as_const(*run.sim).initial_state().time, 2.5);
    }

    // A SCONE state file's activations block sets the named muscles' initial
    // activations; the others keep theirs.
    void state_file_activations_start_the_named_muscles() {
        RunInputs inputs;
        inputs.model = RunInput::path(arm);
        PreparedRun plain = prepare_run(inputs);
        QVERIFY(plain.ok());
        const Model& model = plain.sim->model();
        QVERIFY(model.muscles.size() >= 2);
        const std::string first = model.muscles[0].name;
        inputs.state =
            RunInput::content("values { elbow_flexion = 0.5 }\nactivations { " + first + " = 0.37 }\n", "s.zml");
        PreparedRun run = prepare_run(inputs);
        QVERIFY(run.ok());
        QCOMPARE(std::as_const(*run.sim).initial_state().activation[0], 0.37);
        QCOMPARE(std::as_const(*run.sim).initial_state().activation[1],
                 std::as_const(*plain.sim).initial_state().activation[1]);
        inputs.state = RunInput::content("activations { " + first + " = 1.5 }\n", "s.zml");
        QVERIFY(!prepare_run(inputs).ok());
    }

    void control_applies_excitation_then_controllers_with_the_simulation() {
        RunInputs inputs;
        inputs.model = RunInput::path(arm);
        inputs.excitation = RunInput::content("time,biceps,triceps\n0,0,1\n1,1,0\n", "e.csv");
        const Simulation* seen = nullptr;
        double seen_biceps = -1;
        // a controller sees the excitation already applied and may override it
        inputs.controllers.push_back([&](const Simulation& sim, double, Controls& controls) {
            seen = &sim;
            seen_biceps = controls.excitation[size_t(sim.model().find_muscle("biceps"))];
            controls.excitation[size_t(sim.model().find_muscle("triceps"))] = 0.125;
        });
        PreparedRun run = prepare_run(inputs);
        QVERIFY(run.ok());
        const Model& model = run.sim->model();
        const size_t biceps = size_t(model.find_muscle("biceps")), triceps = size_t(model.find_muscle("triceps"));
        const auto control = run.control();
        QVERIFY(control);
        Controls& controls = run.sim->controls();
        control(0.25, controls);
        QCOMPARE(seen, run.sim.get());
        QCOMPARE(seen_biceps, 0.25);  // linear between the rows
        QCOMPARE(controls.excitation[biceps], 0.25);
        QCOMPARE(controls.excitation[triceps], 0.125);

        // a controller added later runs after the first; the run options carry the same callback
        run.add_controller([](const Simulation& sim, double time, Controls& c) {
            c.excitation[size_t(sim.model().find_muscle("biceps"))] = time;
        });
        const RunOptions options = run.run_options(0.5, 0.1);
        QCOMPARE(options.duration, 0.5);
        QCOMPARE(options.sample_period, 0.1);
        options.control(0.75, controls);
        QCOMPARE(controls.excitation[biceps], 0.75);
        QCOMPARE(controls.excitation[triceps], 0.125);
    }
};

QTEST_APPLESS_MAIN(TestRunSetup)
#include "test_run_setup.moc"
