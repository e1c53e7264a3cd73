#include "scenario_runner.h"

#include "frame_mailbox.h"

#include "control/plant.h"
#include "draw/snapshot.h"
#include "io/contact_pairs.h"
#include "run/recorder.h"
#include "scenario/scenario_recorder.h"

#include <QElapsedTimer>
#include <QThread>
#include <algorithm>
#include <mutex>

namespace hfd::studio {

namespace {

constexpr double frame_interval = 1.0 / 60;  // s of wall time between published frames

}  // namespace

// Frames through the one-slot mailbox; the scores beside it (the GUI takes them after the last frame).
struct ScenarioRunner::Mailbox {
    FrameMailbox frames;
    std::mutex mutex;
    std::optional<ScenarioResult> result;  // guarded by mutex
    unsigned result_generation = 0;
};

namespace {

// The recording of one evaluation, made on the runner's thread at control steps.
class RunRecording {
public:
    RunRecording(const Scenario& scenario, double sample_period, unsigned generation)
        : recorder_(scenario, sample_period), generation_(generation) {
        wall_.start();
    }

    // One control step; returns a frame to publish when one is due.
    std::shared_ptr<SimulationFrame> onControlStep(double time, const Plant& plant,
                                                   const std::vector<ControlChannel>& controls) {
        const bool first = !recorder_.started();
        if (recorder_.on_control_step(time, plant, controls)) {
            fill_snapshot(plant.model(), plant.state(), &plant.data(), last_pose_);  // the last frame's pose
            last_time_ = time;
        }
        if (first) {
            auto layout = std::make_shared<RecordingLayout>();
            layout->channels = recorder_.channels();
            layout->pairs = recorder_.pairs();
            layout_ = std::move(layout);
        }
        steps_ = plant.simulation->accepted_steps();
        const double now = wall_.nsecsElapsed() * 1e-9;
        if (last_frame_ >= 0 && now - last_frame_ < frame_interval) return nullptr;
        last_frame_ = now;
        return frame(plant, true);
    }

    // The run's last frame (with every row not yet published).
    std::shared_ptr<SimulationFrame> finish(const ScenarioResult& result) {
        if (!recorder_.started()) return nullptr;
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

    // Rows since the last frame, every column of the scenario recording.
    void fillRows(SimulationFrame& out) {
        const size_t rows = recorder_.row_count();
        const size_t columns = recorder_.channels().size();
        out.first_row = published_;
        out.row_count = rows - published_;
        out.rows.insert(out.rows.end(), recorder_.rows().begin() + std::ptrdiff_t(published_ * columns),
                        recorder_.rows().end());
        published_ = rows;
    }

    ScenarioRecorder recorder_;
    unsigned generation_;
    size_t published_ = 0;
    double last_frame_ = -1, last_time_ = 0;
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
            if (frame && mailbox->frames.post(std::move(frame)))
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
    std::shared_ptr<const SimulationFrame> frame = mailbox_->frames.take();
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
