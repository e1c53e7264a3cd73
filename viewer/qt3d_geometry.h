#pragma once
// Upload of plain triangle and line data as Qt3D geometry renderers.
#include "draw/triangle_mesh.h"

namespace Qt3DCore {
class QNode;
}
namespace Qt3DRender {
class QGeometryRenderer;
}

namespace hfd {

Qt3DRender::QGeometryRenderer* make_triangle_renderer(const TriangleMesh& mesh, Qt3DCore::QNode* parent);

// Pairs of end points, drawn as GL lines (normals point along +y).
Qt3DRender::QGeometryRenderer* make_line_renderer(const std::vector<Eigen::Vector3f>& segment_points,
                                                  Qt3DCore::QNode* parent);

}  // namespace hfd
