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
