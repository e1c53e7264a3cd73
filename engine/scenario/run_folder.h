#pragma once
// The files of an optimization's run folder as one transaction per generation.
// Order of writes each generation: the improved .par (atomic), the history row
// (appended, fsync'd), then optimization.state (atomic rename): the state is the
// commit point. A folder a kill leaves behind is brought back to its state by
// repair_run_folder: history rows and .par files of later generations, and
// temporary files of interrupted writes, are removed, so the resumed run writes
// them again with the same bytes. A folder is held by one process at a time
// (flock on the directory), released when its RunFolderLock is destroyed.
#include <string>

namespace hfd {

class RunFolderLock {
public:
    RunFolderLock() = default;
    ~RunFolderLock();
    RunFolderLock(RunFolderLock&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
    RunFolderLock& operator=(RunFolderLock&& other) noexcept;
    RunFolderLock(const RunFolderLock&) = delete;
    RunFolderLock& operator=(const RunFolderLock&) = delete;

    // False (error says why) when the folder cannot be opened or another process holds it.
    bool acquire(const std::string& folder, std::string* error);
    bool held() const { return fd_ >= 0; }

private:
    int fd_ = -1;
};

// Makes a new folder <parent>/<name>, or <name>.2, <name>.3 ... when that exists
// (mkdir is atomic: two runs started in the same second get two folders), and
// locks it. The folder made, or empty with error set.
std::string make_unique_run_folder(const std::string& parent, const std::string& name, RunFolderLock& lock,
                                   std::string* error);

// Appends one line and flushes it to disk before returning true.
bool append_line_durably(const std::string& path, const std::string& line, std::string* error);

// Trims <folder>/history.csv to the rows of generations <= generation (and any
// unterminated last line), removes NNNN_*.par files with NNNN > generation and
// "*.tmp-*" files. The newest remaining .par, or empty; false with error on a
// failed write.
bool repair_run_folder(const std::string& folder, int generation, std::string* newest_par, std::string* error);

// Removes the "*.tmp-XXXXXX" files interrupted writes left in folder; their count.
int remove_temporary_files(const std::string& folder);

}  // namespace hfd
