#include "scene_entities.h"

#include "floor_material.h"
#include "overlay_entities.h"
#include "overlay_palette.h"
#include "primitive_mesh.h"
#include "qt3d_geometry.h"

#include <Qt3DCore/QEntity>
#include <Qt3DCore/QTransform>
#include <Qt3DExtras/QCylinderMesh>
#include <Qt3DExtras/QPhongAlphaMaterial>
#include <Qt3DExtras/QPhongMaterial>
#include <Qt3DExtras/QPlaneMesh>
#include <Qt3DExtras/QSphereMesh>
#include <Qt3DExtras/QCuboidMesh>
#include <Qt3DRender/QGeometryRenderer>

namespace hfd {
namespace {

constexpr float grid_spacing = 1;  // m
constexpr double frame_axis_length = 0.12, frame_axis_radius = 0.004;
constexpr double center_of_mass_radius = 0.022;
constexpr float contact_alpha = 0.3f;           // see-through contact shapes
constexpr float ghost_alpha = 0.35f;            // a ghost model: the solid one shows through it
const QColor ghost_color(150, 150, 150);        // grey, as kept runs are in the plots
constexpr double floor_ambient_fraction = 0.3;  // a matte floor (no specular): no glare when looking down
const QColor highlight_color = QColor::fromRgbF(1.0f, 0.85f, 0.2f);
const QColor marked_color(230, 30, 30);

// The selected body's colour moves halfway to a warm yellow.
QColor highlighted(const QColor& color) {
    return QColor::fromRgbF(0.5f * (color.redF() + highlight_color.redF()),
                            0.5f * (color.greenF() + highlight_color.greenF()),
                            0.5f * (color.blueF() + highlight_color.blueF()));
}

void add_axis(Qt3DCore::QEntity* frame, const UnitMeshes& unit, const Vec3& axis, const QColor& color) {
    Qt3DCore::QTransform* t = nullptr;
    make_entity(frame, &t, {unit.cylinder, make_material(color, frame, 0.5)});
    set_segment_transform(t, Vec3::Zero(), frame_axis_length * axis, frame_axis_radius);
}

}  // namespace

SceneEntities::SceneEntities(Qt3DCore::QEntity* parent, const Model& model, const SceneDescription& scene,
                             SceneStyle style) {
    root_ = new Qt3DCore::QEntity(parent);
    unit_ = make_unit_meshes(root_);
    bodies_.resize(model.bodies.size());
    for (BodyEntities& body : bodies_) {
        body.entity = make_entity(root_, &body.transform, {});
        add_body_decorations(body);
    }
    if (style == SceneStyle::Ghost) {
        for (const Drawable& drawable : scene.drawables)
            if (!drawable.contact && drawable.shape != DrawShape::Plane) add_ghost_drawable(drawable);
        return;
    }
    // Contact shapes last: drawn see-through they blend over what they enclose, which must be drawn already.
    for (const Drawable& drawable : scene.drawables)
        if (!drawable.contact) add_drawable(drawable);
    std::vector<bool> has_visual(bodies_.size(), false);
    for (const Drawable& drawable : scene.drawables)
        if (!drawable.contact && drawable.pickable() && drawable.body >= 0 &&
            std::size_t(drawable.body) < has_visual.size())
            has_visual[drawable.body] = true;
    for (const Drawable& drawable : scene.drawables)
        if (drawable.contact)
            add_drawable(drawable, drawable.body >= 0 && std::size_t(drawable.body) < has_visual.size() &&
                                       has_visual[drawable.body]);
    overlays_ = std::make_unique<OverlayEntities>(root_, model, unit_);
}

SceneEntities::~SceneEntities() {
    overlays_.reset();
    delete root_;
}

void SceneEntities::add_body_decorations(BodyEntities& body) {
    body.frame = make_entity(body.entity, &body.frame_scale, {});
    for (int axis = 0; axis < 3; ++axis) add_axis(body.frame, unit_, Vec3::Unit(axis), body_frame_axis_color(axis));
    body.frame_scale->setScale(0);
    body.center_of_mass =
        make_entity(body.entity, &body.center_of_mass_scale,
                    {unit_.marker_sphere, make_material(overlay_color(Overlay::BodyCentersOfMass), body.entity, 0.5)});
    body.center_of_mass_scale->setScale(0);
}

namespace {

// A drawable's mesh and its placement on its body (planes excepted: the floor is drawn apart).
struct PlacedShape {
    Qt3DCore::QComponent* shape = nullptr;
    Quat ori = Quat::Identity();
    QVector3D scale{1, 1, 1};
};

PlacedShape placed_shape(const Drawable& d, const UnitMeshes& unit, Qt3DCore::QNode* parent) {
    PlacedShape placed;
    placed.ori = d.ori;
    switch (d.shape) {
        case DrawShape::Sphere:
            placed.shape = unit.sphere;
            placed.scale = QVector3D(1, 1, 1) * float(d.radius);
            break;
        case DrawShape::Ellipsoid:
            placed.shape = unit.sphere;
            placed.scale = to_qt(d.half_dim);
            break;
        case DrawShape::Box:
            placed.shape = unit.cube;
            placed.scale = 2 * to_qt(d.half_dim);
            break;
        case DrawShape::Cylinder:
            placed.shape = unit.cylinder;
            placed.scale = QVector3D(float(d.radius), float(d.height), float(d.radius));
            break;
        case DrawShape::Capsule:
            placed.shape = make_triangle_renderer(capsule_mesh(float(d.radius), float(d.height)), parent);
            break;
        case DrawShape::Mesh:
            placed.shape = make_triangle_renderer(*d.mesh, parent);
            placed.scale = to_qt(d.scale);
            break;
        case DrawShape::Plane: break;
    }
    placed.scale *= to_qt(d.scale);
    return placed;
}

}  // namespace

void SceneEntities::add_drawable(const Drawable& d, bool body_has_visual) {
    const bool on_body = d.body >= 0 && std::size_t(d.body) < bodies_.size();
    Qt3DCore::QEntity* parent = on_body ? bodies_[d.body].entity : root_;
    const QColor color = to_qcolor(d.color);
    Qt3DCore::QTransform* t = nullptr;
    if (d.shape == DrawShape::Plane) {
        // the plane's normal in the world, on the (fixed) ground body it belongs to
        const Vec3 normal = (d.ori * rotation_from_y(d.plane_normal)) * Vec3::UnitY();
        floors_.push_back(std::make_unique<FloorMaterial>(color, floor_ambient_fraction, normal, parent));
        auto* plane = new Qt3DExtras::QPlaneMesh(parent);
        plane->setWidth(2 * ground_half_size);
        plane->setHeight(2 * ground_half_size);
        Qt3DCore::QEntity* entity = make_entity(parent, &t, {plane, floors_.back()->material()});
        t->setTranslation(to_qt(d.pos));
        t->setRotation(to_qt(Quat(d.ori * rotation_from_y(d.plane_normal))));
        // grid lines just above the surface so they win the depth test
        Qt3DCore::QTransform* grid_transform = nullptr;
        auto* grid_material = make_material(QColor(150, 156, 150), entity);
        grid_materials_.push_back(grid_material);
        make_entity(entity, &grid_transform,
                    {make_line_renderer(grid_lines(ground_half_size, grid_spacing), entity), grid_material});
        grid_transform->setTranslation(QVector3D(0, 0.002f, 0));
        return;
    }
    Qt3DExtras::QPhongMaterial* material = make_material(color, parent);
    const PlacedShape placed = placed_shape(d, unit_, parent);
    Qt3DCore::QEntity* entity = make_entity(parent, &t, {placed.shape, material});
    t->setTranslation(to_qt(d.pos));
    t->setRotation(to_qt(placed.ori));
    t->setScale3D(placed.scale);
    materials_.push_back({d.body, material, color});
    if (d.contact) {
        auto* see_through = new Qt3DExtras::QPhongAlphaMaterial(entity);
        see_through->setDiffuse(color);
        see_through->setAmbient(color.darker(300));
        see_through->setAlpha(contact_alpha);
        contacts_.push_back({entity, material, see_through, body_has_visual});
    }
}

void SceneEntities::add_ghost_drawable(const Drawable& d) {
    const bool on_body = d.body >= 0 && std::size_t(d.body) < bodies_.size();
    Qt3DCore::QEntity* parent = on_body ? bodies_[d.body].entity : root_;
    auto* material = new Qt3DExtras::QPhongAlphaMaterial(parent);
    material->setDiffuse(ghost_color);
    material->setAmbient(ghost_color.darker(200));
    material->setAlpha(ghost_alpha);
    const PlacedShape placed = placed_shape(d, unit_, parent);
    Qt3DCore::QTransform* t = nullptr;
    make_entity(parent, &t, {placed.shape, material});
    t->setTranslation(to_qt(d.pos));
    t->setRotation(to_qt(placed.ori));
    t->setScale3D(placed.scale);
}

void SceneEntities::set_contact_display(ModelViewer::ContactDisplay display) {
    using Display = ModelViewer::ContactDisplay;
    for (const ContactShape& contact : contacts_) {
        contact.entity->setEnabled(display != Display::Hidden);
        const bool see_through =
            display == Display::Transparent || (display == Display::Automatic && contact.over_visual);
        Qt3DCore::QComponent* wanted = see_through ? contact.see_through : contact.solid;
        Qt3DCore::QComponent* other = wanted == contact.solid ? contact.see_through : contact.solid;
        contact.entity->removeComponent(other);
        contact.entity->addComponent(wanted);
    }
}

void SceneEntities::set_pose(const Model& model, const PoseSnapshot& pose) {
    if (pose.body_pos.size() == bodies_.size() && pose.body_ori.size() == bodies_.size()) {
        for (std::size_t b = 0; b < bodies_.size(); ++b) {
            bodies_[b].transform->setTranslation(to_qt(pose.body_pos[b]));
            bodies_[b].transform->setRotation(to_qt(pose.body_ori[b]));
        }
    }
    if (overlays_) overlays_->set_pose(model, pose);
}

void SceneEntities::set_selected_body(Index body) {
    selected_ = body;
    recolor();
}

void SceneEntities::set_marked_body(Index body) {
    marked_ = body;
    recolor();
}

// The failure mark wins over the selection: it must stay visible when the body is selected.
void SceneEntities::recolor() {
    for (const DrawnMaterial& drawn : materials_) {
        QColor color = drawn.color;
        if (drawn.body != no_index && drawn.body == marked_) color = marked_color;
        else if (drawn.body != no_index && drawn.body == selected_) color = highlighted(drawn.color);
        set_material_color(drawn.material, color);
    }
}

void SceneEntities::set_lights(const std::vector<DirectionalLight>& lights) {
    for (const std::unique_ptr<FloorMaterial>& floor : floors_) floor->set_lights(lights);
}

void SceneEntities::set_grid_color(const QColor& color) {
    for (Qt3DExtras::QPhongMaterial* material : grid_materials_) set_material_color(material, color);
}

void SceneEntities::set_show_body_frames(bool show) {
    for (BodyEntities& body : bodies_) body.frame_scale->setScale(show ? 1 : 0);
}

void SceneEntities::set_show_centers_of_mass(bool show) {
    for (BodyEntities& body : bodies_) body.center_of_mass_scale->setScale(show ? float(center_of_mass_radius) : 0);
}

void SceneEntities::set_joint_exaggeration(double factor) {
    if (overlays_) overlays_->set_joint_exaggeration(factor);
}

double SceneEntities::displacement_scale_mm() const { return overlays_ ? overlays_->displacement_scale_mm() : 0; }

void SceneEntities::set_overlay_options(const Model& model, const PoseSnapshot& pose, const OverlayOptions& options) {
    if (!overlays_) return;
    overlays_->set_options(options);
    overlays_->set_pose(model, pose);
}

}  // namespace hfd
