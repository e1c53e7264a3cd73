#include "mesh_loader.h"

#include "obj_loader.h"
#include "vtp_loader.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace hfd {
namespace {

std::string lowercase_extension(const std::string& path) {
    std::string ext = std::filesystem::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return ext;
}

}  // namespace

MeshLoadResult load_mesh_file(const std::string& path) {
    const std::string ext = lowercase_extension(path);
    if (ext == ".vtp") return load_vtp_file(path);
    if (ext == ".obj") return load_obj_file(path);
    MeshLoadResult result;
    result.error = "unsupported mesh format '" + ext + "' (expected .vtp or .obj)";
    return result;
}

}  // namespace hfd
