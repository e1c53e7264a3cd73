#pragma once
#include <Eigen/Core>
#include <Eigen/Geometry>

namespace hfd {
using Vec3 = Eigen::Vector3d;
using Quat = Eigen::Quaterniond;
using Mat3 = Eigen::Matrix3d;
using Mat6 = Eigen::Matrix<double, 6, 6>;

// Intrinsic x-y-z Euler angles (radians): q = qx * qy * qz.
Quat quat_from_euler_xyz(const Vec3& angles);
// Inverse of quat_from_euler_xyz; y in [-pi/2, pi/2].
Vec3 euler_xyz_from_quat(const Quat& q);
// Rotation vector (axis * angle, angle in [0, pi]) of a unit quaternion.
Vec3 rotation_vector(const Quat& q);
}  // namespace hfd
