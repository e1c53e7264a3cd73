#include "hfd_highlighter.h"

#include "model/build_model.h"
#include "sim/components.h"

#include <QRegularExpression>
#include <QSet>

namespace hfd::editor {

namespace {

bool is_word_char(QChar c) {
    if (c.isSpace()) return false;
    switch (c.unicode()) {
        case '{':
        case '}':
        case '[':
        case ']':
        case '=':
        case '"':
        case '#': return false;
        default: return true;
    }
}

bool is_number_or_range(QStringView word) {
    static const QRegularExpression pattern(
        R"(^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?(\.\.[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?)?$)");
    return pattern.match(word).hasMatch();
}

// Index of the first non-space character at or after `from`, or line.size().
int skip_spaces(QStringView line, int from) {
    while (from < line.size() && line[from].isSpace()) ++from;
    return from;
}

// Position just after the closing quote (or the end of the line).
int string_end(QStringView line, int open_quote) {
    int i = open_quote + 1;
    while (i < line.size()) {
        if (line[i] == u'\\' && i + 1 < line.size()) {
            i += 2;
            continue;
        }
        if (line[i] == u'"') return i + 1;
        ++i;
    }
    return i;
}

// Classifies the unquoted word line[start, end).
TokenKind classify_word(QStringView line, int start, int end, bool* plain) {
    *plain = false;
    QStringView word = line.mid(start, end - start);
    if (word.startsWith(u'$')) return TokenKind::Variable;
    if (is_number_or_range(word)) return TokenKind::Number;
    int next = skip_spaces(line, end);
    bool is_key = next < line.size() && (line[next] == u'=' || line[next] == u'{' || line[next] == u'[');
    if (is_key) return is_component_name(word) ? TokenKind::Component : TokenKind::Key;
    *plain = true;
    return TokenKind::Key;
}

}  // namespace

bool is_component_name(QStringView key) {
    // model components, force components and integrators from the engine's
    // tables, and the block that holds the forces
    static const QSet<QString> names = [] {
        QSet<QString> all = {QStringLiteral("composite_force")};
        for (std::string_view name : model_component_names())
            all.insert(QString::fromUtf8(name.data(), qsizetype(name.size())));
        for (const ComponentInfo& component : component_table())
            all.insert(QString::fromUtf8(component.name.data(), qsizetype(component.name.size())));
        return all;
    }();
    return names.contains(key.toString());
}

std::vector<TokenSpan> tokenize_line(QStringView line, bool& in_block_comment) {
    std::vector<TokenSpan> spans;
    int i = 0;
    const int n = int(line.size());
    while (i < n) {
        if (in_block_comment) {
            int close = int(line.indexOf(u"*/", i));
            int end = close < 0 ? n : close + 2;
            spans.push_back({i, end - i, TokenKind::Comment});
            if (close >= 0) in_block_comment = false;
            i = end;
            continue;
        }
        QChar c = line[i];
        if (c.isSpace() || c == u'=') {
            ++i;
            continue;
        }
        if (c == u'#') {
            spans.push_back({i, n - i, TokenKind::Comment});
            break;
        }
        if (c == u'/' && i + 1 < n && line[i + 1] == u'*') {
            in_block_comment = true;
            spans.push_back({i, 2, TokenKind::Comment});
            i += 2;
            // The rest is handled as the inside of the comment; merge the spans.
            int close = int(line.indexOf(u"*/", i));
            int end = close < 0 ? n : close + 2;
            spans.back().length = end - spans.back().start;
            if (close >= 0) in_block_comment = false;
            i = end;
            continue;
        }
        if (c == u'"') {
            int end = string_end(line, i);
            spans.push_back({i, end - i, TokenKind::String});
            i = end;
            continue;
        }
        if (c == u'{' || c == u'}' || c == u'[' || c == u']') {
            spans.push_back({i, 1, TokenKind::Bracket});
            ++i;
            continue;
        }
        int end = i;
        while (end < n && is_word_char(line[end]) && !(line[end] == u'/' && end + 1 < n && line[end + 1] == u'*'))
            ++end;
        bool plain = false;
        TokenKind kind = classify_word(line, i, end, &plain);
        if (!plain) spans.push_back({i, end - i, kind});
        i = end;
    }
    return spans;
}

HfdHighlighter::HfdHighlighter(QTextDocument* document) : QSyntaxHighlighter(document) { makeFormats(); }

void HfdHighlighter::setDarkBackground(bool dark) {
    if (dark == dark_) return;
    dark_ = dark;
    makeFormats();
    rehighlight();
}

// Each kind keeps its hue in both themes; the dark set is lighter and less
// saturated so that it reads on a dark grey background (contrast >= 4.5:1 on
// #1e1e1e, and the light set on white).
void HfdHighlighter::makeFormats() {
    auto make = [](QColor color, bool bold = false, bool italic = false) {
        QTextCharFormat format;
        format.setForeground(color);
        if (bold) format.setFontWeight(QFont::Bold);
        format.setFontItalic(italic);
        return format;
    };
    auto pick = [this](QRgb light, QRgb dark) { return QColor(dark_ ? dark : light); };
    formats_[int(TokenKind::Comment)] = make(pick(0x5a7a5a, 0x8fb08f), false, true);
    formats_[int(TokenKind::Key)] = make(pick(0x1f4e99, 0x8cb4f0));
    formats_[int(TokenKind::Component)] = make(pick(0x802090, 0xd291e0), true);
    formats_[int(TokenKind::Number)] = make(pick(0x098658, 0x7fd1a8));
    formats_[int(TokenKind::String)] = make(pick(0xa31515, 0xf09a8a));
    formats_[int(TokenKind::Variable)] = make(pick(0xa05500, 0xf0b060), true);
    formats_[int(TokenKind::Bracket)] = make(pick(0x505050, 0xb8b8b8));
}

void HfdHighlighter::highlightBlock(const QString& text) {
    bool in_block_comment = previousBlockState() == 1;
    for (const TokenSpan& span : tokenize_line(text, in_block_comment))
        setFormat(span.start, span.length, formats_[int(span.kind)]);
    setCurrentBlockState(in_block_comment ? 1 : 0);
}

}  // namespace hfd::editor
