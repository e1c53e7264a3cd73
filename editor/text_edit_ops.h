#pragma once
// Text operations of the editor that do not need a widget: bracket matching
// and line comment toggling.
#include <QString>
#include <QStringList>

#include <optional>

namespace hfd::editor {

struct BracketMatch {
    int bracket = -1;         // == position when a bracket is there (outside strings and comments)
    int partner = -1;         // the bracket that closes / opens it; -1 when there is none
    bool mismatched = false;  // no partner, or a partner of the other kind ({ closed by ])
};

// The partner of the `{}` / `[]` bracket at `position` of `text`, skipping
// brackets inside quoted strings and comments.
BracketMatch match_bracket(const QString& text, int position);

// The indentation of the line holding the innermost bracket still open at
// `position` (brackets in strings and comments skipped): where a closing bracket
// typed there belongs. Nothing when no bracket is open.
std::optional<QString> open_bracket_indent(const QString& text, int position);

// Comments each line with "# " after its indentation, or, when every non-blank
// line already starts with '#', removes that '#' (and one space after it).
QStringList toggle_line_comments(const QStringList& lines);

}  // namespace hfd::editor
