// SCONE scenarios: parameters and .par files, includes, located errors, the
// initial state of ModelHyfydy, delayed sensors, and the Tutorials3 files.
#include "control/delayed_sensors.h"
#include "control/lua_script.h"
#include "control/properties.h"
#include "scenario/run_objects.h"
#include "scenario/scenario_file.h"
#include "state/kinematics.h"
#include "sim_test_util.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <filesystem>
#include <fstream>

using namespace hfd;

namespace {

std::string corpus(const std::string& relative) {
    return std::string(HFD_CORPUS_DIR) + "/scone-tutorials3/" + relative;
}

void write(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

bool has_message(const std::vector<Diagnostic>& diagnostics, const std::string& part, int line = 0) {
    for (const Diagnostic& d : diagnostics)
        if (d.message.find(part) != std::string::npos && (line == 0 || d.location.line == line)) return true;
    return false;
}

// A planar pelvis with two legs (femur, tibia, calcn), spheres under the feet, a
// muscle per leg; dofs like H0918's.
const char* legs_model = R"(
model {
	model_options { joint_stiffness = 1e5 joint_limit_stiffness = 500 }
	body { name = ground mass = 0 inertia { x = 0 y = 0 z = 0 } }
	body { name = pelvis mass = 20 inertia { x = 0.2 y = 0.2 z = 0.2 } pos { x = 0 y = 0.9 z = 0 } }
	body { name = femur_r mass = 5 inertia { x = 0.05 y = 0.01 z = 0.05 }
		joint { name = hip_r parent = pelvis pos_in_parent { x = 0 y = -0.05 z = 0.08 } pos_in_child { x = 0 y = 0.2 z = 0 } limits { x = 0..0 y = 0..0 z = -30..120 } } }
	body { name = tibia_r mass = 3 inertia { x = 0.03 y = 0.005 z = 0.03 }
		joint { name = knee_r parent = femur_r pos_in_parent { x = 0 y = -0.2 z = 0 } pos_in_child { x = 0 y = 0.2 z = 0 } limits { x = 0..0 y = 0..0 z = -120..-5 } } }
	body { name = calcn_r mass = 1 inertia { x = 0.002 y = 0.004 z = 0.004 }
		joint { name = ankle_r parent = tibia_r pos_in_parent { x = 0 y = -0.2 z = 0 } pos_in_child { x = 0 y = 0.03 z = 0 } limits { x = 0..0 y = 0..0 z = -60..25 } } }
	body { name = femur_l mass = 5 inertia { x = 0.05 y = 0.01 z = 0.05 }
		joint { name = hip_l parent = pelvis pos_in_parent { x = 0 y = -0.05 z = -0.08 } pos_in_child { x = 0 y = 0.2 z = 0 } limits { x = 0..0 y = 0..0 z = -30..120 } } }
	body { name = tibia_l mass = 3 inertia { x = 0.03 y = 0.005 z = 0.03 }
		joint { name = knee_l parent = femur_l pos_in_parent { x = 0 y = -0.2 z = 0 } pos_in_child { x = 0 y = 0.2 z = 0 } limits { x = 0..0 y = 0..0 z = -120..-5 } } }
	body { name = calcn_l mass = 1 inertia { x = 0.002 y = 0.004 z = 0.004 }
		joint { name = ankle_l parent = tibia_l pos_in_parent { x = 0 y = -0.2 z = 0 } pos_in_child { x = 0 y = 0.03 z = 0 } limits { x = 0..0 y = 0..0 z = -60..25 } } }
	geometry { name = platform type = plane normal { x = 0 y = 1 z = 0 } body = ground }
	geometry { name = heel_r type = sphere radius = 0.03 body = calcn_r pos { x = -0.05 y = -0.02 z = 0 } }
	geometry { name = heel_l type = sphere radius = 0.03 body = calcn_l pos { x = -0.05 y = -0.02 z = 0 } }
	point_path_muscle { name = soleus_r max_isometric_force = 2000 optimal_fiber_length = 0.05 tendon_slack_length = 0.25
		path [ { body = tibia_r pos { x = 0 y = 0.1 z = 0 } } { body = calcn_r pos { x = -0.05 y = 0 z = 0 } } ] }
	point_path_muscle { name = soleus_l max_isometric_force = 2000 optimal_fiber_length = 0.05 tendon_slack_length = 0.25
		path [ { body = tibia_l pos { x = 0 y = 0.1 z = 0 } } { body = calcn_l pos { x = -0.05 y = 0 z = 0 } } ] }
	dof { pelvis_tilt = pelvis_rz }
	dof { pelvis_tx = pelvis_tx }
	dof { name = pelvis_ty source = pelvis_ty default = 0.9 }
	dof { hip_flexion_r = hip_rz_r }
	dof { knee_angle_r = knee_rz_r }
	dof { ankle_angle_r = ankle_rz_r }
	dof { hip_flexion_l = hip_rz_l }
	dof { knee_angle_l = knee_rz_l }
	dof { ankle_angle_l = ankle_rz_l }
}
)";

// Writes legs_model and the scenario text into `root` and loads the scenario.
auto load_with_legs(const std::string& root, const char* scenario_text, std::vector<Diagnostic>& diagnostics) {
    write(root + "/legs.hfd", legs_model);
    write(root + "/s.scone", scenario_text);
    return Scenario::load(root + "/s.scone", diagnostics);
}

// A scenario loaded and one run of it created with its own starting values; `run` is
// null when either fails, and `diagnostics` says why.
struct LoadedRun {
    std::vector<Diagnostic> diagnostics;
    std::unique_ptr<Scenario> scenario;
    std::unique_ptr<Scenario::RunObjects> run;
    std::string messages() const { return test::diagnostics_text(diagnostics); }
};

LoadedRun load_run(const std::string& path) {
    LoadedRun loaded;
    loaded.scenario = Scenario::load(path, loaded.diagnostics);
    ParamSet declared;
    if (loaded.scenario) loaded.run = loaded.scenario->create_run({}, declared, loaded.diagnostics);
    return loaded;
}

// A block falling freely from rest along its one dof, block_ty.
std::unique_ptr<Simulation> falling_block() {
    return test::make_simulation(
        "model { body { name = ground mass = 0 inertia { x = 0 y = 0 z = 0 } }"
        " body { name = block mass = 1 inertia { x = 1 y = 1 z = 1 } } dof { block_ty = block_ty } }\n"
        "composite_force {}\nsymplectic_euler_integrator { step_size = 0.001 }\n");
}

}  // namespace

class TestScenario : public QObject {
    Q_OBJECT

private slots:
    void parameterTextFollowsSconeNotation() {
        const ParamDefaults defaults;  // auto std: max(0.1 |mean|, 0.01)
        std::string error;
        std::optional<ParamInfo> p = parse_param_text("~0.3<0.001,1>", defaults, &error);
        QVERIFY2(p, error.c_str());
        QCOMPARE(p->mean, 0.3);
        QCOMPARE(p->std, 0.1 * 0.3);
        QCOMPARE(p->min, 0.001);
        QCOMPARE(p->max, 1.0);
        p = parse_param_text("0~0.01<-0.5,0.5>", defaults, &error);
        QVERIFY2(p, error.c_str());
        QCOMPARE(p->mean, 0.0);
        QCOMPARE(p->std, 0.01);
        p = parse_param_text("~0.05", defaults, &error);  // small mean: the std's minimum
        QVERIFY(p);
        QCOMPARE(p->std, 0.01);
        p = parse_param_text("[2,6]", defaults, &error);  // bounds only: middle and a quarter width
        QVERIFY(p);
        QCOMPARE(p->mean, 4.0);
        QCOMPARE(p->std, 1.0);
        QVERIFY(!parse_param_text("~0.3<1,0>", defaults, &error));
        QVERIFY(error.find("min >= max") != std::string::npos);
        QVERIFY(!parse_param_text("~0.3<0,1]", defaults, &error));
        QVERIFY(!parse_param_text("~2<0,1>", defaults, &error));  // mean outside its bounds
        QVERIFY(!is_param_text("0.25"));
        QVERIFY(!is_param_text("-1e-3"));
    }

    void parFileRoundTrips() {
        ParamSet params;
        for (const char* name : {"a.KL", "S00011.vasti.L0"}) {
            params.index.emplace(name, params.infos.size());
            params.infos.push_back(ParamInfo{name, 0, 0, -1, 1, {}});
        }
        params.values = {0.1234567890123456789, -1.0 / 3};
        const std::string text = par_text(params, {0.5, 0.25}, {0.01, 1e-7});
        const ParFile read = read_par_text(text, "x.par");
        QVERIFY(read.ok());
        QCOMPARE(read.entries.size(), size_t(2));
        QCOMPARE(read.entries[0].name, std::string("a.KL"));
        QCOMPARE(read.entries[0].value, params.values[0]);  // 17 digits: exact
        QCOMPARE(read.entries[1].value, params.values[1]);
        QCOMPARE(read.entries[1].mean, 0.25);
        QCOMPARE(read.entries[1].std, 1e-7);
        const ParFile bad = read_par_text("a 1 2\nb x\nc 1\nc 2\n", "bad.par");
        QVERIFY(has_message(bad.diagnostics, "found 3 fields", 1));
        QVERIFY(has_message(bad.diagnostics, "expected a number for 'b'", 2));
        QVERIFY(has_message(bad.diagnostics, "given twice", 4));
    }

    void includesAreSplicedWithTheirOwnLocations() {
        QTemporaryDir dir;
        const std::string root = dir.path().toStdString();
        std::filesystem::create_directories(root + "/sub");
        write(root + "/sub/part.scone", "inner { a = 1 }\n\nbroken { b = }\n");
        write(root + "/main.scone", "outer {\n\t<< sub/part.scone >>\n\tc = 2\n}\n<< missing.scone >>\n");
        const ScenarioFile file = read_scenario_file(root + "/main.scone");
        const PropNode* outer = file.root.find("outer");
        QVERIFY(outer);
        QVERIFY(outer->find("inner"));
        QVERIFY(outer->find("c"));
        QCOMPARE(outer->children[0].key, std::string("inner"));  // in place of the include
        bool syntax_in_part = false, missing = false;
        for (const Diagnostic& d : file.diagnostics) {
            if (d.location.file.find("part.scone") != std::string::npos && d.location.line == 3) syntax_in_part = true;
            if (d.message.find("cannot open included file") != std::string::npos && d.location.line == 5)
                missing = true;
        }
        QVERIFY(syntax_in_part);
        QVERIFY(missing);
        // a spliced node knows its file
        QCOMPARE(location_of(*outer->find("inner"), file.file).file, root + "/sub/part.scone");
        QCOMPARE(location_of(*outer->find("c"), file.file).file, root + "/main.scone");
    }

    void includeCyclesStop() {
        QTemporaryDir dir;
        const std::string root = dir.path().toStdString();
        write(root + "/a.scone", "x { << a.scone >> }\n");
        const ScenarioFile file = read_scenario_file(root + "/a.scone");
        QVERIFY(has_message(file.diagnostics, "include cycle"));
    }

    void locationsNameSidesAndSymmetricParameters() {
        const Location right{'r', true}, left_plain{'l', false};
        QCOMPARE(right.sided("tib_ant"), std::string("tib_ant_r"));
        QCOMPARE(right.sided("tib_ant_o"), std::string("tib_ant_l"));
        QCOMPARE(right.sided("pelvis_tilt_l"), std::string("pelvis_tilt_l"));
        QCOMPARE(right.parameter_name("tib_ant"), std::string("tib_ant"));
        QCOMPARE(right.parameter_name("tib_ant_l"), std::string("tib_ant_o"));
        QCOMPARE(left_plain.parameter_name("tib_ant"), std::string("tib_ant_l"));
        QVERIFY(matches_pattern_list("pelvis_tx", "*_tx;*_ty;*_u"));
        QVERIFY(matches_pattern_list("knee_angle_r_u", "*_tx;*_ty;*_u"));
        QVERIFY(!matches_pattern_list("knee_angle_r", "*_tx;*_ty;*_u"));
        QVERIFY(matches_pattern_list("pelvis_tz", "*_t?"));
    }

    // A body moving at constant velocity: a sensor read with delay d is its
    // position d earlier, exactly (linear interpolation of a linear signal).
    void delayedSensorsReadThePast() {
        auto sim = test::make_simulation(R"(
model {
	gravity { x = 0 y = 0 z = 0 }
	body { name = ground mass = 0 inertia { x = 0 y = 0 z = 0 } }
	body { name = block mass = 1 inertia { x = 1 y = 1 z = 1 } }
	dof { block_tx = block_tx }
}
composite_force {}
symplectic_euler_integrator { step_size = 0.001 }
)");
        QVERIFY(sim);
        const Plant plant = make_plant(*sim, 1);
        DelayedSensors sensors;
        const Index channel = sensors.acquire({SensorKind::DofPosition, 0}, 0.0325);
        sensors.prepare(0.005);
        State moving = sim->initial_state();
        moving.lin_vel[1] = Vec3(2, 0, 0);
        sim->set_initial_state(moving);
        sim->reset();
        const double x0 = std::as_const(*sim).state().pos[1].x();
        for (int k = 0; k <= 20; ++k) {
            QVERIFY(sim->advance_to(0.005 * k));
            sensors.record(plant);
        }
        // now t = 0.1; x(t) = x0 + 2 t
        QVERIFY(std::abs(sensors.value(channel, 0) - (x0 + 0.2)) < 1e-12);
        QVERIFY(std::abs(sensors.value(channel, 0.01) - (x0 + 0.18)) < 1e-12);
        QVERIFY(std::abs(sensors.value(channel, 0.0325) - (x0 + 2 * (0.1 - 0.0325))) < 1e-12);
    }

    // A reflex's delay, registered once (delay_index), reads what value(channel, delay)
    // reads, to the bit: before the first record, while the history is shorter than
    // the delay (the oldest frame), once it is full, and after a reset.
    void delayIndexReadsAsTheDelay() {
        auto sim = falling_block();
        QVERIFY(sim);
        const Plant plant = make_plant(*sim, 1);
        for (const double scaling : {1.0, 1.7}) {
            DelayedSensors sensors;
            const Index height = sensors.acquire({SensorKind::DofPosition, 0}, 0.02);
            const Index speed = sensors.acquire({SensorKind::DofVelocity, 0}, 0.0125);
            const double delays[] = {0, 0.0125, 0.02, 0.005, 0.0125};
            std::vector<Index> indices;
            for (const double delay : delays) indices.push_back(sensors.delay_index(delay));
            QCOMPARE(indices[4], indices[1]);  // the same delay, the same index
            QVERIFY(indices[0] != indices[1] && indices[1] != indices[2] && indices[2] != indices[3]);
            sensors.prepare(0.005, scaling);
            sim->reset();
            const auto same_reads = [&] {
                for (size_t d = 0; d < std::size(delays); ++d)
                    for (const Index channel : {height, speed})
                        if (sensors.delayed_value(channel, indices[d]) != sensors.value(channel, delays[d]))
                            return false;
                return true;
            };
            QVERIFY(same_reads());  // nothing recorded: zeros
            QCOMPARE(sensors.delayed_value(height, indices[2]), 0.0);
            for (int k = 0; k <= 12; ++k) {
                QVERIFY(sim->advance_to(0.005 * k));
                sensors.record(plant);
                QVERIFY2(same_reads(), qPrintable(QString("frame %1, scaling %2").arg(k).arg(scaling)));
            }
            // falling: the delayed height is above the current one
            QVERIFY(sensors.delayed_value(height, indices[2]) > sensors.delayed_value(height, indices[0]) + 1e-4);
            sensors.reset();
            QVERIFY(same_reads());
            QCOMPARE(sensors.delayed_value(height, indices[1]), 0.0);
        }
    }

    // sensor_delay_scaling_factor s: a delay d reads the sample of t - s d.
    void delayedSensorsScaleTheirDelays() {
        auto sim = falling_block();
        QVERIFY(sim);
        const Plant plant = make_plant(*sim, 1);
        DelayedSensors plain, scaled;
        const Index a = plain.acquire({SensorKind::DofPosition, 0}, 0.05);
        const Index b = scaled.acquire({SensorKind::DofPosition, 0}, 0.02);
        plain.prepare(0.005);
        scaled.prepare(0.005, 2.5);
        for (int k = 0; k <= 20; ++k) {
            QVERIFY(sim->advance_to(0.005 * k));
            plain.record(plant);
            scaled.record(plant);
        }
        // the scaled history reaches back 2.5 x 0.02 = 0.05 s
        QVERIFY(std::abs(scaled.value(b, 0.02) - plain.value(a, 0.05)) < 1e-12);
        QVERIFY(std::abs(scaled.value(b, 0.01) - plain.value(a, 0.025)) < 1e-12);
        QVERIFY(std::abs(scaled.value(b, 0) - plain.value(a, 0)) < 1e-12);
        // falling freely: y at t = 0.08 and t = 0.05 differ by g (0.08^2 - 0.05^2) / 2 = 19 mm
        QVERIFY(std::abs(scaled.value(b, 0.02) - plain.value(a, 0.02)) > 1e-3);
    }

    // A ReflexController's reflexes may sit in a Reflexes group (SCONE's
    // ControllerGH2010v12): each is created for both sides, as the direct ones.
    void reflexesGroupHoldsReflexes() {
        QTemporaryDir dir;
        std::vector<Diagnostic> diagnostics;
        const auto scenario = load_with_legs(dir.path().toStdString(), R"(
SimulationObjective {
	max_duration = 0.02
	ModelHyfydy { model_file = legs.hfd initial_load = 0 fixed_control_step_size = 0.01 }
	ReflexController {
		symmetric = 1
		MuscleReflex { target = soleus KF = ~0.5<0,2> }
		Reflexes { MuscleReflex { target = soleus KL = ~1<0,10> L0 = 0.9 } }
	}
}
)",
                                             diagnostics);
        QVERIFY2(scenario, test::diagnostics_text(diagnostics).c_str());
        QVERIFY(scenario->parameters().find("soleus.KF"));
        QVERIFY(scenario->parameters().find("soleus.KL"));
        ParamSet declared;
        const auto run = scenario->create_run({}, declared, diagnostics);
        QVERIFY2(run, test::diagnostics_text(diagnostics).c_str());
        std::vector<ControlChannel> channels;
        run->controller->channels(channels);
        int length_outputs = 0;
        for (const ControlChannel& channel : channels) length_outputs += channel.name.find(".RL") != std::string::npos;
        QCOMPARE(length_outputs, 2);  // soleus_l and soleus_r
    }

    // initial_load = 1: the legs carry the body weight at zero velocity.
    void initialLoadCarriesTheGivenBodyWeights() {
        QTemporaryDir dir;
        const std::string root = dir.path().toStdString();
        write(root + "/legs.hfd", legs_model);
        write(root + "/s.scone", R"(
SimulationObjective {
	max_duration = 0.05
	ModelHyfydy { model_file = legs.hfd initial_load = 1 fixed_control_step_size = 0.01 }
}
)");
        const LoadedRun loaded = load_run(root + "/s.scone");
        QVERIFY2(loaded.run, loaded.messages().c_str());
        const auto& run = loaded.run;
        const Simulation& sim = *run->simulation;
        const double weight = sim.model().total_mass() * sim.model().gravity.norm();
        const double load = static_leg_load(sim, run->plant.legs, sim.initial_state());
        QVERIFY2(std::abs(load - weight) < 1e-3 * weight, qPrintable(QString::number(load / weight)));
        QCOMPARE(run->plant.legs.size(), size_t(2));
        QCOMPARE(run->plant.legs[0].name, std::string("leg0_r"));
        QCOMPARE(run->plant.legs[1].name, std::string("leg1_l"));
    }

    // Activations from the controller (the state file gives none): as SCONE initializes a
    // model, the sensors' t = 0 frame is taken with the muscles equilibrated at
    // initial_equilibration_activation, the controller's output there becomes the
    // activation (muscles equilibrated again), and no frame is added before the first
    // step. So the first excitation is the initial activation, and a reflex keeps
    // reading that frame until its delay has passed, although the muscle force it
    // would read now is another.
    void firstSensorFrameIsTheOneTheActivationsCameFrom() {
        QTemporaryDir dir;
        const std::string root = dir.path().toStdString();
        std::vector<Diagnostic> diagnostics;
        auto scenario = load_with_legs(root, R"(
SimulationObjective {
	max_duration = 0.03
	ModelHyfydy { model_file = legs.hfd initial_load = 1 fixed_control_step_size = 0.01 }
	ReflexController {
		MuscleReflex { target = soleus_r KF = 2 delay = 0.025 }
		MuscleReflex { target = soleus_l KF = 2 delay = 0.025 }
	}
}
)",
                                       diagnostics);
        QVERIFY2(scenario, test::diagnostics_text(diagnostics).c_str());
        struct Row {
            double time;
            std::vector<double> excitation, activation, force;
        };
        std::vector<Row> rows;
        EvaluationOptions options;
        options.on_control_step = [&](double time, const Plant& plant, const std::vector<ControlChannel>&) {
            Row row{time, plant.excitation, {}, {}};
            for (Index m = 0; m < 2; ++m) {
                row.activation.push_back(muscle_activation(plant, m));
                row.force.push_back(normalized_muscle_force(plant, m));
            }
            rows.push_back(row);
        };
        const ScenarioResult result = scenario->evaluate(scenario->initial_values(diagnostics).value(), options);
        QVERIFY2(result.ok, result.message.c_str());
        QVERIFY(rows.size() >= 3);
        for (Index m = 0; m < 2; ++m) {
            const QString what = QString("muscle %1: u(0) %2, a(0) %3, 2 F(0) %4, u(0.01) %5, u(0.02) %6")
                                     .arg(m)
                                     .arg(rows[0].excitation[m])
                                     .arg(rows[0].activation[m])
                                     .arg(2 * rows[0].force[m])
                                     .arg(rows[1].excitation[m])
                                     .arg(rows[2].excitation[m]);
            QVERIFY2(std::abs(rows[0].excitation[m] - rows[0].activation[m]) < 1e-12, qPrintable(what));
            // the frame the reflex reads is not the state the run starts in
            QVERIFY2(std::abs(rows[0].excitation[m] - 2 * rows[0].force[m]) > 1e-3, qPrintable(what));
            // t - 0.025 < 0 at the next two control steps: the same frame
            QVERIFY2(std::abs(rows[1].excitation[m] - rows[0].excitation[m]) < 1e-12, qPrintable(what));
            QVERIFY2(std::abs(rows[2].excitation[m] - rows[0].excitation[m]) < 1e-12, qPrintable(what));
        }
    }

    // ModelHyfydy's Properties scale, offset or set muscle properties before the run.
    void propertiesChangeTheModelsMuscles() {
        QTemporaryDir dir;
        const std::string root = dir.path().toStdString();
        write(root + "/legs.hfd", legs_model);
        write(root + "/s.scone", R"(
SimulationObjective {
	max_duration = 0.01
	ModelHyfydy {
		model_file = legs.hfd
		initial_load = 0
		Properties {
			soleus_r { max_isometric_force.factor = 0.3 optimal_fiber_length.offset = 0.01 }
			soleus_l { tendon_slack_length = 0.2 }
		}
	}
}
)");
        std::vector<Diagnostic> diagnostics;
        const auto scenario = Scenario::load(root + "/s.scone", diagnostics);
        QVERIFY2(scenario, test::diagnostics_text(diagnostics).c_str());
        // the file the model came from, resolved next to the scenario (the studio opens it)
        QCOMPARE(std::filesystem::path(scenario->model_file()), std::filesystem::path(root) / "legs.hfd");
        const Model& model = scenario->model();
        const Muscle& right = model.muscles[model.find_muscle("soleus_r")];
        const Muscle& left = model.muscles[model.find_muscle("soleus_l")];
        QCOMPARE(right.max_isometric_force, 2000 * 0.3);
        QCOMPARE(right.optimal_fiber_length, 0.05 + 0.01);
        QCOMPARE(left.tendon_slack_length, 0.2);
        QCOMPARE(left.max_isometric_force, 2000.0);
        write(root + "/t.scone", R"(
SimulationObjective {
	max_duration = 0.01
	ModelHyfydy {
		model_file = legs.hfd
		Properties { soleus_r { max_force.factor = 0.3 } gastroc_r { max_isometric_force = 1 } }
	}
}
)");
        diagnostics.clear();
        QVERIFY(!Scenario::load(root + "/t.scone", diagnostics));
        QVERIFY(has_message(diagnostics, "unknown muscle property 'max_force'", 6));
        QVERIFY(has_message(diagnostics, "'gastroc_r' is not a muscle", 6));
        // muscle_force_multiplier scales every muscle, before Properties (which then act on the scaled values)
        write(root + "/m.scone", R"(
SimulationObjective {
	max_duration = 0.01
	ModelHyfydy { model_file = legs.hfd muscle_force_multiplier = 2 Properties { soleus_r { max_isometric_force.factor = 0.5 } } }
}
)");
        diagnostics.clear();
        const auto multiplied = Scenario::load(root + "/m.scone", diagnostics);
        QVERIFY2(multiplied, test::diagnostics_text(diagnostics).c_str());
        QCOMPARE(multiplied->model().muscles[multiplied->model().find_muscle("soleus_l")].max_isometric_force, 4000.0);
        QCOMPARE(multiplied->model().muscles[multiplied->model().find_muscle("soleus_r")].max_isometric_force, 2000.0);
        write(root + "/z.scone",
              "SimulationObjective { max_duration = 0.01\n ModelHyfydy { model_file = legs.hfd muscle_force_multiplier "
              "= 0 } }\n");
        diagnostics.clear();
        QVERIFY(!Scenario::load(root + "/z.scone", diagnostics));
        QVERIFY2(has_message(diagnostics, "muscle_force_multiplier must be a number > 0", 2),
                 test::diagnostics_text(diagnostics).c_str());
    }

    // A planar model with joint motors and no config of its own gets the planar config
    // with joint_motor_force (Examples3's H0906 jumps with motors alone), so that a
    // feed-forward controller's motor torque acts.
    void jointMotorsActInTheDefaultPlanarConfig() {
        QTemporaryDir dir;
        const std::string root = dir.path().toStdString();
        std::string model = legs_model;
        model.insert(model.rfind('}'), "\tjoint_motor { joint = knee_r max_torque = 80 }\n");
        write(root + "/legs.hfd", model);
        write(root + "/s.scone", R"(
SimulationObjective {
	max_duration = 0.01
	ModelHyfydy { model_file = legs.hfd initial_load = 0 fixed_control_step_size = 0.01 }
	FeedForwardController { include = knee_r Constant { value = 0.5 } }
}
)");
        const LoadedRun loaded = load_run(root + "/s.scone");
        QVERIFY2(loaded.run, loaded.messages().c_str());
        const auto& run = loaded.run;
        Simulation& sim = *run->simulation;
        sim.controls().motors[0].added_torque = Vec3(0, 0, 40);
        sim.ensure_evaluated();
        QCOMPARE(sim.data().motor_torque.size(), size_t(1));
        QVERIFY2(std::abs(sim.data().motor_torque[0].norm() - 40) < 1e-9,
                 qPrintable(QString::number(sim.data().motor_torque[0].norm())));
    }

    // Without a config in the model or the scenario, a 3D model runs with the forces
    // of SCONE's planar default in 3D and the symplectic Euler integrator its 3D
    // configs name (error_control_integrator_sem), a planar one with the planar
    // default; config blocks in ModelHyfydy replace those parts only, and its own
    // properties are not taken for unknown config blocks.
    void modelHyfydyDefaultConfigFollowsTheModel() {
        QTemporaryDir dir;
        const std::string root = dir.path().toStdString();
        std::string legs_3d = legs_model;
        const std::string planar_hip = "limits { x = 0..0 y = 0..0 z = -30..120 }";
        legs_3d.replace(legs_3d.find(planar_hip), planar_hip.size(), "limits { x = -45..20 y = 0..0 z = -30..120 }");
        write(root + "/legs.hfd", legs_model);
        write(root + "/legs3d.hfd", legs_3d);
        const auto load = [&](const std::string& model, const std::string& blocks, std::vector<Diagnostic>& found) {
            write(root + "/s.scone",
                  "SimulationObjective {\n\tmax_duration = 0.01\n\tModelHyfydy {\n\t\tmodel_file = " + model +
                      "\n\t\tinitial_load = 0\n\t\t" + blocks + "\n\t}\n}\n");
            return Scenario::load(root + "/s.scone", found);
        };
        std::vector<Diagnostic> diagnostics;
        const auto planar = load("legs.hfd", "", diagnostics);
        QVERIFY2(planar, test::diagnostics_text(diagnostics).c_str());
        // Hyfydy 1.12's planar defaults (its log)
        QCOMPARE(planar->config().integrator.key, std::string("predictive_integrator_psemtw"));
        QVERIFY(planar->config().composite_force.find("planar_joint_force_pnld2"));
        const auto spatial = load("legs3d.hfd", "", diagnostics);
        QVERIFY2(spatial, test::diagnostics_text(diagnostics).c_str());
        QCOMPARE(spatial->config().integrator.key, std::string("error_control_integrator_sem"));
        const PropNode& forces = spatial->config().composite_force;
        for (const char* force : {"joint_force_pnld", "simple_collision_detection", "contact_force_hunt_crossley_sb",
                                  "muscle_activation", "muscle_force_m2012fast", "joint_motor_force"})
            QVERIFY2(forces.find(force), force);
        QVERIFY(!forces.find("planar_joint_force_pnld"));
        // the forces of SCONE's V2 configs (HfdConfigPlanarV2, the 2023 benchmarks), in both
        for (const auto* config : {&planar->config(), &spatial->config()}) {
            const PropNode* contact = config->composite_force.find("contact_force_hunt_crossley_sb");
            QVERIFY(contact && contact->find("transition_velocity"));
            QCOMPARE(contact->find("transition_velocity")->value, std::string("0.15"));
            const PropNode* muscles = config->composite_force.find("muscle_force_m2012fast");
            QVERIFY(muscles && muscles->find("use_pennation_during_equilibration"));
            QCOMPARE(muscles->find("use_pennation_during_equilibration")->value, std::string("1"));
            QVERIFY(!config->composite_force.find("contact_force_hunt_crossley"));
        }
        QVERIFY(diagnostics.empty());
        const auto integrator_only =
            load("legs3d.hfd", "error_control_integrator_mem { accuracy = 0.001 }", diagnostics);
        QVERIFY2(integrator_only, test::diagnostics_text(diagnostics).c_str());
        QVERIFY2(diagnostics.empty(), test::diagnostics_text(diagnostics).c_str());  // no model_file "block"
        QCOMPARE(integrator_only->config().integrator.key, std::string("error_control_integrator_mem"));
        QVERIFY(integrator_only->config().composite_force.find("joint_motor_force"));
    }

    // The optimizer's init file is where a run starts: a bad one stops it, never a
    // silent fall-back to the means.
    void unusableInitFileGivesNoStartingValues() {
        QTemporaryDir dir;
        const std::string root = dir.path().toStdString();
        write(root + "/legs.hfd", legs_model);
        write(root + "/s.scone", R"(
CmaOptimizer {
	init { file = start.par }
	SimulationObjective {
		max_duration = 0.01
		ModelHyfydy { model_file = legs.hfd initial_load = ~0.5<0,2> }
	}
}
)");
        std::vector<Diagnostic> diagnostics;
        const auto scenario = Scenario::load(root + "/s.scone", diagnostics);
        QVERIFY2(scenario, test::diagnostics_text(diagnostics).c_str());
        QVERIFY(!scenario->initial_values(diagnostics));  // start.par does not exist
        QVERIFY(has_message(diagnostics, "cannot open file"));
        write(root + "/start.par", "initial_load 0.8 0.8 0.1\n");
        diagnostics.clear();
        const auto values = scenario->initial_values(diagnostics);
        QVERIFY(values);
        QCOMPARE(values->at("initial_load"), 0.8);
        write(root + "/start.par", "initial_load 3 3 0.1\n");  // outside [0, 2]
        diagnostics.clear();
        QVERIFY(!scenario->initial_values(diagnostics));
        QVERIFY(has_message(diagnostics, "outside its range", 1));
        // the numbers of the message in their shortest form: 1e308 was 309 digits
        // ("%f"), the range "[0.000000, 2.000000]"
        write(root + "/start.par", "initial_load 1e308 1e308 0.1\n");
        diagnostics.clear();
        QVERIFY(!scenario->initial_values(diagnostics));
        QVERIFY2(has_message(diagnostics, "parameter 'initial_load' = 1e+308 is outside its range [0, 2]", 1),
                 test::diagnostics_text(diagnostics).c_str());
        write(root + "/start.par", "initial_load -0.1 -0.1 0.1\n");
        diagnostics.clear();
        QVERIFY(!scenario->initial_values(diagnostics));
        QVERIFY2(has_message(diagnostics, "= -0.1 is outside its range [0, 2]", 1),
                 test::diagnostics_text(diagnostics).c_str());
    }

    // Without a .par, SCONE evaluates a scenario at its parameter means, the init file's
    // mean column among them (the best column with use_best_as_mean), skipping names
    // the scenario lacks.
    void initFileGivesItsMeansAsSconeEvaluatesAScenario() {
        QTemporaryDir dir;
        const std::string root = dir.path().toStdString();
        write(root + "/legs.hfd", legs_model);
        write(root + "/start.par", "initial_load 0.8 0.6 0.1\nnot_a_parameter 1 1 0.1\n");
        for (const bool best : {false, true}) {
            write(root + "/s.scone", std::string(R"(
CmaOptimizer {
	init { file = start.par use_best_as_mean = )") +
                                         (best ? "1" : "0") + R"( }
	SimulationObjective {
		max_duration = 0.01
		ModelHyfydy { model_file = legs.hfd initial_load = ~0.5<0,2> initial_state_offset = 0~0.01<-0.5,0.5> }
	}
}
)");
            std::vector<Diagnostic> diagnostics;
            const auto scenario = Scenario::load(root + "/s.scone", diagnostics);
            QVERIFY2(scenario, test::diagnostics_text(diagnostics).c_str());
            diagnostics.clear();
            const auto values = scenario->initial_values(diagnostics);
            QVERIFY2(values, test::diagnostics_text(diagnostics).c_str());
            QCOMPARE(values->at("initial_load"), best ? 0.8 : 0.6);
            QCOMPARE(values->at("pelvis_tilt.offset"), 0.0);  // not in the file: the scenario's mean
            QVERIFY(has_message(diagnostics, "not_a_parameter"));
            QVERIFY(!has_errors(diagnostics));
        }
    }

    void misspeltKeysAndUnknownTypesAreLocated() {
        QTemporaryDir dir;
        const std::string root = dir.path().toStdString();
        write(root + "/legs.hfd", legs_model);
        write(root + "/s.scone", R"(
SimulationObjective {
	max_duration = 1
	ModelHyfydy { model_file = legs.hfd fixed_control_stepsize = 0.01 }
	ReflexController {
		MuscleReflex { target = soleus KL = ~1<0,10> L0 = 1 dealy = 0.02 }
		MuscleReflex { target = gastroc KF = 1 }
		BogusReflex { }
	}
}
)");
        std::vector<Diagnostic> diagnostics;
        QVERIFY(!Scenario::load(root + "/s.scone", diagnostics));
        QVERIFY2(has_message(diagnostics, "unknown property 'fixed_control_stepsize' of ModelHyfydy", 4),
                 test::diagnostics_text(diagnostics).c_str());
        QVERIFY(has_message(diagnostics, "unknown property 'dealy' of MuscleReflex; did you mean 'delay'?", 6));
        QVERIFY(has_message(diagnostics, "unknown target muscle 'gastroc_", 7));
        QVERIFY(has_message(diagnostics, "unknown reflex type 'BogusReflex'", 8));
        write(root + "/t.scone",
              "SimulationObjective { max_duration = 1 ModelHyfydy { model_file = legs.hfd } WalkController {} }\n");
        diagnostics.clear();
        QVERIFY(!Scenario::load(root + "/t.scone", diagnostics));
        QVERIFY2(has_message(diagnostics, "unknown controller type 'WalkController'", 1),
                 test::diagnostics_text(diagnostics).c_str());
        write(root + "/u.scone",
              "SimulationObjective { max_duration = 1 ModelHyfydy { model_file = legs.hfd } ScriptController {} }\n");
        diagnostics.clear();
        QVERIFY(!Scenario::load(root + "/u.scone", diagnostics));
        // built with Lua: the script it needs; without: the refusal (both at its line)
        QVERIFY2(has_message(diagnostics,
                             lua_scripts_available() ? "ScriptController needs 'script_file'"
                                                     : "Lua script controllers are not supported",
                             1),
                 test::diagnostics_text(diagnostics).c_str());
        // the objective's measure may be written Measure { type = ... }, as inside a composite
        write(root + "/v.scone",
              "SimulationObjective { max_duration = 1 ModelHyfydy { model_file = legs.hfd }\n"
              "FeedForwardController { Constant { value = 0.1 } }\n"
              "Measure { type = BalanceMeasure termination_height = 0.5 } }\n");
        diagnostics.clear();
        const std::unique_ptr<Scenario> with_measure = Scenario::load(root + "/v.scone", diagnostics);
        QVERIFY2(with_measure && !has_errors(diagnostics), test::diagnostics_text(diagnostics).c_str());
        write(root + "/w.scone",
              "SimulationObjective { max_duration = 1 ModelHyfydy { model_file = legs.hfd } GateMeasure { } }\n");
        diagnostics.clear();
        QVERIFY(!Scenario::load(root + "/w.scone", diagnostics));
        QVERIFY2(has_message(diagnostics, "unknown measure type 'GateMeasure' (known: GaitMeasure,", 1),
                 test::diagnostics_text(diagnostics).c_str());
    }

    // A results folder (SCONE's, or a copy of one) keeps config.scone with the model and
    // state next to it, while the scenario still names them as data/...: SCONE's FindFile
    // falls back to the file name in the folder and its parent. A ModelHyfydy block that
    // holds the config warns about none of its own options; an integrator the manual
    // does not name is an error, not the default integrator in its place. The
    // objective's auto_std_factor gives the std of parameters written without one.
    void resultsFolderScenariosLoadAsSconeReadsThem() {
        QTemporaryDir dir;
        const std::string root = dir.path().toStdString();
        const char* scenario = R"(
SimulationObjective {
	max_duration = 0.02
	auto_std_factor = 0.02
	ModelHyfydy {
		model_file = data/legs.hfd
		fixed_control_step_size = 0.01
		composite_force { planar_joint_force_pnld = "" simple_collision_detection = "" contact_force_hunt_crossley_sb {} muscle_force_m2012fast {} }
		%INTEGRATOR% { accuracy = 0.01 }
		hyfydy_version = 1.2.2.881
	}
	ReflexController { symmetric = 1 MuscleReflex { target = soleus KL = ~2<0,10> } }
}
)";
        const auto with_integrator = [&](const std::string& name) {
            std::string text = scenario;
            text.replace(text.find("%INTEGRATOR%"), 12, name);
            return text;
        };
        write(root + "/legs.hfd", legs_model);
        write(root + "/config.scone", with_integrator("error_control_integrator_psem"));
        std::vector<Diagnostic> diagnostics;
        const auto loaded = Scenario::load(root + "/config.scone", diagnostics);
        QVERIFY2(loaded, test::diagnostics_text(diagnostics).c_str());
        for (const Diagnostic& d : diagnostics)
            QVERIFY2(d.severity != Severity::Warning, test::diagnostics_text(diagnostics).c_str());
        QCOMPARE(loaded->parameters().size(), size_t(1));
        QCOMPARE(loaded->parameters().infos[0].std, 0.02 * 2);
        write(root + "/ats.scone", with_integrator("adaptive_integrator_psem"));
        diagnostics.clear();
        QVERIFY(!Scenario::load(root + "/ats.scone", diagnostics));
        QVERIFY2(has_message(diagnostics, "unknown integrator 'adaptive_integrator_psem'", 9),
                 test::diagnostics_text(diagnostics).c_str());
    }

    // Every parameter of SCONE's walking parameters is a parameter of Tutorial 4a,
    // and the scenario declares no other.
    void tutorial4aDeclaresTheParametersOfItsParFile() {
        const std::string path = corpus("Tutorial 4a - Gait - Hyfydy.scone");
        if (!std::filesystem::exists(path)) QSKIP("corpus scone-tutorials3 absent");
        std::vector<Diagnostic> diagnostics;
        const auto scenario = Scenario::load(path, diagnostics);
        QVERIFY2(scenario, test::diagnostics_text(diagnostics).c_str());
        const ParFile par = read_par_file(corpus("init/H0918GaitRS2Hfd4.par"));
        QVERIFY(par.ok());
        QCOMPARE(scenario->parameters().size(), par.entries.size());
        for (size_t i = 0; i < par.entries.size(); ++i)
            QVERIFY2(scenario->parameters().find(par.entries[i].name), par.entries[i].name.c_str());
        // declared in SCONE's order (model, then controller)
        for (size_t i = 0; i < par.entries.size(); ++i)
            QCOMPARE(scenario->parameters().infos[i].name, par.entries[i].name);
        diagnostics.clear();
        QVERIFY(scenario->values_from_par(corpus("init/H0918GaitRS2Hfd4.par"), diagnostics));
    }

    // Tutorial 4a with the walking parameters SCONE ships, as SCONE 2.4.4 + Hyfydy 1.12.6
    // evaluated them (../shared/corpus/hyfydy-1.12/AB2_hfd_hfd4.log: the .par as the
    // optimizer's init file, so its mean column): at ModelHyfydy's defaults, now 1.12's
    // planar_joint_force_pnld2, it walks its 20 s (Hyfydy's run was 4 s long and walked).
    // The gait is chaotic (docs/gait_4a.md: the share of samples that walk 20 s is the
    // steadier measure); this run is the one that docs/gait_4a.md lays beside Hyfydy's.
    void tutorial4aWalksItsTwentySecondsFromItsParAsSconeReadsIt() {
        const std::string folder = corpus("");
        if (!std::filesystem::exists(folder + "Tutorial 4a - Gait - Hyfydy.scone"))
            QSKIP("corpus scone-tutorials3 absent");
        QTemporaryDir dir;
        const std::filesystem::path root = dir.path().toStdString();
        for (const char* sub : {"controllers", "init", "measures", "models"})
            std::filesystem::create_directory_symlink(folder + sub, root / sub);
        std::ifstream in(folder + "Tutorial 4a - Gait - Hyfydy.scone", std::ios::binary);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        const size_t optimizer = text.find("min_progress");
        QVERIFY(optimizer != std::string::npos);
        text.insert(optimizer, "init { file = init/H0918GaitRS2Hfd4.par }\n\t");
        write((root / "4a.scone").string(), text);

        std::vector<Diagnostic> diagnostics;
        const auto scenario = Scenario::load((root / "4a.scone").string(), diagnostics);
        QVERIFY2(scenario, test::diagnostics_text(diagnostics).c_str());
        QVERIFY(scenario->config().composite_force.find("planar_joint_force_pnld2"));
        const auto values = scenario->initial_values(diagnostics);
        QVERIFY2(values, test::diagnostics_text(diagnostics).c_str());
        const ScenarioResult walked = scenario->evaluate(*values);
        QVERIFY2(walked.termination.empty(), walked.termination.c_str());
        QCOMPARE(walked.simulated_time, 20.0);
        QVERIFY2(walked.speed > 1.0, qPrintable(QString::number(walked.speed)));  // Gait10's min_velocity
    }

    void parNamingUnknownParametersIsAnError() {
        const std::string path = corpus("Tutorial 4a - Gait - Hyfydy.scone");
        if (!std::filesystem::exists(path)) QSKIP("corpus scone-tutorials3 absent");
        std::vector<Diagnostic> diagnostics;
        const auto scenario = Scenario::load(path, diagnostics);
        QVERIFY(scenario);
        QTemporaryDir dir;
        const std::string par = dir.path().toStdString() + "/bad.par";
        write(par, "stance_load_threshold 0.3 0.3 0.01\nS11111.tib_ant.KX 1 1 0.1\nS00011.vasti.KL 9 9 0.1\n");
        diagnostics.clear();
        QVERIFY(!scenario->values_from_par(par, diagnostics));
        QVERIFY(has_message(diagnostics, "'S11111.tib_ant.KX' is not a parameter", 2));
        QVERIFY(has_message(diagnostics, "outside its range", 3));
    }
};

QTEST_GUILESS_MAIN(TestScenario)
#include "test_scenario.moc"
