#pragma once
// model_options { mirror = 1 }: the left side of a model written once, for the right.
//
// Every component whose name ends in `_r` (body, joint, geometry,
// point_path_muscle, joint_point_path_muscle, dof, joint_motor; top level, or a
// joint / geometry inside a body) gets a copy named `_l`, written right after
// it, unless a component of the same kind with that `_l` name exists already.
// In the copy (and everything written inside it: meshes, nested joints, path
// points), with S = diag(1, 1, -1) the reflection in the x-y plane:
//   names and body / parent / child / joint references   `_r` -> `_l`
//   positions, velocities, forces, plane normals          v -> S v          (z negated)
//   angular velocities, torques, moments (axial vectors)  w -> -S w         (x, y negated)
//   orientations                                          R -> S R S: Euler x, y negated,
//                                                          quaternion (w, x, y, z) -> (w, -x, -y, z)
//   joint limits x and y                                  a..b -> -b..-a    (z kept)
//   dof sources on rx, ry or tz                            sign inverted, so that a
//                                                          mirrored pose has equal dof values
//   mesh scale                                            z negated (the mesh is mirrored)
#include "format/prop_node.h"

#include <string>

namespace hfd {

void mirror_components(PropNode& model_node);

// "hip_r" -> "hip_l"; other names unchanged.
std::string mirrored_name(const std::string& name);

}  // namespace hfd
