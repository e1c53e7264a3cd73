// Joint constraint and limit forces (Hyfydy manual, "Joint Forces").
//
// Constraint force, applied to the child at its anchor and opposite to the
// parent at its anchor:            F_j = -k_p p_j - k_v v_j
//   p_j = child anchor - parent anchor (world), v_j its rate of change.
// Limit torque per rotational axis of the joint frame (parent * ref_ori):
//   pnld:  tau = -k_a theta max(0, 1 + k_w w sgn(theta))   (non-linear damping, zero at the limit)
//   pnld2: tau = -k_a theta (1 + k_w w sgn(theta))          (the same, not clamped)
//   pd:    tau = -k_a theta - k_w w                        (only while theta != 0)
//   theta = alpha - alpha_min if alpha < alpha_min, alpha - alpha_max if alpha > alpha_max, else 0,
//   alpha = intrinsic x-y-z Euler angles of ref_ori^-1 q_parent^-1 q_child,
//   w = relative angular velocity in the joint frame.
// The x and z angles (atan2) lie on a circle and wrap at +-180 degrees: past a
// limit, theta is the way to the nearer limit around that circle, so an elbow
// limited to 0..150 and bent 31 degrees past 150 (its angle reads -179) is pushed
// back to 150, not around to 0, and the torque has no jump where the angle wraps
// (it switches sides only opposite the allowed range). The y angle (asin, within
// +-90 degrees) does not wrap.
// pnld: the manual writes (1 + k_w w); read as Hunt-Crossley damping (which the
// manual cites), the damping scales with the speed *into* the limit, w sgn(theta):
// at an upper limit (theta > 0) that is w, at a lower limit (theta < 0) it is -w,
// so moving deeper is resisted more than moving out at either limit. The factor
// is clamped at 0 so that damping never turns the limit torque into a pull past
// the limit (as Hunt-Crossley contact never pulls).
// pnld2 (Hyfydy 1.12's planar default, not in the manual): the recorded limit torques
// of SCONE 2.4.4 + Hyfydy 1.12.6 follow the unclamped product, sign included: knee_r
// at t = 1 s of its Tutorial 4a run, 0.0215 rad past its -5 degree limit and leaving it
// at 0.675 rad/s (k_a 114.592, k_w 2.86479), carries +2.29752 N m; the product gives
// +2.29744, the clamp 0 (docs/gait_4a.md, "Hyfydy 1.12 side by side").
// Planar variants act in the x-y plane and about z only, and compute nothing else.
#include "forces/force_component.h"
#include "state/kinematics.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hfd {

namespace {

inline double limit_displacement(double angle, double min, double max) {
    return angle < min ? angle - min : angle > max ? angle - max : 0.0;
}

// Past the range of an angle on the circle, beyond max by a and below min by b
// (a + b = 2 pi - (max - min)): the displacement towards the nearer limit, > 0
// beyond max. A negative a or b means the angle is inside the range once around.
inline double towards_nearer_limit(double beyond_max, double below_min) {
    if (beyond_max < 0.0 || below_min < 0.0) return 0.0;
    return beyond_max <= below_min ? beyond_max : -below_min;
}

// limit_displacement for an angle on the circle: u = (angle - min) mod 2 pi; past
// the range (u > max - min) it is beyond max by a = u - (max - min) and below min
// by b = 2 pi - u; the nearer one, > 0 beyond max. Limits may lie beyond +-pi.
inline double circular_limit_displacement(double angle, double min, double max) {
    if (!(angle < min || angle > max)) return angle == angle ? 0.0 : angle;  // inside (NaN stays NaN)
    const double range = max - min;
    if (range >= 2.0 * M_PI) return 0.0;
    // fmod only when u is more than one turn from [0, 2 pi) (limits beyond +-pi): an
    // angle just below its lower limit, as every locked axis (0..0) half the time, adds a turn
    double u = angle - min;
    if (u < 0.0 && u >= -2.0 * M_PI) u += 2.0 * M_PI;
    if (u < 0.0 || u >= 2.0 * M_PI) {
        u = std::fmod(u, 2.0 * M_PI);
        if (u < 0.0) u += 2.0 * M_PI;
    }
    if (u <= range) return 0.0;  // inside once around
    return towards_nearer_limit(u - range, 2.0 * M_PI - u);
}

enum class LimitLaw { linear, nonlinear_clamped, nonlinear };

inline double limit_torque(LimitLaw law, double k, double kw, double theta, double w) {
    if (theta == 0.0) return 0.0;
    if (law == LimitLaw::linear) return -k * theta - kw * w;
    const double speed_into_limit = theta > 0.0 ? w : -w;
    const double factor = 1.0 + kw * speed_into_limit;
    return -k * theta * (law == LimitLaw::nonlinear ? factor : std::max(0.0, factor));
}

// Planar limits compare the joint angle with a limit through tan(limit / 2): with
// q_w >= 0 the angle 2 atan2(q_z, q_w) lies in [-pi, pi] and is increasing in q_z / q_w,
// so angle > max <=> q_z > q_w tan(max / 2). Limits at or beyond +-pi never bind (+-inf).
double tan_half_limit(double limit) {
    if (limit >= M_PI) return std::numeric_limits<double>::infinity();
    if (limit <= -M_PI) return -std::numeric_limits<double>::infinity();
    return std::tan(0.5 * limit);
}

// asin(s) > limit <=> s > sin(limit) for limits inside (-pi/2, pi/2); beyond, never.
double sin_limit(double limit) {
    if (limit >= 0.5 * M_PI) return std::numeric_limits<double>::infinity();
    if (limit <= -0.5 * M_PI) return -std::numeric_limits<double>::infinity();
    return std::sin(limit);
}

// Whether atan2(y, x) may lie outside its limits, without atan2: tan(angle / 2) =
// y / (r + x) is increasing on (-pi, pi), r = sqrt(x^2 + y^2), so compare y with
// (r + x) tan(limit / 2). At +-pi (r + x = 0) and for NaN it answers yes and the
// caller takes atan2.
inline bool may_pass(double y, double x, double r, double tan_half_min, double tan_half_max) {
    const double r_plus_x = r + x;
    if (!(r_plus_x > 0.0)) return true;
    return y > r_plus_x * tan_half_max || y < r_plus_x * tan_half_min;
}

// atan2(y, x) and asin(s) for the small angles by which a joint passes a limit
// (a locked axis, limits 0..0, is past one at every evaluation): for x > 0 and
// |t| = |y / x| < 0.05, atan t = t - t^3/3 + ... + t^13/13, and for |s| < 0.05,
// asin s = s + s^3/6 + 3 s^5/40 + ... + 231 s^13/13312; the next terms, t^15/15
// and 143 s^15/10240, are below 1e-18 t and 1e-20 s. The libm calls otherwise.
inline double small_atan2(double y, double x) {
    if (x > 0.0) {
        const double t = y / x;
        if (std::abs(t) < 0.05) {
            const double t2 = t * t;
            return t * (1.0 -
                        t2 * (1.0 / 3 - t2 * (1.0 / 5 - t2 * (1.0 / 7 - t2 * (1.0 / 9 - t2 * (1.0 / 11 - t2 / 13))))));
        }
    }
    return std::atan2(y, x);
}

inline double small_asin(double s) {
    if (!(std::abs(s) < 0.05)) return std::asin(s);
    const double s2 = s * s;
    return s * (1.0 +
                s2 * (1.0 / 6 + s2 * (3.0 / 40 + s2 * (5.0 / 112 +
                                                       s2 * (35.0 / 1152 + s2 * (63.0 / 2816 + s2 * 231.0 / 13312))))));
}

// (p r)^-1 c for quaternions that all rotate about z only (w, 0, 0, z): the
// products of the general formula with the zero x, y terms left out.
Quat relative_z_rotation(const Quat& p, const Quat& r, const Quat& c) {
    const double fw = p.w() * r.w() - p.z() * r.z(), fz = p.w() * r.z() + p.z() * r.w();  // frame p r
    return Quat(fw * c.w() + fz * c.z(), 0.0, 0.0, fw * c.z() - fz * c.w());
}

template <bool planar, LimitLaw law>
class JointForce final : public ForceComponent {
public:
    explicit JointForce(const Model& model) {
        for (const Joint& joint : model.joints) {
            const double min_z = joint.limit_min.z(), max_z = joint.limit_max.z();
            planar_limits_.push_back({tan_half_limit(min_z),
                                      tan_half_limit(max_z),
                                      {std::cos(0.5 * min_z), std::sin(0.5 * min_z)},
                                      {std::cos(0.5 * max_z), std::sin(0.5 * max_z)},
                                      2.0 * M_PI - (max_z - min_z),
                                      joint.has_limits,
                                      joint.ref_ori.x() == 0.0 && joint.ref_ori.y() == 0.0});
            LimitTests t;
            t.tan_half_min_x = tan_half_limit(joint.limit_min.x()),
            t.tan_half_max_x = tan_half_limit(joint.limit_max.x());
            t.sin_min_y = sin_limit(joint.limit_min.y()), t.sin_max_y = sin_limit(joint.limit_max.y());
            t.tan_half_min_z = planar_limits_.back().tan_half_min,
            t.tan_half_max_z = planar_limits_.back().tan_half_max;
            for (int axis = 0; axis < 3; ++axis)
                t.locked[axis] = joint.limit_min[axis] == 0.0 && joint.limit_max[axis] == 0.0;
            limit_tests_.push_back(t);
            if (joint.has_limits) limited_.push_back(Index(limit_tests_.size()) - 1);
            ref_rotation_.push_back(joint.ref_ori.normalized().toRotationMatrix());
            ref_is_identity_.push_back(ref_rotation_.back() == Mat3::Identity());
            any_damping_ = any_damping_ || joint.damping > 0;
        }
    }
    std::string_view name() const override {
        constexpr const char* names[2][3] = {{"joint_force_pd", "joint_force_pnld", "joint_force_pnld2"},
                                             {"planar_joint_force_pd", "planar_joint_force_pnld",
                                              "planar_joint_force_pnld2"}};
        return names[planar][static_cast<int>(law)];
    }
    bool is_planar() const override { return planar; }
    bool has_planar_variant() const override { return true; }
    ControlUse control_use() const override { return ControlUse::none; }

    // Planar: one pass, the constraint and the limit of each joint. 3D: two passes, the
    // constraint of every joint, then the limits of the joints that have them.
    void apply(const Model& m, const State& s, const Controls&, Data& d) const override {
        if (any_damping_) d.joint_damping_applied = true;
        if constexpr (planar) {
            if (d.z_rotations_only) apply_planar<true>(m, s, d);
            else apply_planar<false>(m, s, d);
        } else {
            if (d.z_rotations_only) apply_constraints<true>(m, s, d);
            else apply_constraints<false>(m, s, d);
            for (Index j : limited_) apply_limits(m, s, d, j);
        }
    }

private:
    struct HalfAngle {
        double c, s;  // cos and sin of half a limit angle
    };
    // per joint of the model it was created for: its z limits as planar limits read them
    struct PlanarLimit {
        double tan_half_min, tan_half_max;
        HalfAngle half_min, half_max;
        double forbidden;        // 2 pi - (max - min): the arc past both limits
        bool limited;            // Joint::has_limits
        bool ref_is_z_rotation;  // ref_ori turns about z only
    };
    std::vector<PlanarLimit> planar_limits_;
    // per joint: the limits as the values of the matrix terms the Euler angles come from
    struct LimitTests {
        double tan_half_min_x, tan_half_max_x, sin_min_y, sin_max_y, tan_half_min_z, tan_half_max_z;
        bool locked[3];  // limits 0..0: past at (almost) every evaluation, theta the angle itself
    };
    std::vector<LimitTests> limit_tests_;
    std::vector<Index> limited_;         // the joints with limits
    std::vector<Mat3> ref_rotation_;     // per joint: ref_ori as a matrix (3D limits)
    std::vector<char> ref_is_identity_;  // per joint: the frame is the parent's
    bool any_damping_ = false;           // some joint has constraint damping (Data::joint_damping_applied)

    // The x-y-z Euler angles (as euler_xyz_from_quat) of the joint's relative rotation
    // R = F^T R_c, F = R_p R_ref the joint frame, where they may be past a limit, else 0
    // with `past` false: atan2 and asin only for those axes. They come from five
    // entries of R, each a dot product of a column of F with one of R_c:
    //   sin b = r02,  x = atan2(-r12, r22),  z = atan2(-r01, r00).
    // At gimbal lock, from the quaternion `relative()` as euler_xyz_from_quat.
    template <typename Relative>
    static Vec3 angles_that_may_pass(const Mat3& frame, const Mat3& child, const LimitTests& t, bool past[3],
                                     Relative relative) {
        const double r00 = frame.col(0).dot(child.col(0)), r01 = frame.col(0).dot(child.col(1));
        const double r02 = frame.col(0).dot(child.col(2)), r12 = frame.col(1).dot(child.col(2));
        const double r22 = frame.col(2).dot(child.col(2));
        const double sin_b = std::clamp(r02, -1.0, 1.0);
        if (std::abs(sin_b) >= 1.0 - 1e-12) {  // gimbal lock
            past[0] = past[1] = past[2] = true;
            return euler_xyz_from_quat(relative());
        }
        // r12^2 + r22^2 = r00^2 + r01^2 = 1 - r02^2 = cos^2 b (unit rows and columns): the
        // radius of may_pass, once
        const double cos_b = std::sqrt(1.0 - sin_b * sin_b);
        past[0] = t.locked[0] || may_pass(-r12, r22, cos_b, t.tan_half_min_x, t.tan_half_max_x);
        past[1] = sin_b > t.sin_max_y || sin_b < t.sin_min_y || std::isnan(sin_b);
        past[2] = t.locked[2] || may_pass(-r01, r00, cos_b, t.tan_half_min_z, t.tan_half_max_z);
        return Vec3(past[0] ? small_atan2(-r12, r22) : 0.0, past[1] ? small_asin(sin_b) : 0.0,
                    past[2] ? small_atan2(-r01, r00) : 0.0);
    }

    // F_j of every joint (3D); `z_only` as d.z_rotations_only. The vectors' data are read
    // once (a store into a force cannot change where a vector keeps its data).
    template <bool z_only>
    static void apply_constraints(const Model& m, const State& s, Data& d) {
        const Joint* joints = m.joints.data();
        const Mat3* rotation = d.body_rotation.data();
        const Vec3 *pos = s.pos.data(), *lin_vel = s.lin_vel.data(), *ang_vel = s.ang_vel.data();
        Vec3 *force = d.force.data(), *torque = d.torque.data();
        Vec3 *displacement_of = d.joint_displacement.data(), *force_of = d.joint_force.data();
        for (size_t j = 0, n = m.joints.size(); j < n; ++j) {
            const Joint& joint = joints[j];
            const Index p = joint.parent, c = joint.child;
            const Vec3 r_parent = rotate<z_only>(rotation[p], joint.pos_in_parent);
            const Vec3 r_child = rotate<z_only>(rotation[c], joint.pos_in_child);
            const Vec3 displacement = (pos[c] + r_child) - (pos[p] + r_parent);
            const Vec3 velocity = (lin_vel[c] + ang_vel[c].cross(r_child)) - (lin_vel[p] + ang_vel[p].cross(r_parent));
            const Vec3 f = -joint.stiffness * displacement - joint.damping * velocity;
            displacement_of[j] = displacement;
            force_of[j] = f;
            force[c] += f;
            force[p] -= f;
            torque[c] += r_child.cross(f);
            torque[p] -= r_parent.cross(f);
        }
    }

    // Planar: F_j in the x-y plane (point velocities v + w_z e_z x r, r x F about z only)
    // and the limit torque about z of each joint, in one pass: the joint's bodies, their
    // angular velocities and torques are read once. `z_only` as d.z_rotations_only.
    template <bool z_only>
    void apply_planar(const Model& m, const State& s, Data& d) const {
        const Joint* joints = m.joints.data();
        const PlanarLimit* limits = planar_limits_.data();
        const Mat3* rotation = d.body_rotation.data();
        const Vec3 *pos = s.pos.data(), *lin_vel = s.lin_vel.data(), *ang_vel = s.ang_vel.data();
        const Quat* ori = s.ori.data();
        Vec3 *force = d.force.data(), *torque = d.torque.data();
        Vec3 *displacement_of = d.joint_displacement.data(), *force_of = d.joint_force.data(),
             *limit_torque_of = d.joint_limit_torque.data();
        for (size_t j = 0, n = m.joints.size(); j < n; ++j) {
            const Joint& joint = joints[j];
            const Index p = joint.parent, c = joint.child;
            const Vec3 r_parent = rotate<z_only>(rotation[p], joint.pos_in_parent);
            const Vec3 r_child = rotate<z_only>(rotation[c], joint.pos_in_child);
            const double wc = ang_vel[c].z(), wp = ang_vel[p].z();
            const double dx = (pos[c].x() + r_child.x()) - (pos[p].x() + r_parent.x());
            const double dy = (pos[c].y() + r_child.y()) - (pos[p].y() + r_parent.y());
            const double vx = (lin_vel[c].x() - wc * r_child.y()) - (lin_vel[p].x() - wp * r_parent.y());
            const double vy = (lin_vel[c].y() + wc * r_child.x()) - (lin_vel[p].y() + wp * r_parent.x());
            const double fx = -joint.stiffness * dx - joint.damping * vx;
            const double fy = -joint.stiffness * dy - joint.damping * vy;
            displacement_of[j] = Vec3(dx, dy, 0.0);
            force_of[j] = Vec3(fx, fy, 0.0);
            force[c].x() += fx, force[c].y() += fy;
            force[p].x() -= fx, force[p].y() -= fy;
            double torque_child = r_child.x() * fy - r_child.y() * fx;
            double torque_parent = r_parent.x() * fy - r_parent.y() * fx;
            if (limits[j].limited) {
                const double limit_z = planar_limit_torque<z_only>(joint, limits[j], ori[p], ori[c], wc - wp);
                limit_torque_of[j] = Vec3(0.0, 0.0, limit_z);
                torque_child += limit_z;
                torque_parent += limit_z;
            }
            torque[c].z() += torque_child;
            torque[p].z() -= torque_parent;
        }
    }

    // The limit torque about z on the child of a planar joint, w the relative angular
    // velocity about z. alpha_z = 2 atan2(q_z, q_w) of the relative orientation, with
    // q_w >= 0 (q and -q are the same rotation) so that alpha_z is in [-pi, pi]; atan2
    // only when the joint is past a limit.
    template <bool z_only>
    static double planar_limit_torque(const Joint& joint, const PlanarLimit& limit, const Quat& parent,
                                      const Quat& child, double w) {
        const Quat q = z_only && limit.ref_is_z_rotation ? relative_z_rotation(parent, joint.ref_ori, child)
                                                         : Quat((parent * joint.ref_ori).conjugate() * child);
        const double sign = q.w() < 0 ? -1.0 : 1.0, qz = sign * q.z(), qw = sign * q.w();
        // past a limit: the angle from it, 2 atan2 of q turned back by half the limit
        // (small, so small_atan2 takes its series); the other way round is the
        // forbidden arc minus that angle
        double theta = 0;
        if (qz > qw * limit.tan_half_max) {
            const HalfAngle& h = limit.half_max;
            const double beyond = std::max(0.0, 2.0 * small_atan2(qz * h.c - qw * h.s, qw * h.c + qz * h.s));
            theta = towards_nearer_limit(beyond, limit.forbidden - beyond);
        } else if (qz < qw * limit.tan_half_min) {
            const HalfAngle& h = limit.half_min;
            const double below = std::max(0.0, -2.0 * small_atan2(qz * h.c - qw * h.s, qw * h.c + qz * h.s));
            theta = towards_nearer_limit(limit.forbidden - below, below);
        }
        return limit_torque(law, joint.limit_stiffness, joint.limit_damping, theta, w);
    }

    // The limit torques of a 3D joint. Inlined into the loop of apply: as a call per
    // joint, its set-up cost human3d 1.3 % of an evaluation.
    [[gnu::always_inline]] inline void apply_limits(const Model& m, const State& s, Data& d, Index j) const {
        const Joint& joint = m.joints[j];
        const Index p = joint.parent, c = joint.child;
        // the joint frame from the body rotations of the evaluation (no quaternion products)
        const Mat3 frame = ref_is_identity_[j] ? d.body_rotation[p] : Mat3(d.body_rotation[p] * ref_rotation_[j]);
        bool past[3];
        const Vec3 angles = angles_that_may_pass(frame, d.body_rotation[c], limit_tests_[j], past, [&] {
            return Quat((s.ori[p] * joint.ref_ori).conjugate() * s.ori[c]);
        });
        Vec3 theta = Vec3::Zero();
        const bool* locked = limit_tests_[j].locked;
        for (int axis = 0; axis < 3; ++axis)
            if (past[axis])
                theta[axis] =
                    locked[axis] ? angles[axis]  // past 0..0 by the angle, which lies within +-pi (x, z)
                    : axis == 1
                        ? limit_displacement(angles[axis], joint.limit_min[axis], joint.limit_max[axis])
                        : circular_limit_displacement(angles[axis], joint.limit_min[axis], joint.limit_max[axis]);
        if (theta.isZero()) {
            d.joint_limit_torque[j].setZero();
            return;
        }
        const Vec3 w = frame.transpose() * (s.ang_vel[c] - s.ang_vel[p]);
        Vec3 local;
        for (int axis = 0; axis < 3; ++axis)
            local[axis] =
                limit_torque(law, joint.limit_stiffness, joint.limit_damping, theta[axis], w[axis]);
        if (local.isZero()) {
            d.joint_limit_torque[j].setZero();
            return;
        }
        const Vec3 torque = frame * local;
        d.joint_limit_torque[j] = torque;
        d.torque[c] += torque;
        d.torque[p] -= torque;
    }
};

template <bool planar, LimitLaw law>
std::unique_ptr<ForceComponent> create_joint_force(const PropNode& props, ForceContext& context) {
    PropertyValues none;
    if (!read_force_properties(props, context, none)) return nullptr;
    return std::make_unique<JointForce<planar, law>>(context.model);
}

}  // namespace

std::unique_ptr<ForceComponent> create_joint_force_pnld(const PropNode& props, ForceContext& context) {
    return create_joint_force<false, LimitLaw::nonlinear_clamped>(props, context);
}
std::unique_ptr<ForceComponent> create_joint_force_pnld2(const PropNode& props, ForceContext& context) {
    return create_joint_force<false, LimitLaw::nonlinear>(props, context);
}
std::unique_ptr<ForceComponent> create_joint_force_pd(const PropNode& props, ForceContext& context) {
    return create_joint_force<false, LimitLaw::linear>(props, context);
}
std::unique_ptr<ForceComponent> create_planar_joint_force_pnld(const PropNode& props, ForceContext& context) {
    return create_joint_force<true, LimitLaw::nonlinear_clamped>(props, context);
}
std::unique_ptr<ForceComponent> create_planar_joint_force_pnld2(const PropNode& props, ForceContext& context) {
    return create_joint_force<true, LimitLaw::nonlinear>(props, context);
}
std::unique_ptr<ForceComponent> create_planar_joint_force_pd(const PropNode& props, ForceContext& context) {
    return create_joint_force<true, LimitLaw::linear>(props, context);
}

}  // namespace hfd
