#pragma once
// The recent files as File > Open Recent lists them.
#include "recent_files.h"

#include <QAction>
#include <QDir>
#include <QMenu>

namespace studio_test {

// The files of the menu RecentFiles fills, newest first (entries read "&N  path").
inline QStringList recent_menu_paths(hfd::studio::RecentFiles& recent) {
    QMenu menu;
    recent.fillMenu(&menu);
    QStringList paths;
    for (const QAction* action : menu.actions()) {
        if (action->isSeparator()) break;
        const qsizetype gap = action->text().indexOf(QStringLiteral("  "));
        if (gap > 0) paths << QDir::fromNativeSeparators(action->text().mid(gap + 2));
    }
    return paths;
}

}  // namespace studio_test
