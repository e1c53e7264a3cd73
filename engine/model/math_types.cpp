#include "model/math_types.h"

#include <algorithm>
#include <cmath>

namespace hfd {

Quat quat_from_euler_xyz(const Vec3& a) {
    return Quat(Eigen::AngleAxisd(a.x(), Vec3::UnitX())) * Quat(Eigen::AngleAxisd(a.y(), Vec3::UnitY())) *
           Quat(Eigen::AngleAxisd(a.z(), Vec3::UnitZ()));
}

// R = Rx(a) Ry(b) Rz(c):  R(0,2) = sin b,  R(1,2) = -sin a cos b,  R(2,2) = cos a cos b,
// R(0,1) = -cos b sin c,  R(0,0) = cos b cos c.
Vec3 euler_xyz_from_quat(const Quat& q) {
    const Mat3 r = q.normalized().toRotationMatrix();
    const double sin_b = std::clamp(r(0, 2), -1.0, 1.0);
    const double b = std::asin(sin_b);
    if (std::abs(sin_b) < 1.0 - 1e-12) {
        return Vec3(std::atan2(-r(1, 2), r(2, 2)), b, std::atan2(-r(0, 1), r(0, 0)));
    }
    // gimbal lock: put all of the remaining rotation in x
    return Vec3(std::atan2(r(2, 1), r(1, 1)), b, 0.0);
}

Vec3 rotation_vector(const Quat& q_in) {
    Quat q = q_in.normalized();
    if (q.w() < 0) q.coeffs() = -q.coeffs();  // shortest rotation, angle in [0, pi]
    const Vec3 v = q.vec();
    const double s = v.norm();
    if (s < 1e-12) return 2.0 * v;  // small angle: angle*axis ~= 2*v
    return (2.0 * std::atan2(s, q.w()) / s) * v;
}

}  // namespace hfd
