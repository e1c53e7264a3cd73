#include "simulation_controller.h"

#include "frame_mailbox.h"

#include "run/csv_writer.h"
#include "run/sto_writer.h"
#include "run/run_setup.h"
#include "draw/snapshot.h"

#include <QTimer>
#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>
#include <utility>

namespace hfd::studio {

namespace {

constexpr double frame_interval = 1.0 / 60;  // s of wall time between published frames
constexpr double tick_slice = 0.010;         // s of wall time the worker computes before checking its queue

}  // namespace

// ---------------------------------------------------------------- worker

SimulationWorker::SimulationWorker() : timer_(new QTimer(this)), mailbox_(std::make_unique<FrameMailbox>()) {
    timer_->setInterval(1);
    connect(timer_, &QTimer::timeout, this, &SimulationWorker::tick);
    wall_.start();
}

SimulationWorker::~SimulationWorker() = default;

std::vector<Diagnostic> SimulationWorker::load(SimulationSetup setup, unsigned generation) {
    generation_ = generation;
    running_ = false;
    timer_->stop();
    std::vector<Diagnostic> diagnostics;
    recorder_.reset();
    events_.reset();
    held_ = no_index;
    run_.reset();
    sim_.reset();
    control_ = {};
    RunInputs inputs;
    inputs.built_model = std::move(setup.model);
    inputs.read_config = setup.config;
    inputs.initial_dofs = std::move(setup.initial_dofs);
    inputs.excitation_series = std::move(setup.excitation);
    inputs.controllers = std::move(setup.controllers);
    PreparedRun prepared = prepare_run(inputs);
    diagnostics = std::move(prepared.diagnostics);
    if (!prepared.ok()) return diagnostics;
    sim_ = std::move(prepared.sim);
    sim_->set_stage_timing(true);  // the Simulation dock shows the time of each stage and component
    control_ = prepared.control();
    end_time_ = setup.end_time;
    sample_period_ = setup.sample_period;
    max_kinetic_energy_ = setup.max_kinetic_energy;
    pairs_ = candidate_contact_pairs(sim_->model(), collision_settings(setup.config));
    model_perturbations_ = std::as_const(*sim_).controls().perturbations;
    startRecording();
    return diagnostics;
}

// Starts a recording at the current state with the engine's run loop, exactly
// as `hfd simulate` does: first sample, then the starting contacts.
void SimulationWorker::startRecording() {
    const Simulation& view = *sim_;
    run_.reset();
    recorder_ = std::make_unique<Recorder>(view, pairs_, all_channel_groups);
    events_.emplace(view, pairs_);
    RunOptions options;
    options.duration = std::max(0.0, end_time_ - view.state().time);
    options.sample_period = sample_period_;
    options.max_kinetic_energy = max_kinetic_energy_;
    options.events = &*events_;
    options.control = control_;
    run_ = std::make_unique<Run>(*sim_, *recorder_, options);
    steps_ = 0;
    rates_.clear();
    published_rows_ = 0;
    finished_ = false;
    error_.clear();
    error_body_.clear();
    // a run the engine refuses (e.g. past its step or sample limits) shows why instead of not starting
    if (run_->result().refused) error_ = QString::fromStdString(run_->result().message);
    last_frame_wall_ = -1;
    auto layout = std::make_shared<RecordingLayout>();
    layout->channels = recorder_->channels();
    layout->pairs = pairs_;
    new_layout_ = std::move(layout);
    publish(true);
}

void SimulationWorker::restartPacing() {
    pace_wall_start_ = wall_.nsecsElapsed() * 1e-9;
    rates_.clear();  // a pause or a new speed starts a new measurement
    pace_sim_start_ = sim_ ? std::as_const(*sim_).state().time : 0;
}

void SimulationWorker::unload() {
    running_ = false;
    timer_->stop();
    recorder_.reset();
    events_.reset();
    sim_.reset();
    held_ = no_index;
}

void SimulationWorker::play() {
    if (!sim_ || running_) return;
    if (!error_.isEmpty() || atEnd()) {
        publish(true);  // refused: the GUI learns that nothing runs
        return;
    }
    running_ = true;
    restartPacing();
    timer_->start();
    publish(true);
}

void SimulationWorker::pause() {
    if (!running_) return;
    running_ = false;
    timer_->stop();
    publish(true);
}

void SimulationWorker::reset() {
    if (!sim_) return;
    running_ = false;
    timer_->stop();
    sim_->reset();
    sim_->controls().perturbations = model_perturbations_;
    held_ = no_index;
    startRecording();
}

bool SimulationWorker::atEnd() const { return !run_ || run_->finished(); }

void SimulationWorker::setEndTime(double end_time) {
    end_time_ = end_time;
    if (run_) run_->set_end_time(end_time);
}

bool SimulationWorker::stopIfFailed() {
    steps_ = run_->result().steps;
    const RunResult& result = run_->result();
    if (result.ok) return false;
    stop(QString::fromStdString(result.message), result.time, result.body);
    return true;
}

void SimulationWorker::stepPeriod() {
    if (!sim_ || running_ || !error_.isEmpty() || atEnd()) return;
    run_->advance_to_next_sample();
    if (stopIfFailed()) return;
    finished_ = atEnd();
    publish(true);
}

void SimulationWorker::tick() {
    if (!running_ || !sim_) return;
    const double now = wall_.nsecsElapsed() * 1e-9;
    const double slice_end = now + tick_slice;
    const double pace_target = real_time_factor_ > 0 ? pace_sim_start_ + real_time_factor_ * (now - pace_wall_start_)
                                                     : std::numeric_limits<double>::infinity();
    const Simulation& view = *sim_;
    while (running_) {
        if (atEnd()) {
            running_ = false;
            finished_ = true;
            timer_->stop();
            break;
        }
        if (view.state().time >= pace_target) break;
        run_->step();
        if (stopIfFailed()) return;
        if (wall_.nsecsElapsed() * 1e-9 > slice_end) break;
    }
    steps_ = run_->result().steps;
    publish(!running_);
}

void SimulationWorker::stop(const QString& message, double time, Index body) {
    running_ = false;
    timer_->stop();
    error_ = message;
    error_time_ = time;
    error_body_ = body >= 0 ? QString::fromStdString(sim_->model().bodies[body].name) : QString();
    publish(true);
}

// StageTimes::components[0] also holds the body frames, gravity and perturbations
// (engine/sim/simulation.h); the integrator's own work is what its time leaves
// after the force evaluations and the dynamics.
static void fill_stages(const Simulation& sim, long long steps, SimulationFrame& frame) {
    frame.stages.clear();
    if (steps <= 0) return;
    const StageTimes& times = sim.stage_times();
    const double per_step = 1e6 / double(steps);
    for (std::size_t i = 0; i < times.components.size() && i < sim.forces().size(); ++i)
        frame.stages.push_back({std::string(sim.forces()[i]->name()), times.components[i] * per_step});
    if (times.components.empty()) frame.stages.push_back({"forces", times.forces * per_step});
    frame.stages.push_back({"dynamics", times.dynamics * per_step});
    frame.stages.push_back({"integrator", std::max(0.0, times.integration - times.forces - times.dynamics) * per_step});
    frame.evaluations_per_step = double(sim.evaluations()) / double(steps);
}

void SimulationWorker::publish(bool force) {
    if (!sim_) return;
    const double now = wall_.nsecsElapsed() * 1e-9;
    if (!force && last_frame_wall_ >= 0 && now - last_frame_wall_ < frame_interval) return;
    const Simulation& view = *sim_;
    auto frame = std::make_shared<SimulationFrame>();
    fill_snapshot(view.model(), view.state(), &view.data(), frame->pose);
    frame->time = view.state().time;
    if (running_) rates_.add(now, frame->time, steps_);
    frame->real_time_factor = rates_.realTimeFactor();
    frame->steps_per_second = rates_.stepsPerSecond();
    frame->step_size = view.last_step_size();
    frame->steps = steps_;
    fill_stages(view, steps_, *frame);
    const size_t columns = recorder_->channel_count();
    frame->first_row = published_rows_;
    frame->row_count = recorder_->row_count() - published_rows_;
    frame->rows.assign(recorder_->values().begin() + published_rows_ * columns, recorder_->values().end());
    published_rows_ = recorder_->row_count();
    frame->running = running_;
    frame->finished = finished_;
    frame->error = error_;
    frame->error_time = error_time_;
    frame->error_body = error_body_;
    frame->generation = generation_;
    frame->layout = std::move(new_layout_);
    last_frame_wall_ = now;
    post(std::move(frame));
}

void SimulationWorker::post(std::shared_ptr<SimulationFrame> frame) {
    if (mailbox_->post(std::move(frame))) emit frameReady();
}

std::shared_ptr<SimulationFrame> SimulationWorker::takeFrame() { return mailbox_->take(); }

void SimulationWorker::setExcitation(Index muscle, double excitation) {
    if (!sim_ || muscle < 0 || muscle >= Index(sim_->model().muscles.size())) return;
    sim_->controls().excitation[muscle] = std::clamp(excitation, 0.0, 1.0);
}

void SimulationWorker::setMotorTarget(Index motor, const Quat& target) {
    if (!sim_ || motor < 0 || motor >= Index(sim_->model().motors.size())) return;
    sim_->controls().motors[motor].target_ori = target;
}

void SimulationWorker::push(Index body, const Vec3& force, double duration) {
    if (!sim_ || body < 0 || body >= Index(sim_->model().bodies.size())) return;
    Perturbation push;
    push.body = body;
    push.force = force;
    push.start_time = std::as_const(*sim_).state().time;
    push.end_time = push.start_time + duration;
    sim_->controls().perturbations.push_back(push);
}

void SimulationWorker::holdForce(Index body, const Vec3& force) {
    if (!sim_) return;
    std::vector<Perturbation>& perturbations = sim_->controls().perturbations;
    const double now = std::as_const(*sim_).state().time;
    const bool holding =
        held_ != no_index && held_ < Index(perturbations.size()) && std::isinf(perturbations[held_].end_time);
    if (holding && (perturbations[held_].body != body || force.isZero())) {
        perturbations[held_].end_time = now;  // released
        held_ = no_index;
    } else if (!holding) {
        held_ = no_index;
    }
    if (force.isZero() || body < 0 || body >= Index(sim_->model().bodies.size())) return;
    if (held_ == no_index) {
        Perturbation hold;
        hold.body = body;
        hold.start_time = now;
        perturbations.push_back(hold);
        held_ = Index(perturbations.size()) - 1;
    }
    perturbations[held_].force = force;
}

void SimulationWorker::setInitialDofs(const DofAssignment& dofs) {
    if (!sim_ || steps_ > 0 || running_) return;
    State posed = std::as_const(*sim_).initial_state();
    apply_dofs(sim_->model(), dofs, posed);
    sim_->set_initial_state(posed);
    sim_->reset();
    startRecording();
}

// ---------------------------------------------------------------- controller

SimulationController::SimulationController(QObject* parent)
    : QObject(parent), thread_(new QThread(this)), worker_(new SimulationWorker) {
    thread_->setObjectName(QStringLiteral("simulation"));
    worker_->moveToThread(thread_);
    connect(thread_, &QThread::finished, worker_, &QObject::deleteLater);
    connect(worker_, &SimulationWorker::frameReady, this, &SimulationController::onFrameReady);
    thread_->start();
}

SimulationController::~SimulationController() {
    thread_->quit();
    thread_->wait();
}

template <typename F>
void SimulationController::queue(F&& command) {
    QMetaObject::invokeMethod(worker_, std::forward<F>(command), Qt::QueuedConnection);
}

template <typename F>
auto SimulationController::call(F&& function) const {
    std::invoke_result_t<F> result{};
    QMetaObject::invokeMethod(
        worker_, [&] { result = function(); }, Qt::BlockingQueuedConnection);
    return result;
}

std::vector<Diagnostic> SimulationController::load(SimulationSetup setup) {
    auto shared = std::make_shared<SimulationSetup>(std::move(setup));
    const unsigned generation = ++generation_;
    std::vector<Diagnostic> diagnostics =
        call([this, shared, generation] { return worker_->load(std::move(*shared), generation); });
    loaded_ = !has_errors(diagnostics) && call([this] { return worker_->simulation() != nullptr; });
    if (loaded_) emit loaded();
    return diagnostics;
}

void SimulationController::unload() {
    ++generation_;
    call([this] { return (worker_->unload(), true); });
    latest_.reset();
    layout_.reset();
    loaded_ = false;
    if (std::exchange(running_, false)) emit runningChanged(false);
    emit unloaded();
}

void SimulationController::play() {
    queue([w = worker_] { w->play(); });
}
void SimulationController::pause() {
    queue([w = worker_] { w->pause(); });
}
void SimulationController::togglePlay() { running_ ? pause() : play(); }
void SimulationController::stepPeriod() {
    queue([w = worker_] { w->stepPeriod(); });
}
void SimulationController::reset() {
    queue([w = worker_] { w->reset(); });
}
void SimulationController::setRealTimeFactor(double factor) {
    queue([w = worker_, factor] { w->setRealTimeFactor(factor); });
}
void SimulationController::setEndTime(double end_time) {
    queue([w = worker_, end_time] { w->setEndTime(end_time); });
}
void SimulationController::setExcitation(int muscle, double excitation) {
    queue([w = worker_, muscle, excitation] { w->setExcitation(muscle, excitation); });
}
void SimulationController::setMotorTarget(int motor, const Quat& target) {
    queue([w = worker_, motor, target] { w->setMotorTarget(motor, target); });
}
void SimulationController::push(int body, const Vec3& force, double duration) {
    queue([w = worker_, body, force, duration] { w->push(body, force, duration); });
}
void SimulationController::holdForce(int body, const Vec3& force) {
    queue([w = worker_, body, force] { w->holdForce(body, force); });
}
void SimulationController::setInitialDofs(const DofAssignment& dofs) {
    queue([w = worker_, dofs] { w->setInitialDofs(dofs); });
}

bool SimulationController::exportCsv(const QString& path, QString* error) const {
    std::string message;
    const bool ok = call([&] {
        if (!worker_->recorder()) return (message = "nothing recorded", false);
        return save_recording_csv(path.toStdString(), *worker_->recorder(), all_channel_groups, &message);
    });
    if (!ok && error) *error = QString::fromStdString(message);
    return ok;
}

bool SimulationController::exportSto(const QString& path, QString* error) const {
    std::string message;
    const bool ok = call([&] {
        if (!worker_->recorder()) return (message = "nothing recorded", false);
        const std::string& name = worker_->simulation()->model().name;
        return save_dof_sto(path.toStdString(), *worker_->recorder(), name.empty() ? "hfd" : name, &message);
    });
    if (!ok && error) *error = QString::fromStdString(message);
    return ok;
}

bool SimulationController::exportContactEvents(const QString& path, QString* error) const {
    std::string message;
    const bool ok = call([&] {
        const ContactEventDetector* events = worker_->events();
        if (!events) return (message = "nothing recorded", false);
        return save_contact_events_csv(path.toStdString(), events->events(), events->contact_pairs(), &message);
    });
    if (!ok && error) *error = QString::fromStdString(message);
    return ok;
}

void SimulationController::onFrameReady() {
    std::shared_ptr<const SimulationFrame> frame = worker_->takeFrame();
    if (!frame || frame->generation != generation_) return;  // from a simulation replaced since
    if (frame->layout) {
        layout_ = frame->layout;
        emit layoutReceived(*layout_);
    }
    const bool had_error = latest_ && !latest_->error.isEmpty();
    latest_ = std::move(frame);
    if (running_ != latest_->running) {
        running_ = latest_->running;
        emit runningChanged(running_);
    }
    emit frameReceived(*latest_);
    if (!latest_->error.isEmpty() && !had_error) emit stopped(latest_->error);
}

}  // namespace hfd::studio
