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

}  // namespace hfd
