#include "format/parser.h"

#include "format/brace_balance.h"
#include "format/lexer.h"
#include "format/read_text_file.h"

#include <algorithm>
#include <unordered_map>

namespace hfd {

namespace {

using format_detail::describe;
using format_detail::enclosed;
using format_detail::Lexer;
using format_detail::Token;
using format_detail::TokenKind;

// Deeper nesting is rejected so that recursion stays far from the stack limit.
constexpr int max_nesting_depth = 200;

// Variables copy their value into every use; a chain of group variables could
// otherwise double the tree with each definition.
constexpr long max_substituted_nodes = 1 << 17;

struct Variable {
    std::string name;  // with the leading '$'
    PropNode definition;
    long node_count = 0;  // nodes below the definition
    int height = 0;       // levels of groups/arrays in the definition
};

void measure(const PropNode& node, long& count, int& height) {
    height = 0;
    for (const PropNode& child : node.children) {
        long child_count = 0;
        int child_height = 0;
        measure(child, child_count, child_height);
        count += 1 + child_count;
        height = std::max(height, child_height);
    }
    if (!node.is_value()) height += 1;
}

class Parser {
public:
    Parser(std::string_view text, const std::string& file, std::vector<Diagnostic>& diagnostics)
        : lexer_(text), file_(file), diagnostics_(diagnostics) {
        current_ = lexer_.next();
    }

    void parse_root(PropNode& root) {
        root.kind = PropNode::Kind::Group;
        root.line = root.value_line = 1;
        root.column = root.value_column = 1;
        root.begin = root.value_begin = 0;
        Token no_opening;
        no_opening.kind = TokenKind::End;
        parse_items(root, no_opening, 0);
        root.end = lexer_.offset();
    }

    // Where parsing ended: the end of the text, or the token it could not take.
    SourceLocation stop() const { return {file_, current_.line, current_.column}; }

private:
    void advance() { current_ = lexer_.next(); }

    void error_at(int line, int column, std::string message) {
        diagnostics_.push_back({Severity::Error, {file_, line, column}, std::move(message)});
    }
    // "expected X, found <current token>" at the current token (lexical errors
    // report their own message at their own place).
    bool fail_expected(const std::string& expected) {
        if (current_.kind == TokenKind::Invalid) error_at(current_.line, current_.column, current_.error);
        else error_at(current_.line, current_.column, "expected " + expected + ", found " + describe(current_));
        return false;
    }

    // Something is missing after `previous`: when the next token is on a later
    // line, the place to point at is the end of `previous` (where the missing
    // part belongs), as compilers do for a missing ';'.
    bool fail_missing(const std::string& expected, const Token& previous) {
        if (current_.kind == TokenKind::Invalid || current_.line == previous.end_line) return fail_expected(expected);
        error_at(previous.end_line, previous.end_column, "expected " + expected + ", found " + describe(current_));
        return false;
    }

    static std::string name_for_message(const PropNode& node, const char* container) {
        if (node.key.empty()) return std::string("this ") + container;
        return std::string(container) + " " + enclosed(node.key, '\'');
    }

    // Children of a group up to its closing '}' (or of the root up to the end).
    bool parse_items(PropNode& group, const Token& opening, int depth) {
        const bool is_root = opening.kind == TokenKind::End;
        const size_t scope = variables_.size();
        bool ok = true;
        while (ok) {
            if (!is_root && current_.kind == TokenKind::CloseBrace) {
                group.end = current_.end;
                advance();
                break;
            }
            if (current_.kind == TokenKind::End) {
                if (is_root) break;
                error_at(opening.line, opening.column,
                         "expected '}' to close " + name_for_message(group, "group") + ", found end of file");
                ok = false;
                break;
            }
            if (current_.kind == TokenKind::Word || current_.kind == TokenKind::String) ok = parse_item(group, depth);
            else ok = fail_expected(is_root ? "a key" : "a key or '}'");
        }
        end_scope(scope);
        return ok;
    }

    // << path >> (SCONE's include): a node with key "<<" and the path as its value,
    // which the reader of the including file replaces by the included file's nodes.
    // The path may hold spaces: every word up to ">>" belongs to it.
    bool parse_include(PropNode& group) {
        PropNode& node = group.children.emplace_back();
        node.key = "<<";
        node.line = node.value_line = current_.line;
        node.column = node.value_column = current_.column;
        node.begin = node.value_begin = current_.begin;
        const Token opening = current_;
        std::string path = current_.text.substr(2);
        bool closed = false;
        for (;;) {
            const bool close = path.size() >= 2 && path.compare(path.size() - 2, 2, ">>") == 0;
            if (close) {
                path.resize(path.size() - 2);
                closed = true;
            }
            node.end = current_.end;
            advance();
            if (closed || (current_.kind != TokenKind::Word && current_.kind != TokenKind::String)) break;
            if (current_.line != opening.line) break;
            if (!path.empty() && current_.text != ">>") path += ' ';
            path += current_.text;
        }
        while (!path.empty() && path.back() == ' ') path.pop_back();
        while (!path.empty() && path.front() == ' ') path.erase(path.begin());
        if (!closed) {
            error_at(opening.line, opening.column, "expected '>>' to close the include '<<' on its line");
            return false;
        }
        if (path.empty()) {
            error_at(opening.line, opening.column, "expected a file name between '<<' and '>>'");
            return false;
        }
        node.value = path;
        return true;
    }

    // key = value | key { ... } | key [ ... ]
    bool parse_item(PropNode& group, int depth) {
        if (current_.kind == TokenKind::Word && current_.text.rfind("<<", 0) == 0) return parse_include(group);
        PropNode& node = group.children.emplace_back();
        node.key = current_.text;
        node.line = current_.line;
        node.column = current_.column;
        node.begin = current_.begin;
        const Token key = current_;
        advance();
        bool ok = false;
        if (current_.kind == TokenKind::Equals) {
            const Token equals = current_;
            advance();
            if (current_.kind == TokenKind::Word || current_.kind == TokenKind::String ||
                current_.kind == TokenKind::OpenBrace || current_.kind == TokenKind::OpenBracket)
                ok = parse_value(node, depth, "");
            else ok = fail_missing("a value after " + enclosed(key.text + " =", '\''), equals);
        } else if (current_.kind == TokenKind::OpenBrace || current_.kind == TokenKind::OpenBracket) {
            ok = parse_value(node, depth, "");
        } else {
            ok = fail_missing("'=', '{' or '[' after key " + enclosed(key.text, '\''), key);
        }
        if (ok && node.is_variable_definition()) {
            Variable& variable = variables_.emplace_back(Variable{node.key, node});
            measure(node, variable.node_count, variable.height);
            visible_[variable.name].push_back(variables_.size() - 1);
        }
        return ok;
    }

    // A scalar, a { group } or an [ array ] into `node` (whose key is already set).
    bool parse_value(PropNode& node, int depth, const std::string& expected) {
        node.value_line = current_.line;
        node.value_column = current_.column;
        node.value_begin = current_.begin;
        if (node.begin < 0) node.begin = current_.begin;
        switch (current_.kind) {
            case TokenKind::Word:
            case TokenKind::String:
                node.kind = PropNode::Kind::Value;
                node.value = current_.text;
                node.quoted = current_.kind == TokenKind::String;
                node.end = current_.end;
                if (!node.quoted && node.value.size() > 1 && node.value[0] == '$' && !resolve_variable(node, depth))
                    return false;
                advance();
                return true;
            case TokenKind::OpenBrace:
            case TokenKind::OpenBracket: {
                if (depth >= max_nesting_depth) {
                    error_at(current_.line, current_.column,
                             "expected at most " + std::to_string(max_nesting_depth) +
                                 " nested groups or arrays, found deeper nesting");
                    return false;
                }
                const Token opening = current_;
                advance();
                if (opening.kind == TokenKind::OpenBrace) {
                    node.kind = PropNode::Kind::Group;
                    return parse_items(node, opening, depth + 1);
                }
                node.kind = PropNode::Kind::Array;
                return parse_elements(node, opening, depth + 1);
            }
            default: return fail_expected(expected.empty() ? "a value" : expected);
        }
    }

    // Elements of an array up to its closing ']'; elements have no key.
    bool parse_elements(PropNode& array, const Token& opening, int depth) {
        for (;;) {
            if (current_.kind == TokenKind::CloseBracket) {
                array.end = current_.end;
                advance();
                return true;
            }
            if (current_.kind == TokenKind::End) {
                error_at(opening.line, opening.column,
                         "expected ']' to close " + name_for_message(array, "array") + ", found end of file");
                return false;
            }
            PropNode& element = array.children.emplace_back();
            element.line = current_.line;
            element.column = current_.column;
            if (!parse_value(element, depth, "a value, '{', '[' or ']'")) return false;
        }
    }

    // Replaces a $reference by the value of its definition; an undefined name
    // is reported and parsing goes on. Returns false when the copy would nest
    // too deep or grow the tree beyond the limit.
    bool resolve_variable(PropNode& node, int depth) {
        node.raw_value = node.value;
        const auto visible = visible_.find(node.value);
        if (visible != visible_.end() && !visible->second.empty()) {
            const Variable& variable = variables_[visible->second.back()];
            if (depth + variable.height > max_nesting_depth) {
                error_at(current_.line, current_.column,
                         "expected at most " + std::to_string(max_nesting_depth) + " nested groups or arrays, found " +
                             "deeper nesting through variable '" + node.raw_value + "'");
                return false;
            }
            substituted_nodes_ += variable.node_count;
            if (substituted_nodes_ > max_substituted_nodes) {
                error_at(current_.line, current_.column,
                         "expected at most " + std::to_string(max_substituted_nodes) +
                             " nodes copied from variables, found more at '" + node.raw_value + "'");
                return false;
            }
            const PropNode& definition = variable.definition;
            node.kind = definition.kind;
            node.value = definition.value;
            node.quoted = definition.quoted;
            node.children = definition.children;
            return true;
        }
        error_at(current_.line, current_.column, "undefined variable '" + node.value + "'");
        return true;
    }

    // Drops the variables defined since variables_ had `scope` entries (a group closed).
    void end_scope(size_t scope) {
        while (variables_.size() > scope) {
            visible_[variables_.back().name].pop_back();
            variables_.pop_back();
        }
    }

    Lexer lexer_;
    const std::string& file_;
    std::vector<Diagnostic>& diagnostics_;
    Token current_;
    std::vector<Variable> variables_;  // in scope, in order of definition
    // Per name, the indices in variables_ of its definitions in scope, innermost
    // last: a lookup costs the same however many variables are defined (scanning
    // variables_ made n uses of n definitions quadratic: 100,000 each took 37 s).
    std::unordered_map<std::string, std::vector<size_t>> visible_;
    long substituted_nodes_ = 0;
};

}  // namespace

ParseResult parse_text(std::string_view text, const std::string& file_name) {
    ParseResult result;
    Parser parser(text, file_name, result.diagnostics);
    parser.parse_root(result.root);
    format_detail::explain_unbalanced_braces(text, parser.stop(), result.diagnostics);
    return result;
}

ParseResult parse_file(const std::string& path) {
    const std::optional<std::string> text = read_text_file(path);
    if (!text) {
        ParseResult result;
        result.root.kind = PropNode::Kind::Group;
        result.diagnostics.push_back(error_at(path, 0, 0, "cannot open file"));
        return result;
    }
    return parse_text(*text, path);
}

}  // namespace hfd
