#pragma once
// Small conversions and builders shared by the Qt3D scene files.
#include "model/math_types.h"

#include <QColor>
#include <QQuaternion>
#include <QVector3D>

namespace Qt3DCore {
class QEntity;
class QNode;
class QTransform;
class QComponent;
}  // namespace Qt3DCore
namespace Qt3DRender {
class QMaterial;
}
namespace Qt3DExtras {
class QPhongMaterial;
class QSphereMesh;
class QCylinderMesh;
class QConeMesh;
class QCuboidMesh;
}  // namespace Qt3DExtras

namespace hfd {

inline QVector3D to_qt(const Vec3& v) { return QVector3D(float(v.x()), float(v.y()), float(v.z())); }
inline QQuaternion to_qt(const Quat& q) { return QQuaternion(float(q.w()), float(q.x()), float(q.y()), float(q.z())); }
inline Vec3 from_qt(const QVector3D& v) { return Vec3(v.x(), v.y(), v.z()); }
QColor to_qcolor(const Eigen::Vector4d& rgba);

// Lit material: diffuse = colour, ambient = `ambient_fraction` of it.
Qt3DExtras::QPhongMaterial* make_material(const QColor& color, Qt3DCore::QNode* parent, double ambient_fraction = 0.3);
// A material drawn in front of every body (force arrows, markers that sit inside
// the bodies they describe).
Qt3DExtras::QPhongMaterial* make_overlay_material(const QColor& color, Qt3DCore::QNode* parent);
// Makes every pass of `material` draw in front of the bodies, as make_overlay_material's:
// its depths squeezed into [near, far] of the depth buffer's front 0.1 %. A smaller
// slice nearer the front wins against the rest of the overlays whatever the draw order.
void draw_in_front(Qt3DRender::QMaterial* material, double near = 0, double far = 0.001);
void set_material_color(Qt3DExtras::QPhongMaterial* material, const QColor& color, double ambient_fraction = 0.3);

// Unit primitives shared by many entities (radius 1, length 1, along y).
struct UnitMeshes {
    Qt3DExtras::QSphereMesh* sphere = nullptr;
    // For small spheres (markers, joint anchors, a few pixels to a few tens across):
    // far fewer triangles, which a software rasterizer shades a block of pixels each.
    Qt3DExtras::QSphereMesh* marker_sphere = nullptr;
    Qt3DExtras::QCylinderMesh* cylinder = nullptr;
    Qt3DExtras::QConeMesh* cone = nullptr;
    Qt3DExtras::QCuboidMesh* cube = nullptr;
};
UnitMeshes make_unit_meshes(Qt3DCore::QNode* parent);

// An entity under `parent` with a transform and the given components.
Qt3DCore::QEntity* make_entity(Qt3DCore::QNode* parent, Qt3DCore::QTransform** transform,
                               std::initializer_list<Qt3DCore::QComponent*> components);

// Places a unit y-cylinder so it spans a -> b with the given radius.
void set_segment_transform(Qt3DCore::QTransform* transform, const Vec3& a, const Vec3& b, double radius);

// Rotation taking +y onto `direction` (any unit vector, including -y).
Quat rotation_from_y(const Vec3& direction);

}  // namespace hfd
