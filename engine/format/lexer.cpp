#include "format/lexer.h"

#include "format/read_text_file.h"

#include <algorithm>
#include <cstdio>

namespace hfd::format_detail {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

bool is_line_end(char c) { return c == '\n' || c == '\r'; }

}  // namespace

std::string enclosed(const std::string& text, char mark) {
    constexpr size_t max_length = 24;
    std::string out(1, mark);
    out.append(text, 0, std::min(text.size(), max_length));
    if (text.size() > max_length) out.append("...");
    out.push_back(mark);
    return out;
}

bool is_special_char(char c) {
    return c == '{' || c == '}' || c == '[' || c == ']' || c == '=' || c == '"' || c == '#';
}

bool is_invalid_char(char c) {
    const auto u = static_cast<unsigned char>(c);
    return (u < 0x20 && !is_space(c)) || u == 0x7f;
}

std::string describe(const Token& token) {
    switch (token.kind) {
        case TokenKind::Word: return enclosed(token.text, '\'');
        case TokenKind::String: return enclosed(token.text, '"');
        case TokenKind::Equals: return "'='";
        case TokenKind::OpenBrace: return "'{'";
        case TokenKind::CloseBrace: return "'}'";
        case TokenKind::OpenBracket: return "'['";
        case TokenKind::CloseBracket: return "']'";
        case TokenKind::End: return "end of file";
        case TokenKind::Invalid: return token.error;
    }
    return "?";
}

Lexer::Lexer(std::string_view text) : text_(text) { pos_ = text_.size() - without_byte_order_mark(text_).size(); }

void Lexer::advance() {
    const char c = text_[pos_++];
    // a lone '\r' ends a line too (classic Mac line ends); "\r\n" counts once
    if (c == '\n' || (c == '\r' && peek() != '\n')) {
        ++line_;
        column_ = 1;
    } else if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) {
        ++column_;
    }
}

bool Lexer::skip_space_and_comments(Token& error) {
    while (!at_end()) {
        const char c = peek();
        if (is_space(c)) {
            advance();
        } else if (c == '#') {
            while (!at_end() && !is_line_end(peek())) advance();
        } else if (c == '/' && peek(1) == '*') {
            error.line = line_;
            error.column = column_;
            error.begin = offset();
            advance();
            advance();
            while (!at_end() && !(peek() == '*' && peek(1) == '/')) advance();
            if (at_end()) {
                error.kind = TokenKind::Invalid;
                error.end = offset();
                error.error = "unterminated comment: expected '*/', found end of file";
                return false;
            }
            advance();
            advance();
        } else {
            return true;
        }
    }
    return true;
}

Token Lexer::next() {
    Token token = next_token();
    token.end_line = line_;
    token.end_column = column_;
    return token;
}

Token Lexer::next_token() {
    Token token;
    if (finished_) {
        token.line = line_;
        token.column = column_;
        token.begin = token.end = offset();
        return token;
    }
    if (!skip_space_and_comments(token)) {
        finished_ = true;
        return token;
    }
    token.line = line_;
    token.column = column_;
    token.begin = offset();
    if (at_end()) {
        finished_ = true;
        token.kind = TokenKind::End;
        token.end = token.begin;
        return token;
    }
    const char c = peek();
    TokenKind single = TokenKind::Invalid;
    switch (c) {
        case '=': single = TokenKind::Equals; break;
        case '{': single = TokenKind::OpenBrace; break;
        case '}': single = TokenKind::CloseBrace; break;
        case '[': single = TokenKind::OpenBracket; break;
        case ']': single = TokenKind::CloseBracket; break;
        case '"': return lex_string(token);
        default: break;
    }
    if (single != TokenKind::Invalid) {
        advance();
        token.kind = single;
        token.text = std::string(1, c);
        token.end = offset();
        return token;
    }
    if (is_invalid_char(c)) {
        char code[8];
        std::snprintf(code, sizeof code, "0x%02X", static_cast<unsigned>(static_cast<unsigned char>(c)));
        token.kind = TokenKind::Invalid;
        token.error = std::string("invalid character ") + code;
        advance();
        token.end = offset();
        finished_ = true;
        return token;
    }
    return lex_word(token);
}

// "text": backslash escapes \" and \\; any other backslash is
// kept as written, so Windows paths survive. A string ends on its line.
Token Lexer::lex_string(Token token) {
    advance();  // opening quote
    while (!at_end() && peek() != '"' && !is_line_end(peek())) {
        char c = peek();
        if (c == '\\' && pos_ + 1 < text_.size()) {
            const char escaped = peek(1);
            if (escaped == '"' || escaped == '\\') {
                advance();
                c = escaped;
            }
        }
        token.text += c;
        advance();
    }
    if (at_end() || peek() != '"') {
        token.kind = TokenKind::Invalid;
        token.error =
            std::string("unterminated string: expected '\"', found ") + (at_end() ? "end of file" : "end of line");
        token.end = offset();
        finished_ = true;
        return token;
    }
    advance();  // closing quote
    token.kind = TokenKind::String;
    token.end = offset();
    return token;
}

Token Lexer::lex_word(Token token) {
    while (!at_end()) {
        const char c = peek();
        if (is_space(c) || is_special_char(c) || is_invalid_char(c) || (c == '/' && peek(1) == '*')) break;
        advance();
    }
    token.kind = TokenKind::Word;
    token.end = offset();
    token.text =
        std::string(text_.substr(static_cast<size_t>(token.begin), static_cast<size_t>(token.end - token.begin)));
    return token;
}

}  // namespace hfd::format_detail
