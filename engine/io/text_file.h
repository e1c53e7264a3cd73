#pragma once
// Text output shared by the CSV / .sto / event writers: files are written to a
// temporary file next to the target and renamed over it only when complete, so
// an interrupted export (exception, write error, killed process) never leaves
// a truncated file under the final name. Numbers are written in the shortest
// form that reads back to the same double, with '.' whatever the locale.
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace hfd {

// The whole content of a file, read as bytes; nullopt when it cannot be opened.
std::optional<std::string> read_text_file(const std::string& path);

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
// (std::to_chars): "0.1", "1e-300", "-0", "nan", "inf".
void append_number(std::string& out, double value);

// Appends `field` as one CSV field (RFC 4180): quoted, with doubled quotes,
// when it holds a comma, a quote, a line break or leading/trailing spaces.
void append_csv_field(std::string& out, std::string_view field);

}  // namespace hfd
