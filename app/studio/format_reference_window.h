#pragma once
// Help > Format Reference: docs/format_reference.md (compiled in as a
// resource) shown as rich text, with its headings as a clickable contents list.
// Non-modal, so it can stay open next to the editor.
#include <QDialog>

class QTextBrowser;
class QTreeWidget;
class QTreeWidgetItem;

namespace hfd::studio {

// The Markdown text of the reference (empty if the resource is missing).
QString format_reference_text();

class FormatReferenceWindow : public QDialog {
    Q_OBJECT
public:
    explicit FormatReferenceWindow(QWidget* parent = nullptr);

protected:
    void changeEvent(QEvent* event) override;  // a theme switch re-shades the code blocks

private:
    void fillContents();
    void scrollToHeading(QTreeWidgetItem* item);

    QTextBrowser* browser_;
    QTreeWidget* contents_;
};

}  // namespace hfd::studio
