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
#include <vector>

namespace hfd {
namespace {

std::string system_error(const std::string& what, const std::string& path) {
    return what + " '" + path + "': " + std::strerror(errno);
}

// Owns the temporary file until it is committed; removes it otherwise.
class TemporaryFile {
public:
    explicit TemporaryFile(const std::string& target) {
        temp_path_ = target + ".tmp-XXXXXX";
        std::vector<char> name(temp_path_.begin(), temp_path_.end());
        name.push_back('\0');
        fd_ = mkstemp(name.data());
        if (fd_ < 0) {
            error_ = system_error("cannot create a temporary file for", target);
            return;
        }
        temp_path_.assign(name.data());
        // mkstemp creates 0600; give the file the permissions a normal write would.
        const mode_t mask = umask(0);
        umask(mask);
        fchmod(fd_, 0666 & ~mask);
    }
    ~TemporaryFile() {
        if (fd_ >= 0) close(fd_);
        if (!committed_ && !temp_path_.empty() && created()) unlink(temp_path_.c_str());
    }
    TemporaryFile(const TemporaryFile&) = delete;
    TemporaryFile& operator=(const TemporaryFile&) = delete;

    bool created() const { return fd_ >= 0 || closed_; }
    const std::string& error() const { return error_; }

    bool write(std::string_view text) {
        if (fd_ < 0) return false;
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

    bool commit(const std::string& target) {
        if (fsync(fd_) != 0) {
            error_ = system_error("cannot flush", temp_path_);
            return false;
        }
        const int result = close(fd_);
        fd_ = -1;
        closed_ = true;
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

private:
    std::string temp_path_;
    std::string error_;
    int fd_ = -1;
    bool closed_ = false;
    bool committed_ = false;
};

}  // namespace

bool write_file_streamed(const std::string& path, const std::function<bool(const TextSink&)>& produce,
                         std::string* error) {
    TemporaryFile file(path);
    if (!file.created()) {
        if (error) *error = file.error();
        return false;
    }
    // Writes are gathered so that the system sees large blocks.
    constexpr size_t block_size = 1 << 16;
    std::string buffer;
    buffer.reserve(block_size);
    bool write_failed = false;
    const TextSink sink = [&](std::string_view text) {
        if (write_failed) return false;
        buffer.append(text);
        if (buffer.size() >= block_size) {
            write_failed = !file.write(buffer);
            buffer.clear();
        }
        return !write_failed;
    };
    const bool produced = produce(sink);
    if (!produced || write_failed || !file.write(buffer) || !file.commit(path)) {
        if (error) *error = !file.error().empty() ? file.error() : "writing '" + path + "' was aborted";
        return false;
    }
    return true;
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
