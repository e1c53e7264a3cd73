#include "format/writer.h"

#include "format/lexer.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace hfd {

namespace {

// Short groups of plain values go on one line: pos { x = 0 y = 1 z = 0 }.
constexpr size_t max_inline_children = 4;
constexpr size_t max_inline_length = 80;

// A value starting with '$' is quoted so it is not read back as a reference;
// a key starting with '$' is a variable definition and stays bare.
bool needs_quotes(const std::string& text, bool is_key) {
    if (text.empty() || (!is_key && text[0] == '$')) return true;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' || c == '\\' ||
            format_detail::is_special_char(c) || format_detail::is_invalid_char(c))
            return true;
        if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') return true;
    }
    return false;
}

std::string quoted(const std::string& text) {
    std::string out = "\"";
    for (char c : text) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

std::string word(const std::string& text) { return needs_quotes(text, false) ? quoted(text) : text; }
std::string key_word(const std::string& key) { return needs_quotes(key, true) ? quoted(key) : key; }

bool is_reference(const PropNode& node) { return !node.raw_value.empty() && node.raw_value[0] == '$'; }

// The text of a scalar: a $variable reference is written as the reference.
std::string scalar_text(const PropNode& node) {
    if (is_reference(node)) return node.raw_value;
    return word(node.value);
}

bool all_plain_values(const PropNode& node) {
    for (const PropNode& child : node.children)
        if (!child.is_value() && !is_reference(child)) return false;
    return true;
}

std::string inline_group(const PropNode& node) {
    std::string text = "{";
    for (const PropNode& child : node.children) {
        text += ' ';
        text += key_word(child.key);
        text += " = ";
        text += scalar_text(child);
    }
    return text + " }";
}

std::string inline_array(const PropNode& node) {
    std::string text = "[";
    for (const PropNode& child : node.children) {
        text += ' ';
        text += scalar_text(child);
    }
    return text + " ]";
}

void write_children(const PropNode& group, int depth, std::string& out);

// A group or array value (after "key " or at the start of an array element line).
void write_compound(const PropNode& node, int depth, std::string& out) {
    const std::string indent(static_cast<size_t>(depth), '\t');
    if (node.is_group()) {
        const std::string one_line = inline_group(node);
        if (all_plain_values(node) && node.children.size() <= max_inline_children &&
            one_line.size() <= max_inline_length) {
            out += one_line;
            return;
        }
        out += "{\n";
        write_children(node, depth + 1, out);
        out += indent + "}";
        return;
    }
    if (all_plain_values(node)) {
        out += inline_array(node);
        return;
    }
    out += "[\n";
    for (const PropNode& element : node.children) {
        out += indent + "\t";
        if (element.is_value() || is_reference(element)) out += scalar_text(element);
        else write_compound(element, depth + 1, out);
        out += "\n";
    }
    out += indent + "]";
}

void write_children(const PropNode& group, int depth, std::string& out) {
    const std::string indent(static_cast<size_t>(depth), '\t');
    for (const PropNode& child : group.children) {
        out += indent + key_word(child.key);
        if (child.is_value() || is_reference(child)) {
            out += " = " + scalar_text(child) + "\n";
            continue;
        }
        out += child.is_array() ? " = " : " ";
        write_compound(child, depth, out);
        out += "\n";
    }
}

bool fail(std::string* error, const std::string& message) {
    if (error) *error = message;
    return false;
}

}  // namespace

std::string write_text(const PropNode& root) {
    std::string out;
    write_children(root, 0, out);
    return out;
}

// POSIX: write to a unique temporary in the target's directory, fsync, then
// rename(2), which replaces the target atomically within one file system.
bool write_file_atomic(const std::string& path, const std::string& text, std::string* error) {
    if (path.empty()) return fail(error, "cannot write: empty file name");
    std::string temp_path = path + ".tmp-XXXXXX";
    const int fd = mkstemp(temp_path.data());
    if (fd < 0) return fail(error, "cannot write " + path + ": " + std::strerror(errno));
    // mkstemp creates 0600: keep the permissions of the file being replaced
    struct stat original {};
    fchmod(fd, ::stat(path.c_str(), &original) == 0 ? (original.st_mode & 07777) : 0644);
    size_t written = 0;
    while (written < text.size()) {
        const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            const std::string reason = std::strerror(errno);
            ::close(fd);
            ::unlink(temp_path.c_str());
            return fail(error, "cannot write " + path + ": " + reason);
        }
        written += static_cast<size_t>(n);
    }
    const bool synced = ::fsync(fd) == 0;
    const int sync_errno = errno;
    const bool closed = ::close(fd) == 0;
    if (!synced || !closed) {
        const std::string reason = std::strerror(synced ? errno : sync_errno);
        ::unlink(temp_path.c_str());
        return fail(error, "cannot write " + path + ": " + reason);
    }
    if (std::rename(temp_path.c_str(), path.c_str()) != 0) {
        const std::string reason = std::strerror(errno);
        ::unlink(temp_path.c_str());
        return fail(error, "cannot replace " + path + ": " + reason);
    }
    return true;
}

}  // namespace hfd
