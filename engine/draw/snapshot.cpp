#include "draw/snapshot.h"

#include "forces/muscle_path.h"

#include <algorithm>

namespace hfd {
namespace {

Vec3 body_point(const std::vector<Vec3>& body_pos, const std::vector<Quat>& body_ori, Index body, const Vec3& local) {
    if (body < 0 || std::size_t(body) >= body_pos.size()) return local;  // no body: the world frame
    return body_pos[body] + body_ori[body] * local;
}

}  // namespace

Vec3 joint_parent_anchor(const Model& model, const std::vector<Vec3>& body_pos, const std::vector<Quat>& body_ori,
                         Index joint) {
    const Joint& j = model.joints[joint];
    return body_point(body_pos, body_ori, j.parent, j.pos_in_parent);
}

Vec3 joint_child_anchor(const Model& model, const std::vector<Vec3>& body_pos, const std::vector<Quat>& body_ori,
                        Index joint) {
    const Joint& j = model.joints[joint];
    return body_point(body_pos, body_ori, j.child, j.pos_in_child);
}

void fill_snapshot(const Model& model, const State& state, const Data* data, PoseSnapshot& snapshot) {
    snapshot.time = state.time;
    const std::size_t body_count = model.bodies.size();
    snapshot.body_pos.resize(body_count);
    snapshot.body_ori.resize(body_count);
    for (std::size_t b = 0; b < body_count; ++b) {
        const bool have = b < state.pos.size() && b < state.ori.size();
        snapshot.body_pos[b] = have ? state.pos[b] : model.bodies[b].pos;
        snapshot.body_ori[b] = have ? state.ori[b] : model.bodies[b].ori;
    }

    const std::size_t muscle_count = model.muscles.size();
    snapshot.muscle_activation.resize(muscle_count);
    snapshot.muscle_path.resize(muscle_count);
    const bool data_has_forces = data && data->muscle_force.size() == muscle_count;
    snapshot.muscle_force.resize(data_has_forces ? muscle_count : 0);
    if (data_has_forces) std::copy(data->muscle_force.begin(), data->muscle_force.end(), snapshot.muscle_force.begin());
    for (std::size_t m = 0; m < muscle_count; ++m) {
        snapshot.muscle_activation[m] = m < state.activation.size() ? state.activation[m] : 0.0;
        const std::vector<PathPoint>& path = model.muscles[m].path;
        std::vector<Vec3>& points = snapshot.muscle_path[m];
        points.resize(path.size());
        const bool state_poses = state.pos.size() == body_count && state.ori.size() == body_count;
        for (std::size_t p = 0; p < path.size(); ++p) {
            if (!state_poses || !model.muscles[m].has_dof_points()) {
                points[p] = body_point(snapshot.body_pos, snapshot.body_ori, path[p].body, path[p].pos);
                continue;
            }
            // an inactive conditional point is drawn where the previous point is (the first at
            // its own place), which keeps the tube's layout of one vertex ring per point
            const Vec3 local = path_point_local(model, state, path[p]);
            points[p] = p > 0 && !path_point_active(model, state, path[p])
                            ? points[p - 1]
                            : body_point(snapshot.body_pos, snapshot.body_ori, path[p].body, local);
        }
    }

    snapshot.contacts.clear();
    if (data)
        for (const Contact& contact : data->contacts)
            snapshot.contacts.push_back({contact.point, contact.force, contact.body_b});

    const std::size_t joint_count = model.joints.size();
    snapshot.joint_displacement.resize(joint_count);
    const bool data_has_joints = data && data->joint_displacement.size() == joint_count;
    for (std::size_t j = 0; j < joint_count; ++j)
        snapshot.joint_displacement[j] =
            data_has_joints ? data->joint_displacement[j]
                            : Vec3(joint_child_anchor(model, snapshot.body_pos, snapshot.body_ori, Index(j)) -
                                   joint_parent_anchor(model, snapshot.body_pos, snapshot.body_ori, Index(j)));
}

PoseSnapshot make_snapshot(const Model& model, const State& state, const Data* data) {
    PoseSnapshot snapshot;
    fill_snapshot(model, state, data, snapshot);
    return snapshot;
}

}  // namespace hfd
