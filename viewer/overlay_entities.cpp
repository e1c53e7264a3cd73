#include "overlay_entities.h"

#include "draw/snapshot.h"
#include "overlay_palette.h"
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

// The child anchor, coloured, is the larger: at x1 it covers the parent's grey one.
constexpr double joint_anchor_radius = 0.007, joint_child_radius = 0.016, joint_link_radius = 0.005;
constexpr double arrow_shaft_radius = 0.008, arrow_head_radius = 0.02, arrow_head_length = 0.05;
// About twice the contact arrows' width and drawn behind them: a body's reaction
// sheathes the contact arrow it equals when the body has a single contact (the
// contact arrow shows inside, the reaction around it), whatever Qt3D's draw order.
constexpr double reaction_shaft_radius = 0.016, reaction_head_radius = 0.034, reaction_head_length = 0.07;
constexpr DepthSlice contact_slice{0, 0.0005}, reaction_slice{0.0005, 0.001};
constexpr double min_arrow_length = 1e-4;
constexpr double min_link_length = 1e-5;
// wider than an arrow's shaft: the dot at an arrow's tail shows around it
constexpr double contact_point_radius = 0.013, com_marker_radius = 0.035, com_line_radius = 0.004;
const QColor joint_anchor_color(110, 110, 120);

Eigen::Vector3f to_rgb(const QColor& color) { return Eigen::Vector3f(color.redF(), color.greenF(), color.blueF()); }

}  // namespace

double largest_displacement_mm(const std::vector<Vec3>& joint_displacement) {
    double largest = 0;
    for (const Vec3& d : joint_displacement)
        if (d.allFinite()) largest = std::max(largest, d.norm());
    return 1e3 * largest;
}

OverlayEntities::OverlayEntities(Qt3DCore::QEntity* parent, const Model& model, const UnitMeshes& unit)
    : root_(new Qt3DCore::QEntity(parent)), unit_(unit) {
    const double weight = model.total_mass() * model.gravity.norm();
    if (weight > 0) metres_per_newton_ = 1.0 / weight;
    if (model.gravity.norm() > 0) up_ = -model.gravity.normalized();
    muscles_ = std::make_unique<MuscleMesh>(root_, model);
    auto* com_material = make_overlay_material(overlay_color(Overlay::ModelCenterOfMass), root_);
    com_marker_.entity = make_entity(root_, &com_marker_.transform, {unit_.marker_sphere, com_material});
    com_marker_.transform->setScale(float(com_marker_radius));
    com_line_.entity = make_entity(root_, &com_line_.transform, {unit_.cylinder, com_material});

    // Slots for an arrow and a dot per geometry and a reaction per body cover a
    // model's usual contacts; the meshes grow their buffers for more.
    glyphs_ = std::make_unique<GlyphMesh>(root_, model.geometries.size(), model.geometries.size(),
                                          ArrowShape{arrow_shaft_radius, arrow_head_radius, arrow_head_length},
                                          contact_slice);
    reactions_ = std::make_unique<GlyphMesh>(
        root_, model.bodies.size(), 0, ArrowShape{reaction_shaft_radius, reaction_head_radius, reaction_head_length},
        reaction_slice);

    // In front of the bodies: the anchors sit at the joint centres, inside the bones.
    auto* anchor_material = make_overlay_material(joint_anchor_color, root_);
    joints_.resize(model.joints.size());
    for (JointEntities& joint : joints_) {
        joint.color = displacement_color(0);
        joint.material = make_overlay_material(joint.color, root_);
        joint.parent_anchor.entity =
            make_entity(root_, &joint.parent_anchor.transform, {unit_.marker_sphere, anchor_material});
        joint.child_anchor.entity =
            make_entity(root_, &joint.child_anchor.transform, {unit_.marker_sphere, joint.material});
        joint.link.entity = make_entity(root_, &joint.link.transform, {unit_.cylinder, joint.material});
    }
    joint_anchor_.assign(model.joints.size(), Vec3::Zero());
    joint_displacement_.assign(model.joints.size(), Vec3::Zero());
    place_joints();
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
        displacement_scale_mm_ = hfd::displacement_scale_mm(largest_displacement_mm(joint_displacement_));
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

// Hidden by a zero scale: Qt3D 6.4 does not draw an entity enabled again after the first frames.
void OverlayEntities::place_joints() {
    const bool show = options_.joint_displacement;
    for (std::size_t j = 0; j < joints_.size(); ++j) {
        JointEntities& joint = joints_[j];
        const Vec3 child = joint_anchor_[j] + exaggeration_ * joint_displacement_[j];
        const double magnitude_mm = 1e3 * joint_displacement_[j].norm();
        const QColor color = displacement_color(magnitude_mm / displacement_scale_mm_);
        if (color != joint.color) {
            joint.color = color;
            set_material_color(joint.material, color, 0.5);
        }
        joint.parent_anchor.transform->setTranslation(to_qt(joint_anchor_[j]));
        joint.parent_anchor.transform->setScale(show ? float(joint_anchor_radius) : 0.f);
        joint.child_anchor.transform->setTranslation(to_qt(child));
        joint.child_anchor.transform->setScale(show ? float(joint_child_radius) : 0.f);
        const bool visible_link = show && (child - joint_anchor_[j]).norm() > min_link_length;
        if (visible_link) set_segment_transform(joint.link.transform, joint_anchor_[j], child, joint_link_radius);
        else joint.link.transform->setScale(0);
    }
}

// The tip is at point + metres_per_newton * force_scale * force; shorter arrows are not drawn.
void OverlayEntities::add_arrow(std::vector<GlyphArrow>& arrows, const Vec3& point, const Vec3& force,
                                const QColor& color) {
    const Vec3 span = metres_per_newton_ * options_.force_scale * force;
    if (!(span.norm() > min_arrow_length) || !point.allFinite()) return;
    arrows.push_back({point, point + span, to_rgb(color)});
}

void OverlayEntities::set_contacts(const std::vector<PoseSnapshot::ContactArrow>& contacts) {
    arrows_.clear();
    reaction_arrows_.clear();
    dots_.clear();
    if (options_.contact_forces)
        for (const PoseSnapshot::ContactArrow& contact : contacts)
            add_arrow(arrows_, contact.point, contact.force, overlay_color(Overlay::ContactForces));
    if (options_.ground_reactions) {
        sum_contact_forces_per_body(contacts, up_, reactions_per_body_);
        for (const BodyContactForce& reaction : reactions_per_body_)
            add_arrow(reaction_arrows_, reaction.point, reaction.force, overlay_color(Overlay::GroundReactions));
    }
    if (options_.contact_points) {
        const Eigen::Vector3f color = to_rgb(overlay_color(Overlay::ContactPoints));
        for (const PoseSnapshot::ContactArrow& contact : contacts)
            if (contact.point.allFinite()) dots_.push_back({contact.point, contact_point_radius, color});
    }
    glyphs_->set(arrows_, dots_);
    reactions_->set(reaction_arrows_, {});
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
