// Joint damping for the joints of light bodies.
//
// hfd's default joint damping is critical for the two bodies' reduced mass:
// c0 = 2 sqrt(k m_p m_c / (m_p + m_c)) (engine/model/build_joint.cpp). A light
// body (OpenSim's 0.1 kg talus, 0.2 kg toes, a slender forearm) moves faster at
// a joint anchor than its mass says: pushed at a point L from its mass centre
// (hfd body frame, principal moments I) it accelerates by W f, with
//   W = E / m + [L]x^T diag(1/I) [L]x,
// so it meets the joint spring with the effective mass m_eff = 1 / lambda_max(W),
// and with n joints it feels n springs and n dampers. An explicit step h of
// m x'' = -k x - c x' is stable for h < 2 sqrt(m / k) while c <= sqrt(k m);
// beyond, the damping limits it to h < 2 m / c. At the default c0 the light
// bodies' damping sets the gait models' step size. Joints of a body lighter
// than merge_rigid_mass_fraction of the model therefore damp with
// c = sqrt(k m_eff / n) of their lighter side (half of critical), the largest
// that does not shorten the step; heavier joints keep hfd's default, as in
// the hand-written corpus files.
#include "osim/osim_convert.h"

#include <Eigen/Eigenvalues>

#include <cmath>

namespace hfd::osim {

namespace {

Mat3 cross_matrix(const Vec3& v) {
    Mat3 m;
    m << 0, -v.z(), v.y(), v.z(), 0, -v.x(), -v.y(), v.x(), 0;
    return m;
}

double effective_mass(const OsimBody& body, const Vec3& moments, const Vec3& anchor) {
    const Mat3 s = cross_matrix(anchor);
    const Mat3 w = Mat3::Identity() / body.mass + s.transpose() * moments.cwiseInverse().asDiagonal() * s;
    return 1.0 / Eigen::SelfAdjointEigenSolver<Mat3>(w, Eigen::EigenvaluesOnly).eigenvalues().maxCoeff();
}

bool is_free_root(const OsimModel& model, const OsimJoint& joint) {
    const OsimBody* parent = model.find_body(joint.parent.body);
    if (!parent || !parent->is_ground) return false;
    for (const OsimAxis& axis : joint.axes)
        if (!axis.rotation && axis.coordinate >= 0) return true;
    return false;
}

int joints_of(const OsimModel& model, const std::string& body) {
    int n = 0;
    for (const OsimJoint& joint : model.joints)
        if (joint.written && !is_free_root(model, joint) && (joint.parent.body == body || joint.child.body == body))
            ++n;
    return std::max(n, 1);
}

}  // namespace

std::optional<double> light_body_damping(ConvertContext& c, const OsimJoint& joint, const Vec3& anchor_in_parent,
                                         const Vec3& anchor_in_child) {
    const OsimBody* parent = c.model.find_body(joint.parent.body);
    const OsimBody* child = c.model.find_body(joint.child.body);
    if (!parent || !child || child->mass <= 0) return std::nullopt;
    const double k = c.options.joint_stiffness;
    const bool parent_moves = parent->mass > 0;
    double m = effective_mass(*child, c.frames[child->name].moments, anchor_in_child) / joints_of(c.model, child->name);
    if (parent_moves)
        m = std::min(m, effective_mass(*parent, c.frames[parent->name].moments, anchor_in_parent) /
                            joints_of(c.model, parent->name));
    const double reduced = parent_moves ? parent->mass * child->mass / (parent->mass + child->mass) : child->mass;
    const double lighter = parent_moves ? std::min(parent->mass, child->mass) : child->mass;
    double model_mass = 0;
    for (const OsimBody& body : c.model.bodies) model_mass += body.mass;
    if (lighter >= c.options.merge_rigid_mass_fraction * model_mass) return std::nullopt;
    const double damping = std::sqrt(k * m), default_damping = 2 * std::sqrt(k * reduced);
    if (!(damping < default_damping)) return std::nullopt;
    c.report.note(joint.element, "joint '" + joint.name + "': damping " + format_number(damping) +
                                     " for its light body (" + format_number(m) +
                                     " kg effective per joint, half of critical); hfd's default " +
                                     format_number(default_damping) + " would overdamp it and set the step size");
    return damping;
}

}  // namespace hfd::osim
