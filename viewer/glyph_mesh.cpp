#include "glyph_mesh.h"

#include "qt3d_geometry.h"
#include "qt3d_helpers.h"

#include <Qt3DCore/QAttribute>
#include <Qt3DCore/QBuffer>
#include <Qt3DCore/QEntity>
#include <Qt3DCore/QGeometry>
#include <Qt3DExtras/QPerVertexColorMaterial>
#include <Qt3DRender/QGeometryRenderer>

#include <algorithm>
#include <cstring>

namespace hfd {
namespace {

using Qt3DCore::QAttribute;

constexpr int vertex_stride = glyph_vertex_floats * sizeof(float);
// QPerVertexColorMaterial lights a colour c as about c * (1 + diffuse light); scaled
// so the glyphs come out near the Phong overlay colours (0.5 c ambient + c diffuse).
constexpr float shade = 0.7f;

}  // namespace

GlyphMesh::GlyphMesh(Qt3DCore::QEntity* parent, std::size_t arrow_slots, std::size_t dot_slots, const ArrowShape& shape,
                     DepthSlice depth)
    : shape_(shape) {
    auto* entity = new Qt3DCore::QEntity(parent);
    renderer_ = new Qt3DRender::QGeometryRenderer(entity);
    auto* geometry = new Qt3DCore::QGeometry(renderer_);
    vertex_buffer_ = new Qt3DCore::QBuffer(geometry);
    vertex_buffer_->setUsage(Qt3DCore::QBuffer::StreamDraw);
    vertex_attributes_ = {add_float3_attribute(geometry, vertex_buffer_, QAttribute::defaultPositionAttributeName(),
                                               glyph_vertex_floats, 0, 0),
                          add_float3_attribute(geometry, vertex_buffer_, QAttribute::defaultNormalAttributeName(),
                                               glyph_vertex_floats, 3, 0),
                          add_float3_attribute(geometry, vertex_buffer_, QAttribute::defaultColorAttributeName(),
                                               glyph_vertex_floats, 6, 0)};
    index_buffer_ = new Qt3DCore::QBuffer(geometry);
    index_attribute_ = add_index_attribute(geometry, index_buffer_, 0);
    renderer_->setGeometry(geometry);
    renderer_->setPrimitiveType(Qt3DRender::QGeometryRenderer::Triangles);
    // at least one slot each: Qt3D is given a buffer with data from the start
    allocate(std::max<std::size_t>(arrow_slots, 1), std::max<std::size_t>(dot_slots, 1));

    auto* material = new Qt3DExtras::QPerVertexColorMaterial(entity);
    draw_in_front(material, depth.near, depth.far);
    entity->addComponent(renderer_);
    entity->addComponent(material);
}

// New slot counts: the triangles are rebuilt and every slot starts empty.
void GlyphMesh::allocate(std::size_t arrows, std::size_t dots) {
    layout_ = glyph_layout(arrows, dots);
    const std::size_t vertices = layout_.vertex_count();
    QByteArray empty(qsizetype(vertices) * vertex_stride, Qt::Uninitialized);
    write_collapsed(reinterpret_cast<float*>(empty.data()), vertices);
    vertex_buffer_->setData(empty);
    for (QAttribute* attribute : vertex_attributes_) attribute->setCount(uint(vertices));
    QByteArray indices(qsizetype(layout_.indices.size() * sizeof(std::uint32_t)), Qt::Uninitialized);
    std::memcpy(indices.data(), layout_.indices.data(), std::size_t(indices.size()));
    index_buffer_->setData(indices);
    index_attribute_->setCount(uint(layout_.indices.size()));
    renderer_->setVertexCount(int(layout_.indices.size()));
}

void GlyphMesh::set(const std::vector<GlyphArrow>& arrows, const std::vector<GlyphDot>& dots) {
    if (arrows.size() > layout_.arrows || dots.size() > layout_.dots)
        allocate(std::max(arrows.size(), 2 * layout_.arrows), std::max(dots.size(), 2 * layout_.dots));
    // A new array each pose (the same size): the buffer shares the one it was given.
    QByteArray bytes(qsizetype(layout_.vertex_count()) * vertex_stride, Qt::Uninitialized);
    auto* vertices = reinterpret_cast<float*>(bytes.data());
    for (std::size_t a = 0; a < layout_.arrows; ++a) {
        float* slot = vertices + a * arrow_vertex_count * glyph_vertex_floats;
        if (a < arrows.size()) write_arrow(slot, arrows[a].tail, arrows[a].tip, shape_, shade * arrows[a].color);
        else write_collapsed(slot, arrow_vertex_count);
    }
    for (std::size_t d = 0; d < layout_.dots; ++d) {
        float* slot = vertices + (layout_.first_dot_vertex() + d * dot_vertex_count) * glyph_vertex_floats;
        if (d < dots.size()) write_dot(slot, dots[d].centre, dots[d].radius, shade * dots[d].color);
        else write_collapsed(slot, dot_vertex_count);
    }
    vertex_buffer_->setData(bytes);
}

}  // namespace hfd
