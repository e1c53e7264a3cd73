#include "analysis/collocation.h"

#include "state/kinematics.h"

#include <Eigen/SparseLU>
#include <algorithm>
#include <cmath>

namespace hfd {

namespace {

using Eigen::MatrixXd;
using Eigen::VectorXd;
using Triplets = std::vector<Eigen::Triplet<double>>;

struct Layout {
    int n = 0, nodes = 0;
    int block() const { return 2 * n + 1; }
    int y(int k) const { return k * block(); }
    int y_dot(int k) const { return k * block() + n; }
    int u(int k) const { return k * block() + 2 * n; }
    int unknowns() const { return nodes * block(); }
    int constraints() const { return n + nodes * n + (nodes - 1) * n + 2; }
};

class Problem {
public:
    Problem(Simulation& sim, const ImplicitDynamics& dyn, const CollocationSettings& s)
        : sim_(sim), dyn_(dyn), s_(s), base_(std::as_const(sim).state()), saved_(std::as_const(sim).controls()) {
        layout_.n = dyn.size();
        layout_.nodes = s.nodes;
        h_ = s.duration / (s.nodes - 1);
        start_ = dyn.pack(base_);
    }
    ~Problem() { sim_.controls() = saved_; }

    const Layout& layout() const { return layout_; }
    double step() const { return h_; }

    void set_control(double u) { sim_.controls().motors[size_t(s_.motor)].added_torque = Vec3(0, 0, u); }

    double weight(int k) const { return (k == 0 || k == layout_.nodes - 1 ? 0.5 : 1.0) * h_; }

    double cost(const VectorXd& z) const {
        double f = 0;
        for (int k = 0; k < layout_.nodes; ++k) f += weight(k) * z[layout_.u(k)] * z[layout_.u(k)];
        return f;
    }

    double dof_of(const VectorXd& y, bool rate) const {
        const State s = dyn_.unpack(y, base_);
        return rate ? dof_velocity(sim_.model(), s, s_.dof) : dof_value(sim_.model(), s, s_.dof);
    }

    VectorXd constraints(const VectorXd& z) {
        const Layout& l = layout_;
        VectorXd c(l.constraints());
        c.head(l.n) = z.segment(l.y(0), l.n) - start_;
        int row = l.n;
        for (int k = 0; k < l.nodes; ++k, row += l.n) {
            set_control(z[l.u(k)]);
            c.segment(row, l.n) = dyn_.residual(z.segment(l.y(k), l.n), z.segment(l.y_dot(k), l.n), base_);
        }
        for (int k = 0; k + 1 < l.nodes; ++k, row += l.n)
            c.segment(row, l.n) = z.segment(l.y(k + 1), l.n) - z.segment(l.y(k), l.n) -
                                  0.5 * h_ * (z.segment(l.y_dot(k), l.n) + z.segment(l.y_dot(k + 1), l.n));
        const VectorXd last = z.segment(l.y(l.nodes - 1), l.n);
        c[row] = dof_of(last, false) - s_.target;
        c[row + 1] = dof_of(last, true);
        return c;
    }

    // Constraint Jacobian as triplets (rows offset by `row0` in the KKT matrix, columns by 0).
    void jacobian(const VectorXd& z, int row0, Triplets& t) {
        const Layout& l = layout_;
        for (int i = 0; i < l.n; ++i) t.emplace_back(row0 + i, l.y(0) + i, 1.0);
        int row = row0 + l.n;
        for (int k = 0; k < l.nodes; ++k, row += l.n) {
            const VectorXd y = z.segment(l.y(k), l.n), y_dot = z.segment(l.y_dot(k), l.n);
            const double u = z[l.u(k)];
            set_control(u);
            add_dense(t, row, l.y(k), dyn_.jacobian_y(y, y_dot, base_));
            add_dense(t, row, l.y_dot(k), dyn_.jacobian_y_dot(y, y_dot, base_));
            const double du = 1e-6 * std::max(1.0, std::abs(u));
            set_control(u + du);
            const VectorXd ahead = dyn_.residual(y, y_dot, base_);
            set_control(u - du);
            const VectorXd behind = dyn_.residual(y, y_dot, base_);
            add_dense(t, row, l.u(k), (ahead - behind) / (2 * du));
        }
        for (int k = 0; k + 1 < l.nodes; ++k, row += l.n)
            for (int i = 0; i < l.n; ++i) {
                t.emplace_back(row + i, l.y(k + 1) + i, 1.0);
                t.emplace_back(row + i, l.y(k) + i, -1.0);
                t.emplace_back(row + i, l.y_dot(k) + i, -0.5 * h_);
                t.emplace_back(row + i, l.y_dot(k + 1) + i, -0.5 * h_);
            }
        VectorXd last = z.segment(l.y(l.nodes - 1), l.n);
        for (int i = 0; i < l.n; ++i) {
            const double step = 1e-7 * std::max(1.0, std::abs(last[i])), value = last[i];
            last[i] = value + step;
            const double value_ahead = dof_of(last, false), rate_ahead = dof_of(last, true);
            last[i] = value - step;
            const double value_behind = dof_of(last, false), rate_behind = dof_of(last, true);
            last[i] = value;
            t.emplace_back(row, l.y(l.nodes - 1) + i, (value_ahead - value_behind) / (2 * step));
            t.emplace_back(row + 1, l.y(l.nodes - 1) + i, (rate_ahead - rate_behind) / (2 * step));
        }
    }

    // Initial guess: the forward simulation of the motor tracking a smooth
    // path of the dof to its target (a stiff PD on the motor's own target), so
    // that the joints start loaded and the dynamics nearly hold; u is the
    // torque that tracking needed. Falls back to the path posed by apply_dofs
    // when the dof is not the motor joint's z rotation.
    VectorXd initial_guess() {
        const Layout& l = layout_;
        VectorXd z = VectorXd::Zero(l.unknowns());
        const Model& m = sim_.model();
        const Dof& dof = m.dofs[size_t(s_.dof)];
        const JointMotor& motor = m.motors[size_t(s_.motor)];
        const double from = dof_value(m, base_, s_.dof);
        auto path = [&](double t, bool rate) {
            const double x = std::clamp(t / s_.duration, 0.0, 1.0);
            return rate ? (s_.target - from) * 6 * x * (1 - x) / s_.duration
                        : from + (s_.target - from) * x * x * (3 - 2 * x);
        };
        if (dof.kind == Dof::Kind::JointRotation && dof.joint == motor.joint && dof.axis == 2) {
            const Joint& joint = m.joints[size_t(motor.joint)];
            const Body& child = m.bodies[size_t(joint.child)];
            const double inertia = child.inertia.z() + child.mass * joint.pos_in_child.squaredNorm();
            const double omega = 20 * M_PI / s_.duration;  // tracking bandwidth: 10 cycles per motion
            const State saved = std::as_const(sim_).state();
            sim_.state() = base_;
            const auto track = [&](double time, Controls& controls) {
                MotorControl& control = controls.motors[size_t(s_.motor)];
                const double now = time - base_.time;
                control.target_ori = quat_from_euler_xyz(Vec3(0, 0, dof.sign * path(now, false)));
                control.target_vel = Vec3(0, 0, dof.sign * path(now, true));
                control.stiffness = inertia * omega * omega;
                control.damping = 2 * inertia * omega;
            };
            for (int k = 0; k < l.nodes; ++k) {
                if (k > 0) sim_.advance_to(base_.time + k * h_, track);
                sim_.ensure_evaluated();
                const State& s = std::as_const(sim_).state();
                const Quat frame = s.ori[size_t(joint.parent)] * joint.ref_ori;
                const double u = (frame.conjugate() * sim_.data().motor_torque[size_t(s_.motor)]).z();
                z.segment(l.y(k), l.n) = k == 0 ? start_ : dyn_.pack(s);
                z.segment(l.y_dot(k), l.n) = dyn_.explicit_derivative(dyn_.pack(s), s);
                z[l.u(k)] = u;
            }
            sim_.controls().motors[size_t(s_.motor)] = saved_.motors[size_t(s_.motor)];
            sim_.state() = saved;
            return z;
        }
        DofAssignment dofs{coordinate_values(m, base_).value, std::vector<double>(m.dofs.size(), 0.0)};
        for (int k = 0; k < l.nodes; ++k) {
            dofs.value[size_t(s_.dof)] = path(k * h_, false);
            dofs.velocity[size_t(s_.dof)] = path(k * h_, true);
            State s = base_;
            apply_dofs(m, dofs, s);
            z.segment(l.y(k), l.n) = k == 0 ? start_ : dyn_.pack(s);
        }
        for (int k = 0; k < l.nodes; ++k) {  // central differences of the guess
            const int a = std::max(0, k - 1), b = std::min(l.nodes - 1, k + 1);
            z.segment(l.y_dot(k), l.n) = (z.segment(l.y(b), l.n) - z.segment(l.y(a), l.n)) / ((b - a) * h_);
        }
        return z;
    }

private:
    static void add_dense(Triplets& t, int row, int col, const MatrixXd& block) {
        for (Eigen::Index c = 0; c < block.cols(); ++c)
            for (Eigen::Index r = 0; r < block.rows(); ++r)
                if (block(r, c) != 0) t.emplace_back(row + int(r), col + int(c), block(r, c));
    }

    Simulation& sim_;
    const ImplicitDynamics& dyn_;
    CollocationSettings s_;
    State base_;
    Controls saved_;
    Layout layout_;
    double h_ = 0;
    VectorXd start_;
};

}  // namespace

CollocationResult solve_min_effort_collocation(Simulation& sim, const ImplicitDynamics& dynamics,
                                               const CollocationSettings& settings) {
    CollocationResult result;
    if (settings.motor < 0 || settings.motor >= Index(sim.model().motors.size()) || settings.dof < 0 ||
        settings.dof >= Index(sim.model().dofs.size()) || settings.nodes < 3 || !(settings.duration > 0)) {
        result.message = "collocation needs a joint motor, a dof, at least 3 nodes and a positive duration";
        return result;
    }
    Problem problem(sim, dynamics, settings);
    const Layout& l = problem.layout();
    VectorXd z = problem.initial_guess();
    VectorXd c = problem.constraints(z);
    const int nz = l.unknowns(), nc = l.constraints();
    for (result.iterations = 0; result.iterations < settings.max_iterations; ++result.iterations) {
        // KKT: [H J^T; J 0] [dz; lambda] = [-grad f; -c], H = cost Hessian + small regularization
        Triplets t;
        for (int i = 0; i < nz; ++i) t.emplace_back(i, i, 1e-9);
        VectorXd rhs = VectorXd::Zero(nz + nc);
        for (int k = 0; k < l.nodes; ++k) {
            t.emplace_back(l.u(k), l.u(k), 2 * problem.weight(k));
            rhs[l.u(k)] = -2 * problem.weight(k) * z[l.u(k)];
        }
        Triplets jac;
        problem.jacobian(z, 0, jac);
        for (const auto& e : jac) {
            t.emplace_back(nz + e.row(), e.col(), e.value());
            t.emplace_back(e.col(), nz + e.row(), e.value());
        }
        rhs.tail(nc) = -c;
        Eigen::SparseMatrix<double> kkt(nz + nc, nz + nc);
        kkt.setFromTriplets(t.begin(), t.end());
        Eigen::SparseLU<Eigen::SparseMatrix<double>> lu;
        lu.compute(kkt);
        if (lu.info() != Eigen::Success) {
            result.message = "the KKT matrix is singular";
            break;
        }
        const VectorXd solution = lu.solve(rhs);
        const VectorXd dz = solution.head(nz);
        const double mu = 2 * solution.tail(nc).cwiseAbs().maxCoeff() + 1;
        const double merit = problem.cost(z) + mu * c.lpNorm<1>();
        double alpha = 1;
        VectorXd trial = z + dz, trial_c = problem.constraints(trial);
        // second-order corrections (Maratos effect): pull the full step back
        // onto the constraints with the same factorization, min-norm in H
        if (problem.cost(trial) + mu * trial_c.lpNorm<1>() >= merit) {
            Triplets projection;
            for (int i = 0; i < nz; ++i) projection.emplace_back(i, i, 1.0);
            for (const auto& e : jac) {
                projection.emplace_back(nz + e.row(), e.col(), e.value());
                projection.emplace_back(e.col(), nz + e.row(), e.value());
            }
            Eigen::SparseMatrix<double> least_change(nz + nc, nz + nc);
            least_change.setFromTriplets(projection.begin(), projection.end());
            Eigen::SparseLU<Eigen::SparseMatrix<double>> correction_lu(least_change);
            for (int correction = 0; correction < 5 && correction_lu.info() == Eigen::Success &&
                                     problem.cost(trial) + mu * trial_c.lpNorm<1>() >= merit;
                 ++correction) {
                VectorXd corrective = VectorXd::Zero(nz + nc);
                corrective.tail(nc) = -trial_c;
                trial += correction_lu.solve(corrective).head(nz);
                trial_c = problem.constraints(trial);
            }
        }
        for (int halving = 0; halving < 12 && problem.cost(trial) + mu * trial_c.lpNorm<1>() >= merit; ++halving) {
            alpha *= 0.5;
            trial = z + alpha * dz;
            trial_c = problem.constraints(trial);
        }
        z = trial;
        c = trial_c;
        if (c.lpNorm<Eigen::Infinity>() < settings.tolerance && alpha * dz.lpNorm<Eigen::Infinity>() < 1e-6) {
            result.converged = true;
            ++result.iterations;
            break;
        }
    }
    result.cost = problem.cost(z);
    result.constraint_violation = c.lpNorm<Eigen::Infinity>();
    for (int k = 0; k < l.nodes; ++k) {
        result.time.push_back(k * problem.step());
        result.state.push_back(z.segment(l.y(k), l.n));
        result.control.push_back(z[l.u(k)]);
        result.dof_value.push_back(problem.dof_of(result.state.back(), false));
    }
    if (!result.converged && result.message.empty())
        result.message = "no convergence in " + std::to_string(result.iterations) + " iterations (largest |c| " +
                         std::to_string(result.constraint_violation) + ")";
    return result;
}

double resimulate_dof(Simulation& sim, const CollocationSettings& settings, const CollocationResult& result,
                      State start) {
    const Controls saved = std::as_const(sim).controls();
    sim.set_initial_state(start);
    sim.state() = start;  // keep the collocation's start exactly (no re-equilibration)
    const double h = settings.duration / (settings.nodes - 1);
    auto control_at = [&](double t) {
        const double x = std::clamp(t / h, 0.0, double(settings.nodes - 1));
        const int k = std::min(int(x), settings.nodes - 2);
        return result.control[size_t(k)] + (x - k) * (result.control[size_t(k) + 1] - result.control[size_t(k)]);
    };
    // the control of each step at its middle; steps of at most h/20
    const double t0 = start.time, max_step = h / 20;
    const auto open_loop = [&](double time, Controls& controls) {
        controls.motors[size_t(settings.motor)].added_torque = Vec3(0, 0, control_at(time - t0 + 0.5 * max_step));
    };
    const int intervals = int(std::ceil(settings.duration / max_step - 1e-9));
    for (int i = 1; i <= intervals; ++i)
        if (!sim.advance_to(std::min(t0 + i * max_step, t0 + settings.duration), open_loop)) break;
    const double value = dof_value(sim.model(), std::as_const(sim).state(), settings.dof);
    sim.controls() = saved;
    return value;
}

}  // namespace hfd
