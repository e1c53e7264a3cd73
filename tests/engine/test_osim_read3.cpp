// OpenSim 3 documents: joints nested in bodies, display geometry transforms,
// path points and contact geometry naming their body.
#include "osim/osim_import.h"
#include "osim_test_util.h"

#include <QtTest>

using namespace hfd;
using namespace osim_test;

class TestOsimRead3 : public QObject {
    Q_OBJECT

private slots:
    void readsNestedJointsAndGeometry();
};

void TestOsimRead3::readsNestedJointsAndGeometry() {
    const char* text = R"(<?xml version="1.0"?>
<OpenSimDocument Version="30000">
<Model name="v3">
<gravity>0 -9.81 0</gravity>
<BodySet><objects>
<Body name="ground"><mass>0</mass><mass_center>0 0 0</mass_center><Joint /></Body>
<Body name="thigh"><mass>8</mass><mass_center>0 -0.2 0</mass_center>
<inertia_xx>0.1</inertia_xx><inertia_yy>0.02</inertia_yy><inertia_zz>0.1</inertia_zz>
<inertia_xy>0</inertia_xy><inertia_xz>0</inertia_xz><inertia_yz>0</inertia_yz>
<Joint><PinJoint name="hip_r"><parent_body>ground</parent_body><location_in_parent>0 1 0</location_in_parent>
<orientation_in_parent>0 0 0</orientation_in_parent><location>0 0 0</location><orientation>0 0 0</orientation>
<CoordinateSet><objects><Coordinate name="hip_flexion_r"><motion_type>rotational</motion_type>
<default_value>0.3</default_value><range>-1 2</range><locked>false</locked></Coordinate></objects></CoordinateSet>
</PinJoint></Joint>
<VisibleObject><GeometrySet><objects><DisplayGeometry><geometry_file>femur.vtp</geometry_file>
<transform>0 0 0 0.01 0.02 0.03</transform><scale_factors>1 1 1</scale_factors></DisplayGeometry></objects></GeometrySet>
<scale_factors>1 1 1</scale_factors><transform>0 0 0 0 0 0</transform></VisibleObject>
</Body>
</objects></BodySet>
<ForceSet><objects>
<Thelen2003Muscle name="glut"><GeometryPath><PathPointSet><objects>
<PathPoint name="p1"><location>0.1 0.9 0</location><body>ground</body></PathPoint>
<PathPoint name="p2"><location>0 -0.1 0</location><body>thigh</body></PathPoint>
</objects></PathPointSet></GeometryPath>
<max_isometric_force>1000</max_isometric_force><optimal_fiber_length>0.1</optimal_fiber_length>
<tendon_slack_length>0.15</tendon_slack_length><pennation_angle_at_optimal>0.1</pennation_angle_at_optimal>
</Thelen2003Muscle>
</objects></ForceSet>
<ContactGeometrySet><objects>
<ContactSphere name="knee"><body_name>nobody</body_name><location>0 0 0</location><orientation>0 0 0</orientation><radius>0.05</radius></ContactSphere>
</objects></ContactGeometrySet>
</Model></OpenSimDocument>
)";
    OsimImportResult r = import_osim_text(text, "v3.osim");
    // the contact sphere names a body that does not exist: an error with its line
    QVERIFY(!r.ok);
    const int line = 1 + static_cast<int>(std::count(text, text + std::string(text).find("<body_name>nobody"), '\n'));
    bool found = false;
    for (const Diagnostic& d : r.report)
        found = found || (d.message.find("'nobody' not found") != std::string::npos && d.location.line == line);
    QVERIFY(found);

    std::string fixed = text;
    fixed.replace(fixed.find("nobody"), 6, "thigh");
    r = import_osim_text(fixed, "v3.osim");
    QVERIFY(r.ok);
    const PropNode& model = *r.root.find("model");
    const PropNode& thigh = *find_named(model, "body", "thigh");
    QVERIFY(close(vec3(thigh, "inertia"), Vec3(0.1, 0.02, 0.1)));
    const PropNode& j = *thigh.find("joint");
    QCOMPARE(j.find("parent")->value, std::string("ground"));
    QVERIFY(close(vec3(j, "pos_in_parent"), Vec3(0, 1, 0)));
    QVERIFY(close(vec3(j, "pos_in_child"), Vec3(0, 0.2, 0)));
    const auto limits = to_range3(*j.find("limits"));
    QVERIFY(close(limits->second.z(), 2 * 180 / 3.14159265358979323846));
    QVERIFY(close(vec3(*thigh.find("mesh"), "pos"), Vec3(0.01, 0.22, 0.03)));
    const PropNode& path = *find_named(model, "point_path_muscle", "glut")->find("path");
    QVERIFY(close(vec3(path.children[1], "pos"), Vec3(0, 0.1, 0)));
    // no HuntCrossleyForce uses the sphere: reported, not written
    QVERIFY(!find_named(model, "geometry", "knee"));
    found = false;
    for (const Diagnostic& d : r.report)
        found = found || d.message.find("'knee' is used by no HuntCrossleyForce") != std::string::npos;
    QVERIFY(found);
    QCOMPARE(find_named(model, "dof", "hip_flexion_r")->find("source")->value, std::string("hip_rz_r"));
}

QTEST_APPLESS_MAIN(TestOsimRead3)
#include "test_osim_read3.moc"
