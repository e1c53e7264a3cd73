#pragma once
// The .hfd text editor: line numbers, syntax highlighting, current line,
// bracket matching, auto-indent, comment toggle (Ctrl+/), diagnostics shown
// as wavy underlines with tooltips, and search match highlighting.
#include "format/diagnostic.h"
#include "hfd_highlighter.h"

#include <QPlainTextEdit>
#include <QPointer>
#include <QTextDocument>
#include <vector>

namespace hfd::editor {

// Spaces a tab advances in the studio's text views (the model text, the scenario text).
inline constexpr int tab_width = 4;

class CodeEditor : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit CodeEditor(QWidget* parent = nullptr);

    // Replaces the document (the editor does not take ownership) and attaches
    // a highlighter to it.
    void setTextDocument(QTextDocument* document);

    // Underlines each diagnostic's line:col (1-based, UTF-8 byte column);
    // diagnostics without a line are ignored.
    void setDiagnostics(const std::vector<Diagnostic>& diagnostics);

    // Highlights every occurrence of `text` (empty clears).
    void setSearchHighlight(const QString& text, QTextDocument::FindFlags flags);

    void goToLineColumn(int line, int utf8_column);
    void selectRange(int from, int to);  // document positions; scrolls to it

    QAction* toggleCommentAction() const { return toggle_comment_action_; }
    int lineNumberAreaWidth() const;

public slots:
    void toggleComment();
    void indentSelection(bool unindent);

signals:
    void cursorLineColumnChanged(int line, int column);  // 1-based, in characters

protected:
    void resizeEvent(QResizeEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool event(QEvent* event) override;

private:
    friend class LineNumberArea;
    void paintLineNumbers(QPaintEvent* event);
    void updateLineNumberArea(const QRect& rect, int dy);
    void updateExtraSelections();
    void insertNewlineWithIndent();
    QList<QTextEdit::ExtraSelection> bracketSelections() const;
    QString diagnosticAt(int position) const;
    bool hasDarkBase() const;  // the palette's text background is dark (dark theme)

    QWidget* line_number_area_ = nullptr;
    QPointer<HfdHighlighter> highlighter_;
    QAction* toggle_comment_action_ = nullptr;
    QList<QTextEdit::ExtraSelection> diagnostic_selections_;
    QList<QTextEdit::ExtraSelection> search_selections_;
    QStringList diagnostic_messages_;  // parallel to diagnostic_selections_
};

}  // namespace hfd::editor
