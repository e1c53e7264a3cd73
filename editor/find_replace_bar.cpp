#include "find_replace_bar.h"

#include "code_editor.h"

#include <QCheckBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QStyle>
#include <QToolButton>

namespace hfd::editor {

namespace {
QToolButton* make_button(const QString& text, const QString& tip, QWidget* parent) {
    auto* button = new QToolButton(parent);
    button->setText(text);
    button->setToolTip(tip);
    button->setAutoRaise(true);
    return button;
}
}  // namespace

FindReplaceBar::FindReplaceBar(CodeEditor* editor, QWidget* parent) : QWidget(parent), editor_(editor) {
    find_edit_ = new QLineEdit(this);
    find_edit_->setObjectName(QStringLiteral("findText"));
    find_edit_->setPlaceholderText(tr("Find"));
    find_edit_->setClearButtonEnabled(true);
    replace_edit_ = new QLineEdit(this);
    replace_edit_->setObjectName(QStringLiteral("replaceText"));
    replace_edit_->setPlaceholderText(tr("Replace with"));
    case_box_ = new QCheckBox(tr("Aa"), this);
    case_box_->setObjectName(QStringLiteral("caseSensitive"));
    case_box_->setToolTip(tr("Match case"));
    words_box_ = new QCheckBox(tr("Whole words"), this);
    words_box_->setObjectName(QStringLiteral("wholeWords"));
    status_ = new QLabel(this);

    auto* previous = make_button(QStringLiteral("\u25b2"), tr("Find previous (Shift+F3)"), this);
    auto* next = make_button(QStringLiteral("\u25bc"), tr("Find next (F3)"), this);
    auto* close = make_button(QStringLiteral("\u2715"), tr("Close (Esc)"), this);
    auto* replace = make_button(tr("Replace"), tr("Replace this match and find the next"), this);
    auto* replace_all = make_button(tr("Replace All"), tr("Replace every match"), this);

    auto* layout = new QGridLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->setSpacing(4);
    layout->addWidget(find_edit_, 0, 0);
    auto* find_buttons = new QHBoxLayout;
    for (QWidget* widget : std::initializer_list<QWidget*>{previous, next, case_box_, words_box_, status_})
        find_buttons->addWidget(widget);
    find_buttons->addStretch();
    find_buttons->addWidget(close);
    layout->addLayout(find_buttons, 0, 1);
    replace_row_ = new QWidget(this);
    auto* replace_buttons = new QHBoxLayout(replace_row_);
    replace_buttons->setContentsMargins(0, 0, 0, 0);
    replace_buttons->addWidget(replace);
    replace_buttons->addWidget(replace_all);
    replace_buttons->addStretch();
    layout->addWidget(replace_edit_, 1, 0);
    layout->addWidget(replace_row_, 1, 1);
    // Room for a name or a value as typed in a model (about 24 characters): the buttons
    // give way first when the dock is narrow.
    const int field_width = find_edit_->fontMetrics().averageCharWidth() * 24;
    for (QLineEdit* field : {find_edit_, replace_edit_}) field->setMinimumWidth(field_width);
    layout->setColumnStretch(0, 2);
    layout->setColumnStretch(1, 3);

    connect(find_edit_, &QLineEdit::textChanged, this, [this] {
        updateHighlights();
        // Incremental search from the start of the current selection.
        QTextCursor cursor = editor_->textCursor();
        cursor.setPosition(cursor.selectionStart());
        editor_->setTextCursor(cursor);
        if (!find_edit_->text().isEmpty()) find(false);
    });
    connect(find_edit_, &QLineEdit::returnPressed, this, &FindReplaceBar::findNext);
    connect(replace_edit_, &QLineEdit::returnPressed, this, &FindReplaceBar::replaceCurrent);
    connect(previous, &QToolButton::clicked, this, &FindReplaceBar::findPrevious);
    connect(next, &QToolButton::clicked, this, &FindReplaceBar::findNext);
    connect(close, &QToolButton::clicked, this, &FindReplaceBar::closeBar);
    connect(replace, &QToolButton::clicked, this, &FindReplaceBar::replaceCurrent);
    connect(replace_all, &QToolButton::clicked, this, &FindReplaceBar::replaceAll);
    connect(case_box_, &QCheckBox::toggled, this, &FindReplaceBar::updateHighlights);
    connect(words_box_, &QCheckBox::toggled, this, &FindReplaceBar::updateHighlights);
    hide();
}

QTextDocument::FindFlags FindReplaceBar::findFlags() const {
    QTextDocument::FindFlags flags;
    if (case_box_->isChecked()) flags |= QTextDocument::FindCaseSensitively;
    if (words_box_->isChecked()) flags |= QTextDocument::FindWholeWords;
    return flags;
}

void FindReplaceBar::showFind() {
    QString selected = editor_->textCursor().selectedText();
    if (!selected.isEmpty() && !selected.contains(QChar::ParagraphSeparator)) {
        QSignalBlocker block(find_edit_);
        find_edit_->setText(selected);
    }
    replace_row_->hide();
    replace_edit_->hide();
    show();
    find_edit_->setFocus();
    find_edit_->selectAll();
    updateHighlights();
}

void FindReplaceBar::showReplace() {
    showFind();
    replace_row_->show();
    replace_edit_->show();
}

void FindReplaceBar::closeBar() {
    hide();
    editor_->setSearchHighlight({}, {});
    editor_->setFocus();
}

bool FindReplaceBar::find(bool backward) {
    const QString text = find_edit_->text();
    if (text.isEmpty()) return false;
    QTextDocument::FindFlags flags = findFlags();
    if (backward) flags |= QTextDocument::FindBackward;
    QTextDocument* document = editor_->document();
    QTextCursor found = document->find(text, editor_->textCursor(), flags);
    if (found.isNull()) {  // wrap around
        QTextCursor start(document);
        if (backward) start.movePosition(QTextCursor::End);
        found = document->find(text, start, flags);
    }
    if (found.isNull()) {
        status_->setText(tr("Not found"));
        return false;
    }
    status_->clear();
    editor_->setTextCursor(found);
    editor_->ensureCursorVisible();
    return true;
}

bool FindReplaceBar::findNext() { return find(false); }
bool FindReplaceBar::findPrevious() { return find(true); }

bool FindReplaceBar::selectionMatches() const {
    const QString selected = editor_->textCursor().selectedText();
    Qt::CaseSensitivity sensitivity = case_box_->isChecked() ? Qt::CaseSensitive : Qt::CaseInsensitive;
    return !selected.isEmpty() && selected.compare(find_edit_->text(), sensitivity) == 0;
}

bool FindReplaceBar::replaceCurrent() {
    if (!selectionMatches() && !findNext()) return false;
    QTextCursor cursor = editor_->textCursor();
    cursor.insertText(replace_edit_->text());
    editor_->setTextCursor(cursor);
    updateHighlights();
    findNext();
    return true;
}

int FindReplaceBar::replaceAll() {
    const QString text = find_edit_->text();
    if (text.isEmpty()) return 0;
    QTextDocument* document = editor_->document();
    QTextCursor edit(document);
    edit.beginEditBlock();
    int count = 0;
    QTextCursor found(document);
    while (true) {
        found = document->find(text, found, findFlags());
        if (found.isNull()) break;
        found.insertText(replace_edit_->text());
        ++count;
    }
    edit.endEditBlock();
    status_->setText(tr("%n replaced", nullptr, count));
    updateHighlights();
    return count;
}

void FindReplaceBar::updateHighlights() {
    editor_->setSearchHighlight(!isHidden() ? find_edit_->text() : QString(), findFlags());
}

void FindReplaceBar::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Escape) {
        closeBar();
        return;
    }
    if (event->key() == Qt::Key_F3) {
        event->modifiers() & Qt::ShiftModifier ? findPrevious() : findNext();
        return;
    }
    QWidget::keyPressEvent(event);
}

}  // namespace hfd::editor
