#pragma once
// Frames of a ModelViewer's scene rendered into a texture of a size of their
// own (not the widget's), seen through the view's orbit camera with that
// size's aspect ratio: for the video export. A branch of the view's frame
// graph while this object lives; the view draws only the poses given here
// until it is destroyed (then the last pose the view was given comes back).
#include "camera_controller.h"

#include <Qt3DRender/QCamera>
#include <Qt3DRender/QFrameGraphNode>
#include <Qt3DRender/QRenderCapture>

#include <QColor>
#include <QImage>
#include <QObject>
#include <QPointer>
#include <QSize>
#include <functional>

namespace Qt3DCore {
class QEntity;
}

namespace hfd {

struct PoseSnapshot;

// Points the Qt3D camera as `camera` looks, for an image of width / height `aspect`.
void apply_orbit_camera(Qt3DRender::QCamera* qt_camera, const OrbitCamera& camera, double aspect);

class OffscreenView : public QObject {
    Q_OBJECT
public:
    // What the view lends the branch: its scene and frame graph, and how to pose it.
    struct Hooks {
        Qt3DCore::QEntity* scene_root = nullptr;
        Qt3DRender::QFrameGraphNode* graph_root = nullptr;
        QObject* surface = nullptr;  // the view's window
        QColor clear_color;
        std::function<void(const PoseSnapshot&)> apply_pose;  // moves the view's entities
        std::function<OrbitCamera()> camera;                  // after the pose (follow moves it)
        std::function<void()> release;                        // the view takes its own poses again
    };
    OffscreenView(QSize size, Hooks hooks);
    ~OffscreenView() override;

    QSize size() const { return size_; }
    // Poses the scene and asks Qt3D for a frame of it; frameRendered follows
    // once Qt3D has rendered it (never synchronously). One request at a time.
    void render(const PoseSnapshot& pose);

signals:
    void frameRendered(const QImage& image);  // Format_RGBA8888, size()

private:
    QSize size_;
    Hooks hooks_;
    // Owned by the view's frame graph and scene until destroyed here (or with the view).
    QPointer<Qt3DRender::QFrameGraphNode> branch_;
    QPointer<Qt3DRender::QCamera> camera_;
    QPointer<Qt3DRender::QRenderCapture> capture_;
};

}  // namespace hfd
