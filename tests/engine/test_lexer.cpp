// The .hfd lexer (format/lexer.cpp): token kinds and text, 1-based line:col of
// each token (columns count characters, not UTF-8 bytes), byte offsets,
// comments, strings with escapes, and the lexical errors.
#include "format/lexer.h"

#include <QTest>

using namespace hfd::format_detail;

namespace {

std::vector<Token> lex(std::string_view text) {
    Lexer lexer(text);
    std::vector<Token> tokens;
    for (;;) {
        tokens.push_back(lexer.next());
        if (tokens.back().kind == TokenKind::End || tokens.back().kind == TokenKind::Invalid) break;
    }
    return tokens;
}

}  // namespace

class TestLexer : public QObject {
    Q_OBJECT
private slots:
    void kinds_text_and_positions() {
        const std::string text = "body {\n\tname = \"my body\"\n  pos = [ 1 -2.5e3 ]\n}";
        const std::vector<Token> t = lex(text);
        struct Expected {
            TokenKind kind;
            const char* text;
            int line, column;
        };
        const Expected expected[] = {
            {TokenKind::Word, "body", 1, 1},       {TokenKind::OpenBrace, "{", 1, 6},
            {TokenKind::Word, "name", 2, 2},       {TokenKind::Equals, "=", 2, 7},
            {TokenKind::String, "my body", 2, 9},  {TokenKind::Word, "pos", 3, 3},
            {TokenKind::Equals, "=", 3, 7},        {TokenKind::OpenBracket, "[", 3, 9},
            {TokenKind::Word, "1", 3, 11},         {TokenKind::Word, "-2.5e3", 3, 13},
            {TokenKind::CloseBracket, "]", 3, 20}, {TokenKind::CloseBrace, "}", 4, 1},
        };
        QCOMPARE(t.size(), std::size(expected) + 1);
        for (size_t i = 0; i < std::size(expected); ++i) {
            QCOMPARE(t[i].kind, expected[i].kind);
            QCOMPARE(t[i].text, std::string(expected[i].text));
            QCOMPARE(t[i].line, expected[i].line);
            QCOMPARE(t[i].column, expected[i].column);
        }
        QCOMPARE(t.back().kind, TokenKind::End);
        QCOMPARE(t.back().line, 4);
        QCOMPARE(t.back().column, 2);
    }

    void offsets_cover_the_token_text() {
        const std::string text = "a = \"q\" $v=1..2";
        for (const Token& token : lex(text)) {
            if (token.kind == TokenKind::End) {
                QCOMPARE(token.begin, int(text.size()));
                continue;
            }
            const std::string written = text.substr(size_t(token.begin), size_t(token.end - token.begin));
            // a string's span includes its quotes
            QCOMPARE(written, token.kind == TokenKind::String ? "\"" + token.text + "\"" : token.text);
            QCOMPARE(token.end_line, 1);
            QCOMPARE(token.end_column, token.column + (token.end - token.begin));
        }
    }

    void words_end_at_special_characters() {
        const std::vector<Token> t = lex("x=1{y}[z]");
        const TokenKind kinds[] = {
            TokenKind::Word,       TokenKind::Equals,      TokenKind::Word, TokenKind::OpenBrace,    TokenKind::Word,
            TokenKind::CloseBrace, TokenKind::OpenBracket, TokenKind::Word, TokenKind::CloseBracket, TokenKind::End};
        QCOMPARE(t.size(), std::size(kinds));
        for (size_t i = 0; i < t.size(); ++i) QCOMPARE(t[i].kind, kinds[i]);
        QCOMPARE(t[2].text, std::string("1"));
        QCOMPARE(t[2].column, 3);
    }

    void comments_are_skipped_and_lines_counted() {
        const std::vector<Token> t = lex("# line comment { }\na /* block\n comment */ b # tail\n c");
        QCOMPARE(t.size(), size_t(4));
        QCOMPARE(t[0].text, std::string("a"));
        QCOMPARE(t[0].line, 2);
        QCOMPARE(t[1].text, std::string("b"));
        QCOMPARE(t[1].line, 3);
        QCOMPARE(t[1].column, 13);
        QCOMPARE(t[2].text, std::string("c"));
        QCOMPARE(t[2].line, 4);
        QCOMPARE(t[2].column, 2);
        // a block comment ends a word
        const std::vector<Token> glued = lex("a/*x*/b");
        QCOMPARE(glued[0].text, std::string("a"));
        QCOMPARE(glued[1].text, std::string("b"));
    }

    void columns_count_characters_not_bytes() {
        // "é" is two bytes, one column; a tab is one column
        const std::vector<Token> t = lex("\"é\" \tx");
        QCOMPARE(t[0].text, std::string("é"));
        QCOMPARE(t[1].column, 6);
        QCOMPARE(t[1].begin, 6);
    }

    void byte_order_mark_is_not_text() {
        const std::vector<Token> t = lex("\xEF\xBB\xBFmodel");
        QCOMPARE(t[0].text, std::string("model"));
        QCOMPARE(t[0].column, 1);
    }

    void string_escapes() {
        const std::vector<Token> t = lex("\"say \\\"hi\\\" C:\\path\\\\x\"");
        QCOMPARE(t[0].kind, TokenKind::String);
        // \" and \\ are escapes; any other backslash stays as written
        QCOMPARE(t[0].text, std::string("say \"hi\" C:\\path\\x"));
    }

    void lexical_errors_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("error");
        QTest::newRow("string at end of line")
            << "a = \"open\nb" << 1 << 5 << "unterminated string: expected '\"', found end of line";
        QTest::newRow("string at end of file")
            << "\n  \"open" << 2 << 3 << "unterminated string: expected '\"', found end of file";
        QTest::newRow("block comment") << "a /* never closed" << 1 << 3
                                       << "unterminated comment: expected '*/', found end of file";
        QTest::newRow("control character") << "a\n b\x01" << 2 << 3 << "invalid character 0x01";
    }
    void lexical_errors() {
        QFETCH(QString, text);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, error);
        const std::string source = text.toStdString();  // the lexer views it
        Lexer lexer(source);
        Token token;
        do token = lexer.next();
        while (token.kind != TokenKind::Invalid && token.kind != TokenKind::End);
        QCOMPARE(token.kind, TokenKind::Invalid);
        QCOMPARE(token.line, line);
        QCOMPARE(token.column, column);
        QCOMPARE(QString::fromStdString(token.error), error);
        QCOMPARE(QString::fromStdString(describe(token)), error);
        // after an error only End follows
        QCOMPARE(lexer.next().kind, TokenKind::End);
        QCOMPARE(lexer.next().kind, TokenKind::End);
    }

    void describe_tokens_for_messages() {
        Lexer lexer("name \"a long quoted name of thirty chars\" {");
        QCOMPARE(describe(lexer.next()), std::string("'name'"));
        QCOMPARE(describe(lexer.next()), std::string("\"a long quoted name of th...\""));
        QCOMPARE(describe(lexer.next()), std::string("'{'"));
        QCOMPARE(describe(lexer.next()), std::string("end of file"));
    }
};

QTEST_APPLESS_MAIN(TestLexer)
#include "test_lexer.moc"
