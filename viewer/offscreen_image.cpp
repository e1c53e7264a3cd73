#include "offscreen_image.h"

#include "model_viewer.h"
#include "offscreen_view.h"

#include "draw/pose_snapshot.h"

#include <QEventLoop>
#include <QTimer>

namespace hfd {

namespace {
constexpr int max_frames = 30;  // the video export's scenes settle within a few
}

QImage render_view_image(ModelViewer& viewer, QSize size, int timeout_ms) {
    if (size.width() < 1 || size.height() < 1 || size.width() > max_view_image_side ||
        size.height() > max_view_image_side)
        return {};
    const PoseSnapshot pose = viewer.snapshot();
    std::unique_ptr<OffscreenView> view = viewer.createOffscreenView(size);
    if (!view) return {};
    QEventLoop loop;
    QImage previous, settled;
    int frames = 0;
    QObject::connect(view.get(), &OffscreenView::frameRendered, &loop, [&](const QImage& image) {
        if (image.size() == size && image == previous) {
            settled = image;
            loop.quit();
            return;
        }
        previous = image;
        if (++frames < max_frames) view->render(pose);
        else loop.quit();
    });
    QTimer::singleShot(timeout_ms, &loop, &QEventLoop::quit);
    view->render(pose);
    loop.exec();
    return settled.isNull() ? QImage() : settled.convertToFormat(QImage::Format_RGB32);
}

}  // namespace hfd
