#include "scenario_runner.h"

#include "control/plant.h"
#include "draw/snapshot.h"
#include "io/contact_pairs.h"
#include "run/recorder.h"

#include <QElapsedTimer>
#include <QThread>
#include <algorithm>
#include <mutex>

namespace hfd::studio {

namespace {

constexpr double frame_interval = 1.0 / 60;  // s of wall time between published frames

// The scenario's channels after the Recorder's: per leg its ground reaction force,
// then the controller channels as the controller lists them at the first step.
std::vector<Channel> scenario_channels(const Plant& plant, const std::vector<ControlChannel>& controls) {
    std::vector<Channel> channels;
    for (const Leg& leg : plant.legs)
        for (const char* axis : {"x", "y", "z"})
            channels.push_back(
                {leg.name + ".grf_" + axis, "N", ChannelGroup::Contacts, leg.name, std::string("grf_") + axis});
    // Controller outputs join the muscle group: most drive excitations (reflexes,
    // feed-forward patterns); their source names them as the controller's.
    for (const ControlChannel& control : controls)
        channels.push_back({control.name, "", ChannelGroup::Muscles, "controller", "controller"});
    return channels;
}

}  // namespace

struct ScenarioRunner::Mailbox {
    std::mutex mutex;
    std::shared_ptr<SimulationFrame> frame;  // guarded by mutex
    std::optional<ScenarioResult> result;    // guarded by mutex
    unsigned result_generation = 0;

    // True when the GUI must be told (the slot was empty).
    bool post(std::shared_ptr<SimulationFrame> next) {
        std::lock_guard lock(mutex);
        const bool notify = !frame;
        if (frame && frame->generation == next->generation) {
            // The GUI has not taken the previous frame: this one carries its rows too.
            next->rows.insert(next->rows.begin(), frame->rows.begin(), frame->rows.end());
            next->first_row = frame->first_row;
            next->row_count += frame->row_count;
            if (!next->layout) next->layout = frame->layout;
        }
        frame = std::move(next);
        return notify;
    }
    std::shared_ptr<SimulationFrame> take() {
        std::lock_guard lock(mutex);
        return std::move(frame);
    }
};

namespace {

// The recording of one evaluation, made on the runner's thread at control steps.
class RunRecording {
public:
    RunRecording(const Scenario& scenario, double sample_period, unsigned generation)
        : scenario_(scenario), period_(sample_period), generation_(generation) {
        wall_.start();
    }

    // One control step; returns a frame to publish when one is due.
    std::shared_ptr<SimulationFrame> onControlStep(double time, const Plant& plant,
                                                   const std::vector<ControlChannel>& controls) {
        if (!recorder_) start(time, plant, controls);
        if (time + 1e-9 >= next_sample_) {
            recorder_->sample(*plant.simulation);
            for (const Leg& leg : plant.legs) {
                const Vec3 force = leg_ground_force(plant, leg);
                extra_.insert(extra_.end(), force.data(), force.data() + 3);
            }
            for (size_t c = 0; c < control_count_; ++c) extra_.push_back(c < controls.size() ? controls[c].value : 0.0);
            next_sample_ += period_;
            fill_snapshot(plant.model(), plant.state(), &plant.data(), last_pose_);  // the last frame's pose
            last_time_ = time;
        }
        steps_ = plant.simulation->accepted_steps();
        const double now = wall_.nsecsElapsed() * 1e-9;
        if (last_frame_ >= 0 && now - last_frame_ < frame_interval) return nullptr;
        last_frame_ = now;
        return frame(plant, true);
    }

    // The run's last frame (with every row not yet published).
    std::shared_ptr<SimulationFrame> finish(const ScenarioResult& result) {
        if (!recorder_) return nullptr;
        auto last = std::make_shared<SimulationFrame>();
        last->pose = last_pose_;
        last->time = last_time_;
        fillRows(*last);
        last->steps = result.steps;
        last->finished = true;
        if (!result.ok) last->error = QString::fromStdString(result.message);
        last->error_time = result.simulated_time;
        last->generation = generation_;
        last->layout = std::move(layout_);
        return last;
    }

private:
    void start(double time, const Plant& plant, const std::vector<ControlChannel>& controls) {
        ContactPairSet pairs = candidate_contact_pairs(plant.model(), collision_settings(scenario_.config()));
        recorder_ = std::make_unique<Recorder>(*plant.simulation, pairs, all_channel_groups);
        control_count_ = controls.size();
        auto layout = std::make_shared<RecordingLayout>();
        layout->channels = recorder_->channels();
        std::vector<Channel> own = scenario_channels(plant, controls);
        extra_columns_ = own.size();
        layout->channels.insert(layout->channels.end(), own.begin(), own.end());
        layout->pairs = std::move(pairs);
        layout_ = std::move(layout);
        const double duration = scenario_.max_duration();
        // reserved for a usual run only: a scenario's max_duration may be anything
        const size_t rows = std::min<size_t>(sample_count(duration, period_), 1 << 14) + 1;
        recorder_->reserve_rows(rows);
        extra_.reserve(rows * extra_columns_);
        next_sample_ = time;
    }

    std::shared_ptr<SimulationFrame> frame(const Plant& plant, bool running) {
        auto next = std::make_shared<SimulationFrame>();
        fill_snapshot(plant.model(), plant.state(), &plant.data(), next->pose);
        next->time = plant.time();
        next->step_size = plant.simulation->last_step_size();
        next->steps = steps_;
        next->real_time_factor = wall_.nsecsElapsed() > 0 ? plant.time() / (wall_.nsecsElapsed() * 1e-9) : 0;
        fillRows(*next);
        next->running = running;
        next->generation = generation_;
        next->layout = std::move(layout_);
        return next;
    }

    // Rows since the last frame: the Recorder's columns, then the scenario's own.
    void fillRows(SimulationFrame& out) {
        const size_t rows = recorder_->row_count();
        const size_t columns = recorder_->channel_count();
        out.first_row = published_;
        out.row_count = rows - published_;
        out.rows.reserve(out.row_count * (columns + extra_columns_));
        for (size_t r = published_; r < rows; ++r) {
            out.rows.insert(out.rows.end(), recorder_->row(r), recorder_->row(r) + columns);
            out.rows.insert(out.rows.end(), extra_.begin() + r * extra_columns_,
                            extra_.begin() + (r + 1) * extra_columns_);
        }
        published_ = rows;
    }

    const Scenario& scenario_;
    double period_;
    unsigned generation_;
    std::unique_ptr<Recorder> recorder_;
    std::vector<double> extra_;  // the scenario's columns of each row, row-major
    size_t extra_columns_ = 0, control_count_ = 0, published_ = 0;
    double next_sample_ = 0, last_frame_ = -1, last_time_ = 0;
    long long steps_ = 0;
    PoseSnapshot last_pose_;
    std::shared_ptr<const RecordingLayout> layout_;  // for the next frame
    QElapsedTimer wall_;
};

}  // namespace

ScenarioRunner::ScenarioRunner(QObject* parent) : QObject(parent), mailbox_(std::make_shared<Mailbox>()) {}

ScenarioRunner::~ScenarioRunner() { joinThread(); }

void ScenarioRunner::joinThread() {
    if (!thread_) return;
    if (stop_flag_) *stop_flag_ = true;
    thread_->wait();
    delete thread_;
    thread_ = nullptr;
}

void ScenarioRunner::run(std::shared_ptr<const Scenario> scenario, ParameterValues values) {
    joinThread();  // a run under way ends at its next control step
    const unsigned generation = ++generation_;
    stop_flag_ = std::make_shared<volatile bool>(false);
    latest_.reset();
    layout_.reset();
    running_ = true;
    const double control_step = scenario->control_step();
    const double period = std::max(sample_period_, control_step);
    thread_ = QThread::create([this, mailbox = mailbox_, scenario = std::move(scenario), values = std::move(values),
                               stop = stop_flag_, period, generation] {
        RunRecording recording(*scenario, period, generation);
        auto publish = [&](std::shared_ptr<SimulationFrame> frame) {
            if (frame && mailbox->post(std::move(frame)))
                QMetaObject::invokeMethod(this, &ScenarioRunner::onFrameReady, Qt::QueuedConnection);
        };
        EvaluationOptions options;
        options.stop = stop.get();
        options.on_control_step = [&](double time, const Plant& plant, const std::vector<ControlChannel>& controls) {
            publish(recording.onControlStep(time, plant, controls));
        };
        ScenarioResult result = scenario->evaluate(values, options);
        publish(recording.finish(result));
        {
            std::lock_guard lock(mailbox->mutex);
            mailbox->result = std::move(result);
            mailbox->result_generation = generation;
        }
        // Queued after the last frame's notice: the GUI takes the rows before the scores.
        QMetaObject::invokeMethod(
            this, [this, generation] { onRunEnded(generation); }, Qt::QueuedConnection);
    });
    thread_->setObjectName(QStringLiteral("scenario"));
    thread_->start();
    emit started();
}

void ScenarioRunner::stop() {
    if (stop_flag_) *stop_flag_ = true;
}

void ScenarioRunner::onFrameReady() {
    std::shared_ptr<const SimulationFrame> frame = mailbox_->take();
    if (!frame || frame->generation != generation_) return;  // from a run replaced since
    if (frame->layout) {
        layout_ = frame->layout;
        emit layoutReceived(*layout_);
    }
    latest_ = std::move(frame);
    emit frameReceived(*latest_);
}

void ScenarioRunner::onRunEnded(unsigned generation) {
    if (generation != generation_) return;
    onFrameReady();  // a frame posted after the last notice was taken
    std::optional<ScenarioResult> result;
    {
        std::lock_guard lock(mailbox_->mutex);
        if (mailbox_->result_generation == generation) result = std::move(mailbox_->result);
    }
    if (!result) return;
    running_ = false;
    result_ = std::move(result);
    emit finished(*result_);
}

}  // namespace hfd::studio
