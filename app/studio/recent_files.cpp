#include "recent_files.h"

#include "studio_settings.h"

#include <QDir>
#include <QFileInfo>
#include <QMenu>

namespace hfd::studio {

namespace {
const QString settings_key = QStringLiteral("recentFiles");
}

RecentFiles::RecentFiles(QObject* parent, bool persistent) : QObject(parent), persistent_(persistent) {
    if (persistent_) files_ = open_settings()->value(settings_key).toStringList();
    while (files_.size() > max_count) files_.removeLast();
}

void RecentFiles::add(const QString& path) {
    QString absolute = QFileInfo(path).absoluteFilePath();
    files_.removeAll(absolute);
    files_.prepend(absolute);
    while (files_.size() > max_count) files_.removeLast();
    store();
}

void RecentFiles::remove(const QString& path) {
    if (files_.removeAll(QFileInfo(path).absoluteFilePath()) > 0) store();
}

void RecentFiles::clear() {
    files_.clear();
    store();
}

void RecentFiles::store() {
    if (persistent_) open_settings()->setValue(settings_key, files_);
    emit changed();
}

void RecentFiles::fillMenu(QMenu* menu) {
    menu->clear();
    int number = 1;
    for (const QString& file : files_) {
        QString label = QStringLiteral("&%1  %2").arg(number % 10).arg(QDir::toNativeSeparators(file));
        QAction* action = menu->addAction(label);
        action->setEnabled(QFileInfo::exists(file));
        connect(action, &QAction::triggered, this, [this, file] { emit openRequested(file); });
        ++number;
    }
    if (files_.isEmpty()) menu->addAction(tr("(no recent files)"))->setEnabled(false);
    menu->addSeparator();
    QAction* clear_action = menu->addAction(tr("&Clear Recent Files"));
    clear_action->setEnabled(!files_.isEmpty());
    connect(clear_action, &QAction::triggered, this, &RecentFiles::clear);
}

}  // namespace hfd::studio
