// Muscle path geometry against finite differences and conservation laws:
// length and lengthening velocity, moment arm = -dL/dq, zero net force and
// moment of a point path muscle, and generalized forces (virtual work) of both
// the point-force and the joint-torque application equal to tension * moment arm.
// The step's one-pass form (update_muscle_paths + apply_path_tension) gives the
// same length and loads as these state-based functions, and its loads do the
// work of the tension: power -T dL/dt.
#include "format/parser.h"
#include "forces/muscle_path.h"
#include "model/build_model.h"
#include "sim/dynamics.h"
#include "path_virtual_work.h"
#include "state/kinematics.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <random>

using namespace hfd;
using path_test::generalized_force;
using path_test::load_power;
using path_test::posed;

namespace {

// Three links hanging from the ground with ball joints (one with a reference
// orientation), a muscle from the ground across all three joints, one wrapping
// over three points of the first link, and a free box with a muscle from the ground.
const char* chain_model = R"(
model {
  body { name = ground mass = 0 inertia = [ 0 0 0 ] }
  body { name = a mass = 1 inertia = [ 0.01 0.01 0.01 ]
    joint { name = ja parent = ground pos_in_parent = [ 0 0 0 ] pos_in_child = [ 0 0.2 0 ] } }
  body { name = b mass = 1 inertia = [ 0.01 0.01 0.01 ]
    joint { name = jb parent = a pos_in_parent = [ 0 -0.2 0 ] pos_in_child = [ 0 0.2 0 ] ref_ori = [ 10 20 30 ] } }
  body { name = c mass = 1 inertia = [ 0.01 0.01 0.01 ]
    joint { name = jc parent = b pos_in_parent = [ 0.01 -0.2 0 ] pos_in_child = [ 0 0.1 0.01 ] } }
  body { name = box mass = 1 inertia = [ 0.01 0.01 0.01 ] pos = [ 1 0 0 ] }
  point_path_muscle { name = long max_isometric_force = 1000 optimal_fiber_length = 0.1 tendon_slack_length = 0.2
    path [ { body = ground pos = [ 0.05 0.05 0.02 ] } { body = a pos = [ 0.04 0 0.03 ] }
           { body = a pos = [ 0.05 -0.1 0.03 ] } { body = b pos = [ 0.03 0.1 -0.02 ] } { body = c pos = [ 0.02 0 0.01 ] } ] }
  point_path_muscle { name = wrap max_isometric_force = 800 optimal_fiber_length = 0.1 tendon_slack_length = 0.2
    path [ { body = ground pos = [ -0.05 0.05 0.02 ] } { body = a pos = [ -0.04 0 0.03 ] }
           { body = a pos = [ -0.06 -0.05 0.04 ] } { body = a pos = [ -0.05 -0.1 0.03 ] } { body = b pos = [ -0.03 0.1 0.02 ] } ] }
  point_path_muscle { name = free max_isometric_force = 1000 optimal_fiber_length = 0.1 tendon_slack_length = 0.2
    path [ { body = ground pos = [ 0.5 0.3 0.1 ] } { body = box pos = [ -0.05 0.05 0.02 ] } ] }
  dof { name = a_rx source = a_rx } dof { name = a_ry source = a_ry } dof { name = a_rz source = a_rz }
  dof { name = b_rx source = b_rx } dof { name = b_ry source = b_ry } dof { name = b_rz source = b_rz }
  dof { name = c_rx source = c_rx } dof { name = c_ry source = c_ry } dof { name = c_rz source = c_rz }
  dof { name = box_tx source = box_tx default = 1 } dof { name = box_ty source = box_ty } dof { name = box_tz source = box_tz }
  dof { name = box_rx source = box_rx } dof { name = box_ry source = box_ry } dof { name = box_rz source = box_rz }
}
)";

Model load(const char* text) {
    ParseResult parsed = parse_text(text, "chain.hfd");
    BuildResult built = build_model(parsed.root, "chain.hfd");
    for (const auto& d : built.diagnostics) qWarning("%s", format_diagnostic(d).c_str());
    if (!built.model) qFatal("test model does not build");
    return std::move(*built.model);
}

DofAssignment random_pose(const Model& model, std::mt19937& rng) {
    std::uniform_real_distribution<double> angle(-0.6, 0.6), rate(-2, 2);
    DofAssignment dofs = default_dof_assignment(model);
    for (size_t d = 0; d < dofs.value.size(); ++d) {
        dofs.value[d] += angle(rng);
        dofs.velocity[d] = rate(rng);
    }
    return dofs;
}

Data sized_data(const Model& model) {
    Data data;
    data.resize(model);
    return data;
}

// Segment k's direction and moments as evaluated match its points placed from the
// state; a planar pass keeps the moments' z only.
bool segment_frame_matches(const State& s, const Data& data, Index k, bool planar = false) {
    const Index a = data.segment_body_a[k], b = data.segment_body_b[k];
    const Vec3 point_a = world_point(s, a, data.segment_local_a[k]);
    const Vec3 point_b = world_point(s, b, data.segment_local_b[k]);
    const Vec3 u = (point_b - point_a).normalized();
    const Vec3 moment_a = (point_a - s.pos[a]).cross(u), moment_b = (point_b - s.pos[b]).cross(u);
    const auto near = [planar](const Vec3& x, const Vec3& y, double tolerance) {
        return planar ? std::abs(x.z() - y.z()) < tolerance : (x - y).norm() < tolerance;
    };
    return near(data.segment_moment_a[k], moment_a, 1e-14) && near(data.segment_moment_b[k], moment_b, 1e-14) &&
           (data.segment_direction[k] - u).norm() < 1e-14;
}

}  // namespace

class TestMusclePath : public QObject {
    Q_OBJECT
private slots:
    void lengthOfStraightPath() {
        const Model model = load(chain_model);
        const State s = posed(model, default_dof_assignment(model));
        // free muscle: from ground (0.5 0.3 0.1) to box (1 0 0) + (-0.05 0.05 0.02)
        const double expected = (Vec3(0.95, 0.05, 0.02) - Vec3(0.5, 0.3, 0.1)).norm();
        QVERIFY(std::abs(muscle_path_length(model, s, model.find_muscle("free")) - expected) < 1e-12);
    }

    void velocityIsDerivativeOfLength() {
        const Model model = load(chain_model);
        std::mt19937 rng(3);
        for (int trial = 0; trial < 5; ++trial) {
            const DofAssignment dofs = random_pose(model, rng);
            const State s = posed(model, dofs);
            const double h = 1e-6;
            DofAssignment plus = dofs, minus = dofs;
            for (size_t d = 0; d < dofs.value.size(); ++d) {
                plus.value[d] += h * dofs.velocity[d];
                minus.value[d] -= h * dofs.velocity[d];
            }
            for (Index m = 0; m < Index(model.muscles.size()); ++m) {
                const double fd = (muscle_path_length(model, posed(model, plus), m) -
                                   muscle_path_length(model, posed(model, minus), m)) /
                                  (2 * h);
                const double v = muscle_path_velocity(model, s, m);
                QVERIFY2(std::abs(fd - v) < 1e-6, qPrintable(QString("muscle %1: fd %2 vs %3").arg(m).arg(fd).arg(v)));
            }
        }
    }

    void momentArmIsMinusLengthDerivative() {
        const Model model = load(chain_model);
        std::mt19937 rng(7);
        for (int trial = 0; trial < 5; ++trial) {
            const DofAssignment dofs = random_pose(model, rng);
            const State s = posed(model, dofs);
            for (Index m = 0; m < Index(model.muscles.size()); ++m) {
                for (int d = 0; d < int(model.dofs.size()); ++d) {
                    const double h = 1e-6;
                    DofAssignment plus = dofs, minus = dofs;
                    plus.value[d] += h;
                    minus.value[d] -= h;
                    const double fd = -(muscle_path_length(model, posed(model, plus), m) -
                                        muscle_path_length(model, posed(model, minus), m)) /
                                      (2 * h);
                    const double arm = muscle_moment_arm(model, s, m, d);
                    QVERIFY2(std::abs(fd - arm) < 1e-7, qPrintable(QString("muscle %1 dof %2: -dL/dq %3, moment arm %4")
                                                                       .arg(m)
                                                                       .arg(QString::fromStdString(model.dofs[d].name))
                                                                       .arg(fd)
                                                                       .arg(arm)));
                }
            }
        }
        // the long muscle crosses every chain dof, the free one none of them
        const State s = posed(model, default_dof_assignment(model));
        QVERIFY(std::abs(muscle_moment_arm(model, s, 0, model.find_dof("c_rz"))) > 1e-3);
        QCOMPARE(muscle_moment_arm(model, s, model.find_muscle("free"), model.find_dof("b_rz")), 0.0);
    }

    void pointPathAppliesNoNetForceOrMoment() {
        const Model model = load(chain_model);
        std::mt19937 rng(11);
        const State s = posed(model, random_pose(model, rng));
        Data data = sized_data(model);
        const double tension = 750;
        apply_muscle_tension_as(model, s, 0, tension, false, data);
        Vec3 net_force = Vec3::Zero(), net_moment = Vec3::Zero();
        for (size_t b = 0; b < model.bodies.size(); ++b) {
            net_force += data.force[b];
            net_moment += s.pos[b].cross(data.force[b]) + data.torque[b];
        }
        QVERIFY(net_force.norm() < 1e-10 * tension);
        QVERIFY(net_moment.norm() < 1e-10 * tension);
        // and it does pull: the insertion body feels a force toward the previous via point
        const Index c = model.find_body("c");
        const Vec3 toward = (muscle_path_point(model, s, 0, 3) - muscle_path_point(model, s, 0, 4)).normalized();
        QVERIFY((data.force[c] - tension * toward).norm() < 1e-9 * tension);
    }

    void jointTorquesApplyNoNetForceOrTorque() {
        const Model model = load(chain_model);
        std::mt19937 rng(13);
        const State s = posed(model, random_pose(model, rng));
        Data data = sized_data(model);
        apply_muscle_tension_as(model, s, 0, 500, true, data);
        Vec3 net_torque = Vec3::Zero();
        for (size_t b = 0; b < model.bodies.size(); ++b) {
            QCOMPARE(data.force[b].norm(), 0.0);
            net_torque += data.torque[b];
        }
        QVERIFY(net_torque.norm() < 1e-10 * 500);
        QVERIFY(data.torque[model.find_body("c")].norm() > 1.0);
    }

    void onePassPathMatchesTheStateBasedFunctions() {
        Model model = load(chain_model);
        std::mt19937 rng(19);
        const State s = posed(model, random_pose(model, rng));
        const double tension = 420;
        for (bool as_torques : {false, true}) {
            for (Muscle& m : model.muscles) m.joint_torques = as_torques;
            for (Index m = 0; m < Index(model.muscles.size()); ++m) {
                Data one_pass = sized_data(model), reference = sized_data(model);
                update_body_frames(s, one_pass);
                update_muscle_paths(model, s, one_pass);
                apply_path_tension(model, s, m, tension, one_pass);
                apply_muscle_tension_as(model, s, m, tension, as_torques, reference);
                const double length = muscle_path_length(model, s, m), velocity = muscle_path_velocity(model, s, m);
                QVERIFY(std::abs(one_pass.muscle_length[m] - length) < 1e-14 * length);
                // point forces (the joint-torque form leaves out a muscle's pull between
                // bodies no joint connects, as the free muscle's)
                const double power = load_power(s, one_pass);
                if (!as_torques)
                    QVERIFY2(
                        std::abs(power + tension * velocity) < 1e-10 * tension * (1 + std::abs(velocity)),
                        qPrintable(
                            QString("muscle %1: power %2, -T dL/dt %3").arg(m).arg(power).arg(-tension * velocity)));
                for (Index k = one_pass.segment_offset[m]; k < one_pass.segment_offset[m + 1]; ++k)
                    QVERIFY(segment_frame_matches(s, one_pass, k));
                for (size_t b = 0; b < model.bodies.size(); ++b) {
                    QVERIFY((one_pass.force[b] - reference.force[b]).norm() < 1e-12 * tension);
                    QVERIFY((one_pass.torque[b] - reference.torque[b]).norm() < 1e-12 * tension);
                }
            }
        }
    }

    void planarPassMatchesTheStateBasedFunctions() {
        // Every body turned about z only, moving in the x-y plane: the planar pass
        // gives the 3D state-based length, the arms and directions of the segments,
        // and loads whose power is -T dL/dt.
        const Model model = load(chain_model);
        std::mt19937 rng(23);
        std::uniform_real_distribution<double> unit(-1, 1);
        State s = initial_state(model);
        for (size_t b = 0; b < model.bodies.size(); ++b) {
            if (model.bodies[b].is_static()) continue;
            s.pos[b] += 0.1 * Vec3(unit(rng), unit(rng), 0);
            s.ori[b] = Quat(Eigen::AngleAxisd(2 * unit(rng), Vec3::UnitZ()));
            s.lin_vel[b] = Vec3(unit(rng), unit(rng), 0);
            s.ang_vel[b] = Vec3(0, 0, 3 * unit(rng));
        }
        Data data = sized_data(model);
        update_body_frames(s, data, true);
        QVERIFY(data.planar && data.z_rotations_only);
        update_muscle_paths(model, s, data);
        for (Index m = 0; m < Index(model.muscles.size()); ++m) {
            const double length = muscle_path_length(model, s, m);
            QVERIFY(std::abs(data.muscle_length[m] - length) < 1e-14 * length);
        }
        for (Index k = 0; k < Index(data.segment_body_a.size()); ++k) QVERIFY(segment_frame_matches(s, data, k, true));
        // the planar loads of each point-force muscle do the work -T dL/dt (the joints
        // do not hold together here, so the joint-torque form would not)
        const double tension = 420;
        for (Index m = 0; m < Index(model.muscles.size()); ++m) {
            if (model.muscles[m].joint_torques) continue;
            Data loads = data;
            std::fill(loads.force.begin(), loads.force.end(), Vec3::Zero());
            std::fill(loads.torque.begin(), loads.torque.end(), Vec3::Zero());
            apply_path_tension(model, s, m, tension, loads);
            const double velocity = muscle_path_velocity(model, s, m);
            QVERIFY(std::abs(load_power(s, loads) + tension * velocity) < 1e-10 * tension * (1 + std::abs(velocity)));
        }
        // and the tensions' forces in the plane and torques about z
        std::fill(data.muscle_force.begin(), data.muscle_force.end(), tension);
        apply_path_tensions(model, s, data);
        Data reference = sized_data(model);
        for (Index m = 0; m < Index(model.muscles.size()); ++m)
            apply_muscle_tension_as(model, s, m, tension, model.muscles[m].joint_torques, reference);
        for (size_t b = 0; b < model.bodies.size(); ++b) {
            QVERIFY(std::abs(data.force[b].x() - reference.force[b].x()) < 1e-12 * tension);
            QVERIFY(std::abs(data.force[b].y() - reference.force[b].y()) < 1e-12 * tension);
            QVERIFY(std::abs(data.torque[b].z() - reference.torque[b].z()) < 1e-12 * tension);
        }
    }

    void onePassPathKeepsOnlyTheSegmentsBetweenBodies() {
        const Model model = load(chain_model);
        Data data = sized_data(model);
        for (Index m = 0; m < Index(model.muscles.size()); ++m) {
            const auto& path = model.muscles[m].path;
            std::vector<size_t> crossing;  // k: segment from point k to k + 1 joins two bodies
            double within_bodies = 0;
            for (size_t k = 0; k + 1 < path.size(); ++k) {
                if (path[k + 1].body != path[k].body) crossing.push_back(k);
                else within_bodies += (path[k + 1].pos - path[k].pos).norm();
            }
            QCOMPARE(data.segment_offset[m + 1] - data.segment_offset[m], Index(crossing.size()));
            for (size_t i = 0; i < crossing.size(); ++i) {
                const Index segment = data.segment_offset[m] + Index(i);
                QCOMPARE(data.segment_body_a[segment], path[crossing[i]].body);
                QCOMPARE(data.segment_body_b[segment], path[crossing[i] + 1].body);
                QVERIFY(data.segment_local_a[segment] == path[crossing[i]].pos);
                QVERIFY(data.segment_local_b[segment] == path[crossing[i] + 1].pos);
            }
            QCOMPARE(data.path_fixed_length[m], within_bodies);
        }
        // the model's "wrap" muscle: five points, of which a run of three on body a
        const Index wrap = model.find_muscle("wrap");
        QCOMPARE(int(model.muscles[wrap].path.size()), 5);
        QCOMPARE(data.segment_offset[wrap + 1] - data.segment_offset[wrap], Index(2));
        QVERIFY(data.path_fixed_length[wrap] > 0.05);
    }

    void bothApplicationsDoTheVirtualWorkOfTheMomentArm() {
        const Model model = load(chain_model);
        std::mt19937 rng(17);
        const DofAssignment dofs = random_pose(model, rng);
        const State s = posed(model, dofs);
        const double tension = 300;
        for (bool as_torques : {false, true}) {
            for (Index m = 0; m < Index(model.muscles.size()); ++m) {
                Data data = sized_data(model);
                apply_muscle_tension_as(model, s, m, tension, as_torques, data);
                for (int d = 0; d < int(model.dofs.size()); ++d) {
                    if (as_torques && model.dofs[d].kind != Dof::Kind::JointRotation) continue;  // no joint to push
                    const double q = generalized_force(model, dofs, data, d);
                    const double expected = tension * muscle_moment_arm(model, s, m, d);
                    QVERIFY2(std::abs(q - expected) < 1e-5 * tension,
                             qPrintable(QString("%1 muscle %2 dof %3: Q %4 vs T*r %5")
                                            .arg(as_torques ? "torques" : "forces")
                                            .arg(m)
                                            .arg(QString::fromStdString(model.dofs[d].name))
                                            .arg(q)
                                            .arg(expected)));
                }
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestMusclePath)
#include "test_muscle_path.moc"
