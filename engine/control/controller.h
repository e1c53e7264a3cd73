#pragma once
// A controller sets muscle excitations from sensors, once per control step
// (ModelHyfydy's fixed_control_step_size). Each control step:
//   sensors.record(plant)  ->  every controller's update(plant, time)  ->
//   excitation u_m = clamp(sum of the controllers' outputs for muscle m, min, max)
// and the excitations are held until the next control step. Controllers add to
// `excitation`; the caller clears it before and clamps it after.
#include "control/delayed_sensors.h"
#include "control/properties.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace hfd {

// A named value a controller reports per control step (gait state, reflex output),
// recorded as a channel of the run.
struct ControlChannel {
    std::string name;
    double value = 0;
};

class Controller {
public:
    virtual ~Controller() = default;
    // Adds this controller's outputs to excitation (per muscle) at `time`, the time
    // since the controller became active (a conditional controller's activation).
    virtual void update(const Plant& plant, const DelayedSensors& sensors, double time,
                        std::vector<double>& excitation) = 0;
    // Appends the values it reports (names stay the same every step).
    virtual void channels(std::vector<ControlChannel>& out) const {}
    // Back to the state at the start of a run.
    virtual void reset() {}
};

// What controllers are created with: the model, its legs, the sensors they acquire,
// and the scenario's properties and parameters.
struct ControllerContext {
    CreationContext& creation;
    const Model& model;
    const std::vector<Leg>& legs;
    DelayedSensors& sensors;
    // A symmetric controller of one leg: its side ('r' / 'l', 0 for none) is appended to
    // the muscle and dof names it targets; parameter names leave the side out.
    char side = 0;
};

// Creates the controller named by node.key (GaitStateController, ReflexController, ...);
// nullptr after a located error for an unknown type or bad properties.
std::unique_ptr<Controller> create_controller(const PropNode& node, ControllerContext& context);

// "tib_ant" on the right side -> "tib_ant_r" when the model has it, else the name itself.
std::string sided_name(const std::string& name, char side);

}  // namespace hfd
