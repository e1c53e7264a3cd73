#include "obj_loader.h"

#include <tiny_obj_loader.h>

namespace hfd {
namespace {

MeshLoadResult mesh_from_reader(const tinyobj::ObjReader& reader) {
    MeshLoadResult result;
    if (!reader.Valid()) {
        result.error = reader.Error().empty() ? "cannot read the .obj data" : reader.Error();
        while (!result.error.empty() && (result.error.back() == '\n' || result.error.back() == '\r'))
            result.error.pop_back();
        return result;
    }
    const tinyobj::attrib_t& attrib = reader.GetAttrib();
    TriangleMesh& mesh = result.mesh;
    const std::size_t vertex_count = attrib.vertices.size() / 3;
    mesh.positions.reserve(vertex_count);
    for (std::size_t i = 0; i < vertex_count; ++i)
        mesh.positions.emplace_back(attrib.vertices[3 * i], attrib.vertices[3 * i + 1], attrib.vertices[3 * i + 2]);

    for (const tinyobj::shape_t& shape : reader.GetShapes()) {
        std::size_t offset = 0;
        for (unsigned char corner_count : shape.mesh.num_face_vertices) {
            // Polygons are fans around their first corner (tinyobjloader
            // already triangulates; this also covers untriangulated input).
            for (std::size_t k = 1; k + 1 < corner_count; ++k) {
                const int a = shape.mesh.indices[offset].vertex_index;
                const int b = shape.mesh.indices[offset + k].vertex_index;
                const int c = shape.mesh.indices[offset + k + 1].vertex_index;
                if (a < 0 || b < 0 || c < 0) {
                    result.error = "face refers to a missing vertex";
                    return result;
                }
                mesh.triangles.push_back({std::uint32_t(a), std::uint32_t(b), std::uint32_t(c)});
            }
            offset += corner_count;
        }
    }
    result.error = check_triangle_indices(mesh);
    if (result.ok() && mesh.triangles.empty()) result.error = "the .obj data has no faces";
    if (result.ok()) compute_vertex_normals(mesh);
    return result;
}

tinyobj::ObjReaderConfig reader_config() {
    tinyobj::ObjReaderConfig config;
    config.triangulate = true;
    config.vertex_color = false;
    return config;
}

}  // namespace

MeshLoadResult load_obj_file(const std::string& path) {
    tinyobj::ObjReader reader;
    reader.ParseFromFile(path, reader_config());
    return mesh_from_reader(reader);
}

MeshLoadResult parse_obj(const std::string& text) {
    tinyobj::ObjReader reader;
    reader.ParseFromString(text, std::string(), reader_config());
    return mesh_from_reader(reader);
}

}  // namespace hfd
