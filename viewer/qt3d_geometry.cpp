#include "qt3d_geometry.h"

#include <Qt3DCore/QAttribute>
#include <Qt3DCore/QBuffer>
#include <Qt3DCore/QGeometry>
#include <Qt3DRender/QGeometryRenderer>

#include <cstring>

namespace hfd {
namespace {

using Qt3DCore::QAttribute;

constexpr int vertex_floats = 6;  // position, normal
constexpr int vertex_stride = vertex_floats * sizeof(float);

Qt3DCore::QGeometry* interleaved_geometry(const std::vector<Eigen::Vector3f>& positions,
                                          const std::vector<Eigen::Vector3f>& normals, Qt3DCore::QNode* parent) {
    QByteArray vertices(qsizetype(positions.size()) * vertex_stride, Qt::Uninitialized);
    float* out = reinterpret_cast<float*>(vertices.data());
    for (std::size_t i = 0; i < positions.size(); ++i) {
        const Eigen::Vector3f normal = i < normals.size() ? normals[i] : Eigen::Vector3f::UnitY();
        const float values[6] = {positions[i].x(), positions[i].y(), positions[i].z(),
                                 normal.x(),       normal.y(),       normal.z()};
        std::memcpy(out + 6 * i, values, sizeof(values));
    }
    auto* geometry = new Qt3DCore::QGeometry(parent);
    auto* buffer = new Qt3DCore::QBuffer(geometry);
    buffer->setData(vertices);
    const int count = int(positions.size());
    add_float3_attribute(geometry, buffer, QAttribute::defaultPositionAttributeName(), vertex_floats, 0, count);
    add_float3_attribute(geometry, buffer, QAttribute::defaultNormalAttributeName(), vertex_floats, 3, count);
    return geometry;
}

}  // namespace

QAttribute* add_float3_attribute(Qt3DCore::QGeometry* geometry, Qt3DCore::QBuffer* buffer, const QString& name,
                                 int stride_floats, int first_float, std::size_t count) {
    auto* attribute = new QAttribute(geometry);
    attribute->setName(name);
    attribute->setAttributeType(QAttribute::VertexAttribute);
    attribute->setVertexBaseType(QAttribute::Float);
    attribute->setVertexSize(3);
    attribute->setBuffer(buffer);
    attribute->setByteStride(uint(stride_floats * sizeof(float)));
    attribute->setByteOffset(uint(first_float * sizeof(float)));
    attribute->setCount(uint(count));
    geometry->addAttribute(attribute);
    return attribute;
}

QAttribute* add_index_attribute(Qt3DCore::QGeometry* geometry, Qt3DCore::QBuffer* buffer, std::size_t count) {
    auto* attribute = new QAttribute(geometry);
    attribute->setAttributeType(QAttribute::IndexAttribute);
    attribute->setVertexBaseType(QAttribute::UnsignedInt);
    attribute->setBuffer(buffer);
    attribute->setCount(uint(count));
    geometry->addAttribute(attribute);
    return attribute;
}

Qt3DRender::QGeometryRenderer* make_triangle_renderer(const TriangleMesh& mesh, Qt3DCore::QNode* parent) {
    auto* renderer = new Qt3DRender::QGeometryRenderer(parent);
    Qt3DCore::QGeometry* geometry = interleaved_geometry(mesh.positions, mesh.normals, renderer);

    QByteArray indices(qsizetype(mesh.triangles.size()) * 3 * qsizetype(sizeof(std::uint32_t)), Qt::Uninitialized);
    if (!mesh.triangles.empty()) std::memcpy(indices.data(), mesh.triangles.data(), std::size_t(indices.size()));
    auto* index_buffer = new Qt3DCore::QBuffer(geometry);
    index_buffer->setData(indices);
    add_index_attribute(geometry, index_buffer, mesh.triangles.size() * 3);

    renderer->setGeometry(geometry);
    renderer->setPrimitiveType(Qt3DRender::QGeometryRenderer::Triangles);
    return renderer;
}

Qt3DRender::QGeometryRenderer* make_line_renderer(const std::vector<Eigen::Vector3f>& segment_points,
                                                  Qt3DCore::QNode* parent) {
    auto* renderer = new Qt3DRender::QGeometryRenderer(parent);
    renderer->setGeometry(interleaved_geometry(segment_points, {}, renderer));
    renderer->setPrimitiveType(Qt3DRender::QGeometryRenderer::Lines);
    renderer->setVertexCount(int(segment_points.size()));
    return renderer;
}

}  // namespace hfd
