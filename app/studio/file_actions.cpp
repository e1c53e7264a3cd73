#include "file_actions.h"

#include "document.h"
#include "file_watcher.h"
#include "osim/osim_import.h"
#include "prompts.h"
#include "recent_files.h"
#include "studio_resources.h"
#include "studio_settings.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QIcon>
#include <QMenu>
#include <QStyle>
#include <QWidget>

namespace hfd::studio {

namespace {

const QString last_directory_key = QStringLiteral("lastDirectory");

QAction* make_action(QObject* parent, const QString& text, QKeySequence::StandardKey key, const QString& theme_icon,
                     QStyle::StandardPixmap fallback) {
    auto* action = new QAction(QIcon::fromTheme(theme_icon, qApp->style()->standardIcon(fallback)), text, parent);
    if (key != QKeySequence::UnknownKey) action->setShortcuts(key);
    return action;
}

}  // namespace

FileActions::FileActions(Document* document, RecentFiles* recent, StudioPrompts* prompts, QWidget* window)
    : QObject(window), document_(document), recent_(recent), prompts_(prompts), window_(window) {
    new_ = make_action(this, tr("&New"), QKeySequence::New, "document-new", QStyle::SP_FileIcon);
    open_ = make_action(this, tr("&Open..."), QKeySequence::Open, "document-open", QStyle::SP_DialogOpenButton);
    save_ = make_action(this, tr("&Save"), QKeySequence::Save, "document-save", QStyle::SP_DialogSaveButton);
    save_as_ =
        make_action(this, tr("Save &As..."), QKeySequence::SaveAs, "document-save-as", QStyle::SP_DialogSaveButton);
    reload_ = make_action(this, tr("&Reload"), QKeySequence::Refresh, "view-refresh", QStyle::SP_BrowserReload);
    import_ = make_action(this, tr("&Import OpenSim Model..."), QKeySequence::UnknownKey, "document-import",
                          QStyle::SP_ArrowRight);
    import_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I));
    quit_ = make_action(this, tr("&Quit"), QKeySequence::Quit, "application-exit", QStyle::SP_DialogCloseButton);
    if (quit_->shortcuts().isEmpty()) quit_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Q));
    quit_->setObjectName(QStringLiteral("quit"));  // the File menu's last entry: others go before it
    new_->setStatusTip(tr("Start a new model from a template"));
    reload_->setStatusTip(tr("Read the file again from disk"));
    import_->setStatusTip(tr("Convert an OpenSim .osim model into a new .hfd document"));

    recent_menu_ = new QMenu(tr("Open &Recent"), window);
    connect(recent_menu_, &QMenu::aboutToShow, this, [this] { recent_->fillMenu(recent_menu_); });
    connect(recent_, &RecentFiles::openRequested, this, &FileActions::openPath);

    connect(new_, &QAction::triggered, this, &FileActions::newDocument);
    connect(open_, &QAction::triggered, this, &FileActions::open);
    connect(save_, &QAction::triggered, this, &FileActions::save);
    connect(save_as_, &QAction::triggered, this, &FileActions::saveAs);
    connect(reload_, &QAction::triggered, this, &FileActions::reload);
    connect(import_, &QAction::triggered, this, &FileActions::importOsim);
    connect(quit_, &QAction::triggered, window_, &QWidget::close);
    connect(document_, &Document::pathChanged, this, &FileActions::updateActions);
    updateActions();

    watcher_ = new FileWatcher(document_, this);
    connect(watcher_, &FileWatcher::changedOnDisk, this, &FileActions::onChangedOnDisk);
    connect(watcher_, &FileWatcher::removedFromDisk, this, [this](const QString& path) {
        emit statusMessage(
            tr("%1 was deleted or moved by another program; Save writes it again").arg(QDir::toNativeSeparators(path)));
    });
}

// Another program changed the file. Without unsaved edits nothing is lost: it
// is read again at once (as a viewer next to an external editor should); with
// them the user decides, told that reloading loses them.
void FileActions::onChangedOnDisk() {
    if (asking_about_change_ || document_->isUntitled()) return;
    const QString path = document_->path();
    bool reload = !document_->isDirty();
    if (!reload) {
        asking_about_change_ = true;
        reload = prompts_->reload_changed_file && prompts_->reload_changed_file(document_->displayName());
        asking_about_change_ = false;
    }
    if (!reload) {
        watcher_->acknowledge();  // keep the editor's text; ask again only on a further change
        emit statusMessage(tr("%1 changed on disk; kept the studio's version").arg(QDir::toNativeSeparators(path)));
        return;
    }
    QString error;
    if (!document_->load(path, &error)) {
        watcher_->acknowledge();
        prompts_->error(tr("Reload failed"), error);
        return;
    }
    emit statusMessage(tr("Reloaded %1: changed on disk").arg(QDir::toNativeSeparators(path)));
}

void FileActions::addToMenu(QMenu* menu) {
    menu->addAction(new_);
    menu->addAction(open_);
    menu->addMenu(recent_menu_);
    menu->addSeparator();
    menu->addAction(save_);
    menu->addAction(save_as_);
    menu->addAction(reload_);
    menu->addSeparator();
    menu->addAction(import_);
    menu->addSeparator();
    menu->addAction(quit_);
}

QString FileActions::newModelTemplate() {
    ensure_studio_resources();
    QFile file(QStringLiteral(":/templates/new_model.hfd"));
    if (!file.open(QIODevice::ReadOnly)) return QStringLiteral("model {\n\tname = new_model\n}\n");
    return QString::fromUtf8(file.readAll());
}

void FileActions::updateActions() { reload_->setEnabled(!document_->isUntitled()); }

QString FileActions::startDirectory() const {
    if (!document_->isUntitled()) return QFileInfo(document_->path()).absolutePath();
    QString last = open_settings()->value(last_directory_key).toString();
    if (!last.isEmpty() && QDir(last).exists()) return last;
    return QDir::currentPath();
}

void FileActions::rememberDirectory(const QString& path) {
    open_settings()->setValue(last_directory_key, QFileInfo(path).absolutePath());
}

bool FileActions::maybeSave() {
    if (!document_->isDirty()) return true;
    switch (prompts_->unsaved_changes(document_->displayName())) {
        case UnsavedChoice::Save: return save();
        case UnsavedChoice::Discard: return true;
        case UnsavedChoice::Cancel: return false;
    }
    return false;
}

bool FileActions::newDocument() {
    if (!maybeSave()) return false;
    document_->setUntitled(newModelTemplate(), {}, false);
    emit importReportChanged({});
    return true;
}

bool FileActions::open() {
    const QString path = prompts_->open_path(startDirectory());
    return !path.isEmpty() && openPath(path);
}

bool FileActions::openPath(const QString& path) {
    if (route_)
        if (const std::optional<bool> routed = route_(path)) {
            if (*routed) {  // a scenario, a .par or a motion: in Open Recent as a model is
                recent_->add(path);
                rememberDirectory(path);
            }
            return *routed;
        }
    if (QFileInfo(path).suffix().compare(QStringLiteral("osim"), Qt::CaseInsensitive) == 0)
        return importOsimPath(path);  // converted into a new document, never read as model text
    return maybeSave() && load(path);
}

bool FileActions::openModelFile(const QString& path) {
    if (!document_->isUntitled() && QFileInfo(document_->path()) == QFileInfo(path))
        return true;  // already shown, with any unsaved edits
    if (!maybeSave()) return false;
    QString error;
    if (!document_->load(path, &error)) {
        prompts_->error(tr("Open failed"), error);
        return false;
    }
    emit importReportChanged({});
    return true;
}

bool FileActions::load(const QString& path) {
    QString error;
    if (!document_->load(path, &error)) {
        if (!QFileInfo::exists(path)) recent_->remove(path);
        prompts_->error(tr("Open failed"), error);
        return false;
    }
    recent_->add(path);
    rememberDirectory(path);
    emit importReportChanged({});
    emit statusMessage(tr("Opened %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

bool FileActions::save() {
    if (document_->isUntitled()) return saveAs();
    QString error;
    if (!document_->save(&error)) {
        prompts_->error(tr("Save failed"), error);
        return false;
    }
    emit statusMessage(tr("Saved %1").arg(QDir::toNativeSeparators(document_->path())));
    return true;
}

bool FileActions::saveAs() {
    QString suggested = document_->isUntitled() ? document_->suggestedPath() : document_->path();
    if (suggested.isEmpty()) suggested = QDir(startDirectory()).filePath(document_->displayName());
    QString path = prompts_->save_path(suggested);
    if (path.isEmpty()) return false;
    if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".hfd");
    QString error;
    if (!document_->saveAs(path, &error)) {
        prompts_->error(tr("Save failed"), error);
        return false;
    }
    recent_->add(path);
    rememberDirectory(path);
    emit statusMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

bool FileActions::reload() {
    if (document_->isUntitled() || !maybeSave()) return false;
    QString error;
    if (!document_->load(document_->path(), &error)) {
        prompts_->error(tr("Reload failed"), error);
        return false;
    }
    emit statusMessage(tr("Reloaded %1").arg(QDir::toNativeSeparators(document_->path())));
    return true;
}

bool FileActions::importOsim() {
    if (!maybeSave()) return false;
    QString path = prompts_->import_path(startDirectory());
    return !path.isEmpty() && importFile(path);
}

bool FileActions::importOsimPath(const QString& path) { return maybeSave() && importFile(path); }

bool FileActions::importFile(const QString& path) {
    OsimImportResult result = import_osim_file(QFile::encodeName(path).toStdString());
    emit importReportChanged(result.report);
    if (!result.ok) {
        prompts_->error(tr("Import failed"), tr("%1 could not be converted; see the Diagnostics for why.").arg(path));
        return false;
    }
    QFileInfo info(path);
    QString suggested = info.absoluteDir().filePath(info.completeBaseName() + QStringLiteral(".hfd"));
    document_->setUntitled(QString::fromStdString(result.text), suggested, true);
    rememberDirectory(path);
    emit statusMessage(tr("Imported %1 (%n note(s) in Diagnostics)", nullptr, int(result.report.size()))
                           .arg(QDir::toNativeSeparators(path)));
    return true;
}

}  // namespace hfd::studio
