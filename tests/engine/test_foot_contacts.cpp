// Ground and foot contacts added to a model without any (hfd convert
// --foot-contacts): a plane, heel and toe spheres where they were asked for in
// the default pose, optional landing spheres, and the pose lowered so that the
// lowest sphere just touches the ground.
#include "format/parser.h"
#include "osim/foot_contacts.h"
#include "model/build_model.h"
#include "state/kinematics.h"

#include <QTest>

#include <cmath>

using namespace hfd;

namespace {

// A pelvis above a foot turned 30 degrees about z (toes down), 1 m up.
const char* leg_text = R"(
model {
	body { name = ground mass = 0 inertia = [ 0 0 0 ] }
	body { name = pelvis mass = 10 inertia = [ 0.1 0.1 0.1 ] }
	body { name = foot mass = 1 inertia = [ 0.01 0.01 0.01 ]
		joint { name = ankle parent = pelvis pos_in_parent = [ 0 -0.8 0 ] pos_in_child = [ 0 0.05 0 ] ref_ori = [ 0 0 -30 ] } }
	dof { name = pelvis_ty source = pelvis_ty default = 1 }
	dof { name = ankle_angle source = foot_rz default = 0 }
}
)";

struct Built {
    Model model;
    State pose;
};

Built build(const PropNode& root) {
    BuildResult built = build_model(root, "leg.hfd");
    if (!built.ok()) qFatal("does not build");
    Built result{*built.model, initial_state(*built.model)};
    apply_dofs(result.model, default_dof_assignment(result.model), result.pose);
    return result;
}

Vec3 world(const Built& b, const Geometry& g) { return b.pose.pos[g.body] + b.pose.ori[g.body] * g.pos; }

}  // namespace

class TestFootContacts : public QObject {
    Q_OBJECT
private slots:
    void heel_and_toe_touch_the_ground_where_asked() {
        ParseResult parsed = parse_text(leg_text, "leg.hfd");
        QVERIFY(parsed.ok());
        const Built before = build(parsed.root);
        const Index foot = before.model.find_body("foot");
        FootContactOptions options;
        options.feet = {"foot"};
        const std::vector<Diagnostic> diagnostics = add_foot_contacts(parsed.root, "leg.hfd", options);
        QVERIFY(!has_errors(diagnostics));
        const Built after = build(parsed.root);
        QCOMPARE(after.model.geometries.size(), size_t(3));
        QVERIFY(after.model.geometries[0].shape.type == ShapeType::Plane);
        QCOMPARE(after.model.geometries[0].body, Index(0));
        // the pose only moved down: heel and toe at their offsets from the foot's
        // mass centre in the world, the lower one touching y = 0
        const double drop = before.pose.pos[foot].y() - after.pose.pos[foot].y();
        double lowest = 1e9;
        for (int end = 1; end <= 2; ++end) {
            const Geometry& sphere = after.model.geometries[end];
            QCOMPARE(sphere.body, foot);
            QVERIFY(sphere.shape.type == ShapeType::Sphere && sphere.shape.radius == options.radius);
            const Vec3 expected = before.pose.pos[foot] +
                                  Vec3(end == 1 ? options.heel : options.toe, options.below, 0) - Vec3(0, drop, 0);
            QVERIFY2((world(after, sphere) - expected).norm() < 1e-5, sphere.name.c_str());
            lowest = std::min(lowest, world(after, sphere).y() - sphere.shape.radius);
        }
        QVERIFY2(std::abs(lowest) < 1e-5, QByteArray::number(lowest));
    }

    void landing_spheres_go_on_every_other_body_and_count_for_the_lift() {
        ParseResult parsed = parse_text(leg_text, "leg.hfd");
        FootContactOptions options;
        options.feet = {"foot"};
        options.landing_radius = 1.2;  // bigger than the leg: the pelvis sphere is the lowest
        QVERIFY(!has_errors(add_foot_contacts(parsed.root, "leg.hfd", options)));
        const Built after = build(parsed.root);
        QCOMPARE(after.model.geometries.size(), size_t(4));
        const Geometry& landing = after.model.geometries[3];
        QCOMPARE(landing.body, after.model.find_body("pelvis"));
        QVERIFY(std::abs(world(after, landing).y() - 1.2) < 1e-5);
    }

    void unknown_foot_is_an_error_and_changes_nothing() {
        ParseResult parsed = parse_text(leg_text, "leg.hfd");
        const size_t children = parsed.root.find("model")->children.size();
        FootContactOptions options;
        options.feet = {"foot", "hoof"};
        const std::vector<Diagnostic> diagnostics = add_foot_contacts(parsed.root, "leg.hfd", options);
        QVERIFY(has_errors(diagnostics));
        QVERIFY(format_diagnostic(diagnostics[0]).find("'hoof'") != std::string::npos);
        QCOMPARE(parsed.root.find("model")->children.size(), children);
    }
};

QTEST_APPLESS_MAIN(TestFootContacts)
#include "test_foot_contacts.moc"
