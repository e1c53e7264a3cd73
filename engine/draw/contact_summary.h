#pragma once
// What the view sums from a pose: the ground reaction of each body (the sum of
// the contact forces on its geometries, applied at their centre of pressure).
// The centre of mass of the whole model is state/kinematics.h's center_of_mass.
#include "draw/pose_snapshot.h"

#include <vector>

namespace hfd {

struct BodyContactForce {
    Index body = no_index;
    Vec3 force = Vec3::Zero();  // sum of the contact forces on the body
    Vec3 point = Vec3::Zero();  // centre of pressure
};

// One entry per body that has contacts (contacts without a body are left out), in
// the order of their first contact. The centre of pressure weighs each contact
// point by its force along `up` (the floor normal), COP = sum(p_i F_i.up) / sum(F_i.up),
// which for points on a horizontal floor is the point where the summed force
// gives the same moment about every vertical axis; when the forces along `up`
// sum to (almost) nothing it falls back to weights |F_i|. Reuses `out`.
void sum_contact_forces_per_body(const std::vector<PoseSnapshot::ContactArrow>& contacts, const Vec3& up,
                                 std::vector<BodyContactForce>& out);

}  // namespace hfd
