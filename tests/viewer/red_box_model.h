#pragma once
// The scene of the render tests: a red box (body 1, 0.6 m cube, 1 kg) with its
// centre at `height` above the floor plane of the ground (body 0).
#include "model/model.h"

namespace hfd::test {

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

}  // namespace hfd::test
