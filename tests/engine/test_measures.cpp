// Measures (engine/measures) against hand-computed values on small models: the
// threshold arithmetic of the weighted result, effort of constant activations, cost
// of transport, range penalties of a dof held or turning at a known rate, limit
// torque of a pendulum resting on its limit, the ground reaction of a standing
// stool, the fall of a dropped one (gait, balance), its jump height, composite sums
// and symmetric children, and the located errors of bad measure text.
#include "control/lua_script.h"
#include "measures/measure.h"
#include "measures/quarter_turn_sine.h"
#include "state/kinematics.h"
#include "sim_test_util.h"

#include <QtTest>

#include <cmath>
#include <filesystem>
#include <functional>
#include <fstream>
#include <map>
#include <sstream>

using namespace hfd;

#define VERIFY_CLOSE(a, b, tolerance)                                \
    do {                                                             \
        const double va = (a), vb = (b);                             \
        if (!(std::abs(va - vb) <= (tolerance)))                     \
            QFAIL(qPrintable(QString("%1 = %2, expected %3 (+- %4)") \
                                 .arg(#a)                            \
                                 .arg(va, 0, 'g', 12)                \
                                 .arg(vb, 0, 'g', 12)                \
                                 .arg(tolerance)));                  \
    } while (0)

namespace {

constexpr double g = 9.81;

// A rigid stool: pelvis on two locked legs (femur, tibia, calcn with a heel and a toe
// sphere), feet `lift` above a floor plane. Bodies 10 + 2 (5 + 3 + 1) = 28 kg.
std::string stool_text(double lift, double friction = 1, double damping = 5) {
    std::ostringstream text;
    const auto y = [&](double height) { return std::to_string(height + lift); };
    text << "model {\n gravity = [ 0 -9.81 0 ]\n"
            " model_options { joint_stiffness = 1e6 joint_limit_stiffness = 1e5 }\n"
            " material { name = m stiffness = 1e5 damping = "
         << damping << " static_friction = " << friction << " dynamic_friction = " << friction
         << " }\n"
            " body { name = ground mass = 0 inertia = [ 0 0 0 ]\n"
            "  geometry { name = floor type = plane normal = [ 0 1 0 ] material = m } }\n"
            " body { name = pelvis mass = 10 inertia = [ 0.1 0.1 0.1 ] pos = [ 0 "
         << y(1.0) << " 0 ] }\n";
    for (const char* side : {"r", "l"}) {
        const std::string s = side, z = s == "r" ? "0.1" : "-0.1";
        const std::string locked = " limits { x = 0..0 y = 0..0 z = 0..0 } } }\n";
        text << " body { name = femur_" << s << " mass = 5 inertia = [ 0.05 0.05 0.05 ] pos = [ 0 " << y(0.75) << " "
             << z << " ]\n  joint { name = hip_" << s << " parent = pelvis pos_in_parent = [ 0 -0.05 " << z
             << " ] pos_in_child = [ 0 0.2 0 ]" << locked;
        text << " body { name = tibia_" << s << " mass = 3 inertia = [ 0.03 0.03 0.03 ] pos = [ 0 " << y(0.35) << " "
             << z << " ]\n  joint { name = knee_" << s
             << " parent = femur_" + s + " pos_in_parent = [ 0 -0.2 0 ] pos_in_child = [ 0 0.2 0 ]" << locked;
        text << " body { name = calcn_" << s << " mass = 1 inertia = [ 0.01 0.01 0.01 ] pos = [ 0 " << y(0.1) << " "
             << z << " ]\n"
             << "  geometry { name = heel_" << s
             << " type = sphere radius = 0.05 pos = [ -0.1 -0.05 0 ] material = m }\n"
             << "  geometry { name = toe_" << s << " type = sphere radius = 0.05 pos = [ 0.1 -0.05 0 ] material = m }\n"
             << "  joint { name = ankle_" << s
             << " parent = tibia_" + s + " pos_in_parent = [ 0 -0.2 0 ] pos_in_child = [ 0 0.05 0 ]" << locked;
        text << " dof { name = ankle_angle_" << s << " source = ankle_rz_" << s << " }\n";
    }
    text << "}\ncomposite_force { joint_force_pnld {} simple_collision_detection {} contact_force_hunt_crossley {} }\n"
            "symplectic_euler_integrator { step_size = 1e-4 }\n";
    return text.str();
}
constexpr double stool_mass = 28;

// A 1 kg bob on a 0.5 m pin from the ground, horizontal, gravity `gravity`; the
// joint's z limits in degrees.
std::string pendulum_text(double gravity, const std::string& limits = "") {
    return "model {\n gravity = [ 0 " + std::to_string(-gravity) +
           " 0 ]\n"
           " body { name = ground mass = 0 inertia = [ 0 0 0 ] }\n"
           " body { name = bob mass = 1 inertia = [ 0.01 0.01 0.01 ] pos = [ 0.5 1 0 ]\n"
           "  joint { name = pivot parent = ground pos_in_parent = [ 0 1 0 ] pos_in_child = [ -0.5 0 0 ]\n"
           "   stiffness = 1e6 damping = 100 " +
           limits +
           " } }\n"
           " dof { name = swing source = bob_rz }\n"
           "}\ncomposite_force { joint_force_pnld {} }\nsymplectic_euler_integrator { step_size = 1e-4 }\n";
}

// A simulation with its plant, and a measure parsed from text.
struct Run {
    std::unique_ptr<Simulation> sim;
    Plant plant;
    std::vector<Diagnostic> diagnostics;
    ParamSet params;
    CreationContext creation;
    std::unique_ptr<Measure> measure;

    Run(const std::string& model_text, double max_duration) {
        sim = test::make_simulation(model_text);
        if (sim) plant = make_plant(*sim, max_duration);
        creation.file = "measure.scone";
        creation.diagnostics = &diagnostics;
        creation.params = &params;
    }
    // Creates the measure of the first node of `text`; false (with the messages) on errors.
    bool create(const std::string& text) {
        sim->evaluate();
        const ParseResult parsed = parse_text(text, "measure.scone");
        if (!parsed.ok() || parsed.root.children.empty()) return false;
        MeasureContext context{creation, plant};
        measure = create_measure(parsed.root.children[0], context);
        return measure && !has_errors(diagnostics);
    }
    std::string messages() const { return test::diagnostics_text(diagnostics); }
    // Updates at t = 0 and after every control step of dt until `until` or the
    // measure ends the run; returns the time it stopped.
    double run(double until, double dt = 0.001) {
        sim->evaluate();
        if (measure->update(plant)) return sim->state().time;
        for (int i = int(std::lround(sim->state().time / dt)) + 1; sim->state().time < until - 1e-9; ++i) {
            if (!sim->advance_to(i * dt)) return -1;
            sim->evaluate();
            if (measure->update(plant)) break;
        }
        return sim->state().time;
    }
    double result() { return measure->result(plant); }
    double weighted() { return measure->weighted_result(measure->result(plant)); }
};

// A measure with a given result, for the weighted-result arithmetic.
class FixedMeasure final : public Measure {
public:
    double value = 0;

protected:
    bool update_measure(const Plant&) override { return false; }
    double compute_result(const Plant&) override { return value; }
};

std::string read_sample(const std::string& name) {
    std::ifstream in(std::string(HFD_SAMPLES_DIR) + "/" + name);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// The muscles' excitations and activations all set to `activation`, held there
// (da/dt = 0 when u = a).
void hold_activations(Run& run, double activation) {
    run.sim->state().activation.assign(run.sim->model().muscles.size(), activation);
    run.sim->controls().excitation.assign(run.sim->model().muscles.size(), activation);
    run.plant.excitation.assign(run.sim->model().muscles.size(), activation);
}

// Splices SCONE's << file >> includes (parsed as "<<" nodes), paths relative to dir.
void splice_includes(PropNode& node, const std::string& dir) {
    std::vector<PropNode> children;
    for (PropNode& child : node.children) {
        if (child.key != "<<") {
            splice_includes(child, dir);
            children.push_back(std::move(child));
            continue;
        }
        ParseResult included = parse_file(dir + "/" + child.value);
        for (PropNode& part : included.root.children) {
            splice_includes(part, dir);
            children.push_back(std::move(part));
        }
    }
    node.children = std::move(children);
}

const PropNode* find_first(const PropNode& node, const std::function<bool(const PropNode&)>& wanted) {
    for (const PropNode& child : node.children) {
        if (wanted(child)) return &child;
        if (const PropNode* found = find_first(child, wanted)) return found;
    }
    return nullptr;
}

std::unique_ptr<Simulation> corpus_simulation(const std::string& path) {
    const ParseResult parsed = parse_file(path);
    if (!parsed.ok()) return nullptr;
    BuildResult built = build_model(parsed.root, path);
    if (!built.model) return nullptr;
    std::vector<Diagnostic> diagnostics;
    const SimConfig config = read_sim_config(parsed.root, path, diagnostics);
    return Simulation::create(std::move(*built.model), config, diagnostics);
}

}  // namespace

class TestMeasures : public QObject {
    Q_OBJECT

private slots:
    void weightedResultThresholds() {
        std::vector<Diagnostic> diagnostics;
        ParamSet params;
        CreationContext creation;
        creation.file = "m.scone";
        creation.diagnostics = &diagnostics;
        creation.params = &params;
        const ParseResult parsed = parse_text("M { weight = 2 threshold = 1 threshold_transition = 0.5 }", "m.scone");
        FixedMeasure m;
        {
            PropertyReader reader(parsed.root.children[0], creation, "FixedMeasure");
            read_measure_properties(reader, m);
        }
        QVERIFY2(diagnostics.empty(), test::diagnostics_text(diagnostics).c_str());
        QCOMPARE(m.name, std::string("FixedMeasure"));
        QCOMPARE(m.weighted_result(0.8), 0.0);                             // below the threshold
        VERIFY_CLOSE(m.weighted_result(1.2), 2 * 1.2 * 0.2 / 0.5, 1e-15);  // in the transition
        QCOMPARE(m.weighted_result(3.0), 6.0);                             // above: weight * m
        m.minimize = false;                                                // thresholds only when minimizing
        QCOMPARE(m.weighted_result(0.8), 1.6);
        // soft_threshold S: max(0, m - S) as offset -S and threshold 0
        const ParseResult soft = parse_text("M { soft_threshold = 1 weight = 3 }", "m.scone");
        FixedMeasure s;
        {
            PropertyReader reader(soft.root.children[0], creation, "FixedMeasure");
            read_measure_properties(reader, s);
        }
        QVERIFY(diagnostics.empty());
        QCOMPARE(s.weighted_result(2.5), 4.5);
        QCOMPARE(s.weighted_result(0.5), 0.0);
        // scale_weight_by_relative_duration: active 0.2 s of possible 1 - 0.2 = 0.8 s
        Run run(pendulum_text(0), 1.0);
        QVERIFY(run.sim);
        FixedMeasure d;
        d.value = 2;
        d.start_time = 0.2;
        d.scale_weight_by_relative_duration = true;
        run.sim->advance_to(0.4);
        VERIFY_CLOSE(d.weighted_result(d.result(run.plant)), 2 * 0.2 / 0.8, 1e-12);
    }

    void cubedActivationAverageIsActivationCubed() {
        Run run(read_sample("human_planar.hfd"), 1.0);
        QVERIFY(run.sim);
        const double a = 0.3;
        hold_activations(run, a);
        QVERIFY2(run.create("EffortMeasure { measure_type = CubedMuscleActivation use_average_per_muscle = 1 }"),
                 run.messages().c_str());
        QCOMPARE(run.measure->name, std::string("CubedMuscleActivation"));
        run.run(0.05, 0.005);
        VERIFY_CLOSE(run.result(), a * a * a, 1e-14);
        // summed over the 18 muscles without use_average_per_muscle; squared
        Run sum(read_sample("human_planar.hfd"), 1.0);
        hold_activations(sum, a);
        QVERIFY(sum.create("EffortMeasure { measure_type = SquaredMuscleActivation }"));
        sum.run(0.02, 0.005);
        VERIFY_CLOSE(sum.result(), 18 * a * a, 1e-13);
    }

    void costOfTransportIsEffortOverMassAndDistance() {
        // integral of sum a^3 over T, divided by m max(min_distance, |dx_com|)
        for (const double min_distance : {1.0, 1e-6}) {
            Run run(read_sample("human_planar.hfd"), 1.0);
            QVERIFY(run.sim);
            const double a = 0.5, duration = 0.05;
            hold_activations(run, a);
            const Vec3 start = center_of_mass(run.sim->model(), run.sim->state());
            QVERIFY(
                run.create("EffortMeasure { measure_type = CubedMuscleActivation use_cost_of_transport = 1 "
                           "min_distance = " +
                           std::to_string(min_distance) + " }"));
            run.run(duration, 0.005);
            const double dx = std::abs(center_of_mass(run.sim->model(), run.sim->state()).x() - start.x());
            QVERIFY(dx > 1e-5 && dx < 1);  // it moves, less than the default min_distance
            const double mass = run.sim->model().total_mass();
            const double expected = 18 * a * a * a * duration / (mass * std::max(min_distance, dx));
            VERIFY_CLOSE(run.result(), expected, 1e-9 * expected);
        }
    }

    // Wang 2012's sin(pi x / 2) and 1 - cos(pi x / 2), many at once: the library's
    // values (the versine as 2 sin^2(pi x / 4), which has no cancellation at small x).
    void quarterTurnSineOfManyValues() {
        std::vector<double> x;
        for (int k = -1000; k <= 1000; ++k) x.push_back(k / 1000.0);
        x.push_back(1e-9);
        x.push_back(-1e-300);
        const auto check = [](const std::vector<double>& x) {
            std::vector<double> sine(x.size()), versine(x.size());
            quarter_turn_sine(x.data(), x.size(), sine.data(), versine.data());
            for (size_t i = 0; i < x.size(); ++i) {
                if (std::isnan(x[i])) {
                    QVERIFY(std::isnan(sine[i]) && std::isnan(versine[i]));
                    continue;
                }
                const double s = std::sin(M_PI / 4 * x[i]), expected_versine = 2 * s * s;
                VERIFY_CLOSE(sine[i], std::sin(M_PI / 2 * x[i]), 4.5e-16);
                VERIFY_CLOSE(versine[i], expected_versine, 8e-16 * expected_versine);
            }
        };
        check(x);
        // outside [-1, 1], or NaN: the whole batch from the library
        x.push_back(1.5);
        x.push_back(-7.25);
        check(x);
        x.back() = std::nan("");
        check(x);
    }

    void wang2012IsBasalPlusExcitationHeatAtRest() {
        // At the start, activations 0 (f_m = 0) and fibers in equilibrium (v = 0: no
        // shortening or work terms): E = 1.51 m + sum M_i 0.5 (40 sin(pi u / 2) + 133 (1 - cos(pi u / 2)))
        Run run(read_sample("human_planar.hfd"), 1.0);
        QVERIFY(run.sim);
        const double u = 0.6;
        run.plant.excitation.assign(run.sim->model().muscles.size(), u);
        QVERIFY(run.create("EffortMeasure { measure_type = Wang2012 }"));
        run.run(0);
        const Model& model = run.sim->model();
        double expected = 1.51 * model.total_mass();
        for (const Muscle& muscle : model.muscles) {
            const double mass = muscle.max_isometric_force / 0.25e6 * 1059.7 * muscle.optimal_fiber_length;
            expected += mass * 0.5 * (40 * std::sin(M_PI / 2 * u) + 133 * (1 - std::cos(M_PI / 2 * u)));
        }
        double power = 0;  // bound of the work terms 0.25 |F v| + |F_active v|
        for (size_t m = 0; m < model.muscles.size(); ++m)
            power += 1.25 * std::abs(run.sim->data().muscle_force[m] * run.sim->data().fiber_length_derivative[m]);
        VERIFY_CLOSE(run.result(), expected, 1e-9 * expected + 2 * power);
        QVERIFY(power < 1e-3 * expected);
    }

    void dofPositionPenaltyOfAHeldDof() {
        // no gravity: the bob stays at 0 degrees; range [10, 20]: E = -10 degrees
        Run run(pendulum_text(0), 1.0);
        QVERIFY(run.sim);
        QVERIFY2(run.create("DofMeasure { dof = swing position { min = 10 max = 20 abs_penalty = 2 squared_penalty "
                            "= 0.5 } }"),
                 run.messages().c_str());
        QCOMPARE(run.measure->name, std::string("swing"));
        run.run(0.01);
        VERIFY_CLOSE(run.result(), 2 * 10 + 0.5 * 100, 1e-9);
        // in radians
        Run radians(pendulum_text(0), 1.0);
        QVERIFY(radians.create("DofMeasure { dof = swing in_degrees = 0 position { min = 0.1 abs_penalty = 1 } }"));
        radians.run(0.01);
        VERIFY_CLOSE(radians.result(), 0.1, 1e-9);
    }

    void dofPenaltiesOfAUniformRotation() {
        // no gravity, w = 1 rad/s about the pivot: theta = t (57.3 t degrees)
        const double deg = 180 / M_PI, duration = 0.2;
        const auto start = [](Run& run) {
            State& state = run.sim->state();
            state.ang_vel[1] = Vec3(0, 0, 1);
            state.lin_vel[1] = Vec3(0, 0.5, 0);
        };
        const char* const measures[] = {
            "DofMeasure { dof = swing position { max = 0 abs_penalty = 1 mode = sum } }",      // integral 57.3 t
            "DofMeasure { dof = swing position { max = 0 abs_penalty = 1 mode = highest } }",  // 57.3 T
            "DofMeasure { dof = swing position { max = 0 abs_penalty = 1 mode = lowest } }",   // 0
            "DofMeasure { dof = swing position { max = 0 abs_penalty = 1 } }",                 // average 57.3 T / 2
            "DofMeasure { dof = swing velocity { min = 100 abs_penalty = 1 } }",               // 100 - 57.3
            "DofMeasure { dof = swing acceleration { min = 1 abs_penalty = 1 } }",             // 1
        };
        const double expected[] = {deg * duration * duration / 2, deg * duration, 0, deg * duration / 2, 100 - deg, 1};
        for (int i = 0; i < 6; ++i) {
            Run run(pendulum_text(0), 1.0);
            QVERIFY(run.sim);
            start(run);
            QVERIFY2(run.create(measures[i]), run.messages().c_str());
            run.run(duration);
            VERIFY_CLOSE(run.result(), expected[i], 1e-3 * std::max(1.0, expected[i]));
        }
    }

    void dofAccelerationOfAPendulum() {
        // released horizontal: at angle theta, alpha = -m g d cos(theta) / (I + m d^2),
        // I + m d^2 = 0.01 + 0.25; one sample at 0.1 s (the pin's spring has settled)
        Run run(pendulum_text(g), 1.0);
        QVERIFY(run.sim);
        QVERIFY(
            run.create("DofMeasure { dof = swing in_degrees = 0 start_time = 0.0995 stop_time = 0.1005 "
                       "acceleration { min = 0 abs_penalty = 1 } }"));
        run.run(0.1);
        const double theta = dof_value(run.sim->model(), run.sim->state(), 0);
        QVERIFY(theta < -0.05);
        const double expected = 1 * g * 0.5 * std::cos(theta) / 0.26;
        VERIFY_CLOSE(run.result(), expected, 2e-3 * expected);
    }

    void dofForceIsTheLimitTorqueOnItsAxis() {
        // the bob rests on its lower limit (0 degrees): the limit holds m g d = 4.905 N m,
        // positive about z (the dof's direction); measured from start_time 0.6 s
        const std::string limits = "limit_stiffness = 2000 limit_damping = 1 limits { x = 0..0 y = 0..0 z = 0..90 }";
        const char* const ranges[] = {"force { min = 0 max = 0 abs_penalty = 1 }",
                                      "limit_torque { max = 0 abs_penalty = 1 }", "force { min = 0 abs_penalty = 1 }"};
        const double expected[] = {4.905, 4.905, 0};
        for (int i = 0; i < 3; ++i) {
            Run run(pendulum_text(g, limits), 2.0);
            QVERIFY(run.sim);
            QVERIFY2(run.create(std::string("DofMeasure { dof = swing start_time = 0.6 ") + ranges[i] + " }"),
                     run.messages().c_str());
            run.run(0.8);
            VERIFY_CLOSE(run.result(), expected[i], 0.01 * 4.905);
        }
    }

    void reactionForceOfAStandingStool() {
        // after settling the floor carries the weight: 1 BW in total, 0.5 BW per leg
        const char* const measures[] = {
            "ReactionForceMeasure { start_time = 0.3 max = 0.5 abs_penalty = 1 }",    // 1 - 0.5
            "ReactionForceMeasure { start_time = 0.3 max = 1.4 abs_penalty = 1 }",    // below: 0
            "ReactionForceMeasure { start_time = 0.3 min = 2 squared_penalty = 1 }",  // (1 - 2)^2
            "ReactionForceMeasure { start_time = 0.3 max = 0.25 abs_penalty = 1 use_force_per_leg = 1 }",
        };
        const double expected[] = {0.5, 0, 1, 0.25};
        for (int i = 0; i < 4; ++i) {
            Run run(stool_text(0), 1.0);
            QVERIFY(run.sim);
            QCOMPARE(run.plant.legs.size(), size_t(2));
            VERIFY_CLOSE(run.plant.body_weight, stool_mass * g, 1e-9);
            QVERIFY2(run.create(measures[i]), run.messages().c_str());
            run.run(0.5);
            VERIFY_CLOSE(run.result(), expected[i], 0.01);
        }
    }

    void gaitMeasureEndsTheRunOfAFallingBody() {
        // Dropped 1 m with v_x = 0.5: the run ends when the COM height falls below
        // 0.85 h0, at t_f = sqrt(2 0.15 h0 / g) (+ continue_after_fall). One step of
        // speed 0.5 < min_velocity 1 (n = 0.5) over t_f, padded to the duration:
        // result = 1 - 0.5 t_f / D.
        const double duration = 5;
        for (const double continue_after_fall : {0.0, 0.05}) {
            Run run(stool_text(1.0), duration);
            QVERIFY(run.sim);
            for (Vec3& v : run.sim->state().lin_vel) v = Vec3(0.5, 0, 0);
            run.sim->state().lin_vel[0].setZero();
            const double h0 = center_of_mass(run.sim->model(), run.sim->state()).y();
            QVERIFY2(run.create("GaitMeasure { termination_height = 0.85 min_velocity = 1 continue_after_fall = " +
                                std::to_string(continue_after_fall) + " }"),
                     run.messages().c_str());
            const double t_end = run.run(duration);
            const double t_fall = std::sqrt(2 * 0.15 * h0 / g) + continue_after_fall;
            QVERIFY2(t_end >= t_fall - 1e-9 && t_end < t_fall + 0.002 + 1e-9,
                     qPrintable(QString("ended at %1, expected %2").arg(t_end).arg(t_fall)));
            QCOMPARE(run.measure->termination_reason, std::string("GaitMeasure: termination_height reached"));
            VERIFY_CLOSE(run.result(), 1 - 0.5 * t_end / duration, 1e-6);
            std::vector<MeasureTerm> terms;
            run.measure->report(run.plant, 0, terms);
            QCOMPARE(terms.size(), size_t(1));
            VERIFY_CLOSE(terms[0].values[2].second, 0.5 * t_end, 1e-6);  // distance
        }
    }

    void gaitMeasureCountsStepsAtNewFootContact() {
        // A stool sliding at 1 m/s on a frictionless floor (x = t) is stopped at 0.3 s
        // (x = 0.3 after), and lands (and bounces) on the way. Steps end at the updates
        // where a leg's load reaches 0.1 BW, more than 0.1 s after the last step end,
        // and at the end D = 0.5 s. Step i: dt_i, length x(t_i) - x(t_i-1), speed v_i,
        // n_i = min(v_i, 1) (min_velocity 1); with initiation_steps = 1 the steps from
        // s0 = clamp(count - 1, 0, 1) count: result = 1 - sum dt n / sum dt.
        // Dropped 0.02 m it lands before 0.1 s: no step there.
        const double duration = 0.5;
        const auto x = [](double t) { return std::min(t, 0.3); };
        for (const double lift : {0.1, 0.02}) {
            Run run(stool_text(lift, 0), duration);
            QVERIFY(run.sim);
            for (size_t b = 1; b < run.sim->state().lin_vel.size(); ++b) run.sim->state().lin_vel[b] = Vec3(1, 0, 0);
            QVERIFY(run.create("GaitMeasure { min_velocity = 1 initiation_steps = 1 }"));
            std::vector<double> step_ends;
            std::vector<char> loaded;
            run.sim->evaluate();
            run.measure->update(run.plant);
            for (const Leg& leg : run.plant.legs) loaded.push_back(leg_load(run.plant, leg) >= 0.1);
            for (int i = 1; i <= 500; ++i) {
                QVERIFY(run.sim->advance_to(i * 0.001));
                if (i == 300)
                    for (Vec3& v : run.sim->state().lin_vel) v.x() = 0;
                run.sim->evaluate();
                const double t = run.sim->state().time;
                bool new_contact = false;
                for (size_t l = 0; l < loaded.size(); ++l) {
                    const bool now = leg_load(run.plant, run.plant.legs[l]) >= 0.1;
                    new_contact |= now && !loaded[l];
                    loaded[l] = now;
                }
                if (new_contact && t - (step_ends.empty() ? 0.0 : step_ends.back()) > 0.1) step_ends.push_back(t);
                QVERIFY(!run.measure->update(run.plant));
            }
            step_ends.push_back(duration);
            QVERIFY(lift == 0.02 ? step_ends[0] > 0.1 : step_ends.size() >= 2);
            const int count = int(step_ends.size()), first = std::clamp(count - 1, 0, 1);
            double weighted = 0, time = 0;
            for (int i = first; i < count; ++i) {
                const double before = i > 0 ? step_ends[i - 1] : 0.0, dt = step_ends[i] - before;
                weighted += dt * std::min(1.0, (x(step_ends[i]) - x(before)) / dt);
                time += dt;
            }
            std::vector<MeasureTerm> terms;
            run.measure->report(run.plant, 0, terms);
            QCOMPARE(terms[0].values[1].second, double(count));  // step_count
            VERIFY_CLOSE(terms[0].values[2].second, 0.3, 1e-6);  // distance
            VERIFY_CLOSE(run.result(), 1 - weighted / time, 1e-6);
        }
    }

    void gaitMeasureOfAStandingStool() {
        // no fall, no speed asked: one step of speed 0 within [0, inf): result 0
        Run run(stool_text(0), 0.2);
        QVERIFY(run.sim);
        QVERIFY(run.create("GaitMeasure { termination_height = 0.85 }"));
        QCOMPARE(run.run(0.2), 0.2);
        VERIFY_CLOSE(run.result(), 0.0, 1e-12);
    }

    void balanceMeasureIsTheFractionLost() {
        const double duration = 2;
        Run run(stool_text(1.0), duration);
        QVERIFY(run.sim);
        const double h0 = center_of_mass(run.sim->model(), run.sim->state()).y();
        QVERIFY(run.create("BalanceMeasure { termination_height = 0.6 }"));
        const double t_end = run.run(duration);
        const double t_fall = std::sqrt(2 * 0.4 * h0 / g);
        QVERIFY(t_end >= t_fall - 1e-9 && t_end < t_fall + 0.001 + 1e-9);
        VERIFY_CLOSE(run.result(), (duration - t_end) / duration, 1e-12);
    }

    void highJumpOfAThrownStool() {
        // thrown up at 2 m/s from just above the floor: the peak COM height is
        // y0 + v^2 / (2 g); the jump ends there (terminate_on_peak), result 100 y_peak
        Run run(stool_text(0.001), 2);
        QVERIFY(run.sim);
        for (size_t b = 1; b < run.sim->state().lin_vel.size(); ++b) run.sim->state().lin_vel[b] = Vec3(0, 2, 0);
        const double y0 = center_of_mass(run.sim->model(), run.sim->state()).y();
        QVERIFY2(run.create("JumpMeasure { prepare_time = 0 termination_height = 0.5 }"), run.messages().c_str());
        QVERIFY(!run.measure->minimize);
        const double t_end = run.run(2);
        VERIFY_CLOSE(t_end, 2 / g, 0.0015);
        VERIFY_CLOSE(run.result(), 100 * (y0 + 4 / (2 * g)), 0.03);
    }

    void longJumpOfAThrownStool() {
        // thrown at (1, 2) m/s: at the peak the ballistic landing point of the COM on
        // y = 0 is x = v_x (v_y / g + sqrt(2 y_peak / g)); result 10 + 50 x (the
        // recover bonus 50 + 50 t / recover_time, recover_time 1e9)
        Run run(stool_text(0.001), 2);
        QVERIFY(run.sim);
        for (size_t b = 1; b < run.sim->state().lin_vel.size(); ++b) run.sim->state().lin_vel[b] = Vec3(1, 2, 0);
        const Vec3 com = center_of_mass(run.sim->model(), run.sim->state());
        QVERIFY(run.create("JumpMeasure { jump_type = 2 prepare_time = 0 }"));
        run.run(2);
        const double y_peak = com.y() + 4 / (2 * g);
        const double landing = com.x() + 1 * (2 / g + std::sqrt(2 * y_peak / g));
        VERIFY_CLOSE(run.result(), 10 + 50 * landing, 0.02);
        // negate_result
        Run negated(stool_text(0.001), 2);
        for (size_t b = 1; b < negated.sim->state().lin_vel.size(); ++b)
            negated.sim->state().lin_vel[b] = Vec3(1, 2, 0);
        QVERIFY(negated.create("JumpMeasure { jump_type = LongJump prepare_time = 0 negate_result = 1 }"));
        negated.run(2);
        VERIFY_CLOSE(negated.result(), -run.result(), 1e-12);
    }

    void compositeSumsWeightedChildrenAndMirrorsSymmetricOnes() {
        // symmetric: ankle_angle_l and ankle_angle_r, each 10 degrees below min = 10
        // (the locked ankles stay at 0), weight 0.5 -> 5 each; the balance measure
        // (weight 3, no fall) adds 0
        Run run(stool_text(0), 0.3);
        QVERIFY(run.sim);
        QVERIFY2(run.create("CompositeMeasure { name = Total\n"
                            " CompositeMeasure { name = Ankles symmetric = 1\n"
                            "  DofMeasure { dof = ankle_angle weight = 0.5 position { min = 10 abs_penalty = 1 } } }\n"
                            " BalanceMeasure { weight = 3 }\n"
                            " Measures { DofMeasure { dof = ankle_angle_r weight = 2 position { min = 10 "
                            "abs_penalty = 1 } threshold = 25 } } }"),
                 run.messages().c_str());
        run.run(0.3);
        std::vector<MeasureTerm> terms;
        run.measure->report(run.plant, 0, terms);
        QCOMPARE(terms.size(), size_t(6));
        const char* const names[] = {"Total",         "Ankles",         "ankle_angle_l",
                                     "ankle_angle_r", "BalanceMeasure", "ankle_angle_r"};
        const int depths[] = {0, 1, 2, 2, 1, 1};
        for (int i = 0; i < 6; ++i) {
            QCOMPARE(terms[i].name, std::string(names[i]));
            QCOMPARE(terms[i].depth, depths[i]);
        }
        VERIFY_CLOSE(terms[2].result, 10, 0.05);
        VERIFY_CLOSE(terms[2].weighted, 5, 0.025);
        VERIFY_CLOSE(terms[1].result, terms[2].weighted + terms[3].weighted, 1e-12);
        VERIFY_CLOSE(terms[4].weighted, 0.0, 1e-9);
        QCOMPARE(terms[5].weighted, 0.0);  // 2 * 10 = 20 is below its threshold 25
        VERIFY_CLOSE(terms[0].result, terms[1].weighted + terms[4].weighted + terms[5].weighted, 1e-12);
        VERIFY_CLOSE(terms[0].weighted, 10, 0.05);
    }

    void resetRunsTheSameAgain() {
        // a composite of every kind, run, reset (with the simulation) and run again:
        // the same end time, terms and values, bit for bit
        Run run(stool_text(1.0), 1.0);
        QVERIFY(run.sim);
        QVERIFY2(run.create("CompositeMeasure {\n"
                            " GaitMeasure { termination_height = 0.6 min_velocity = 1 }\n"
                            " BalanceMeasure { termination_height = 0.5 }\n"
                            " JumpMeasure { terminate_on_peak = 0 }\n"
                            " ReactionForceMeasure { max = 0.5 abs_penalty = 1 }\n"
                            " DofMeasure { dof = ankle_angle_r velocity { max = 0 abs_penalty = 1 } }\n"
                            " EffortMeasure { measure_type = Constant use_cost_of_transport = 1 } }"),
                 run.messages().c_str());
        std::vector<MeasureTerm> first, second;
        const double end = run.run(1.0);
        run.measure->report(run.plant, 0, first);
        run.sim->reset();
        run.measure->reset();
        QVERIFY(run.measure->termination_reason.empty());
        QCOMPARE(run.run(1.0), end);
        run.measure->report(run.plant, 0, second);
        QCOMPARE(second.size(), first.size());
        for (size_t i = 0; i < first.size(); ++i) {
            QCOMPARE(second[i].result, first[i].result);
            QCOMPARE(second[i].weighted, first[i].weighted);
            QCOMPARE(second[i].values, first[i].values);
        }
        QVERIFY(end < 1.0);  // the gait measure ended it (0.6 of the height)
        QCOMPARE(run.measure->termination_reason, std::string("GaitMeasure: termination_height reached"));
    }

    void firstNonZeroResult() {
        // use_first_non_zero_result: the first child whose weighted result is not 0
        Run run(pendulum_text(0), 1.0);
        QVERIFY(run.sim);
        QVERIFY(
            run.create("CompositeMeasure { use_first_non_zero_result = 1\n"
                       " DofMeasure { dof = swing position { min = -10 max = 10 abs_penalty = 1 } }\n"
                       " DofMeasure { dof = swing weight = 3 position { min = 5 abs_penalty = 1 } }\n"
                       " DofMeasure { dof = swing position { min = 1 abs_penalty = 1 } } }"));
        run.run(0.01);
        VERIFY_CLOSE(run.result(), 15, 1e-9);
    }

    void badMeasureTextIsReportedWhereItIs() {
        Run run(stool_text(0), 1);
        QVERIFY(run.sim);
        // a misspelt key: an error at its line and column
        QVERIFY(!run.create("GaitMeasure {\n  min_velocity = 1\n  min_velocty = 2\n}"));
        QCOMPARE(run.diagnostics.size(), size_t(1));
        QCOMPARE(run.diagnostics[0].location.line, 3);
        QCOMPARE(run.diagnostics[0].location.column, 3);
        QVERIFY(run.diagnostics[0].message.find("unknown property 'min_velocty' of GaitMeasure") != std::string::npos);
        run.diagnostics.clear();
        QVERIFY(!run.create("CompositeMeasure {\n ScriptMeasure { script_file = a.lua }\n}"));
        QVERIFY(!run.diagnostics.empty());
        // built with Lua: the missing script; without: the refusal (both at its line)
        QVERIFY2(run.diagnostics[0].message.find(lua_scripts_available()
                                                     ? "cannot read script"
                                                     : "Lua script measures are not supported") != std::string::npos,
                 run.messages().c_str());
        QCOMPARE(run.diagnostics[0].location.line, 2);
        const struct {
            const char* text;
            const char* message;
        } cases[] = {
            {"DofMeasure { dof = elbow position { min = 0 } }", "no dof 'elbow'"},
            {"DofMeasure { dof = ankle_angle_r position { min = 0 mode = mean abs_penalty = 1 } }",
             "unknown mode 'mean'"},
            {"DofMeasure { dof = ankle_angle_r positon { min = 0 } }", "unknown property 'positon'"},
            {"EffortMeasure { measure_type = Wang2021 }", "unknown measure_type 'Wang2021'"},
            {"EffortMeasure { measure_type = Wang2012 include = \"nothing*\" }", "no muscles included"},
            {"JumpMeasure { jump_type = 3 }", "unknown jump_type '3'"},
            {"FooMeasure { }", "unknown measure type 'FooMeasure' (known: GaitMeasure, EffortMeasure,"},
            {"GaitMesure { }", "unknown measure type 'GaitMesure' (known: GaitMeasure,"},
            {"Measure { type = EffortMesure }", "; did you mean 'EffortMeasure'?"},
            {"HeightMeasure { }", "SCONE's HeightMeasure is not supported yet"},
            {"Measure { weight = 1 }", "Measure needs 'type'"},
            {"GaitMeasure { threshold = 1 soft_threshold = 2 }", "soft_threshold cannot be combined"},
        };
        for (const auto& c : cases) {
            run.diagnostics.clear();
            QVERIFY2(!run.create(c.text), c.text);
            bool found = false;
            for (const Diagnostic& d : run.diagnostics) found |= d.message.find(c.message) != std::string::npos;
            QVERIFY2(found, qPrintable(QString("%1 -> %2").arg(c.text).arg(run.messages().c_str())));
        }
        // Measure { type = .. } names the type
        run.diagnostics.clear();
        QVERIFY2(run.create("Measure { type = BalanceMeasure termination_height = 0.7 }"), run.messages().c_str());
        QCOMPARE(run.measure->name, std::string("BalanceMeasure"));
    }
    void tutorialMeasuresAllCreate() {
        // every measure of the Tutorials3 Hyfydy scenarios and measures/ folder is read
        // without an error on its model (Lua script measures: the located refusal when built without Lua)
        const std::string dir = std::string(HFD_CORPUS_DIR) + "/scone-tutorials3";
        if (!std::filesystem::exists(dir)) QSKIP("corpus scone-tutorials3 not available");
        std::vector<std::string> files;
        for (const auto& entry : std::filesystem::directory_iterator(dir))
            if (entry.path().extension() == ".scone") files.push_back(entry.path().string());
        for (const auto& entry : std::filesystem::directory_iterator(dir + "/measures"))
            if (entry.path().extension() == ".scone") files.push_back(entry.path().string());
        std::sort(files.begin(), files.end());
        std::map<std::string, std::unique_ptr<Simulation>> models;
        int created = 0, refused = 0;
        for (const std::string& file : files) {
            ParseResult parsed = parse_file(file);
            QVERIFY2(parsed.ok(), file.c_str());
            splice_includes(parsed.root, dir);
            const PropNode* model_file =
                find_first(parsed.root, [](const PropNode& n) { return n.key == "model_file"; });
            const std::string model = dir + "/" + (model_file ? model_file->value : "models/H0918v3.hfd");
            if (!models.count(model)) models[model] = corpus_simulation(model);
            QVERIFY2(models[model], model.c_str());
            Plant plant = make_plant(*models[model], 10);
            std::vector<Diagnostic> diagnostics;
            ParamSet params;
            CreationContext creation;
            creation.file = file;
            creation.diagnostics = &diagnostics;
            creation.params = &params;
            MeasureContext context{creation, plant};
            for (const PropNode& node : parsed.root.children) {
                const PropNode* measure = is_measure_key(node.key) ? &node : find_first(node, [](const PropNode& n) {
                    return is_measure_key(n.key);
                });
                if (!measure) continue;
                const bool lua = measure->key == "ScriptMeasure";
                const std::unique_ptr<Measure> created_measure = create_measure(*measure, context);
                if (lua && !lua_scripts_available()) {
                    QVERIFY(!created_measure);
                    QVERIFY2(
                        diagnostics.size() == 1 &&
                            diagnostics[0].message.find("Lua script measures are not supported") != std::string::npos,
                        (file + "\n" + test::diagnostics_text(diagnostics)).c_str());
                    ++refused;
                } else {
                    QVERIFY2(created_measure && diagnostics.empty(),
                             (file + "\n" + test::diagnostics_text(diagnostics)).c_str());
                    ++created;
                }
                diagnostics.clear();
            }
        }
        QVERIFY2(created >= 30 && refused == (lua_scripts_available() ? 0 : 2),
                 qPrintable(QString("%1 created, %2 refused").arg(created).arg(refused)));
    }
};

QTEST_GUILESS_MAIN(TestMeasures)
#include "test_measures.moc"
