#pragma once
// Kinematic constraints of the induced acceleration analysis, as rows over the
// body accelerations. Unknowns are the world-frame accelerations of every body,
// 6 per body in Model::bodies order: [a_lin (of the centre of mass); alpha].
// A row group says C a = b with C (rows x 6 n_bodies) and b the velocity-product
// ("bias") term of the differentiated velocity constraint:
//   velocity constraint  C(q) u = 0   =>   C u_dot = -C_dot u = b.
//
// Joints (force-based in the simulation) become ideal constraints:
//   - anchor: child anchor velocity = parent anchor velocity (3 rows),
//       a_c + alpha_c x r_c + w_c x (w_c x r_c) = a_p + alpha_p x r_p + w_p x (w_p x r_p)
//   - locked axes: an Euler axis k whose limits are k = v..v (zero range, with
//     limit stiffness) keeps its angle: its rate da_k = n_k . (w_c - w_p) = 0 with
//     n_k = F E(angles)^-T e_k (F = parent * ref_ori, E the Euler rate matrix of
//     kinematics.cpp). A hinge written `limits { x = 0..0 y = 0..0 z = ... }`
//     keeps z free; a joint with no zero-range axis is a ball joint.
//     b = -n_dot . (w_c - w_p), n_dot by central differences over +-h of the
//     current motion (h = 1e-6 s; error O(h^2)).
// Contacts of the forward simulation (touching at this state) become, by choice:
//   - point:   the body point at the contact point keeps zero velocity (3 rows)
//   - weld:    point + no relative rotation (6 rows)
//   - rolling: no penetration and no slip at the contact point, no twist about
//     the normal (4 rows); the rolling body's centre of curvature (a sphere's
//     centre, a capsule's axis point; the contact point for other shapes) gives
//     the bias, since the contact point moves over the rolling surface.
// A contact between two moving bodies constrains their relative motion; rolling
// then falls back to a point constraint (the surface frame would move).
#include "model/model.h"
#include "state/data.h"
#include "state/state.h"

#include <Eigen/Core>
#include <string>
#include <vector>

namespace hfd {

enum class ContactConstraint { Point, Weld, Rolling };
const char* contact_constraint_name(ContactConstraint kind);
bool parse_contact_constraint(std::string_view text, ContactConstraint& out);

struct ConstraintGroup {
    std::string name;  // joint name, or "contact:<geometry>" (+ "#k" when one geometry touches more than once)
    bool is_contact = false;
    Index body = no_index;        // contact: the moving body the reaction acts on
    Vec3 point = Vec3::Zero();    // contact: world point
    int first_row = 0, rows = 0;  // contact: rows 0..2 are the force on `body` (world x, y, z)
};

struct ConstraintRows {
    Eigen::MatrixXd jacobian;  // rows x 6 n_bodies
    Eigen::VectorXd bias;      // C a = bias
    std::vector<ConstraintGroup> groups;
};

// Joint constraints for every joint, and one contact constraint per touching
// contact in `contacts` (Data::contacts of a forward evaluation at `state`).
ConstraintRows build_constraint_rows(const Model& model, const State& state, const std::vector<Contact>& contacts,
                                     ContactConstraint contact_kind);

// Axes (0 x, 1 y, 2 z) a joint keeps fixed in the analysis (see above).
std::vector<int> locked_joint_axes(const Joint& joint);

}  // namespace hfd
