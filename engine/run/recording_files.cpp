#include "run/recording_files.h"

#include "run/recorder.h"
#include "run/sto_writer.h"

#include <utility>

namespace hfd {

RecordingFiles::~RecordingFiles() = default;

bool RecordingFiles::add(const std::string& path, std::vector<size_t> columns, char separator,
                         const std::string& header) {
    File entry{std::make_unique<AtomicFile>(path), RowFormatter(std::move(columns), separator), 0, 0, {}};
    if (!entry.file->ok() || !entry.file->write(header)) {
        error_ = entry.file->error();
        return false;
    }
    files_.push_back(std::move(entry));
    return true;
}

bool RecordingFiles::add_csv(const std::string& path, GroupMask groups) {
    std::vector<size_t> columns = channels_in_groups(recorder_, groups);
    const std::string header = csv_header_line(channel_labels(recorder_), columns);
    return add(path, std::move(columns), ',', header);
}

bool RecordingFiles::add_sto(const std::string& path, const std::string& name, size_t expected_rows) {
    std::vector<size_t> columns = dof_value_columns(recorder_);
    if (columns.size() < 2) {
        error_ = "the recording holds no dof values";
        return false;
    }
    const StoHeader header = sto_header(recorder_, name, expected_rows, columns);
    if (!add(path, std::move(columns), '\t', header.text)) return false;
    files_.back().sto_count_offset = header.row_count_offset;
    files_.back().sto_count_digits = std::to_string(expected_rows).size();
    return true;
}

bool RecordingFiles::write_rows(const double* rows, size_t count) {
    const size_t stride = recorder_.channel_count();
    for (File& entry : files_) {
        text_.clear();
        for (size_t r = 0; r < count; ++r) entry.formatter.append(text_, rows + r * stride);
        if (!entry.file->write(text_)) {
            error_ = entry.file->error();
            return false;
        }
    }
    rows_ += count;
    return true;
}

bool RecordingFiles::commit(bool partial) {
    bool ok = true;
    for (File& entry : files_) {
        if (entry.sto_count_digits > 0) {
            std::string count = std::to_string(rows_);
            if (count.size() > entry.sto_count_digits) {
                error_ = "'" + entry.file->path() + "' holds more rows than its header can count";
                ok = false;
                continue;
            }
            // in the width reserved: trailing spaces, which the .sto readers skip
            // (leading zeros read as octal in some: "nRows=0011")
            count.append(entry.sto_count_digits - count.size(), ' ');
            if (!entry.file->write_at(entry.sto_count_offset, count)) {
                error_ = entry.file->error();
                ok = false;
                continue;
            }
        }
        const std::string target = partial ? partial_file_name(entry.file->path()) : entry.file->path();
        if (entry.file->commit(target)) {
            entry.committed_as = target;
        } else {
            error_ = entry.file->error();
            ok = false;
        }
    }
    return ok;
}

std::vector<std::string> RecordingFiles::committed_paths() const {
    std::vector<std::string> paths;
    for (const File& entry : files_)
        if (!entry.committed_as.empty()) paths.push_back(entry.committed_as);
    return paths;
}

}  // namespace hfd
