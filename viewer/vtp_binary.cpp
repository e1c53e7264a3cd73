#include "vtp_binary.h"

#include <zlib.h>

#include <cstdint>
#include <cstring>

namespace hfd {
namespace {

int base64_value(char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

// Reads bytes from base64 text one 4-character group at a time. A group with
// '=' padding yields fewer bytes and the next group starts afresh, so headers
// encoded separately from their data (as VTK writes them) and headers encoded
// together with the data both decode to the same byte stream.
class Base64Stream {
public:
    Base64Stream(const std::string& text, std::size_t offset) : text_(text), pos_(offset) {}

    bool read(std::size_t count, std::vector<std::uint8_t>& out) {
        out.clear();
        out.reserve(count);
        while (out.size() < count) {
            if (pending_begin_ < pending_.size()) {
                out.push_back(pending_[pending_begin_++]);
                continue;
            }
            if (!decode_group()) return false;
        }
        return true;
    }

private:
    bool decode_group() {
        char group[4];
        int filled = 0;
        while (filled < 4 && pos_ < text_.size()) {
            const char c = text_[pos_++];
            if (c == ' ' || c == '\n' || c == '\r' || c == '\t') continue;
            group[filled++] = c;
        }
        if (filled < 4) return false;
        int values[4];
        int padding = 0;
        for (int i = 0; i < 4; ++i) {
            if (group[i] == '=' && i >= 2) {
                values[i] = 0;
                ++padding;
            } else {
                values[i] = base64_value(group[i]);
                if (values[i] < 0 || padding > 0) return false;
            }
        }
        const std::uint32_t bits = std::uint32_t(values[0]) << 18 | std::uint32_t(values[1]) << 12 |
                                   std::uint32_t(values[2]) << 6 | std::uint32_t(values[3]);
        pending_.clear();
        pending_begin_ = 0;
        pending_.push_back(std::uint8_t(bits >> 16));
        if (padding < 2) pending_.push_back(std::uint8_t(bits >> 8));
        if (padding < 1) pending_.push_back(std::uint8_t(bits));
        return true;
    }

    const std::string& text_;
    std::size_t pos_;
    std::vector<std::uint8_t> pending_;
    std::size_t pending_begin_ = 0;
};

std::uint64_t unsigned_value(const std::uint8_t* bytes, int size, bool little_endian) {
    std::uint64_t value = 0;
    for (int i = 0; i < size; ++i) {
        const int index = little_endian ? size - 1 - i : i;
        value = value << 8 | bytes[index];
    }
    return value;
}

struct ScalarType {
    int size = 0;
    bool is_float = false, is_signed = false;
};

ScalarType scalar_type(const std::string& name) {
    if (name == "Int8") return {1, false, true};
    if (name == "UInt8") return {1, false, false};
    if (name == "Int16") return {2, false, true};
    if (name == "UInt16") return {2, false, false};
    if (name == "Int32") return {4, false, true};
    if (name == "UInt32") return {4, false, false};
    if (name == "Int64") return {8, false, true};
    if (name == "UInt64") return {8, false, false};
    if (name == "Float32") return {4, true, true};
    if (name == "Float64") return {8, true, true};
    return {};
}

double scalar_value(const std::uint8_t* bytes, ScalarType type, bool little_endian) {
    const std::uint64_t raw = unsigned_value(bytes, type.size, little_endian);
    if (type.is_float && type.size == 4) {
        const std::uint32_t bits = std::uint32_t(raw);
        float f;
        std::memcpy(&f, &bits, 4);
        return f;
    }
    if (type.is_float) {
        double d;
        std::memcpy(&d, &raw, 8);
        return d;
    }
    if (!type.is_signed) return double(raw);
    const int shift = 64 - 8 * type.size;  // sign-extend
    return double(std::int64_t(raw << shift) >> shift);
}

std::string read_header_values(Base64Stream& stream, const VtpEncoding& encoding, std::size_t count,
                               std::vector<std::uint64_t>& values) {
    std::vector<std::uint8_t> bytes;
    if (!stream.read(count * std::size_t(encoding.header_bytes), bytes))
        return "binary header is truncated or not base64";
    values.resize(count);
    for (std::size_t i = 0; i < count; ++i)
        values[i] = unsigned_value(bytes.data() + i * std::size_t(encoding.header_bytes), encoding.header_bytes,
                                   encoding.little_endian);
    return {};
}

// Compressed layout: [block count, block size, last block size, compressed
// size of each block] followed by the zlib streams of the blocks.
std::string read_compressed(Base64Stream& stream, const VtpEncoding& encoding, std::vector<std::uint8_t>& data) {
    std::vector<std::uint64_t> header;
    if (std::string e = read_header_values(stream, encoding, 3, header); !e.empty()) return e;
    const std::uint64_t block_count = header[0], block_size = header[1], last_block_size = header[2];
    if (block_count > (1u << 24) || block_size > (1ull << 32)) return "implausible compression header";
    std::vector<std::uint64_t> compressed_sizes;
    if (std::string e = read_header_values(stream, encoding, block_count, compressed_sizes); !e.empty()) return e;
    std::vector<std::uint8_t> compressed;
    for (std::uint64_t block = 0; block < block_count; ++block) {
        const bool last = block + 1 == block_count;
        const std::uint64_t expected = (last && last_block_size != 0) ? last_block_size : block_size;
        if (compressed_sizes[block] > (1ull << 32)) return "implausible compressed block size";
        if (!stream.read(compressed_sizes[block], compressed)) return "compressed data is truncated";
        const std::size_t start = data.size();
        data.resize(start + expected);
        uLongf length = uLongf(expected);
        if (uncompress(data.data() + start, &length, compressed.data(), uLong(compressed.size())) != Z_OK ||
            length != expected)
            return "zlib block " + std::to_string(block) + " does not decompress";
    }
    return {};
}

}  // namespace

std::string decode_binary_array(const std::string& base64_text, std::size_t offset, const std::string& type,
                                const VtpEncoding& encoding, std::vector<double>& values) {
    const ScalarType scalar = scalar_type(type);
    if (scalar.size == 0) return "unsupported DataArray type '" + type + "'";
    Base64Stream stream(base64_text, offset);
    std::vector<std::uint8_t> data;
    if (encoding.zlib) {
        if (std::string e = read_compressed(stream, encoding, data); !e.empty()) return e;
    } else {
        std::vector<std::uint64_t> byte_count;
        if (std::string e = read_header_values(stream, encoding, 1, byte_count); !e.empty()) return e;
        if (byte_count[0] > (1ull << 32)) return "implausible byte count";
        if (!stream.read(byte_count[0], data)) return "binary data is truncated";
    }
    if (data.size() % std::size_t(scalar.size) != 0) return "data size is not a multiple of the value size";
    const std::size_t count = data.size() / std::size_t(scalar.size);
    values.reserve(values.size() + count);
    for (std::size_t i = 0; i < count; ++i)
        values.push_back(scalar_value(data.data() + i * std::size_t(scalar.size), scalar, encoding.little_endian));
    return {};
}

}  // namespace hfd
