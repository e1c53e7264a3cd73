#include "video_export.h"

#include "offscreen_view.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTemporaryFile>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <sys/stat.h>
#include <filesystem>
#include <system_error>

namespace hfd::studio {

namespace {

constexpr qint64 max_pipe_frames = 4;  // frames ffmpeg may lag behind before the loop waits for it
constexpr int warm_up_frames = 60;     // Qt3D uploads the scene over a few frames; stop waiting after these
constexpr int stable_frames = 3;       // identical captures of the first pose in a row: the scene is complete
constexpr int stderr_tail_lines = 12;

}  // namespace

std::vector<size_t> video_frame_rows(const std::vector<double>& row_times, int frames_per_second, double speed) {
    std::vector<size_t> rows;
    if (row_times.empty() || frames_per_second <= 0 || !(speed > 0)) return rows;
    const double start = row_times.front(), duration = row_times.back() - start;
    const double frame_step = speed / frames_per_second;  // recorded seconds per frame
    const size_t count = size_t(std::floor(duration / frame_step + 1e-9)) + 1;
    rows.reserve(count);
    size_t row = 0;
    for (size_t k = 0; k < count; ++k) {
        const double time = start + double(k) * frame_step;
        const double tolerance = 1e-9 * std::max(1.0, std::abs(time));  // a row at the frame's time is shown
        while (row + 1 < row_times.size() && row_times[row + 1] <= time + tolerance) ++row;
        rows.push_back(row);
    }
    return rows;
}

bool apply_default_permissions(const QString& path, QString* error) {
    // umask can only be read by setting it: set it back at once (the GUI thread creates no files meanwhile)
    const mode_t mask = ::umask(0);
    ::umask(mask);
    if (::chmod(QFile::encodeName(path).constData(), 0666 & ~mask) == 0) return true;
    if (error)
        *error =
            QObject::tr("cannot set the permissions of %1: %2").arg(path, QString::fromLocal8Bit(std::strerror(errno)));
    return false;
}

QSize even_video_size(QSize size) { return QSize(std::max(2, size.width() & ~1), std::max(2, size.height() & ~1)); }

QStringList ffmpeg_arguments(QSize size, int frames_per_second, const QString& output) {
    QStringList arguments{QStringLiteral("-hide_banner"),
                          QStringLiteral("-nostats"),
                          QStringLiteral("-loglevel"),
                          QStringLiteral("error"),
                          QStringLiteral("-y"),
                          QStringLiteral("-f"),
                          QStringLiteral("rawvideo"),
                          QStringLiteral("-pix_fmt"),
                          QStringLiteral("rgba"),
                          QStringLiteral("-s"),
                          QStringLiteral("%1x%2").arg(size.width()).arg(size.height()),
                          QStringLiteral("-r"),
                          QString::number(frames_per_second),
                          QStringLiteral("-i"),
                          QStringLiteral("-"),
                          QStringLiteral("-an"),
                          QStringLiteral("-c:v"),
                          QStringLiteral("libx264"),
                          QStringLiteral("-pix_fmt"),
                          QStringLiteral("yuv420p"),
                          QStringLiteral("-crf"),
                          QStringLiteral("18")};
    const QString suffix = QFileInfo(output).suffix().toLower();
    if (suffix == QLatin1String("mp4") || suffix == QLatin1String("mov"))
        arguments << QStringLiteral("-movflags") << QStringLiteral("+faststart");  // playable while it downloads
    arguments << output;
    return arguments;
}

QString VideoExporter::missingProgramMessage(const QString& program) {
    if (!QStandardPaths::findExecutable(program).isEmpty() || QFileInfo(program).isExecutable()) return {};
    return tr("'%1' is not installed: the video is encoded by ffmpeg. Install it (Debian: apt-get install ffmpeg) "
              "and export again.")
        .arg(program);
}

VideoExporter::VideoExporter(ModelViewer* viewer, QObject* parent) : QObject(parent), viewer_(viewer) {}

VideoExporter::~VideoExporter() {
    if (process_) {
        process_->disconnect(this);
        process_->kill();
        process_->waitForFinished();  // the kill ends it; a zombie would keep the file open
    }
}

bool VideoExporter::start(const QString& path, const VideoSettings& settings, const PlaybackSource& source,
                          QString* error) {
    if (running_) return (*error = tr("a video export is already under way"), false);
    if (const QString missing = missingProgramMessage(program_); !missing.isEmpty()) return (*error = missing, false);
    if (settings.size.width() < 2 || settings.size.height() < 2 || settings.size.width() % 2 ||
        settings.size.height() % 2)
        return (
            *error =
                tr("the video size %1x%2 must be even numbers").arg(settings.size.width()).arg(settings.size.height()),
            false);
    if (settings.frames_per_second <= 0 || !(settings.speed > 0))
        return (*error = tr("the frame rate and the playback speed must be positive"), false);
    const size_t rows = source.row_count ? source.row_count() : 0;
    if (rows == 0) return (*error = tr("nothing is recorded yet: run the simulation first"), false);
    std::vector<double> times(rows);
    for (size_t r = 0; r < rows; ++r) times[r] = source.pose_at(r).time;
    if (!viewer_) return (*error = tr("there is no 3D view to render the video"), false);
    view_ = viewer_->createOffscreenView(settings.size);
    if (!view_) return (*error = tr("the 3D view cannot render offscreen (no OpenGL, or another export runs)"), false);

    const QFileInfo target(path);
    temporary_ = std::make_unique<QTemporaryFile>(
        target.dir().filePath(QStringLiteral(".%1-XXXXXX.partial.%2").arg(target.completeBaseName(), target.suffix())));
    if (!temporary_->open()) {
        *error = tr("cannot write in %1: %2").arg(target.absolutePath(), temporary_->errorString());
        view_.reset();
        temporary_.reset();
        return false;
    }
    temporary_->close();  // ffmpeg writes it; QTemporaryFile removes it unless renamed

    path_ = path;
    source_ = source;
    frame_rows_ = video_frame_rows(times, settings.frames_per_second, settings.speed);
    next_frame_ = 0;
    cancelled_ = waiting_for_pipe_ = false;
    stderr_.clear();
    running_ = true;

    process_ = new QProcess(this);
    connect(process_, &QProcess::readyReadStandardError, this, [this] {
        stderr_ += process_->readAllStandardError();
        if (stderr_.size() > 64 * 1024) stderr_ = stderr_.right(16 * 1024);
    });
    connect(process_, &QProcess::bytesWritten, this, [this] {
        if (waiting_for_pipe_ &&
            process_->bytesToWrite() < max_pipe_frames * qint64(view_->size().width()) * view_->size().height() * 4) {
            waiting_for_pipe_ = false;
            requestNextFrame();
        }
    });
    connect(process_, &QProcess::finished, this, &VideoExporter::onProcessFinished);
    connect(process_, &QProcess::errorOccurred, this, &VideoExporter::onProcessError);
    process_->start(program_, ffmpeg_arguments(settings.size, settings.frames_per_second, temporary_->fileName()));

    connect(view_.get(), &OffscreenView::frameRendered, this, &VideoExporter::onFrameRendered);
    warming_ = true;
    warm_frames_ = warm_same_ = 0;
    warm_previous_ = QImage();
    view_->render(source_.pose_at(frame_rows_.front()));
    return true;
}

void VideoExporter::requestNextFrame() {
    if (!running_ || cancelled_ || !view_) return;
    view_->render(source_.pose_at(frame_rows_[size_t(next_frame_)]));
}

// The first pose is rendered until the picture stops changing (meshes and the
// render target are set up over the first frames); then every frame is final
// in the frame that renders its pose.
void VideoExporter::onFrameRendered(const QImage& image) {
    // a capture can answer after the export ended, or before ffmpeg is started
    if (!running_ || cancelled_ || !process_ || !view_) return;
    if (warming_) {
        warm_same_ = image == warm_previous_ ? warm_same_ + 1 : 0;
        warm_previous_ = image;
        if (warm_same_ < stable_frames - 1 && ++warm_frames_ < warm_up_frames) {
            requestNextFrame();
            return;
        }
        warming_ = false;
        warm_previous_ = QImage();
    }
    writeFrame(image);
}

void VideoExporter::writeFrame(const QImage& image) {
    if (!running_ || cancelled_ || !process_ || !view_) return;
    if (image.size() != view_->size()) return finish(false, tr("the 3D view rendered a frame of the wrong size"));
    process_->write(reinterpret_cast<const char*>(image.constBits()), image.sizeInBytes());
    emit frameWritten(next_frame_, image);
    ++next_frame_;
    emit progress(next_frame_, frameCount());
    if (!running_ || cancelled_) return;  // a receiver cancelled
    if (next_frame_ == frameCount()) {
        process_->closeWriteChannel();  // ffmpeg finishes the file and exits: onProcessFinished
        return;
    }
    if (process_->bytesToWrite() >= max_pipe_frames * image.sizeInBytes()) waiting_for_pipe_ = true;
    else requestNextFrame();
}

void VideoExporter::cancel() {
    if (!running_ || cancelled_) return;
    cancelled_ = true;
    if (process_->state() == QProcess::NotRunning) return finish(false, tr("cancelled"));
    process_->kill();  // onProcessFinished removes the partial file
}

void VideoExporter::onProcessError(QProcess::ProcessError error) {
    if (error != QProcess::FailedToStart || !running_) return;  // the others end in finished()
    finish(false, tr("cannot run %1: %2").arg(program_, process_->errorString()));
}

void VideoExporter::onProcessFinished(int exit_code, QProcess::ExitStatus status) {
    if (!running_) return;
    stderr_ += process_->readAllStandardError();
    if (cancelled_) return finish(false, tr("cancelled"));
    if (status != QProcess::NormalExit || exit_code != 0 || next_frame_ < frameCount()) {
        const QString how = status != QProcess::NormalExit ? tr("crashed") : tr("exited with code %1").arg(exit_code);
        return finish(
            false,
            tr("ffmpeg %1 after %2 of %3 frames:\n%4").arg(how).arg(next_frame_).arg(frameCount()).arg(errorTail()));
    }
    // rename(2) replaces the target atomically: a reader sees the old file or the whole new one.
    std::error_code renamed;
    std::filesystem::rename(QFile::encodeName(temporary_->fileName()).toStdString(),
                            QFile::encodeName(path_).toStdString(), renamed);
    if (renamed)
        return finish(false,
                      tr("cannot rename the video to %1: %2").arg(path_, QString::fromStdString(renamed.message())));
    temporary_->setAutoRemove(false);  // it is the target now
    QString mode_error;
    if (!apply_default_permissions(path_, &mode_error)) return finish(false, mode_error);
    finish(true, path_);
}

void VideoExporter::finish(bool ok, const QString& message) {
    if (!running_) return;
    running_ = false;
    if (process_) {
        process_->disconnect(this);
        if (process_->state() != QProcess::NotRunning) {
            process_->kill();
            process_->waitForFinished();  // follows the kill at once; the file must be closed before removal
        }
        process_->deleteLater();
        process_ = nullptr;
    }
    if (temporary_ && temporary_->autoRemove()) temporary_->remove();
    temporary_.reset();
    view_.reset();  // the view shows its own poses again
    source_ = {};
    emit finished(ok, message);
}

QString VideoExporter::errorTail() const {
    QStringList lines = QString::fromLocal8Bit(stderr_).split(u'\n', Qt::SkipEmptyParts);
    if (lines.size() > stderr_tail_lines) lines = lines.mid(lines.size() - stderr_tail_lines);
    return lines.isEmpty() ? tr("(ffmpeg printed nothing)") : lines.join(u'\n');
}

}  // namespace hfd::studio
