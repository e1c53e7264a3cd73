#include "overlay_entities.h"

#include "draw/snapshot.h"

#include <Qt3DCore/QEntity>
#include <Qt3DCore/QTransform>
#include <Qt3DExtras/QConeMesh>
#include <Qt3DExtras/QCylinderMesh>
#include <Qt3DExtras/QPhongMaterial>
#include <Qt3DExtras/QSphereMesh>

#include <algorithm>
#include <cmath>

namespace hfd {
namespace {

constexpr double joint_anchor_radius = 0.014, joint_child_radius = 0.010, joint_link_radius = 0.004;
constexpr double arrow_shaft_radius = 0.008, arrow_head_radius = 0.02, arrow_head_length = 0.05;
constexpr double min_arrow_length = 1e-4;
constexpr double min_link_length = 1e-5;
constexpr double contact_point_radius = 0.008, com_marker_radius = 0.035, com_line_radius = 0.004;

}  // namespace

OverlayEntities::OverlayEntities(Qt3DCore::QEntity* parent, const Model& model, const UnitMeshes& unit)
    : root_(new Qt3DCore::QEntity(parent)), unit_(unit) {
    const double weight = model.total_mass() * model.gravity.norm();
    if (weight > 0) metres_per_newton_ = 1.0 / weight;
    arrow_material_ = make_overlay_material(QColor(240, 170, 20), root_);
    reaction_material_ = make_overlay_material(QColor(30, 160, 70), root_);
    point_material_ = make_overlay_material(QColor(20, 20, 20), root_);
    if (model.gravity.norm() > 0) up_ = -model.gravity.normalized();
    muscles_ = std::make_unique<MuscleMesh>(root_, model);
    auto* com_material = make_overlay_material(QColor(230, 40, 200), root_);
    com_marker_.entity = make_entity(root_, &com_marker_.transform, {unit_.marker_sphere, com_material});
    com_marker_.transform->setScale(float(com_marker_radius));
    com_line_.entity = make_entity(root_, &com_line_.transform, {unit_.cylinder, com_material});

    // Arrows and dots exist from the start, hidden by a zero scale: Qt3D 6.4 does
    // not draw an entity added or enabled after the first frames. One per geometry
    // (and reaction per body) covers a model's usual contacts; more are added when needed.
    for (std::size_t g = 0; g < model.geometries.size(); ++g) {
        arrows_.push_back(make_arrow(arrow_material_));
        hide_arrow(arrows_.back());
        Placed dot;
        dot.entity = make_entity(root_, &dot.transform, {unit_.marker_sphere, point_material_});
        dot.transform->setScale(0);
        contact_points_.push_back(dot);
    }
    for (std::size_t b = 0; b < model.bodies.size(); ++b) {
        reaction_arrows_.push_back(make_arrow(reaction_material_));
        hide_arrow(reaction_arrows_.back());
    }

    auto* anchor_material = make_material(QColor(90, 90, 100), root_, 0.4);
    auto* child_material = make_material(QColor(200, 60, 160), root_, 0.4);
    joints_.resize(model.joints.size());
    for (JointEntities& joint : joints_) {
        joint.parent_anchor.entity =
            make_entity(root_, &joint.parent_anchor.transform, {unit_.marker_sphere, anchor_material});
        joint.parent_anchor.transform->setScale(float(joint_anchor_radius));
        joint.child_anchor.entity =
            make_entity(root_, &joint.child_anchor.transform, {unit_.marker_sphere, child_material});
        joint.child_anchor.transform->setScale(float(joint_child_radius));
        joint.link.entity = make_entity(root_, &joint.link.transform, {unit_.cylinder, child_material});
    }
    joint_anchor_.assign(model.joints.size(), Vec3::Zero());
    joint_displacement_.assign(model.joints.size(), Vec3::Zero());
}

void OverlayEntities::set_pose(const Model& model, const PoseSnapshot& pose) {
    muscles_->set_visible(options_.muscles);
    muscles_->set_pose(model, pose, options_.muscle_width_by_force);

    const bool have_bodies = pose.body_pos.size() == model.bodies.size() && pose.body_ori.size() == model.bodies.size();
    if (have_bodies && joints_.size() == model.joints.size()) {
        for (std::size_t j = 0; j < joints_.size(); ++j) {
            joint_anchor_[j] = joint_parent_anchor(model, pose.body_pos, pose.body_ori, Index(j));
            joint_displacement_[j] =
                j < pose.joint_displacement.size()
                    ? pose.joint_displacement[j]
                    : Vec3(joint_child_anchor(model, pose.body_pos, pose.body_ori, Index(j)) - joint_anchor_[j]);
        }
        place_joints();
    }
    set_contacts(pose.contacts);
    set_ground_reactions(pose.contacts);
    set_contact_points(pose.contacts);
    set_center_of_mass(model, pose);
}

void OverlayEntities::set_options(const OverlayOptions& options) {
    options_ = options;
    if (!std::isfinite(options_.force_scale) || options_.force_scale <= 0) options_.force_scale = 1;
}

void OverlayEntities::set_joint_exaggeration(double factor) {
    exaggeration_ = std::isfinite(factor) ? factor : 1.0;
    place_joints();
}

void OverlayEntities::place_joints() {
    for (std::size_t j = 0; j < joints_.size(); ++j) {
        const Vec3 child = joint_anchor_[j] + exaggeration_ * joint_displacement_[j];
        joints_[j].parent_anchor.transform->setTranslation(to_qt(joint_anchor_[j]));
        joints_[j].child_anchor.transform->setTranslation(to_qt(child));
        const bool visible_link = (child - joint_anchor_[j]).norm() > min_link_length;
        joints_[j].child_anchor.entity->setEnabled(visible_link);
        joints_[j].link.entity->setEnabled(visible_link);
        if (visible_link) set_segment_transform(joints_[j].link.transform, joint_anchor_[j], child, joint_link_radius);
    }
}

OverlayEntities::Arrow OverlayEntities::make_arrow(Qt3DExtras::QPhongMaterial* material) {
    Arrow arrow;
    arrow.root.entity = make_entity(root_, &arrow.root.transform, {});
    arrow.shaft.entity = make_entity(arrow.root.entity, &arrow.shaft.transform, {unit_.cylinder, material});
    arrow.head.entity = make_entity(arrow.root.entity, &arrow.head.transform, {unit_.cone, material});
    return arrow;
}

// The arrow's root frame has +y along the force; shaft and head are laid out
// along it so the tip is at point + metres_per_newton * force_scale * force.
void OverlayEntities::place_arrow(Arrow& arrow, const Vec3& point, const Vec3& force) {
    const double length = metres_per_newton_ * options_.force_scale * force.norm();
    arrow.root.transform->setScale(1);
    arrow.root.transform->setTranslation(to_qt(point));
    arrow.root.transform->setRotation(to_qt(rotation_from_y(force)));
    const double head = std::min(arrow_head_length, 0.5 * length);
    const double shaft = length - head;
    arrow.shaft.transform->setTranslation(QVector3D(0, float(0.5 * shaft), 0));
    arrow.shaft.transform->setScale3D(
        QVector3D(float(arrow_shaft_radius), float(std::max(shaft, 1e-6)), float(arrow_shaft_radius)));
    arrow.head.transform->setTranslation(QVector3D(0, float(shaft + 0.5 * head), 0));
    arrow.head.transform->setScale3D(QVector3D(float(arrow_head_radius), float(head), float(arrow_head_radius)));
}

void OverlayEntities::hide_arrow(Arrow& arrow) { arrow.root.transform->setScale(0); }

void OverlayEntities::set_contacts(const std::vector<PoseSnapshot::ContactArrow>& contacts) {
    std::size_t used = 0;
    if (options_.contact_forces)
        for (const PoseSnapshot::ContactArrow& contact : contacts) {
            const double length = metres_per_newton_ * options_.force_scale * contact.force.norm();
            if (!(length > min_arrow_length) || !contact.point.allFinite()) continue;
            if (used == arrows_.size()) arrows_.push_back(make_arrow(arrow_material_));
            place_arrow(arrows_[used++], contact.point, contact.force);
        }
    for (std::size_t i = used; i < arrows_.size(); ++i) hide_arrow(arrows_[i]);
}

void OverlayEntities::set_ground_reactions(const std::vector<PoseSnapshot::ContactArrow>& contacts) {
    std::size_t used = 0;
    if (options_.ground_reactions) {
        sum_contact_forces_per_body(contacts, up_, reactions_);
        for (const BodyContactForce& reaction : reactions_) {
            if (!(metres_per_newton_ * options_.force_scale * reaction.force.norm() > min_arrow_length)) continue;
            if (used == reaction_arrows_.size()) reaction_arrows_.push_back(make_arrow(reaction_material_));
            place_arrow(reaction_arrows_[used++], reaction.point, reaction.force);
        }
    }
    for (std::size_t i = used; i < reaction_arrows_.size(); ++i) hide_arrow(reaction_arrows_[i]);
}

void OverlayEntities::set_contact_points(const std::vector<PoseSnapshot::ContactArrow>& contacts) {
    std::size_t used = 0;
    if (options_.contact_points)
        for (const PoseSnapshot::ContactArrow& contact : contacts) {
            if (!contact.point.allFinite()) continue;
            if (used == contact_points_.size()) {
                Placed dot;
                dot.entity = make_entity(root_, &dot.transform, {unit_.marker_sphere, point_material_});
                contact_points_.push_back(dot);
            }
            contact_points_[used].transform->setScale(float(contact_point_radius));
            contact_points_[used++].transform->setTranslation(to_qt(contact.point));
        }
    for (std::size_t i = used; i < contact_points_.size(); ++i) contact_points_[i].transform->setScale(0);
}

// The marker at the centre of mass and a line from it down to the floor height
// (zero along `up`), where its projection shows the base of support it must stay over.
void OverlayEntities::set_center_of_mass(const Model& model, const PoseSnapshot& pose) {
    // hidden by a zero scale, as the arrows
    const bool show = options_.model_center_of_mass && pose.body_pos.size() == model.bodies.size();
    com_marker_.transform->setScale(show ? float(com_marker_radius) : 0);
    com_line_.transform->setScale(0);
    if (!show) return;
    const Vec3 com = model_center_of_mass(model, pose.body_pos);
    const Vec3 floor = com - com.dot(up_) * up_;
    com_marker_.transform->setTranslation(to_qt(com));
    if ((com - floor).norm() > min_link_length) set_segment_transform(com_line_.transform, floor, com, com_line_radius);
}

}  // namespace hfd
