// Poses from dof values (walking the joint tree) and dof values from poses.
#include "format/parser.h"
#include "model/build_model.h"
#include "state/kinematics.h"

#include <QFileInfo>
#include <map>
#include <QTest>

using namespace hfd;

namespace {

Eigen::Rotation2Dd rot(double angle) { return Eigen::Rotation2Dd(angle); }
Eigen::Vector2d xy(const Vec3& v) { return v.head<2>(); }

}  // namespace

class TestKinematics : public QObject {
    Q_OBJECT
private slots:
    void corpus_gait_state_places_the_feet_where_forward_kinematics_says() {
        const QString dir = QString(HFD_CORPUS_DIR) + "/scone/";
        if (!QFileInfo::exists(dir + "H0918.hfd") || !QFileInfo::exists(dir + "InitStateGait10.zml"))
            QSKIP("corpus not available");
        BuildResult built = load_model((dir + "H0918.hfd").toStdString());
        QVERIFY(built.model);
        const Model& m = *built.model;
        ParseResult state_file = parse_file((dir + "InitStateGait10.zml").toStdString());
        QVERIFY(state_file.ok());
        DofAssignment dofs = default_dof_assignment(m);
        std::map<std::string, double> value;
        for (const char* block : {"values", "velocities"})
            for (const PropNode& entry : state_file.root.find(block)->children) {
                const Index d = m.find_dof(entry.key);
                QVERIFY2(d != no_index, entry.key.c_str());
                (std::string(block) == "values" ? dofs.value : dofs.velocity)[d] = *to_number(entry);
                if (std::string(block) == "values") value[entry.key] = *to_number(entry);
            }
        State s = initial_state(m);
        apply_dofs(m, dofs, s);

        // every dof reads back the value it was given
        for (Index d = 0; d < Index(m.dofs.size()); ++d) {
            QVERIFY(std::abs(dof_value(m, s, d) - dofs.value[d]) < 1e-9);
            QVERIFY2(std::abs(dof_velocity(m, s, d) - dofs.velocity[d]) < 1e-9, m.dofs[d].name.c_str());
        }
        // independent planar chain: pelvis -> femur_r -> tibia_r -> calcn_r, angles add up
        auto joint = [&](const char* name) { return m.joints[m.find_joint(name)]; };
        const double pelvis_angle = value["pelvis_tilt"];
        const Eigen::Vector2d pelvis(value["pelvis_tx"], value["pelvis_ty"]);
        const double femur_angle = pelvis_angle + value["hip_flexion_r"];
        const Eigen::Vector2d hip = pelvis + rot(pelvis_angle) * xy(joint("hip_r").pos_in_parent);
        const Eigen::Vector2d femur = hip - rot(femur_angle) * xy(joint("hip_r").pos_in_child);
        const double tibia_angle = femur_angle + value["knee_angle_r"];
        const Eigen::Vector2d knee = femur + rot(femur_angle) * xy(joint("knee_r").pos_in_parent);
        const Eigen::Vector2d tibia = knee - rot(tibia_angle) * xy(joint("knee_r").pos_in_child);
        const double foot_angle = tibia_angle + value["ankle_angle_r"];
        const Eigen::Vector2d ankle = tibia + rot(tibia_angle) * xy(joint("ankle_r").pos_in_parent);
        const Eigen::Vector2d foot = ankle - rot(foot_angle) * xy(joint("ankle_r").pos_in_child);
        const Index calcn_r = m.find_body("calcn_r");
        QVERIFY((xy(s.pos[calcn_r]) - foot).norm() < 1e-9);
        QVERIFY(std::abs(s.pos[calcn_r].z() - (m.bodies[calcn_r].pos.z())) < 0.2);  // stays beside the pelvis
        // the heel sphere, in the world
        for (const Geometry& g : m.geometries)
            if (g.name == "r_heel") {
                const Eigen::Vector2d heel = foot + rot(foot_angle) * xy(g.pos);
                QVERIFY((xy(world_point(s, g.body, g.pos)) - heel).norm() < 1e-9);
            }
        // all joints hold together: zero displacement after posing
        for (Index j = 0; j < Index(m.joints.size()); ++j) QVERIFY(joint_displacement(m, s, j).norm() < 1e-12);
        // anchor velocities agree too (the posed state is consistent)
        for (Index j = 0; j < Index(m.joints.size()); ++j) {
            const Joint& jt = m.joints[j];
            const Vec3 vp = world_point_velocity(s, jt.parent, world_point(s, jt.parent, jt.pos_in_parent));
            const Vec3 vc = world_point_velocity(s, jt.child, world_point(s, jt.child, jt.pos_in_child));
            QVERIFY((vp - vc).norm() < 1e-9);
        }
    }

    void euler_angles_round_trip() {
        for (const Vec3& angles : {Vec3(0.1, -0.4, 1.2), Vec3(-2.0, 0.3, -3.0), Vec3(0, 0, 0.5)}) {
            const Vec3 back = euler_xyz_from_quat(quat_from_euler_xyz(angles));
            QVERIFY((back - angles).norm() < 1e-12);
        }
        // intrinsic x then y then z: q = qx * qy * qz
        const Quat q = quat_from_euler_xyz(Vec3(M_PI / 2, 0, M_PI / 2));
        QVERIFY((q * Vec3::UnitX() - Vec3(0, 0, 1)).norm() < 1e-12);
    }

    void rotation_vector_is_axis_times_angle() {
        const Vec3 axis = Vec3(1, 2, -2).normalized();
        QVERIFY((rotation_vector(Quat(Eigen::AngleAxisd(0.7, axis))) - 0.7 * axis).norm() < 1e-12);
        QVERIFY((rotation_vector(Quat(Eigen::AngleAxisd(3.0, axis))) - 3.0 * axis).norm() < 1e-12);
        // q and -q are the same rotation
        Quat negative = Quat(Eigen::AngleAxisd(0.7, axis));
        negative.coeffs() *= -1;
        QVERIFY((rotation_vector(negative) - 0.7 * axis).norm() < 1e-12);
    }
};

QTEST_APPLESS_MAIN(TestKinematics)
#include "test_kinematics.moc"
