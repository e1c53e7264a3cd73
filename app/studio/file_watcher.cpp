#include "file_watcher.h"

#include "document.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>

namespace hfd::studio {

namespace {
constexpr int settle_ms = 150;
}

FileWatcher::FileWatcher(Document* document, QObject* parent) : QObject(parent), document_(document) {
    settle_.setSingleShot(true);
    settle_.setInterval(settle_ms);
    connect(&settle_, &QTimer::timeout, this, &FileWatcher::check);
    connect(&watcher_, &QFileSystemWatcher::fileChanged, this, &FileWatcher::scheduleCheck);
    connect(&watcher_, &QFileSystemWatcher::directoryChanged, this, &FileWatcher::scheduleCheck);
    connect(document_, &Document::pathChanged, this, &FileWatcher::watch);
    connect(document_, &Document::contentReplaced, this, &FileWatcher::acknowledge);
    connect(document_, &Document::fileWritten, this, &FileWatcher::acknowledge);
    watch(document_->path());
}

QByteArray FileWatcher::digest(const QString& path, bool* exists) {
    QFile file(path);
    *exists = file.open(QIODevice::ReadOnly);
    if (!*exists) return {};
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(&file);
    return hash.result();
}

void FileWatcher::watch(const QString& path) {
    if (!watcher_.files().isEmpty()) watcher_.removePaths(watcher_.files());
    if (!watcher_.directories().isEmpty()) watcher_.removePaths(watcher_.directories());
    path_ = path;
    if (path_.isEmpty()) return;
    rewatch();
    acknowledge();
}

void FileWatcher::rewatch() {
    if (path_.isEmpty()) return;
    const QString directory = QFileInfo(path_).absolutePath();
    if (!watcher_.directories().contains(directory)) watcher_.addPath(directory);
    if (!watcher_.files().contains(path_) && QFileInfo::exists(path_)) watcher_.addPath(path_);
}

void FileWatcher::acknowledge() {
    if (path_.isEmpty()) return;
    known_digest_ = digest(path_, &known_exists_);
    rewatch();
}

void FileWatcher::scheduleCheck() {
    if (!path_.isEmpty()) settle_.start();
}

void FileWatcher::check() {
    rewatch();  // a rename over the file ended its watch
    bool exists = false;
    const QByteArray now = digest(path_, &exists);
    if (!exists && known_exists_) {
        known_exists_ = false;
        known_digest_.clear();
        emit removedFromDisk(path_);
    } else if (exists && now != known_digest_) {
        emit changedOnDisk(path_);
    }
    emit checked();
}

}  // namespace hfd::studio
