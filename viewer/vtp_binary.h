#pragma once
// The binary DataArray encoding of VTK XML files: base64 text holding a
// header (byte count, or block table when compressed) followed by the data.
#include <cstddef>
#include <string>
#include <vector>

namespace hfd {

struct VtpEncoding {
    bool little_endian = true;
    int header_bytes = 4;  // UInt32 or UInt64 header values
    bool zlib = false;
    std::string unsupported_compressor;
};

// Decodes one array starting at `offset` in `base64_text` into values of the
// VTK scalar `type` (Int8..UInt64, Float32, Float64). "" on success.
std::string decode_binary_array(const std::string& base64_text, std::size_t offset, const std::string& type,
                                const VtpEncoding& encoding, std::vector<double>& values);

}  // namespace hfd
