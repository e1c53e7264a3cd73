#pragma once
// The 3D view dock: the ModelViewer with a small toolbar (fit, view presets,
// body frames, centres of mass). Without a viewer (tests on platforms where
// Qt3D cannot render) it shows a placeholder and viewer() is null.
#include <QDockWidget>

namespace hfd {
class ModelViewer;
struct Model;
}

namespace hfd::studio {

class ViewerDock : public QDockWidget {
    Q_OBJECT
public:
    explicit ViewerDock(bool create_viewer, QWidget* parent = nullptr);
    ModelViewer* viewer() const { return viewer_; }

    // Shows the model; the first model is also framed in the view.
    void setModel(const Model& model);
    void clearModel();

private:
    ModelViewer* viewer_ = nullptr;
    bool framed_ = false;
};

}  // namespace hfd::studio
