#pragma once
// muscle_force_gh2010 { v_max = 12 min_activation = 0.01 }
//
// Geyer & Herr (2010), "A muscle-reflex model that encodes principles of legged
// mechanics produces human walking dynamics and muscle activities": a contractile
// element (CE) with parallel (PE) and buffer (BE) elasticity in series with an
// elastic tendon (SE). Along the tendon (normalized by max isometric force):
//   F_SE = (F_CE + s F_PE - F_BE) cos(alpha),  F_CE = a f_L(l_CE) f_V(v_CE)
// Curves: muscle_curves.h (gh2010). Pennation uses the constant-thickness model
// shared by all muscle models here (the paper has none; alpha_opt = 0 gives it).
//
// State: CE length. Each evaluation takes F_SE from the tendon length and inverts
// f_V: f_V = (F_SE / cos(alpha) - s F_PE + F_BE) / (a f_L), v_CE = f_V^-1 (clamped
// to [0, N], so |v_CE| <= v_max). f_V^-1 is undefined at a = 0, so activation is
// kept at or above min_activation (the manual recommends > 0.01).
//
// This file holds the model's fiber dynamics only; the loop over muscles (path,
// The component's row: sim/components.cpp; the loop over muscles (path, pennation,
// tension, equilibrium at start): HillMuscleForce in hill_muscle_force.h.
#include "forces/muscle_curves.h"
#include "forces/muscle_fiber.h"

#include <algorithm>
#include <string_view>

namespace hfd {

struct GH2010Fiber {
    struct Settings {
        double v_max = 12;
        double min_activation = 0.01;
    };
    static constexpr std::string_view name = "muscle_force_gh2010";
    static Settings settings(const PropertyValues& values) { return {values["v_max"], values["min_activation"]}; }
    static constexpr bool project_on_tendon_in_equilibrium(const Settings&) { return true; }
    static double activation(const Settings& settings, double a) { return std::clamp(a, settings.min_activation, 1.0); }
    static double tendon_force(double strain) { return gh2010::tendon_force(strain); }
    static double fiber_velocity(const Settings&, double along_fiber, double l, double activation, double s) {
        const double ce_force = along_fiber - s * gh2010::parallel_elastic(l) + gh2010::buffer_elastic(l);
        const double a_fl = activation * gh2010::active_force_length(l);
        return a_fl > 0 ? gh2010::inverse_force_velocity(ce_force / a_fl) : (ce_force > 0 ? 1.0 : -1.0);
    }
    static double fiber_speed(const Settings& settings, double v, double) { return v * settings.v_max; }
    static double fiber_force(const Settings& settings, double l, double activation, double s, double speed) {
        return activation * gh2010::active_force_length(l) * gh2010::force_velocity(speed / settings.v_max) +
               s * gh2010::parallel_elastic(l) - gh2010::buffer_elastic(l);
    }
    static IsometricFiberForce isometric_force(const Settings&, double l, double activation, double s) {
        return {activation * gh2010::active_force_length(l),
                s * gh2010::parallel_elastic(l) - gh2010::buffer_elastic(l)};
    }
};

}  // namespace hfd
