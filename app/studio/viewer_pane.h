#pragma once
// The 3D view, the main window's central widget: the ModelViewer with a small
// toolbar (fit, view presets, follow, contact shapes; the main
// window adds View > Show). Without a viewer (tests on platforms where Qt3D cannot render) it
// shows a placeholder and viewer() is null.
#include <QWidget>
#include <memory>

class QAction;
class QToolBar;

namespace hfd {
class ModelViewer;
struct Model;
}  // namespace hfd

namespace hfd::studio {

class ViewerPane : public QWidget {
    Q_OBJECT
public:
    explicit ViewerPane(bool create_viewer, QWidget* parent = nullptr);
    ModelViewer* viewer() const { return viewer_; }

    // Shows the model; the first model is also framed in the view.
    void setModel(std::shared_ptr<const Model> model);  // not null
    void clearModel();

    // Checked: the camera keeps the followed body (the pelvis, or the body picked
    // in the view when there is one) at the centre of the view during a run.
    QAction* followAction() const { return follow_action_; }
    QToolBar* toolBar() const { return toolbar_; }  // null without a viewer

private:
    void updateFollowedBody();

    ModelViewer* viewer_ = nullptr;
    QAction* follow_action_ = nullptr;
    QToolBar* toolbar_ = nullptr;
    int picked_body_ = -1;
    int root_body_ = -1;
    bool framed_ = false;
};

// The body a "follow" camera tracks by default: one named pelvis, else the
// first moving body jointed to a static one (the root of the skeleton); -1: none.
int default_followed_body(const Model& model);

}  // namespace hfd::studio
