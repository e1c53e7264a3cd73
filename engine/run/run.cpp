#include "run/run.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

namespace hfd {

Run::Run(Simulation& sim, Recorder& recorder, const RunOptions& options)
    : sim_(sim), recorder_(recorder), options_(options) {
    const Simulation& view = sim_;
    start_time_ = view.state().time;
    result_.time = start_time_;
    if (std::optional<Diagnostic> refused = check_run_length(view, options_.duration, options_.sample_period)) {
        fail(format_diagnostic(*refused), start_time_, no_index);
        result_.refused = true;
        return;
    }
    end_time_ = start_time_ + options_.duration;
    sample_count_ = sample_count(options_.duration, options_.sample_period);
    next_sample_at_ = sample_time(start_time_, options_.duration, options_.sample_period, next_sample_);
    // Reserved for a bounded number of rows only: a long run's recording grows
    // as it is recorded (or streams), never all at once for the whole duration.
    constexpr size_t reserved_rows = 4096;
    if (!recorder_.streaming()) recorder_.reserve_rows(recorder_.row_count() + std::min(sample_count_, reserved_rows));
    if (options_.control) options_.control(start_time_, sim_.controls());
    sim_.ensure_evaluated();
    recorder_.sample(view);
    if (options_.on_sample) options_.on_sample(start_time_);
    if (options_.events) options_.events->start(view);
    before_ = view.state();
    sample_state_ = before_;
    before_data_ = view.data();  // sized once here; each step copies only the derivatives
    for (const Body& body : view.model().bodies) {
        half_mass_.push_back(body.is_static() ? 0.0 : 0.5 * body.mass);
        half_largest_inertia_.push_back(body.is_static() ? 0.0 : 0.5 * body.inertia.maxCoeff());
    }
    check_sink();
}

bool Run::fail(std::string message, double time, Index body) {
    result_.ok = false;
    result_.message = std::move(message);
    result_.time = time;
    result_.body = body;
    return false;
}

// Stops a run whose kinetic energy ran away; names the body holding most of it.
bool Run::check_energy() {
    const Model& model = sim_.model();
    const State& state = std::as_const(sim_).state();
    // cheap bound first: w.(I w) <= max(I) |w|^2
    double bound = 0;
    for (size_t b = 0, n = half_mass_.size(); b < n; ++b)
        bound +=
            half_mass_[b] * state.lin_vel[b].squaredNorm() + half_largest_inertia_[b] * state.ang_vel[b].squaredNorm();
    if (bound <= options_.max_kinetic_energy) return true;
    double total = 0, largest = -1;
    Index worst = no_index;
    for (Index b = 0; b < Index(model.bodies.size()); ++b) {
        const double e = body_kinetic_energy(model, state, b);
        total += e;
        if (e > largest) largest = e, worst = b;
    }
    if (total <= options_.max_kinetic_energy) return true;  // also false for NaN, which sim.step reports itself
    char text[256];
    std::snprintf(text, sizeof text, "kinetic energy %.3g J exceeds %.3g J at t = %.6g s (body '%s' holds %.3g J)",
                  total, options_.max_kinetic_energy, state.time, worst >= 0 ? model.bodies[worst].name.c_str() : "?",
                  largest);
    return fail(text, state.time, worst);
}

bool Run::record_samples_within_step() {
    const Simulation& view = sim_;
    const double now = view.state().time;
    while (next_sample_ < sample_count_) {
        const double time = next_sample_at_;
        if (time > now) break;
        if (options_.control) options_.control(time, sim_.controls());
        if (time == now) {
            recorder_.sample(view);
        } else {
            view.integrator().partial_step(view.model(), before_, before_data_, time - before_.time, sample_state_);
            sample_state_.time = time;
            recorder_.sample(view, sample_state_);
        }
        if (options_.on_sample) options_.on_sample(time);
        ++next_sample_;
        next_sample_at_ = sample_time(start_time_, options_.duration, options_.sample_period, next_sample_);
        if (!check_sink()) return false;
    }
    return true;
}

bool Run::check_sink() {
    if (!recorder_.sink_failed()) return true;
    result_.write_failed = true;
    return fail("the recording could not be written at t = " + std::to_string(result_.time) + " s", result_.time,
                no_index);
}

bool Run::step() {
    if (finished()) return false;
    const Simulation& view = sim_;
    if (options_.interrupted && *options_.interrupted)
        return fail("interrupted at t = " + std::to_string(view.state().time) + " s", view.state().time, no_index);
    const double time_before = view.state().time;
    if (options_.control) options_.control(time_before, sim_.controls());
    sim_.ensure_evaluated();
    // A sample a rounding error away from where the next step ends is landed on
    // (a fixed step that divides the sample period), never cut short for.
    double until = end_time_;
    const double sample = next_sample_ < sample_count_ ? next_sample_at_ : end_time_;
    const double h = view.integrator().next_step_size();
    if (std::abs(sample - time_before - h) <= 1e-9 * h) until = std::min(until, sample);
    // The step's start, for a sample inside it (a partial step from there) or the
    // event detector; no step goes past time_before + h.
    if (options_.events || sample <= time_before + h) {
        before_ = view.state();
        before_data_.copy_derivatives_from(view.data());
    }
    if (!sim_.step(until)) {
        const auto& error = view.error();
        return fail(error ? error->message : "integration failed at t = " + std::to_string(time_before) + " s",
                    error ? error->time : time_before, error ? error->body : no_index);
    }
    ++result_.steps;
    // a step that ends a rounding error before a sample or the end lands on it
    sim_.land_if_near(sample);
    if (!(view.state().time > time_before))
        return fail("integrator made no progress at t = " + std::to_string(time_before) + " s", time_before, no_index);
    result_.time = view.state().time;
    if (options_.events) options_.events->after_step(view, before_, before_data_);
    if (!check_energy()) return false;
    return record_samples_within_step();
}

bool Run::advance_to_next_sample() {
    const size_t target = next_sample_ + 1;
    while (!finished() && next_sample_ < target)
        if (!step()) return false;
    return result_.ok;
}

void Run::set_end_time(double end_time) {
    options_.duration = std::max(0.0, end_time - start_time_);
    end_time_ = start_time_ + options_.duration;
    sample_count_ = sample_count(options_.duration, options_.sample_period);
    next_sample_at_ = sample_time(start_time_, options_.duration, options_.sample_period, next_sample_);
}

std::optional<Diagnostic> check_run_length(const Simulation& sim, double duration, double sample_period) {
    const double start = sim.state().time;
    const Integrator& integrator = sim.integrator();
    const double h = integrator.nominal_step_size();
    auto refuse = [](std::string message, SourceLocation location = {}) {
        return std::optional<Diagnostic>(Diagnostic{Severity::Error, std::move(location), std::move(message)});
    };
    auto number = [](double value) {
        char text[32];
        std::snprintf(text, sizeof text, "%.6g", value);
        return std::string(text);
    };
    if (!std::isfinite(duration) || duration < 0)
        return refuse("the duration " + number(duration) + " s is not a finite number of seconds >= 0");
    if (!std::isfinite(sample_period) || !(sample_period > 0))
        return refuse("the sample period " + number(sample_period) + " s is not a finite positive number");
    if (!std::isfinite(start)) return refuse("the run starts at t = " + number(start) + " s");
    if (duration == 0) return std::nullopt;  // one sample, no step
    const double end = start + duration;
    if (!(end > start))
        return refuse("a duration of " + number(duration) + " s does not change the time t = " + number(start) +
                      " s in double precision");
    const double samples = sample_count_exact(duration, sample_period);
    if (!(samples <= max_run_samples))
        return refuse("sampling " + number(duration) + " s every " + number(sample_period) + " s makes " +
                      number(samples) + " samples (at most " + number(max_run_samples) +
                      " per run): enlarge the sample period or shorten the duration");
    const double steps = duration / h;
    if (!(steps <= max_run_steps))
        return refuse(std::string(integrator.name()) + ": a step of " + number(h) + " s would take " + number(steps) +
                          " steps for " + number(duration) + " s (at most " + number(max_run_steps) +
                          " per run): enlarge the step or shorten the duration",
                      integrator.step_size_location);
    if (!(end + 0.5 * h > end))
        return refuse("at t = " + number(end) + " s a step of " + number(h) +
                          " s is lost in the rounding of the time: start the run at an earlier time",
                      integrator.step_size_location);
    return std::nullopt;
}

RunResult record_simulation(Simulation& sim, Recorder& recorder, const RunOptions& options) {
    Run run(sim, recorder, options);
    while (!run.finished() && run.step()) {
    }
    return run.result();
}

}  // namespace hfd
