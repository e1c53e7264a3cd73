#pragma once
// What the view draws for a model, as plain data: one drawable per geometry,
// mesh and bare body, in its body's frame, with meshes loaded; a missing file is a
// warning and is not drawn (a body left with nothing drawn shows its inertia ellipsoid). The viewer's Qt3D scene
// (scene_entities), picking and fit-to-model read it.
#include "draw/triangle_mesh.h"
#include "model/model.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace hfd {

enum class DrawShape { Sphere, Ellipsoid, Box, Cylinder, Capsule, Plane, Mesh };

struct Drawable {
    Index body = no_index;  // no_index: fixed in the world
    DrawShape shape = DrawShape::Sphere;
    double radius = 0, height = 0;
    Vec3 half_dim = Vec3::Zero();  // box; ellipsoid semi-axes
    Vec3 plane_normal = Vec3::UnitY();
    std::shared_ptr<const TriangleMesh> mesh;
    Vec3 pos = Vec3::Zero();  // drawable frame in the body frame
    Quat ori = Quat::Identity();
    Vec3 scale = Vec3::Ones();  // stretches meshes and shapes (already in local_min, local_max)
    Eigen::Vector4d color = Eigen::Vector4d(0.8, 0.8, 0.8, 1);
    bool placeholder = false;  // stands in for a body whose mesh files could not be loaded
    bool contact = false;      // a contact geometry (not the floor): may be drawn see-through or hidden
    // extent in the drawable frame (scale applied); planes have none
    Vec3 local_min = Vec3::Zero(), local_max = Vec3::Zero();
    bool pickable() const { return shape != DrawShape::Plane; }
};

struct SceneDescription {
    std::vector<Drawable> drawables;
    std::vector<Diagnostic> warnings;
};

// Reads one mesh file (the viewer's load_mesh_file reads .vtp and .obj): file
// formats and their libraries stay out of the engine.
using MeshLoader = std::function<MeshLoadResult(const std::string& path)>;

// Mesh files resolve with find_mesh_file (model/mesh_files.h) and are read once
// each by `load_mesh`; a missing or unreadable one is a warning at its mesh
// component and is left out: its body is drawn by its other meshes and geometries,
// or, with none, as its inertia ellipsoid in the bare-body colour (`placeholder`).
SceneDescription describe_scene(const Model& model, const MeshLoader& load_mesh);

// Every body starts in the x-y plane (z = 0, rotated about z only): a model of
// planar motion, best seen from the side.
bool is_planar_model(const Model& model);

// Axis-aligned world bounds of the pickable drawables at the given body poses.
struct WorldBounds {
    Vec3 min = Vec3::Zero(), max = Vec3::Zero();
    bool empty = true;
};
WorldBounds scene_bounds(const SceneDescription& scene, const std::vector<Vec3>& body_pos,
                         const std::vector<Quat>& body_ori);

// Pose of a drawable's frame in the world.
void drawable_world_pose(const Drawable& drawable, const std::vector<Vec3>& body_pos, const std::vector<Quat>& body_ori,
                         Vec3& pos, Quat& ori);

}  // namespace hfd
