#include "scenario/run_folder.h"

#include "format/read_text_file.h"
#include "io/text_file.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace hfd {
namespace {

namespace fs = std::filesystem;

const char* const history_file = "history.csv";

// The generation of a row "G,..." or of a par file "GGGG_value.par"; -1 if none.
int leading_generation(const std::string& text, char separator) {
    int value = 0;
    size_t i = 0;
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9' && i < 9; ++i) value = value * 10 + (text[i] - '0');
    return i > 0 && i < text.size() && text[i] == separator ? value : -1;
}

bool is_temporary(const std::string& name) { return name.find(".tmp-") != std::string::npos; }

}  // namespace

RunFolderLock::~RunFolderLock() {
    if (fd_ >= 0) ::close(fd_);
}

RunFolderLock& RunFolderLock::operator=(RunFolderLock&& other) noexcept {
    if (this != &other) {
        if (fd_ >= 0) ::close(fd_);
        fd_ = other.fd_;
        other.fd_ = -1;
    }
    return *this;
}

bool RunFolderLock::acquire(const std::string& folder, std::string* error) {
    const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) {
        if (error) *error = "cannot open the run folder '" + folder + "': " + std::strerror(errno);
        return false;
    }
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        const int code = errno;
        ::close(fd);
        if (error)
            *error = code == EWOULDBLOCK ? "the run folder '" + folder + "' is in use by another optimization"
                                         : "cannot lock the run folder '" + folder + "': " + std::strerror(code);
        return false;
    }
    if (fd_ >= 0) ::close(fd_);
    fd_ = fd;
    return true;
}

std::string make_unique_run_folder(const std::string& parent, const std::string& name, RunFolderLock& lock,
                                   std::string* error) {
    std::error_code code;
    fs::create_directories(parent.empty() ? "." : parent, code);
    if (code) {
        if (error) *error = "cannot make '" + parent + "': " + code.message();
        return {};
    }
    for (int suffix = 1; suffix < 10000; ++suffix) {
        const std::string folder =
            (fs::path(parent) / (suffix == 1 ? name : name + "." + std::to_string(suffix))).string();
        if (::mkdir(folder.c_str(), 0777) == 0) return lock.acquire(folder, error) ? folder : std::string();
        if (errno != EEXIST) {
            if (error) *error = "cannot make '" + folder + "': " + std::strerror(errno);
            return {};
        }
    }
    if (error) *error = "cannot make a new run folder for '" + name + "' in '" + parent + "'";
    return {};
}

bool append_line_durably(const std::string& path, const std::string& line, std::string* error) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
    if (fd < 0) {
        if (error) *error = "cannot append to '" + path + "': " + std::strerror(errno);
        return false;
    }
    size_t written = 0;
    while (written < line.size()) {
        const ssize_t n = ::write(fd, line.data() + written, line.size() - written);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        written += size_t(n);
    }
    const bool ok = written == line.size() && ::fsync(fd) == 0;
    const int code = errno;
    ::close(fd);
    if (!ok && error) *error = "cannot append to '" + path + "': " + std::strerror(code);
    return ok;
}

int remove_temporary_files(const std::string& folder) {
    int removed = 0;
    std::error_code code;
    for (const fs::directory_entry& entry : fs::directory_iterator(folder, code))
        if (entry.is_regular_file(code) && is_temporary(entry.path().filename().string()) &&
            fs::remove(entry.path(), code))
            ++removed;
    return removed;
}

bool repair_run_folder(const std::string& folder, int generation, std::string* newest_par, std::string* error) {
    remove_temporary_files(folder);
    std::error_code code;
    std::string newest;
    int newest_generation = -1;
    for (const fs::directory_entry& entry : fs::directory_iterator(folder, code)) {
        const std::string name = entry.path().filename().string();
        if (entry.path().extension() != ".par") continue;
        const int par_generation = leading_generation(name, '_');
        if (par_generation < 0) continue;
        if (par_generation > generation) {
            if (!fs::remove(entry.path(), code)) {
                if (error) *error = "cannot remove '" + entry.path().string() + "': " + code.message();
                return false;
            }
        } else if (par_generation > newest_generation) {
            newest_generation = par_generation;
            newest = entry.path().string();
        }
    }
    if (newest_par) *newest_par = newest;

    const std::string history = (fs::path(folder) / history_file).string();
    const std::optional<std::string> text = read_text_file(history);
    if (!text) {
        if (error) *error = "cannot read '" + history + "'";
        return false;
    }
    std::string kept;
    bool changed = false;
    size_t start = 0;
    for (size_t end; start < text->size(); start = end + 1) {
        end = text->find('\n', start);
        if (end == std::string::npos) {  // an unterminated row: a kill mid-append
            changed = true;
            break;
        }
        const std::string line = text->substr(start, end - start + 1);
        const int row_generation = leading_generation(line, ',');
        if (start > 0 && (row_generation < 0 || row_generation > generation)) {
            changed = true;
            continue;
        }
        kept += line;
    }
    if (!changed) return true;
    return write_file_streamed(history, [&](const TextSink& sink) { return sink(kept); }, error);
}

}  // namespace hfd
