#pragma once
// What the view draws for one instant: body poses and the overlays (muscle
// paths, contact arrows, joint displacements), plain data copied from the
// simulation thread or decoded from a recording. snapshot.h fills it.
#include "model/model.h"

#include <vector>

namespace hfd {

// What the view shows for one instant, copied from the simulation thread.
struct PoseSnapshot {
    double time = 0;
    std::vector<Vec3> body_pos;
    std::vector<Quat> body_ori;
    std::vector<double> muscle_activation;       // per muscle (colour)
    std::vector<double> muscle_force;            // per muscle, tendon force in N (width); may be empty
    std::vector<std::vector<Vec3>> muscle_path;  // per muscle, world points
    struct ContactArrow {
        Vec3 point, force;      // force on `body` at the contact point, world
        Index body = no_index;  // the body the force acts on (no_index: unknown)
    };
    std::vector<ContactArrow> contacts;
    std::vector<Vec3> joint_displacement;  // per joint, world
};

}  // namespace hfd
