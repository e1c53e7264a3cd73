#pragma once
// Simulation = immutable Model + config + mutable State/Controls/Data.
// A step is a fixed pipeline (evaluate):
//   loads = gravity (start_loads) -> body frames -> perturbations -> each force
//   component in configured order -> accelerations (Newton-Euler) ; then the
//   integrator update.
#include "forces/force_component.h"
#include "integrators/integrator.h"
#include "integrators/step_context.h"
#include "model/model.h"
#include "state/data.h"
#include "sim/sim_config.h"
#include "state/state.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hfd {

struct SimulationError {
    double time = 0;
    Index body = no_index;  // offending body, when known
    std::string message;    // "non-finite state of body 'femur_r' at t = 0.1234 s"
};

struct StageTimes {  // accumulated wall seconds per stage, when set_stage_timing(true)
    double forces = 0, dynamics = 0, integration = 0;
    // per force component (forces() order); the first entry also holds body
    // frames, gravity and perturbations
    std::vector<double> components;
};

// Kinetic energy of one body: 1/2 m v^2 + 1/2 w_b^T I w_b, w_b in its principal frame.
double body_kinetic_energy(const Model& model, const State& state, Index body);

class Simulation final : private StepContext::Evaluator {
public:
    // Builds the force components and integrator from config; errors (unknown
    // component names, bad properties) are returned in diagnostics, with nullopt.
    static std::unique_ptr<Simulation> create(Model model, const SimConfig& config,
                                              std::vector<Diagnostic>& diagnostics);
    // The same with an immutable model shared with its other users (the studio's
    // document, view and docks): no copy.
    static std::unique_ptr<Simulation> create(std::shared_ptr<const Model> model, const SimConfig& config,
                                              std::vector<Diagnostic>& diagnostics);

    const Model& model() const { return *model_; }
    const State& state() const { return *state_; }
    // Mutable access marks data() stale: the next step re-evaluates the forces first.
    State& state() {
        data_stale_ = positions_unchecked_ = true;
        return *state_;
    }
    const Controls& controls() const { return controls_; }
    // Mutable access: the next step re-evaluates the forces first when the controls
    // then differ from those of the last evaluation (a client setting the same
    // excitations before every step costs no evaluation).
    Controls& controls() {
        controls_touched_ = true;
        return controls_;
    }
    // Forces, contacts and accelerations of the current state (after a step or evaluate()).
    const Data& data() const { return *data_; }
    void ensure_evaluated() {
        if (data_stale_) evaluate();
        else if (controls_touched_ && !controls_.same_as(evaluated_controls_)) evaluate_changed_controls();
        controls_touched_ = false;
    }
    // Sets the current time to t, a rounding remainder away from it (landing on a
    // sample time). The forces depend on time only through perturbations, so
    // data() stays valid without them.
    void land_on_time(double t) {
        state_->time = t;
        if (!controls_.perturbations.empty()) data_stale_ = true;
    }
    // Lands on t when the current time is a rounding error away from it,
    // |t - time| < 1e-12 max(1, |t|): the landing rule of both loops (advance_to, run/run).
    bool land_if_near(double t) {
        if (!(std::abs(t - state_->time) < 1e-12 * std::max(1.0, std::abs(t)))) return false;
        land_on_time(t);
        return true;
    }
    const Integrator& integrator() const { return *integrator_; }
    const std::vector<std::unique_ptr<ForceComponent>>& forces() const { return forces_; }
    bool is_planar() const { return planar_; }

    // Forces and accelerations for `state` at controls(); results in `data`.
    void evaluate(const State& state, Data& data) const override;
    // Same, into the simulation's own data.
    void evaluate() {
        evaluate(*state_, *data_);
        evaluated_controls_ = controls_;
        data_stale_ = controls_touched_ = false;
    }

    // One integrator step (at most up to `until` when given). False when the
    // state became non-finite; error() tells when and which body.
    bool step(double until = std::numeric_limits<double>::infinity());
    // Sets controls from the time a step starts at (held during the step).
    using ControlCallback = std::function<void(double time, Controls& controls)>;
    // Steps until state().time == t exactly (the last step is shortened; a step
    // ending a rounding error before t lands on it). `control`, when given, sets
    // the controls before every step. The loop without samples, contact events or
    // the kinetic-energy check of run/run.h (docs/architecture.md, "The loops").
    bool advance_to(double t, const ControlCallback& control = {});

    // Makes `state` the new initial state (e.g. posed from dofs) and re-runs
    // component initialization (muscle equilibrium).
    void set_initial_state(const State& state, FiberEquilibrium equilibrium = FiberEquilibrium::ZeroVelocity);
    void reset();  // state = initial state, controls kept, statistics cleared
    const State& initial_state() const { return initial_state_; }

    const std::optional<SimulationError>& error() const { return error_; }
    long long accepted_steps() const { return accepted_steps_; }
    long long rejected_steps() const { return rejected_steps_; }
    double last_step_size() const { return last_step_size_; }
    // Error estimate of the last accepted step (0 for fixed-step integrators).
    double last_step_error() const { return last_step_error_; }
    const StageTimes& stage_times() const { return stage_times_; }
    // Force evaluations since the last reset (integrator trials, re-evaluations, recorder).
    long long evaluations() const { return evaluations_; }
    // Times the stages into stage_times(): each force component, the dynamics and the
    // integrator (a clock read per stage, ~5 % of a step on H0918; off by default).
    void set_stage_timing(bool on) { stage_timing_ = on; }

private:
    static constexpr int scratch_count = StepContext::scratch_count;
    void evaluate_current() override { evaluate(); }
    Simulation() = default;
    Simulation(const Simulation&) = delete;  // state_ and data_ point into the object's own slots
    Simulation& operator=(const Simulation&) = delete;
    static void add_default_activation_dynamics(Simulation& sim, ForceContext& context);
    static void warn_about_idle_actuators(const Simulation& sim, const SimConfig& config,
                                          std::vector<Diagnostic>& diagnostics);
    void initialize_components(State& state, FiberEquilibrium equilibrium);
    // evaluate() after the controls alone changed: from the loads kept before the first
    // component that adds loads from the controls, the components from there on and those
    // that read the controls before it; the same bits as evaluate()
    void evaluate_changed_controls();
    void keep_loads_before_controls(Data& data) const;
    bool check_finite();
    bool find_non_finite_body();                                // check_finite's per-body test and message
    void evaluate_timed(const State& state, Data& data) const;  // evaluate() with stage_times_

    std::shared_ptr<const Model> model_;  // never null
    std::vector<std::unique_ptr<ForceComponent>> forces_;
    // per component: re-run by evaluate_changed_controls
    std::vector<char> reads_controls_;
    // the first component that adds loads from the controls: evaluations keep the loads
    // before it; no_component when evaluate_changed_controls would gain nothing (it is
    // the first, or a perturbation could change)
    static constexpr size_t no_component = size_t(-1);
    size_t control_loads_from_ = no_component;
    std::unique_ptr<Integrator> integrator_;
    bool planar_ = false;  // the integrator's (is_planar), read by every evaluation
    // The current state and data and the integrators' scratch ones live in slots;
    // accepting a trial exchanges pointers, not the vectors inside them.
    State state_slots_[1 + scratch_count];
    Data data_slots_[1 + scratch_count];
    State* state_ = &state_slots_[0];
    Data* data_ = &data_slots_[0];
    State* scratch_states_[scratch_count] = {&state_slots_[1], &state_slots_[2], &state_slots_[3], &state_slots_[4]};
    Data* scratch_data_[scratch_count] = {&data_slots_[1], &data_slots_[2], &data_slots_[3], &data_slots_[4]};
    State initial_state_;
    Controls controls_, evaluated_controls_;  // evaluated_: those data_ was computed with
    std::vector<double> inv_mass_;            // per body, 0 for static
    std::vector<Vec3> gravity_loads_;         // per body, the force an evaluation starts from
    std::optional<SimulationError> error_;
    long long accepted_steps_ = 0, rejected_steps_ = 0;
    double last_step_size_ = 0, last_step_error_ = 0;
    bool data_stale_ = true, controls_touched_ = false;
    bool positions_unchecked_ = true;  // by check_finite since the state was set or handed out
    mutable StageTimes stage_times_;
    mutable long long evaluations_ = 0;
    bool stage_timing_ = false;
};

}  // namespace hfd
