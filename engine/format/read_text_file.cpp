#include "format/read_text_file.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace hfd {

std::optional<std::string> read_text_file(const std::string& path) {
    std::error_code ignored;
    std::ifstream in(path, std::ios::binary);
    if (!in || std::filesystem::is_directory(path, ignored)) return std::nullopt;
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) return std::nullopt;
    return std::move(text).str();
}

std::string_view without_byte_order_mark(std::string_view text) {
    constexpr std::string_view mark = "\xEF\xBB\xBF";
    if (text.substr(0, mark.size()) == mark) text.remove_prefix(mark.size());
    return text;
}

std::string quoted(std::string_view text) {
    static constexpr char hex[] = "0123456789ABCDEF";
    std::string out(1, '\'');
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte >= 0x20 && byte != 0x7f) {
            out.push_back(c);
            continue;
        }
        out.append("\\x");
        out.push_back(hex[byte >> 4]);
        out.push_back(hex[byte & 15]);
    }
    out.push_back('\'');
    return out;
}

bool TextLines::next(std::string_view& line) {
    if (done_ || rest_.empty()) {
        done_ = true;
        return false;
    }
    const size_t end = rest_.find_first_of("\r\n");
    ++number_;
    if (end == std::string_view::npos) {
        line = rest_;
        rest_ = {};
        return true;
    }
    line = rest_.substr(0, end);
    const size_t ending = rest_.compare(end, 2, "\r\n") == 0 ? 2 : 1;
    rest_.remove_prefix(end + ending);
    return true;
}

}  // namespace hfd
