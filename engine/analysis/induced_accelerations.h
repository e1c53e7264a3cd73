#pragma once
// Induced acceleration analysis (after OpenSim's IAA with kinematic contact
// constraints, Hamner et al. 2010). At one state, with the joints as ideal
// constraints and each touching contact as a point / weld / rolling constraint
// (constraint_rows.h), the accelerations a and constraint forces lambda solve
//   [ M  -C^T ] [ a      ]   [ F_i ]
//   [ C   0   ] [ lambda ] = [ b_i ]
// for every contributor i (contributors.h): F_i its body forces and torques,
// b_i the constraint velocity products (velocity contributor only, else 0).
// M is block diagonal (m I and the world inertia R I R^T per body), so the
// system is solved through its Schur complement with one factorization and one
// right-hand side per contributor:
//   S = C M^-1 C^T,   S lambda = b - C M^-1 F,   a = M^-1 (F + C^T lambda).
// S is factorized by a complete orthogonal decomposition: redundant constraints
// (a foot welded at heel and toe, a planar model's out-of-plane rows) make S
// singular; a is still unique, lambda is the minimum-norm split between them.
// Planar simulations solve for (a_x, a_y, alpha_z) per body only.
//
// Outputs, one column per contributor and a last "total" column solved with the
// summed right-hand side: body accelerations, coordinate accelerations
// (q_ddot = J a + J_dot u; J u is the coordinate rate of kinematics.h, which is
// linear in the body velocities, and J_dot u is taken by central differences
// over +-1e-6 s of the motion and belongs to the velocity contributor), the
// whole-body centre of mass acceleration, and the force each contact constraint
// applies to its body.
//
// Validity (docs/analyses.md, "When the constraint model holds"): every frame
// gets a verdict. The rigid joints and contacts describe the forward simulation
// at this state only when
//   1. |a_com,total - a_com,forward| <= limits.com * g (g = |model gravity|,
//      9.81 m/s^2 without gravity): Newton for the whole body, so this is the
//      summed constraint reaction against the summed compliant contact force,
//      |sum lambda - sum F_contact| <= limits.com * m g;
//   2. max_i |q_ddot_total,i - q_ddot_forward,i| <= limits.coordinate *
//      max(max_i |q_ddot_forward,i|, g / 1 m) (an order of magnitude: the forward
//      coordinate accelerations carry the joint springs' vibration, so this only
//      catches constraint sets that are near singular);
//   3. no constraint pulls its body into the ground: the normal component of its
//      total reaction >= -limits.load * m g (per geometry with point and rolling
//      contacts; per body with welds, whose split between the welds of one body
//      is the minimum-norm one, not unique);
//   4. every touching contact whose compliant normal force exceeds
//      limits.load * m g ("carries load") is constrained (options.contacts can
//      leave contacts out).
// A frame failing any of them gets valid = false and a reason.
#include "analysis/constraint_rows.h"
#include "state/kinematics.h"
#include "sim/simulation.h"

#include <Eigen/Core>
#include <string>
#include <vector>

namespace hfd {

// The thresholds of the validity verdict (see above).
struct InducedValidityLimits {
    double com = 0.5;        // x g: half the residual of a body whose whole support is left unconstrained
    double coordinate = 10;  // x max(largest forward coordinate acceleration, g / 1 m)
    double load = 0.02;      // x m_total g: a contact "carries load" above it, a constraint "pulls" below minus it
};

struct InducedAccelerationOptions {
    InducedAccelerationOptions() = default;
    // {kind}: that contact constraint, the rest at their defaults
    InducedAccelerationOptions(ContactConstraint kind) : contact(kind) {}
    ContactConstraint contact = ContactConstraint::Point;
    // Geometries (on moving bodies) whose touching contacts become constraints;
    // empty: every touching contact. Others are left free (and judged by check 4).
    std::vector<std::string> contacts;
    InducedValidityLimits limits;
};

// One touching contact of the forward evaluation.
struct ContactLoad {
    std::string geometry;               // the geometry on the moving body
    Index body = no_index;              // the moving body (the constraint's body)
    Vec3 normal = Vec3::UnitY();        // unit, world, from the other body (the ground) towards `body`
    Vec3 forward_force = Vec3::Zero();  // the compliant contact force on `body`, world
    int constraint = -1;                // index into InducedAccelerations::contacts; -1 not constrained
    double forward_normal() const { return forward_force.dot(normal); }
};

struct InducedValidity {
    bool valid = true;
    double gravity = 0;                                    // the scale g [m/s^2]
    double weight = 0;                                     // m_total g [N]
    double com_residual = 0, com_limit = 0;                // |a_com,total - a_com,forward| and its limit [m/s^2]
    double coordinate_residual = 0, coordinate_limit = 0;  // max over coordinates [rad/s^2 | m/s^2]
    std::vector<std::string> unconstrained_loaded;         // geometries carrying load without a constraint
    std::vector<std::string> pulling;  // geometries (welds: bodies) the constraints pull into the ground
    std::string reason;                // empty when valid
};

struct InducedAccelerations {
    std::vector<std::string> columns;      // contributors, then "total"
    std::vector<std::string> coordinates;  // coordinate_names(model)
    ContactConstraint contact_kind = ContactConstraint::Point;
    std::vector<ConstraintGroup> contacts;  // the contact constraints used
    Eigen::MatrixXd body;        // 6 n_bodies x columns: [a_lin; alpha] per body (world; 0 for static bodies)
    Eigen::MatrixXd coordinate;  // n_coordinates x columns
    Eigen::MatrixXd com;         // 3 x columns
    Eigen::MatrixXd reaction;    // 3 n_contacts x columns: force on the contact's body (world)

    // Checks. Superposition: max |sum of contributor columns - total| over all
    // outputs, relative to the largest |entry| of those outputs.
    double superposition_error = 0;
    double constraint_error = 0;  // max |C a_total - b| (nonzero only for inconsistent constraints)
    // The forward simulation's accelerations at the same state (compliant joints and contacts)
    Eigen::VectorXd forward_body, forward_coordinate;
    Vec3 forward_com = Vec3::Zero();
    Eigen::VectorXd forward_reaction;  // 3 n_contacts: the compliant contact force on the contact's body
    std::vector<ContactLoad> loads;    // every touching contact, constrained or not
    InducedValidity validity;          // whether the constraint model holds at this state

    Index column(std::string_view name) const;  // no_index when absent
    Index total_column() const { return Index(columns.size()) - 1; }
};

// `sim` supplies model, force components, controls and whether the run is planar;
// `state` is any state of it (e.g. sim.state(), or a recorded row).
InducedAccelerations induced_accelerations(const Simulation& sim, const State& state,
                                           const InducedAccelerationOptions& options = {});

// The verdict of `frame` (its totals, forward values and loads) for `model`;
// induced_accelerations calls it with options.limits.
InducedValidity judge_induced_frame(const Model& model, const InducedAccelerations& frame,
                                    const InducedValidityLimits& limits);

// Whole-body centre of mass acceleration for body accelerations `body` (6 n_bodies);
// the centre of mass itself is state/kinematics.h's center_of_mass.
Vec3 com_acceleration(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& body);

// Coordinate accelerations J a for body accelerations `body` (no velocity products).
Eigen::VectorXd coordinate_rates_of(const Model& model, const State& state,
                                    const Eigen::Ref<const Eigen::VectorXd>& body);
// The velocity products J_dot u of the coordinates at `state`.
Eigen::VectorXd coordinate_velocity_products(const Model& model, const State& state);

}  // namespace hfd
