#include "model_viewer.h"

#include "camera_controller.h"
#include "draw/scene_description.h"
#include "floor_material.h"
#include "draw/snapshot.h"
#include "frame_timing.h"
#include "mesh_loader.h"
#include "offscreen_view.h"
#include "overlay_legend.h"
#include "picking.h"
#include "push_drag.h"
#include "scene_entities.h"
#include "state/kinematics.h"

#include <Qt3DCore/QEntity>
#include <Qt3DCore/QTransform>
#include <Qt3DExtras/QForwardRenderer>
#include <Qt3DExtras/Qt3DWindow>
#include <Qt3DRender/QCamera>
#include <Qt3DRender/QCameraLens>
#include <Qt3DRender/QDirectionalLight>
#include <Qt3DRender/QRenderCapture>
#include <Qt3DRender/QRenderSettings>

#include <QElapsedTimer>
#include <QEventLoop>
#include <QGuiApplication>
#include <QLabel>
#include <QMouseEvent>
#include <QOpenGLContext>
#include <QPointer>
#include <QScreen>
#include <QTimer>
#include <QVBoxLayout>
#include <QWheelEvent>

#include <cmath>
#include <functional>
#include <limits>

namespace hfd {
namespace {

const QColor default_background_color(236, 239, 244);
const QColor default_grid_color(150, 156, 150);
constexpr int capture_timeout_ms = 5000;
constexpr int expose_timeout_ms = 3000;
constexpr int click_tolerance_pixels = 4;
constexpr int stable_frames = 3;          // identical captures in a row: geometry has loaded
constexpr int settle_timeout_ms = 30000;  // generous: only a view that never renders runs into it

constexpr double key_light_intensity = 0.7;
const DirectionalLight fill_light{Vec3(0.3, -1.0, -0.2).normalized(), 0.3};

// The key light comes from over the viewer's shoulder.
Vec3 key_light_direction(const OrbitCamera& camera) {
    return (-camera.eye_direction() - 0.6 * camera.up() + 0.3 * camera.right()).normalized();
}

// Qt3D needs a real OpenGL context; the offscreen and minimal platforms (used
// by headless tests) have none, and Qt3D would abort on them.
bool opengl_available() {
    const QString platform = QGuiApplication::platformName();
    if (platform == QLatin1String("offscreen") || platform == QLatin1String("minimal")) return false;
    if (qEnvironmentVariableIsSet("HFD_VIEWER_NO_3D")) return false;
    QOpenGLContext context;
    return context.create();
}

// Qt3D 6.4's RHI renderer returns render captures upside down and its OpenGL
// renderer does not; prefer the OpenGL one unless the user chose otherwise.
// Returns whether captures need flipping.
bool choose_renderer() {
    if (!qEnvironmentVariableIsSet("QT3D_RENDERER")) qputenv("QT3D_RENDERER", "opengl");
    return qgetenv("QT3D_RENDERER") == "rhi";
}

class EventForwarder : public QObject {
public:
    explicit EventForwarder(std::function<bool(QEvent*)> handler, QObject* parent)
        : QObject(parent), handler_(std::move(handler)) {}
    bool eventFilter(QObject*, QEvent* event) override { return handler_(event); }

private:
    std::function<bool(QEvent*)> handler_;
};

}  // namespace

struct ModelViewer::Impl {
    ModelViewer* self = nullptr;
    Qt3DExtras::Qt3DWindow* window = nullptr;  // owned by container
    QWidget* container = nullptr;
    Qt3DCore::QEntity* root = nullptr;  // owned by window
    // The model's entities, then the ghost's: see-through surfaces are drawn after the solid ones they blend over.
    Qt3DCore::QEntity *model_root = nullptr, *ghost_root = nullptr;
    Qt3DRender::QDirectionalLight* key_light = nullptr;
    Qt3DRender::QRenderCapture* capture = nullptr;
    Qt3DRender::QFrameGraphNode* graph_root = nullptr;  // the view's branch, then any offscreen one
    FrameTiming* timing = nullptr;                      // owned by self
    bool pose_held = false;  // an OffscreenView poses the scene; setSnapshot only keeps its pose
    PoseSnapshot held_pose;

    std::shared_ptr<const Model> model = std::make_shared<const Model>();  // shared with the studio
    bool has_model = false;
    // A newly opened model is framed again on its first snapshot: a simulation's
    // initial state (a state file's pose) can lie far from the model's default pose.
    bool frame_first_snapshot = false;
    SceneDescription scene;
    PoseSnapshot pose;
    OrbitCamera camera;
    Index selected = no_index;
    Index marked = no_index;
    int followed = -1;
    bool keep_in_view = true;
    Vec3 kept_point = Vec3::Constant(std::numeric_limits<double>::quiet_NaN());  // the last centre of mass kept in view
    OverlayLegend* legend = nullptr;                                             // owned by self
    bool show_frames = false, show_centers_of_mass = false;
    ModelViewer::ContactDisplay contact_display = ModelViewer::ContactDisplay::Automatic;
    double exaggeration = 1;
    OverlayOptions overlay_options;
    QColor background_color = default_background_color;
    QColor grid_color = default_grid_color;

    QPoint press_position, last_position;
    Qt::MouseButton drag_button = Qt::NoButton;
    bool dragged = false;
    PushDrag push;
    std::unique_ptr<PushArrow> push_arrow;  // its entity belongs to root

    std::shared_ptr<const Model> ghost_model;  // null: no ghost
    PoseSnapshot ghost_pose;                   // offset applied
    // Beside the model: gait models walk along x with y up, so z is to the side.
    Vec3 ghost_offset = Vec3(0, 0, -0.6);
    std::unique_ptr<SceneEntities> ghost;
    std::unique_ptr<SceneEntities> entities;  // last: destroyed first

    void create_3d_view(QVBoxLayout* layout);
    void create_lights();
    std::vector<DirectionalLight> lights() const;
    void apply_camera();
    void follow();
    void keep_model_in_view();
    void update_legend();
    void rebuild();
    double aspect() const;
    bool handle_window_event(QEvent* event);
    void handle_drag(const QPoint& position, Qt::KeyboardModifiers modifiers);
    void pick(const QPoint& position);
    QSize view_size() const { return window ? window->size() : self->size(); }
    PickResult pick_at(const QPoint& position, Vec3* origin = nullptr, Vec3* direction = nullptr) const;
    bool start_push(const QPoint& position);
    void move_push(const QPoint& position);
    void update_push();
    void end_push();
    QImage capture_frame();
    QImage capture_until(const std::function<bool(const QImage&)>& shows, int timeout_ms, QImage* last = nullptr);
    QImage capture_settled(int timeout_ms, QImage* last = nullptr);
    QImage capture_image();
    bool flip_captures = false;
};

void ModelViewer::Impl::create_3d_view(QVBoxLayout* layout) {
    flip_captures = choose_renderer();
    window = new Qt3DExtras::Qt3DWindow();
    window->defaultFrameGraph()->setClearColor(background_color);
    // Qt3D 6.4 keeps the bounds it computed from a mesh's first vertices when only
    // their data changes (the muscles, the contact glyphs): culled by those, a
    // mesh that moved would vanish. The few entities off screen cost less than that.
    window->defaultFrameGraph()->setFrustumCullingEnabled(false);
    window->renderSettings()->setRenderPolicy(Qt3DRender::QRenderSettings::OnDemand);
    container = QWidget::createWindowContainer(window, self);
    container->setMinimumSize(64, 64);
    layout->addWidget(container, 1);

    // Capture node above the default forward renderer, for grabImage(), under a
    // root where offscreen branches (OffscreenView) join it.
    graph_root = new Qt3DRender::QFrameGraphNode();
    capture = new Qt3DRender::QRenderCapture(graph_root);
    window->activeFrameGraph()->setParent(capture);
    window->setActiveFrameGraph(graph_root);
    timing = new FrameTiming(capture, self);

    root = new Qt3DCore::QEntity();
    create_lights();
    model_root = new Qt3DCore::QEntity(root);
    ghost_root = new Qt3DCore::QEntity(root);
    push_arrow = std::make_unique<PushArrow>(root);
    window->setRootEntity(root);
    window->installEventFilter(new EventForwarder([this](QEvent* e) { return handle_window_event(e); }, self));
    apply_camera();
}

void ModelViewer::Impl::create_lights() {
    auto add_light = [this](double intensity) {
        auto* entity = new Qt3DCore::QEntity(root);
        auto* light = new Qt3DRender::QDirectionalLight(entity);
        light->setColor(Qt::white);
        light->setIntensity(float(intensity));
        entity->addComponent(light);
        return light;
    };
    key_light = add_light(key_light_intensity);  // follows the camera (apply_camera)
    add_light(fill_light.intensity)->setWorldDirection(to_qt(fill_light.direction));
}

std::vector<DirectionalLight> ModelViewer::Impl::lights() const {
    return {{key_light_direction(camera), key_light_intensity}, fill_light};
}

double ModelViewer::Impl::aspect() const {
    const QWidget* w = container ? container : self;
    return w->height() > 0 ? double(w->width()) / w->height() : 1.0;
}

void ModelViewer::Impl::apply_camera() {
    if (!window) return;
    apply_orbit_camera(window->camera(), camera, aspect());
    key_light->setWorldDirection(to_qt(key_light_direction(camera)));
    if (entities) entities->set_lights(lights());
}

void ModelViewer::Impl::follow() {
    if (followed < 0 || followed >= int(pose.body_pos.size())) return;
    camera.target = pose.body_pos[followed];
    apply_camera();
}

// Only when the model moved: a pose shown again (paused, scrubbed to the same
// time) leaves a camera the user placed alone.
void ModelViewer::Impl::keep_model_in_view() {
    if (!keep_in_view || followed >= 0 || !has_model || pose.body_pos.size() != model->bodies.size()) return;
    if (!(model->total_mass() > 0)) return;
    const Vec3 com = center_of_mass(*model, pose.body_pos);
    if (!com.allFinite() || (kept_point.allFinite() && (com - kept_point).norm() < 1e-9)) return;
    kept_point = com;
    if (hfd::keep_in_view(camera, com, aspect())) apply_camera();
}

void ModelViewer::Impl::update_legend() {
    if (!legend) return;
    LegendInput input;
    input.options = overlay_options;
    input.body_frames = show_frames;
    input.body_centers_of_mass = show_centers_of_mass;
    input.pushing = push.active();
    input.exaggeration = exaggeration;
    if (entities) input.displacement_scale_mm = entities->displacement_scale_mm();
    legend->setEntries(has_model ? legend_entries(input) : std::vector<LegendEntry>());
}

void ModelViewer::Impl::rebuild() {
    entities.reset();
    if (!root || !has_model) return;
    entities = std::make_unique<SceneEntities>(model_root, *model, scene);
    entities->set_pose(*model, pose);
    entities->set_selected_body(selected);
    entities->set_marked_body(marked);
    entities->set_show_body_frames(show_frames);
    entities->set_show_centers_of_mass(show_centers_of_mass);
    entities->set_joint_exaggeration(exaggeration);
    entities->set_contact_display(contact_display);
    entities->set_overlay_options(*model, pose, overlay_options);
    entities->set_grid_color(grid_color);
    entities->set_lights(lights());
}

bool ModelViewer::Impl::handle_window_event(QEvent* event) {
    switch (event->type()) {
        case QEvent::MouseButtonPress: {
            auto* mouse = static_cast<QMouseEvent*>(event);
            drag_button = Qt::NoButton;
            frame_first_snapshot = false;  // the user moves the camera
            if (mouse->button() == Qt::LeftButton && (mouse->modifiers() & Qt::ControlModifier) &&
                start_push(mouse->position().toPoint()))
                return true;
            press_position = last_position = mouse->position().toPoint();
            drag_button = mouse->button();
            dragged = false;
            return true;
        }
        case QEvent::MouseMove: {
            auto* mouse = static_cast<QMouseEvent*>(event);
            if (push.active()) {
                move_push(mouse->position().toPoint());
                return true;
            }
            if (drag_button == Qt::NoButton) return false;
            handle_drag(mouse->position().toPoint(), mouse->modifiers());
            return true;
        }
        case QEvent::MouseButtonRelease: {
            auto* mouse = static_cast<QMouseEvent*>(event);
            if (push.active()) {
                end_push();
                return true;
            }
            if (!dragged && drag_button == Qt::LeftButton) pick(mouse->position().toPoint());
            drag_button = Qt::NoButton;
            return true;
        }
        case QEvent::MouseButtonDblClick: self->fitToModel(); return true;
        case QEvent::Wheel: {
            frame_first_snapshot = false;
            auto* wheel = static_cast<QWheelEvent*>(event);
            const QSize size = view_size();
            camera.zoom_towards(wheel->angleDelta().y() / 120.0, wheel->position().x(), wheel->position().y(),
                                size.width(), size.height());
            apply_camera();
            return true;
        }
        case QEvent::Resize: apply_camera(); return false;
        default: return false;
    }
}

void ModelViewer::Impl::handle_drag(const QPoint& position, Qt::KeyboardModifiers modifiers) {
    const QPoint delta = position - last_position;
    last_position = position;
    if ((position - press_position).manhattanLength() > click_tolerance_pixels) dragged = true;
    if (!dragged) return;
    const bool pan =
        drag_button == Qt::MiddleButton || (drag_button == Qt::LeftButton && (modifiers & Qt::ShiftModifier));
    if (pan) camera.pan(delta.x(), delta.y(), view_size().height());
    else if (drag_button == Qt::LeftButton) camera.orbit(delta.x(), delta.y());
    else if (drag_button == Qt::RightButton) camera.zoom(-delta.y() / 40.0);
    apply_camera();
}

PickResult ModelViewer::Impl::pick_at(const QPoint& position, Vec3* origin, Vec3* direction) const {
    Vec3 ray_origin, ray_direction;
    const QSize size = view_size();
    camera.pixel_ray(position.x() + 0.5, position.y() + 0.5, size.width(), size.height(), ray_origin, ray_direction);
    if (origin) *origin = ray_origin;
    if (direction) *direction = ray_direction;
    if (!has_model) return {};
    return pick_body(scene, pose.body_pos, pose.body_ori, ray_origin, ray_direction);
}

void ModelViewer::Impl::pick(const QPoint& position) {
    const PickResult hit = pick_at(position);
    self->selectBody(hit.body);
    emit self->bodyClicked(hit.body);
}

// Grabs the point of a body with mass under the cursor; false (the camera
// orbits instead) over the background or a fixed body.
bool ModelViewer::Impl::start_push(const QPoint& position) {
    Vec3 origin, direction;
    const PickResult hit = pick_at(position, &origin, &direction);
    const Index b = hit.body;
    if (b == no_index || b >= Index(model->bodies.size()) || b >= Index(pose.body_pos.size()) ||
        model->bodies[b].mass <= 0)
        return false;
    const Vec3 grabbed = origin + hit.distance * direction;
    push.body = b;
    push.grabbed_in_body = pose.body_ori[b].conjugate() * (grabbed - pose.body_pos[b]);
    push.cursor = grabbed;
    update_push();
    update_legend();
    return true;
}

void ModelViewer::Impl::move_push(const QPoint& position) {
    const Index b = push.body;
    const Vec3 grabbed = pose.body_pos[b] + pose.body_ori[b] * push.grabbed_in_body;
    const QSize size = view_size();
    push.cursor =
        view_plane_point(camera, position.x() + 0.5, position.y() + 0.5, size.width(), size.height(), grabbed);
    update_push();
}

// The spring from the grabbed point (moving with the body) to the cursor's point.
void ModelViewer::Impl::update_push() {
    const Index b = push.body;
    if (b >= Index(pose.body_pos.size()) || b >= Index(model->bodies.size())) return end_push();
    const Vec3 grabbed = pose.body_pos[b] + pose.body_ori[b] * push.grabbed_in_body;
    if (push_arrow) push_arrow->show(grabbed, push.cursor);
    emit self->pushForceChanged(int(b), push_force(model->bodies[b].mass, push.cursor - grabbed));
}

void ModelViewer::Impl::end_push() {
    const Index b = push.body;
    push.body = no_index;
    if (push_arrow) push_arrow->hide();
    if (b != no_index) emit self->pushForceChanged(int(b), Vec3::Zero());
    update_legend();
}

QImage ModelViewer::Impl::capture_frame() {
    Qt3DRender::QRenderCaptureReply* reply = capture->requestCapture();
    if (!reply->isComplete()) {
        QEventLoop loop;
        QTimer timeout;
        timeout.setSingleShot(true);
        QObject::connect(reply, &Qt3DRender::QRenderCaptureReply::completed, &loop, &QEventLoop::quit);
        QObject::connect(&timeout, &QTimer::timeout, &loop, &QEventLoop::quit);
        timeout.start(capture_timeout_ms);
        loop.exec();
    }
    QImage image = reply->isComplete() ? reply->image() : QImage();
    delete reply;
    if (flip_captures) image = image.mirrored(false, true);
    return image.convertToFormat(QImage::Format_RGB32);
}

// Captures rendered frames (each one rendered after its request, so this waits
// for Qt3D, never for a fixed delay) until `shows(image)` holds or timeout_ms
// passes; `last` receives the last frame captured. Null when none showed it.
QImage ModelViewer::Impl::capture_until(const std::function<bool(const QImage&)>& shows, int timeout_ms, QImage* last) {
    QElapsedTimer waited;
    waited.start();
    while (!window->isExposed() && self->isVisible() && waited.elapsed() < expose_timeout_ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    if (!window->isExposed()) return {};
    do {
        QImage image = capture_frame();
        if (image.isNull()) break;
        if (last) *last = image;
        if (shows(image)) return image;
    } while (waited.elapsed() < timeout_ms);
    return {};
}

// Qt3D loads new geometry over several frames, more of them on a busy machine:
// a frame shows the scene once it is more than the clear colour (with a model)
// and the same in stable_frames captures in a row.
QImage ModelViewer::Impl::capture_settled(int timeout_ms, QImage* last) {
    QImage previous;
    int same = 0;
    return capture_until(
        [&](const QImage& image) {
            same = image == previous ? same + 1 : 0;
            previous = image;
            if (!has_model) return same >= 1;
            QImage blank(image.size(), image.format());
            blank.fill(background_color);
            return same >= stable_frames - 1 && image != blank;
        },
        timeout_ms, last);
}

QImage ModelViewer::Impl::capture_image() {
    QImage last;
    QImage image = capture_settled(settle_timeout_ms, &last);
    if (image.isNull()) image = last;
    if (image.isNull() && window->screen()) image = window->screen()->grabWindow(window->winId()).toImage();
    return image;
}

ModelViewer::ModelViewer(QWidget* parent) : QWidget(parent), impl_(std::make_unique<Impl>()) {
    impl_->self = this;
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    if (opengl_available()) {
        impl_->create_3d_view(layout);
    } else {
        auto* label = new QLabel(tr("3D view unavailable: no OpenGL on this display"), this);
        label->setAttribute(Qt::WA_TransparentForMouseEvents);  // the view's own handling (picking, pushes) still works
        label->setAlignment(Qt::AlignCenter);
        layout->addWidget(label, 1);
    }
    impl_->legend = new OverlayLegend(this);
    layout->addWidget(impl_->legend);
}

ModelViewer::~ModelViewer() = default;

void ModelViewer::setModel(const Model& model) { setModel(std::make_shared<const Model>(model)); }

void ModelViewer::setModel(std::shared_ptr<const Model> shared) {
    if (!shared) return clearModel();
    if (impl_->push.active()) impl_->end_push();
    const Model& model = *shared;
    const bool first = !impl_->has_model || impl_->model->file != model.file;
    impl_->model = std::move(shared);
    impl_->has_model = true;
    impl_->scene = describe_scene(model, load_mesh_file);
    // bodies placed through the joint tree until the first snapshot arrives
    fill_snapshot(model, initial_state(model), nullptr, impl_->pose);
    if (impl_->selected >= Index(model.bodies.size())) impl_->selected = no_index;
    if (impl_->marked >= Index(model.bodies.size())) impl_->marked = no_index;
    if (impl_->followed >= int(model.bodies.size())) impl_->followed = -1;
    impl_->rebuild();
    impl_->kept_point = Vec3::Constant(std::numeric_limits<double>::quiet_NaN());
    impl_->update_legend();
    if (first) resetView();
    impl_->frame_first_snapshot = first;  // after resetView, which fits the default pose
}

void ModelViewer::clearModel() {
    if (impl_->push.active()) impl_->end_push();
    impl_->entities.reset();
    impl_->model = std::make_shared<const Model>();
    impl_->has_model = false;
    impl_->frame_first_snapshot = false;
    impl_->scene = SceneDescription();
    impl_->pose = PoseSnapshot();
    impl_->selected = no_index;
    impl_->marked = no_index;
    impl_->followed = -1;
    impl_->update_legend();
}

const std::vector<Diagnostic>& ModelViewer::warnings() const { return impl_->scene.warnings; }

void ModelViewer::setSnapshot(const PoseSnapshot& snapshot) {
    if (impl_->pose_held) {
        impl_->held_pose = snapshot;
        return;
    }
    QElapsedTimer spent;
    spent.start();
    impl_->pose = snapshot;
    if (impl_->entities) impl_->entities->set_pose(*impl_->model, impl_->pose);
    if (impl_->frame_first_snapshot && snapshot.body_pos.size() == impl_->model->bodies.size()) {
        impl_->frame_first_snapshot = false;
        fitToModel();
    }
    impl_->follow();
    if (!impl_->frame_first_snapshot) impl_->keep_model_in_view();
    if (impl_->entities) impl_->update_legend();
    if (impl_->timing) impl_->timing->poseApplied(double(spent.nsecsElapsed()) * 1e-6);
    if (impl_->push.active()) impl_->update_push();  // the spring follows the body
}

bool ModelViewer::event(QEvent* event) {
    if (!impl_->window) {
        switch (event->type()) {
            case QEvent::MouseButtonPress:
            case QEvent::MouseMove:
            case QEvent::MouseButtonRelease:
            case QEvent::MouseButtonDblClick:
            case QEvent::Wheel:
                if (impl_->handle_window_event(event)) return true;
                break;
            default: break;
        }
    }
    return QWidget::event(event);
}

FrameTiming* ModelViewer::frameTiming() const { return impl_->timing; }

void ModelViewer::setFollowedBody(int body) {
    impl_->followed = body;
    impl_->follow();
}

const OrbitCamera& ModelViewer::camera() const { return impl_->camera; }

void ModelViewer::setKeepInView(bool keep) {
    impl_->keep_in_view = keep;
    impl_->kept_point = Vec3::Constant(std::numeric_limits<double>::quiet_NaN());
}

bool ModelViewer::keepInView() const { return impl_->keep_in_view; }

OverlayLegend* ModelViewer::legend() const { return impl_->legend; }

QRect ModelViewer::renderArea() const { return impl_->container ? impl_->container->geometry() : rect(); }

void ModelViewer::selectBody(Index body) {
    impl_->selected = body;
    if (impl_->entities) impl_->entities->set_selected_body(body);
}

void ModelViewer::setMarkedBody(Index body) {
    if (body != no_index && (!impl_->has_model || body < 0 || body >= Index(impl_->model->bodies.size())))
        body = no_index;
    impl_->marked = body;
    if (impl_->entities) impl_->entities->set_marked_body(body);
}

Index ModelViewer::markedBody() const { return impl_->marked; }

void ModelViewer::resetView() {
    impl_->camera = OrbitCamera();
    apply_default_view(impl_->camera, is_planar_model(*impl_->model));
    fitToModel();
}

void ModelViewer::frameNextSnapshot() { impl_->frame_first_snapshot = impl_->has_model; }

void ModelViewer::fitToModel() {
    impl_->frame_first_snapshot = false;  // the caller placed the camera
    const WorldBounds bounds = scene_bounds(impl_->scene, impl_->pose.body_pos, impl_->pose.body_ori);
    if (!bounds.empty) fit_camera(impl_->camera, bounds.min, bounds.max, impl_->aspect());
    impl_->apply_camera();
    impl_->follow();
}

void ModelViewer::setContactDisplay(ContactDisplay display) {
    impl_->contact_display = display;
    if (impl_->entities) impl_->entities->set_contact_display(display);
}

ModelViewer::ContactDisplay ModelViewer::contactDisplay() const { return impl_->contact_display; }

void ModelViewer::setViewPreset(ViewPreset preset) {
    impl_->frame_first_snapshot = false;
    switch (preset) {
        case ViewPreset::Front: apply_camera_preset(impl_->camera, CameraPreset::Front); break;
        case ViewPreset::Side: apply_camera_preset(impl_->camera, CameraPreset::Side); break;
        case ViewPreset::Top: apply_camera_preset(impl_->camera, CameraPreset::Top); break;
    }
    impl_->apply_camera();
}

void ModelViewer::setShowBodyFrames(bool show) {
    impl_->show_frames = show;
    if (impl_->entities) impl_->entities->set_show_body_frames(show);
    impl_->update_legend();
}

void ModelViewer::setShowCentersOfMass(bool show) {
    impl_->show_centers_of_mass = show;
    if (impl_->entities) impl_->entities->set_show_centers_of_mass(show);
    impl_->update_legend();
}

void ModelViewer::setJointDisplacementExaggeration(double factor) {
    impl_->exaggeration = factor;
    if (impl_->entities) impl_->entities->set_joint_exaggeration(factor);
    impl_->update_legend();
}

void ModelViewer::setOverlayOptions(const OverlayOptions& options) {
    impl_->overlay_options = options;
    if (impl_->entities) impl_->entities->set_overlay_options(*impl_->model, impl_->pose, options);
    impl_->update_legend();
}

void ModelViewer::setBackgroundColors(const QColor& background, const QColor& grid) {
    impl_->background_color = background;
    impl_->grid_color = grid;
    if (impl_->window) impl_->window->defaultFrameGraph()->setClearColor(background);
    if (impl_->entities) impl_->entities->set_grid_color(grid);
}

QImage ModelViewer::grabRenderedImage(int timeout_ms) {
    return impl_->window ? impl_->capture_settled(timeout_ms) : QImage();
}

QImage ModelViewer::grabImageWhen(const std::function<bool(const QImage&)>& shows, int timeout_ms) {
    return impl_->window ? impl_->capture_until(shows, timeout_ms) : QImage();
}

void ModelViewer::setGhostModel(std::shared_ptr<const Model> model) {
    impl_->ghost.reset();
    impl_->ghost_model = std::move(model);
    impl_->ghost_pose = PoseSnapshot();
    if (!impl_->ghost_model) return;
    fill_snapshot(*impl_->ghost_model, initial_state(*impl_->ghost_model), nullptr, impl_->ghost_pose);
    for (Vec3& position : impl_->ghost_pose.body_pos) position += impl_->ghost_offset;
    if (!impl_->ghost_root) return;
    impl_->ghost = std::make_unique<SceneEntities>(
        impl_->ghost_root, *impl_->ghost_model, describe_scene(*impl_->ghost_model, load_mesh_file), SceneStyle::Ghost);
    impl_->ghost->set_pose(*impl_->ghost_model, impl_->ghost_pose);
}

bool ModelViewer::hasGhost() const { return impl_->ghost_model != nullptr; }

void ModelViewer::setGhostSnapshot(const PoseSnapshot& snapshot) {
    if (!impl_->ghost_model || snapshot.body_pos.size() != impl_->ghost_model->bodies.size()) return;
    impl_->ghost_pose = snapshot;
    for (Vec3& position : impl_->ghost_pose.body_pos) position += impl_->ghost_offset;
    if (impl_->ghost) impl_->ghost->set_pose(*impl_->ghost_model, impl_->ghost_pose);
}

PoseSnapshot ModelViewer::ghostSnapshot() const { return impl_->ghost_pose; }

void ModelViewer::setGhostOffset(const Vec3& offset) {
    for (Vec3& position : impl_->ghost_pose.body_pos) position += offset - impl_->ghost_offset;
    impl_->ghost_offset = offset;
    if (impl_->ghost) impl_->ghost->set_pose(*impl_->ghost_model, impl_->ghost_pose);
}

Vec3 ModelViewer::ghostOffset() const { return impl_->ghost_offset; }

PoseSnapshot ModelViewer::snapshot() const { return impl_->pose_held ? impl_->held_pose : impl_->pose; }

std::unique_ptr<OffscreenView> ModelViewer::createOffscreenView(QSize size) {
    if (!impl_->window || impl_->pose_held || size.isEmpty()) return nullptr;
    Impl* impl = impl_.get();
    impl->pose_held = true;
    impl->held_pose = impl->pose;
    OffscreenView::Hooks hooks;
    hooks.scene_root = impl->root;
    hooks.graph_root = impl->graph_root;
    hooks.surface = impl->window;
    hooks.clear_color = impl->background_color;
    hooks.apply_pose = [impl](const PoseSnapshot& pose) {
        impl->pose = pose;
        if (impl->entities) impl->entities->set_pose(*impl->model, impl->pose);
        impl->follow();
    };
    hooks.camera = [impl] { return impl->camera; };
    hooks.release = [viewer = QPointer<ModelViewer>(this)] {
        if (!viewer) return;
        viewer->impl_->pose_held = false;
        viewer->setSnapshot(viewer->impl_->held_pose);
    };
    return std::make_unique<OffscreenView>(size, std::move(hooks));
}

QImage ModelViewer::grabImage() {
    QImage image;
    if (impl_->window) image = impl_->capture_image();
    if (image.isNull()) image = grab().toImage();
    return image;
}

}  // namespace hfd
