#pragma once
// Muscle analysis against one coordinate (OpenSim's "plot vs. coordinate"): the
// coordinate is swept over its range with every other dof held at a pose, and at
// each value every muscle that crosses it gets its moment arm (from the path
// geometry, muscle_moment_arm: the generalized force of a unit tension, = -dL/dq),
// its lengths and its forces in static equilibrium (tendon force = fiber force
// along the tendon at zero fiber velocity, equilibrium_fiber_length with the
// curves of the model's muscle force component). Joint moment = moment arm x
// tendon force. The strength curve sums, at full activation, the moments of the
// muscles with a positive moment arm and of those with a negative one: the most
// the muscles can produce in either direction of the coordinate (flexion and
// extension, in the order the coordinate's sign convention gives them).
#include "analysis/muscle_residual.h"
#include "model/model.h"
#include "sim/sim_config.h"
#include "state/state.h"

#include <string>
#include <vector>

namespace hfd {

struct MuscleSweepOptions {
    Index dof = no_index;        // the coordinate (Model::dofs)
    int points = 50;             // >= 2, evenly spaced over [range_min, range_max]
    double activation = 1;       // of every muscle, 0..1 (clamped by the model's min_activation)
    std::vector<Index> muscles;  // the muscles listed; empty: every muscle (the strength curve sums all)
    // the curves of the fiber and tendon; null takes muscle_force_m2012fast's defaults
    std::shared_ptr<const MuscleFiberModel> fiber;
};

// Per muscle, one value per sweep point.
struct MuscleCurves {
    Index muscle = no_index;
    std::vector<double> moment_arm;               // m
    std::vector<double> length;                   // musculotendon (path) length, m
    std::vector<double> fiber_length;             // m
    std::vector<double> tendon_length;            // m
    std::vector<double> pennation;                // rad
    std::vector<double> normalized_fiber_length;  // l_f / l_opt
    // dl_f/dt / (v_max l_opt) when the coordinate moves at the pose's rate of it and
    // the fiber stays in equilibrium (zero when the pose is at rest)
    std::vector<double> normalized_fiber_velocity;
    std::vector<double> active_fiber_force;   // N, along the fiber
    std::vector<double> passive_fiber_force;  // N, along the fiber
    std::vector<double> tendon_force;         // N
    std::vector<double> moment;               // N m: moment_arm * tendon_force
};

struct MuscleSweep {
    Index dof = no_index;
    std::vector<double> coordinate;         // rad or m
    std::vector<MuscleCurves> muscles;      // those that cross the coordinate, in model order
    std::vector<double> strength_positive;  // N m >= 0: full activation, muscles with moment arm > 0
    std::vector<double> strength_negative;  // N m <= 0: full activation, muscles with moment arm < 0
    std::vector<std::string> notes;         // muscles asked for that do not cross the coordinate
};

// True when some path segment joins a body below the dof's joint with one that is not,
// or a point of the path moves with the dof or is active by it.
bool muscle_spans_dof(const Model& model, Index muscle, Index dof);

// The fiber model of the first muscle force component of a config (null when it has none).
std::shared_ptr<const MuscleFiberModel> muscle_fiber_model(const SimConfig& config);

// The sweep; `pose` gives the other coordinates (and the swept one's rate). A muscle
// crosses the coordinate when its path spans the dof's joint or its moment arm is
// non-zero at some point of the sweep. Requires a valid dof and points >= 2.
MuscleSweep sweep_muscles(const Model& model, const State& pose, const MuscleSweepOptions& options);

// Equilibrium of one muscle at a path length (normalized forces times max isometric force).
struct MuscleEquilibrium {
    double fiber_length = 0, tendon_length = 0, pennation = 0;
    double active_force = 0, passive_force = 0, tendon_force = 0;  // N
};
MuscleEquilibrium muscle_equilibrium(const Muscle& muscle, const MuscleFiberModel& fiber, double path_length,
                                     double activation);

// The sweep as CSV: coordinate, then per muscle and quantity a column
// "<muscle>.<quantity> [unit]", then the strength curve. Angles in degrees for a
// rotational coordinate (with "[deg]" in the header).
std::string muscle_sweep_csv(const Model& model, const MuscleSweep& sweep);

}  // namespace hfd
