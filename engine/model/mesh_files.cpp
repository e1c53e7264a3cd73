#include "model/mesh_files.h"

#include <filesystem>

namespace hfd {

MeshFileLookup find_mesh_file(const std::string& model_directory, const std::string& file) {
    namespace fs = std::filesystem;
    MeshFileLookup lookup;
    if (file.empty()) return lookup;
    const fs::path given(file);
    if (given.is_absolute()) {
        lookup.tried.push_back(given.lexically_normal().string());
    } else if (!model_directory.empty()) {
        const fs::path dir(model_directory);
        for (const fs::path& candidate : {dir / given, dir / "geometry" / given, dir / "Geometry" / given})
            lookup.tried.push_back(candidate.lexically_normal().string());
    }
    std::error_code ec;
    for (const std::string& candidate : lookup.tried)
        if (fs::is_regular_file(candidate, ec)) {
            lookup.path = candidate;
            break;
        }
    return lookup;
}

std::string missing_mesh_message(const std::string& file, const MeshFileLookup& lookup) {
    std::string message = "mesh file '" + file + "' not found";
    if (lookup.tried.empty()) return message + " (the model has no folder yet: save it to resolve relative mesh files)";
    message += " (tried ";
    for (size_t i = 0; i < lookup.tried.size(); ++i) message += (i ? ", '" : "'") + lookup.tried[i] + "'";
    return message + ")";
}

std::vector<Diagnostic> missing_mesh_warnings(const Model& model) {
    std::vector<Diagnostic> warnings;
    for (const Mesh& mesh : model.meshes) {
        if (mesh.file.empty()) continue;
        const MeshFileLookup lookup = find_mesh_file(model.directory, mesh.file);
        if (lookup.path.empty())
            warnings.push_back({Severity::Warning, mesh.location, missing_mesh_message(mesh.file, lookup)});
    }
    return warnings;
}

std::string model_directory_of(const std::string& file_name) {
    if (file_name.empty()) return {};
    std::error_code ec;
    const std::filesystem::path absolute = std::filesystem::absolute(file_name, ec);
    return (ec ? std::filesystem::path(file_name) : absolute).parent_path().lexically_normal().string();
}

}  // namespace hfd
