#include "io/text_file.h"

#include "io/shortest_double.h"

#include <bit>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>
#include <vector>

namespace hfd {
namespace {

std::string system_error(const std::string& what, const std::string& path) {
    return what + " '" + path + "': " + std::strerror(errno);
}

}  // namespace

AtomicFile::AtomicFile(std::string path) : path_(std::move(path)) {
    temp_path_ = path_ + ".tmp-XXXXXX";
    std::vector<char> name(temp_path_.begin(), temp_path_.end());
    name.push_back('\0');
    fd_ = mkstemp(name.data());
    if (fd_ < 0) {
        error_ = system_error("cannot create a temporary file for", path_);
        temp_path_.clear();
        return;
    }
    temp_path_.assign(name.data());
    // mkstemp creates 0600; give the file the permissions a normal write would.
    const mode_t mask = umask(0);
    umask(mask);
    fchmod(fd_, 0666 & ~mask);
    buffer_.reserve(block_size);
}

AtomicFile::~AtomicFile() { discard(); }

void AtomicFile::discard() {
    if (fd_ >= 0) close(fd_);
    fd_ = -1;
    if (!committed_ && !temp_path_.empty()) unlink(temp_path_.c_str());
    temp_path_.clear();
}

bool AtomicFile::write_through(std::string_view text) {
    while (!text.empty()) {
        const ssize_t n = ::write(fd_, text.data(), text.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            error_ = system_error("cannot write", temp_path_);
            return false;
        }
        text.remove_prefix(static_cast<size_t>(n));
    }
    return true;
}

bool AtomicFile::flush_buffer() {
    if (!ok()) return false;
    const bool written = write_through(buffer_);
    buffer_.clear();
    return written;
}

bool AtomicFile::write(std::string_view text) {
    if (!ok()) return false;
    buffer_.append(text);
    if (buffer_.size() >= block_size) return flush_buffer();
    return true;
}

bool AtomicFile::write_at(size_t offset, std::string_view text) {
    if (!flush_buffer()) return false;
    while (!text.empty()) {
        const ssize_t n = ::pwrite(fd_, text.data(), text.size(), static_cast<off_t>(offset));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            error_ = system_error("cannot write", temp_path_);
            return false;
        }
        text.remove_prefix(static_cast<size_t>(n));
        offset += static_cast<size_t>(n);
    }
    return true;
}

bool AtomicFile::commit(const std::string& target) {
    if (!flush_buffer()) return false;
    if (fsync(fd_) != 0) {
        error_ = system_error("cannot flush", temp_path_);
        return false;
    }
    const int result = close(fd_);
    fd_ = -1;
    if (result != 0) {
        error_ = system_error("cannot close", temp_path_);
        return false;
    }
    if (std::rename(temp_path_.c_str(), target.c_str()) != 0) {
        error_ = system_error("cannot rename the temporary file to", target);
        return false;
    }
    committed_ = true;
    return true;
}

bool write_file_streamed(const std::string& path, const std::function<bool(const TextSink&)>& produce,
                         std::string* error) {
    AtomicFile file(path);
    const TextSink sink = [&](std::string_view text) { return file.write(text); };
    if (!file.ok() || !produce(sink) || !file.commit()) {
        if (error) *error = !file.error().empty() ? file.error() : "writing '" + path + "' was aborted";
        return false;
    }
    return true;
}

std::string partial_file_name(const std::string& path) {
    const size_t slash = path.find_last_of('/');
    const size_t dot = path.find_last_of('.');
    const bool has_extension = dot != std::string::npos && (slash == std::string::npos || dot > slash + 1);
    return has_extension ? path.substr(0, dot) + ".partial" + path.substr(dot) : path + ".partial";
}

void append_number(std::string& out, double value) {
    char text[32];
    out.append(text, write_shortest(text, value));
}

void NumberColumn::append(std::string& out, double value) {
    const auto bits = std::bit_cast<std::uint64_t>(value);
    if (length_ == 0 || bits != bits_) {
        bits_ = bits;
        length_ = static_cast<unsigned char>(write_shortest(text_.data(), value) - text_.data());
    }
    out.append(text_.data(), length_);
}

void append_csv_field(std::string& out, std::string_view field) {
    const bool needs_quotes = field.find_first_of(",\"\r\n") != std::string_view::npos ||
                              (!field.empty() && (field.front() == ' ' || field.back() == ' '));
    if (!needs_quotes) {
        out.append(field);
        return;
    }
    out.push_back('"');
    for (const char c : field) {
        if (c == '"') out.push_back('"');
        out.push_back(c);
    }
    out.push_back('"');
}

}  // namespace hfd
