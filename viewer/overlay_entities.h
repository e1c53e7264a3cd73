#pragma once
// Muscles (one mesh of tubes along the paths, blue at activation 0 to red at 1), joints
// (anchor on the parent, child anchor placed at parent anchor + exaggeration *
// displacement, a link between them, coloured by the displacement's magnitude),
// contact force arrows (length proportional to force: the model's weight draws
// force_scale m), a ground reaction arrow per body at its centre of pressure
// (wider than the contact arrows it sums and behind them, so both show),
// contact points and the model's centre of mass with a line down to the floor;
// OverlayOptions says which, overlay_palette.h gives their colours.
#include "glyph_mesh.h"
#include "model_viewer.h"
#include "muscle_mesh.h"
#include "qt3d_helpers.h"

#include "draw/contact_summary.h"

#include <memory>
#include <vector>

namespace Qt3DCore {
class QEntity;
class QTransform;
}  // namespace Qt3DCore
namespace Qt3DExtras {
class QPhongMaterial;
}

namespace hfd {

// The largest joint displacement of a pose in mm (0 without joints).
double largest_displacement_mm(const std::vector<Vec3>& joint_displacement);

class OverlayEntities {
public:
    OverlayEntities(Qt3DCore::QEntity* parent, const Model& model, const UnitMeshes& unit);
    void set_pose(const Model& model, const PoseSnapshot& pose);
    void set_joint_exaggeration(double factor);
    void set_options(const OverlayOptions& options);  // applies from the next set_pose
    // The top of the joint displacement colour scale for the current pose (mm).
    double displacement_scale_mm() const { return displacement_scale_mm_; }

private:
    struct Placed {
        Qt3DCore::QEntity* entity = nullptr;
        Qt3DCore::QTransform* transform = nullptr;
    };
    struct JointEntities {
        Placed parent_anchor, child_anchor, link;
        Qt3DExtras::QPhongMaterial* material = nullptr;  // the child anchor's and the link's
        QColor color;
    };

    void place_joints();
    void set_contacts(const std::vector<PoseSnapshot::ContactArrow>& contacts);
    void add_arrow(std::vector<GlyphArrow>& arrows, const Vec3& point, const Vec3& force, const QColor& color);
    void set_center_of_mass(const Model& model, const PoseSnapshot& pose);

    Qt3DCore::QEntity* root_ = nullptr;
    UnitMeshes unit_;
    std::unique_ptr<MuscleMesh> muscles_;
    std::unique_ptr<GlyphMesh> glyphs_;                 // contact arrows and contact points
    std::unique_ptr<GlyphMesh> reactions_;              // ground reaction arrows, behind the contact arrows
    std::vector<GlyphArrow> arrows_, reaction_arrows_;  // this pose's, reused
    std::vector<GlyphDot> dots_;
    std::vector<JointEntities> joints_;
    Placed com_marker_, com_line_;
    OverlayOptions options_;
    Vec3 up_ = Vec3::UnitY();
    std::vector<Vec3> joint_anchor_, joint_displacement_;
    double exaggeration_ = 1;
    double displacement_scale_mm_ = 0.1;
    double metres_per_newton_ = 1e-3;  // at force_scale 1
    std::vector<BodyContactForce> reactions_per_body_;
};

}  // namespace hfd
