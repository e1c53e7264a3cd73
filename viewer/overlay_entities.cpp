#include "overlay_entities.h"

#include "draw/snapshot.h"
#include "state/kinematics.h"

#include <Qt3DCore/QEntity>
#include <Qt3DCore/QTransform>
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
const Eigen::Vector3f contact_color(240 / 255.f, 170 / 255.f, 20 / 255.f);  // orange
const Eigen::Vector3f reaction_color(30 / 255.f, 160 / 255.f, 70 / 255.f);  // green
const Eigen::Vector3f point_color(20 / 255.f, 20 / 255.f, 20 / 255.f);

}  // namespace

OverlayEntities::OverlayEntities(Qt3DCore::QEntity* parent, const Model& model, const UnitMeshes& unit)
    : root_(new Qt3DCore::QEntity(parent)), unit_(unit) {
    const double weight = model.total_mass() * model.gravity.norm();
    if (weight > 0) metres_per_newton_ = 1.0 / weight;
    if (model.gravity.norm() > 0) up_ = -model.gravity.normalized();
    muscles_ = std::make_unique<MuscleMesh>(root_, model);
    auto* com_material = make_overlay_material(QColor(230, 40, 200), root_);
    com_marker_.entity = make_entity(root_, &com_marker_.transform, {unit_.marker_sphere, com_material});
    com_marker_.transform->setScale(float(com_marker_radius));
    com_line_.entity = make_entity(root_, &com_line_.transform, {unit_.cylinder, com_material});

    // Slots for an arrow and a dot per geometry and a reaction per body cover a
    // model's usual contacts; the mesh grows its buffers for more.
    glyphs_ = std::make_unique<GlyphMesh>(root_, model.geometries.size() + model.bodies.size(), model.geometries.size(),
                                          ArrowShape{arrow_shaft_radius, arrow_head_radius, arrow_head_length});

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

// The tip is at point + metres_per_newton * force_scale * force; shorter arrows are not drawn.
void OverlayEntities::add_arrow(const Vec3& point, const Vec3& force, const Eigen::Vector3f& color) {
    const Vec3 span = metres_per_newton_ * options_.force_scale * force;
    if (!(span.norm() > min_arrow_length) || !point.allFinite()) return;
    arrows_.push_back({point, point + span, color});
}

void OverlayEntities::set_contacts(const std::vector<PoseSnapshot::ContactArrow>& contacts) {
    arrows_.clear();
    dots_.clear();
    if (options_.contact_forces)
        for (const PoseSnapshot::ContactArrow& contact : contacts)
            add_arrow(contact.point, contact.force, contact_color);
    if (options_.ground_reactions) {
        sum_contact_forces_per_body(contacts, up_, reactions_);
        for (const BodyContactForce& reaction : reactions_) add_arrow(reaction.point, reaction.force, reaction_color);
    }
    if (options_.contact_points)
        for (const PoseSnapshot::ContactArrow& contact : contacts)
            if (contact.point.allFinite()) dots_.push_back({contact.point, contact_point_radius, point_color});
    glyphs_->set(arrows_, dots_);
}

// The marker at the centre of mass and a line from it down to the floor height
// (zero along `up`), where its projection shows the base of support it must stay over.
void OverlayEntities::set_center_of_mass(const Model& model, const PoseSnapshot& pose) {
    // hidden by a zero scale: Qt3D 6.4 does not draw an entity enabled again after the first frames
    const bool show = options_.model_center_of_mass && pose.body_pos.size() == model.bodies.size();
    com_marker_.transform->setScale(show ? float(com_marker_radius) : 0);
    com_line_.transform->setScale(0);
    if (!show) return;
    const Vec3 com = center_of_mass(model, pose.body_pos);
    const Vec3 floor = com - com.dot(up_) * up_;
    com_marker_.transform->setTranslation(to_qt(com));
    if ((com - floor).norm() > min_link_length) set_segment_transform(com_line_.transform, floor, com, com_line_radius);
}

}  // namespace hfd
