#include "analysis/induced_accelerations.h"

#include "analysis/contributors.h"
#include "state/kinematics.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cstdio>

namespace hfd {

namespace {

using Eigen::MatrixXd;
using Eigen::VectorXd;

// Unknowns of the solve: per moving body its acceleration directions (6 in 3D;
// a_x, a_y, alpha_z in planar runs), as columns of the 6 n_bodies selection B.
struct ReducedSpace {
    std::vector<int> offset;     // per body, first reduced unknown (-1 static)
    std::vector<int> direction;  // per reduced unknown: index into the body's 6
    std::vector<Index> body;     // per reduced unknown
    int size() const { return int(direction.size()); }
};

ReducedSpace reduced_space(const Model& m, bool planar) {
    ReducedSpace r;
    r.offset.assign(m.bodies.size(), -1);
    static const int all[] = {0, 1, 2, 3, 4, 5}, in_plane[] = {0, 1, 5};
    for (Index b = 0; b < Index(m.bodies.size()); ++b) {
        if (m.bodies[b].is_static()) continue;
        r.offset[b] = r.size();
        for (int k : planar ? std::vector<int>(in_plane, in_plane + 3) : std::vector<int>(all, all + 6)) {
            r.direction.push_back(k);
            r.body.push_back(b);
        }
    }
    return r;
}

// B^T X: rows of the full 6 n_bodies space picked for the reduced unknowns.
MatrixXd restrict_rows(const ReducedSpace& r, const MatrixXd& full) {
    MatrixXd out(r.size(), full.cols());
    for (int i = 0; i < r.size(); ++i) out.row(i) = full.row(6 * r.body[i] + r.direction[i]);
    return out;
}

MatrixXd restrict_cols(const ReducedSpace& r, const MatrixXd& full) {
    MatrixXd out(full.rows(), r.size());
    for (int i = 0; i < r.size(); ++i) out.col(i) = full.col(6 * r.body[i] + r.direction[i]);
    return out;
}

MatrixXd expand_rows(const ReducedSpace& r, const MatrixXd& reduced, Eigen::Index full_rows) {
    MatrixXd out = MatrixXd::Zero(full_rows, reduced.cols());
    for (int i = 0; i < r.size(); ++i) out.row(6 * r.body[i] + r.direction[i]) = reduced.row(i);
    return out;
}

// L^-1 with B^T M B = L L^T (Cholesky per body block; M is block diagonal).
MatrixXd inverse_mass_factor(const Model& m, const State& s, const ReducedSpace& r) {
    MatrixXd inv = MatrixXd::Zero(r.size(), r.size());
    for (Index b = 0; b < Index(m.bodies.size()); ++b) {
        if (r.offset[b] < 0) continue;
        const Body& body = m.bodies[b];
        Eigen::Matrix<double, 6, 6> mass = Eigen::Matrix<double, 6, 6>::Zero();
        mass.topLeftCorner<3, 3>() = body.mass * Mat3::Identity();
        const Mat3 rot = s.ori[b].toRotationMatrix();
        mass.bottomRightCorner<3, 3>() = rot * body.inertia.asDiagonal() * rot.transpose();
        int next = r.offset[b] + 1;
        while (next < r.size() && r.body[next] == b) ++next;
        const int count = next - r.offset[b];
        MatrixXd block(count, count);
        for (int i = 0; i < count; ++i)
            for (int k = 0; k < count; ++k)
                block(i, k) = mass(r.direction[r.offset[b] + i], r.direction[r.offset[b] + k]);
        const Eigen::LLT<MatrixXd> llt(block);
        inv.block(r.offset[b], r.offset[b], count, count) = llt.matrixL().solve(MatrixXd::Identity(count, count));
    }
    return inv;
}

// Largest |entry| and largest |sum of contributors - total| of one output block.
void accumulate_superposition(const MatrixXd& block, double& scale, double& error) {
    if (block.size() == 0) return;
    const Eigen::Index k = block.cols() - 1;
    scale = std::max(scale, block.cwiseAbs().maxCoeff());
    error = std::max(error, (block.leftCols(k).rowwise().sum() - block.col(k)).cwiseAbs().maxCoeff());
}

State with_velocities_advanced(const State& s, double h) {
    State out = s;
    for (size_t b = 0; b < s.pos.size(); ++b) {
        out.pos[b] = s.pos[b] + h * s.lin_vel[b];
        const double angle = s.ang_vel[b].norm() * h;
        if (angle != 0)
            out.ori[b] = (Quat(Eigen::AngleAxisd(angle, s.ang_vel[b].normalized())) * s.ori[b]).normalized();
    }
    return out;
}

}  // namespace

Index InducedAccelerations::column(std::string_view name) const {
    for (size_t i = 0; i < columns.size(); ++i)
        if (columns[i] == name) return Index(i);
    return no_index;
}

Vec3 com_acceleration(const Model& m, const Eigen::Ref<const VectorXd>& body) {
    Vec3 sum = Vec3::Zero();
    for (size_t b = 0; b < m.bodies.size(); ++b)
        if (!m.bodies[b].is_static()) sum += m.bodies[b].mass * body.segment<3>(6 * Eigen::Index(b));
    return sum / m.total_mass();
}

Eigen::VectorXd coordinate_rates_of(const Model& m, const State& s, const Eigen::Ref<const VectorXd>& body) {
    State moved = s;
    for (size_t b = 0; b < m.bodies.size(); ++b) {
        moved.lin_vel[b] = body.segment<3>(6 * Eigen::Index(b));
        moved.ang_vel[b] = body.segment<3>(6 * Eigen::Index(b) + 3);
    }
    const std::vector<double> rates = coordinate_values(m, moved).velocity;
    return Eigen::Map<const VectorXd>(rates.data(), Eigen::Index(rates.size()));
}

Eigen::VectorXd coordinate_velocity_products(const Model& m, const State& s) {
    constexpr double h = 1e-6;
    const std::vector<double> ahead = coordinate_values(m, with_velocities_advanced(s, h)).velocity;
    const std::vector<double> behind = coordinate_values(m, with_velocities_advanced(s, -h)).velocity;
    VectorXd out(Eigen::Index(ahead.size()));
    for (size_t i = 0; i < ahead.size(); ++i) out[Eigen::Index(i)] = (ahead[i] - behind[i]) / (2 * h);
    return out;
}

namespace {

bool moves(const Model& m, Index body) { return body != no_index && !m.bodies[body].is_static(); }

// The geometry on the moving body of a touching contact (the constraint's name).
Index moving_geometry(const Model& m, const Contact& c) { return moves(m, c.body_b) ? c.geometry_b : c.geometry_a; }

// Whether a touching contact becomes a constraint (build_constraint_rows skips
// contacts without a moving body, so they are not counted here either).
bool touching(const Model& m, const Contact& c) { return c.depth > 0 && (moves(m, c.body_a) || moves(m, c.body_b)); }

bool chosen(const Model& m, const Contact& c, const std::vector<std::string>& names) {
    if (names.empty()) return true;
    const Index g = moving_geometry(m, c);
    return g != no_index && std::find(names.begin(), names.end(), m.geometries[g].name) != names.end();
}

// The forward evaluation's body accelerations and contact forces: `loads` for
// every touching contact, `forward_reaction` for the constrained ones in the
// order of the contact constraints (the same filter as build_constraint_rows).
void record_forward(const Model& m, const Data& data, const std::vector<std::string>& chosen_names,
                    InducedAccelerations& out) {
    out.forward_body.resize(6 * Eigen::Index(m.bodies.size()));
    for (size_t b = 0; b < m.bodies.size(); ++b) {
        out.forward_body.segment<3>(6 * Eigen::Index(b)) = data.lin_acc[b];
        out.forward_body.segment<3>(6 * Eigen::Index(b) + 3) = data.ang_acc[b];
    }
    out.forward_reaction = VectorXd::Zero(3 * Eigen::Index(out.contacts.size()));
    int next = 0;
    for (const Contact& contact : data.contacts) {
        if (!touching(m, contact)) continue;
        const bool b_moves = moves(m, contact.body_b);
        ContactLoad load;
        const Index g = moving_geometry(m, contact);
        load.geometry = g == no_index ? std::string("?") : m.geometries[g].name;
        load.body = b_moves ? contact.body_b : contact.body_a;
        load.normal = b_moves ? contact.normal : Vec3(-contact.normal);
        load.forward_force = b_moves ? contact.force : Vec3(-contact.force);
        if (chosen(m, contact, chosen_names) && next < int(out.contacts.size())) {
            load.constraint = next;
            out.forward_reaction.segment<3>(3 * next++) = load.forward_force;
        }
        out.loads.push_back(std::move(load));
    }
}

// Gauss' principle in mass-scaled coordinates y = L^T a (M = L L^T):
//   y = f + Ch^T lambda,  Ch y = b,  f = L^-1 F,  Ch = C L^-T,
//   lambda = (Ch Ch^T)^+ (b - Ch f) = P P^T (b - Ch f),  P = (Ch^T)^+.
// Ch (not Ch Ch^T) is factorized, so its condition number is not squared.
// Returns the reduced accelerations, one column per right-hand side.
MatrixXd solve_constrained(const MatrixXd& inv_factor, const MatrixXd& c, const MatrixXd& forces, const MatrixXd& bias,
                           MatrixXd& lambda) {
    const MatrixXd scaled_c = c * inv_factor.transpose();
    MatrixXd y = inv_factor * forces;
    lambda = MatrixXd::Zero(c.rows(), forces.cols());
    if (c.rows() > 0) {
        Eigen::CompleteOrthogonalDecomposition<MatrixXd> cod;
        cod.setThreshold(1e-10);
        cod.compute(scaled_c.transpose());
        const MatrixXd pinv = cod.pseudoInverse();
        lambda = pinv * (pinv.transpose() * (bias - scaled_c * y));
        y += scaled_c.transpose() * lambda;
    }
    return inv_factor.transpose() * y;
}

// Coordinates and centre of mass of every column; J_dot u goes to the velocity and total columns.
void project_outputs(const Model& m, const State& state, int velocity_column, InducedAccelerations& out) {
    const Eigen::Index columns = out.body.cols();
    const VectorXd velocity_products = coordinate_velocity_products(m, state);
    out.coordinates = coordinate_names(m);
    out.coordinate.resize(velocity_products.size(), columns);
    out.com.resize(3, columns);
    for (Eigen::Index i = 0; i < columns; ++i) {
        out.coordinate.col(i) = coordinate_rates_of(m, state, out.body.col(i));
        // head<3>: a fixed-size target, without a 4-wide copy loop that GCC's bounds check flags
        out.com.col(i).head<3>() = com_acceleration(m, out.body.col(i));
    }
    out.coordinate.col(velocity_column) += velocity_products;
    out.coordinate.col(columns - 1) += velocity_products;
    out.forward_coordinate = coordinate_rates_of(m, state, out.forward_body) + velocity_products;
    out.forward_com = com_acceleration(m, out.forward_body);
}

}  // namespace

InducedAccelerations induced_accelerations(const Simulation& sim, const State& state,
                                           const InducedAccelerationOptions& options) {
    const Model& m = sim.model();
    Data data;
    data.resize(m);
    sim.evaluate(state, data);  // forward accelerations and the touching contacts

    InducedAccelerations out;
    out.contact_kind = options.contact;
    std::vector<Contact> constrained;
    for (const Contact& c : data.contacts)
        if (chosen(m, c, options.contacts)) constrained.push_back(c);
    const ConstraintRows constraints = build_constraint_rows(m, state, constrained, options.contact);
    for (const ConstraintGroup& g : constraints.groups)
        if (g.is_contact) out.contacts.push_back(g);
    record_forward(m, data, options.contacts, out);

    Data scratch;
    const ContributorForces forces = contributor_forces(sim, state, scratch);
    out.columns = forces.names;
    out.columns.push_back("total");
    const Eigen::Index k = Eigen::Index(forces.names.size()), full = 6 * Eigen::Index(m.bodies.size());
    MatrixXd wrench(full, k + 1);
    wrench.leftCols(k) = forces.wrench;
    wrench.col(k) = forces.wrench.rowwise().sum();
    MatrixXd bias = MatrixXd::Zero(constraints.bias.size(), k + 1);
    bias.col(forces.velocity_column) = constraints.bias;
    bias.col(k) = constraints.bias;

    const ReducedSpace space = reduced_space(m, sim.is_planar());
    const MatrixXd c = restrict_cols(space, constraints.jacobian);
    MatrixXd lambda;
    const MatrixXd accelerations =
        solve_constrained(inverse_mass_factor(m, state, space), c, restrict_rows(space, wrench), bias, lambda);
    out.body = expand_rows(space, accelerations, full);
    if (c.rows() > 0) out.constraint_error = (c * accelerations.col(k) - constraints.bias).cwiseAbs().maxCoeff();
    project_outputs(m, state, forces.velocity_column, out);

    out.reaction.resize(3 * Eigen::Index(out.contacts.size()), k + 1);
    for (size_t i = 0; i < out.contacts.size(); ++i)
        out.reaction.middleRows<3>(3 * Eigen::Index(i)) = lambda.middleRows<3>(out.contacts[i].first_row);

    double scale = 0, error = 0;
    for (const MatrixXd* block : {&out.body, &out.coordinate, &out.com, &out.reaction})
        accumulate_superposition(*block, scale, error);
    out.superposition_error = scale > 0 ? error / scale : error;
    out.validity = judge_induced_frame(m, out, options.limits);
    return out;
}

namespace {

std::string printed(const char* pattern, double a, double b = 0) {
    char text[160];
    std::snprintf(text, sizeof text, pattern, a, b);
    return text;
}

// Loads summed per geometry (a capsule touches twice), or per body (welds).
struct LoadGroup {
    std::string name;
    double forward = 0;   // compliant normal force [N]
    double reaction = 0;  // normal component of the constraint reactions (total column) [N]
    bool constrained = false;
};

LoadGroup& group_named(std::vector<LoadGroup>& groups, const std::string& name) {
    for (LoadGroup& g : groups)
        if (g.name == name) return g;
    groups.push_back({name});
    return groups.back();
}

}  // namespace

InducedValidity judge_induced_frame(const Model& m, const InducedAccelerations& f,
                                    const InducedValidityLimits& limits) {
    InducedValidity v;
    v.gravity = m.gravity.norm() > 0 ? m.gravity.norm() : 9.81;
    v.weight = m.total_mass() * v.gravity;
    const Index total = f.total_column();
    if (total < 0 || f.com.cols() <= total) return v;
    v.com_residual = (Vec3(f.com.col(total)) - f.forward_com).norm();
    v.com_limit = limits.com * v.gravity;
    if (f.coordinate.rows() > 0 && f.forward_coordinate.size() == f.coordinate.rows()) {
        v.coordinate_residual = (f.coordinate.col(total) - f.forward_coordinate).cwiseAbs().maxCoeff();
        v.coordinate_limit =
            limits.coordinate * std::max(f.forward_coordinate.cwiseAbs().maxCoeff(), v.gravity / 1.0 /* m */);
    }
    const double load = limits.load * v.weight;
    std::vector<LoadGroup> geometries, pulled;
    for (const ContactLoad& l : f.loads) {
        LoadGroup& g = group_named(geometries, l.geometry);
        g.forward += l.forward_normal();
        if (l.constraint < 0) continue;
        const double reaction = Vec3(f.reaction.block<3, 1>(3 * Eigen::Index(l.constraint), total)).dot(l.normal);
        g.constrained = true;
        g.reaction += reaction;
        LoadGroup& p = f.contact_kind == ContactConstraint::Weld ? group_named(pulled, m.bodies[l.body].name)
                                                                 : group_named(pulled, l.geometry);
        p.reaction += reaction;
    }
    std::string carrying;
    for (const LoadGroup& g : geometries) {
        if (!(g.forward > load)) continue;
        carrying += (carrying.empty() ? "" : ", ") + g.name + printed(" %.4g N", g.forward);
        if (!g.constrained) {
            carrying += " (not constrained)";
            v.unconstrained_loaded.push_back(g.name);
        }
    }
    std::string pulling;
    for (const LoadGroup& p : pulled)
        if (p.reaction < -load) {
            v.pulling.push_back(p.name);
            pulling += (pulling.empty() ? "" : ", ") + p.name + printed(" (%.4g N)", p.reaction);
        }
    const bool com_ok = v.com_residual <= v.com_limit, coordinates_ok = v.coordinate_residual <= v.coordinate_limit;
    v.valid = com_ok && coordinates_ok && v.pulling.empty() && v.unconstrained_loaded.empty();
    if (v.valid) return v;
    v.reason = "constraint model does not hold: |a_com - forward| = " +
               printed("%.4g m/s2 (limit %.3g)", v.com_residual, v.com_limit) +
               "; contacts carrying load: " + (carrying.empty() ? std::string("none") : carrying);
    if (!pulling.empty()) v.reason += "; constraints pulling the body into the ground: " + pulling;
    if (!coordinates_ok)
        v.reason += "; largest |coordinate acceleration - forward| = " +
                    printed("%.4g (limit %.3g)", v.coordinate_residual, v.coordinate_limit);
    return v;
}

}  // namespace hfd
