#pragma once
// An integrator advances State by one accepted step using the accelerations
// that Simulation::evaluate computes. Fixed-step integrators take step_size;
// error-controlled ones choose h so that the largest per-body error is below
// accuracy (see error_control_integrator.h).
#include "format/prop_node.h"
#include "integrators/body_update.h"
#include "model/math_types.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace hfd {

class StepContext;
struct Model;
struct State;
struct Data;

struct StepOutcome {
    bool ok = true;
    double step_size =
        0;  // h of the accepted step (of the last trial when !ok; its end state is StepContext::scratch_state(0))
    int rejected = 0;  // rejected trial steps before it
    double error = 0;  // error estimate of the accepted step (largest over bodies)
};

class Integrator {
public:
    virtual ~Integrator() = default;
    virtual std::string_view name() const = 0;
    // Advances context.state() by one accepted step of at most max_h
    // (context.data() holds the evaluation of the state it starts from).
    virtual StepOutcome step(StepContext& context, double max_h) = 0;
    virtual bool is_planar() const { return false; }
    virtual double nominal_step_size() const = 0;                          // step_size, or max_step for variable step
    virtual double next_step_size() const { return nominal_step_size(); }  // the h the next step tries first
    virtual void reset() {}                                                // forget step-size history
    // The state a step of h from `start` reaches, without error control;
    // start_data holds the derivatives evaluated at start (Data::copy_derivatives_from
    // is enough). Samples and contact events that fall
    // between two accepted steps are read from it, so that how often a run is
    // sampled never changes the steps it takes.
    // `start` is the state the last accepted step started from (the leapfrog's kick of h
    // depends on the step before it: error_control_integrator.h).
    void partial_step(const Model& model, const State& start, const Data& start_data, double h, State& out) const;
    // The velocity kick of partial_step's h (body_update.h's k).
    virtual double partial_kick(double h) const { return h; }
    // beta of the body update the steps take (body_update.h: 0 forward, 1 symplectic, 1/2 midpoint)
    virtual double beta() const = 0;
    // Muscle activation rates of the integrator block (manual: 100 and 25 s^-1),
    // used when the composite force has no muscle_activation component.
    double activation_rate = 100, deactivation_rate = 25;
    // Where the nominal step size was set (its property, else the integrator
    // block): runs it cannot take are reported there (run/run.h).
    SourceLocation step_size_location;

protected:
    // step_accelerations' results and scratch (body_update.h), kept
    mutable StepScratch step_scratch_;
};

struct IntegratorContext {
    const std::string& file;
    std::vector<Diagnostic>& diagnostics;
};

}  // namespace hfd
