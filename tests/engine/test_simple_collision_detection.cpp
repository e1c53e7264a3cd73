// simple_collision_detection on hand-built models: which pairs are tested,
// what each Contact holds, unsupported pairs, and no allocation per evaluation.
// The object-object broad phases (sweep and prune; the uniform grid from 128
// objects, test_uniform_grid) find exactly the pairs an all-pairs test finds.
#include "forces/simple_collision_detection.h"
#include "sim/components.h"
#include "sim/dynamics.h"
#include "state/data.h"
#include "state/state.h"
#include "test_shapes.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <random>

using namespace hfd;

namespace {

constexpr double pi = 3.14159265358979323846;

bool near(const Vec3& a, const Vec3& b, double tolerance = 1e-12) { return (a - b).norm() <= tolerance; }

// The same contact from two detection paths, to round-off.
bool same_contact(const Contact& a, const Contact& b) {
    return std::abs(a.depth - b.depth) < 1e-12 && near(a.point, b.point) && near(a.normal, b.normal) &&
           near(a.relative_velocity, b.relative_velocity) && a.geometry_a == b.geometry_a &&
           a.geometry_b == b.geometry_b && a.body_a == b.body_a && a.body_b == b.body_b;
}

struct Scene {
    Model model;
    State state;

    Scene() {
        Material default_material;
        default_material.name = "default";
        model.materials.push_back(default_material);
        add_body("ground", 0, Vec3::Zero());
    }
    Index add_body(const std::string& name, double mass, const Vec3& pos, const Quat& ori = Quat::Identity()) {
        Body body;
        body.name = name, body.mass = mass, body.inertia = Vec3::Constant(0.01), body.pos = pos, body.ori = ori;
        model.bodies.push_back(body);
        state.pos.push_back(pos);
        state.ori.push_back(ori);
        state.lin_vel.push_back(Vec3::Zero());
        state.ang_vel.push_back(Vec3::Zero());
        return Index(model.bodies.size() - 1);
    }
    Index add_geometry(const std::string& name, Index body, const Shape& shape, const Vec3& pos = Vec3::Zero(),
                       Index material = 0, int line = 0) {
        Geometry g;
        g.name = name, g.body = body, g.shape = shape, g.pos = pos, g.material = material;
        g.location = {"scene.hfd", line, 3};
        model.geometries.push_back(g);
        return Index(model.geometries.size() - 1);
    }
};

using test::box;
using test::sphere;

PropNode props(bool between_objects) {
    PropNode node;
    node.key = "simple_collision_detection";
    node.kind = PropNode::Kind::Group;
    if (between_objects) node.add("enable_collision_between_objects", "1");
    return node;
}

struct Detection {
    std::vector<Diagnostic> diagnostics;
    std::unique_ptr<ForceComponent> component;
    Data data;
};

std::unique_ptr<Detection> detect(Scene& scene, const PropNode& properties) {
    auto result = std::make_unique<Detection>();
    const std::string file = "config.hfd";
    ForceContext context{scene.model, file, result->diagnostics};
    result->component = create_force(properties, context);
    if (!result->component) return result;
    result->data.resize(scene.model);
    Controls controls;
    result->component->initialize(scene.model, scene.state, controls, result->data);
    result->data.clear_accumulators();
    update_body_frames(scene.state, result->data);  // the evaluation's first stage, which placing geometries reads
    result->component->apply(scene.model, scene.state, controls, result->data);
    return result;
}

}  // namespace

class TestSimpleCollisionDetection : public QObject {
    Q_OBJECT
private slots:
    // Two spheres overlapping each other, both 1 cm into the ground.
    void objectPairsOnlyWithFlag() {
        Scene scene;
        scene.add_geometry("floor", 0, test::plane());
        const Index a = scene.add_body("a", 1, Vec3(0, 0.09, 0));
        const Index b = scene.add_body("b", 1, Vec3(0.15, 0.09, 0));
        scene.add_geometry("ball_a", a, sphere(0.1));
        scene.add_geometry("ball_b", b, sphere(0.1));

        auto plain = detect(scene, props(false));
        QVERIFY(plain->component);
        QCOMPARE(plain->data.contacts.size(), size_t(2));
        for (const Contact& c : plain->data.contacts) {
            QCOMPARE(c.geometry_a, 0);
            QCOMPARE(c.body_a, 0);
            QVERIFY(near(c.normal, Vec3::UnitY()));
            QVERIFY(std::abs(c.depth - 0.01) < 1e-12);
        }

        auto with_flag = detect(scene, props(true));
        QCOMPARE(with_flag->data.contacts.size(), size_t(3));
        int object_contacts = 0;
        for (const Contact& c : with_flag->data.contacts) {
            if (c.geometry_a == 0) continue;
            ++object_contacts;
            QCOMPARE(c.body_a, a);
            QCOMPARE(c.body_b, b);
            QVERIFY(near(c.normal, Vec3::UnitX()));  // from a towards b
            QVERIFY(std::abs(c.depth - 0.05) < 1e-12);
            QVERIFY(near(c.point, Vec3(0.075, 0.09, 0)));
        }
        QCOMPARE(object_contacts, 1);
        QVERIFY(plain->diagnostics.empty());
    }

    // The static geometry is always a, whatever the order in the model.
    void staticGeometryIsA() {
        Scene scene;
        const Index ball = scene.add_body("ball", 1, Vec3(0, 0.09, 0));
        scene.add_geometry("ball", ball, sphere(0.1));
        scene.add_geometry("floor", 0, test::plane());
        auto result = detect(scene, props(false));
        QCOMPARE(result->data.contacts.size(), size_t(1));
        const Contact& c = result->data.contacts[0];
        QCOMPARE(c.geometry_a, 1);
        QCOMPARE(c.geometry_b, 0);
        QCOMPARE(c.body_b, ball);
        QVERIFY(near(c.normal, Vec3::UnitY()));
    }

    // Geometry offset on a turned, moving and spinning body; materials combined.
    void contactFields() {
        Scene scene;
        Material soft;
        soft.name = "soft", soft.stiffness = 1e4, soft.damping = 3, soft.static_friction = 0.5,
        soft.dynamic_friction = 0.2;
        scene.model.materials.push_back(soft);
        scene.model.materials[0].stiffness = 4e4, scene.model.materials[0].damping = 1;
        scene.model.materials[0].static_friction = 0.8, scene.model.materials[0].dynamic_friction = 0.8;
        scene.add_geometry("floor", 0, test::plane());
        const Quat turn(Eigen::AngleAxisd(pi / 2, Vec3::UnitZ()));  // body x axis -> world y
        const Index body = scene.add_body("wheel", 2, Vec3(0.3, 0.5, 0.2), turn);
        // body-frame offset -0.45 along x = 0.45 below the body centre in the world
        scene.add_geometry("foot", body, sphere(0.06), Vec3(-0.45, 0, 0), 1);
        scene.state.lin_vel[body] = Vec3(1, -2, 0.5);
        scene.state.ang_vel[body] = Vec3(0, 0, 3);

        auto result = detect(scene, props(false));
        QCOMPARE(result->data.contacts.size(), size_t(1));
        const Contact& c = result->data.contacts[0];
        QCOMPARE(c.body_b, body);
        QCOMPARE(c.geometry_b, 1);
        QVERIFY(std::abs(c.depth - 0.01) < 1e-12);
        QVERIFY(near(c.point, Vec3(0.3, -0.005, 0.2)));
        const Vec3 expected_velocity = Vec3(1, -2, 0.5) + Vec3(0, 0, 3).cross(c.point - Vec3(0.3, 0.5, 0.2));
        QVERIFY(near(c.relative_velocity, expected_velocity));
        QVERIFY(std::abs(c.stiffness - 4e4 * 1e4 / 5e4) < 1e-9);
        QVERIFY(std::abs(c.damping - 2) < 1e-12);
        QVERIFY(std::abs(c.static_friction - std::sqrt(0.4)) < 1e-12);
        QVERIFY(std::abs(c.dynamic_friction - std::sqrt(0.16)) < 1e-12);
    }

    // The plane-sphere pairs are placed with the evaluation's body rotations, the
    // other pairs with quaternions (detect_pair_contacts): both give the same contact,
    // with the plane on the static body or the sphere, tilted in 3D or about z only.
    void planeSphereMatchesTheGeneralShapeTest() {
        for (int plane_static = 0; plane_static < 2; ++plane_static) {
            for (int about_z_only = 0; about_z_only < 2; ++about_z_only) {
                Scene scene;
                const Quat tilt = about_z_only ? Quat(Eigen::AngleAxisd(0.3, Vec3::UnitZ()))
                                               : Quat(Eigen::AngleAxisd(0.3, Vec3(1, 2, 3).normalized()));
                const Quat spin = about_z_only ? Quat(Eigen::AngleAxisd(-1.1, Vec3::UnitZ()))
                                               : Quat(Eigen::AngleAxisd(-1.1, Vec3(-2, 1, 0.5).normalized()));
                scene.model.bodies[0].ori = tilt, scene.state.ori[0] = tilt;
                scene.model.bodies[0].pos = scene.state.pos[0] = Vec3(0.1, -0.05, 0.02);
                const Index body = scene.add_body("ball", 1, Vec3(0.2, 0.03, -0.1), spin);
                scene.state.lin_vel[body] = Vec3(0.5, -1, 0.2), scene.state.ang_vel[body] = Vec3(1, -2, 3);
                Shape plane = test::plane();
                plane.normal = Vec3(0.1, 1, 0).normalized();
                if (plane_static) {
                    scene.add_geometry("floor", 0, plane, Vec3(0.02, 0.01, 0));
                    scene.add_geometry("ball", body, sphere(0.1), Vec3(0.03, -0.02, 0.01));
                } else {
                    scene.add_geometry("knob", 0, sphere(0.1), Vec3(0.2, 0.1, -0.1));
                    scene.add_geometry("paddle", body, plane, Vec3(0, -0.02, 0));
                }
                scene.model.geometries[0].ori = Quat(Eigen::AngleAxisd(0.2, Vec3::UnitZ()));
                // move the body so that the sphere's centre lies 0.04 above the plane
                // (depth 0.06), 0.02 aside of the plane's origin
                const Index plane_g = plane_static ? 0 : 1, sphere_g = 1 - plane_g;
                const Vec3 centre = geometry_world_pose(scene.model, scene.state, sphere_g).pos;
                const ShapePose plane_pose = geometry_world_pose(scene.model, scene.state, plane_g);
                const Vec3 n = plane_pose.ori * plane.normal;
                const Vec3 above = plane_pose.pos + 0.04 * n + 0.02 * n.unitOrthogonal();
                scene.state.pos[body] += plane_static ? Vec3(above - centre) : Vec3(centre - above);
                auto result = detect(scene, props(false));
                QCOMPARE(result->data.contacts.size(), size_t(1));
                std::vector<Diagnostic> diagnostics;
                const auto pairs = collision_candidate_pairs(scene.model, false, diagnostics);
                QCOMPARE(pairs.size(), size_t(1));
                std::vector<Contact> general;
                detect_pair_contacts(scene.model, scene.state, pairs[0], general);
                QCOMPARE(general.size(), size_t(1));
                QVERIFY(result->data.contacts[0].depth > 0);
                QVERIFY(same_contact(result->data.contacts[0], general[0]));
            }
        }
    }

    // A capsule against a plane is two spheres at its end-cap centres, placed in the
    // bodies' frames as the spheres are; the general test (detect_pair_contacts, with
    // quaternions) gives the same contacts at every height: none, one end cap, both.
    void planeCapsuleMatchesTheGeneralShapeTest() {
        for (int plane_static = 0; plane_static < 2; ++plane_static) {
            std::vector<size_t> counts;
            for (int step = 0; step <= 40; ++step) {
                const double height = 0.4 - 0.02 * step;
                Scene scene;
                const Quat tilt(Eigen::AngleAxisd(0.3, Vec3(1, 2, 3).normalized()));
                const Quat spin(Eigen::AngleAxisd(-1.1, Vec3(-2, 1, 0.5).normalized()));
                scene.model.bodies[0].ori = tilt, scene.state.ori[0] = tilt;
                const Index body = scene.add_body("leg", 1, Vec3(0.2, height, -0.1), spin);
                scene.state.lin_vel[body] = Vec3(0.5, -1, 0.2), scene.state.ang_vel[body] = Vec3(1, -2, 3);
                Shape plane = test::plane();
                plane.normal = Vec3(0.1, 1, 0).normalized();
                const Index capsule_body = plane_static ? body : 0, plane_body = plane_static ? 0 : body;
                scene.add_geometry("floor", plane_body, plane, Vec3(0.02, 0.01, 0));
                const Index capsule =
                    scene.add_geometry("shank", capsule_body, test::capsule(0.05, 0.3), Vec3(0.03, -0.02, 0.01));
                scene.model.geometries[capsule].ori = Quat(Eigen::AngleAxisd(1.2, Vec3(1, 0, 1).normalized()));
                auto result = detect(scene, props(false));
                std::vector<Diagnostic> diagnostics;
                const auto pairs = collision_candidate_pairs(scene.model, false, diagnostics);
                QCOMPARE(pairs.size(), size_t(1));
                std::vector<Contact> general;
                detect_pair_contacts(scene.model, scene.state, pairs[0], general);
                QCOMPARE(result->data.contacts.size(), general.size());
                for (size_t i = 0; i < general.size(); ++i) {
                    QVERIFY(result->data.contacts[i].depth > 0);
                    QVERIFY(same_contact(result->data.contacts[i], general[i]));
                }
                counts.push_back(general.size());
            }
            // the heights cover no contact, one end cap and both
            for (size_t expected : {size_t(0), size_t(1), size_t(2)})
                QVERIFY(std::find(counts.begin(), counts.end(), expected) != counts.end());
        }
    }

    void relativeVelocityIsBMinusA() {
        Scene scene;
        const Index a = scene.add_body("a", 1, Vec3(0, 1, 0));
        const Index b = scene.add_body("b", 1, Vec3(0.15, 1, 0));
        scene.add_geometry("ball_a", a, sphere(0.1));
        scene.add_geometry("ball_b", b, sphere(0.1));
        scene.state.lin_vel[a] = Vec3(2, 0, 0);
        scene.state.lin_vel[b] = Vec3(-1, 0.5, 0);
        scene.state.ang_vel[a] = Vec3(0, 4, 0);
        auto result = detect(scene, props(true));
        QCOMPARE(result->data.contacts.size(), size_t(1));
        const Contact& c = result->data.contacts[0];
        const Vec3 va = Vec3(2, 0, 0) + Vec3(0, 4, 0).cross(c.point - Vec3(0, 1, 0));
        QVERIFY(near(c.relative_velocity, Vec3(-1, 0.5, 0) - va));
        QVERIFY(c.relative_velocity.dot(c.normal) < 0);  // approaching
    }

    void sameBodyNeverCollides() {
        Scene scene;
        const Index body = scene.add_body("body", 1, Vec3(0, 1, 0));
        scene.add_geometry("one", body, sphere(0.1));
        scene.add_geometry("two", body, sphere(0.1), Vec3(0.05, 0, 0));
        auto result = detect(scene, props(true));
        QVERIFY(result->data.contacts.empty());
    }

    void unsupportedPairIsReportedOnce() {
        Scene scene;
        scene.add_geometry("floor", 0, test::plane());
        const Index a = scene.add_body("crate_a", 1, Vec3(0, 0.5, 0));
        const Index b = scene.add_body("crate_b", 1, Vec3(0, 0.8, 0));
        scene.add_geometry("crate_a_box", a, box(Vec3::Constant(0.1)), Vec3::Zero(), 0, 11);
        scene.add_geometry("crate_b_box", b, box(Vec3::Constant(0.1)), Vec3::Zero(), 0, 12);

        auto plain = detect(scene, props(false));  // boxes on dynamic bodies never meet
        QVERIFY(plain->diagnostics.empty());

        auto with_flag = detect(scene, props(true));
        QVERIFY(with_flag->component);
        QCOMPARE(with_flag->diagnostics.size(), size_t(1));
        const Diagnostic& d = with_flag->diagnostics[0];
        QCOMPARE(d.severity, Severity::Warning);
        QVERIFY(d.message.find("crate_a_box") != std::string::npos);
        QVERIFY(d.message.find("crate_b_box") != std::string::npos);
        QCOMPARE(d.location.line, 12);
        QVERIFY(!has_errors(with_flag->diagnostics));

        // a static box (an obstacle) against a dynamic box: reported without the flag too
        scene.add_geometry("step", 0, box(Vec3(1, 0.05, 1)), Vec3::Zero(), 0, 13);
        auto obstacle = detect(scene, props(false));
        QCOMPARE(obstacle->diagnostics.size(), size_t(2));
    }

    // Capacity for every possible contact is reserved at initialize; evaluations
    // with the most contacts possible do not move the buffer.
    void sweepAndPruneFindsExactlyTheOverlappingBoxes() {
        std::mt19937 rng(5);
        std::uniform_real_distribution<double> coordinate(-1, 1), size(0.01, 0.2);
        BroadPhase bp;
        std::vector<Vec3>& centre = bp.centre;
        centre.resize(300);
        std::vector<double> radius(300);
        for (size_t i = 0; i < centre.size(); ++i) {
            centre[i] = Vec3(coordinate(rng), coordinate(rng), 0.3 * coordinate(rng));
            radius[i] = size(rng);
        }
        for (int round = 0; round < 4; ++round) {  // later rounds start from the kept order
            if (round == 3)                        // spread along z: the sweep changes axis
                for (Vec3& c : centre) c = Vec3(0.1 * c.x(), 0.1 * c.y(), 10 * c.z());
            sweep_and_prune(radius, bp);
            const auto& found = bp.overlapping;
            std::vector<std::pair<Index, Index>> expected;
            for (Index a = 0; a < Index(centre.size()); ++a)
                for (Index b = a + 1; b < Index(centre.size()); ++b)
                    if ((centre[a] - centre[b]).squaredNorm() <= (radius[a] + radius[b]) * (radius[a] + radius[b]))
                        expected.emplace_back(a, b);  // the bounding spheres overlap
            QVERIFY(expected.size() > 100);
            std::vector<std::pair<Index, Index>> sorted = found;
            std::sort(sorted.begin(), sorted.end());
            QVERIFY(sorted == expected);
            QCOMPARE(bp.axis, round == 3 ? 2 : 0);
            for (Vec3& c : centre) c += 0.05 * Vec3(coordinate(rng), coordinate(rng), coordinate(rng));
        }
    }

    // 60 balls go through sweep and prune, 240 through the uniform grid.
    void objectContactsAreThoseOfEveryPair() {
        for (const int balls : {60, 240}) {
            Scene scene;
            std::mt19937 rng(7);
            const double side = balls == 60 ? 0.5 : 0.8;
            std::uniform_real_distribution<double> coordinate(-side, side);
            Material rubber;  // every other ball: pairs of unlike materials combine
            rubber.name = "rubber", rubber.stiffness = 2e4, rubber.damping = 2, rubber.static_friction = 1.1;
            scene.model.materials.push_back(rubber);
            for (int i = 0; i < balls; ++i) {
                const Index body = scene.add_body("ball" + std::to_string(i), 1,
                                                  Vec3(coordinate(rng), coordinate(rng), 0.2 * coordinate(rng)));
                scene.add_geometry("ball" + std::to_string(i), body, sphere(0.05 + 0.05 * (i % 3)), Vec3::Zero(),
                                   i % 2);
            }
            auto result = detect(scene, props(true));
            QVERIFY(result->component);
            std::vector<Contact> expected;
            std::vector<Diagnostic> ignored;
            for (const CollisionPair& pair : collision_candidate_pairs(scene.model, true, ignored))
                detect_pair_contacts(scene.model, scene.state, pair, expected);
            QVERIFY(expected.size() > size_t(balls / 3));
            QCOMPARE(result->data.contacts.size(), expected.size());
            std::vector<Contact> found = result->data.contacts;  // in broad-phase order: compare by pair
            auto by_pair = [](const Contact& a, const Contact& b) {
                return std::pair(a.geometry_a, a.geometry_b) < std::pair(b.geometry_a, b.geometry_b);
            };
            std::sort(found.begin(), found.end(), by_pair);
            std::sort(expected.begin(), expected.end(), by_pair);
            for (size_t k = 0; k < expected.size(); ++k) {
                const Contact &c = found[k], &e = expected[k];
                QCOMPARE(c.geometry_a, e.geometry_a);
                QCOMPARE(c.geometry_b, e.geometry_b);
                QVERIFY(near(c.point, e.point, 0) && near(c.normal, e.normal, 0) && c.depth == e.depth);
                QCOMPARE(c.stiffness, e.stiffness);  // the combined material
                QCOMPARE(c.static_friction, e.static_friction);
            }
        }
    }

    void noAllocationPerEvaluation() {
        Scene scene;
        scene.add_geometry("floor", 0, test::plane());
        const Index crate = scene.add_body("crate", 1, Vec3(0, -1, 0));  // entirely below the floor: 8 corners
        scene.add_geometry("crate", crate, box(Vec3(0.1, 0.2, 0.3)));
        const Index ball = scene.add_body("ball", 1, Vec3(0, 0.05, 0));
        scene.add_geometry("ball", ball, sphere(0.1));
        auto result = detect(scene, props(true));
        QCOMPARE(result->data.contacts.size(), size_t(9));
        const Contact* buffer = result->data.contacts.data();
        const size_t capacity = result->data.contacts.capacity();
        Controls controls;
        for (int i = 0; i < 5; ++i) {
            result->data.clear_accumulators();
            result->component->apply(scene.model, scene.state, controls, result->data);
        }
        QCOMPARE(result->data.contacts.size(), size_t(9));
        QCOMPARE(result->data.contacts.data(), buffer);
        QCOMPARE(result->data.contacts.capacity(), capacity);
    }

    void badProperties() {
        Scene scene;
        scene.add_geometry("floor", 0, test::plane());
        PropNode bad = props(false);
        PropNode& flag = bad.add("enable_collision_between_objects", "maybe");
        flag.line = 4, flag.column = 7;
        std::vector<Diagnostic> diagnostics;
        const std::string file = "config.hfd";
        ForceContext context{scene.model, file, diagnostics};
        QVERIFY(!create_force(bad, context));
        QVERIFY(has_errors(diagnostics));
        QCOMPARE(diagnostics.back().location.line, 4);
        QVERIFY(diagnostics.back().message.find("enable_collision_between_objects") != std::string::npos);

        PropNode unknown = props(false);
        unknown.add("enable_collisions", "1");
        diagnostics.clear();
        QVERIFY(create_force(unknown, context));
        QCOMPARE(diagnostics.size(), size_t(1));
        QCOMPARE(diagnostics[0].severity, Severity::Warning);
        QVERIFY(diagnostics[0].message.find("enable_collisions") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestSimpleCollisionDetection)
#include "test_simple_collision_detection.moc"
