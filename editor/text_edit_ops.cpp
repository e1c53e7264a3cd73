#include "text_edit_ops.h"

#include <vector>

namespace hfd::editor {

namespace {

// Moves `i` past a comment or quoted string starting at text[i]; returns false
// when text[i] starts neither.
bool skip_comment_or_string(const QString& text, int& i) {
    const int n = int(text.size());
    if (text[i] == u'#') {
        while (i < n && text[i] != u'\n') ++i;
        return true;
    }
    if (text[i] == u'/' && i + 1 < n && text[i + 1] == u'*') {
        int close = int(text.indexOf(u"*/", i + 2));
        i = close < 0 ? n : close + 2;
        return true;
    }
    if (text[i] == u'"') {
        ++i;
        while (i < n && text[i] != u'"' && text[i] != u'\n') i += text[i] == u'\\' ? 2 : 1;
        i = qMin(i + 1, n);
        return true;
    }
    return false;
}

bool is_open(QChar c) { return c == u'{' || c == u'['; }
bool is_close(QChar c) { return c == u'}' || c == u']'; }
bool pairs(QChar open, QChar close) { return (open == u'{' && close == u'}') || (open == u'[' && close == u']'); }

}  // namespace

BracketMatch match_bracket(const QString& text, int position) {
    if (position < 0 || position >= text.size() || !(is_open(text[position]) || is_close(text[position]))) return {};
    std::vector<int> stack;
    bool open_at_position = false;
    int i = 0;
    const int n = int(text.size());
    while (i < n) {
        if (skip_comment_or_string(text, i)) continue;
        QChar c = text[i];
        if (is_open(c)) {
            stack.push_back(i);
            open_at_position |= i == position;
        } else if (is_close(c)) {
            int open = -1;
            if (!stack.empty()) {
                open = stack.back();
                stack.pop_back();
            }
            if (i == position) return {i, open, open < 0 || !pairs(text[open], c)};
            if (open == position) return {open, i, !pairs(text[open], c)};
        }
        if (i > position && !open_at_position) return {};  // it was inside a comment or string
        ++i;
    }
    if (open_at_position) return {position, -1, true};
    return {};
}

std::optional<QString> open_bracket_indent(const QString& text, int position) {
    std::vector<int> stack;
    const int end = qMin(position, int(text.size()));
    int i = 0;
    while (i < end) {
        if (skip_comment_or_string(text, i)) continue;
        if (is_open(text[i])) stack.push_back(i);
        else if (is_close(text[i]) && !stack.empty()) stack.pop_back();
        ++i;
    }
    if (stack.empty()) return std::nullopt;
    const int line_start = int(text.lastIndexOf(u'\n', stack.back())) + 1;
    int indent_end = line_start;
    while (indent_end < stack.back() && (text[indent_end] == u' ' || text[indent_end] == u'\t')) ++indent_end;
    return text.mid(line_start, indent_end - line_start);
}

QStringList toggle_line_comments(const QStringList& lines) {
    bool all_commented = true;
    bool any_content = false;
    for (const QString& line : lines) {
        QString trimmed = line.trimmed();
        if (trimmed.isEmpty()) continue;
        any_content = true;
        if (!trimmed.startsWith(u'#')) all_commented = false;
    }
    if (!any_content) return lines;
    QStringList result;
    for (const QString& line : lines) {
        int indent = 0;
        while (indent < line.size() && line[indent].isSpace()) ++indent;
        if (indent == line.size()) {
            result << line;
        } else if (all_commented) {
            int remove = 1 + (indent + 1 < line.size() && line[indent + 1] == u' ' ? 1 : 0);
            result << line.left(indent) + line.mid(indent + remove);
        } else {
            result << line.left(indent) + "# " + line.mid(indent);
        }
    }
    return result;
}

}  // namespace hfd::editor
