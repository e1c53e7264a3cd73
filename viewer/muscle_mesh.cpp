#include "muscle_mesh.h"

#include "qt3d_geometry.h"

#include <Qt3DCore/QAttribute>
#include <Qt3DCore/QBuffer>
#include <Qt3DCore/QEntity>
#include <Qt3DCore/QGeometry>
#include <Qt3DCore/QTransform>
#include <Qt3DExtras/QPerVertexColorMaterial>
#include <Qt3DRender/QGeometryRenderer>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace hfd {
namespace {

using Qt3DCore::QAttribute;

constexpr double muscle_radius = 0.005;
// QPerVertexColorMaterial lights a vertex colour c as about c * (1 + diffuse light):
// c itself is the ambient term. Scaled down so the lit side does not saturate and the
// tubes look round, as the Phong materials of the bodies do.
constexpr float shade = 0.6f;
constexpr int vertex_stride = tube_vertex_floats * sizeof(float);

std::vector<std::size_t> path_point_counts(const Model& model) {
    std::vector<std::size_t> points;
    points.reserve(model.muscles.size());
    for (const Muscle& muscle : model.muscles) points.push_back(muscle.path.size());
    return points;
}

}  // namespace

QColor activation_color(double activation) {
    const double a = std::isfinite(activation) ? std::clamp(activation, 0.0, 1.0) : 0.0;
    return QColor::fromRgbF(float(a), 0.0f, float(1 - a));
}

double muscle_width_scale(double force, double max_isometric_force) {
    if (!(max_isometric_force > 0) || !std::isfinite(force)) return 1;
    return std::clamp(0.4 + 1.6 * force / max_isometric_force, 0.4, 2.5);
}

MuscleMesh::MuscleMesh(Qt3DCore::QEntity* parent, const Model& model) : layout_(tube_layout(path_point_counts(model))) {
    if (layout_.indices.empty()) return;  // no muscle with a path: nothing to draw
    auto* renderer = new Qt3DRender::QGeometryRenderer();
    auto* geometry = new Qt3DCore::QGeometry(renderer);
    vertex_buffer_ = new Qt3DCore::QBuffer(geometry);
    vertex_buffer_->setUsage(Qt3DCore::QBuffer::StreamDraw);
    vertex_buffer_->setData(QByteArray(qsizetype(layout_.vertex_count()) * vertex_stride, '\0'));
    const std::size_t count = layout_.vertex_count();
    add_float3_attribute(geometry, vertex_buffer_, QAttribute::defaultPositionAttributeName(), tube_vertex_floats, 0,
                         count);
    add_float3_attribute(geometry, vertex_buffer_, QAttribute::defaultNormalAttributeName(), tube_vertex_floats, 3,
                         count);
    add_float3_attribute(geometry, vertex_buffer_, QAttribute::defaultColorAttributeName(), tube_vertex_floats, 6,
                         count);

    QByteArray indices(qsizetype(layout_.indices.size() * sizeof(std::uint32_t)), Qt::Uninitialized);
    std::memcpy(indices.data(), layout_.indices.data(), std::size_t(indices.size()));
    auto* index_buffer = new Qt3DCore::QBuffer(geometry);
    index_buffer->setData(indices);
    add_index_attribute(geometry, index_buffer, layout_.indices.size());

    renderer->setGeometry(geometry);
    renderer->setPrimitiveType(Qt3DRender::QGeometryRenderer::Triangles);
    renderer->setVertexCount(int(layout_.indices.size()));

    entity_ = new Qt3DCore::QEntity(parent);
    transform_ = new Qt3DCore::QTransform(entity_);
    renderer->setParent(entity_);
    entity_->addComponent(transform_);
    entity_->addComponent(renderer);
    entity_->addComponent(new Qt3DExtras::QPerVertexColorMaterial(entity_));
}

void MuscleMesh::set_pose(const Model& model, const PoseSnapshot& pose, bool width_by_force) {
    if (!vertex_buffer_ || !visible_) return;
    // A new array each pose (the same size): the buffer shares the one it was given.
    QByteArray bytes(qsizetype(layout_.vertex_count()) * vertex_stride, Qt::Uninitialized);
    auto* vertices = reinterpret_cast<float*>(bytes.data());
    static const std::vector<Vec3> no_path;
    for (std::size_t m = 0; m < layout_.path_points.size(); ++m) {
        const bool by_force = width_by_force && m < pose.muscle_force.size() && m < model.muscles.size();
        const double radius =
            by_force ? muscle_radius * muscle_width_scale(pose.muscle_force[m], model.muscles[m].max_isometric_force)
                     : muscle_radius;
        const QColor color = activation_color(m < pose.muscle_activation.size() ? pose.muscle_activation[m] : 0.0);
        write_tube(layout_, m, m < pose.muscle_path.size() ? pose.muscle_path[m] : no_path, radius,
                   shade * Eigen::Vector3f(color.redF(), color.greenF(), color.blueF()), vertices);
    }
    vertex_buffer_->setData(bytes);
}

void MuscleMesh::set_visible(bool visible) {
    visible_ = visible;
    if (transform_) transform_->setScale(visible ? 1 : 0);
}

}  // namespace hfd
