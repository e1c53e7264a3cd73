#pragma once
// File > Export > Video of playback...: asks the frame rate, size and playback
// speed (VideoSettingsDialog) and the file, then runs a VideoExporter behind a
// cancellable progress dialog. ffmpeg missing or failing is said in a message box.
#include "video_export.h"

#include <QDialog>
#include <QObject>
#include <functional>
#include <optional>

class QComboBox;
class QMenu;
class QSpinBox;
class QWidget;

namespace hfd::studio {

class SimulationController;
struct StudioPrompts;

// The defaults: 30 fps, the view's size rounded to even numbers, 1x real time.
VideoSettings default_video_settings(QSize view_size);

class VideoSettingsDialog : public QDialog {
    Q_OBJECT
public:
    VideoSettingsDialog(const VideoSettings& defaults, QWidget* parent = nullptr);
    VideoSettings settings() const;

private:
    QComboBox* size_preset_;
    QSpinBox *width_, *height_, *frames_per_second_;
    QComboBox* speed_;
};

class VideoExportAction : public QObject {
    Q_OBJECT
public:
    VideoExportAction(ModelViewer* viewer, PlaybackSource source, SimulationController* controller,
                      StudioPrompts* prompts, QWidget* window);
    void addToMenu(QMenu* export_menu);

    // Asks the settings (nullopt: cancelled); the dialog unless replaced (tests).
    std::function<std::optional<VideoSettings>(const VideoSettings& defaults)> ask_settings;

    // The whole interactive export: settings, file, progress.
    void exportVideo();
    // Starts an export to `path` behind the progress dialog; false with the
    // reason shown (prompts' error) when it cannot start.
    bool start(const QString& path, const VideoSettings& settings);

signals:
    void statusMessage(const QString& message);

private:
    ModelViewer* viewer_;
    PlaybackSource source_;
    SimulationController* controller_;
    StudioPrompts* prompts_;
    QWidget* window_;
    VideoExporter* exporter_;
};

}  // namespace hfd::studio
