#include "integrators/implicit_joint_damping.h"

#include <cmath>
#include <deque>
#include <tuple>
#include <utility>

namespace hfd {

namespace {

// A_b, planar: a body's (v_x, v_y, w_z) to the velocity of the point at arm r,
// (v_x - w_z r_y, v_y + w_z r_x). (3D works with A_b's 3x3 blocks, below.)
Eigen::Matrix<double, 2, 3> planar_twist_to_point(const Vec3& r) {
    Eigen::Matrix<double, 2, 3> a;
    a << 1, 0, -r.y(), 0, 1, r.x();
    return a;
}

// The Cholesky factor of a symmetric positive definite block, in place (lower
// triangle: a = L L^T), with 1 / L_ii, unrolled for the fixed size (Eigen's LLT takes
// its general loops: in 3D, where blocks replaced it, three quarters of the solve's
// instructions on H1922). A block that is not positive definite (NaN accelerations)
// gives NaN, and the step with it is rejected.
template <int n>
void cholesky(Eigen::Matrix<double, n, n>& a, Eigen::Matrix<double, n, 1>& inverse_diagonal) {
    for (int j = 0; j < n; ++j) {
        double diagonal = a(j, j);
        for (int k = 0; k < j; ++k) diagonal -= a(j, k) * a(j, k);
        const double inverse = 1.0 / std::sqrt(diagonal);
        inverse_diagonal[j] = inverse;
        for (int i = j + 1; i < n; ++i) {
            double sum = a(i, j);
            for (int k = 0; k < j; ++k) sum -= a(i, k) * a(j, k);
            a(i, j) = sum * inverse;
        }
    }
}

// x <- (L L^T)^-1 x, column by column
template <int n, int columns>
void cholesky_solve(const Eigen::Matrix<double, n, n>& l, const Eigen::Matrix<double, n, 1>& inverse_diagonal,
                    Eigen::Matrix<double, n, columns>& x) {
    for (int c = 0; c < columns; ++c) {
        for (int i = 0; i < n; ++i) {
            double sum = x(i, c);
            for (int k = 0; k < i; ++k) sum -= l(i, k) * x(k, c);
            x(i, c) = sum * inverse_diagonal[i];
        }
        for (int i = n - 1; i >= 0; --i) {
            double sum = x(i, c);
            for (int k = i + 1; k < n; ++k) sum -= l(k, i) * x(k, c);
            x(i, c) = sum * inverse_diagonal[i];
        }
    }
}

}  // namespace

bool JointDampingSolver::ready(const Model& m) {
    if (model_ != &m || tree_parent_.size() != m.bodies.size() || arm_parent_.size() != m.joints.size()) prepare(m);
    return usable_;
}

void JointDampingSolver::prepare(const Model& m) {
    model_ = &m;
    usable_ = false;
    joints_.clear(), order_.clear();
    const size_t bodies = m.bodies.size();
    tree_parent_.assign(bodies, no_index), tree_joint_.assign(bodies, no_index);
    arm_parent_.assign(m.joints.size(), Vec3::Zero()), arm_child_.assign(m.joints.size(), Vec3::Zero());
    weight_.assign(m.joints.size(), 0.0), pull_.assign(m.joints.size(), Vec3::Zero());
    auto dynamic = [&](Index b) { return b != no_index && !m.bodies[b].is_static(); };
    std::vector<std::vector<std::pair<Index, Index>>> neighbours(bodies);  // (body, joint)
    size_t joining = 0;
    for (size_t j = 0; j < m.joints.size(); ++j) {
        const Joint& joint = m.joints[j];
        if (joint.parent == no_index || joint.child == no_index) continue;  // joins no body
        if (!(joint.damping > 0) || !(dynamic(joint.parent) || dynamic(joint.child))) continue;
        joints_.push_back(Index(j));
        if (!dynamic(joint.parent) || !dynamic(joint.child)) continue;
        neighbours[joint.parent].push_back({joint.child, Index(j)});
        neighbours[joint.child].push_back({joint.parent, Index(j)});
        ++joining;
    }
    // breadth first from each body not yet reached: every body after its tree parent
    std::vector<char> reached(bodies, 0);
    std::deque<Index> queue;
    size_t tree_edges = 0;
    for (size_t root = 0; root < bodies; ++root) {
        if (!dynamic(Index(root)) || reached[root]) continue;
        reached[root] = 1;
        queue.push_back(Index(root));
        while (!queue.empty()) {
            const Index b = queue.front();
            queue.pop_front();
            order_.push_back(b);
            for (auto [next, joint] : neighbours[b]) {
                if (reached[next]) continue;
                reached[next] = 1, tree_parent_[next] = b, tree_joint_[next] = joint, ++tree_edges;
                queue.push_back(next);
            }
        }
    }
    usable_ = !joints_.empty() && tree_edges == joining;  // else a loop
}

void JointDampingSolver::solve(const Model& m, const State& from, const Data& d, double kick, double drift,
                               bool planar, Vec3* lin, Vec3* ang) {
    const size_t bodies = m.bodies.size();
    const double h = kick;  // the span of the velocity change, M a~ = M a - ... over it
    add_joint_terms(m, from, kick, drift);
    if (planar) {
        planar_.block.resize(bodies), planar_.rate.resize(bodies), planar_.coupling.resize(bodies);
        planar_.result.resize(bodies);
        solve_planar(m, from, d, h, lin, ang);
    } else {
        spatial_.block.resize(bodies), spatial_.factor.resize(bodies), spatial_.rate.resize(bodies);
        solve_spatial(m, from, d, h, lin, ang);
    }
}

// The arms of body b and of its tree parent at b's joint to it.
std::pair<Vec3, Vec3> JointDampingSolver::tree_arms(const Model& m, Index b) const {
    const Index j = tree_joint_[b];
    return m.joints[j].child == b ? std::pair{arm_child_[j], arm_parent_[j]} : std::pair{arm_parent_[j], arm_child_[j]};
}

// Per joint: the arms, w = k c, and g = h c kappa (k the kick, h the drift), where
//   kappa = w_c x (w_c x r_c) - w_p x (w_p x r_p)
// is the turning arms' share of the anchors' relative velocity change over the step
// (3D; planar reads x and y).
void JointDampingSolver::add_joint_terms(const Model& m, const State& from, double kick, double drift) {
    for (Index j : joints_) {
        const Joint& joint = m.joints[j];
        Vec3 kappa = Vec3::Zero();
        if (!m.bodies[joint.parent].is_static()) {
            const Vec3 arm = arm_parent_[j] = from.ori[joint.parent] * joint.pos_in_parent;
            const Vec3& w = from.ang_vel[joint.parent];
            kappa -= w.cross(w.cross(arm));
        }
        if (!m.bodies[joint.child].is_static()) {
            const Vec3 arm = arm_child_[j] = from.ori[joint.child] * joint.pos_in_child;
            const Vec3& w = from.ang_vel[joint.child];
            kappa += w.cross(w.cross(arm));
        }
        weight_[j] = kick * joint.damping;
        pull_[j] = (drift * joint.damping) * kappa;
    }
}

namespace {

Mat3 skew(const Vec3& r) {  // [r]x: [r]x w = r x w
    Mat3 s;
    s << 0, -r.z(), r.y(), r.z(), 0, -r.x(), -r.y(), r.x(), 0;
    return s;
}

// In 3D, D = [[V, W], [W^T, U]] by 3x3 blocks over (v, w), factored as
//   V^-1, V^-1 W, Z^-1 with Z = U - W^T V^-1 W (the Schur complement):
//   D^-1 (y_v, y_w) = (V^-1 (y_v - W x_w), x_w),  x_w = Z^-1 (y_w - (V^-1 W)^T y_v).
// With A = [I, S], S = -[r]x (S w = w x r):
//   A^T A = [[I, S], [S^T, S^T S]],  S^T S = |r|^2 I - r r^T,  A^T g = (g, r x g),
//   A D^-1 A^T = V^-1 + H Z^-1 H^T,  H = V^-1 W - S,
//   A^T G A = [[G, G S], [S^T G, S^T G S]].
void add_point_block(SpatialBlock& block, double weight, const Vec3& r) {
    block.vv.diagonal().array() += weight;
    block.vw -= weight * skew(r);
    block.ww += weight * (r.squaredNorm() * Mat3::Identity() - r * r.transpose());
}

SpatialFactor factor(const SpatialBlock& block) {
    SpatialFactor f;
    f.v_inverse = block.vv.inverse();  // symmetric positive definite, closed form
    f.v_inverse_w = f.v_inverse * block.vw;
    f.z_inverse = (block.ww - block.vw.transpose() * f.v_inverse_w).inverse();
    return f;
}

void solve_in_place(const SpatialFactor& f, Vec3& v, Vec3& w) {
    const Vec3 x_w = f.z_inverse * (w - f.v_inverse_w.transpose() * v);
    v = f.v_inverse * v - f.v_inverse_w * x_w;
    w = x_w;
}

}  // namespace

void JointDampingSolver::solve_spatial(const Model& m, const State& from, const Data& d, double h, Vec3* lin,
                                       Vec3* ang) {
    SpatialScratch& s = spatial_;
    // D_b = M_b + h C_friction,b, r_b = M_b a_b, M_b = diag(m I, R I_body R^T)
    for (Index b : order_) {
        const Body& body = m.bodies[b];
        const Mat3 rotation = from.ori[b].toRotationMatrix();
        SpatialBlock& block = s.block[b];
        block.ww = rotation * body.inertia.asDiagonal() * rotation.transpose();
        block.vv = body.mass * Mat3::Identity();
        block.vw.setZero();
        s.rate[b] = {body.mass * d.lin_acc[b], block.ww * d.ang_acc[b]};
    }
    for (Index b : d.friction_damped_bodies) {
        const Mat6& c = d.friction_damping[b];
        SpatialBlock& block = s.block[b];
        block.vv += h * c.topLeftCorner<3, 3>(), block.vw += h * c.topRightCorner<3, 3>();
        block.ww += h * c.bottomRightCorner<3, 3>();
    }
    // + w A^T A on each dynamic body of each joint; -A_c^T g on the child, +A_p^T g on the parent
    for (Index j : joints_) {
        const Joint& joint = m.joints[j];
        const Vec3& pull = pull_[j];
        if (!m.bodies[joint.parent].is_static()) {
            add_point_block(s.block[joint.parent], weight_[j], arm_parent_[j]);
            s.rate[joint.parent].first += pull, s.rate[joint.parent].second += arm_parent_[j].cross(pull);
        }
        if (!m.bodies[joint.child].is_static()) {
            add_point_block(s.block[joint.child], weight_[j], arm_child_[j]);
            s.rate[joint.child].first -= pull, s.rate[joint.child].second -= arm_child_[j].cross(pull);
        }
    }
    for (size_t k = order_.size(); k-- > 0;) {  // leaves first
        const Index b = order_[k];
        const SpatialFactor& f = s.factor[b] = factor(s.block[b]);
        auto& [rate_v, rate_w] = s.rate[b];
        solve_in_place(f, rate_v, rate_w);  // D_b^-1 r_b
        const Index q = tree_parent_[b];
        if (q == no_index) continue;
        const double w = weight_[tree_joint_[b]];
        const auto [arm_b, arm_q] = tree_arms(m, b);
        const Mat3 h_b = f.v_inverse_w + skew(arm_b);
        const Mat3 mobility = f.v_inverse + h_b * f.z_inverse * h_b.transpose();  // A_b D_b^-1 A_b^T
        const Mat3 s_q = -skew(arm_q);
        const Mat3 mobility_s = mobility * s_q;
        SpatialBlock& parent = s.block[q];
        parent.vv -= (w * w) * mobility;
        parent.vw -= (w * w) * mobility_s;
        parent.ww -= (w * w) * (s_q.transpose() * mobility_s);
        const Vec3 point_rate = w * (rate_v + rate_w.cross(arm_b));  // w A_b D_b^-1 r_b
        s.rate[q].first += point_rate;
        s.rate[q].second += arm_q.cross(point_rate);
    }
    for (Index b : order_) {  // roots first: a~_b = D_b^-1 r_b + w D_b^-1 A_b^T A_q a~_q
        Vec3 v = s.rate[b].first, w = s.rate[b].second;
        if (const Index q = tree_parent_[b]; q != no_index) {
            const auto [arm_b, arm_q] = tree_arms(m, b);
            const Vec3 u = weight_[tree_joint_[b]] * (lin[q] + ang[q].cross(arm_q));
            Vec3 coupled_v = u, coupled_w = arm_b.cross(u);
            solve_in_place(s.factor[b], coupled_v, coupled_w);
            v += coupled_v, w += coupled_w;
        }
        lin[b] = v, ang[b] = w;
    }
}

void JointDampingSolver::solve_planar(const Model& m, const State& from, const Data& d, double h, Vec3* lin,
                                      Vec3* ang) {
    PlanarScratch& s = planar_;
    // D_b = M_b + h C_friction,b, r_b = M_b a_b, M_b = diag(m, m, I_z)
    for (Index b : order_) {
        const Body& body = m.bodies[b];
        s.block[b].setZero();
        s.block[b].diagonal() << body.mass, body.mass, body.inertia.z();
        s.rate[b] << body.mass * d.lin_acc[b].x(), body.mass * d.lin_acc[b].y(), body.inertia.z() * d.ang_acc[b].z();
    }
    for (Index b : d.friction_damped_bodies) s.block[b] += h * d.friction_damping[b].topLeftCorner<3, 3>();
    // + w A^T A on each dynamic body of each joint; -A_c^T g on the child, +A_p^T g on the parent
    for (Index j : joints_) {
        const Joint& joint = m.joints[j];
        const Eigen::Vector2d pull = pull_[j].head<2>();
        for (auto [b, arm, sign] :
             {std::tuple{joint.parent, arm_parent_[j], 1.0}, std::tuple{joint.child, arm_child_[j], -1.0}}) {
            if (m.bodies[b].is_static()) continue;
            const auto a = planar_twist_to_point(arm);
            s.block[b].noalias() += weight_[j] * a.transpose().lazyProduct(a);
            s.rate[b].noalias() += sign * a.transpose().lazyProduct(pull);
        }
    }
    for (size_t k = order_.size(); k-- > 0;) {  // leaves first
        const Index b = order_[k];
        Mat3& factor = s.block[b];
        Vec3 inverse_diagonal;
        cholesky(factor, inverse_diagonal);
        cholesky_solve(factor, inverse_diagonal, s.rate[b]);
        const Index q = tree_parent_[b];
        if (q == no_index) continue;
        const double w = weight_[tree_joint_[b]];
        const auto [arm_b, arm_q] = tree_arms(m, b);
        const auto a_b = planar_twist_to_point(arm_b), a_q = planar_twist_to_point(arm_q);
        s.coupling[b] = a_b.transpose();
        cholesky_solve(factor, inverse_diagonal, s.coupling[b]);
        const Eigen::Matrix2d mobility = a_b * s.coupling[b];  // A_b D_b^-1 A_b^T
        s.block[q].noalias() -= (w * w) * (a_q.transpose() * mobility * a_q);
        s.rate[q].noalias() += w * (a_q.transpose() * (a_b * s.rate[b]));
    }
    for (Index b : order_) {  // roots first
        Vec3& result = s.result[b];
        result = s.rate[b];
        if (const Index q = tree_parent_[b]; q != no_index) {
            const auto a_q = planar_twist_to_point(tree_arms(m, b).second);
            result.noalias() += weight_[tree_joint_[b]] * (s.coupling[b] * (a_q * s.result[q]));
        }
        lin[b].x() = result.x(), lin[b].y() = result.y(), ang[b].z() = result.z();
    }
}

}  // namespace hfd
