// Contact response: the force laws on single hand-made contacts (pd,
// Hunt-Crossley, Simbody friction, OpenSim equivalence), then whole simulations
// against analytic results (resting depth, sliding distance, creep speed,
// restitution, object-object contact). The corpus H0918 on its feet: test_h0918_contact.cpp.
#include "forces/force_component.h"
#include "sim/components.h"
#include "forces/simple_collision_detection.h"
#include "format/parser.h"
#include "model/build_model.h"
#include "state/kinematics.h"
#include "sim/simulation.h"

#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace hfd;

namespace {

constexpr double g = 9.81;

// ---- single contacts, no simulation --------------------------------------------

std::unique_ptr<ForceComponent> make_component(const std::string& name, const Model& model,
                                               std::initializer_list<std::pair<const char*, const char*>> properties,
                                               std::vector<Diagnostic>& diagnostics) {
    PropNode props;
    props.key = name;
    props.kind = PropNode::Kind::Group;
    for (auto [key, value] : properties) props.add(key, value);
    static const std::string file = "config.hfd";
    ForceContext context{model, file, diagnostics};
    return create_force(props, context);
}

// Static body 0 and dynamic body 1 at (0, 0.1, 0), touching at the origin.
struct OneContact {
    Model model;
    State state;
    Data data;
    OneContact(double k, double c, double mu_s, double mu_d, double depth, const Vec3& relative_velocity) {
        model.materials.push_back(Material{});
        for (int i = 0; i < 2; ++i) {
            Body body;
            body.name = i == 0 ? "ground" : "ball";
            body.mass = i;
            model.bodies.push_back(body);
        }
        state.pos = {Vec3::Zero(), Vec3(0, 0.1, 0)};
        state.ori = {Quat::Identity(), Quat::Identity()};
        state.lin_vel = state.ang_vel = {Vec3::Zero(), Vec3::Zero()};
        data.resize(model);
        Contact contact;
        contact.body_a = 0, contact.body_b = 1, contact.geometry_a = 0, contact.geometry_b = 1;
        contact.point = Vec3(0.02, 0, 0.01), contact.normal = Vec3::UnitY(), contact.depth = depth;
        contact.relative_velocity = relative_velocity;
        contact.stiffness = k, contact.damping = c, contact.static_friction = mu_s, contact.dynamic_friction = mu_d;
        data.contacts.push_back(contact);
    }
    Vec3 force_of(const std::string& component, std::initializer_list<std::pair<const char*, const char*>> props = {}) {
        std::vector<Diagnostic> diagnostics;
        auto force = make_component(component, model, props, diagnostics);
        if (!force) return Vec3::Constant(std::nan(""));
        force->apply(model, state, Controls{}, data);
        return data.contacts[0].force;
    }
};

bool close(double a, double b, double relative) { return std::abs(a - b) <= relative * std::abs(b) + 1e-300; }
#define VERIFY_CLOSE(a, b, rel)      \
    QVERIFY2(close((a), (b), (rel)), \
             (QByteArray::number((a), 'g', 12) + " expected " + QByteArray::number((b), 'g', 12)))

// ---- simulations ---------------------------------------------------------------

struct Run {
    std::vector<Diagnostic> diagnostics;
    std::unique_ptr<Simulation> sim;
    QByteArray messages() const {
        QByteArray out;
        for (const Diagnostic& d : diagnostics) out += QByteArray::fromStdString(format_diagnostic(d)) + "\n";
        return out;
    }
};

std::unique_ptr<Run> simulate_text(const std::string& text) {
    auto run = std::make_unique<Run>();
    ParseResult parsed = parse_text(text, "inline.hfd");
    run->diagnostics = parsed.diagnostics;
    if (!parsed.ok()) return run;
    BuildResult built = build_model(parsed.root, "inline.hfd");
    run->diagnostics.insert(run->diagnostics.end(), built.diagnostics.begin(), built.diagnostics.end());
    if (!built.ok()) return run;
    const SimConfig config = read_sim_config(parsed.root, "inline.hfd", run->diagnostics);
    if (has_errors(run->diagnostics)) return run;
    run->sim = Simulation::create(*built.model, config, run->diagnostics);
    return run;
}

#define REQUIRE_SIM(run) QVERIFY2((run)->sim, (run)->messages().constData())

std::string replace_all(std::string text, const std::string& key, const std::string& value) {
    for (size_t at = text.find(key); at != std::string::npos; at = text.find(key, at + value.size()))
        text.replace(at, key.size(), value);
    return text;
}

// One body (a sphere of radius 0.1 or a box) over a ground plane; materials equal on both sides.
std::string scene(const std::string& shape, const std::string& body_pos, const std::string& lin_vel,
                  const std::string& material, const std::string& response, const std::string& gravity = "0 -9.81 0",
                  const std::string& step = "0.00002") {
    std::string text = R"(
model {
    gravity [ GRAVITY ]
    material { name = mat MATERIAL }
    body { name = ground mass = 0 inertia { x = 0 y = 0 z = 0 }
        geometry { name = floor type = plane normal [ 0 1 0 ] material = mat } }
    body { name = thing mass = 1 inertia { x = 0.004 y = 0.004 z = 0.004 } pos [ POS ] lin_vel [ VEL ]
        geometry { name = thing_shape SHAPE material = mat } }
}
composite_force { simple_collision_detection {} RESPONSE }
symplectic_euler_integrator { step_size = STEP }
)";
    text = replace_all(text, "GRAVITY", gravity);
    text = replace_all(text, "MATERIAL", material);
    text = replace_all(text, "POS", body_pos);
    text = replace_all(text, "VEL", lin_vel);
    text = replace_all(text, "SHAPE", shape);
    text = replace_all(text, "RESPONSE", response);
    return replace_all(text, "STEP", step);
}

const std::string ball = "type = sphere radius = 0.1";
const std::string block = "type = box half_dim [ 0.1 0.05 0.1 ]";

// Normal velocity after a drop at `speed` without gravity: restitution = v_out / v_in.
double restitution(const std::string& material, const std::string& response, double speed) {
    auto run = simulate_text(
        scene(ball, "0 0.1001 0", "0 " + std::to_string(-speed) + " 0", material, response, "0 0 0", "0.000005"));
    if (!run->sim) return std::nan("");
    const double contact_time = 0.2;  // far longer than any impact here
    if (!run->sim->advance_to(contact_time)) return std::nan("");
    return run->sim->state().lin_vel[1].y() / speed;
}

double total_contact_force_y(Simulation& sim) {
    sim.evaluate();
    double sum = 0;
    for (const Contact& c : sim.data().contacts) sum += c.force.y();
    return sum;
}

}  // namespace

class TestContactForce : public QObject {
    Q_OBJECT
private slots:
    // Fn = k d - c vn, never pulling.
    void pdNormalForce() {
        VERIFY_CLOSE(OneContact(1e5, 200, 0, 0, 0.002, Vec3(0, -0.3, 0)).force_of("contact_force_pd").y(), 260.0,
                     1e-12);
        VERIFY_CLOSE(OneContact(1e5, 200, 0, 0, 0.002, Vec3(0, 0.3, 0)).force_of("contact_force_pd").y(), 140.0, 1e-12);
        const Vec3 separating = OneContact(1e5, 200, 1, 1, 0.002, Vec3(0.5, 5, 0)).force_of("contact_force_pd");
        QCOMPARE(separating.norm(), 0.0);
    }

    // Fn = (k d)^(3/2) (1 - 3/2 c vn): approaching (vn < 0) pushes harder.
    void huntCrossleyNormalForce() {
        const double k = 6000, d = 0.004, c = 1;
        VERIFY_CLOSE(OneContact(k, c, 0, 0, d, Vec3(0, -0.5, 0)).force_of("contact_force_hunt_crossley").y(),
                     std::pow(k * d, 1.5) * 1.75, 1e-12);
        VERIFY_CLOSE(OneContact(k, c, 0, 0, d, Vec3(0, 0.2, 0)).force_of("contact_force_hunt_crossley_sb").y(),
                     std::pow(k * d, 1.5) * 0.7, 1e-12);
        QCOMPARE(OneContact(k, c, 1, 1, d, Vec3(0.1, 1, 0)).force_of("contact_force_hunt_crossley").norm(), 0.0);
        QCOMPARE(OneContact(k, c, 1, 1, 0, Vec3(0.1, -1, 0)).force_of("contact_force_hunt_crossley").norm(), 0.0);
    }

    // Ft = -vt/|vt| min(eta |vt|, mu Fn), mu = static friction (as the manual writes).
    void viscousCoulombFriction() {
        const double k = 1e5, d = 0.001;  // Fn = 100 N at rest
        const Vec3 slow =
            OneContact(k, 0, 0.8, 0.3, d, Vec3(0.01, 0, -0.02)).force_of("contact_force_pd", {{"viscosity", "500"}});
        QVERIFY((Vec3(slow.x(), 0, slow.z()) - (-500 * Vec3(0.01, 0, -0.02))).norm() < 1e-9);  // 11 N < 80 N
        const Vec3 fast =
            OneContact(k, 0, 0.8, 0.3, d, Vec3(3, 0, 4)).force_of("contact_force_pd", {{"viscosity", "500"}});
        QVERIFY((Vec3(fast.x(), 0, fast.z()) - (-80 * Vec3(0.6, 0, 0.8))).norm() < 1e-9);
        VERIFY_CLOSE(fast.y(), 100.0, 1e-12);
        const Vec3 hc = OneContact(6000, 0, 0.5, 0.5, d, Vec3(-2, 0, 0)).force_of("contact_force_hunt_crossley");
        VERIFY_CLOSE(hc.x(), 0.5 * std::pow(6.0, 1.5), 1e-12);
    }

    // Simbody's friction: mu_s Fn at the transition velocity, mu_d Fn when sliding fast,
    // (2 mu_s - mu_d) Fn vs / vtr when creeping.
    void hollarsFriction() {
        const double k = 6000, d = 0.004, fn = std::pow(k * d, 1.5), mu_s = 0.9, mu_d = 0.5;
        auto friction = [&](double slip) {
            return -OneContact(k, 0, mu_s, mu_d, d, Vec3(slip, 0, 0))
                        .force_of("contact_force_hunt_crossley_sb", {{"transition_velocity", "0.2"}})
                        .x();
        };
        VERIFY_CLOSE(friction(0.2), mu_s * fn, 1e-12);
        VERIFY_CLOSE(friction(200), (mu_d + 2 * (mu_s - mu_d) / (1 + 1e6)) * fn, 1e-12);
        VERIFY_CLOSE(friction(1e-5), (2 * mu_s - mu_d) * fn * 1e-5 / 0.2, 1e-6);
        QVERIFY(friction(0.1) < friction(0.2) && friction(0.4) < friction(0.2));  // peak at vtr
        QVERIFY(-friction(-0.3) == friction(0.3));
    }

    // F on b, -F on a, torques about each centre of mass: the contact adds no
    // net force and no net moment about the origin.
    void appliedToBothBodies() {
        OneContact one(1e5, 50, 0.7, 0.7, 0.003, Vec3(0.4, -0.2, 0.1));
        const Vec3 f = one.force_of("contact_force_pd");
        const Vec3 p = one.data.contacts[0].point;
        QVERIFY((one.data.force[1] - f).norm() < 1e-12);
        QVERIFY((one.data.force[0] + f).norm() < 1e-12);
        QVERIFY((one.data.torque[1] - (p - one.state.pos[1]).cross(f)).norm() < 1e-12);
        const Vec3 net_moment = one.state.pos[0].cross(one.data.force[0]) + one.data.torque[0] +
                                one.state.pos[1].cross(one.data.force[1]) + one.data.torque[1];
        QVERIFY(net_moment.norm() < 1e-12);
    }

    // A planar evaluation adds the same force in the plane and the same torque about z
    // as a 3D one, for every contact response, and nothing about x and y (which the
    // planar dynamics does not read).
    void planarEvaluationAddsTheTorqueAboutZ() {
        for (const char* component :
             {"contact_force_pd", "contact_force_hunt_crossley", "contact_force_hunt_crossley_sb"}) {
            OneContact spatial(1e5, 50, 0.7, 0.5, 0.003, Vec3(0.4, -0.2, 0.0));
            OneContact planar(1e5, 50, 0.7, 0.5, 0.003, Vec3(0.4, -0.2, 0.0));
            planar.data.planar = true;
            const Vec3 f = spatial.force_of(component), f_planar = planar.force_of(component);
            QVERIFY2(f.allFinite() && f.norm() > 0, component);
            QCOMPARE(f_planar, f);
            for (int b = 0; b < 2; ++b) {
                QCOMPARE(planar.data.force[b], spatial.data.force[b]);
                QVERIFY(spatial.data.torque[b].head<2>().norm() > 0);  // the point lies off the plane z = 0
                QCOMPARE(planar.data.torque[b].head<2>().norm(), 0.0);
                QVERIFY(std::abs(planar.data.torque[b].z() - spatial.data.torque[b].z()) <=
                        1e-14 * spatial.data.torque[b].norm());
            }
        }
    }

    // OpenSim's HuntCrossleyForce (Simbody) for a sphere of radius r on a half
    // space, per-surface stiffness E_i, dissipation c, depth d, penetration rate v:
    //   s1 = E2^(2/3) / (E1^(2/3) + E2^(2/3)),  E = (s1 E1^(2/3))^(3/2),
    //   R = r (the half space has infinite radius),  f = (4/3) sqrt(R) E d^(3/2) (1 + 3/2 c v).
    // Materials converted with k_i = (4/3 sqrt(r) E_i)^(2/3) must give the same force.
    void matchesOpenSimHuntCrossley() {
        const double r = 0.03, c = 0.8, d = 0.004, v = 0.35;
        for (auto [e_ball, e_floor] : {std::pair{2e6, 2e6}, std::pair{2e6, 9e6}}) {
            const double s1 = std::pow(e_floor, 2.0 / 3) / (std::pow(e_ball, 2.0 / 3) + std::pow(e_floor, 2.0 / 3));
            const double e = std::pow(s1 * std::pow(e_ball, 2.0 / 3), 1.5);
            const double opensim = 4.0 / 3 * std::sqrt(r) * e * std::pow(d, 1.5) * (1 + 1.5 * c * v);

            Model model;
            model.materials.resize(3);
            model.materials[1].stiffness = std::pow(4.0 / 3 * std::sqrt(r) * e_ball, 2.0 / 3);
            model.materials[2].stiffness = std::pow(4.0 / 3 * std::sqrt(r) * e_floor, 2.0 / 3);
            model.materials[1].damping = model.materials[2].damping = c;
            model.bodies.resize(2);
            model.bodies[1].mass = 1;
            Geometry floor, sphere;
            floor.body = 0, floor.material = 2, floor.shape.type = ShapeType::Plane;
            sphere.body = 1, sphere.material = 1, sphere.shape.type = ShapeType::Sphere, sphere.shape.radius = r;
            model.geometries = {floor, sphere};
            State state;
            state.pos = {Vec3::Zero(), Vec3(0, r - d, 0)};
            state.ori = {Quat::Identity(), Quat::Identity()};
            state.lin_vel = {Vec3::Zero(), Vec3(0, -v, 0)};
            state.ang_vel = {Vec3::Zero(), Vec3::Zero()};
            Data data;
            data.resize(model);
            std::vector<Diagnostic> diagnostics;
            auto detection = make_component("simple_collision_detection", model, {}, diagnostics);
            auto response = make_component("contact_force_hunt_crossley", model, {}, diagnostics);
            QVERIFY(detection && response);
            detection->apply(model, state, Controls{}, data);
            response->apply(model, state, Controls{}, data);
            QCOMPARE(data.contacts.size(), size_t(1));
            VERIFY_CLOSE(data.contacts[0].force.y(), opensim, 1e-10);
        }
    }

    void badProperties() {
        Model model;
        std::vector<Diagnostic> diagnostics;
        QVERIFY(!make_component("contact_force_pd", model, {{"viscosity", "-1"}}, diagnostics));
        QVERIFY(has_errors(diagnostics));
        diagnostics.clear();
        QVERIFY(!make_component("contact_force_hunt_crossley", model, {{"viscosity", "nan"}}, diagnostics));
        QVERIFY(has_errors(diagnostics));
        diagnostics.clear();
        QVERIFY(!make_component("contact_force_hunt_crossley_sb", model, {{"transition_velocity", "0"}}, diagnostics));
        QVERIFY(has_errors(diagnostics));
        QVERIFY(diagnostics.back().message.find("transition_velocity") != std::string::npos);
        diagnostics.clear();
        QVERIFY(make_component("contact_force_hunt_crossley_sb", model, {{"viscosity", "3"}}, diagnostics));
        QCOMPARE(diagnostics.size(), size_t(1));
        QCOMPARE(diagnostics[0].severity, Severity::Warning);
    }

    // ---- simulations ----

    // At rest the contact carries m g: pd k d = m g, Hunt-Crossley (k d)^(3/2) = m g,
    // k the series stiffness of the two equal materials (k_material / 2).
    void restingDepth_data() {
        QTest::addColumn<QString>("response");
        QTest::addColumn<double>("expected_depth");
        const double k_pd = 2e5 / 2, k_hc = 1e4 / 2;
        QTest::newRow("pd") << "contact_force_pd {} " << g / k_pd;
        QTest::newRow("hunt_crossley") << "contact_force_hunt_crossley {}" << std::pow(g, 2.0 / 3) / k_hc;
        QTest::newRow("hunt_crossley_sb") << "contact_force_hunt_crossley_sb {}" << std::pow(g, 2.0 / 3) / k_hc;
    }
    void restingDepth() {
        QFETCH(QString, response);
        QFETCH(double, expected_depth);
        const bool pd = response.startsWith("contact_force_pd");
        const std::string material = pd ? "stiffness = 2e5 damping = 600" : "stiffness = 1e4 damping = 3";
        auto run = simulate_text(scene(ball, "0 0.1 0", "0 0 0", material, response.toStdString()));
        REQUIRE_SIM(run);
        QVERIFY2(run->sim->advance_to(1.5), run->sim->error() ? run->sim->error()->message.c_str() : "");
        const double depth = 0.1 - run->sim->state().pos[1].y();
        VERIFY_CLOSE(depth, expected_depth, 0.005);
        VERIFY_CLOSE(total_contact_force_y(*run->sim), g, 0.005);
    }

    // A block sliding at v0 decelerates at mu g and stops after v0^2 / (2 mu g).
    void slidingBlockStops_data() {
        QTest::addColumn<QString>("response");
        QTest::newRow("pd") << "contact_force_pd { viscosity = 1000 }";
        QTest::newRow("hunt_crossley") << "contact_force_hunt_crossley { viscosity = 1000 }";
        QTest::newRow("hunt_crossley_sb") << "contact_force_hunt_crossley_sb { transition_velocity = 0.01 }";
    }
    void slidingBlockStops() {
        QFETCH(QString, response);
        const bool pd = response.startsWith("contact_force_pd");
        const double mu = 0.5, v0 = 2;
        const std::string friction = " static_friction = 0.5 dynamic_friction = 0.5";
        const std::string material = (pd ? "stiffness = 2e5 damping = 600" : "stiffness = 2e4 damping = 3") + friction;
        auto run =
            simulate_text(scene(block, "0 0.05 0", "2 0 0", material, response.toStdString(), "0 -9.81 0", "0.00002"));
        REQUIRE_SIM(run);
        Simulation& sim = *run->sim;
        QVERIFY(sim.advance_to(0.2));
        VERIFY_CLOSE(sim.state().lin_vel[1].x(), v0 - mu * g * 0.2, 0.01);
        QVERIFY(sim.advance_to(1.0));
        VERIFY_CLOSE(sim.state().pos[1].x(), v0 * v0 / (2 * mu * g), 0.01);
        QVERIFY(std::abs(sim.state().lin_vel[1].x()) < 0.01);
    }

    // Simbody friction on a slope tan(theta) < mu_s: the block creeps at the slip
    // speed where Fn [r (mu_d + 2 (mu_s - mu_d) / (1 + r^2))] = Fn tan(theta),
    // r = v / vtr < 1, so below the transition velocity; steeper than atan(mu_s) it slides away.
    void simbodyFrictionCreepsOnSlope() {
        const double mu_s = 0.6, mu_d = 0.4;
        const std::string material = "stiffness = 2e4 damping = 3 static_friction = 0.6 dynamic_friction = 0.4";
        for (double transition : {0.1, 0.01}) {
            const double tan_theta = 0.3, theta = std::atan(tan_theta);
            double lo = 0, hi = 1;  // coefficient(r) increases on [0, 1]
            for (int i = 0; i < 100; ++i) {
                const double r = 0.5 * (lo + hi);
                (r * (mu_d + 2 * (mu_s - mu_d) / (1 + r * r)) < tan_theta ? lo : hi) = r;
            }
            const std::string gravity =
                std::to_string(g * std::sin(theta)) + " " + std::to_string(-g * std::cos(theta)) + " 0";
            auto run = simulate_text(
                scene(block, "0 0.05 0", "0 0 0", material,
                      "contact_force_hunt_crossley_sb { transition_velocity = " + std::to_string(transition) + " }",
                      gravity));
            REQUIRE_SIM(run);
            QVERIFY(run->sim->advance_to(1.0));
            const double speed = run->sim->state().lin_vel[1].x();
            VERIFY_CLOSE(speed, lo * transition, 0.02);
            QVERIFY(speed < transition);
        }
        const double steep = std::atan(0.7);
        auto run = simulate_text(
            scene(block, "0 0.05 0", "0 0 0", material, "contact_force_hunt_crossley_sb {}",
                  std::to_string(g * std::sin(steep)) + " " + std::to_string(-g * std::cos(steep)) + " 0"));
        REQUIRE_SIM(run);
        QVERIFY(run->sim->advance_to(1.0));
        // sliding fast, the friction tends to mu_d Fn: a = g (sin - mu_d cos) minus the start
        QVERIFY(run->sim->state().lin_vel[1].x() > 0.8 * g * (std::sin(steep) - mu_d * std::cos(steep)));
    }

    // With an error-controlled integrator the friction is taken at the step's end
    // velocity (body_update.h, step_accelerations): the block creeps at the same
    // analytic speed (its velocity within the accuracy, 1e-4 m/s, of it), and the
    // steps grow past 2 m / c, beyond which an explicit friction of slope
    // c = Fn (2 mu_s - mu_d) / vtr cannot be integrated stably.
    void stiffFrictionDoesNotBoundTheStep_data() {
        QTest::addColumn<QString>("integrator");
        QTest::newRow("sem") << "error_control_integrator_sem { accuracy = 1e-4 }";
        QTest::newRow("pse") << "error_control_integrator_pse { accuracy = 1e-4 }";
    }
    void stiffFrictionDoesNotBoundTheStep() {
        QFETCH(QString, integrator);
        const double mu_s = 0.6, mu_d = 0.4, transition = 0.001, tan_theta = 0.3, theta = std::atan(tan_theta);
        double lo = 0, hi = 1;  // the creep ratio r = v / vtr, as in simbodyFrictionCreepsOnSlope
        for (int i = 0; i < 100; ++i) {
            const double r = 0.5 * (lo + hi);
            (r * (mu_d + 2 * (mu_s - mu_d) / (1 + r * r)) < tan_theta ? lo : hi) = r;
        }
        const std::string material = "stiffness = 2e4 damping = 3 static_friction = 0.6 dynamic_friction = 0.4";
        const std::string gravity = std::to_string(g * std::sin(theta)) + " " + std::to_string(-g * std::cos(theta)) + " 0";
        std::string text =
            scene(block, "0 0.05 0", "0 0 0", material,
                  "contact_force_hunt_crossley_sb { transition_velocity = " + std::to_string(transition) + " }", gravity);
        const std::string fixed = "symplectic_euler_integrator { step_size = 0.00002 }";
        text.replace(text.find(fixed), fixed.size(), integrator.toStdString());
        auto run = simulate_text(text);
        REQUIRE_SIM(run);
        Simulation& sim = *run->sim;
        QVERIFY(sim.advance_to(0.5));
        const long long settled = sim.accepted_steps();
        const double start = sim.state().pos[1].x();
        QVERIFY(sim.advance_to(1.5));
        VERIFY_CLOSE(sim.state().pos[1].x() - start, lo * transition * 1.0, 0.02);  // the creep over 1 s
        const double mean_step = 1.0 / double(sim.accepted_steps() - settled);
        const double mass = 1, slope = g * std::cos(theta) * (2 * mu_s - mu_d) / transition;
        QVERIFY2(mean_step > 2 * mass / slope,
                 qPrintable(QString("mean step %1 s, explicit bound %2 s").arg(mean_step).arg(2 * mass / slope)));
    }

    // Hunt-Crossley: 1 - e = c v for small c v (Simbody's documentation of the model),
    // so restitution falls as impact speed rises. Kelvin-Voigt: e does not depend on speed.
    void restitutionVersusImpactSpeed() {
        const std::string hc_material = "stiffness = 1e4 damping = 0.04";
        const std::string hc = "contact_force_hunt_crossley {}";
        const double e_slow = restitution(hc_material, hc, 0.5), e_fast = restitution(hc_material, hc, 2.0);
        QVERIFY2(e_fast < e_slow - 0.04, QByteArray::number(e_slow) + " " + QByteArray::number(e_fast));
        VERIFY_CLOSE(1 - e_slow, 0.04 * 0.5, 0.15);
        VERIFY_CLOSE(1 - e_fast, 0.04 * 2.0, 0.15);

        const std::string pd_material = "stiffness = 2e5 damping = 40";
        const std::string pd = "contact_force_pd {}";
        const double p_slow = restitution(pd_material, pd, 0.5), p_fast = restitution(pd_material, pd, 2.0);
        QVERIFY2(std::abs(p_fast - p_slow) < 0.002, QByteArray::number(p_slow) + " " + QByteArray::number(p_fast));
        QVERIFY(p_slow > 0.5 && p_slow < 0.99);
    }

    // A ball dropped on a resting ball: passes through without the flag, lands on it with it.
    void objectContactNeedsFlag() {
        for (bool flag : {false, true}) {
            const std::string text = std::string(R"(
model {
    material { name = mat stiffness = 1e4 damping = 3 }
    body { name = ground mass = 0 inertia { x = 0 y = 0 z = 0 }
        geometry { name = floor type = plane normal [ 0 1 0 ] material = mat } }
    body { name = lower mass = 1 inertia { x = 0.004 y = 0.004 z = 0.004 } pos [ 0 0.1 0 ]
        geometry { name = lower_ball type = sphere radius = 0.1 material = mat } }
    body { name = upper mass = 1 inertia { x = 0.004 y = 0.004 z = 0.004 } pos [ 0 0.5 0 ]
        geometry { name = upper_ball type = sphere radius = 0.1 material = mat } }
}
composite_force { simple_collision_detection { enable_collision_between_objects = )") +
                                     (flag ? "1" : "0") + R"( }
                  contact_force_hunt_crossley {} }
symplectic_euler_integrator { step_size = 0.00002 }
)";
            auto run = simulate_text(text);
            REQUIRE_SIM(run);
            QVERIFY(run->sim->advance_to(1.5));
            const double upper = run->sim->state().pos[2].y();
            if (flag) QVERIFY2(upper > 0.29 && upper < 0.3, QByteArray::number(upper));
            else QVERIFY2(upper > 0.09 && upper < 0.1, QByteArray::number(upper));
        }
    }

    // At rest, a capsule lying flat touches at its two cap centres, a box at its
    // four bottom corners, each carrying an equal share of the weight.
    void capsuleAndBoxContactPoints() {
        const std::string material = "stiffness = 1e4 damping = 3";
        auto capsule = simulate_text(scene("type = capsule radius = 0.05 height = 0.4 ori { z = 90 }", "0.3 0.05 0",
                                           "0 0 0", material, "contact_force_hunt_crossley {}"));
        REQUIRE_SIM(capsule);
        QVERIFY(capsule->sim->advance_to(1.0));
        capsule->sim->evaluate();
        const auto& capsule_contacts = capsule->sim->data().contacts;
        QCOMPARE(capsule_contacts.size(), size_t(2));
        for (const Contact& c : capsule_contacts) {
            QVERIFY2(std::abs(std::abs(c.point.x() - 0.3) - 0.2) < 1e-3, QByteArray::number(c.point.x()));
            QVERIFY(std::abs(c.point.z()) < 1e-6);
            VERIFY_CLOSE(c.force.y(), g / 2, 0.01);
        }

        auto box = simulate_text(scene(block, "0 0.05 0", "0 0 0", material, "contact_force_hunt_crossley {}"));
        REQUIRE_SIM(box);
        QVERIFY(box->sim->advance_to(1.0));
        box->sim->evaluate();
        const auto& box_contacts = box->sim->data().contacts;
        QCOMPARE(box_contacts.size(), size_t(4));
        for (const Contact& c : box_contacts) {
            QVERIFY(std::abs(std::abs(c.point.x()) - 0.1) < 1e-6);
            QVERIFY(std::abs(std::abs(c.point.z()) - 0.1) < 1e-6);
            VERIFY_CLOSE(c.force.y(), g / 4, 0.01);
        }
    }
};

QTEST_APPLESS_MAIN(TestContactForce)
#include "test_contact_force.moc"
