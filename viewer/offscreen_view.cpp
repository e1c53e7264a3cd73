#include "offscreen_view.h"

#include "model_viewer.h"
#include "qt3d_helpers.h"

#include <Qt3DCore/QEntity>
#include <Qt3DRender/QCamera>
#include <Qt3DRender/QCameraLens>
#include <Qt3DRender/QCameraSelector>
#include <Qt3DRender/QClearBuffers>
#include <Qt3DRender/QFilterKey>
#include <Qt3DRender/QRenderCapture>
#include <Qt3DRender/QRenderSurfaceSelector>
#include <Qt3DRender/QRenderTarget>
#include <Qt3DRender/QRenderTargetOutput>
#include <Qt3DRender/QRenderTargetSelector>
#include <Qt3DRender/QTechniqueFilter>
#include <Qt3DRender/QTexture>
#include <Qt3DRender/QViewport>

#include <algorithm>

namespace hfd {

void apply_orbit_camera(Qt3DRender::QCamera* qt_camera, const OrbitCamera& camera, double aspect) {
    const float near_plane = float(std::max(0.005, camera.distance * 0.01));
    qt_camera->lens()->setPerspectiveProjection(float(camera.vertical_fov * 180 / 3.14159265358979323846),
                                                float(aspect), near_plane, float(camera.distance * 20 + 200));
    qt_camera->setPosition(to_qt(camera.eye()));
    qt_camera->setViewCenter(to_qt(camera.target));
    qt_camera->setUpVector(to_qt(camera.up()));
}

namespace {

Qt3DRender::QRenderTargetOutput* texture_output(Qt3DRender::QRenderTargetOutput::AttachmentPoint point,
                                                Qt3DRender::QAbstractTexture::TextureFormat format, QSize size,
                                                Qt3DCore::QNode* parent) {
    auto* texture = new Qt3DRender::QTexture2D(parent);
    texture->setSize(size.width(), size.height());
    texture->setFormat(format);
    texture->setGenerateMipMaps(false);
    auto* output = new Qt3DRender::QRenderTargetOutput(parent);
    output->setAttachmentPoint(point);
    output->setTexture(texture);
    return output;
}

}  // namespace

// surface -> render target (colour and depth textures of `size`) -> viewport ->
// own camera -> clear -> the forward renderer's technique filter -> capture.
OffscreenView::OffscreenView(QSize size, Hooks hooks) : size_(size), hooks_(std::move(hooks)) {
    auto* surface = new Qt3DRender::QRenderSurfaceSelector();
    surface->setSurface(hooks_.surface);
    branch_ = surface;
    auto* target_selector = new Qt3DRender::QRenderTargetSelector(surface);
    auto* target = new Qt3DRender::QRenderTarget(target_selector);
    target->addOutput(texture_output(Qt3DRender::QRenderTargetOutput::Color0, Qt3DRender::QAbstractTexture::RGBA8_UNorm,
                                     size, target));
    target->addOutput(
        texture_output(Qt3DRender::QRenderTargetOutput::Depth, Qt3DRender::QAbstractTexture::D24, size, target));
    target_selector->setTarget(target);
    auto* viewport = new Qt3DRender::QViewport(target_selector);
    viewport->setNormalizedRect(QRectF(0, 0, 1, 1));
    camera_ = new Qt3DRender::QCamera(hooks_.scene_root);
    auto* camera_selector = new Qt3DRender::QCameraSelector(viewport);
    camera_selector->setCamera(camera_);
    auto* clear = new Qt3DRender::QClearBuffers(camera_selector);
    clear->setBuffers(Qt3DRender::QClearBuffers::ColorDepthBuffer);
    clear->setClearColor(hooks_.clear_color);
    // The Phong materials' techniques are keyed for the forward renderer.
    auto* techniques = new Qt3DRender::QTechniqueFilter(clear);
    auto* forward = new Qt3DRender::QFilterKey(techniques);
    forward->setName(QStringLiteral("renderingStyle"));
    forward->setValue(QStringLiteral("forward"));
    techniques->addMatch(forward);
    capture_ = new Qt3DRender::QRenderCapture(techniques);
    surface->setParent(hooks_.graph_root);
}

OffscreenView::~OffscreenView() {
    delete branch_;
    delete camera_;
    if (hooks_.release) hooks_.release();
}

void OffscreenView::render(const PoseSnapshot& pose) {
    if (!capture_ || !camera_) return;  // the view is gone
    hooks_.apply_pose(pose);
    apply_orbit_camera(camera_, hooks_.camera(), double(size_.width()) / size_.height());
    Qt3DRender::QRenderCaptureReply* reply = capture_->requestCapture();
    connect(reply, &Qt3DRender::QRenderCaptureReply::completed, this, [this, reply] {
        QImage image = reply->image().convertToFormat(QImage::Format_RGBA8888);
        reply->deleteLater();
        emit frameRendered(image);
    });
}

}  // namespace hfd
