#pragma once
// The 3D view's scene as it is shown now, rendered offscreen at a size of its
// own (not the widget's), through the view's camera with that size's aspect
// ratio: images of the view at a chosen resolution, for figures.
#include <QImage>
#include <QSize>

namespace hfd {

class ModelViewer;

constexpr int max_view_image_side = 8192;

// Rendered until two frames in a row are the same (meshes and the render target
// are set up over the first frames). Null for a size outside 1..max_view_image_side,
// without a 3D view, while another offscreen view lives, or when no two frames
// agreed within timeout_ms (a bound for a broken driver, not a wait).
QImage render_view_image(ModelViewer& viewer, QSize size, int timeout_ms = 60000);

}  // namespace hfd
