#pragma once
// Mass and principal moments of inertia of a homogeneous solid shape about its
// centre of mass, in the shape frame (capsule and cylinder axis = local y).
#include "model/model.h"

namespace hfd {

struct MassProperties {
    double mass = 0;
    Vec3 inertia = Vec3::Zero();  // principal moments (Ixx, Iyy, Izz)
};

// Volume of a solid shape; 0 for None and Plane.
double shape_volume(const Shape& shape);
// density * volume and the closed-form principal inertia; zero for None and Plane.
MassProperties solid_mass_properties(const Shape& shape, double density);

}  // namespace hfd
