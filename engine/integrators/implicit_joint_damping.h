#pragma once
// The joints' constraint damping taken at the step's end velocity, with the friction
// damping of body_update.h. Joint j pushes its child with F_j = -k p_j - c v_j
// (joint_force.cpp; p_j, v_j the anchors' relative position and velocity). Over a step
// of h with v' = v + h a~ (and the rotations alike), to first order
//   v_j' = v_j + h (A_j a~ + kappa_j),
// A_j = [A_child, -A_parent] the map from the twists (v, w) of the joint's two bodies to
// v_j, A_b = [I, -[r_b]x] (planar: over v_x, v_y, w_z, [[1, 0, -r_y], [0, 1, r_x]]), and
// kappa_j = w_c x (w_c x r_c) - w_p x (w_p x r_p) the turning arms' share. Under the
// variable-step leapfrog the velocities are kicked over k = (h_previous + h) / 2 while the
// arms turn over h: v_j' = v_j + k A_j a~ + h kappa_j, so w_j = k c_j and g_j = h c_j kappa_j
// (k = h otherwise; below, h stands for k but in g_j). With the
// damping at v_j' in place of v_j, and the friction's C_friction likewise (body_update.h):
//   (M + C) a~ = M a - sum_j A_j^T g_j,
//   C = sum_j w_j A_j^T A_j + h C_friction,  w_j = h c_j,  g_j = w_j kappa_j.
// A rigid motion of a joint's two bodies keeps A_j a + kappa_j = 0: it keeps its
// accelerations, and the joint forces remain internal (sum of M a~ = sum of M a).
// Explicitly, a damper of c on an anchor of effective mass m_e (1 / m_e = 1 / m +
// r_perp^2 / I) bounds the step at h < 2 m_e / c: critically damped at 1e6 N/m, an
// ankle's anchor 5 cm from a 1.25 kg foot's centre set H1922's step at 0.28 ms. The
// springs stay explicit: taken at the step's end as well, their k times the neglected
// h^3 terms of p_j' moved a swinging pendulum's period by 2 % at accuracy 1e-3. Only
// the symplectic update (beta = 1) takes the damping so: under midpoint Euler the same
// pendulum (test_dynamics) swung 1.7 % slow at accuracy 1e-3 and 0.8 % at 1e-4, where
// symplectic Euler stays within 0.3 % at 1e-3 and 0.01 % at 1e-2.
//
// C joins each joint's two bodies; over a tree of joints the system is solved by blocks
// without fill-in (Gaussian elimination leaves first). With D_b the diagonal blocks and
// r_b the right-hand side, for each body b joined to its tree parent q by joint j:
//   D_q -= w_j^2 A_q^T (A_b D_b^-1 A_b^T) A_q,   r_q += w_j A_q^T A_b D_b^-1 r_b,
// then from the roots down, a~_b = D_b^-1 (r_b + w_j A_b^T A_q a~_q). Joints whose
// dynamic bodies close a loop leave the model to the explicit damping (usable() false).
#include "model/model.h"
#include "state/data.h"
#include "state/state.h"

#include <utility>
#include <vector>

namespace hfd {

// 3D: a body's block of D by 3x3 blocks over (v, w), [[vv, vw], [vw^T, ww]], and its factors.
struct SpatialBlock {
    Mat3 vv, vw, ww;
};
struct SpatialFactor {
    Mat3 v_inverse, v_inverse_w, z_inverse;  // V^-1, V^-1 W, (U - W^T V^-1 W)^-1
};
struct SpatialScratch {
    std::vector<SpatialBlock> block;
    std::vector<SpatialFactor> factor;
    std::vector<std::pair<Vec3, Vec3>> rate;  // r_b, then D_b^-1 r_b
};
// Planar: 3x3 over (v_x, v_y, w_z).
struct PlanarScratch {
    std::vector<Mat3> block;                            // D_b, then its Cholesky factor
    std::vector<Vec3> rate;                             // r_b, then D_b^-1 r_b
    std::vector<Eigen::Matrix<double, 3, 2>> coupling;  // D_b^-1 A_b^T
    std::vector<Vec3> result;
};

class JointDampingSolver {
public:
    // The tree of the joints with damping between dynamic bodies, for model m.
    void prepare(const Model& m);
    // prepare(m) unless done for m; whether m's joints can be solved so (usable()).
    bool ready(const Model& m);
    bool usable() const { return usable_; }
    // a~ of every dynamic body into lin, ang (sized for the bodies) for velocities kicked
    // over `kick` and arms turned over `drift`; d the evaluation of `from` (its
    // accelerations and friction damping: Data::copy_derivatives_from is enough), the arms
    // and inertias from `from`.
    void solve(const Model& m, const State& from, const Data& d, double kick, double drift, bool planar, Vec3* lin,
               Vec3* ang);

private:
    void solve_spatial(const Model& m, const State& from, const Data& d, double h, Vec3* lin, Vec3* ang);
    void solve_planar(const Model& m, const State& from, const Data& d, double h, Vec3* lin, Vec3* ang);
    void add_joint_terms(const Model& m, const State& from, double kick, double drift);
    std::pair<Vec3, Vec3> tree_arms(const Model& m, Index b) const;

    const Model* model_ = nullptr;
    bool usable_ = false;
    std::vector<Index> joints_;                 // damping > 0, at least one dynamic body
    std::vector<Index> order_;                  // the dynamic bodies, each after its tree parent
    std::vector<Index> tree_parent_;            // per body: the body it hangs from in the tree, or no_index
    std::vector<Index> tree_joint_;             // per body: the joint to it
    std::vector<Vec3> arm_parent_, arm_child_;  // per joint, of the step: r_p, r_c (world)
    std::vector<double> weight_;                // w_j
    std::vector<Vec3> pull_;                    // g_j
    SpatialScratch spatial_;
    PlanarScratch planar_;
};

}  // namespace hfd
