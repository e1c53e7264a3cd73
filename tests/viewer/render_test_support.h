#pragma once
// Shared by the viewer tests: their scene, a shown view of it, where a world
// point lands in a frame, and the vertices of a mesh buffer.
#include "camera_controller.h"
#include "model/model.h"
#include "model_viewer.h"

#include <QCoreApplication>
#include <QImage>
#include <QPoint>
#include <QSize>
#include <QTest>
#include <cmath>
#include <vector>

namespace hfd::test {

// A red box (body 1, 0.6 m cube, 1 kg) with its centre at `height` above the
// floor plane of the ground (body 0).
inline Model red_box_model(double height) {
    Model model;
    model.file = "box.hfd";
    model.bodies.resize(2);
    model.bodies[0].name = "ground";
    model.bodies[1].name = "box";
    model.bodies[1].mass = 1;
    model.bodies[1].pos = Vec3(0, height, 0);
    Geometry ground;
    ground.body = 0;
    ground.shape.type = ShapeType::Plane;
    model.geometries.push_back(ground);
    Mesh box;
    box.body = 1;
    box.shape.type = ShapeType::Box;
    box.shape.half_dim = Vec3(0.3, 0.3, 0.3);
    box.has_color = true;
    box.color = Eigen::Vector4d(0.9, 0.1, 0.1, 1);
    model.meshes.push_back(box);
    return model;
}

// The pixel of a view of width x height where the camera sees the world point p.
inline QPoint project(const OrbitCamera& camera, int width, int height, const Vec3& p) {
    const Vec3 rel = p - camera.eye();
    const double depth = rel.dot(-camera.eye_direction()), tan_half = std::tan(camera.vertical_fov / 2);
    const double aspect = double(width) / height;
    const double x = rel.dot(camera.right()) / (depth * tan_half * aspect),
                 y = rel.dot(camera.up()) / (depth * tan_half);
    return QPoint(int((x + 1) / 2 * width), int((1 - y) / 2 * height));
}

// The pixel of a frame where the camera sees the world point p.
inline QPoint project(const OrbitCamera& camera, const QImage& image, const Vec3& p) {
    return project(camera, image.width(), image.height(), p);
}

// `viewer` shown at `size` with `model`, framed from `preset` (the view's final
// size, above the legend); false when the window never got exposed.
inline bool show_model(ModelViewer& viewer, const Model& model, QSize size, ModelViewer::ViewPreset preset) {
    viewer.resize(size);
    viewer.show();
    if (!QTest::qWaitForWindowExposed(&viewer)) return false;
    viewer.setModel(model);
    QCoreApplication::processEvents();  // the legend strip takes its place under the view before the fit
    viewer.setViewPreset(preset);
    viewer.fitToModel();
    return true;
}

// A vertex of an interleaved buffer of position, normal and colour (the muscle
// and glyph meshes), `floats_per_vertex` floats each.
struct Vertex {
    Vec3 position, normal;
    Eigen::Vector3f color;
};
inline Vertex vertex_at(const std::vector<float>& vertices, std::size_t index, std::size_t floats_per_vertex) {
    const float* v = vertices.data() + index * floats_per_vertex;
    return {Vec3(v[0], v[1], v[2]), Vec3(v[3], v[4], v[5]), Eigen::Vector3f(v[6], v[7], v[8])};
}

}  // namespace hfd::test
