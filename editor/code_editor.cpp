#include "code_editor.h"

#include "hfd_highlighter.h"
#include "text_edit_ops.h"
#include "text_positions.h"

#include <QAction>
#include <QFontDatabase>
#include <QHelpEvent>
#include <QPainter>
#include <QTextBlock>
#include <QToolTip>

namespace hfd::editor {

class LineNumberArea : public QWidget {
public:
    explicit LineNumberArea(CodeEditor* editor) : QWidget(editor), editor_(editor) {}
    QSize sizeHint() const override { return {editor_->lineNumberAreaWidth(), 0}; }

protected:
    void paintEvent(QPaintEvent* event) override { editor_->paintLineNumbers(event); }

private:
    CodeEditor* editor_;
};

namespace {

constexpr int max_search_highlights = 2000;

bool is_word_char(QChar c) {
    return c.isLetterOrNumber() || c == u'_' || c == u'.' || c == u'-' || c == u'+' || c == u'$';
}

QColor severity_color(Severity severity) {
    switch (severity) {
        case Severity::Error: return QColor(0xd0, 0x20, 0x20);
        case Severity::Warning: return QColor(0xe0, 0x90, 0x00);
        case Severity::Note: return QColor(0x30, 0x70, 0xd0);
    }
    return Qt::red;
}

// The span to underline for a diagnostic at `position`: the word there, or one
// character (the last of the line when the position is at its end).
QTextCursor underline_cursor(QTextDocument* document, int position) {
    QTextBlock block = document->findBlock(position);
    QString text = block.text();
    int column = position - block.position();
    int start = column, end = column;
    if (column >= text.size()) {
        start = qMax(0, int(text.size()) - 1);
        end = text.size();
    } else if (is_word_char(text[column])) {
        while (end < text.size() && is_word_char(text[end])) ++end;
    } else {
        end = column + 1;
    }
    QTextCursor cursor(document);
    cursor.setPosition(block.position() + start);
    cursor.setPosition(block.position() + end, QTextCursor::KeepAnchor);
    return cursor;
}

QString leading_whitespace(const QString& line) {
    int i = 0;
    while (i < line.size() && (line[i] == u' ' || line[i] == u'\t')) ++i;
    return line.left(i);
}

}  // namespace

CodeEditor::CodeEditor(QWidget* parent) : QPlainTextEdit(parent) {
    line_number_area_ = new LineNumberArea(this);
    QFont font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    setFont(font);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setTextDocument(document());

    toggle_comment_action_ = new QAction(tr("Toggle &Comment"), this);
    toggle_comment_action_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Slash));
    toggle_comment_action_->setShortcutContext(Qt::WidgetShortcut);
    connect(toggle_comment_action_, &QAction::triggered, this, &CodeEditor::toggleComment);
    addAction(toggle_comment_action_);

    connect(this, &QPlainTextEdit::blockCountChanged, this,
            [this] { setViewportMargins(lineNumberAreaWidth(), 0, 0, 0); });
    connect(this, &QPlainTextEdit::updateRequest, this, &CodeEditor::updateLineNumberArea);
    connect(this, &QPlainTextEdit::cursorPositionChanged, this, [this] {
        updateExtraSelections();
        QTextCursor cursor = textCursor();
        emit cursorLineColumnChanged(cursor.blockNumber() + 1, cursor.positionInBlock() + 1);
    });
    setViewportMargins(lineNumberAreaWidth(), 0, 0, 0);
    updateExtraSelections();
}

void CodeEditor::setTextDocument(QTextDocument* text_document) {
    if (highlighter_ && highlighter_->document() == text_document) return;
    delete highlighter_;  // before setDocument, which may delete the editor's own document
    if (text_document != document()) setDocument(text_document);
    // The tab width lives in the document: set it for every document shown.
    setTabStopDistance(tab_width * fontMetrics().horizontalAdvance(u' '));
    highlighter_ = new HfdHighlighter(text_document);
    highlighter_->setDarkBackground(hasDarkBase());
    text_document->setDefaultFont(font());
    diagnostic_selections_.clear();
    diagnostic_messages_.clear();
    search_selections_.clear();
    setViewportMargins(lineNumberAreaWidth(), 0, 0, 0);
    updateExtraSelections();
}

int CodeEditor::lineNumberAreaWidth() const {
    int digits = QString::number(qMax(1, blockCount())).size();
    return 12 + fontMetrics().horizontalAdvance(u'9') * qMax(3, digits);
}

void CodeEditor::resizeEvent(QResizeEvent* event) {
    QPlainTextEdit::resizeEvent(event);
    QRect area = contentsRect();
    line_number_area_->setGeometry(QRect(area.left(), area.top(), lineNumberAreaWidth(), area.height()));
}

void CodeEditor::updateLineNumberArea(const QRect& rect, int dy) {
    if (dy) line_number_area_->scroll(0, dy);
    else line_number_area_->update(0, rect.y(), line_number_area_->width(), rect.height());
}

void CodeEditor::paintLineNumbers(QPaintEvent* event) {
    QPainter painter(line_number_area_);
    QColor background = palette().color(QPalette::Window);
    painter.fillRect(event->rect(), background);
    QSet<int> error_lines, warning_lines;
    for (const auto& selection : diagnostic_selections_) {
        int line = selection.cursor.block().blockNumber();
        (selection.format.underlineColor() == severity_color(Severity::Error) ? error_lines : warning_lines)
            .insert(line);
    }
    QTextBlock block = firstVisibleBlock();
    int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
    int bottom = top + qRound(blockBoundingRect(block).height());
    const int current = textCursor().blockNumber();
    const int width = line_number_area_->width();
    while (block.isValid() && top <= event->rect().bottom()) {
        if (block.isVisible() && bottom >= event->rect().top()) {
            int number = block.blockNumber();
            if (error_lines.contains(number) || warning_lines.contains(number)) {
                QColor mark = severity_color(error_lines.contains(number) ? Severity::Error : Severity::Warning);
                painter.fillRect(0, top, 3, bottom - top, mark);
            }
            QColor text_color = palette().color(QPalette::PlaceholderText);
            if (number == current) text_color = palette().color(QPalette::WindowText);
            painter.setPen(text_color);
            painter.drawText(0, top, width - 6, fontMetrics().height(), Qt::AlignRight, QString::number(number + 1));
        }
        block = block.next();
        top = bottom;
        bottom = top + qRound(blockBoundingRect(block).height());
    }
}

void CodeEditor::setDiagnostics(const std::vector<Diagnostic>& diagnostics) {
    diagnostic_selections_.clear();
    diagnostic_messages_.clear();
    for (const Diagnostic& diagnostic : diagnostics) {
        int position = position_from_line_column(document(), diagnostic.location.line, diagnostic.location.column);
        if (position < 0) continue;
        QTextEdit::ExtraSelection selection;
        selection.cursor = underline_cursor(document(), position);
        selection.format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
        selection.format.setUnderlineColor(severity_color(diagnostic.severity));
        selection.format.setToolTip(QString::fromStdString(diagnostic.message));
        diagnostic_selections_ << selection;
        diagnostic_messages_ << QString::fromStdString(diagnostic.message);
    }
    updateExtraSelections();
    line_number_area_->update();
}

void CodeEditor::setSearchHighlight(const QString& text, QTextDocument::FindFlags flags) {
    search_selections_.clear();
    if (!text.isEmpty()) {
        QTextCharFormat format;
        format.setBackground(hasDarkBase() ? QColor(0x6b, 0x5a, 0x10) : QColor(0xff, 0xe0, 0x70));
        QTextCursor cursor(document());
        while (search_selections_.size() < max_search_highlights) {
            cursor = document()->find(text, cursor, flags & ~QTextDocument::FindBackward);
            if (cursor.isNull()) break;
            search_selections_ << QTextEdit::ExtraSelection{cursor, format};
        }
    }
    updateExtraSelections();
}

QList<QTextEdit::ExtraSelection> CodeEditor::bracketSelections() const {
    QList<QTextEdit::ExtraSelection> selections;
    const QString text = document()->toPlainText();
    int position = textCursor().position();
    BracketMatch match = match_bracket(text, position);
    if (match.bracket < 0 && position > 0) match = match_bracket(text, position - 1);
    if (match.bracket < 0) return selections;
    QTextCharFormat format;
    if (hasDarkBase()) format.setBackground(match.mismatched ? QColor(0x7a, 0x28, 0x28) : QColor(0x2a, 0x60, 0x38));
    else format.setBackground(match.mismatched ? QColor(0xff, 0xa0, 0xa0) : QColor(0xa0, 0xe0, 0xa0));
    format.setFontWeight(QFont::Bold);
    for (int bracket : {match.bracket, match.partner}) {
        if (bracket < 0) continue;
        QTextCursor cursor(document());
        cursor.setPosition(bracket);
        cursor.setPosition(bracket + 1, QTextCursor::KeepAnchor);
        selections << QTextEdit::ExtraSelection{cursor, format};
    }
    return selections;
}

void CodeEditor::updateExtraSelections() {
    QList<QTextEdit::ExtraSelection> selections;
    if (!isReadOnly()) {
        QTextEdit::ExtraSelection line;
        line.format.setBackground(hasDarkBase() ? QColor(0x2a, 0x30, 0x3a) : QColor(0xf2, 0xf6, 0xff));
        line.format.setProperty(QTextFormat::FullWidthSelection, true);
        line.cursor = textCursor();
        line.cursor.clearSelection();
        selections << line;
    }
    selections << search_selections_ << bracketSelections() << diagnostic_selections_;
    setExtraSelections(selections);
}

QString CodeEditor::diagnosticAt(int position) const {
    QStringList messages;
    for (int i = 0; i < diagnostic_selections_.size(); ++i) {
        const QTextCursor& cursor = diagnostic_selections_[i].cursor;
        if (position >= cursor.selectionStart() && position <= cursor.selectionEnd())
            messages << diagnostic_messages_[i];
    }
    return messages.join(u'\n');
}

bool CodeEditor::hasDarkBase() const { return palette().color(QPalette::Base).lightness() < 128; }

bool CodeEditor::event(QEvent* event) {
    if (event->type() == QEvent::PaletteChange) {  // a theme switch: colours that read on the new background
        if (highlighter_) highlighter_->setDarkBackground(hasDarkBase());
        updateExtraSelections();
    }
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        QPoint point = help->pos() - QPoint(viewportMargins().left(), 0);
        QString message = diagnosticAt(cursorForPosition(point).position());
        if (message.isEmpty()) QToolTip::hideText();
        else QToolTip::showText(help->globalPos(), message, this);
        return true;
    }
    return QPlainTextEdit::event(event);
}

void CodeEditor::goToLineColumn(int line, int utf8_column) {
    int position = position_from_line_column(document(), line, utf8_column);
    if (position < 0) return;
    QTextCursor cursor(document());
    cursor.setPosition(position);
    setTextCursor(cursor);
    centerCursor();
    setFocus();
}

void CodeEditor::selectRange(int from, int to) {
    int size = document()->characterCount() - 1;
    QTextCursor cursor(document());
    cursor.setPosition(qBound(0, to, size));
    ensureCursorVisible();
    cursor.setPosition(qBound(0, from, size), QTextCursor::KeepAnchor);
    setTextCursor(cursor);
    ensureCursorVisible();
}

void CodeEditor::toggleComment() {
    QTextCursor cursor = textCursor();
    QTextBlock first = document()->findBlock(cursor.selectionStart());
    QTextBlock last = document()->findBlock(cursor.selectionEnd());
    if (cursor.hasSelection() && last != first && cursor.selectionEnd() == last.position())
        last = last.previous();  // selection ends at the start of a line: that line is not included
    QStringList lines;
    for (QTextBlock block = first; block.isValid(); block = block.next()) {
        lines << block.text();
        if (block == last) break;
    }
    QStringList toggled = toggle_line_comments(lines);
    if (toggled == lines) return;
    QTextCursor edit(document());
    edit.beginEditBlock();
    edit.setPosition(first.position());
    edit.setPosition(last.position() + last.length() - 1, QTextCursor::KeepAnchor);
    edit.insertText(toggled.join(u'\n'));
    edit.endEditBlock();
    QTextCursor selection(document());
    selection.setPosition(first.position());
    selection.setPosition(edit.position(), QTextCursor::KeepAnchor);
    setTextCursor(selection);
}

void CodeEditor::indentSelection(bool unindent) {
    QTextCursor cursor = textCursor();
    QTextBlock first = document()->findBlock(cursor.selectionStart());
    QTextBlock last = document()->findBlock(cursor.selectionEnd());
    if (cursor.hasSelection() && last != first && cursor.selectionEnd() == last.position()) last = last.previous();
    QTextCursor edit(document());
    edit.beginEditBlock();
    for (QTextBlock block = first; block.isValid(); block = block.next()) {
        edit.setPosition(block.position());
        if (!unindent) {
            edit.insertText(QStringLiteral("\t"));
        } else if (block.text().startsWith(u'\t')) {
            edit.deleteChar();
        } else {
            for (int i = 0; i < 4 && block.text().startsWith(u' '); ++i) edit.deleteChar();
        }
        if (block == last) break;
    }
    edit.endEditBlock();
    QTextCursor selection(document());
    selection.setPosition(first.position());
    selection.setPosition(last.position() + last.length() - 1, QTextCursor::KeepAnchor);
    setTextCursor(selection);
}

void CodeEditor::insertNewlineWithIndent() {
    QTextCursor cursor = textCursor();
    QString before = cursor.block().text().left(cursor.positionInBlock());
    QString indent = leading_whitespace(cursor.block().text());
    QString trimmed = before.trimmed();
    if (trimmed.endsWith(u'{') || trimmed.endsWith(u'[')) indent += u'\t';
    cursor.beginEditBlock();
    cursor.insertText(QStringLiteral("\n") + indent);
    cursor.endEditBlock();
    setTextCursor(cursor);
}

void CodeEditor::keyPressEvent(QKeyEvent* event) {
    if (isReadOnly()) return QPlainTextEdit::keyPressEvent(event);
    const bool has_multiline_selection =
        textCursor().hasSelection() &&
        document()->findBlock(textCursor().selectionStart()) != document()->findBlock(textCursor().selectionEnd());
    if ((event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) &&
        !(event->modifiers() & Qt::ShiftModifier)) {
        insertNewlineWithIndent();
        return;
    }
    if (event->key() == Qt::Key_Tab && has_multiline_selection) {
        indentSelection(false);
        return;
    }
    if (event->key() == Qt::Key_Backtab) {
        indentSelection(true);
        return;
    }
    if (event->text() == QStringLiteral("}") || event->text() == QStringLiteral("]")) {
        // A closing bracket typed on a line of only whitespace (or none) lines up with
        // the line of the bracket it closes.
        QTextCursor cursor = textCursor();
        const QString before = cursor.block().text().left(cursor.positionInBlock());
        const std::optional<QString> indent = open_bracket_indent(toPlainText(), cursor.position());
        if (before.trimmed().isEmpty() && !cursor.hasSelection() && indent && *indent != before) {
            cursor.beginEditBlock();
            cursor.movePosition(QTextCursor::StartOfBlock, QTextCursor::KeepAnchor);
            cursor.insertText(*indent + event->text());
            cursor.endEditBlock();
            setTextCursor(cursor);
            return;
        }
    }
    QPlainTextEdit::keyPressEvent(event);
}

}  // namespace hfd::editor
