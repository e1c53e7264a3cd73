// Muscle force models: isometric force at optimal fiber length (max isometric
// force times cos(pennation) along the tendon), the sign of the fiber velocity,
// stiffness_multiplier, property errors, and the arm sample settling at the
// elbow angle where the two muscles' static moments balance (computed here from
// planar geometry and the static equilibrium, independently of the path code
// and the dynamics). With point forces the compliant joint (stiffness 1e5 N/m)
// is pressed together by the muscle forces, which moves that balance; the
// point-force run is checked against the balance at its actual joint gap.
#include "format/parser.h"
#include "sim/components.h"
#include "forces/force_component.h"
#include "forces/muscle_curves.h"
#include "model/build_model.h"
#include "sim/dynamics.h"
#include "state/kinematics.h"
#include "sim/simulation.h"
#include "sim_test_util.h"

#include <QtTest>

#include <cmath>
#include <functional>

using namespace hfd;

namespace {

constexpr double pi = 3.14159265358979323846;

// A muscle from the static ground at the origin to a block at (path_length, 0, 0).
Model line_model(double path_length, double pennation, double stiffness_multiplier = 1) {
    Model model;
    model.bodies.resize(2);
    model.bodies[0].name = "ground";
    model.bodies[1].name = "block";
    model.bodies[1].mass = 1;
    model.bodies[1].inertia = Vec3::Ones();
    model.bodies[1].pos = Vec3(path_length, 0, 0);
    Muscle m;
    m.name = "m";
    m.max_isometric_force = 1000;
    m.optimal_fiber_length = 0.1;
    m.tendon_slack_length = 0.2;
    m.pennation_angle = pennation;
    m.stiffness_multiplier = stiffness_multiplier;
    m.path = {{0, Vec3::Zero()}, {1, Vec3::Zero()}};
    model.muscles.push_back(m);
    return model;
}

std::unique_ptr<ForceComponent> create(const Model& model, const std::string& text,
                                       std::vector<Diagnostic>& diagnostics) {
    ParseResult parsed = parse_text(text, "config.hfd");
    if (!parsed.ok() || parsed.root.children.empty()) qFatal("config does not parse");
    const std::string file = "config.hfd";
    ForceContext context{model, file, diagnostics};
    return create_force(parsed.root.children[0], context);
}

double solve_increasing(const std::function<double(double)>& f, double target, double lo, double hi) {
    for (int i = 0; i < 200; ++i) {
        const double mid = 0.5 * (lo + hi);
        (f(mid) < target ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

struct ModelCase {
    const char* config;
    std::function<double(double)> tendon;  // normalized tendon force of strain
};

std::vector<ModelCase> model_cases() {
    return {{"muscle_force_m2012fast { xi = 0.1 }", m2012::tendon_force_length},
            {"muscle_force_gh2010 {}", gh2010::tendon_force},
            {"muscle_force_tj2003 {}", tj2003::tendon_force_length}};
}

struct Evaluation {
    State state;
    Data data;
};

Evaluation evaluate(const Model& model, const ForceComponent& muscle, double activation, double fiber_length) {
    Evaluation e{initial_state(model), {}};
    e.data.resize(model);
    e.state.activation[0] = activation;
    e.state.fiber_length[0] = fiber_length;
    update_body_frames(e.state, e.data);  // the evaluation's first stage, which the muscle path reads
    muscle.apply(model, e.state, initial_controls(model), e.data);
    return e;
}

}  // namespace

class TestMuscleForce : public QObject {
    Q_OBJECT
private slots:
    void isometricForceAtOptimalLength() {
        const double pennation = 0.3;
        for (const ModelCase& c : model_cases()) {
            // path length that stretches the tendon to f_T = cos(pennation) with the fiber at l_opt
            const double strain = solve_increasing(c.tendon, std::cos(pennation), 0.0, 0.2);
            const double path_length = 0.1 * std::cos(pennation) + 0.2 * (1 + strain);
            const Model model = line_model(path_length, pennation);
            std::vector<Diagnostic> diagnostics;
            auto muscle = create(model, c.config, diagnostics);
            QVERIFY2(muscle, c.config);
            QVERIFY(muscle->integrates_fiber_length());

            Evaluation e = evaluate(model, *muscle, 1.0, 0.1);
            const double expected = 1000 * std::cos(pennation);
            QVERIFY2(std::abs(e.data.muscle_force[0] - expected) < 1e-6 * expected,
                     qPrintable(QString("%1: %2 vs %3").arg(c.config).arg(e.data.muscle_force[0]).arg(expected)));
            QVERIFY2(std::abs(e.data.fiber_length_derivative[0]) < 1e-6, c.config);  // in equilibrium
            QVERIFY(std::abs(e.data.muscle_length[0] - path_length) < 1e-12);
            // the tendon pulls the block toward the ground, and the ground the other way
            QVERIFY((e.data.force[1] - Vec3(-expected, 0, 0)).norm() < 1e-6 * expected);
            QVERIFY((e.data.force[0] + e.data.force[1]).norm() < 1e-9);

            // initialize() finds the same fiber length from the path (pennation used in the balance)
            const std::string config = std::string(c.config).find("m2012") != std::string::npos
                                           ? "muscle_force_m2012fast { use_pennation_during_equilibration = 1 }"
                                           : std::string(c.config);
            auto with_pennation = create(model, config, diagnostics);
            State state = initial_state(model);
            state.activation[0] = 1.0;
            state.fiber_length[0] = 0.05;
            Data data;
            data.resize(model);
            with_pennation->initialize(model, state, initial_controls(model), data);
            QVERIFY2(std::abs(state.fiber_length[0] - 0.1) < 1e-9,
                     qPrintable(QString("%1: %2").arg(c.config).arg(state.fiber_length[0])));
        }
    }

    void m2012StartsPennatedMusclesNearEquilibriumWithEitherFlag() {
        // Strongly pennated (0.5 rad) and fully active on the path where the exact
        // equilibrium has the fiber at l_opt. Flag 1: f_T = f_M cos(alpha), the fiber
        // stays still. Flag 0: f_T = f_M (no projection), never above f_max here.
        const double pennation = 0.5, f_max = 1000;
        const double strain = solve_increasing(m2012::tendon_force_length, std::cos(pennation), 0.0, 0.2);
        const double path_length = 0.1 * std::cos(pennation) + 0.2 * (1 + strain);
        const Model model = line_model(path_length, pennation);
        for (const int flag : {0, 1}) {
            std::vector<Diagnostic> diagnostics;
            auto muscle = create(
                model, "muscle_force_m2012fast { use_pennation_during_equilibration = " + std::to_string(flag) + " }",
                diagnostics);
            QVERIFY(muscle);
            State state = initial_state(model);
            state.activation[0] = 1.0;
            Data data;
            data.resize(model);
            muscle->initialize(model, state, initial_controls(model), data);
            const double fiber = state.fiber_length[0];
            Evaluation e = evaluate(model, *muscle, 1.0, fiber);
            const double tension = e.data.muscle_force[0];
            const double l = fiber / 0.1;
            const double fiber_force = f_max * (m2012::active_force_length(l) + m2012::passive_force_length(l));
            const double cos_pennation = std::sqrt(1 - std::pow(0.1 * std::sin(pennation) / fiber, 2));
            const QString what = QString("flag %1: fiber %2 m, tension %3 N, fiber force %4 N")
                                     .arg(flag)
                                     .arg(fiber)
                                     .arg(tension)
                                     .arg(fiber_force);
            // the fiber fits the path: tendon + fiber along it = path
            QVERIFY2(std::abs(e.data.tendon_length[0] + fiber * cos_pennation - path_length) < 1e-12, qPrintable(what));
            QVERIFY2(tension <= f_max, qPrintable(what));
            const double balance = flag ? fiber_force * cos_pennation : fiber_force;
            QVERIFY2(std::abs(tension - balance) < 1e-6 * f_max, qPrintable(what));
            if (flag) QVERIFY2(std::abs(fiber - 0.1) < 1e-9, qPrintable(what));
        }
    }

    void pathVelocityEquilibriumStartsTheFiberAtThePathsRate() {
        // The block moves away (dL/dt = +0.05 m/s) or towards the ground (-0.05): with
        // FiberEquilibrium::PathVelocity the fiber starts moving at cos(alpha) dL/dt, so
        // the first evaluation's fiber velocity (from the tendon's force balance, not
        // from the start) is that rate and the tendon length holds still; with
        // ZeroVelocity the fiber starts still. Every model, pennated and not (m2012 with
        // the exact, projected balance: without it the start is off by design).
        for (ModelCase c : model_cases()) {
            if (std::string(c.config).find("m2012") != std::string::npos)
                c.config = "muscle_force_m2012fast { xi = 0.1 use_pennation_during_equilibration = 1 }";
            for (const double pennation : {0.0, 0.3}) {
                for (const double rate : {0.05, -0.05}) {
                    const Model model = line_model(0.1 + 0.2 * 1.02, pennation);
                    std::vector<Diagnostic> diagnostics;
                    auto muscle = create(model, c.config, diagnostics);
                    QVERIFY(muscle);
                    for (const FiberEquilibrium equilibrium :
                         {FiberEquilibrium::PathVelocity, FiberEquilibrium::ZeroVelocity}) {
                        State state = initial_state(model);
                        state.activation[0] = 0.5;
                        state.lin_vel[1] = Vec3(rate, 0, 0);
                        Data data;
                        data.resize(model);
                        muscle->initialize(model, state, initial_controls(model), data, equilibrium);
                        const double fiber = state.fiber_length[0];
                        const double cos_pennation = std::sqrt(1 - std::pow(0.1 * std::sin(pennation) / fiber, 2));
                        const double expected =
                            equilibrium == FiberEquilibrium::PathVelocity ? cos_pennation * rate : 0;
                        const double derivative = evaluate(model, *muscle, 0.5, fiber).data.fiber_length_derivative[0];
                        const QString what = QString("%1 pennation %2 rate %3 %4: dl_f/dt %5, expected %6")
                                                 .arg(c.config)
                                                 .arg(pennation)
                                                 .arg(rate)
                                                 .arg(equilibrium == FiberEquilibrium::PathVelocity ? "path" : "zero")
                                                 .arg(derivative)
                                                 .arg(expected);
                        QVERIFY2(std::abs(derivative - expected) < 1e-6, qPrintable(what));
                    }
                }
            }
        }
    }

    void fiberVelocityHasThePhysicalSign() {
        for (const ModelCase& c : model_cases()) {
            std::vector<Diagnostic> diagnostics;
            // slack path: no tendon force, an active fiber shortens
            const Model slack = line_model(0.29, 0.0);
            auto muscle = create(slack, c.config, diagnostics);
            QVERIFY2(evaluate(slack, *muscle, 1.0, 0.1).data.fiber_length_derivative[0] < -0.1, c.config);
            // strongly stretched tendon at low activation: the fiber is pulled longer
            const Model stretched = line_model(0.1 + 0.2 * 1.06, 0.0);
            QVERIFY2(evaluate(stretched, *muscle, 0.05, 0.1).data.fiber_length_derivative[0] > 0.1, c.config);
        }
    }

    void m2012DampingAloneAtZeroActivation() {
        // a = 0: the equilibrium reduces to beta v = f_T - f_PE, so v = (f_T - f_PE) / beta
        const double fiber = 0.105, strain = 0.03;
        const Model model = line_model(fiber + 0.2 * (1 + strain), 0.0);
        std::vector<Diagnostic> diagnostics;
        auto muscle = create(model, "muscle_force_m2012fast { xi = 0.2 v_max = 8 }", diagnostics);
        const Evaluation e = evaluate(model, *muscle, 0.0, fiber);
        const double tendon = m2012::tendon_force_length(strain);
        const double v = (tendon - m2012::passive_force_length(fiber / 0.1)) / 0.2;
        QVERIFY(m2012::passive_force_length(fiber / 0.1) > 0 && tendon > 0);
        QVERIFY(std::abs(e.data.fiber_length_derivative[0] - v * 8 * 0.1) < 1e-9);
        QVERIFY(std::abs(e.data.muscle_force[0] - 1000 * tendon) < 1e-9);
    }

    void m2012SolvesEveryMusclesEquilibriumInOnePass() {
        // Eleven muscles in one component (the fiber pass runs several at a time, then
        // the rest one by one), each in another regime: slack or stretched tendon,
        // concentric, eccentric, passive only, faster than v_max, held at the minimum
        // length. Each muscle's v must solve its own equilibrium
        //   a f_L(l) f_V(v) + beta v = f_T / cos(alpha) - s f_PE(l)
        // (f_V the forward curve, here), and its force be f_max f_T of its own tendon.
        struct Case {
            double path_length, pennation, stiffness, activation, fiber_length;
        };
        const Case cases[] = {
            {0.29, 0.0, 1, 1.0, 0.1},   {0.33, 0.2, 1, 0.05, 0.1}, {0.31, 0.0, 1, 0.0, 0.105},
            {0.45, 0.0, 1, 0.3, 0.16},  {0.30, 0.4, 2, 0.7, 0.09}, {0.36, 0.0, 1, 0.5, 0.15},
            {0.20, 0.9, 1, 1.0, 0.05},  {0.40, 0.0, 1, 0.0, 0.2},  {0.307, 0.1, 0.5, 0.9, 0.1},
            {0.32, 0.0, 1, 0.2, 0.125}, {0.28, 0.5, 1, 0.6, 0.07},
        };
        constexpr int n = int(std::size(cases));
        Model model = line_model(0.3, 0.0);
        model.muscles.clear();
        for (const Case& c : cases) {
            Muscle m = line_model(0.3, c.pennation, c.stiffness).muscles[0];
            m.path[0].pos = Vec3(0.3 - c.path_length, 0, 0);
            model.muscles.push_back(m);
        }
        const double beta = 0.1, v_max = 10;
        std::vector<Diagnostic> diagnostics;
        auto muscle = create(model, "muscle_force_m2012fast { xi = 0.1 v_max = 10 }", diagnostics);
        QVERIFY(muscle);
        Evaluation e{initial_state(model), {}};
        e.data.resize(model);
        for (int i = 0; i < n; ++i) {
            e.state.activation[i] = cases[i].activation;
            e.state.fiber_length[i] = cases[i].fiber_length;
        }
        update_body_frames(e.state, e.data);
        muscle->apply(model, e.state, initial_controls(model), e.data);
        int held = 0, eccentric = 0, concentric = 0, beyond_v_max = 0;
        for (int i = 0; i < n; ++i) {
            const Case& c = cases[i];
            const QString what = QString("muscle %1").arg(i);
            QVERIFY2(std::abs(e.data.muscle_length[i] - c.path_length) < 1e-12, qPrintable(what));
            const double thickness = 0.1 * std::sin(c.pennation);
            const double minimum = minimum_fiber_length(0.1, thickness);
            const double fiber = std::max(c.fiber_length, minimum);
            const double cos_pennation = std::sqrt(1 - (thickness / fiber) * (thickness / fiber));
            const double tendon =
                c.stiffness * m2012::tendon_force_length((c.path_length - fiber * cos_pennation - 0.2) / 0.2);
            QVERIFY2(std::abs(e.data.muscle_force[i] - 1000 * tendon) < 1e-9 * (1 + 1000 * tendon), qPrintable(what));
            const double l = fiber / 0.1;
            const double v = e.data.fiber_length_derivative[i] / (v_max * 0.1);
            const double along = tendon / cos_pennation - c.stiffness * m2012::passive_force_length(l);
            if (fiber <= minimum && v == 0.0) {
                ++held;  // would shorten below the minimum length
                QVERIFY2(c.activation * m2012::active_force_length(l) > along, qPrintable(what));
                continue;
            }
            const double residual =
                c.activation * m2012::active_force_length(l) * m2012::force_velocity(v) + beta * v - along;
            QVERIFY2(std::abs(residual) < 1e-9 * (1 + std::abs(along)),
                     qPrintable(what + QString(": residual %1").arg(residual)));
            (v > 0 ? eccentric : v < -1 ? beyond_v_max : concentric) += 1;
        }
        QCOMPARE(held, 1);  // the cases cover every regime
        QVERIFY(eccentric >= 2 && concentric >= 2 && beyond_v_max >= 1);
    }

    void stiffnessMultiplierScalesElasticForces() {
        for (const ModelCase& c : model_cases()) {
            std::vector<Diagnostic> diagnostics;
            const Model normal = line_model(0.31, 0.1), stiff = line_model(0.31, 0.1, 2.0);
            auto normal_muscle = create(normal, c.config, diagnostics),
                 stiff_muscle = create(stiff, c.config, diagnostics);
            const double f1 = evaluate(normal, *normal_muscle, 0.5, 0.1).data.muscle_force[0];
            const double f2 = evaluate(stiff, *stiff_muscle, 0.5, 0.1).data.muscle_force[0];
            QVERIFY(f1 > 0);
            QVERIFY2(std::abs(f2 - 2 * f1) < 1e-9 * f1, c.config);
        }
    }

    void badPropertiesAreReported() {
        const Model model = line_model(0.3, 0.0);
        std::vector<Diagnostic> diagnostics;
        QVERIFY(!create(model, "muscle_force_m2012fast {\n xi = 0 }", diagnostics));
        QVERIFY(has_errors(diagnostics) && diagnostics[0].location.line == 2);
        diagnostics.clear();
        QVERIFY(!create(model, "muscle_force_gh2010 { v_max = -1 }", diagnostics));
        QVERIFY(has_errors(diagnostics));
        diagnostics.clear();
        QVERIFY(!create(model, "muscle_force_tj2003 { min_activation = 0 }", diagnostics));
        QVERIFY(has_errors(diagnostics));
        diagnostics.clear();
        QVERIFY(create(model, "muscle_force_m2012fast { beta = 0.1 }", diagnostics));
        QVERIFY(!has_errors(diagnostics) && diagnostics.size() == 1);  // unknown property: a warning
        Model rigid = line_model(0.3, 0.0);
        rigid.muscles[0].tendon_slack_length = 0;
        diagnostics.clear();
        QVERIFY(!create(rigid, "muscle_force_m2012fast {}", diagnostics));
        QVERIFY(diagnostics[0].message.find("tendon_slack_length") != std::string::npos);
    }

    void armSampleSettlesWhereMomentsBalance();
};

namespace {

// Static elbow moment (N m, + flexes) of the arm sample's muscles at elbow angle
// theta with activations a: planar geometry, lengths and moment arms from the
// rotated attachment points, forces from the static equilibrium of each muscle.
// The forearm turns about `centre` (world), the elbow's child anchor.
double static_elbow_moment(const Model& model, const double activation[2], double theta, const Vec3& centre) {
    const Joint& elbow = model.joints[model.find_joint("elbow")];
    auto length = [&](const Muscle& m, double angle) {
        const Vec3 origin = model.bodies[m.path[0].body].pos + m.path[0].pos;
        const Vec3 local = m.path[1].pos - elbow.pos_in_child;
        const Vec3 insertion = centre + Vec3(std::cos(angle) * local.x() - std::sin(angle) * local.y(),
                                             std::sin(angle) * local.x() + std::cos(angle) * local.y(), 0);
        return (insertion - origin).norm();
    };
    double moment = 0;
    for (int i = 0; i < 2; ++i) {
        const Muscle& m = model.muscles[model.find_muscle(i == 0 ? "biceps" : "triceps")];
        const double h = 1e-6;
        const double arm = -(length(m, theta + h) - length(m, theta - h)) / (2 * h);
        const double path = length(m, theta);
        const double thickness = m.optimal_fiber_length * std::sin(m.pennation_angle);
        const double fiber = equilibrium_fiber_length(
            path, m.optimal_fiber_length, m.tendon_slack_length, thickness,
            [&](double l) { return activation[i] * m2012::active_force_length(l) + m2012::passive_force_length(l); },
            m2012::tendon_force_length);
        const FiberGeometry g = fiber_geometry(path, fiber, m.optimal_fiber_length, thickness);
        const double force =
            m.max_isometric_force *
            m2012::tendon_force_length((g.tendon_length - m.tendon_slack_length) / m.tendon_slack_length);
        moment += force * arm;
    }
    return moment;
}

}  // namespace

// Runs the arm sample without gravity and motor stiffness at the given
// activations; returns the settled simulation (nullptr on failure).
std::unique_ptr<Simulation> settle_arm(const double activation[2], bool joint_torques) {
    ParseResult parsed = parse_file(std::string(HFD_SAMPLES_DIR) + "/arm_muscles.hfd");
    if (!parsed.ok()) return nullptr;
    BuildResult built = build_model(parsed.root, "arm_muscles.hfd");
    if (!built.ok() || !built.diagnostics.empty()) {
        qWarning("%s", test::diagnostics_text(built.diagnostics).c_str());
        return nullptr;
    }
    Model model = std::move(*built.model);
    model.gravity = Vec3::Zero();  // only the muscles act; the motor keeps its damping only
    for (Muscle& muscle : model.muscles) muscle.joint_torques = joint_torques;
    std::vector<Diagnostic> diagnostics;
    const SimConfig config = read_sim_config(parsed.root, "arm_muscles.hfd", diagnostics);
    auto sim = Simulation::create(std::move(model), config, diagnostics);
    if (!sim) return nullptr;
    sim->controls().motors[0].stiffness = 0;
    sim->controls().excitation = {activation[0], activation[1]};
    // start at 60 degrees, inside the basin of the balance between the unstable ones
    // near full extension and far flexion
    DofAssignment dofs = default_dof_assignment(sim->model());
    dofs.value[size_t(sim->model().find_dof("elbow_flexion"))] = 60 * pi / 180;
    State start = sim->state();
    apply_dofs(sim->model(), dofs, start);
    sim->set_initial_state(start);
    if (!sim->advance_to(4.0)) return nullptr;
    return sim;
}

void TestMuscleForce::armSampleSettlesWhereMomentsBalance() {
    const double activation[2] = {0.8, 0.8};  // co-contraction of biceps and triceps
    // between the unstable balances near full extension and far flexion
    const double lo = 30 * pi / 180, hi = 130 * pi / 180;
    for (bool joint_torques : {true, false}) {
        auto sim = settle_arm(activation, joint_torques);
        QVERIFY(sim);
        const Model& m = sim->model();
        const State& s = sim->state();
        const Joint& elbow = m.joints[m.find_joint("elbow")];
        // As joint torques the muscles do not press the compliant elbow together and
        // the forearm turns about the parent anchor; as point forces it turns about
        // its own anchor, displaced by the joint force.
        const Vec3 centre = joint_torques ? Vec3(m.bodies[elbow.parent].pos + elbow.pos_in_parent)
                                          : Vec3(s.pos[elbow.child] + s.ori[elbow.child] * elbow.pos_in_child);
        auto moment = [&](double t) { return static_elbow_moment(m, activation, t, centre); };
        QVERIFY(moment(lo) > 0 && moment(hi) < 0);  // the moment falls through zero: a stable balance
        const double expected = solve_increasing([&](double t) { return -moment(t); }, 0.0, lo, hi);
        QVERIFY2(expected > 10 * pi / 180 && expected < 130 * pi / 180,
                 qPrintable(QString::number(expected * 180 / pi)));
        const double angle = dof_value(m, s, m.find_dof("elbow_flexion"));
        qInfo("%s: settled at %.3f deg, moments balance at %.3f deg", joint_torques ? "joint torques" : "point forces",
              angle * 180 / pi, expected * 180 / pi);
        QVERIFY2(
            std::abs(angle - expected) < 0.2 * pi / 180,
            qPrintable(QString("settled at %1 deg, balance at %2 deg").arg(angle * 180 / pi).arg(expected * 180 / pi)));
        const double rate = dof_velocity(m, s, m.find_dof("elbow_flexion"));
        QVERIFY2(std::abs(rate) < 1e-2, qPrintable(QString("still turning at %1 rad/s").arg(rate)));
        QVERIFY(std::abs(s.activation[0] - activation[0]) < 1e-6);
    }
}

QTEST_APPLESS_MAIN(TestMuscleForce)
#include "test_muscle_force.moc"
