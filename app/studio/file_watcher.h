#pragma once
// Notices when another program changes, replaces or deletes the document's
// file. Editors often save by writing a new file and renaming it over the old
// one, which ends a file watch: the watcher also watches the directory and
// watches the path again when it reappears. A change is the file's content
// differing from what the studio last read or wrote, so the studio's own
// (atomic) saves and touches that keep the content are not changes.
#include <QByteArray>
#include <QFileSystemWatcher>
#include <QObject>
#include <QTimer>

namespace hfd::studio {

class Document;

class FileWatcher : public QObject {
    Q_OBJECT
public:
    explicit FileWatcher(Document* document, QObject* parent = nullptr);

    // The file as it is now is what the document knows (after a load, a save,
    // or the user keeping the editor's text): no signal until it changes again.
    void acknowledge();

signals:
    void changedOnDisk(const QString& path);
    void removedFromDisk(const QString& path);
    void checked();  // after every look at the file, changed or not

private:
    void watch(const QString& path);
    void scheduleCheck();
    void check();
    void rewatch();
    static QByteArray digest(const QString& path, bool* exists);

    Document* document_;
    // A child object, so that what is watched can be looked up (findChild).
    QFileSystemWatcher watcher_{this};
    QTimer settle_;  // a writer's events (truncate, write, rename) come in bursts: look once after
    QString path_;
    QByteArray known_digest_;
    bool known_exists_ = false;
};

}  // namespace hfd::studio
