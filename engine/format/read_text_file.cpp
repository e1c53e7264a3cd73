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

FileLines::FileLines(const std::string& path) {
    std::error_code ignored;
    if (std::filesystem::is_directory(path, ignored)) return;
    file_ = std::fopen(path.c_str(), "rb");
}

FileLines::~FileLines() {
    if (file_) std::fclose(file_);
}

bool FileLines::read_block() {
    if (at_end_) return false;
    // what was returned goes; the line being read moves to the front (once per line)
    buffer_.erase(0, begin_);
    scanned_ -= begin_;
    begin_ = 0;
    const size_t kept = buffer_.size();
    buffer_.resize(kept + block_size);
    const size_t read = std::fread(buffer_.data() + kept, 1, block_size, file_);
    buffer_.resize(kept + read);
    if (read < block_size) {
        at_end_ = true;
        failed_ = std::ferror(file_) != 0;
    }
    if (first_block_) {
        first_block_ = false;
        const size_t mark = buffer_.size() - without_byte_order_mark(buffer_).size();
        begin_ = scanned_ = mark;
    }
    return read > 0;
}

bool FileLines::next(std::string_view& line) {
    if (!file_) return false;
    for (;;) {
        const size_t end = buffer_.find_first_of("\r\n", scanned_);
        // a '\r' that ends the block may be the first half of "\r\n"
        const bool need_more = end == std::string::npos || (buffer_[end] == '\r' && end + 1 == buffer_.size());
        if (need_more && !at_end_) {
            scanned_ = end == std::string::npos ? buffer_.size() : end;
            read_block();
            continue;
        }
        if (failed_) return false;
        if (end == std::string::npos) {
            if (begin_ == buffer_.size()) return false;
            line = std::string_view(buffer_).substr(begin_);
            begin_ = scanned_ = buffer_.size();
            ++number_;
            return true;
        }
        line = std::string_view(buffer_).substr(begin_, end - begin_);
        const size_t ending = buffer_.compare(end, 2, "\r\n") == 0 ? 2 : 1;
        begin_ = scanned_ = end + ending;
        ++number_;
        return true;
    }
}

}  // namespace hfd
