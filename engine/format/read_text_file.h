#pragma once
// Reading a whole file, for every reader (the .hfd parser, state and excitation
// files, OpenSim import, sweep files, trajectories): one place decides what
// "cannot open" means, what a byte order mark is and where a line ends.
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

namespace hfd {

// The whole content of a file, read as bytes; nullopt when it cannot be opened
// or read, or is a directory.
std::optional<std::string> read_text_file(const std::string& path);

// The text without a leading UTF-8 byte order mark (editors on Windows write one;
// it is not part of the first line's content).
std::string_view without_byte_order_mark(std::string_view text);

// 'text' for a message about a file's content, with control bytes written as
// \xNN: a NUL or an escape sequence read from a file neither cuts the message
// short nor reaches the terminal.
std::string quoted(std::string_view text);

// The lines of a text, for the line-based readers (CSV, sweep, parameter files):
// a line ends at "\n", "\r\n" or a lone "\r" (old Mac files), and the byte order
// mark is skipped. number() is the 1-based number of the line last returned.
class TextLines {
public:
    explicit TextLines(std::string_view text) : rest_(without_byte_order_mark(text)) {}
    // The next line without its line end; false after the last one. A text that
    // ends with a line end has no empty line after it.
    bool next(std::string_view& line);
    int number() const { return number_; }

private:
    std::string_view rest_;
    int number_ = 0;
    bool done_ = false;
};

// The lines of a file read a block at a time, for files too long to hold (a
// motion of millions of rows): the same lines as TextLines of the whole file,
// in the memory of one block and the longest line.
class FileLines {
public:
    explicit FileLines(const std::string& path);
    ~FileLines();
    FileLines(const FileLines&) = delete;
    FileLines& operator=(const FileLines&) = delete;

    // False when the file cannot be opened or is a directory.
    bool is_open() const { return file_ != nullptr; }
    // The next line without its line end, valid until the next call; false
    // after the last one, or when reading failed (then failed() is true).
    bool next(std::string_view& line);
    int number() const { return number_; }
    bool failed() const { return failed_; }

private:
    // Appends the next block to buffer_ (dropping what was returned already);
    // false at the end of the file or on a read error.
    bool read_block();

    static constexpr size_t block_size = 1 << 16;
    std::FILE* file_ = nullptr;
    std::string buffer_;
    size_t begin_ = 0;    // of the first byte not returned yet
    size_t scanned_ = 0;  // buffer_ from begin_ up to here holds no line end
    int number_ = 0;
    bool at_end_ = false, failed_ = false, first_block_ = true;
};

}  // namespace hfd
