#pragma once
// Syntax highlighting of .hfd / .zml text: comments (# and /* */), keys,
// component names (body, joint, composite_force, *_integrator...), numbers and
// ranges, quoted strings and $variables.
#include <QStringView>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>
#include <vector>

namespace hfd::editor {

enum class TokenKind { Comment, Key, Component, Number, String, Variable, Bracket };

struct TokenSpan {
    int start = 0;  // UTF-16 index in the line
    int length = 0;
    TokenKind kind = TokenKind::Key;
    bool operator==(const TokenSpan&) const = default;
};

// Spans of one line. `in_block_comment` is the state carried from the previous
// line and is updated to the state at the end of this line.
std::vector<TokenSpan> tokenize_line(QStringView line, bool& in_block_comment);

// True for keys that name a component of the model or of a simulation config.
bool is_component_name(QStringView key);

class HfdHighlighter : public QSyntaxHighlighter {
    Q_OBJECT
public:
    explicit HfdHighlighter(QTextDocument* document);
    // Colours for a dark editor background (light text) or a light one; rehighlights on change.
    void setDarkBackground(bool dark);

protected:
    void highlightBlock(const QString& text) override;

private:
    void makeFormats();

    QTextCharFormat formats_[7];
    bool dark_ = false;
};

}  // namespace hfd::editor
