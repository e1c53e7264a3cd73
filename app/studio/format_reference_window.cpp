#include "format_reference_window.h"

#include "studio_resources.h"

#include <QAbstractTextDocumentLayout>
#include <QEvent>
#include <QFile>
#include <QHBoxLayout>
#include <QScrollBar>
#include <QSplitter>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextBrowser>
#include <QTreeWidget>

namespace hfd::studio {

namespace {
const QString reference_resource = QStringLiteral(":/docs/format_reference.md");
constexpr int block_number_role = Qt::UserRole;

// Markdown code blocks come out as plain monospace text; a shaded background
// sets the examples apart from the prose around them.
void shade_code_blocks(QTextDocument* document, const QColor& background) {
    QTextBlockFormat shaded;
    shaded.setBackground(background);
    shaded.setLeftMargin(8);
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
        if (!block.blockFormat().hasProperty(QTextFormat::BlockCodeFence)) continue;
        QTextCursor cursor(block);
        cursor.mergeBlockFormat(shaded);
    }
}
}  // namespace

QString format_reference_text() {
    ensure_studio_resources();
    QFile file(reference_resource);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

FormatReferenceWindow::FormatReferenceWindow(QWidget* parent) : QDialog(parent) {
    setObjectName(QStringLiteral("FormatReferenceWindow"));
    setWindowTitle(tr("Format Reference \u2014 hfd-studio"));
    setModal(false);
    contents_ = new QTreeWidget(this);
    contents_->setHeaderHidden(true);
    browser_ = new QTextBrowser(this);
    browser_->setOpenExternalLinks(true);
    browser_->setMarkdown(format_reference_text());
    shade_code_blocks(browser_->document(), palette().color(QPalette::AlternateBase));

    auto* splitter = new QSplitter(this);
    splitter->addWidget(contents_);
    splitter->addWidget(browser_);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({230, 770});
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);
    resize(1000, 750);

    fillContents();
    connect(contents_, &QTreeWidget::itemClicked, this, &FormatReferenceWindow::scrollToHeading);
    connect(contents_, &QTreeWidget::itemActivated, this, &FormatReferenceWindow::scrollToHeading);
}

void FormatReferenceWindow::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange)
        shade_code_blocks(browser_->document(), palette().color(QPalette::AlternateBase));
    QDialog::changeEvent(event);
}

// Level-2 headings (sections) hold their level-3 headings (components, forces,
// integrators); the title (level 1) is left out, it is the whole document.
void FormatReferenceWindow::fillContents() {
    QTreeWidgetItem* section = nullptr;
    for (QTextBlock block = browser_->document()->begin(); block.isValid(); block = block.next()) {
        const int level = block.blockFormat().headingLevel();
        if (level != 2 && level != 3) continue;
        QTreeWidgetItem* item = level == 3 && section ? new QTreeWidgetItem(section) : new QTreeWidgetItem(contents_);
        item->setText(0, block.text());
        item->setData(0, block_number_role, block.blockNumber());
        if (level == 2) section = item;
    }
    contents_->expandAll();
}

void FormatReferenceWindow::scrollToHeading(QTreeWidgetItem* item) {
    QTextDocument* document = browser_->document();
    const QTextBlock block = document->findBlockByNumber(item->data(0, block_number_role).toInt());
    if (!block.isValid()) return;
    const QRectF rect = document->documentLayout()->blockBoundingRect(block);
    browser_->verticalScrollBar()->setValue(int(rect.top()));
}

}  // namespace hfd::studio
