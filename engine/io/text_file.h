#pragma once
// Text output shared by the CSV / .sto / event writers: files are written to a
// temporary file next to the target and renamed over it only when complete, so
// an interrupted export (exception, write error, killed process) never leaves
// a truncated file under the final name. Numbers are written in the shortest
// form that reads back to the same double, with '.' whatever the locale.
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace hfd {

// Receives consecutive pieces of a text; returns false when it could not take them.
using TextSink = std::function<bool(std::string_view)>;

// A file written in pieces under a temporary name next to its final one,
// "<path>.tmp-XXXXXX", and renamed only by commit(): a write that stops early
// (error, exception, signal) never leaves a truncated file under the final
// name, and the temporary file is removed when the AtomicFile is destroyed
// uncommitted (or discarded). Writes are gathered into large blocks.
class AtomicFile {
public:
    explicit AtomicFile(std::string path);
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    // Created and no write has failed (error() tells why not).
    bool ok() const { return fd_ >= 0 && error_.empty(); }
    const std::string& error() const { return error_; }
    const std::string& path() const { return path_; }
    const std::string& temporary_path() const { return temp_path_; }

    bool write(std::string_view text);
    // Overwrites bytes written before, from `offset` (e.g. a count in a header).
    bool write_at(size_t offset, std::string_view text);
    // Flushes to disk and renames to `target` (e.g. partial_file_name(path())).
    bool commit(const std::string& target);
    bool commit() { return commit(path_); }
    // Removes the temporary file now.
    void discard();

private:
    static constexpr size_t block_size = 1 << 16;
    bool write_through(std::string_view text);
    bool flush_buffer();

    std::string path_, temp_path_, error_, buffer_;
    int fd_ = -1;
    bool committed_ = false;
};

// "out.csv" -> "out.partial.csv" ("out" -> "out.partial"): where the rows of a
// run stopped before its end are kept.
std::string partial_file_name(const std::string& path);

// Calls produce(sink) where sink writes to "<path>.tmp-XXXXXX" in the same
// directory; when produce returns true and every write succeeded, the file is
// flushed to disk and renamed to path. Otherwise (false, a failed write, an
// exception) the temporary file is removed, path is left as it was, false is
// returned (exceptions propagate) and error tells why.
bool write_file_streamed(const std::string& path, const std::function<bool(const TextSink&)>& produce,
                         std::string* error = nullptr);

// Appends the shortest decimal text that parses back to exactly `value`
// (the text of std::to_chars, see shortest_double.h): "0.1", "1e-300", "-0", "nan", "inf".
void append_number(std::string& out, double value);

// append_number for a column written row after row: a value with the same bits as
// the previous row's reuses its text (recorded channels often repeat: constant
// excitations, zero out-of-plane components), ~20x cheaper than formatting it.
class NumberColumn {
public:
    void append(std::string& out, double value);

private:
    std::uint64_t bits_ = 0;    // of the previous value (0 and -0, NaNs, are told apart)
    unsigned char length_ = 0;  // of text_; 0 before the first value
    std::array<char, 32> text_;
};

// Appends `field` as one CSV field (RFC 4180): quoted, with doubled quotes,
// when it holds a comma, a quote, a line break or leading/trailing spaces.
void append_csv_field(std::string& out, std::string_view field);

}  // namespace hfd
