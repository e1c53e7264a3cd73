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
#include "analysis/constraint_rows.h"
#include "state/kinematics.h"
#include "sim/simulation.h"

#include <Eigen/Core>
#include <string>
#include <vector>

namespace hfd {

struct InducedAccelerationOptions {
    ContactConstraint contact = ContactConstraint::Point;
};

struct InducedAccelerations {
    std::vector<std::string> columns;       // contributors, then "total"
    std::vector<std::string> coordinates;   // coordinate_names(model)
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

    Index column(std::string_view name) const;  // no_index when absent
    Index total_column() const { return Index(columns.size()) - 1; }
};

// `sim` supplies model, force components, controls and whether the run is planar;
// `state` is any state of it (e.g. sim.state(), or a recorded row).
InducedAccelerations induced_accelerations(const Simulation& sim, const State& state,
                                           const InducedAccelerationOptions& options = {});

// Whole-body centre of mass acceleration for body accelerations `body` (6 n_bodies);
// the centre of mass itself is state/kinematics.h's center_of_mass.
Vec3 com_acceleration(const Model& model, const Eigen::Ref<const Eigen::VectorXd>& body);

// Coordinate accelerations J a for body accelerations `body` (no velocity products).
Eigen::VectorXd coordinate_rates_of(const Model& model, const State& state,
                                    const Eigen::Ref<const Eigen::VectorXd>& body);
// The velocity products J_dot u of the coordinates at `state`.
Eigen::VectorXd coordinate_velocity_products(const Model& model, const State& state);

}  // namespace hfd
