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

// A value of a running controller that a script reads and changes (SCONE's control
// parameters): a MuscleReflex's C0 and its KL/L0, KV/V0, KF/F0, KA/A0 pairs whose gain
// is not zero, a DofReflex's P0, KP, V0, KV, A0, KA (A0/KA are V0/KV, as in SCONE) and
// C0, named as their parameters ("S11111.soleus.KF"). Both legs' reflexes of a
// symmetric controller share a name; a change applies from the next use of the value.
struct ControlParameter {
    std::string name;
    double* value = nullptr;
};

class Controller {
public:
    virtual ~Controller() = default;
    // Adds this controller's outputs to excitation (per muscle) at `time`, the time
    // since the controller became active (a conditional controller's activation).
    virtual void update(const Plant& plant, const DelayedSensors& sensors, double time,
                        std::vector<double>& excitation) = 0;
    // Sets the inputs it drives besides excitations (external forces on bodies:
    // PerturbationController), in the same control step after update(), at the same
    // time. A controller that drives none leaves controls as they are.
    virtual void update_controls(const Plant& plant, double time, Controls& controls) {}
    // Appends the values it reports (names stay the same every step).
    virtual void channels(std::vector<ControlChannel>& out) const {}
    // Appends its control parameters and its children's, in SCONE's order (per reflex,
    // sorted by name); the pointers live as long as the controller.
    virtual void control_parameters(std::vector<ControlParameter>& out) {}
    // Back to the state at the start of a run.
    virtual void reset() {}
    // Why the run must end after this control step, empty to go on (a ScriptController
    // whose update returned true).
    virtual std::string stop_reason() const { return {}; }
    // Moves the diagnostics of the run so far to out (a script's messages; an error
    // there, a script's runtime error, fails the evaluation).
    virtual void take_diagnostics(std::vector<Diagnostic>& out) {}
};

// Where a controller acts (SCONE's Location): a side ('r', 'l', or 0 for none) and
// whether it is symmetric. Names without a side get the location's side ("tib_ant" ->
// "tib_ant_r"), "_o" the opposite one; a symmetric controller's parameter names leave
// the side out, so both legs share one parameter ("_o" kept for the opposite side).
struct Location {
    char side = 0;
    bool symmetric = false;
    std::string sided(const std::string& name) const;
    std::string parameter_name(const std::string& name) const;
};

// What controllers are created with: the model, its legs, the sensors they acquire,
// and the scenario's properties and parameters.
struct ControllerContext {
    CreationContext& creation;
    const Model& model;
    const std::vector<Leg>& legs;
    DelayedSensors& sensors;
    Location location;
    const Plant* plant = nullptr;  // the simulation in its state at creation, when there is one
};

// Creates the controller named by node.key (GaitStateController, ReflexController, ...);
// nullptr after a located error for an unknown type or bad properties.
std::unique_ptr<Controller> create_controller(const PropNode& node, ControllerContext& context);
// True for the keys create_controller knows (to find a controller among other nodes).
bool is_controller_type(const std::string& key);

// Start and stop of a controller (SCONE's Controller: active while
// start_time <= t < stop_time, stop_time 0 meaning no end), read with the other
// common properties (name, disabled, signature*).
struct ControllerTiming {
    std::string name;
    double start_time = 0, stop_time = 0;
    bool disabled = false;
    bool active(double time) const { return !disabled && time >= start_time && (stop_time <= 0 || time < stop_time); }
};
void read_controller_timing(PropertyReader& reader, ControllerTiming& timing);

}  // namespace hfd
