#pragma once
// muscle_force_m2012fast { xi = 0.1 v_max = 10 use_pennation_during_equilibration = 0 }
//
// Millard, Uchida, Seth & Delp (2013), "Flexing computational muscle", equilibrium
// model with an elastic tendon, constant-thickness pennation and fiber damping:
//   f_T(l_T) = (a f_L(l_f) f_V(v) + s f_PE(l_f) + beta v) cos(alpha)     (normalized)
//   l_T = L - l_f cos(alpha),   l_f sin(alpha) = l_opt sin(alpha_opt)
// with beta = xi, v the fiber velocity in units of v_max l_opt / s, s the muscle's
// stiffness_multiplier (also scaling f_T). Curves: see muscle_curves.h (m2012).
//
// State: fiber length l_f. Each evaluation takes the tendon force from the tendon
// length, then solves the equilibrium for v exactly: a f_L f_V(v) + beta v =
// f_T / cos(alpha) - s f_PE is one quadratic equation per branch of f_V (no
// iteration, no linearization; m2012::damped_fiber_velocity). The fiber length
// derivative is v v_max l_opt; the muscle pulls its path with f_max f_T.
//
// initialize(): the fiber length balancing tendon and fiber at v = 0 (or, with
// FiberEquilibrium::PathVelocity, at v = cos(alpha) dL/dt / (v_max l_opt)), always in
// the pennated geometry (l_T = L - l_f cos(alpha)), so the tendon never starts
// stretched by a fiber that does not fit the path. The option only changes the
// balance: use_pennation_during_equilibration = 1 solves f_T = f_M cos(alpha)
// (the exact equilibrium); 0 solves f_T = f_M, so the tendon starts with at most
// 1/cos(alpha) times its equilibrium force and the first steps settle the rest.
//
// The component's row: sim/components.cpp; the loop over muscles (path, pennation,
// tension, equilibrium at start): HillMuscleForce in hill_muscle_force.h.
#include "forces/muscle_curves.h"
#include "forces/muscle_fiber.h"

#include <algorithm>
#include <string_view>

namespace hfd {

struct M2012Fiber {
    struct Settings {
        double beta = 0.1;
        double v_max = 10;
        bool pennation_in_equilibrium = false;
    };
    static constexpr std::string_view name = "muscle_force_m2012fast";
    static Settings settings(const PropertyValues& values) {
        return {values["xi"], values["v_max"], values["use_pennation_during_equilibration"] != 0.0};
    }
    static constexpr bool project_on_tendon_in_equilibrium(const Settings& s) { return s.pennation_in_equilibrium; }
    static double activation(const Settings&, double a) { return std::clamp(a, 0.0, 1.0); }
    static double tendon_force(double strain) { return m2012::tendon_force_length(strain); }
    static double fiber_velocity(const Settings& settings, double along_fiber, double l, double activation, double s) {
        const double fiber_force = along_fiber - s * m2012::passive_force_length(l);
        return m2012::damped_fiber_velocity(fiber_force, activation * m2012::active_force_length(l), settings.beta);
    }
    static double fiber_speed(const Settings& settings, double v, double) { return v * settings.v_max; }
    static double fiber_force(const Settings& settings, double l, double activation, double s, double speed) {
        const double v = speed / settings.v_max;
        return activation * m2012::active_force_length(l) * m2012::force_velocity(v) +
               s * m2012::passive_force_length(l) + settings.beta * v;
    }
    static IsometricFiberForce isometric_force(const Settings&, double l, double activation, double s) {
        return {activation * m2012::active_force_length(l), s * m2012::passive_force_length(l)};
    }
};

}  // namespace hfd
