#pragma once
// The most recently opened files, newest first, kept in the settings.
#include <QObject>
#include <QStringList>

class QMenu;

namespace hfd::studio {

class RecentFiles : public QObject {
    Q_OBJECT
public:
    static constexpr int max_count = 10;
    // persistent = false: the list lives in memory only (a one-off render, tests).
    explicit RecentFiles(QObject* parent = nullptr, bool persistent = true);

    void add(const QString& path);  // moves it to the front
    void remove(const QString& path);
    void clear();

    // Fills `menu` with one action per file (Ctrl+1..9 style numbering) and "Clear".
    void fillMenu(QMenu* menu);

signals:
    void openRequested(const QString& path);
    void changed();

private:
    void store();
    QStringList files_;
    bool persistent_ = true;
};

}  // namespace hfd::studio
