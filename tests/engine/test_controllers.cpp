// Controllers against their definitions: feed-forward functions at hand-computed
// times and values, symmetric parameter sharing, include / exclude patterns, reflex
// outputs equal to their formulas with the delayed sensor values, the conditional
// muscle reflex's gate, deterministic noise and perturbation schedules, located
// errors, and the parameter names of SCONE's own .par files.
#include "control/controller.h"
#include "control/name_pattern.h"
#include "format/parser.h"
#include "model/build_model.h"
#include "state/kinematics.h"
#include "sim/sim_config.h"

#include <QTemporaryDir>
#include <QtTest>

#include <array>
#include <cmath>
#include <deque>
#include <filesystem>
#include <fstream>
#include <unordered_map>

using namespace hfd;

namespace {

const std::string planar_model = std::string(HFD_SAMPLES_DIR) + "/human_planar.hfd";
const std::string tutorials = std::string(HFD_CORPUS_DIR) + "/scone-tutorials3";

std::string diagnostics_text(const std::vector<Diagnostic>& diagnostics) {
    std::string text;
    for (const Diagnostic& d : diagnostics) text += format_diagnostic(d) + "\n";
    return text;
}

std::unique_ptr<Simulation> load_simulation(const std::string& path) {
    ParseResult parsed = parse_file(path);
    std::vector<Diagnostic> diagnostics = parsed.diagnostics;
    if (!parsed.ok()) return nullptr;
    BuildResult built = build_model(parsed.root, path);
    if (!built.model) {
        qWarning("%s", diagnostics_text(built.diagnostics).c_str());
        return nullptr;
    }
    const SimConfig config = read_sim_config(parsed.root, path, diagnostics);
    return Simulation::create(std::move(*built.model), config, diagnostics);
}

const PropNode* find_path(const PropNode& root, std::initializer_list<const char*> keys) {
    const PropNode* node = &root;
    for (const char* key : keys) {
        node = node->find(key);
        if (!node) return nullptr;
    }
    return node;
}

// A model, the creation context and the sensors controllers are made with.
struct Harness {
    std::unique_ptr<Simulation> sim;
    std::vector<Diagnostic> diagnostics;
    ParamSet params;
    std::unordered_map<std::string, double> given;
    CreationContext creation;
    DelayedSensors sensors;
    Plant plant;
    std::deque<ParseResult> texts;

    explicit Harness(const std::string& model_path) : sim(load_simulation(model_path)) {
        creation.file = "inline.scone";
        creation.diagnostics = &diagnostics;
        creation.params = &params;
        creation.given = &given;
        if (sim) plant = make_plant(*sim, 10);
    }

    std::unique_ptr<Controller> create(const PropNode& node, Location location = {}) {
        ControllerContext context{creation, sim->model(), plant.legs, sensors, location};
        std::unique_ptr<Controller> controller = create_controller(node, context);
        sensors.prepare(0.01);
        return controller;
    }
    std::unique_ptr<Controller> create(const std::string& text, Location location = {}) {
        texts.push_back(parse_text(text, "inline.scone"));
        if (!texts.back().ok() || texts.back().root.children.empty()) {
            qWarning("%s", diagnostics_text(texts.back().diagnostics).c_str());
            return nullptr;
        }
        return create(texts.back().root.children[0], location);
    }

    // The controller at `keys` in a file (its last top-level node when keys is empty).
    std::unique_ptr<Controller> create_from_file(const std::string& path, std::initializer_list<const char*> keys) {
        texts.push_back(parse_file(path));
        const PropNode& root = texts.back().root;
        const PropNode* node = keys.size() > 0 ? find_path(root, keys) : &root.children.back();
        if (!texts.back().ok() || !node) {
            qWarning("%s: no controller at the expected place", path.c_str());
            return nullptr;
        }
        return create(*node);
    }

    // One control step at `time` (sensors recorded at the current state): the excitations.
    std::vector<double> control(Controller& controller, double time, double initial = 0) {
        sim->ensure_evaluated();
        sensors.record(plant);
        std::vector<double> excitation(sim->model().muscles.size(), initial);
        controller.update(plant, sensors, time, excitation);
        return excitation;
    }
    Index muscle(const char* name) const { return sim->model().find_muscle(name); }
    bool declared(const std::string& name) const { return params.find(name) != nullptr; }
};

}  // namespace

class TestControllers : public QObject {
    Q_OBJECT

private slots:
    void name_patterns() {
        const NamePattern all("*"), listed("vasti*; soleus_r"), side("*_r"), one("hip_?"), none("");
        QVERIFY(all.matches("anything") && all.matches(""));
        QVERIFY(listed.matches("vasti_l") && listed.matches("soleus_r"));
        QVERIFY(!listed.matches("soleus_l") && !listed.matches("gastroc_r"));
        QVERIFY(side.matches("tib_ant_r") && !side.matches("tib_ant_l") && !side.matches("r"));
        QVERIFY(one.matches("hip_r") && !one.matches("hip_rz") && !one.matches("hip_"));
        QVERIFY(!none.matches("vasti_r") && none.empty());
        QVERIFY(NamePattern("*_t?;*_u").matches("pelvis_tx") && NamePattern("a*b*c").matches("axxbyyc"));
        QVERIFY(!NamePattern("a*b*c").matches("axxbyy"));
    }

    // Y0 = 0.2 until DT0 = 0.3, then Y1 = 0.7 until DT0 + DT1 = 0.8, then Y2 = 0.1.
    void piece_wise_constant_steps_and_symmetric_sharing() {
        Harness h(planar_model);
        QVERIFY(h.sim);
        h.given = {{"vasti.Y0", 0.2}, {"vasti.DT0", 0.3}, {"vasti.Y1", 0.7}, {"vasti.DT1", 0.5}, {"vasti.Y2", 0.1}};
        auto controller = h.create(R"(FeedForwardController { symmetric = 1 include = "vasti*"
            PieceWiseConstant { control_points = 3 control_point_y = 0.3~0.01<0,1> control_point_dt = 0.2~0.01<0.001,1> } })");
        QVERIFY2(controller, diagnostics_text(h.diagnostics).c_str());
        QCOMPARE(h.params.size(), size_t(5));  // one function for vasti_r and vasti_l
        for (const char* name : {"vasti.Y0", "vasti.DT0", "vasti.Y1", "vasti.DT1", "vasti.Y2"})
            QVERIFY2(h.declared(name), name);
        const std::pair<double, double> expected[] = {{0, 0.2},    {0.29, 0.2},   {0.3001, 0.7},
                                                      {0.79, 0.7}, {0.8001, 0.1}, {5, 0.1}};
        for (const auto& [time, value] : expected) {
            const std::vector<double> u = h.control(*controller, time);
            QCOMPARE(u[h.muscle("vasti_r")], value);
            QCOMPARE(u[h.muscle("vasti_l")], value);
            QCOMPARE(u[h.muscle("soleus_r")], 0.0);
        }
    }

    void asymmetric_functions_have_sided_parameters() {
        Harness h(planar_model);
        QVERIFY(h.sim);
        h.given = {{"vasti_r.Y0", 0.25}, {"vasti_l.Y0", 0.75}};
        auto controller = h.create(R"(FeedForwardController { symmetric = 0 include = "vasti*"
            PieceWiseConstant { control_points = 1 control_point_y = ~0.5<0,1> } })");
        QVERIFY2(controller, diagnostics_text(h.diagnostics).c_str());
        QCOMPARE(h.params.size(), size_t(2));
        const std::vector<double> u = h.control(*controller, 1);
        QCOMPARE(u[h.muscle("vasti_r")], 0.25);
        QCOMPARE(u[h.muscle("vasti_l")], 0.75);
    }

    // Points (0, 0.2), (0.3, 0.7), (0.8, 0.1): lines between, the end segments extended.
    void piece_wise_linear_interpolates_and_extrapolates() {
        for (const bool flat : {false, true}) {
            Harness h(planar_model);
            QVERIFY(h.sim);
            h.given = {
                {"soleus.Y0", 0.2}, {"soleus.DT0", 0.3}, {"soleus.Y1", 0.7}, {"soleus.DT1", 0.5}, {"soleus.Y2", 0.1}};
            auto controller = h.create(std::string(R"(FeedForwardController { symmetric = 1 include = "soleus*"
                PieceWiseLinear { control_points = 3 control_point_y = ~0.5<-1,1> control_point_dt = ~0.5<0.01,1>
                flat_extrapolation = )") +
                                       (flat ? "1" : "0") + " } }");
            QVERIFY2(controller, diagnostics_text(h.diagnostics).c_str());
            const Index soleus = h.muscle("soleus_l");
            QCOMPARE(h.control(*controller, 0.15)[soleus], 0.45);
            QCOMPARE(h.control(*controller, 0.55)[soleus], 0.4);
            QCOMPARE(h.control(*controller, 1.0)[soleus], flat ? 0.1 : 0.1 - 0.6 * 0.2 / 0.5);
        }
    }

    // 0.3 - 0.5 t + 2 t^2
    void polynomial_values() {
        Harness h(planar_model);
        QVERIFY(h.sim);
        h.given = {{"tib_ant.C0", 0.3}, {"tib_ant.C1", -0.5}, {"tib_ant.C2", 2}};
        auto controller = h.create(R"(FeedForwardController { symmetric = 1 include = "tib_ant*"
            Polynomial { degree = 2 coefficient0 = 0.3~0.01<0,1> coefficient1 = 0~0.1<-10,10> coefficient2 = 0~1<-10,10> } })");
        QVERIFY2(controller, diagnostics_text(h.diagnostics).c_str());
        QCOMPARE(h.params.size(), size_t(3));
        QCOMPARE(h.control(*controller, 0)[h.muscle("tib_ant_r")], 0.3);
        QCOMPARE(h.control(*controller, 0.5)[h.muscle("tib_ant_r")], 0.55);
        QCOMPARE(h.control(*controller, 2)[h.muscle("tib_ant_l")], 7.3);
    }

    // 0.2 sin(2 pi 2 t) + 0.4: quarter periods of 0.125 s.
    void sine_wave_values() {
        Harness h(planar_model);
        QVERIFY(h.sim);
        auto controller = h.create(R"(FeedForwardController { include = "gastroc_r"
            SineWave { amplitude = 0.2 frequency = 2 offset = 0.4 } })");
        QVERIFY2(controller, diagnostics_text(h.diagnostics).c_str());
        const Index gastroc = h.muscle("gastroc_r");
        QCOMPARE(h.control(*controller, 0.125)[gastroc], 0.6);
        QVERIFY(std::abs(h.control(*controller, 0.25)[gastroc] - 0.4) < 1e-15);
        QCOMPARE(h.control(*controller, 0.375)[gastroc], 0.2);
        QCOMPARE(h.control(*controller, 0.125)[h.muscle("gastroc_l")], 0.0);
    }

    void include_and_exclude_select_muscles() {
        Harness h(planar_model);
        QVERIFY(h.sim);
        auto controller = h.create(R"(FeedForwardController { include = "*_r" exclude = "vasti*;soleus_r"
            Constant { value = 0.1 } })");
        QVERIFY2(controller, diagnostics_text(h.diagnostics).c_str());
        const std::vector<double> u = h.control(*controller, 0);
        for (Index m = 0; m < Index(u.size()); ++m) {
            const std::string& name = h.sim->model().muscles[m].name;
            const bool driven = name.ends_with("_r") && name != "vasti_r" && name != "soleus_r";
            QCOMPARE(u[m], driven ? 0.1 : 0.0);
        }
        // a location on one side drives that side only
        auto left = h.create(R"(FeedForwardController { Constant { value = 0.2 } })", Location{'l', true});
        QVERIFY(left);
        const std::vector<double> v = h.control(*left, 0);
        QCOMPARE(v[h.muscle("vasti_l")], 0.2);
        QCOMPARE(v[h.muscle("vasti_r")], 0.0);
        // nothing matched is an error at the controller
        QVERIFY(!h.create(R"(FeedForwardController { include = "nothing*" Constant { value = 0.2 } })"));
        QVERIFY(diagnostics_text(h.diagnostics)
                    .find("inline.scone:1:1: error: FeedForwardController: no muscle or joint motor "
                          "matches include = \"nothing*\"") != std::string::npos);
    }

    void unknown_properties_are_located_once() {
        Harness h(planar_model);
        QVERIFY(h.sim);
        auto controller = h.create(
            "FeedForwardController { symmetric = 1\n"
            "  bogus = 2\n"
            "  PieceWiseConstant { control_points = 2 control_point_y = 0.3 control_point_dt = 0.2 "
            "contrl = 1 } }");
        QVERIFY(controller);  // unknown keys are errors of the scenario, reported with their place
        const std::string text = diagnostics_text(h.diagnostics);
        QVERIFY2(text.find("inline.scone:2:3: error: unknown property 'bogus' of FeedForwardController") !=
                     std::string::npos,
                 text.c_str());
        const std::string contrl = "inline.scone:3:87: error: unknown property 'contrl' of PieceWiseConstant";
        QVERIFY2(text.find(contrl) != std::string::npos, text.c_str());
        QCOMPARE(text.find(contrl), text.rfind(contrl));  // once, not once per muscle
        QVERIFY(!h.create("FeedForwardController { Wobble { } }"));
        QVERIFY(!h.create("FeedForwardController { PieceWiseConstant { control_points = 2 control_point_y = 0.3 } }"));
        QVERIFY(diagnostics_text(h.diagnostics).find("needs 'control_point_dt'") != std::string::npos);
        QVERIFY(!h.create("FeedForwardController { Polynomial { degree = 1 coefficient0 = 1 } }"));
        QVERIFY(diagnostics_text(h.diagnostics).find("needs 'coefficient1'") != std::string::npos);
    }

    // Controllers, reflexes and functions are rows of type tables (format/type_table.h):
    // a name in no row is refused with the supported names and the closest of them;
    // a name SCONE knows and this engine does not build gives its row's reason.
    void typeTablesNameTheirKnownTypesForAnUnknownOne() {
        Harness h(planar_model);
        QVERIFY(h.sim);
        const struct {
            const char* text;
            std::vector<std::string> messages;
        } cases[] = {
            {"GaitStateControler { }",
             {"unknown controller type 'GaitStateControler' (known: ReflexController, GaitStateController,",
              "; did you mean 'GaitStateController'?"}},
            {"ReflexController { MusclesReflex { target = vasti KL = 1 } }",
             {"unknown reflex type 'MusclesReflex' (known: MuscleReflex, DofReflex,",
              "did you mean 'MuscleReflex'? in ReflexController"}},
            {"FeedForwardController { SineWav { } }",
             {"unknown function type 'SineWav' (known: PieceWiseConstant,", "; did you mean 'SineWave'?"}},
            {"NeuralController { }", {"NeuralController is not supported"}},
        };
        for (const auto& c : cases) {
            h.diagnostics.clear();
            QVERIFY2(!h.create(c.text), c.text);
            const std::string text = diagnostics_text(h.diagnostics);
            for (const std::string& message : c.messages)
                QVERIFY2(text.find(message) != std::string::npos, qPrintable(QString::fromStdString(text)));
            // the known list names what is built here, not what is refused
            QVERIFY2(text.find("NeuralController,") == std::string::npos, text.c_str());
        }
    }

    // u = C0 + KL (l - L0) + KF (F - F0), u = KP (P0 - q) + KV (V0 - dq/dt) and
    // u = KP (P0 - x) + KV (V0 - v) of a body point, all with the sensors read two
    // control steps (delay 0.02 s) before.
    void reflex_outputs_follow_their_formulas() {
        Harness h(planar_model);
        QVERIFY(h.sim);
        auto controller = h.create(R"(ReflexController {
            MuscleReflex { target = vasti KL = 2 L0 = 0.9 KF = 0.5 F0 = 0.1 C0 = 0.05 delay = 0.02 }
            DofReflex { target = glut_max source = hip_flexion KP = 1.5 P0 = 0.1 KV = 0.2 V0 = 0.3 delay = 0.02 }
            BodyPointReflex { target = tib_ant source = torso offset = [ 0 0.5 0 ] direction = [ 1 0 0 ]
                              KP = 2 P0 = 0.01 KV = 0.5 delay = 0.02 } })",
                                   Location{'r', false});
        QVERIFY2(controller, diagnostics_text(h.diagnostics).c_str());
        const Model& model = h.sim->model();
        const Index vasti = h.muscle("vasti_r"), glut = h.muscle("glut_max_r"), tib = h.muscle("tib_ant_r");
        const Index hip = model.find_dof("hip_flexion_r"), torso = model.find_body("torso");
        std::vector<std::array<double, 6>> history;  // l, F, q, dq/dt, x, v at each control step
        double time = 0;
        for (int k = 0; k < 8; ++k) {
            h.sim->ensure_evaluated();
            const State& s = h.sim->state();
            const Vec3 point = world_point(s, torso, Vec3(0, 0.5, 0));
            history.push_back({normalized_fiber_length(h.plant, vasti), normalized_muscle_force(h.plant, vasti),
                               dof_value(model, s, hip), dof_velocity(model, s, hip), point.x(),
                               world_point_velocity(s, torso, point).x()});
            const std::vector<double> u = h.control(*controller, time);
            if (k >= 2) {
                const auto& d = history[size_t(k - 2)];
                QCOMPARE(u[vasti], 0.05 + 2 * (d[0] - 0.9) + 0.5 * (d[1] - 0.1));
                QCOMPARE(u[glut], 1.5 * (0.1 - d[2]) + 0.2 * (0.3 - d[3]));
                QCOMPARE(u[tib], 2 * (0.01 - d[4]) + 0.5 * (0 - d[5]));
                QCOMPARE(u[h.muscle("vasti_l")], 0.0);
            }
            time += 0.01;
            QVERIFY(h.sim->advance_to(time));
        }
        QVERIFY(std::abs(history.back()[5]) > 1e-3);  // the model moved: the velocity terms were tested
        std::vector<ControlChannel> channels;
        controller->channels(channels);
        QStringList names;
        for (const ControlChannel& channel : channels) names << QString::fromStdString(channel.name);
        QCOMPARE(names.join(' '),
                 QString("vasti_r.RL vasti_r.RF glut_max_r-hip_flexion_r.RP glut_max_r-hip_flexion_r.RV "
                         "tib_ant_r-torso.RBP tib_ant_r-torso.RBV"));
        QVERIFY(h.declared("vasti.KL") == false && h.params.size() == 0);  // constants are not parameters
    }

    // R = R_y(y) R_z(z) R_x(x) taken apart again, away from z = +-90 degrees.
    void euler_yzx_inverts_the_rotation() {
        for (const Vec3 angles : {Vec3(0.3, -0.2, 0.5), Vec3(-1.2, 2.5, -1.1), Vec3(0, 0, 0.7), Vec3(2.9, -3.0, 0.1)}) {
            const Quat q = Quat(Eigen::AngleAxisd(angles.y(), Vec3::UnitY())) *
                           Quat(Eigen::AngleAxisd(angles.z(), Vec3::UnitZ())) *
                           Quat(Eigen::AngleAxisd(angles.x(), Vec3::UnitX()));
            QVERIFY2((euler_yzx(q) - angles).norm() < 1e-12,
                     qPrintable(QString::number((euler_yzx(q) - angles).norm())));
            QVERIFY((euler_yzx(Quat(-q.coeffs())) - angles).norm() < 1e-12);  // -q is the same rotation
        }
    }

    // u = C0 + KP (P0 - x) + KV (V0 - v) with x the torso's Euler angle about z and v its
    // angular velocity about z, read 0.02 s earlier; to a muscle.
    void body_orientation_reflex_follows_its_formula() {
        Harness h(planar_model);
        QVERIFY(h.sim);
        auto controller = h.create(R"(ReflexController {
            BodyOrientationReflex { target = glut_max source = torso KP = ~2<0,5> P0 = 0.1 KV = ~0.5<0,5> V0 = 0.05 C0 = 0.01
                                    delay = 0.02 } })",
                                   Location{'r', true});
        QVERIFY2(controller, diagnostics_text(h.diagnostics).c_str());
        QVERIFY(h.declared("glut_max-torso.KP") && h.declared("glut_max-torso.KV"));
        const Model& model = h.sim->model();
        const Index glut = h.muscle("glut_max_r"), torso = model.find_body("torso");
        std::vector<std::array<double, 2>> history;
        double time = 0;
        for (int k = 0; k < 8; ++k) {
            h.sim->ensure_evaluated();
            const State& s = h.sim->state();
            const Eigen::AngleAxisd turn(s.ori[torso]);  // planar: about z only
            history.push_back({turn.angle() * turn.axis().z(), s.ang_vel[torso].z()});
            const std::vector<double> u = h.control(*controller, time);
            if (k >= 2) {
                const auto& d = history[size_t(k - 2)];
                QVERIFY(std::abs(u[glut] - (0.01 + 2 * (0.1 - d[0]) + 0.5 * (0.05 - d[1]))) < 1e-12);
                QCOMPARE(u[h.muscle("glut_max_l")], 0.0);
            }
            time += 0.01;
            QVERIFY(h.sim->advance_to(time));
        }
        QVERIFY(std::abs(history.back()[1]) > 1e-3);  // the torso turned: the velocity term was tested
    }

    // A dof target: the output is a torque about the dof's axis through its joint's motor.
    void body_orientation_reflex_turns_a_dof_through_its_motor() {
        Harness h(std::string(HFD_SAMPLES_DIR) + "/arm_muscles.hfd");
        QVERIFY(h.sim);
        auto controller = h.create(R"(ReflexController { name = arm dual_sided = 0
            BodyOrientationReflex { target = elbow_flexion source = forearm KP = ~30<0,100> P0 = 1 KV = 2 } })");
        QVERIFY2(controller, diagnostics_text(h.diagnostics).c_str());
        QVERIFY(h.declared("arm.elbow_flexion-forearm.KP"));
        h.sim->ensure_evaluated();
        const State& s = h.sim->state();
        const Index forearm = h.sim->model().find_body("forearm");
        const double angle = euler_yzx(s.ori[forearm]).z(), rate = s.ang_vel[forearm].z();
        const std::vector<double> u = h.control(*controller, 0);
        for (double excitation : u) QCOMPARE(excitation, 0.0);
        Controls controls = h.sim->controls();
        controller->update_controls(h.plant, 0, controls);
        const Vec3 torque = controls.motors[0].added_torque - h.sim->controls().motors[0].added_torque;
        const double expected = 30 * (1 - angle) + 2 * (0 - rate);
        QVERIFY(std::abs(torque.z() - expected) < 1e-9 && torque.head<2>().isZero());
        QVERIFY(std::abs(expected) > 1);
    }

    // A joint motor is an actuator named by its name: the input, clamped to [-1, 1],
    // times max_torque about the dof its joint turns; muscles keep their excitations.
    void feed_forward_drives_a_joint_motor() {
        for (const double input : {0.4, -3.0}) {
            Harness h(std::string(HFD_SAMPLES_DIR) + "/arm_muscles.hfd");
            QVERIFY(h.sim);
            h.given["elbow_motor.value"] = input;
            auto controller =
                h.create(R"(FeedForwardController { include = "elbow_motor;biceps" Constant { value = ~0.1<-5,5> } })");
            QVERIFY2(controller, diagnostics_text(h.diagnostics).c_str());
            QVERIFY(h.declared("elbow_motor.value") && h.declared("biceps.value") && !h.declared("triceps.value"));
            const std::vector<double> u = h.control(*controller, 0);
            QCOMPARE(u[size_t(h.muscle("biceps"))], 0.1);
            QCOMPARE(u[size_t(h.muscle("triceps"))], 0.0);
            Controls controls = h.sim->controls();
            controller->update_controls(h.plant, 0, controls);
            const Vec3 torque = controls.motors[0].added_torque - h.sim->controls().motors[0].added_torque;
            QCOMPARE(torque.z(), std::clamp(input, -1.0, 1.0) * 15);  // max_torque = 15, dof forearm_rz
            QVERIFY(torque.head<2>().isZero());
        }
    }

    void feed_forward_motor_needs_a_max_torque() {
        // the sample's motor without its max_torque line
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString() + "/arm.hfd";
        {
            std::ifstream in(std::string(HFD_SAMPLES_DIR) + "/arm_muscles.hfd");
            std::ofstream out(path);
            for (std::string line; std::getline(in, line);)
                if (line.find("max_torque") == std::string::npos) out << line << "\n";
        }
        Harness h(path);
        QVERIFY(h.sim);
        auto controller = h.create(R"(FeedForwardController { include = elbow_motor Constant { value = 1 } })");
        QVERIFY(!controller);
        const std::string text = diagnostics_text(h.diagnostics);
        QVERIFY2(text.find("joint motor 'elbow_motor' has no max_torque") != std::string::npos, text.c_str());
    }

    void body_orientation_reflex_needs_a_motor_for_a_dof() {
        Harness h(planar_model);
        QVERIFY(h.sim);
        auto controller = h.create(R"(ReflexController {
            BodyOrientationReflex { target = hip_flexion source = torso KP = 1 } })",
                                   Location{'r', false});
        QVERIFY(!controller);
        const std::string text = diagnostics_text(h.diagnostics);
        QVERIFY2(text.find("inline.scone:2:") != std::string::npos && text.find("no joint_motor") != std::string::npos,
                 text.c_str());
    }

    // C0 only while the knee is beyond pos_max and moving further (velocity >= 0),
    // the whole reflex otherwise.
    void conditional_muscle_reflex_gates_on_the_dof() {
        for (const double knee_rate : {2.0, -2.0}) {
            Harness h(planar_model);
            QVERIFY(h.sim);
            const Model& model = h.sim->model();
            const Index knee = model.find_dof("knee_angle_r"), tibia = model.find_body("tibia_r");
            State& s = h.sim->state();
            s.ang_vel[tibia] = Vec3(0, 0, knee_rate);
            const double q = dof_value(model, s, knee), rate = dof_velocity(model, s, knee);
            QVERIFY(std::abs(rate) > 1);
            const std::string text =
                "ReflexController { ConditionalMuscleReflex { target = vasti KL = 1.5 C0 = 0.2 "
                "dof = knee_angle pos_max = " +
                std::to_string(q - 0.1) + " } }";
            auto controller = h.create(text, Location{'r', true});
            QVERIFY2(controller, diagnostics_text(h.diagnostics).c_str());
            const double u = h.control(*controller, 0)[h.muscle("vasti_r")];
            const double l = normalized_fiber_length(h.plant, h.muscle("vasti_r"));
            QCOMPARE(u, rate >= 0 ? 0.2 : 0.2 + 1.5 * (l - 1));
        }
    }

    void conditional_muscle_reflex_parameter_names() {
        const std::string controller_file = tutorials + "/controllers/ControllerGH2010v12.scone";
        if (!std::filesystem::exists(controller_file)) QSKIP("scone-tutorials3 corpus absent");
        Harness h(tutorials + "/models/H0914v3.hfd");
        QVERIFY(h.sim);
        auto controller = h.create_from_file(controller_file, {});
        QVERIFY2(controller, diagnostics_text(h.diagnostics).c_str());
        // as in SCONE's H0914GaitGH2010 parameter files
        for (const char* name : {"S00011.vasti.KF", "S00011.vasti.C0", "S00011.vasti-knee_angle.pos_max"})
            QVERIFY2(h.declared(name), name);
    }

    void noise_is_deterministic_for_a_seed() {
        Harness h(planar_model);
        QVERIFY(h.sim);
        const char* text = "NoiseController { base_noise = 0.02 proportional_noise = 0.1 random_seed = 7 }";
        auto first = h.create(text), second = h.create(text);
        auto other = h.create("NoiseController { base_noise = 0.02 proportional_noise = 0.1 random_seed = 8 }");
        QVERIFY(first && second && other);
        std::vector<double> samples;
        for (int k = 0; k < 1000; ++k) {
            const std::vector<double> a = h.control(*first, 0, 0.5), b = h.control(*second, 0, 0.5);
            const std::vector<double> c = h.control(*other, 0, 0.5);
            QVERIFY(a == b);
            QVERIFY(a != c);
            for (const double u : a) samples.push_back(u - 0.5);
        }
        // sigma = base + proportional u = 0.02 + 0.1 * 0.5
        double mean = 0, square = 0;
        for (const double x : samples) mean += x;
        mean /= double(samples.size());
        for (const double x : samples) square += (x - mean) * (x - mean);
        const double sigma = std::sqrt(square / double(samples.size() - 1));
        QVERIFY2(std::abs(sigma - 0.07) < 0.07 * 0.03, std::to_string(sigma).c_str());
        QVERIFY(std::abs(mean) < 5 * 0.07 / std::sqrt(double(samples.size())));
        // reset starts the sequence again
        first->reset();
        second->reset();
        const std::vector<double> again = h.control(*first, 0, 0.5);
        second->reset();
        QVERIFY(again == h.control(*second, 0, 0.5));
        // zero noise leaves excitations alone
        auto quiet = h.create("NoiseController { random_seed = 3 }");
        QVERIFY(h.control(*quiet, 0, 0.5) == std::vector<double>(h.sim->model().muscles.size(), 0.5));
    }

    void noise_seed_zero_follows_the_parameters() {
        std::vector<double> runs[3];
        const double values[3] = {0.3, 0.3, 0.4};
        for (int r = 0; r < 3; ++r) {
            Harness h(planar_model);
            QVERIFY(h.sim);
            h.given = {{"vasti.value", values[r]}};
            auto controller = h.create(R"(CompositeController {
                FeedForwardController { symmetric = 1 include = "vasti*" Constant { value = ~0.5<0,1> } }
                NoiseController { base_noise = 0.05 random_seed = 0 } })");
            QVERIFY2(controller, diagnostics_text(h.diagnostics).c_str());
            // the muscles the feed-forward pattern leaves alone: noise only
            for (const char* muscle : {"soleus_r", "tib_ant_l", "hamstrings_r"})
                runs[r].push_back(h.control(*controller, 0)[h.muscle(muscle)]);
        }
        QVERIFY(runs[0] == runs[1]);
        QVERIFY(runs[0] != runs[2]);
    }

    // start 0.3, every 0.5 s, lasting 0.1 s: on in [0.3, 0.4), [0.8, 0.9), ...
    void perturbation_schedule() {
        Harness h(planar_model);
        QVERIFY(h.sim);
        auto controller = h.create(R"(PerturbationController { name = PushBack start_time = 0.3 duration = 0.1
            interval = 0.5 force = [ -100 0 0 ] moment = [ 0 0 2 ] body = torso position_offset = [ 0 0.05 0 ] })");
        QVERIFY2(controller, diagnostics_text(h.diagnostics).c_str());
        Controls controls = initial_controls(h.sim->model());
        const size_t before = controls.perturbations.size();
        for (int k = 0; k < 100; ++k) {
            const double time = 0.0125 + 0.025 * k;
            controller->update_controls(h.plant, time, controls);
            QCOMPARE(controls.perturbations.size(), before + 1);
            const Perturbation& push = controls.perturbations.back();
            const double phase = std::fmod(time - 0.3, 0.5);
            const bool on = time > 0.3 && phase < 0.1;
            QCOMPARE(push.body, h.sim->model().find_body("torso"));
            QVERIFY(push.pos.isApprox(Vec3(0, 0.05, 0)));
            QVERIFY2(push.force == (on ? Vec3(-100, 0, 0) : Vec3::Zero()), std::to_string(time).c_str());
            QVERIFY(push.moment == (on ? Vec3(0, 0, 2) : Vec3::Zero()));
        }
    }

    // Starts drawn from U(0.4, 0.6) after the previous one: the same for a seed.
    void perturbation_random_intervals() {
        std::vector<double> starts[3];
        const int seeds[3] = {11, 11, 12};
        for (int r = 0; r < 3; ++r) {
            Harness h(planar_model);
            QVERIFY(h.sim);
            auto controller = h.create(
                "PerturbationController { body = pelvis force = [ 50 0 0 ] duration = 0.05 "
                "interval = 0.4..0.6 random_seed = " +
                std::to_string(seeds[r]) + " }");
            QVERIFY2(controller, diagnostics_text(h.diagnostics).c_str());
            Controls controls = initial_controls(h.sim->model());
            bool was_on = false;
            for (int k = 0; k < 5000; ++k) {
                const double time = 0.0005 + 0.001 * k;
                controller->update_controls(h.plant, time, controls);
                const bool on = controls.perturbations.back().force.x() != 0;
                if (on && !was_on) starts[r].push_back(time);
                was_on = on;
            }
        }
        QCOMPARE(starts[0], starts[1]);
        QVERIFY(starts[0] != starts[2]);
        QVERIFY(starts[0].size() >= 8);
        QVERIFY(starts[0][0] < 0.001);
        for (size_t i = 1; i < starts[0].size(); ++i) {
            const double gap = starts[0][i] - starts[0][i - 1];
            QVERIFY2(gap > 0.4 - 0.0011 && gap < 0.6 + 0.0011, std::to_string(gap).c_str());
        }
    }

    void composite_dual_sided_children() {
        for (const bool symmetric : {false, true}) {
            Harness h(planar_model);
            QVERIFY(h.sim);
            h.given = {{"vasti_l.value", 0.3}, {"vasti_r.value", 0.6}, {"vasti.value", 0.45}};
            auto controller =
                h.create(std::string("CompositeController { dual_sided = 1 symmetric = ") + (symmetric ? "1" : "0") +
                         R"( FeedForwardController { include = "vasti*" Constant { value = ~0.1<0,1> } }
                    FeedForwardController { include = "vasti*" Constant { value = 0.01 } } })");
            QVERIFY2(controller, diagnostics_text(h.diagnostics).c_str());
            QCOMPARE(h.params.size(), size_t(symmetric ? 1 : 2));
            const std::vector<double> u = h.control(*controller, 0);
            QCOMPARE(u[h.muscle("vasti_l")], (symmetric ? 0.45 : 0.3) + 0.01);
            QCOMPARE(u[h.muscle("vasti_r")], (symmetric ? 0.45 : 0.6) + 0.01);
            QCOMPARE(u[h.muscle("soleus_r")], 0.0);
        }
    }

    // Every name in Tutorial 2c's .par is a parameter of its controller, and the
    // pattern steps at the .par's times to its values.
    void tutorial_2c_par_names_and_values() {
        const std::string scenario = tutorials + "/Tutorial 2c - Straight Pose Jump - Hyfydy.scone";
        if (!std::filesystem::exists(scenario)) QSKIP("scone-tutorials3 corpus absent");
        Harness h(tutorials + "/models/H0918v3.hfd");
        QVERIFY(h.sim);
        const ParFile par = read_par_file(tutorials + "/par/H0918v3.FC2.Jump.D2.par");
        QVERIFY(par.ok() && par.entries.size() == 27);
        for (const ParFileEntry& entry : par.entries) h.given[entry.name] = entry.value;
        auto controller =
            h.create_from_file(scenario, {"CmaOptimizer", "SimulationObjective", "FeedForwardController"});
        QVERIFY2(controller, diagnostics_text(h.diagnostics).c_str());
        for (const ParFileEntry& entry : par.entries) QVERIFY2(h.declared(entry.name), entry.name.c_str());
        QCOMPARE(h.params.size(), size_t(9 * 5));  // 3 control points: Y0 DT0 Y1 DT1 Y2 per muscle
        const auto value_of = [&](const char* name) { return h.given.at(name); };
        const Index hamstrings = h.muscle("hamstrings_r"), vasti = h.muscle("vasti_l");
        QCOMPARE(h.control(*controller, 0.01)[hamstrings], value_of("hamstrings.Y0"));
        QCOMPARE(h.control(*controller, value_of("hamstrings.DT0") + 0.01)[hamstrings], value_of("hamstrings.Y1"));
        QCOMPARE(h.control(*controller, value_of("vasti.DT0") - 0.01)[vasti], value_of("vasti.Y0"));
        QCOMPARE(h.control(*controller, value_of("vasti.DT0") + 0.01)[vasti], value_of("vasti.Y1"));
    }

    void tutorial_2b_polynomial_parameter_names() {
        const std::string scenario = tutorials + "/Tutorial 2b - High Jump Polynomial - Hyfydy.scone";
        if (!std::filesystem::exists(scenario)) QSKIP("scone-tutorials3 corpus absent");
        Harness h(tutorials + "/models/H0918v3.hfd");
        QVERIFY(h.sim);
        auto controller =
            h.create_from_file(scenario, {"CmaOptimizer", "SimulationObjective", "FeedForwardController"});
        QVERIFY2(controller, diagnostics_text(h.diagnostics).c_str());
        QCOMPARE(h.params.size(), size_t(9 * 3));
        for (const char* muscle :
             {"hamstrings", "bifemsh", "glut_max", "iliopsoas", "rect_fem", "vasti", "gastroc", "soleus", "tib_ant"})
            for (const char* c : {".C0", ".C1", ".C2"})
                QVERIFY2(h.declared(std::string(muscle) + c), (std::string(muscle) + c).c_str());
        QCOMPARE(h.control(*controller, 0)[h.muscle("soleus_r")], 0.3);  // coefficient0's mean
    }

    // A step scripted by placing the feet (loaded: pressed 3 cm into the floor, else
    // 30 cm above it; x relative to the pelvis) walks the gait state machine through
    // EarlyStance, LateStance, Liftoff, Swing and Landing; the conditional controller
    // for EarlyStance drives the vasti of the leg in that state only.
    void gait_states_follow_a_scripted_step() {
        Harness h(planar_model);
        QVERIFY(h.sim);
        auto controller = h.create(R"(GaitStateController { ConditionalControllers { ConditionalController {
            states = "EarlyStance" FeedForwardController { include = "vasti*" Constant { value = 0.3 } } } } })");
        QVERIFY2(controller, diagnostics_text(h.diagnostics).c_str());
        const Model& model = h.sim->model();
        const Index pelvis = model.find_body("pelvis");
        const Index feet[2] = {model.find_body("calcn_r"), model.find_body("calcn_l")};
        enum { early_stance, late_stance, liftoff, swing, landing };
        struct Step {
            double x[2];
            bool loaded[2];
            int expected[2];  // right, left
        };
        const Step steps[] = {
            {{0.1, -0.2}, {true, false}, {early_stance, swing}},  {{-0.1, -0.05}, {true, false}, {late_stance, swing}},
            {{-0.2, 0.2}, {true, true}, {liftoff, early_stance}}, {{-0.25, 0.0}, {false, true}, {swing, early_stance}},
            {{0.2, -0.1}, {false, true}, {landing, late_stance}}, {{0.2, -0.1}, {true, true}, {early_stance, liftoff}},
        };
        double time = 0;
        for (const Step& step : steps) {
            State& s = h.sim->state();
            for (int leg = 0; leg < 2; ++leg) {
                Vec3& pos = s.pos[feet[leg]];
                pos = Vec3(s.pos[pelvis].x() + step.x[leg], step.loaded[leg] ? 0.0102 : 0.3, pos.z());
                s.ori[feet[leg]] = Quat::Identity();
            }
            const std::vector<double> u = h.control(*controller, time);
            time += 0.01;
            std::vector<ControlChannel> channels;
            controller->channels(channels);
            QVERIFY(channels.size() >= 6);  // per leg: state, load, sagittal position
            for (int leg = 0; leg < 2; ++leg) {
                const double load = channels[size_t(3 * leg + 1)].value;
                QVERIFY2(step.loaded[leg] ? load > 0.1 : load == 0, std::to_string(load).c_str());
                QCOMPARE(int(channels[size_t(3 * leg)].value), step.expected[leg]);
                const char* vasti = leg == 0 ? "vasti_r" : "vasti_l";
                QCOMPARE(u[h.muscle(vasti)], step.expected[leg] == early_stance ? 0.3 : 0.0);
            }
        }
    }

    // Tutorial 3a's balance reflexes: length reflexes and vestibular body point
    // reflexes on the torso, both sides sharing parameters; at the first control step
    // u = KL (l - L0) with the means KL = 1, L0 = 0.65 (KP = KV = 0).
    void tutorial_3a_balance_reflexes() {
        const std::string controller_file = tutorials + "/controllers/ControllerReflexBalance.scone";
        if (!std::filesystem::exists(controller_file)) QSKIP("scone-tutorials3 corpus absent");
        Harness h(tutorials + "/models/H0918v3.hfd");
        QVERIFY(h.sim);
        auto controller = h.create_from_file(controller_file, {});
        QVERIFY2(controller, diagnostics_text(h.diagnostics).c_str());
        const char* const muscles[] = {"iliopsoas", "glut_max", "rect_fem", "hamstrings", "vasti",
                                       "bifemsh",   "gastroc",  "soleus",   "tib_ant"};
        QCOMPARE(h.params.size(), size_t(9 * 4));
        // the controller is named Balance: SCONE's CreateController puts "Balance." before
        // its parameters (as H1922GaitRS2Hfd4.par's "lumbar_joints.lumbar_extension-torso.KP")
        for (const char* muscle : muscles)
            for (const std::string name : {std::string(muscle) + ".L0", std::string(muscle) + ".KL",
                                           std::string(muscle) + "-torso.KP", std::string(muscle) + "-torso.KV"})
                QVERIFY2(h.declared("Balance." + name), name.c_str());
        const std::vector<double> u = h.control(*controller, 0);
        for (const char* muscle : muscles)
            for (const char* side : {"_r", "_l"}) {
                const Index m = h.sim->model().find_muscle(std::string(muscle) + side);
                QCOMPARE(u[m], normalized_fiber_length(h.plant, m) - 0.65);
            }
    }

    // The walking parameters SCONE ships for Tutorial 4a name only parameters of its
    // controller (and the model's initial state offsets, "<dof>.offset").
    void tutorial_4a_par_names() {
        const std::string controller_file = tutorials + "/controllers/H0918RS2v3.scone";
        if (!std::filesystem::exists(controller_file)) QSKIP("scone-tutorials3 corpus absent");
        Harness h(tutorials + "/models/H0918v3.hfd");
        QVERIFY(h.sim);
        auto controller = h.create_from_file(controller_file, {});
        QVERIFY2(controller, diagnostics_text(h.diagnostics).c_str());
        const ParFile par = read_par_file(tutorials + "/init/H0918GaitRS2Hfd4.par");
        QVERIFY(par.ok());
        size_t controller_names = 0;
        for (const ParFileEntry& entry : par.entries) {
            if (entry.name.ends_with(".offset")) continue;
            ++controller_names;
            QVERIFY2(h.declared(entry.name), entry.name.c_str());
        }
        QCOMPARE(controller_names, h.params.size());
    }
};

QTEST_GUILESS_MAIN(TestControllers)
#include "test_controllers.moc"
