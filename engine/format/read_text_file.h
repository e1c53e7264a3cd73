#pragma once
// Reading a whole file, for every reader (the .hfd parser, state and excitation
// files, OpenSim import, sweep files, trajectories): one place decides what
// "cannot open" means, what a byte order mark is and where a line ends.
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

}  // namespace hfd
