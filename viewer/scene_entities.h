#pragma once
// The Qt3D entities of one model: a transform per body carrying its drawables,
// body frame axes and centre-of-mass marker, plus the overlays (muscles,
// joints, contact arrows). Built once per model; a pose only moves them.
#include "model_viewer.h"
#include "qt3d_helpers.h"
#include "draw/scene_description.h"

#include <memory>
#include <vector>

namespace Qt3DCore {
class QComponent;
class QEntity;
class QTransform;
}  // namespace Qt3DCore
namespace Qt3DExtras {
class QPhongMaterial;
}

namespace hfd {

// Half the side of the floor drawn for a plane [m]: a minute's walk from the origin
// stays over it (SCONE's gaits and samples/gait walk 20-30 m in 20 s).
constexpr float ground_half_size = 100;

class FloorMaterial;
struct DirectionalLight;
class OverlayEntities;

// Solid: the model as it is. Ghost: a second model seen through, to compare with the
// first (the studio's kept run): its bodies in one see-through grey, without the
// floor, the contact shapes and the overlays.
enum class SceneStyle { Solid, Ghost };

class SceneEntities {
public:
    SceneEntities(Qt3DCore::QEntity* parent, const Model& model, const SceneDescription& scene,
                  SceneStyle style = SceneStyle::Solid);
    ~SceneEntities();
    SceneEntities(const SceneEntities&) = delete;
    SceneEntities& operator=(const SceneEntities&) = delete;

    void set_pose(const Model& model, const PoseSnapshot& pose);
    void set_selected_body(Index body);
    void set_marked_body(Index body);  // red: where a run blew up
    void set_show_body_frames(bool show);
    void set_show_centers_of_mass(bool show);
    void set_joint_exaggeration(double factor);
    double displacement_scale_mm() const;  // the top of the joint displacement colours
    void set_contact_display(ModelViewer::ContactDisplay display);
    void set_overlay_options(const Model& model, const PoseSnapshot& pose, const OverlayOptions& options);
    void set_grid_color(const QColor& color);
    void set_lights(const std::vector<DirectionalLight>& lights);  // the view's, for the unlit floor

private:
    struct BodyEntities {
        Qt3DCore::QEntity* entity = nullptr;
        Qt3DCore::QTransform* transform = nullptr;
        Qt3DCore::QEntity* frame = nullptr;
        Qt3DCore::QEntity* center_of_mass = nullptr;
        // shown and hidden by scale (1 or 0): Qt3D 6.4 does not draw an entity enabled after the first frames
        Qt3DCore::QTransform* frame_scale = nullptr;
        Qt3DCore::QTransform* center_of_mass_scale = nullptr;
    };
    struct DrawnMaterial {
        Index body = no_index;
        Qt3DExtras::QPhongMaterial* material = nullptr;
        QColor color;
    };

    struct ContactShape {
        Qt3DCore::QEntity* entity = nullptr;
        Qt3DCore::QComponent* solid = nullptr;
        Qt3DCore::QComponent* see_through = nullptr;
        bool over_visual = false;  // its body has shapes or meshes of its own
    };

    void add_drawable(const Drawable& drawable, bool body_has_visual = false);
    void add_ghost_drawable(const Drawable& drawable);
    void add_body_decorations(BodyEntities& body);
    void recolor();

    Qt3DCore::QEntity* root_ = nullptr;
    UnitMeshes unit_;
    std::vector<BodyEntities> bodies_;
    std::vector<DrawnMaterial> materials_;
    std::vector<ContactShape> contacts_;
    std::vector<Qt3DExtras::QPhongMaterial*> grid_materials_;
    std::vector<std::unique_ptr<FloorMaterial>> floors_;
    std::unique_ptr<OverlayEntities> overlays_;  // null for a ghost
    Index selected_ = no_index;
    Index marked_ = no_index;
};

}  // namespace hfd
