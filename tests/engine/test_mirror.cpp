// model_options { mirror = 1 }: `_r` components get `_l` copies reflected in
// the x-y plane. The checks use the reflection S = diag(1, 1, -1) directly:
// points p -> S p, rotations R -> S R S, axial vectors w -> -S w.
#include "format/parser.h"
#include "model/build_model.h"
#include "model/mirror.h"

#include <QtTest>

#include <cmath>

using namespace hfd;

namespace {

const char* mirrored_model = R"(model {
  model_options { mirror = 1 }
  body { name = pelvis mass = 10 inertia = [ 1 1 1 ]
    geometry { name = side_r type = sphere radius = 0.1 pos = [ 0 0 0.1 ] }
  }
  body { name = femur_r mass = 5 inertia = [ 0.1 0.05 0.1 ] pos = [ 0.1 0.5 0.2 ] ori = [ 10 20 30 ]
         lin_vel = [ 1 2 3 ] ang_vel = [ 4 5 6 ]
    joint { name = hip_r parent = pelvis pos_in_parent = [ 0 -0.1 0.08 ] pos_in_child = [ 0 0.2 0.01 ]
            ref_ori = [ 5 6 7 ] limits { x = -10..20 y = -5..15 z = -30..60 } }
    mesh { file = femur.obj pos = [ 0 0 0.01 ] }
    geometry { name = knee_pad_r type = sphere radius = 0.05 pos = [ 0.01 0 0.02 ] }
  }
  geometry { name = hip_ball_r type = sphere radius = 0.03 body = femur_r pos = [ 1 2 3 ] }
  point_path_muscle { name = glut_r max_isometric_force = 100 optimal_fiber_length = 0.1 tendon_slack_length = 0.1
    path [ { body = pelvis pos = [ 0 0 0.1 ] } { body = femur_r pos = [ 0 0.1 0.02 ] } ] }
  joint_motor { name = hip_motor_r joint = hip_r target_ori = [ 1 2 3 ] target_vel = [ 1 2 3 ] torque_offset = [ 1 2 3 ] }
  dof { hip_flexion_r = hip_rz_r }
  dof { hip_adduction_r = hip_rx_r }
  dof { name = hip_rotation_r source = -hip_ry_r }
  body { name = hand_r mass = 1 inertia = [ 1 1 1 ] }
  body { name = hand_l mass = 2 inertia = [ 1 1 1 ] }
  perturbation { body = femur_r force = [ 0 0 1 ] }
})";

BuildResult build(const std::string& text) {
    const ParseResult parsed = parse_text(text, "test.hfd");
    for (const Diagnostic& d : parsed.diagnostics) qWarning("%s", format_diagnostic(d).c_str());
    return build_model(parsed.root, "test.hfd");
}

std::string all_diagnostics(const BuildResult& r) {
    std::string text;
    for (const Diagnostic& d : r.diagnostics) text += format_diagnostic(d) + "\n";
    return text;
}

const Mat3 S = Vec3(1, 1, -1).asDiagonal();

bool same_rotation(const Quat& a, const Mat3& b) { return a.toRotationMatrix().isApprox(b, 1e-12); }

template <typename T>
int count_named(const std::vector<T>& items, const std::string& name) {
    return int(std::count_if(items.begin(), items.end(), [&](const T& t) { return t.name == name; }));
}

}  // namespace

class TestMirror : public QObject {
    Q_OBJECT
private slots:
    void names() {
        QCOMPARE(mirrored_name("hip_r"), std::string("hip_l"));
        QCOMPARE(mirrored_name("pelvis"), std::string("pelvis"));
        QCOMPARE(mirrored_name("_r"), std::string("_r"));
    }

    void bodies_and_joints() {
        const BuildResult r = build(mirrored_model);
        QVERIFY2(r.ok(), all_diagnostics(r).c_str());
        QVERIFY2(r.diagnostics.empty(), all_diagnostics(r).c_str());
        const Model& m = *r.model;
        QCOMPARE(m.bodies.size(), size_t(5));  // pelvis, femur_r, femur_l, hand_r, hand_l (written, not copied)
        QCOMPARE(count_named(m.bodies, "hand_l"), 1);
        QCOMPARE(m.bodies[m.find_body("hand_l")].mass, 2.0);
        const Body& right = m.bodies[m.find_body("femur_r")];
        const Body& left = m.bodies[m.find_body("femur_l")];
        QCOMPARE(left.mass, right.mass);
        QVERIFY(left.inertia.isApprox(right.inertia));
        QVERIFY(left.pos.isApprox(S * right.pos));
        QVERIFY(left.lin_vel.isApprox(S * right.lin_vel));
        QVERIFY(left.ang_vel.isApprox(-(S * right.ang_vel)));
        QVERIFY(same_rotation(left.ori, S * right.ori.toRotationMatrix() * S));

        const Joint& hip_r = m.joints[m.find_joint("hip_r")];
        const Joint& hip_l = m.joints[m.find_joint("hip_l")];
        QCOMPARE(hip_l.child, m.find_body("femur_l"));
        QCOMPARE(hip_l.parent, m.find_body("pelvis"));
        QCOMPARE(left.parent_joint, m.find_joint("hip_l"));
        QVERIFY(hip_l.pos_in_parent.isApprox(S * hip_r.pos_in_parent));
        QVERIFY(hip_l.pos_in_child.isApprox(S * hip_r.pos_in_child));
        QVERIFY(same_rotation(hip_l.ref_ori, S * hip_r.ref_ori.toRotationMatrix() * S));
        // the mirrored child anchor lands on the mirror image of the right one
        const Vec3 anchor_r = right.pos + right.ori * hip_r.pos_in_child;
        const Vec3 anchor_l = left.pos + left.ori * hip_l.pos_in_child;
        QVERIFY(anchor_l.isApprox(S * anchor_r, 1e-12));
        // rotations about x and y turn around: their limits swap and change sign
        const double d = M_PI / 180;
        QVERIFY(hip_l.limit_min.isApprox(Vec3(-20, -15, -30) * d));
        QVERIFY(hip_l.limit_max.isApprox(Vec3(10, 5, 60) * d));
    }

    void attached_components() {
        const BuildResult r = build(mirrored_model);
        QVERIFY2(r.ok(), all_diagnostics(r).c_str());
        const Model& m = *r.model;
        const Index femur_l = m.find_body("femur_l");
        QCOMPARE(m.geometries.size(), size_t(6));  // side, knee_pad, hip_ball on both sides
        for (const char* name : {"side_l", "knee_pad_l", "hip_ball_l"}) QCOMPARE(count_named(m.geometries, name), 1);
        for (const Geometry& g : m.geometries) {
            if (g.name == "hip_ball_l") {
                QCOMPARE(g.body, femur_l);
                QVERIFY(g.pos.isApprox(Vec3(1, 2, -3)));
            }
            if (g.name == "side_l") QCOMPARE(g.body, m.find_body("pelvis"));
            if (g.name == "knee_pad_l") QCOMPARE(g.body, femur_l);
        }
        QCOMPARE(m.meshes.size(), size_t(2));
        const Mesh& mesh_l = m.meshes[1].body == femur_l ? m.meshes[1] : m.meshes[0];
        QCOMPARE(mesh_l.body, femur_l);
        QVERIFY(mesh_l.pos.isApprox(Vec3(0, 0, -0.01)));
        QVERIFY(mesh_l.scale.isApprox(Vec3(1, 1, -1)));  // a mirror image of the mesh

        const Muscle& glut_l = m.muscles[m.find_muscle("glut_l")];
        QCOMPARE(glut_l.path[0].body, m.find_body("pelvis"));
        QVERIFY(glut_l.path[0].pos.isApprox(Vec3(0, 0, -0.1)));
        QCOMPARE(glut_l.path[1].body, femur_l);

        QCOMPARE(m.motors.size(), size_t(2));
        const JointMotor& motor_r = m.motors[0];
        const JointMotor& motor_l = m.motors[1];
        QCOMPARE(motor_l.name, std::string("hip_motor_l"));
        QCOMPARE(motor_l.joint, m.find_joint("hip_l"));
        QVERIFY(same_rotation(motor_l.target_ori, S * motor_r.target_ori.toRotationMatrix() * S));
        QVERIFY(motor_l.target_vel.isApprox(-(S * motor_r.target_vel)));
        QVERIFY(motor_l.torque_offset.isApprox(-(S * motor_r.torque_offset)));
        QCOMPARE(m.perturbations.size(), size_t(1));  // unnamed: not mirrored
    }

    void dofs_keep_their_meaning() {
        const BuildResult r = build(mirrored_model);
        QVERIFY2(r.ok(), all_diagnostics(r).c_str());
        const Model& m = *r.model;
        QCOMPARE(m.dofs.size(), size_t(6));
        const Dof& flexion = m.dofs[m.find_dof("hip_flexion_l")];
        QCOMPARE(flexion.joint, m.find_joint("hip_l"));
        QCOMPARE(flexion.axis, 2);
        QCOMPARE(flexion.sign, 1.0);  // z rotations keep their sense in the mirror
        const Dof& adduction = m.dofs[m.find_dof("hip_adduction_l")];
        QCOMPARE(adduction.axis, 0);
        QCOMPARE(adduction.sign, -1.0);  // x rotations turn around
        const Dof& rotation = m.dofs[m.find_dof("hip_rotation_l")];
        QCOMPARE(rotation.axis, 1);
        QCOMPARE(rotation.sign, 1.0);  // -hip_ry_r becomes hip_ry_l
    }

    void mirror_off_copies_nothing() {
        std::string text = mirrored_model;
        text.replace(text.find("mirror = 1"), 10, "mirror = 0");
        const BuildResult r = build(text);
        QVERIFY2(r.ok(), all_diagnostics(r).c_str());
        QCOMPARE(r.model->find_body("femur_l"), no_index);
        QCOMPARE(r.model->bodies.size(), size_t(4));
    }
};

QTEST_APPLESS_MAIN(TestMirror)
#include "test_mirror.moc"
