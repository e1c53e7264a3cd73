#include "motion_playback.h"

#include "document.h"
#include "main_window.h"
#include "plot_dock.h"
#include "simulation_ui.h"

#include "io/contact_pairs.h"
#include "run/recorder.h"
#include "state/kinematics.h"

#include <QFileInfo>
#include <QMenu>
#include <QStatusBar>

namespace hfd::studio {

namespace {

// The recorder's channels, then per muscle its length and its moment arms.
std::vector<Channel> motion_channels(const Model& model, const std::vector<Channel>& recorded,
                                     const MuscleMotion& muscles) {
    std::vector<Channel> channels = recorded;
    for (Index m : muscles.muscles) {
        const std::string& name = model.muscles[m].name;
        channels.push_back({name + ".length", "m", ChannelGroup::Muscles, name, "length"});
    }
    for (const MuscleMotion::MomentArm& arm : muscles.moment_arms) {
        const std::string& name = model.muscles[arm.muscle].name;
        const std::string quantity = "moment_arm." + model.dofs[arm.dof].name;
        channels.push_back({name + "." + quantity, "m", ChannelGroup::Muscles, name, quantity});
    }
    return channels;
}

}  // namespace

MotionRecording record_motion(std::shared_ptr<const Model> model, const SimConfig& config,
                              const MotionCoordinates& given) {
    MotionRecording out;
    // A motion file holds positions only: its *.vel channels (and body velocities) come
    // from differentiating them, not zeros.
    MotionCoordinates motion = given;
    differentiate_dof_values(motion);
    std::vector<Diagnostic> diagnostics;
    std::unique_ptr<Simulation> sim = Simulation::create(model, config, diagnostics);
    if (!sim) {
        out.error = QObject::tr("the model's simulation cannot be created");
        return out;
    }
    Recorder recorder(*sim, candidate_contact_pairs(*model, collision_settings(config)));
    recorder.reserve_rows(motion.frames.size());
    State state = sim->initial_state();
    for (size_t r = 0; r < motion.frames.size(); ++r) {
        apply_dofs(*model, motion.frames[r], state);
        state.time = motion.time[r];
        recorder.sample(*sim, state);
    }
    const MuscleMotion muscles = muscle_motion(*model, motion, {});
    out.layout = {motion_channels(*model, recorder.channels(), muscles), recorder.contact_pairs()};
    const size_t recorded = recorder.channel_count(), width = out.layout.channels.size();
    out.frame.rows.reserve(width * motion.frames.size());
    for (size_t r = 0; r < motion.frames.size(); ++r) {
        out.frame.rows.insert(out.frame.rows.end(), recorder.row(r), recorder.row(r) + recorded);
        for (const std::vector<double>& length : muscles.length) out.frame.rows.push_back(length[r]);
        for (const MuscleMotion::MomentArm& arm : muscles.moment_arms) out.frame.rows.push_back(arm.values[r]);
    }
    out.frame.row_count = motion.frames.size();
    out.frame.first_row = 0;
    out.frame.time = motion.time.back();
    return out;
}

void install_motion_playback(MainWindow* window) {
    auto open = [window](const QString& path) {
        Document* document = window->document();
        std::shared_ptr<const Model> model = document->sharedModel();
        const QString name = QFileInfo(path).fileName();
        auto fail = [&](const QString& message) {
            if (window->prompts().error) window->prompts().error(QObject::tr("Cannot play %1").arg(name), message);
            return false;
        };
        // The New template the window starts with is no model the motion was recorded on
        // (e.g. a motion given alone on the command line).
        const bool new_template = document->isUntitled() && !document->isDirty() && document->suggestedPath().isEmpty();
        if (!model || new_template)
            return fail(QObject::tr("Open the model first: a motion is played on a model, and none is open."));
        const MotionCoordinates motion = read_motion_file(path.toStdString(), *model);
        QStringList problems;
        for (const Diagnostic& d : motion.diagnostics) problems << QString::fromStdString(format_diagnostic(d));
        if (!motion.ok()) return fail(problems.join(u'\n'));
        SimConfig config = default_sim_config();
        std::vector<Diagnostic> ignored;
        if (const editor::Analysis* analysis = document->analysis(); analysis && analysis->parse.ok())
            config = read_sim_config(analysis->parse.root, analysis->file_name, ignored);
        const MotionRecording recording = record_motion(model, config, motion);
        if (!recording.error.isEmpty()) return fail(recording.error);
        PlotDock* plots = window->simulationUi()->plotDock();
        plots->setLayout(recording.layout);
        plots->addFrame(recording.frame);
        plots->scrubTo(0);
        plots->raise();
        window->statusBar()->showMessage(QObject::tr("%1: %2 rows played as a recording%3")
                                             .arg(name)
                                             .arg(recording.frame.row_count)
                                             .arg(problems.isEmpty() ? QString() : "; " + problems.join("; ")),
                                         10000);
        return true;
    };
    // File > Open and Open Recent too: a motion is never read as model text.
    for (const char* suffix : {"mot", "sto"}) window->addFileHandler(QString::fromLatin1(suffix), open, true);
    window->fileMenu()->addAction(QObject::tr("Open &Motion..."), window, [window, open] {
        const auto& prompt = window->prompts().input_path;
        const QString path =
            prompt ? prompt({QObject::tr("Open Motion"), QFileInfo(window->document()->path()).absolutePath(),
                             QObject::tr("Motions (*.mot *.sto *.csv)")})
                   : QString();
        if (!path.isEmpty()) open(path);
    });
}

}  // namespace hfd::studio
