#include "diagnostics_dock.h"

#include "format/repeated_diagnostics.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QFileInfo>
#include <QHeaderView>
#include <QStyle>
#include <QTreeWidget>

namespace hfd::studio {

namespace {

enum Column { SeverityColumn, LocationColumn, MessageColumn, SourceColumn };
enum Role { JumpLineRole = Qt::UserRole + 1, JumpColumnRole };

QString severity_name(Severity severity) {
    switch (severity) {
        case Severity::Error: return QObject::tr("error");
        case Severity::Warning: return QObject::tr("warning");
        case Severity::Note: return QObject::tr("note");
    }
    return {};
}

QIcon severity_icon(Severity severity) {
    QStyle* style = qApp->style();
    switch (severity) {
        case Severity::Error: return style->standardIcon(QStyle::SP_MessageBoxCritical);
        case Severity::Warning: return style->standardIcon(QStyle::SP_MessageBoxWarning);
        case Severity::Note: return style->standardIcon(QStyle::SP_MessageBoxInformation);
    }
    return {};
}

QString source_name(DiagnosticsDock::Source source) {
    switch (source) {
        case DiagnosticsDock::Source::Model: return QObject::tr("model");
        case DiagnosticsDock::Source::Import: return QObject::tr("import");
        case DiagnosticsDock::Source::Viewer: return QObject::tr("3D view");
    }
    return {};
}

QString location_text(const SourceLocation& location, bool in_edited_text) {
    QString text;
    if (!in_edited_text && !location.file.empty()) text = QFileInfo(QString::fromStdString(location.file)).fileName();
    if (location.line > 0) {
        if (!text.isEmpty()) text += u':';
        text += QString::number(location.line);
        if (location.column > 0) text += QStringLiteral(":%1").arg(location.column);
    }
    return text;
}

}  // namespace

DiagnosticsDock::DiagnosticsDock(QWidget* parent) : QDockWidget(tr("Diagnostics"), parent) {
    setObjectName(QStringLiteral("DiagnosticsDock"));
    list_ = new QTreeWidget(this);
    list_->setObjectName(QStringLiteral("diagnosticsList"));
    list_->setColumnCount(4);
    list_->setHeaderLabels({tr("Severity"), tr("Location"), tr("Message"), tr("Source")});
    list_->setRootIsDecorated(false);
    list_->setUniformRowHeights(true);
    list_->setAlternatingRowColors(true);
    list_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    list_->header()->setSectionResizeMode(MessageColumn, QHeaderView::Stretch);
    list_->header()->setStretchLastSection(false);
    list_->header()->setSectionResizeMode(SeverityColumn, QHeaderView::ResizeToContents);
    list_->header()->setSectionResizeMode(LocationColumn, QHeaderView::ResizeToContents);
    list_->header()->setSectionResizeMode(SourceColumn, QHeaderView::ResizeToContents);
    setWidget(list_);
    connect(list_, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem* item) { activate(item); });
    connect(list_, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) { activate(item); });

    auto* copy = new QAction(tr("Copy"), list_);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetShortcut);
    connect(copy, &QAction::triggered, this, &DiagnosticsDock::copySelection);
    list_->addAction(copy);
    list_->setContextMenuPolicy(Qt::ActionsContextMenu);
    rebuild();
}

void DiagnosticsDock::setDiagnostics(Source source, const std::vector<Diagnostic>& diagnostics) {
    entries_[source] = diagnostics;
    rebuild();
}

int DiagnosticsDock::errorCount() const {
    int errors = 0;
    for (const auto& [source, diagnostics] : entries_)
        for (const Diagnostic& diagnostic : diagnostics) errors += diagnostic.severity == Severity::Error;
    return errors;
}

void DiagnosticsDock::rebuild() {
    list_->clear();
    int errors = 0, warnings = 0;
    for (const auto& [source, diagnostics] : entries_) {
        const bool in_edited_text = source == Source::Model;
        for (const Diagnostic& diagnostic : diagnostics) {
            errors += diagnostic.severity == Severity::Error;
            warnings += diagnostic.severity == Severity::Warning;
        }
        // a model with thousands of one misspelt key lists ten of them and a count, as `hfd` prints them
        for (const Diagnostic& diagnostic : cap_repeated_diagnostics(diagnostics)) {
            auto* item = new QTreeWidgetItem(list_);
            item->setIcon(SeverityColumn, severity_icon(diagnostic.severity));
            item->setText(SeverityColumn, severity_name(diagnostic.severity));
            item->setText(LocationColumn, location_text(diagnostic.location, in_edited_text));
            item->setText(MessageColumn, QString::fromStdString(diagnostic.message));
            item->setToolTip(MessageColumn, QString::fromStdString(format_diagnostic(diagnostic)));
            item->setText(SourceColumn, source_name(source));
            if (in_edited_text && diagnostic.location.line > 0) {
                item->setData(0, JumpLineRole, diagnostic.location.line);
                item->setData(0, JumpColumnRole, diagnostic.location.column);
            }
        }
    }
    QString title = tr("Diagnostics");
    if (errors || warnings)
        title +=
            QStringLiteral(" (%1, %2)").arg(tr("%n error(s)", nullptr, errors), tr("%n warning(s)", nullptr, warnings));
    setWindowTitle(title);
}

void DiagnosticsDock::activate(QTreeWidgetItem* item) {
    if (!item) return;
    QVariant line = item->data(0, JumpLineRole);
    if (line.isValid()) emit locationActivated(line.toInt(), item->data(0, JumpColumnRole).toInt());
}

void DiagnosticsDock::copySelection() {
    QStringList lines;
    for (QTreeWidgetItem* item : list_->selectedItems())
        lines << QStringLiteral("%1\t%2\t%3")
                     .arg(item->text(LocationColumn), item->text(SeverityColumn), item->text(MessageColumn));
    QApplication::clipboard()->setText(lines.join(u'\n'));
}

}  // namespace hfd::studio
