#pragma once
// The File menu: New, Open, Open Recent, Save, Save As, Reload, Import
// OpenSim model, Quit. Asks before discarding unsaved changes.
#include "format/diagnostic.h"

#include <QObject>
#include <functional>
#include <optional>
#include <vector>

class QAction;
class QMenu;
class QWidget;

namespace hfd::studio {

class Document;
class FileWatcher;
class RecentFiles;
struct StudioPrompts;

class FileActions : public QObject {
    Q_OBJECT
public:
    FileActions(Document* document, RecentFiles* recent, StudioPrompts* prompts, QWidget* window);

    QAction* newAction() const { return new_; }
    QAction* openAction() const { return open_; }
    QAction* saveAction() const { return save_; }
    void addToMenu(QMenu* file_menu);

    // Files another part of the studio opens (a scenario, a .par): Open and Open
    // Recent offer each path to `route` first, which returns nullopt for paths it
    // does not take, else whether it opened them. A routed file does not replace the
    // document by itself, so Open asks about unsaved changes only for the others.
    void setOpenRoute(std::function<std::optional<bool>(const QString& path)> route) { route_ = std::move(route); }

    // The template model File > New starts from.
    static QString newModelTemplate();

public slots:
    // Each returns false when cancelled or failed (errors go to prompts->error).
    bool newDocument();
    bool open();
    bool openPath(const QString& path);
    // The document becomes the model file `path` (a scenario's) when no edit is lost: at
    // once without unsaved changes, else after the unsaved-changes prompt. False when the
    // document stays (Cancel, or the file cannot be read).
    bool openModelFile(const QString& path);
    bool save();
    bool saveAs();
    bool reload();
    bool importOsim();
    bool importOsimPath(const QString& path);
    // Asks about unsaved changes; true when it is fine to replace the document.
    bool maybeSave();

signals:
    // The conversion report of the last import (empty after New / Open).
    void importReportChanged(const std::vector<hfd::Diagnostic>& report);
    void statusMessage(const QString& message);

private:
    bool load(const QString& path);
    bool importFile(const QString& path);
    QString startDirectory() const;
    void rememberDirectory(const QString& path);
    void updateActions();
    void onChangedOnDisk();

    Document* document_;
    RecentFiles* recent_;
    StudioPrompts* prompts_;
    QWidget* window_;
    QAction *new_, *open_, *save_, *save_as_, *reload_, *import_, *quit_;
    QMenu* recent_menu_;
    FileWatcher* watcher_;
    bool asking_about_change_ = false;
    std::function<std::optional<bool>(const QString&)> route_;
};

}  // namespace hfd::studio
