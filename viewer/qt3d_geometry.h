#pragma once
// Upload of plain triangle and line data as Qt3D geometry renderers.
#include "draw/triangle_mesh.h"

#include <cstddef>

class QString;
namespace Qt3DCore {
class QAttribute;
class QBuffer;
class QGeometry;
class QNode;
}  // namespace Qt3DCore
namespace Qt3DRender {
class QGeometryRenderer;
}

namespace hfd {

// Adds to geometry a 3-float vertex attribute `name` of an interleaved float buffer:
// vertices of stride_floats floats, the attribute at float first_float of each, count vertices.
Qt3DCore::QAttribute* add_float3_attribute(Qt3DCore::QGeometry* geometry, Qt3DCore::QBuffer* buffer,
                                           const QString& name, int stride_floats, int first_float, std::size_t count);
// Adds to geometry the index attribute of a buffer of 32-bit vertex indices (count of them).
Qt3DCore::QAttribute* add_index_attribute(Qt3DCore::QGeometry* geometry, Qt3DCore::QBuffer* buffer, std::size_t count);

Qt3DRender::QGeometryRenderer* make_triangle_renderer(const TriangleMesh& mesh, Qt3DCore::QNode* parent);

// Pairs of end points, drawn as GL lines (normals point along +y).
Qt3DRender::QGeometryRenderer* make_line_renderer(const std::vector<Eigen::Vector3f>& segment_points,
                                                  Qt3DCore::QNode* parent);

}  // namespace hfd
