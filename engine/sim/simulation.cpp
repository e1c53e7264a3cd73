#include "sim/simulation.h"

#include "sim/components.h"
#include "sim/dynamics.h"
#include "sim/step_diagnosis.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace hfd {

namespace {
using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// Every force component acts on all the model's elements of its kind (every
// joint, contact, muscle, motor), so a second one of the same family, the same
// component or another, would apply those forces twice (or detect every contact
// twice): an error at the second, naming the first.
bool first_of_its_family(const SimConfig& config, const PropNode& component, std::vector<Diagnostic>& diagnostics) {
    const ComponentInfo* info = find_component(component.key);
    if (!info || !one_per_composite_force(info->family)) return true;
    for (const PropNode& earlier : config.composite_force.children) {
        if (&earlier == &component) return true;
        const ComponentInfo* other = find_component(earlier.key);
        if (!other || other->family != info->family) continue;
        diagnostics.push_back({Severity::Error, location_of(component, config.file),
                               "a second " + std::string(family_name(info->family)) + " component '" + component.key +
                                   "' in composite_force ('" + earlier.key + "' is on line " +
                                   std::to_string(earlier.line) +
                                   "): each acts on the whole model, so a second one would act twice"});
        return false;
    }
    return true;
}

// to = from, both sized per body (a byte copy: no per-element Eigen assignment)
void copy_loads(std::vector<Vec3>& to, const std::vector<Vec3>& from) {
    static_assert(sizeof(Vec3) == 3 * sizeof(double));
    std::memcpy(static_cast<void*>(to.data()), from.data(), from.size() * sizeof(Vec3));
}
}  // namespace

// Muscle activation dynamics belong to the integrator in the manual: when the
// model has muscles and the composite force has no activation component (of the
// table's activation family), muscle_activation is added first with the integrator's activation_rate /
// deactivation_rate.
void Simulation::add_default_activation_dynamics(Simulation& sim, ForceContext& context) {
    if (sim.model_->muscles.empty()) return;
    for (const auto& force : sim.forces_) {
        const ComponentInfo* component = find_component(force->name());
        if (component && component->family == ComponentFamily::Activation) return;
    }
    PropNode props;
    props.key = "muscle_activation";
    props.kind = PropNode::Kind::Group;
    props.add("activation_rate", std::to_string(sim.integrator_->activation_rate));
    props.add("deactivation_rate", std::to_string(sim.integrator_->deactivation_rate));
    if (auto force = create_force(props, context)) sim.forces_.insert(sim.forces_.begin(), std::move(force));
}

std::unique_ptr<Simulation> Simulation::create(Model model, const SimConfig& config,
                                               std::vector<Diagnostic>& diagnostics) {
    return create(std::make_shared<const Model>(std::move(model)), config, diagnostics);
}

std::unique_ptr<Simulation> Simulation::create(std::shared_ptr<const Model> model, const SimConfig& config,
                                               std::vector<Diagnostic>& diagnostics) {
    if (!model) model = std::make_shared<const Model>();
    std::unique_ptr<Simulation> sim(new Simulation());
    sim->model_ = std::move(model);
    const size_t errors_before = std::count_if(diagnostics.begin(), diagnostics.end(),
                                               [](const Diagnostic& d) { return d.severity == Severity::Error; });
    ForceContext context{*sim->model_, config.file, diagnostics};
    for (const PropNode& component : config.composite_force.children) {
        if (component.is_variable_definition()) continue;
        if (!first_of_its_family(config, component, diagnostics)) continue;
        if (auto force = create_force(component, context)) sim->forces_.push_back(std::move(force));
    }
    IntegratorContext integrator_context{config.file, diagnostics};
    sim->integrator_ = create_integrator(config.integrator, integrator_context);
    const size_t errors_after = std::count_if(diagnostics.begin(), diagnostics.end(),
                                              [](const Diagnostic& d) { return d.severity == Severity::Error; });
    if (errors_after > errors_before || !sim->integrator_) return nullptr;
    sim->planar_ = sim->integrator_->is_planar();

    add_default_activation_dynamics(*sim, context);
    // a component with a planar variant that does not match the integrator works
    // against it (out-of-plane motion left unconstrained, or computed and ignored)
    for (const auto& force : sim->forces_) {
        if (force->has_planar_variant() && force->is_planar() != sim->integrator_->is_planar())
            diagnostics.push_back(
                {Severity::Warning, location_of(config.integrator, config.file),
                 std::string(force->name()) + (force->is_planar() ? " is planar but " : " is 3D but ") +
                     std::string(sim->integrator_->name()) + (sim->integrator_->is_planar() ? " is planar" : " is 3D") +
                     ": use planar forces with planar integrators"});
    }
    warn_about_idle_actuators(*sim, config, diagnostics);
    const size_t components = sim->forces_.size();
    size_t loads_from = components;
    for (size_t i = 0; i < components; ++i) {
        const ForceComponent::ControlUse use = sim->forces_[i]->control_use();
        sim->reads_controls_.push_back(use != ForceComponent::ControlUse::none);
        if (use == ForceComponent::ControlUse::loads) loads_from = std::min(loads_from, i);
    }
    if (loads_from > 0) sim->control_loads_from_ = loads_from;
    const Model& m = *sim->model_;
    sim->inv_mass_.resize(m.bodies.size());
    for (size_t i = 0; i < m.bodies.size(); ++i)
        sim->inv_mass_[i] = m.bodies[i].is_static() ? 0.0 : 1.0 / m.bodies[i].mass;
    sim->gravity_loads_ = gravity_loads(m);
    sim->controls_ = initial_controls(m);
    sim->data_->resize(m);
    for (Data* d : sim->scratch_data_) d->resize(m);
    sim->set_initial_state(hfd::initial_state(m));
    return sim;
}

// Motors in the model with no joint_motor_force to drive them would silently do
// nothing. (Muscles without a muscle force are left alone: examples that show a
// joint force on a muscled model do that on purpose.)
void Simulation::warn_about_idle_actuators(const Simulation& sim, const SimConfig& config,
                                           std::vector<Diagnostic>& diagnostics) {
    auto has_force = [&](std::string_view prefix) {
        return std::any_of(sim.forces_.begin(), sim.forces_.end(),
                           [&](const auto& force) { return force->name().substr(0, prefix.size()) == prefix; });
    };
    const Model& m = *sim.model_;
    auto warn = [&](const SourceLocation& at, size_t count, const char* kind, const char* needed) {
        const std::string where = config.file.empty() ? "the simulation config" : "'" + config.file + "'";
        diagnostics.push_back({Severity::Warning, at,
                               "the model has " + std::to_string(count) + " " + kind + " but the composite_force of " +
                                   where + " has no " + needed + ": they exert no force"});
    };
    if (!m.motors.empty() && !has_force("joint_motor_force"))
        warn(m.motors[0].location, m.motors.size(), "joint_motor components", "joint_motor_force");
}

void Simulation::initialize_components(State& state, FiberEquilibrium equilibrium) {
    for (const auto& force : forces_) force->initialize(*model_, state, controls_, *data_, equilibrium);
    for (Data* d : scratch_data_) d->contacts.reserve(data_->contacts.capacity());
}

void Simulation::set_initial_state(const State& state, FiberEquilibrium equilibrium) {
    *state_ = state;
    positions_unchecked_ = true;
    initialize_components(*state_, equilibrium);
    initial_state_ = *state_;
    for (State* s : scratch_states_) *s = *state_;
    reset();
}

void Simulation::reset() {
    *state_ = initial_state_;
    positions_unchecked_ = true;
    error_.reset();
    if (integrator_) integrator_->reset();
    accepted_steps_ = rejected_steps_ = 0;
    last_step_size_ = 0;
    stage_times_ = {};
    evaluations_ = 0;
    evaluate();
}

void Simulation::evaluate(const State& s, Data& d) const {
    if (stage_timing_) return evaluate_timed(s, d);
    start_loads(gravity_loads_, d);
    update_body_frames(s, d, is_planar());
    if (!controls_.perturbations.empty()) apply_perturbations(*model_, s, controls_, d);
    for (size_t i = 0; i < forces_.size(); ++i) {
        if (i == control_loads_from_) keep_loads_before_controls(d);
        forces_[i]->apply(*model_, s, controls_, d);
    }
    ++evaluations_;
    if (is_planar()) compute_planar_accelerations(*model_, inv_mass_, s, d);
    else compute_accelerations(*model_, inv_mass_, s, d);
}

void Simulation::evaluate_timed(const State& s, Data& d) const {
    const auto t0 = Clock::now();
    start_loads(gravity_loads_, d);
    update_body_frames(s, d, is_planar());
    if (!controls_.perturbations.empty()) apply_perturbations(*model_, s, controls_, d);
    stage_times_.components.resize(forces_.size());  // allocates once
    auto start = t0;
    for (size_t i = 0; i < forces_.size(); ++i) {
        if (i == control_loads_from_) keep_loads_before_controls(d);
        forces_[i]->apply(*model_, s, controls_, d);
        const auto end = Clock::now();
        stage_times_.components[i] += std::chrono::duration<double>(end - start).count();
        start = end;
    }
    ++evaluations_;
    if (is_planar()) compute_planar_accelerations(*model_, inv_mass_, s, d);
    else compute_accelerations(*model_, inv_mass_, s, d);
    stage_times_.forces += std::chrono::duration<double>(start - t0).count();
    stage_times_.dynamics += seconds_since(start);
}

void Simulation::keep_loads_before_controls(Data& d) const {
    copy_loads(d.force_before_controls, d.force);
    copy_loads(d.torque_before_controls, d.torque);
}

void Simulation::evaluate_changed_controls() {
    // perturbations enter before the kept loads
    if (control_loads_from_ == no_component || stage_timing_ || !controls_.perturbations.empty() ||
        !evaluated_controls_.perturbations.empty())
        return evaluate();
    Data& d = *data_;
    if (control_loads_from_ < forces_.size()) {
        copy_loads(d.force, d.force_before_controls);
        copy_loads(d.torque, d.torque_before_controls);
    }
    for (size_t i = 0; i < forces_.size(); ++i)
        if (i >= control_loads_from_ || reads_controls_[i]) forces_[i]->apply(*model_, *state_, controls_, d);
    ++evaluations_;
    if (is_planar()) compute_planar_accelerations(*model_, inv_mass_, *state_, d);
    else compute_accelerations(*model_, inv_mass_, *state_, d);
    evaluated_controls_ = controls_;
    controls_touched_ = false;
}

bool Simulation::step(double until) {
    if (error_) return false;
    const double max_h = until - state_->time;
    if (!(max_h > 0)) return true;
    ensure_evaluated();  // integrators start from the evaluation of the current state
    const auto t0 = stage_timing_ ? Clock::now() : Clock::time_point{};
    StepContext context(*model_, state_, data_, scratch_states_, scratch_data_, data_stale_, *this);
    const StepOutcome outcome = integrator_->step(context, max_h);
    if (stage_timing_) stage_times_.integration += seconds_since(t0);
    rejected_steps_ += outcome.rejected;
    if (!outcome.ok) {
        const StepFailureDiagnosis why = diagnose_step_failure(*this, *state_, *scratch_states_[0], outcome.step_size);
        char text[128];
        std::snprintf(text, sizeof text,
                      "step size fell below min_step at t = %.6g s (a step of %.3g s still missed the accuracy): ",
                      state_->time, outcome.step_size);
        error_ = SimulationError{state_->time, why.body, text + describe(*model_, why)};
        return false;
    }
    ++accepted_steps_;
    last_step_size_ = outcome.step_size;
    last_step_error_ = outcome.error;
    return check_finite();
}

bool Simulation::advance_to(double t, const ControlCallback& control) {
    while (state_->time < t && !error_) {
        if (control) control(state_->time, controls());
        if (!step(t)) return false;
        land_if_near(t);
    }
    return !error_;
}

namespace {
using Lanes = double __attribute__((vector_size(4 * sizeof(double))));  // the compiler's vector extension

// Four running sums of term(x[i]) over n doubles, four at a time; where n is not a
// multiple of four, the last four overlap the ones before and a few values count
// twice. For terms >= 0 a bound on the total still bounds every term, and a
// non-finite term still makes the total non-finite.
template <typename Term>
Lanes lane_sums(const double* x, size_t n, Term term) {
    Lanes sum = {0, 0, 0, 0}, values;
    if (n < 4) {
        for (size_t i = 0; i < n; ++i) sum[i] = term(x[i]);
        return sum;
    }
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        std::memcpy(&values, x + i, sizeof values);
        sum += term(values);
    }
    if (i < n) {
        std::memcpy(&values, x + n - 4, sizeof values);
        sum += term(values);
    }
    return sum;
}

double total(Lanes sum) { return (sum[0] + sum[1]) + (sum[2] + sum[3]); }
}  // namespace

bool Simulation::check_finite() {
    // Fast test first: a sum is finite only when every term is (or it overflowed,
    // which the per-body test below then sorts out), and the speeds enter as one sum
    // of squares: below the smaller limit, every body is below its own. A step moves
    // the positions by h times finite velocities and turns the orientations by
    // normalized rotations of finite angular velocities, so from a finite start they
    // stay finite while the speeds do: they are summed only after the state was set
    // or handed out for changes. Vec3 and Quat hold their coefficients only, so each
    // vector is one run of doubles.
    static_assert(sizeof(Vec3) == 3 * sizeof(double) && sizeof(Quat) == 4 * sizeof(double));
    const size_t n = model_->bodies.size();
    if (n > 0) {
        const auto value = [](auto x) { return x; };
        const auto square = [](auto x) { return x * x; };
        const double speeds = total(1e2 * lane_sums(state_->lin_vel[0].data(), 3 * n, square) +
                                    lane_sums(state_->ang_vel[0].data(), 3 * n, square));
        const bool placed =
            !positions_unchecked_ || std::isfinite(total(lane_sums(state_->pos[0].data(), 3 * n, value) +
                                                         lane_sums(state_->ori[0].coeffs().data(), 4 * n, value)));
        if (placed && speeds < 1e14) {
            positions_unchecked_ = false;
            return true;
        }
    }
    return find_non_finite_body();
}

// Out of line and cold: the fast test above stays a short function.
[[gnu::cold, gnu::noinline]] bool Simulation::find_non_finite_body() {
    for (size_t b = 0; b < model_->bodies.size(); ++b) {
        const bool finite = state_->pos[b].allFinite() && state_->ori[b].coeffs().allFinite() &&
                            state_->lin_vel[b].allFinite() && state_->ang_vel[b].allFinite() &&
                            state_->lin_vel[b].squaredNorm() < 1e12 && state_->ang_vel[b].squaredNorm() < 1e14;
        if (!finite) {
            char time_text[32];
            std::snprintf(time_text, sizeof time_text, "%.6g", state_->time);
            error_ = SimulationError{state_->time, Index(b),
                                     "simulation blew up: non-finite or runaway state of body '" +
                                         model_->bodies[b].name + "' at t = " + time_text + " s"};
            return false;
        }
    }
    return true;
}

double body_kinetic_energy(const Model& model, const State& state, Index body) {
    const Body& b = model.bodies[body];
    if (b.is_static()) return 0;
    const Vec3 local_w = state.ori[body].conjugate() * state.ang_vel[body];
    return 0.5 * b.mass * state.lin_vel[body].squaredNorm() + 0.5 * local_w.dot(b.inertia.cwiseProduct(local_w));
}

}  // namespace hfd
