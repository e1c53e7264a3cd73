// The recorder's contact pairs (io/contact_pairs.cpp) are the collision
// detection's candidate pairs: on a model with a plane, a static box, a box, a
// sphere, a capsule and a second box (box-box pairs unsupported) they
// agree with collision_candidate_pairs in order and support, every contact the
// detection finds falls in a pair, and the gathered pair forces balance the
// contact forces on each body.
#include "format/parser.h"
#include "forces/simple_collision_detection.h"
#include "io/contact_pairs.h"
#include "model/build_model.h"
#include "sim/components.h"

#include <QTest>

using namespace hfd;

namespace {

// geometry 0 comes before the static ones, so that "moving first" and the
// detection's order are both exercised
const char* model_text = R"(
model {
	body { name = ground mass = 0 inertia { x = 0 y = 0 z = 0 } }
	body { name = ball mass = 1 inertia { x = 0.004 y = 0.004 z = 0.004 } pos = [ 0 0.05 0 ] }
	geometry { name = ball_shell type = sphere radius = 0.1 body = ball }
	geometry { name = floor type = plane body = ground normal = [ 0 1 0 ] }
	body { name = crate mass = 1 inertia { x = 0.01 y = 0.01 z = 0.01 } pos = [ 2 0.25 0 ] }
	geometry { name = crate_box type = box half_dim = [ 0.1 0.1 0.1 ] body = crate }
	geometry { name = platform type = box half_dim = [ 0.5 0.1 0.5 ] body = ground pos = [ 2 0.1 0 ] }
	body { name = lid mass = 1 inertia { x = 0.01 y = 0.01 z = 0.01 } pos = [ 4 0.5 0 ] }
	geometry { name = lid_box type = box half_dim = [ 0.1 0.1 0.1 ] body = lid }
	body { name = rod mass = 1 inertia { x = 0.01 y = 0.01 z = 0.01 } pos = [ 0.14 0.16 0 ] }
	geometry { name = rod_shell type = capsule radius = 0.05 height = 0.2 body = rod }
}
)";

Model build() {
    BuildResult built = build_model(parse_text(model_text, "pairs.hfd").root, "pairs.hfd");
    if (!built.ok()) {
        for (const Diagnostic& d : built.diagnostics) qWarning("%s", format_diagnostic(d).c_str());
        qFatal("model does not build");
    }
    return std::move(*built.model);
}

std::vector<std::string> names(const ContactPairSet& set) {
    std::vector<std::string> out;
    for (const ContactPair& pair : set.pairs) out.push_back(pair.name);
    return out;
}

Index geometry(const Model& model, const std::string& name) {
    for (size_t g = 0; g < model.geometries.size(); ++g)
        if (model.geometries[g].name == name) return Index(g);
    return no_index;
}

bool on_static_body(const Model& model, Index geometry) {
    return model.bodies[model.geometries[geometry].body].is_static();
}

SimConfig config_with(const std::string& composite_force) {
    SimConfig config;
    config.composite_force = parse_text(composite_force).root.children[0];
    return config;
}

}  // namespace

class TestContactPairs : public QObject {
    Q_OBJECT
    Model model_ = build();

private slots:
    void pairs_are_the_detection_candidates_in_its_order_data() {
        QTest::addColumn<bool>("between_objects");
        QTest::newRow("static pairs") << false;
        QTest::newRow("object pairs too") << true;
    }
    void pairs_are_the_detection_candidates_in_its_order() {
        QFETCH(bool, between_objects);
        std::vector<Diagnostic> diagnostics;
        const std::vector<CollisionPair> detected = collision_candidate_pairs(model_, between_objects, diagnostics);
        const ContactPairSet set = candidate_contact_pairs(model_, {true, between_objects});
        QCOMPARE(set.size(), detected.size());
        for (size_t i = 0; i < detected.size(); ++i) {
            const ContactPair& pair = set.pairs[i];
            // the same two geometries, the moving one first
            QCOMPARE(std::minmax(pair.first, pair.second), std::minmax(detected[i].geometry_a, detected[i].geometry_b));
            QVERIFY(!on_static_body(model_, pair.first));
            QCOMPARE(set.find(pair.first, pair.second), Index(i));
            QCOMPARE(set.find(pair.second, pair.first), Index(i));
        }
        // the unsupported (box-box) pairs are warned about by the detection and
        // left out of both
        QCOMPARE(diagnostics.size(), size_t(between_objects ? 3 : 2));
        QCOMPARE(set.find(geometry(model_, "crate_box"), geometry(model_, "platform")), no_index);
        QCOMPARE(set.find(geometry(model_, "lid_box"), geometry(model_, "platform")), no_index);
        QCOMPARE(set.find(geometry(model_, "crate_box"), geometry(model_, "lid_box")), no_index);
    }

    void pair_names_in_order() {
        QCOMPARE(names(candidate_contact_pairs(model_, {true, false})),
                 (std::vector<std::string>{"ball_shell-floor", "ball_shell-platform", "crate_box-floor",
                                           "lid_box-floor", "rod_shell-floor", "rod_shell-platform"}));
        QCOMPARE(names(candidate_contact_pairs(model_, {true, true})),
                 (std::vector<std::string>{"ball_shell-floor", "ball_shell-crate_box", "ball_shell-platform",
                                           "ball_shell-lid_box", "ball_shell-rod_shell", "crate_box-floor",
                                           "lid_box-floor", "rod_shell-floor", "crate_box-rod_shell",
                                           "rod_shell-platform", "lid_box-rod_shell"}));
        QCOMPARE(candidate_contact_pairs(model_, {false, true}).size(), size_t(0));
    }

    void settings_come_from_the_collision_family() {
        const CollisionSettings none = collision_settings(config_with("composite_force { joint_force_pnld {} }"));
        QVERIFY(!none.detection);
        const CollisionSettings plain =
            collision_settings(config_with("composite_force { simple_collision_detection {} contact_force_pd {} }"));
        QVERIFY(plain.detection && !plain.between_objects);
        const CollisionSettings objects = collision_settings(
            config_with("composite_force { simple_collision_detection { enable_collision_between_objects = 1 } }"));
        QVERIFY(objects.detection && objects.between_objects);
        // a name that only looks like a collision detection is no component
        QVERIFY(!collision_settings(config_with("composite_force { my_collision_detection {} }")).detection);
    }

    void every_detected_contact_is_in_a_pair_and_forces_balance_data() {
        QTest::addColumn<bool>("between_objects");
        QTest::newRow("static pairs") << false;
        QTest::newRow("object pairs too") << true;
    }
    void every_detected_contact_is_in_a_pair_and_forces_balance() {
        QFETCH(bool, between_objects);
        std::vector<Diagnostic> diagnostics;
        const std::string file = "config.hfd";
        ForceContext context{model_, file, diagnostics};
        const SimConfig config = config_with(
            std::string("composite_force { simple_collision_detection { enable_collision_between_objects = ") +
            (between_objects ? "1" : "0") + " } contact_force_pd {} }");
        std::vector<std::unique_ptr<ForceComponent>> forces;
        for (const PropNode& props : config.composite_force.children) forces.push_back(create_force(props, context));
        QVERIFY(forces[0] && forces[1]);

        const State state = initial_state(model_);
        const Controls controls = initial_controls(model_);
        Data data;
        data.resize(model_);
        data.clear_accumulators();
        for (const auto& force : forces) force->apply(model_, state, controls, data);
        QVERIFY(!data.contacts.empty());

        const ContactPairSet set = candidate_contact_pairs(model_, collision_settings(config));
        for (const Contact& contact : data.contacts)
            QVERIFY2(set.find(contact.geometry_a, contact.geometry_b) != no_index,
                     (model_.geometries[contact.geometry_a].name + "-" + model_.geometries[contact.geometry_b].name)
                         .c_str());
        std::vector<PairContact> gathered;
        gather_pair_contacts(data, set, gathered);
        QVERIFY(gathered[0].touching);  // the ball sinks into the floor
        // the crate rests in the platform, an unsupported pair: no pair, no contact
        for (const Contact& contact : data.contacts)
            QVERIFY(contact.geometry_a != geometry(model_, "crate_box") &&
                    contact.geometry_b != geometry(model_, "crate_box"));

        // pair forces act on the body of `first` and oppositely on `second`'s:
        // summed per body they are the contact force each body received
        std::vector<Vec3> from_pairs(model_.bodies.size(), Vec3::Zero());
        for (size_t p = 0; p < set.size(); ++p) {
            from_pairs[size_t(model_.geometries[set.pairs[p].first].body)] += gathered[p].force;
            from_pairs[size_t(model_.geometries[set.pairs[p].second].body)] -= gathered[p].force;
        }
        for (size_t b = 0; b < model_.bodies.size(); ++b) {
            if (model_.bodies[b].is_static()) continue;
            QVERIFY2((from_pairs[b] - data.force[b]).norm() <= 1e-12 * (1 + data.force[b].norm()),
                     model_.bodies[b].name.c_str());
        }
    }
};

QTEST_APPLESS_MAIN(TestContactPairs)
#include "test_contact_pairs.moc"
