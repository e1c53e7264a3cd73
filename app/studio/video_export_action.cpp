#include "video_export_action.h"

#include "prompts.h"
#include "simulation_controller.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QProgressDialog>
#include <QSignalBlocker>
#include <QSpinBox>

namespace hfd::studio {

namespace {

constexpr int max_video_side = 7680;  // 8K; libx264 refuses much more
const double speeds[] = {0.1, 0.25, 0.5, 1, 2, 4};

}  // namespace

VideoSettings default_video_settings(QSize view_size) {
    VideoSettings settings;
    if (view_size.width() >= 2 && view_size.height() >= 2) settings.size = even_video_size(view_size);
    return settings;
}

VideoSettingsDialog::VideoSettingsDialog(const VideoSettings& defaults, QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Export Video of Playback"));
    auto* form = new QFormLayout(this);
    size_preset_ = new QComboBox(this);
    size_preset_->addItem(tr("View (%1 x %2)").arg(defaults.size.width()).arg(defaults.size.height()), defaults.size);
    size_preset_->addItem(QStringLiteral("1280 x 720 (720p)"), QSize(1280, 720));
    size_preset_->addItem(QStringLiteral("1920 x 1080 (1080p)"), QSize(1920, 1080));
    size_preset_->addItem(tr("Custom"), QSize());
    form->addRow(tr("Size:"), size_preset_);
    auto* custom = new QHBoxLayout;
    width_ = new QSpinBox(this);
    height_ = new QSpinBox(this);
    for (QSpinBox* side : {width_, height_}) {
        side->setRange(2, max_video_side);
        side->setSingleStep(2);
        custom->addWidget(side);
    }
    custom->insertWidget(1, new QLabel(QStringLiteral("x"), this));
    width_->setValue(defaults.size.width());
    height_->setValue(defaults.size.height());
    form->addRow(tr("Pixels:"), custom);
    frames_per_second_ = new QSpinBox(this);
    frames_per_second_->setRange(1, 240);
    frames_per_second_->setSuffix(tr(" fps"));
    frames_per_second_->setValue(defaults.frames_per_second);
    form->addRow(tr("Frame rate:"), frames_per_second_);
    speed_ = new QComboBox(this);
    for (double speed : speeds)
        speed_->addItem(speed == 1 ? tr("1x (real time)") : QStringLiteral("%1x").arg(speed), speed);
    speed_->setCurrentIndex(speed_->findData(defaults.speed) >= 0 ? speed_->findData(defaults.speed) : 3);
    speed_->setToolTip(tr("Recorded seconds per second of video"));
    form->addRow(tr("Playback speed:"), speed_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(size_preset_, &QComboBox::currentIndexChanged, this, [this] {
        const QSize preset = size_preset_->currentData().toSize();
        if (preset.isEmpty()) return;
        QSignalBlocker block_width(width_), block_height(height_);
        width_->setValue(preset.width());
        height_->setValue(preset.height());
    });
    auto to_custom = [this] { size_preset_->setCurrentIndex(size_preset_->count() - 1); };
    connect(width_, &QSpinBox::valueChanged, this, to_custom);
    connect(height_, &QSpinBox::valueChanged, this, to_custom);
}

VideoSettings VideoSettingsDialog::settings() const {
    VideoSettings settings;
    settings.size = even_video_size(QSize(width_->value(), height_->value()));
    settings.frames_per_second = frames_per_second_->value();
    settings.speed = speed_->currentData().toDouble();
    return settings;
}

VideoExportAction::VideoExportAction(ModelViewer* viewer, PlaybackSource source, SimulationController* controller,
                                     StudioPrompts* prompts, QWidget* window)
    : QObject(window),
      viewer_(viewer),
      source_(std::move(source)),
      controller_(controller),
      prompts_(prompts),
      window_(window),
      exporter_(new VideoExporter(viewer, this)) {
    setObjectName(QStringLiteral("VideoExportAction"));
    ask_settings = [this](const VideoSettings& defaults) -> std::optional<VideoSettings> {
        VideoSettingsDialog dialog(defaults, window_);
        if (dialog.exec() != QDialog::Accepted) return std::nullopt;
        return dialog.settings();
    };
}

void VideoExportAction::addToMenu(QMenu* export_menu) {
    QAction* action = export_menu->addAction(tr("&Video of playback..."), this, &VideoExportAction::exportVideo);
    action->setEnabled(viewer_ != nullptr);
    action->setToolTip(tr("Replays the recording frame by frame into an MP4 video (ffmpeg)"));
}

void VideoExportAction::exportVideo() {
    const auto report = [this](const QString& message) {
        if (prompts_->error) prompts_->error(tr("Export Video"), message);
    };
    // Said before any question: without ffmpeg nothing else happens.
    if (const QString missing = VideoExporter::missingProgramMessage(QStringLiteral("ffmpeg")); !missing.isEmpty())
        return report(missing);
    if (!source_.row_count || source_.row_count() == 0)
        return report(tr("Nothing is recorded yet: run the simulation first."));
    const std::optional<VideoSettings> settings =
        ask_settings(default_video_settings(viewer_ ? viewer_->size() : QSize()));
    if (!settings) return;
    QString path = prompts_->export_path
                       ? prompts_->export_path(
                             {tr("Export Video of Playback"), QStringLiteral("playback.mp4"), tr("MP4 video (*.mp4)")})
                       : QString();
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".mp4");
    start(path, *settings);
}

bool VideoExportAction::start(const QString& path, const VideoSettings& settings) {
    if (controller_ && controller_->isRunning()) controller_->pause();  // the recording stays as it is
    QString error;
    if (!exporter_->start(path, settings, source_, &error)) {
        if (prompts_->error) prompts_->error(tr("Export Video"), error);
        return false;
    }
    auto* progress = new QProgressDialog(tr("Rendering %1 frames...").arg(exporter_->frameCount()), tr("Cancel"), 0,
                                         exporter_->frameCount(), window_);
    progress->setObjectName(QStringLiteral("VideoExportProgress"));
    progress->setWindowTitle(tr("Export Video"));
    progress->setWindowModality(Qt::WindowModal);
    progress->setAutoReset(false);
    progress->setAutoClose(false);
    progress->setMinimumDuration(500);
    progress->setAttribute(Qt::WA_DeleteOnClose);
    connect(exporter_, &VideoExporter::progress, progress, [progress](int written, int count) {
        progress->setValue(written);
        if (written == count) progress->setLabelText(tr("Finishing the video..."));
    });
    connect(progress, &QProgressDialog::canceled, exporter_, &VideoExporter::cancel);
    connect(
        exporter_, &VideoExporter::finished, progress,
        [this, progress](bool ok, const QString& message) {
            progress->disconnect(exporter_);
            progress->close();
            if (ok) emit statusMessage(tr("Exported %1").arg(message));
            else if (!exporter_->isRunning() && message != tr("cancelled") && prompts_->error)
                prompts_->error(tr("Export Video"), message);
        },
        Qt::SingleShotConnection);
    return true;
}

}  // namespace hfd::studio
