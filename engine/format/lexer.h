#pragma once
// Tokens of .hfd / .zml text. Internal to the format module (parser and tests).
#include <string>
#include <string_view>

namespace hfd::format_detail {

enum class TokenKind {
    Word,          // unquoted key or value: my_name, 1e6, -45..90, $stiffness
    String,        // "quoted text" (text holds the unescaped content)
    Equals,        // =
    OpenBrace,     // {
    CloseBrace,    // }
    OpenBracket,   // [
    CloseBracket,  // ]
    End,           // end of text
    Invalid,       // lexical error; `error` says what is wrong
};

struct Token {
    TokenKind kind = TokenKind::End;
    std::string text;
    std::string error;  // for Invalid
    // 1-based line and column (columns count characters: UTF-8 continuation
    // bytes do not advance the column; a tab is one column).
    int line = 1, column = 1;
    int begin = 0, end = 0;            // byte offsets, end one past the token (including quotes)
    int end_line = 1, end_column = 1;  // just past the token
};

// Describes a token for "found X" in a diagnostic: 'name', "text", '{', end of file.
std::string describe(const Token& token);
// text between marks, cut short when long: 'name', "Name with spa..."
std::string enclosed(const std::string& text, char mark);

class Lexer {
public:
    explicit Lexer(std::string_view text);
    // Next token; after End or Invalid it keeps returning End.
    Token next();

    int line() const { return line_; }
    int column() const { return column_; }
    int offset() const { return static_cast<int>(pos_); }

private:
    bool at_end() const { return pos_ >= text_.size(); }
    char peek(size_t ahead = 0) const { return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0'; }
    void advance();
    // Skips whitespace and comments; returns false (with `error` filled) on an
    // unterminated block comment.
    bool skip_space_and_comments(Token& error);
    Token next_token();
    Token lex_string(Token token);
    Token lex_word(Token token);

    std::string_view text_;
    size_t pos_ = 0;
    int line_ = 1, column_ = 1;
    bool finished_ = false;
};

// Characters that end an unquoted word (besides whitespace and comment starts).
bool is_special_char(char c);
// Control characters other than whitespace cannot appear outside quotes.
bool is_invalid_char(char c);

}  // namespace hfd::format_detail
