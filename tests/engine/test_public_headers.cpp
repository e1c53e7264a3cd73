// The engine's public API is the header list of docs/architecture.md ("Public and
// internal headers"): the front ends (app/, editor/, viewer/, bench/, python/)
// include engine headers from that list only.
#include <QDirIterator>
#include <QMap>
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QtTest>

#include <functional>

namespace {

const QString source_dir = QStringLiteral(HFD_SOURCE_DIR);

// "folder/header.h" of every table row: the backticked folders of the first cell,
// the backticked headers of the second (a header belongs to any folder of its row).
QSet<QString> public_headers() {
    QFile file(source_dir + "/docs/architecture.md");
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) return {};
    const QString text = QString::fromUtf8(file.readAll());
    const qsizetype start = text.indexOf("## Public and internal headers");
    if (start < 0) return {};
    const QStringList lines = text.mid(start).split(u'\n');
    const QRegularExpression ticked(QStringLiteral("`([^`]+)`"));
    QSet<QString> headers;
    for (const QString& line : lines.mid(1)) {
        if (line.startsWith("## ")) break;
        const QStringList cells = line.split(u'|');
        if (cells.size() < 4) continue;
        QStringList folders, names;
        for (auto it = ticked.globalMatch(cells[1]); it.hasNext();) folders << it.next().captured(1);
        for (auto it = ticked.globalMatch(cells[2]); it.hasNext();) names << it.next().captured(1);
        for (const QString& folder : folders)
            if (folder.endsWith(u'/'))
                for (const QString& name : names)
                    if (name.endsWith(".h")) headers.insert(folder + name);
    }
    return headers;
}

QSet<QString> engine_folders() {
    QSet<QString> folders;
    for (const QString& name : QDir(source_dir + "/engine").entryList(QDir::Dirs | QDir::NoDotAndDotDot))
        folders.insert(name);
    return folders;
}

}  // namespace

class TestPublicHeaders : public QObject {
    Q_OBJECT
private slots:
    void theListIsRead() {
        const QSet<QString> headers = public_headers();
        QVERIFY2(headers.contains("sim/simulation.h") && headers.contains("run/run.h"), "no header table");
        for (const QString& header : headers)
            QVERIFY2(QFile::exists(source_dir + "/engine/" + header), qPrintable(header + " is listed but absent"));
    }

    void frontEndsIncludeOnlyPublicHeaders() {
        const QSet<QString> headers = public_headers(), folders = engine_folders();
        const QRegularExpression include(QStringLiteral(R"re(^\s*#\s*include\s+"(([a-z_]+)/[A-Za-z0-9_]+\.h)")re"),
                                         QRegularExpression::MultilineOption);
        QStringList internal;
        int files = 0;
        for (const char* front_end : {"app", "editor", "viewer", "bench", "python"}) {
            QDirIterator it(source_dir + "/" + front_end, {"*.cpp", "*.h"}, QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                QFile file(it.next());
                QVERIFY(file.open(QIODevice::ReadOnly | QIODevice::Text));
                ++files;
                const QString text = QString::fromUtf8(file.readAll());
                for (auto match = include.globalMatch(text); match.hasNext();) {
                    const auto m = match.next();
                    if (folders.contains(m.captured(2)) && !headers.contains(m.captured(1)))
                        internal << QDir(source_dir).relativeFilePath(file.fileName()) + ": " + m.captured(1);
                }
            }
        }
        QVERIFY(files > 50);
        QVERIFY2(internal.isEmpty(), qPrintable("internal engine headers in front ends:\n" + internal.join(u'\n')));
    }

    // Includes between engine folders point one way: the graph of "folder A
    // includes a header of folder B" has no cycle (docs/architecture.md gives the order).
    void engineFoldersIncludeOneWay() {
        const QSet<QString> folders = engine_folders();
        const QRegularExpression include(QStringLiteral(R"re(^\s*#\s*include\s+"([a-z_]+)/[A-Za-z0-9_]+\.h")re"),
                                         QRegularExpression::MultilineOption);
        QMap<QString, QSet<QString>> uses;
        for (const QString& folder : folders) {
            QDirIterator it(source_dir + "/engine/" + folder, {"*.cpp", "*.h"}, QDir::Files);
            while (it.hasNext()) {
                QFile file(it.next());
                QVERIFY(file.open(QIODevice::ReadOnly | QIODevice::Text));
                const QString text = QString::fromUtf8(file.readAll());
                for (auto match = include.globalMatch(text); match.hasNext();) {
                    const QString used = match.next().captured(1);
                    if (used != folder && folders.contains(used)) uses[folder].insert(used);
                }
            }
        }
        QVERIFY(uses.value("sim").contains("forces"));  // the graph was read
        // depth-first search; a folder met again while on the path closes a cycle
        QStringList path;
        QSet<QString> done;
        std::function<QString(const QString&)> cycle_from = [&](const QString& folder) -> QString {
            if (path.contains(folder)) return (path.mid(path.indexOf(folder)) << folder).join(" -> ");
            if (done.contains(folder)) return {};
            path << folder;
            QStringList next = uses.value(folder).values();
            next.sort();
            for (const QString& used : next)
                if (const QString cycle = cycle_from(used); !cycle.isEmpty()) return cycle;
            path.removeLast();
            done.insert(folder);
            return {};
        };
        QStringList all = folders.values();
        all.sort();
        for (const QString& folder : all) {
            const QString cycle = cycle_from(folder);
            QVERIFY2(cycle.isEmpty(), qPrintable("engine folders include each other: " + cycle));
        }
    }
};

QTEST_APPLESS_MAIN(TestPublicHeaders)
#include "test_public_headers.moc"
