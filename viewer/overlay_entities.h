#pragma once
// Muscles (cylinders along the path, blue at activation 0 to red at 1), joints
// (anchor on the parent, child anchor placed at parent anchor + exaggeration *
// displacement, a link between them) and contact force arrows (length
// proportional to force: the model's weight draws 1 m).
#include "model_viewer.h"
#include "qt3d_helpers.h"

#include <vector>

namespace Qt3DCore { class QEntity; class QTransform; }
namespace Qt3DExtras { class QPhongMaterial; }

namespace hfd {

QColor activation_color(double activation);

class OverlayEntities {
public:
    OverlayEntities(Qt3DCore::QEntity* parent, const Model& model, const UnitMeshes& unit);
    void set_pose(const Model& model, const PoseSnapshot& pose);
    void set_joint_exaggeration(double factor);

private:
    struct Placed {
        Qt3DCore::QEntity* entity = nullptr;
        Qt3DCore::QTransform* transform = nullptr;
    };
    struct MuscleEntities {
        Qt3DExtras::QPhongMaterial* material = nullptr;
        std::vector<Placed> segments;
    };
    struct JointEntities {
        Placed parent_anchor, child_anchor, link;
    };
    struct Arrow {
        Placed root, shaft, head;
    };

    void place_joints();
    void set_contacts(const std::vector<PoseSnapshot::ContactArrow>& contacts);
    Arrow make_arrow();

    Qt3DCore::QEntity* root_ = nullptr;
    UnitMeshes unit_;
    Qt3DExtras::QPhongMaterial* arrow_material_ = nullptr;
    std::vector<MuscleEntities> muscles_;
    std::vector<JointEntities> joints_;
    std::vector<Arrow> arrows_;
    std::vector<Vec3> joint_anchor_, joint_displacement_;
    double exaggeration_ = 1;
    double metres_per_newton_ = 1e-3;
};

}  // namespace hfd
