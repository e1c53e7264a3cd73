#pragma once
// Rigid transforms between OpenSim frames and hfd body frames.
//
// An OpenSim body frame B has its origin anywhere and the inertia given about
// the mass centre c in B's axes. An hfd body frame H sits at the mass centre
// with its axes along the principal axes of inertia:  I_B = R diag(I_H) R^T,
// H = (c, R) in B. A point p_B becomes p_H = R^T (p_B - c); an orientation
// Q_B becomes R^T Q_B.
#include "model/math_types.h"

#include <array>

namespace hfd::osim {

struct Transform {
    Vec3 pos = Vec3::Zero();
    Quat ori = Quat::Identity();

    Vec3 apply(const Vec3& p) const { return pos + ori * p; }
    Transform operator*(const Transform& b) const { return Transform{pos + ori * b.pos, ori * b.ori}; }
    Transform inverse() const {
        const Quat inv = ori.conjugate();
        return Transform{-(inv * pos), inv};
    }
};

// OpenSim orientations are body-fixed x-y-z rotations in radians: R = Rx Ry Rz.
inline Quat quat_from_osim_orientation(const Vec3& xyz_radians) { return quat_from_euler_xyz(xyz_radians); }

// Principal axes of a symmetric inertia matrix: rotation R (columns = principal
// axes in the original frame) and moments, with I = R diag(moments) R^T. Among
// the equivalent choices (axis order and sign) R is the rotation closest to
// identity; an inertia that is already diagonal keeps R = identity exactly.
struct PrincipalAxes {
    Mat3 rotation = Mat3::Identity();
    Vec3 moments = Vec3::Zero();
};
PrincipalAxes principal_axes(const Mat3& inertia);

// OpenSim order [Ixx Iyy Izz Ixy Ixz Iyz] -> symmetric matrix.
Mat3 inertia_matrix(const std::array<double, 6>& v);

// The hfd frame of a body in its OpenSim frame: origin at the mass centre,
// axes along the principal axes.
Transform principal_frame(const Vec3& mass_center, const PrincipalAxes& axes);

// Index of the basis axis a unit vector is aligned with (|cos| > 1 - tolerance)
// and its sign; axis = -1 when it is not aligned with any.
struct AxisMatch {
    int axis = -1;
    double sign = 1;
};
AxisMatch match_basis_axis(const Vec3& direction, double tolerance = 1e-6);

constexpr double pi = 3.14159265358979323846;
constexpr double degrees(double radians) { return radians * 180.0 / pi; }

}  // namespace hfd::osim
