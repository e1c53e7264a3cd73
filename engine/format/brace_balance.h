#pragma once
// Where an unbalanced '{' '}' was most likely written. The parser notices a brace
// too many or too few only where the braces run out (a stray '}' at the end of the
// file, an open group at its end), far from the cause, and a group that closed
// early leaves a cascade behind (its $variables go out of scope). The indentation
// tells what the writer meant, as compilers use it: a '}' that starts its line is
// meant to close the group opened on the last line with the same indentation.
// Internal to the format module (parser and tests).
#include "format/diagnostic.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hfd::format_detail {

struct BraceDiagnosis {
    int line = 0, column = 0;  // the '}' that closed a group early, or the '{' never closed
    std::string message;
};

// The indentation of every line (leading spaces; a tab advances to the next
// multiple of 4), measured in one pass over the text. Lines are counted as the
// lexer counts them ("\n", "\r\n" or a lone "\r"; the byte order mark is not part
// of line 1), so of_line(token.line) is the indentation of a token's line.
// Measuring it per token by scanning back to the start of the line instead costs
// the length of the line each time: quadratic in a line that holds many groups
// ("a { a { ..." on one line: 35 s to refuse 800 kB).
class LineIndents {
public:
    explicit LineIndents(std::string_view text);
    int of_line(int line) const;  // 1-based; 0 for a line the text does not have
    int line_count() const { return int(indents_.size()); }

private:
    std::vector<int> indents_;
};

// nullopt when the braces pair up, when the text has a lexical error, or when the
// indentation gives no hint (then the parser's own message is the best there is).
std::optional<BraceDiagnosis> diagnose_unbalanced_braces(std::string_view text);

// When the parse stopped (at `stop_at`, the token it could not take) at or after
// the place diagnose_unbalanced_braces names, replaces the errors from there on
// (undefined variables of a scope that closed early, the stray '}' or the open
// group at the end) by that one error, and the parser's own error by a note.
void explain_unbalanced_braces(std::string_view text, const SourceLocation& stop_at,
                               std::vector<Diagnostic>& diagnostics);

}  // namespace hfd::format_detail
