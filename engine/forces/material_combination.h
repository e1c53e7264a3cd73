#pragma once
// Combined material of a contact (Hyfydy manual, "Combining Material Properties",
// Hyfydy column of the table):
//   stiffness         k = k1 k2 / (k1 + k2)      (two springs in series)
//   damping           c = (c1 + c2) / 2
//   static friction   mu_s = sqrt(mu_s1 mu_s2)
//   dynamic friction  mu_d = sqrt(mu_d1 mu_d2)
// With the Hunt-Crossley force (k d)^(3/2), the series stiffness reproduces
// Simbody's combined Hertz modulus E^(2/3) = E1^(2/3) E2^(2/3) / (E1^(2/3) + E2^(2/3))
// exactly (see DESIGN.md, "Hunt-Crossley stiffness units").
#include "model/model.h"

#include <algorithm>
#include <cmath>

namespace hfd {

struct CombinedMaterial {
    double stiffness = 0, damping = 0, static_friction = 0, dynamic_friction = 0;
};

inline double combine_stiffness(double k1, double k2) {
    const double sum = k1 + k2;
    return sum > 0 ? k1 * k2 / sum : 0.0;
}
inline double combine_damping(double c1, double c2) { return 0.5 * (c1 + c2); }
inline double combine_friction(double mu1, double mu2) { return std::sqrt(std::max(0.0, mu1 * mu2)); }

inline CombinedMaterial combine_materials(const Material& a, const Material& b) {
    return {combine_stiffness(a.stiffness, b.stiffness), combine_damping(a.damping, b.damping),
            combine_friction(a.static_friction, b.static_friction),
            combine_friction(a.dynamic_friction, b.dynamic_friction)};
}

}  // namespace hfd
