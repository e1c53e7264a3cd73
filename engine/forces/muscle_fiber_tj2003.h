#pragma once
// muscle_force_tj2003 { xi = 0.05 v_max = 10 min_activation = 0.01 }
//
// Thelen (2003) as described for OpenSim by C. T. John ("Complete description of
// the Thelen2003 muscle model"): elastic tendon, constant-thickness pennation,
//   f_T(l_T) = (a f_L(l_f) f_V + f_PE(l_f)) cos(alpha)      (normalized)
// with curves in muscle_curves.h (tj2003). The fiber velocity comes from the
// inverted force-velocity relation
//   v = (0.25 + 0.75 a) v_max l_opt (F - a f_L) / (b + xi),  F = f_T / cos(alpha) - f_PE
// where xi is the small damping added to b in OpenSim's implementation (keeps v
// finite at F = a f_L F_len), extended linearly outside 0 <= F < 0.95 a f_L F_len.
// Activation is kept at or above min_activation (0.01 in the description).
// stiffness_multiplier scales f_PE and f_T.
//
// The component's row: sim/components.cpp; the loop over muscles (path, pennation,
// tension, equilibrium at start): HillMuscleForce in hill_muscle_force.h.
#include "forces/muscle_curves.h"
#include "forces/muscle_fiber.h"

#include <algorithm>
#include <string_view>

namespace hfd {

struct TJ2003Fiber {
    struct Settings {
        double damping = 0.05;
        double v_max = 10;
        double min_activation = 0.01;
    };
    static constexpr std::string_view name = "muscle_force_tj2003";
    static Settings settings(const PropertyValues& values) {
        return {values["xi"], values["v_max"], values["min_activation"]};
    }
    static constexpr bool project_on_tendon_in_equilibrium(const Settings&) { return true; }
    static double activation(const Settings& settings, double a) { return std::clamp(a, settings.min_activation, 1.0); }
    static double tendon_force(double strain) { return tj2003::tendon_force_length(strain); }
    static double fiber_velocity(const Settings& settings, double along_fiber, double l, double activation, double s) {
        const double velocity_force = along_fiber - s * tj2003::passive_force_length(l);
        return tj2003::fiber_velocity(velocity_force, activation * tj2003::active_force_length(l), settings.damping);
    }
    // the maximum contraction velocity scales with activation: (0.25 + 0.75 a) v_max
    static double fiber_speed(const Settings& settings, double v, double activation) {
        return v * (0.25 + 0.75 * activation) * settings.v_max;
    }
    static double fiber_force(const Settings& settings, double l, double activation, double s, double speed) {
        const double a_fl = activation * tj2003::active_force_length(l);
        const double v = speed / ((0.25 + 0.75 * activation) * settings.v_max);
        return tj2003::force_velocity(v, a_fl, settings.damping) + s * tj2003::passive_force_length(l);
    }
    // tj2003::force_velocity(0, a_fl, xi) = a_fl: the relation passes through isometric
    static IsometricFiberForce isometric_force(const Settings&, double l, double activation, double s) {
        return {activation * tj2003::active_force_length(l), s * tj2003::passive_force_length(l)};
    }
};

}  // namespace hfd
