#pragma once
// Implicit form of the fiber dynamics of the elastic-tendon muscle models: the
// fiber-tendon force equilibrium written with the fiber velocity as an unknown,
// so nothing is divided by activation or by the force-velocity curve. With the
// model's own force along the fiber F(l, a, v) (forces/muscle_fiber.h) and its
// explicit velocity v_e = F^-1(s f_T / cos(alpha)):
//   r = F(l, a, v) - F(l, a, v_e),   v = l_f_dot_guess / (v_max l_opt)
// F is increasing in v, so r = 0 exactly at the explicit model's derivative; the
// subtraction of F(v_e) rather than of s f_T / cos(alpha) keeps the explicit
// model's clamps (gh2010 holds the contractile force in [0, N a f_L]). At the
// shortest fiber length the explicit model stops a shortening fiber: r = v there.
// Activation is clamped as by the model.
#include "format/prop_node.h"
#include "forces/muscle_fiber.h"
#include "model/model.h"
#include "state/state.h"

#include <memory>
#include <string_view>

namespace hfd {

// The fiber model of a muscle force component, its settings read from `props`
// (the config's block; null or unwritten keys: the component's defaults); null
// when the component is not a muscle model of the component table.
std::shared_ptr<const MuscleFiberModel> muscle_fiber_model(std::string_view component, const PropNode* props);

// Residual of muscle `i` at `state` for the fiber velocity guess (m/s).
double fiber_residual(const MuscleFiberModel& fiber, const Model& m, const State& state, Index i,
                      double fiber_velocity_guess);

}  // namespace hfd
