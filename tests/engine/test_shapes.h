#pragma once
// Collision shapes by kind and size, for the collision tests.
#include "model/model.h"

namespace hfd::test {

inline Shape sphere(double radius) { return {ShapeType::Sphere, radius}; }
inline Shape capsule(double radius, double height) { return {ShapeType::Capsule, radius, height}; }
inline Shape box(const Vec3& half_dim) { return {ShapeType::Box, 0, 0, half_dim}; }
inline Shape plane(const Vec3& normal = Vec3::UnitY()) { return {ShapeType::Plane, 0, 0, Vec3::Zero(), normal}; }

}  // namespace hfd::test
