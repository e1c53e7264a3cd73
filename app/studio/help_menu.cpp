#include "help_menu.h"

#include "file_actions.h"
#include "format_reference_window.h"

#include <QAction>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMenu>

namespace hfd::studio {

namespace {

constexpr int max_summary_length = 160;
// The header comment is at the top; no need to read a large model to find it.
constexpr qint64 header_bytes = 4096;

// The text of a `#` comment line, trimmed; a null string for other lines.
QString comment_text(const QString& line) {
    const QString trimmed = line.trimmed();
    if (!trimmed.startsWith(QLatin1Char('#'))) return {};
    return trimmed.mid(1).trimmed();
}

QString shortened(const QString& text) {
    if (text.size() <= max_summary_length) return text;
    QString cut = text.left(max_summary_length - 1);
    const int space = cut.lastIndexOf(QLatin1Char(' '));
    if (space > max_summary_length / 2) cut.truncate(space);
    return cut + QChar(0x2026);
}

QString read_header(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.read(header_bytes)) : QString();
}

}  // namespace

// The source tree's samples/ when the studio runs where it was built, else the
// installed <prefix>/share/hfd/samples beside <prefix>/bin (docs/install.md).
QString default_samples_directory() {
    const QString built = QStringLiteral(HFD_SAMPLES_DIR);
    if (QFileInfo(built).isDir()) return built;
    return QDir::cleanPath(QCoreApplication::applicationDirPath() + QStringLiteral("/../share/hfd/samples"));
}

QList<SampleFile> sample_files(const QString& directory) {
    QList<SampleFile> samples;
    const QDir dir(directory);
    if (directory.isEmpty() || !dir.exists()) return samples;
    const QFileInfoList files = dir.entryInfoList({QStringLiteral("*.hfd")}, QDir::Files | QDir::Readable, QDir::Name);
    for (const QFileInfo& info : files) {
        const QString summary = sample_summary(read_header(info.filePath()));
        samples.append({info.absoluteFilePath(), info.completeBaseName(), summary});
    }
    // Scenarios one folder down (gait/gait.scone): the files that hold an objective,
    // not the controller and measure files they include.
    for (const QFileInfo& folder : dir.entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::Readable, QDir::Name)) {
        const QFileInfoList scenarios =
            QDir(folder.filePath())
                .entryInfoList({QStringLiteral("*.scone")}, QDir::Files | QDir::Readable, QDir::Name);
        for (const QFileInfo& info : scenarios) {
            const QString header = read_header(info.filePath());
            if (!header.contains(QLatin1String("SimulationObjective"))) continue;
            samples.append({info.absoluteFilePath(), folder.fileName() + QLatin1Char('/') + info.completeBaseName(),
                            sample_summary(header)});
        }
    }
    return samples;
}

QString sample_summary(const QString& text) {
    const QStringList lines = text.split(QLatin1Char('\n'));
    QString first = comment_text(lines.value(0));
    if (first.isNull()) return {};
    // "# name.hfd: what it shows" -> "what it shows"; other first lines ("Pendulum:
    // one rod ...") read well whole, the menu entry already names the file
    const int colon = first.indexOf(QLatin1Char(':'));
    if (colon >= 0 && first.left(colon).endsWith(QLatin1String(".hfd"), Qt::CaseInsensitive))
        first = first.mid(colon + 1).trimmed();
    QStringList parts;
    if (!first.isEmpty()) parts.append(first);
    for (int i = 1; i < lines.size(); ++i) {
        if (!parts.isEmpty() && parts.last().endsWith(QLatin1Char('.'))) break;
        const QString part = comment_text(lines[i]);
        if (part.isEmpty()) break;  // a blank comment line or the end of the comment
        parts.append(part);
    }
    return shortened(parts.join(QLatin1Char(' ')).simplified());
}

HelpMenu::HelpMenu(QMenu* help_menu, FileActions* file_actions, QWidget* window, const QString& samples_directory)
    : QObject(window), file_actions_(file_actions), window_(window), samples_directory_(samples_directory) {
    samples_menu_ = help_menu->addMenu(tr("&Samples"));
    samples_menu_->setObjectName(QStringLiteral("SamplesMenu"));
    samples_menu_->setToolTipsVisible(true);
    connect(samples_menu_, &QMenu::aboutToShow, this, &HelpMenu::refreshSamples);
    format_reference_ = help_menu->addAction(tr("&Format Reference"), this, &HelpMenu::showFormatReference);
    format_reference_->setObjectName(QStringLiteral("formatReferenceAction"));
    format_reference_->setShortcut(QKeySequence::HelpContents);
    format_reference_->setStatusTip(tr("Components, forces and integrators of the .hfd format"));
    help_menu->addSeparator();
    refreshSamples();
}

void HelpMenu::setSamplesDirectory(const QString& directory) {
    samples_directory_ = directory;
    refreshSamples();
}

void HelpMenu::refreshSamples() {
    samples_menu_->clear();
    const QList<SampleFile> samples = sample_files(samples_directory_);
    for (const SampleFile& sample : samples) {
        QString name = sample.name;
        QAction* action = samples_menu_->addAction(name.replace(QLatin1Char('&'), QStringLiteral("&&")));
        const QString tip = sample.summary.isEmpty() ? QFileInfo(sample.path).fileName() : sample.summary;
        action->setToolTip(tip);
        action->setStatusTip(tip);
        action->setData(sample.path);
        const QString path = sample.path;
        connect(action, &QAction::triggered, file_actions_, [this, path] { file_actions_->openPath(path); });
    }
    if (samples.isEmpty()) samples_menu_->addAction(tr("No samples found"))->setEnabled(false);
}

void HelpMenu::showFormatReference() {
    if (!reference_window_) reference_window_ = new FormatReferenceWindow(window_);
    reference_window_->show();
    reference_window_->raise();
    reference_window_->activateWindow();
}

}  // namespace hfd::studio
