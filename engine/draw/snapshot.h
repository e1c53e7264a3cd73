#pragma once
// Copies what the view draws for one instant out of the simulation state.
#include "draw/pose_snapshot.h"
#include "state/data.h"
#include "state/state.h"

namespace hfd {

// Body poses, world muscle path points, activations, contact arrows (force on
// body b at the contact point) and joint displacements (from `data` when it
// is sized for the model, else computed from the state). `data` may be null.
PoseSnapshot make_snapshot(const Model& model, const State& state, const Data* data);

// Same, reusing the vectors already in `snapshot` (no allocation once sized).
void fill_snapshot(const Model& model, const State& state, const Data* data, PoseSnapshot& snapshot);

// World position of a joint's anchor on its parent (or child) body.
Vec3 joint_parent_anchor(const Model& model, const std::vector<Vec3>& body_pos, const std::vector<Quat>& body_ori,
                         Index joint);
Vec3 joint_child_anchor(const Model& model, const std::vector<Vec3>& body_pos, const std::vector<Quat>& body_ori,
                        Index joint);

}  // namespace hfd
