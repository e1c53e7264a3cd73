#pragma once
// The files of a recording written while it is recorded (`hfd simulate --out
// --sto`): the recorder streams its rows here (Recorder::stream_to) and keeps
// only a bounded block in memory, whatever the length of the run. Each file is
// an AtomicFile (io/text_file.h): complete files get their names at commit();
// a run stopped early (interrupted) keeps its rows under the partial name
// ("out.partial.csv"), and a file that is neither committed nor kept leaves
// nothing behind. The CSV is that of save_recording_csv, the .sto that of
// save_dof_sto.
#include "io/channels.h"
#include "io/text_file.h"
#include "run/csv_writer.h"

#include <memory>
#include <string>
#include <vector>

namespace hfd {

class Recorder;

class RecordingFiles {
public:
    explicit RecordingFiles(const Recorder& recorder) : recorder_(recorder) {}
    ~RecordingFiles();
    // Creates the temporary file and writes the header; false (error()) when it cannot.
    bool add_csv(const std::string& path, GroupMask groups);
    // `expected_rows` is the header's row count; a file committed with fewer
    // rows has its count rewritten in the same width, padded with trailing
    // spaces ("nRows=11  " for 1001 expected).
    bool add_sto(const std::string& path, const std::string& name, size_t expected_rows);
    bool empty() const { return files_.empty(); }

    // The sink of Recorder::stream_to.
    bool write_rows(const double* rows, size_t count);
    // Every file under its name (partial: partial_file_name(name)); false
    // (error()) when one could not be completed.
    bool commit(bool partial);
    // The names the files were committed under.
    std::vector<std::string> committed_paths() const;
    const std::string& error() const { return error_; }

private:
    struct File {
        std::unique_ptr<AtomicFile> file;
        RowFormatter formatter;
        size_t sto_count_offset = 0, sto_count_digits = 0;  // 0 digits: a CSV
        std::string committed_as;
    };
    bool add(const std::string& path, std::vector<size_t> columns, char separator, const std::string& header);

    const Recorder& recorder_;
    std::vector<File> files_;
    std::string text_, error_;
    size_t rows_ = 0;
};

}  // namespace hfd
