#include "push_drag.h"

#include "overlay_palette.h"

#include "qt3d_helpers.h"

#include <Qt3DCore/QEntity>
#include <Qt3DCore/QTransform>
#include <Qt3DExtras/QConeMesh>
#include <Qt3DExtras/QCylinderMesh>
#include <Qt3DExtras/QPhongMaterial>

#include <cmath>

namespace hfd {

namespace {
constexpr double shaft_radius = 0.006;  // m
constexpr double tip_length = 0.04, tip_radius = 0.015;
}  // namespace

Vec3 view_plane_point(const OrbitCamera& camera, double x, double y, double width, double height, const Vec3& through) {
    Vec3 origin, direction;
    camera.pixel_ray(x, y, width, height, origin, direction);
    const Vec3 normal = camera.eye_direction();
    const double along = normal.dot(direction);
    if (std::abs(along) < 1e-9) return through;  // a ray in the plane: no single point
    return origin + direction * (normal.dot(through - origin) / along);
}

Vec3 push_force(double body_mass, const Vec3& drag) { return push_stiffness * body_mass * drag; }

PushArrow::PushArrow(Qt3DCore::QEntity* root) {
    entity_ = new Qt3DCore::QEntity(root);
    auto* material = make_overlay_material(overlay_color(Overlay::PushForce), entity_);
    auto* cylinder = new Qt3DExtras::QCylinderMesh(entity_);
    cylinder->setRadius(1);
    cylinder->setLength(1);
    auto* cone = new Qt3DExtras::QConeMesh(entity_);
    cone->setBottomRadius(1);
    cone->setTopRadius(0);
    cone->setLength(1);
    make_entity(entity_, &shaft_, {cylinder, material});
    make_entity(entity_, &tip_, {cone, material});
    hide();
}

PushArrow::~PushArrow() = default;  // the entity belongs to the scene root

void PushArrow::show(const Vec3& from, const Vec3& to) {
    const Vec3 span = to - from;
    const double length = span.norm();
    if (length < 1e-6) return hide();
    const Vec3 direction = span / length;
    const double tip = std::min(tip_length, 0.5 * length);
    const Vec3 tip_start = to - tip * direction;
    set_segment_transform(shaft_, from, tip_start, shaft_radius);
    tip_->setTranslation(to_qt(0.5 * (tip_start + to)));
    tip_->setRotation(to_qt(rotation_from_y(direction)));
    tip_->setScale3D(QVector3D(float(tip_radius), float(tip), float(tip_radius)));
}

// Hidden by a zero scale: Qt3D 6.4 does not draw an entity that starts disabled
// and is enabled later.
void PushArrow::hide() {
    shaft_->setScale3D(QVector3D(0, 0, 0));
    tip_->setScale3D(QVector3D(0, 0, 0));
}

}  // namespace hfd
