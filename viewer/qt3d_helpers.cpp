#include "qt3d_helpers.h"

#include <Qt3DCore/QEntity>
#include <Qt3DCore/QTransform>
#include <Qt3DExtras/QConeMesh>
#include <Qt3DExtras/QCuboidMesh>
#include <Qt3DExtras/QCylinderMesh>
#include <Qt3DExtras/QPhongMaterial>
#include <Qt3DRender/QDepthRange>
#include <Qt3DRender/QEffect>
#include <Qt3DRender/QMaterial>
#include <Qt3DRender/QRenderPass>
#include <Qt3DRender/QTechnique>
#include <Qt3DExtras/QSphereMesh>

#include <algorithm>

namespace hfd {

QColor to_qcolor(const Eigen::Vector4d& rgba) {
    const Eigen::Vector4d c = rgba.cwiseMax(0.0).cwiseMin(1.0);
    return QColor::fromRgbF(float(c[0]), float(c[1]), float(c[2]), float(c[3]));
}

void set_material_color(Qt3DExtras::QPhongMaterial* material, const QColor& color, double ambient_fraction) {
    material->setDiffuse(color);
    material->setAmbient(QColor::fromRgbF(float(color.redF() * ambient_fraction),
                                          float(color.greenF() * ambient_fraction),
                                          float(color.blueF() * ambient_fraction)));
}

Qt3DExtras::QPhongMaterial* make_material(const QColor& color, Qt3DCore::QNode* parent, double ambient_fraction) {
    auto* material = new Qt3DExtras::QPhongMaterial(parent);
    set_material_color(material, color, ambient_fraction);
    material->setSpecular(QColor::fromRgbF(0.15f, 0.15f, 0.15f));
    material->setShininess(30);
    return material;
}

Qt3DExtras::QPhongMaterial* make_overlay_material(const QColor& color, Qt3DCore::QNode* parent) {
    Qt3DExtras::QPhongMaterial* material = make_material(color, parent, 0.5);
    draw_in_front(material);
    return material;
}

// Depths squeezed into the front 0.1 % of the depth buffer: the overlay wins
// the depth test against every body whatever the draw order, and overlays
// still hide each other in their own order.
void draw_in_front(Qt3DRender::QMaterial* material, double near, double far) {
    for (Qt3DRender::QTechnique* technique : material->effect()->techniques())
        for (Qt3DRender::QRenderPass* pass : technique->renderPasses()) {
            auto* range = new Qt3DRender::QDepthRange(pass);
            range->setNearValue(near);
            range->setFarValue(far);
            pass->addRenderState(range);
        }
}

UnitMeshes make_unit_meshes(Qt3DCore::QNode* parent) {
    UnitMeshes meshes;
    meshes.sphere = new Qt3DExtras::QSphereMesh(parent);
    meshes.sphere->setRadius(1);
    meshes.sphere->setRings(14);
    meshes.sphere->setSlices(20);
    meshes.marker_sphere = new Qt3DExtras::QSphereMesh(parent);
    meshes.marker_sphere->setRadius(1);
    meshes.marker_sphere->setRings(10);
    meshes.marker_sphere->setSlices(14);
    meshes.cylinder = new Qt3DExtras::QCylinderMesh(parent);
    meshes.cylinder->setRadius(1);
    meshes.cylinder->setLength(1);
    meshes.cylinder->setSlices(16);
    meshes.cone = new Qt3DExtras::QConeMesh(parent);
    meshes.cone->setBottomRadius(1);
    meshes.cone->setTopRadius(0);
    meshes.cone->setLength(1);
    meshes.cone->setSlices(16);
    meshes.cube = new Qt3DExtras::QCuboidMesh(parent);
    return meshes;
}

Qt3DCore::QEntity* make_entity(Qt3DCore::QNode* parent, Qt3DCore::QTransform** transform,
                               std::initializer_list<Qt3DCore::QComponent*> components) {
    auto* entity = new Qt3DCore::QEntity(parent);
    auto* t = new Qt3DCore::QTransform(entity);
    entity->addComponent(t);
    for (Qt3DCore::QComponent* component : components)
        if (component) entity->addComponent(component);
    if (transform) *transform = t;
    return entity;
}

Quat rotation_from_y(const Vec3& direction) {
    const double length = direction.norm();
    if (length < 1e-12) return Quat::Identity();
    const Vec3 unit = direction / length;
    if (unit.y() < -0.999999) return Quat(Eigen::AngleAxisd(3.14159265358979323846, Vec3::UnitX()));
    return Quat::FromTwoVectors(Vec3::UnitY(), unit);
}

void set_segment_transform(Qt3DCore::QTransform* transform, const Vec3& a, const Vec3& b, double radius) {
    const Vec3 span = b - a;
    transform->setTranslation(to_qt(0.5 * (a + b)));
    transform->setRotation(to_qt(rotation_from_y(span)));
    transform->setScale3D(QVector3D(float(radius), float(std::max(span.norm(), 1e-6)), float(radius)));
}

}  // namespace hfd
