#include "format/brace_balance.h"

#include "format/lexer.h"
#include "format/read_text_file.h"

#include <algorithm>
#include <vector>

namespace hfd::format_detail {

namespace {

// A tab advances to the next multiple of 4, so "\t" and "    " indent alike.
constexpr int tab_width = 4;

struct Group {
    std::string key;                // the word before '{' ("" when there is none)
    int line = 0, column = 0;       // of the key (or of '{' without one)
    int indent = 0;                 // of the line the key is on
    bool content_indented = false;  // a line inside it starts deeper than its own line
};

// A line inside a group, not its '}', that starts no deeper than the group's line:
// by the indentation it belongs after the group.
struct LineOutside {
    Group group;
    int line = 0;
};

struct ClosedGroup {
    Group group;
    int close_line = 0, close_column = 0;
};

// A '}' that starts its line and closes a group whose indentation differs.
struct Mismatch {
    ClosedGroup closed;
    int close_indent = 0;
    size_t closed_before = 0;  // groups closed before this one
};

std::string group_name(const Group& group) { return group.key.empty() ? "the group" : enclosed(group.key, '\''); }

std::string on_line(int line) { return "on line " + std::to_string(line); }

struct BraceScan {
    std::vector<Group> open;
    std::vector<ClosedGroup> closed;
    std::optional<Mismatch> first_deeper;     // '}' indented deeper than its group's line
    std::optional<Mismatch> first_shallower;  // '}' indented less than its group's line
    std::optional<LineOutside> first_outside;
    bool stray_close = false;  // a '}' with no group left to close
    bool lexical_error = false;
};

BraceScan scan(std::string_view text) {
    BraceScan s;
    const LineIndents indents(text);
    Lexer lexer(text);
    Token previous, before_previous;
    previous.kind = before_previous.kind = TokenKind::End;
    bool first = true;
    for (Token token = lexer.next(); token.kind != TokenKind::End; token = lexer.next()) {
        if (token.kind == TokenKind::Invalid) {
            s.lexical_error = true;
            return s;
        }
        const bool starts_line = first || token.line != previous.end_line;
        first = false;
        if (starts_line && token.kind != TokenKind::CloseBrace && !s.open.empty()) {
            Group& inner = s.open.back();
            const int indent = indents.of_line(token.line);
            if (indent > inner.indent) inner.content_indented = true;
            else if (inner.content_indented && !s.first_outside) s.first_outside = LineOutside{inner, token.line};
        }
        if (token.kind == TokenKind::OpenBrace) {
            // key { or key = {
            const Token& key = previous.kind == TokenKind::Equals ? before_previous : previous;
            const bool named = key.kind == TokenKind::Word || key.kind == TokenKind::String;
            const Token& at = named ? key : token;
            s.open.push_back({named ? key.text : std::string(), at.line, at.column, indents.of_line(at.line), false});
        } else if (token.kind == TokenKind::CloseBrace) {
            if (s.open.empty()) {
                s.stray_close = true;
                return s;
            }
            ClosedGroup done{s.open.back(), token.line, token.column};
            s.open.pop_back();
            if (starts_line && token.line != done.group.line) {
                const int indent = indents.of_line(token.line);
                Mismatch m{done, indent, s.closed.size()};
                if (indent > done.group.indent && !s.first_deeper) s.first_deeper = m;
                if (indent < done.group.indent && !s.first_shallower) s.first_shallower = m;
            }
            s.closed.push_back(done);
        }
        before_previous = previous;
        previous = token;
    }
    return s;
}

// One '}' too many. The first '}' indented deeper than the group it closes was
// meant for a group at its own indentation: when such a group spread over lines
// closed just before, its '}' came early; otherwise this '}' has nothing to close.
BraceDiagnosis too_many(const BraceScan& s) {
    const Mismatch& m = *s.first_deeper;
    const Group& outer = m.closed.group;
    for (size_t i = m.closed_before; i-- > 0;) {
        const ClosedGroup& c = s.closed[i];
        if (c.group.line < outer.line) break;  // not inside the group the '}' closed
        if (c.group.indent != m.close_indent || c.close_line == c.group.line) continue;
        return {c.close_line, c.close_column,
                "unbalanced braces: the '}' " + on_line(c.close_line) + " closes " + group_name(c.group) + " opened " +
                    on_line(c.group.line) + ", but the indentation suggests " + group_name(c.group) +
                    " ends at the '}' " + on_line(m.closed.close_line) + " (which now closes " + group_name(outer) +
                    " opened " + on_line(outer.line) + "): one '}' too many " + on_line(c.close_line) + "?"};
    }
    return {m.closed.close_line, m.closed.close_column,
            "unbalanced braces: the '}' " + on_line(m.closed.close_line) + " closes " + group_name(outer) + " opened " +
                on_line(outer.line) +
                ", but it is indented deeper than that line and no group at its indentation is open: one '}' too "
                "many?"};
}

// A '}' missing. A group whose content is indented, followed by a line at its
// own indentation that is not its '}', ended before that line. A '}' indented
// less than the group it closes was meant for an enclosing group, so the group
// it closes never got its own. The first hint in the text wins.
BraceDiagnosis too_few(const BraceScan& s) {
    if (s.first_outside && (!s.first_shallower || s.first_outside->line <= s.first_shallower->closed.close_line)) {
        const LineOutside& o = *s.first_outside;
        return {o.group.line, o.group.column,
                "unbalanced braces: " + group_name(o.group) + " opened " + on_line(o.group.line) +
                    " is still open on line " + std::to_string(o.line) +
                    ", which is indented like it: a '}' is missing before line " + std::to_string(o.line) + "?"};
    }
    const Mismatch& m = *s.first_shallower;
    const Group& inner = m.closed.group;
    return {inner.line, inner.column,
            "unbalanced braces: " + group_name(inner) + " opened " + on_line(inner.line) +
                " has no '}' of its own: the '}' " + on_line(m.closed.close_line) +
                " closes it, but is indented like an enclosing group; a '}' is missing before line " +
                std::to_string(m.closed.close_line) + "?"};
}

bool at_or_after(const SourceLocation& where, int line, int column) {
    return where.line > line || (where.line == line && where.column >= column);
}

}  // namespace

LineIndents::LineIndents(std::string_view text) {
    text = without_byte_order_mark(text);
    size_t i = 0;
    for (;;) {
        int width = 0;
        for (; i < text.size() && (text[i] == ' ' || text[i] == '\t'); ++i)
            width = text[i] == ' ' ? width + 1 : (width / tab_width + 1) * tab_width;
        indents_.push_back(width);
        while (i < text.size() && text[i] != '\n' && text[i] != '\r') ++i;
        if (i == text.size()) break;
        if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;  // "\r\n" ends one line
        ++i;
    }
}

int LineIndents::of_line(int line) const { return line >= 1 && line <= line_count() ? indents_[size_t(line) - 1] : 0; }

std::optional<BraceDiagnosis> diagnose_unbalanced_braces(std::string_view text) {
    const BraceScan s = scan(text);
    if (s.lexical_error) return std::nullopt;
    if (s.stray_close && s.first_deeper) return too_many(s);
    if (!s.stray_close && !s.open.empty() && (s.first_shallower || s.first_outside)) return too_few(s);
    return std::nullopt;
}

void explain_unbalanced_braces(std::string_view text, const SourceLocation& stop_at,
                               std::vector<Diagnostic>& diagnostics) {
    if (!has_errors(diagnostics) || !at_or_after(stop_at, 1, 1)) return;
    const std::optional<BraceDiagnosis> cause = diagnose_unbalanced_braces(text);
    if (!cause || !at_or_after(stop_at, cause->line, cause->column)) return;
    // the parser stops at its first syntax error, which it reports last
    Diagnostic stop = diagnostics.back();
    const std::string file = stop_at.file;
    diagnostics.pop_back();
    std::vector<Diagnostic> kept;
    for (Diagnostic& d : diagnostics)
        if (!at_or_after(d.location, cause->line, cause->column)) kept.push_back(std::move(d));
    kept.push_back(error_at(file, cause->line, cause->column, cause->message));
    stop.severity = Severity::Note;
    stop.message = "the parser stopped here: " + stop.message;
    kept.push_back(std::move(stop));
    diagnostics = std::move(kept);
}

}  // namespace hfd::format_detail
