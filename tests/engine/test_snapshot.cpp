// make_snapshot: muscle path points are body-frame points carried to the
// world by each body's pose, checked against transforms worked out by hand.
#include "draw/snapshot.h"

#include <QtTest>

#include <cmath>

using namespace hfd;

namespace {

constexpr double pi = 3.14159265358979323846;

bool near(const Vec3& a, const Vec3& b, double tol = 1e-12) { return (a - b).norm() <= tol; }

// thigh at (0, 1, 0) turned 90 deg about z; shank at (1, 0, 2) turned 180 deg about y
Model two_body_model() {
    Model model;
    model.bodies.resize(2);
    model.bodies[0].name = "thigh";
    model.bodies[0].mass = 5;
    model.bodies[1].name = "shank";
    model.bodies[1].mass = 3;
    Joint knee;
    knee.parent = 0;
    knee.child = 1;
    knee.pos_in_parent = Vec3(0, -0.2, 0);
    knee.pos_in_child = Vec3(0, 0.25, 0);
    model.joints.push_back(knee);
    Muscle muscle;
    muscle.name = "vasti";
    muscle.path = {{0, Vec3(0.1, 0, 0)}, {0, Vec3(0, 0.3, 0.05)}, {1, Vec3(0.02, 0.1, 0)}};
    model.muscles.push_back(muscle);
    Muscle world_anchored;
    world_anchored.name = "tether";
    world_anchored.path = {{no_index, Vec3(0, 0, 1)}, {1, Vec3(0, 0, 0)}};
    model.muscles.push_back(world_anchored);
    return model;
}

State two_body_state() {
    State state;
    state.time = 0.25;
    state.pos = {Vec3(0, 1, 0), Vec3(1, 0, 2)};
    state.ori = {Quat(Eigen::AngleAxisd(pi / 2, Vec3::UnitZ())), Quat(Eigen::AngleAxisd(pi, Vec3::UnitY()))};
    state.activation = {0.3, 0.9};
    return state;
}

}  // namespace

class TestSnapshot : public QObject {
    Q_OBJECT
private slots:
    void muscle_paths_in_world() {
        const Model model = two_body_model();
        const PoseSnapshot s = make_snapshot(model, two_body_state(), nullptr);
        QCOMPARE(s.time, 0.25);
        QCOMPARE(s.muscle_path.size(), std::size_t(2));
        QCOMPARE(s.muscle_path[0].size(), std::size_t(3));
        // Rz(90): (x, y, z) -> (-y, x, z)
        QVERIFY(near(s.muscle_path[0][0], Vec3(0, 1.1, 0)));
        QVERIFY(near(s.muscle_path[0][1], Vec3(-0.3, 1.0, 0.05)));
        // Ry(180): (x, y, z) -> (-x, y, -z)
        QVERIFY(near(s.muscle_path[0][2], Vec3(0.98, 0.1, 2)));
        // a point on no body stays in the world frame
        QVERIFY(near(s.muscle_path[1][0], Vec3(0, 0, 1)));
        QVERIFY(near(s.muscle_path[1][1], Vec3(1, 0, 2)));
        QCOMPARE(s.muscle_activation, (std::vector<double>{0.3, 0.9}));
        QVERIFY(near(s.body_pos[1], Vec3(1, 0, 2)));
        QVERIFY(s.body_ori[0].isApprox(two_body_state().ori[0]));
    }

    void joint_displacement_from_state() {
        const Model model = two_body_model();
        const PoseSnapshot s = make_snapshot(model, two_body_state(), nullptr);
        // parent anchor: (0,1,0) + Rz(90)(0,-0.2,0) = (0.2, 1, 0)
        // child anchor:  (1,0,2) + Ry(180)(0,0.25,0) = (1, 0.25, 2)
        QCOMPARE(s.joint_displacement.size(), std::size_t(1));
        QVERIFY(near(s.joint_displacement[0], Vec3(0.8, -0.75, 2)));
    }

    void data_supplies_contacts_and_displacements() {
        const Model model = two_body_model();
        Data data;
        data.joint_displacement = {Vec3(0.001, 0, 0)};
        Contact contact;
        contact.point = Vec3(0.5, 0, 0.1);
        contact.force = Vec3(10, 600, 0);
        contact.body_b = 1;
        data.contacts.push_back(contact);
        data.muscle_force.assign(model.muscles.size(), 0.0);
        for (std::size_t m = 0; m < data.muscle_force.size(); ++m) data.muscle_force[m] = 100.0 * double(m + 1);
        const PoseSnapshot s = make_snapshot(model, two_body_state(), &data);
        QCOMPARE(s.muscle_force, data.muscle_force);  // sized per muscle: the width follows the tendon force
        QCOMPARE(s.contacts.size(), std::size_t(1));
        QCOMPARE(s.contacts[0].body, Index(1));  // the body the force acts on, for its ground reaction
        QVERIFY(near(s.contacts[0].point, contact.point));
        QVERIFY(near(s.contacts[0].force, contact.force));
        QVERIFY(near(s.joint_displacement[0], Vec3(0.001, 0, 0)));
    }

    void refill_keeps_sizes() {
        const Model model = two_body_model();
        PoseSnapshot s;
        State state = two_body_state();
        fill_snapshot(model, state, nullptr, s);
        state.pos[0] = Vec3(0, 2, 0);
        fill_snapshot(model, state, nullptr, s);
        QCOMPARE(s.muscle_path[0].size(), std::size_t(3));
        QVERIFY(near(s.muscle_path[0][0], Vec3(0, 2.1, 0)));
    }
};

QTEST_APPLESS_MAIN(TestSnapshot)
#include "test_snapshot.moc"
