#pragma once
// The 3D view of a model: a QWidget wrapping a Qt3D window. Built from a Model
// (rebuilt only when the model changes), updated from body pose snapshots at
// display rate. Qt3D stays behind this class.
#include "camera_controller.h"
#include "draw/pose_snapshot.h"
#include "model/model.h"

#include <QImage>
#include <QWidget>
#include <functional>
#include <memory>
#include <vector>

namespace hfd {

class FrameTiming;
class OffscreenView;
class OverlayLegend;
struct LegendEntry;

// What the view draws over the bodies (View > Show in the studio).
struct OverlayOptions {
    bool muscles = true;                 // coloured by activation, blue (0) to red (1)
    bool muscle_width_by_force = false;  // thicker with tendon force (muscle_width_scale)
    bool contact_forces = true;          // an arrow per contact
    bool ground_reactions = false;       // one arrow per body: summed contact forces at their centre of pressure
    bool contact_points = false;         // a dot at each contact point
    bool model_center_of_mass = false;   // the whole model's centre of mass and its floor projection
    bool joint_displacement = false;     // parent anchor, child anchor and the line between, coloured by magnitude
    double force_scale = 1;              // arrow length: force_scale m for the model's weight
    bool operator==(const OverlayOptions&) const = default;
};

class ModelViewer : public QWidget {
    Q_OBJECT
public:
    explicit ModelViewer(QWidget* parent = nullptr);
    ~ModelViewer() override;

    // Rebuilds the scene. Missing mesh files become placeholders and are
    // reported through warnings(); they never fail the build.
    void setModel(std::shared_ptr<const Model> model);  // null: clearModel()
    void setModel(const Model& model);                  // a copy of it
    void clearModel();
    const std::vector<Diagnostic>& warnings() const;

    // Moves the existing scene entities; no rebuild.
    void setSnapshot(const PoseSnapshot& snapshot);

    // A ghost: a second model drawn see-through and grey (the studio's kept run beside
    // the current one), posed by setGhostSnapshot and shifted by ghostOffset() so that
    // both are seen. It takes no part in picking, framing or keeping in view.
    void setGhostModel(std::shared_ptr<const Model> model);  // null: no ghost
    bool hasGhost() const;
    void setGhostSnapshot(const PoseSnapshot& snapshot);
    PoseSnapshot ghostSnapshot() const;  // as drawn: the offset included
    void setGhostOffset(const Vec3& offset);
    Vec3 ghostOffset() const;

    void selectBody(Index body);  // highlights; no signal emitted
    // A body drawn in red: where a run stopped on a blow-up (no_index: none).
    // Kept across poses; cleared by clearModel or a model without that body.
    void setMarkedBody(Index body);
    Index markedBody() const;
    void resetView();
    void fitToModel();
    // Fits the camera to the next snapshot unless the camera is placed before it (Fit, a
    // view preset, the mouse): a new model, or a new initial state that moves it.
    void frameNextSnapshot();
    enum class ViewPreset { Front, Side, Top };
    void setViewPreset(ViewPreset preset);
    void setShowBodyFrames(bool show);
    void setShowCentersOfMass(bool show);
    // Contact geometries drawn solid, see-through (the bones inside stay visible) or not at all;
    // Automatic: see-through on bodies drawn with their own shapes or meshes (those show the
    // body; a landing sphere around a limb would hide it and its muscles), solid elsewhere.
    enum class ContactDisplay { Automatic, Solid, Transparent, Hidden };
    void setContactDisplay(ContactDisplay display);
    ContactDisplay contactDisplay() const;
    void setJointDisplacementExaggeration(double factor);
    void setOverlayOptions(const OverlayOptions& options);
    // The clear colour behind the scene and the floor grid's lines (light or dark theme).
    void setBackgroundColors(const QColor& background, const QColor& grid);

    // Follow: every pose moves the camera target onto this body (keeping the
    // view direction and distance), so it stays at the centre; -1 stops following.
    void setFollowedBody(int body);
    // Keep in view (on by default): when a new pose moves the model's centre of
    // mass out of the middle of the view (keep_in_view, camera_controller.h), the
    // camera target moves just enough to bring it back; the view turns and zooms as it was.
    void setKeepInView(bool keep);
    bool keepInView() const;
    const OrbitCamera& camera() const;

    // The key to the overlays shown: a strip the owner places under the view (the
    // viewer keeps it up to date: the displacement scale follows the pose).
    OverlayLegend* legend() const;
    // Where the 3D frames are drawn, in this widget's coordinates (above the legend).
    QRect renderArea() const;

    // Renders the current view offscreen-capable into an image of the widget size
    // (the last frame captured, or the widget itself, if the view never settles).
    QImage grabImage();
    // A rendered frame that shows the scene: more than the clear colour and the
    // same over several frames in a row; null when none comes within timeout_ms
    // (or there is no 3D view). For pictures that must never be blank.
    QImage grabRenderedImage(int timeout_ms = 30000);
    // The first rendered frame for which shows(image) holds; null when none does
    // within timeout_ms. For checks that know what the scene must show.
    QImage grabImageWhen(const std::function<bool(const QImage&)>& shows, int timeout_ms = 30000);

    // Frame time and pose update time (disabled until enabled); null without a 3D view.
    FrameTiming* frameTiming() const;

    // The pose shown (or, while an OffscreenView poses the scene, the one shown after it).
    PoseSnapshot snapshot() const;
    // The scene rendered offscreen at `size` through this view's camera (video
    // export); while it lives, setSnapshot() waits for its end. Null without a
    // 3D view or while another one lives.
    std::unique_ptr<OffscreenView> createOffscreenView(QSize size);

signals:
    void bodyClicked(int body);  // user picked a body in the view (-1: background)
    // Ctrl+left-drag on a body with mass: the push force on it (world, N, see
    // push_drag.h), sent as the drag or the body moves; a zero force on release.
    void pushForceChanged(int body, const hfd::Vec3& force);

protected:
    bool event(QEvent* event) override;  // without a 3D view, the widget takes the mouse itself

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace hfd
