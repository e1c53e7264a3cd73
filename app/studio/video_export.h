#pragma once
// Video of the recording's playback: the recorded poses at a frame rate and
// playback speed of the user's choice, each rendered offscreen by the 3D view
// at the video's size and piped as raw RGBA frames into ffmpeg (H.264,
// yuv420p). ffmpeg writes a temporary file next to the target, renamed onto it
// once ffmpeg has finished well; a failure or a cancel removes it.
//
// The frame loop is driven by events only: a frame is requested, Qt3D renders
// it (GUI thread), the capture's completion writes it to ffmpeg's stdin, and
// the next frame is requested at once or, when ffmpeg lags, on bytesWritten.
#include "model_viewer.h"

#include <QImage>
#include <QObject>
#include <QProcess>
#include <QSize>
#include <QString>
#include <QStringList>
#include <functional>
#include <memory>
#include <vector>

class QTemporaryFile;

namespace hfd {
class OffscreenView;
}

namespace hfd::studio {

struct VideoSettings {
    QSize size{1280, 720};  // even width and height (yuv420p)
    int frames_per_second = 30;
    double speed = 1;  // recorded seconds per video second
};

// The recording as the timeline replays it.
struct PlaybackSource {
    std::function<size_t()> row_count;
    std::function<PoseSnapshot(size_t row)> pose_at;  // its .time is the row's recorded time
};

// The recorded row each video frame shows: frame k shows time t0 + k speed / fps
// (the last row at or before it), from the first row's time t0 up to the last's.
std::vector<size_t> video_frame_rows(const std::vector<double>& row_times, int frames_per_second, double speed);

// Gives a file the mode a newly created file gets (0666 less the umask), as other
// exports have: the temporary file renamed onto the target was created 0600.
bool apply_default_permissions(const QString& path, QString* error);

// The size rounded down to even numbers (at least 2 x 2), as yuv420p needs.
QSize even_video_size(QSize size);

// ffmpeg's command line: raw RGBA frames on stdin, H.264 in yuv420p to `output`.
QStringList ffmpeg_arguments(QSize size, int frames_per_second, const QString& output);

class VideoExporter : public QObject {
    Q_OBJECT
public:
    explicit VideoExporter(ModelViewer* viewer, QObject* parent = nullptr);
    ~VideoExporter() override;

    // The encoder's program ("ffmpeg", looked up on PATH, by default).
    void setProgram(const QString& program) { program_ = program; }
    // Starts the export; false (nothing started, nothing written) with `error`
    // set when ffmpeg is missing, nothing is recorded, the size is odd or there
    // is no 3D view. Afterwards finished() comes exactly once.
    bool start(const QString& path, const VideoSettings& settings, const PlaybackSource& source, QString* error);
    void cancel();  // stops ffmpeg and removes the partial file; finished(false, ...) follows
    bool isRunning() const { return running_; }
    int frameCount() const { return int(frame_rows_.size()); }

    // "ffmpeg is not installed ..." when the program is not found, else empty.
    static QString missingProgramMessage(const QString& program);

signals:
    void progress(int frames_written, int frame_count);
    void frameWritten(int index, const QImage& image);  // the frame as sent to ffmpeg
    void finished(bool ok, const QString& message);     // message: the error, "cancelled", or the path written

private:
    void onFrameRendered(const QImage& image);
    void writeFrame(const QImage& image);
    void requestNextFrame();
    void onProcessFinished(int exit_code, QProcess::ExitStatus status);
    void onProcessError(QProcess::ProcessError error);
    void finish(bool ok, const QString& message);
    QString errorTail() const;

    ModelViewer* viewer_;
    QString program_ = QStringLiteral("ffmpeg");
    QString path_;
    PlaybackSource source_;
    std::vector<size_t> frame_rows_;  // per frame, the recorded row it shows
    std::unique_ptr<OffscreenView> view_;
    std::unique_ptr<QTemporaryFile> temporary_;
    QProcess* process_ = nullptr;
    QByteArray stderr_;
    QImage warm_previous_;
    int warm_frames_ = 0, warm_same_ = 0;
    bool warming_ = false, waiting_for_pipe_ = false, cancelled_ = false, running_ = false;
    int next_frame_ = 0;
};

}  // namespace hfd::studio
