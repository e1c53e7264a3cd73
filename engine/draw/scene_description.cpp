#include "draw/scene_description.h"

#include "model/mesh_files.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace hfd {
namespace {

const Eigen::Vector4d geometry_color(0.55, 0.62, 0.75, 1);
const Eigen::Vector4d bone_color(0.92, 0.89, 0.80, 1);
const Eigen::Vector4d bare_body_color(0.70, 0.72, 0.78, 1);
const Eigen::Vector4d ground_color(0.70, 0.72, 0.68, 1);
constexpr double bare_body_radius = 0.03;

void set_extent_from_shape(Drawable& d) {
    switch (d.shape) {
        case DrawShape::Sphere: d.local_max = Vec3::Constant(d.radius); break;
        case DrawShape::Ellipsoid:
        case DrawShape::Box: d.local_max = d.half_dim; break;
        case DrawShape::Cylinder: d.local_max = Vec3(d.radius, 0.5 * d.height, d.radius); break;
        case DrawShape::Capsule: d.local_max = Vec3(d.radius, 0.5 * d.height + d.radius, d.radius); break;
        case DrawShape::Plane:
        case DrawShape::Mesh: return;
    }
    d.local_min = -d.local_max;
}

// Returns false for ShapeType::None.
bool set_shape(Drawable& d, const Shape& shape) {
    d.radius = shape.radius;
    d.height = shape.height;
    d.half_dim = shape.half_dim;
    d.plane_normal = shape.normal;
    switch (shape.type) {
        case ShapeType::Sphere: d.shape = DrawShape::Sphere; break;
        case ShapeType::Cylinder: d.shape = DrawShape::Cylinder; break;
        case ShapeType::Capsule: d.shape = DrawShape::Capsule; break;
        case ShapeType::Box: d.shape = DrawShape::Box; break;
        case ShapeType::Plane: d.shape = DrawShape::Plane; break;
        case ShapeType::None: return false;
    }
    set_extent_from_shape(d);
    return true;
}

// Semi-axes of the uniform solid ellipsoid with the body's mass and principal
// inertia: I_x = m (b^2 + c^2) / 5, so a^2 = 5 (I_y + I_z - I_x) / (2 m).
Vec3 inertia_ellipsoid(const Body& body) {
    if (body.mass <= 0) return Vec3::Constant(bare_body_radius);
    const Vec3& I = body.inertia;
    Vec3 axes;
    for (int i = 0; i < 3; ++i) {
        const double squared = 5.0 * (I.sum() - 2.0 * I[i]) / (2.0 * body.mass);
        axes[i] = squared > 0 ? std::sqrt(squared) : bare_body_radius;
    }
    return axes.cwiseMax(0.01).cwiseMin(0.3);
}

struct MeshCache {
    std::map<std::string, std::shared_ptr<const TriangleMesh>> meshes;
    std::map<std::string, std::string> errors;
};

// False when the mesh's file is missing or unreadable: it is then not drawn (the body
// shows its other shapes, or its inertia ellipsoid as a stand-in; a cube of a signal
// colour would read as part of the model).
bool add_mesh(const Model& model, const Mesh& mesh, const MeshLoader& load_mesh, MeshCache& cache,
              SceneDescription& scene) {
    Drawable d;
    d.body = mesh.body;
    d.pos = mesh.pos;
    d.ori = mesh.ori;
    d.scale = mesh.scale;
    d.color = mesh.has_color ? mesh.color : bone_color;
    if (mesh.file.empty()) {
        if (!set_shape(d, mesh.shape)) return false;
        // a shape is stretched by its scale as a file is (a scaled sphere: an ellipsoid)
        d.local_min = d.local_min.cwiseProduct(d.scale);
        d.local_max = d.local_max.cwiseProduct(d.scale);
        for (int i = 0; i < 3; ++i)
            if (d.local_min[i] > d.local_max[i]) std::swap(d.local_min[i], d.local_max[i]);
        scene.drawables.push_back(d);
        return true;
    }
    const MeshFileLookup lookup = find_mesh_file(model.directory, mesh.file);
    const std::string& path = lookup.path;
    std::string error;
    if (path.empty()) {
        error = missing_mesh_message(mesh.file, lookup);
    } else if (!cache.meshes.count(path) && !cache.errors.count(path)) {
        MeshLoadResult loaded = load_mesh(path);
        if (loaded.ok()) cache.meshes[path] = std::make_shared<const TriangleMesh>(std::move(loaded.mesh));
        else cache.errors[path] = loaded.error;
    }
    if (error.empty() && cache.errors.count(path)) error = "cannot load mesh '" + path + "': " + cache.errors[path];
    if (!error.empty()) {
        scene.warnings.push_back({Severity::Warning, mesh.location, error + "; the body is drawn without it"});
        return false;
    }
    d.shape = DrawShape::Mesh;
    d.mesh = cache.meshes[path];
    const MeshBounds b = mesh_bounds(*d.mesh);
    d.local_min = b.min.cast<double>().cwiseProduct(d.scale);
    d.local_max = b.max.cast<double>().cwiseProduct(d.scale);
    for (int i = 0; i < 3; ++i)
        if (d.local_min[i] > d.local_max[i]) std::swap(d.local_min[i], d.local_max[i]);  // negative scale
    scene.drawables.push_back(d);
    return true;
}

}  // namespace

SceneDescription describe_scene(const Model& model, const MeshLoader& load_mesh) {
    SceneDescription scene;
    std::vector<bool> body_drawn(model.bodies.size(), false);
    for (const Geometry& geometry : model.geometries) {
        Drawable d;
        d.body = geometry.body;
        d.pos = geometry.pos;
        d.ori = geometry.ori;
        d.color = geometry_color;
        if (!set_shape(d, geometry.shape)) continue;
        if (d.shape == DrawShape::Plane) d.color = ground_color;
        else d.contact = true;
        if (d.body >= 0 && std::size_t(d.body) < body_drawn.size()) body_drawn[d.body] = true;
        scene.drawables.push_back(d);
    }
    MeshCache cache;
    std::vector<bool> mesh_missing(model.bodies.size(), false);
    for (const Mesh& mesh : model.meshes) {
        const bool drawn = add_mesh(model, mesh, load_mesh, cache, scene);
        if (mesh.body < 0 || std::size_t(mesh.body) >= body_drawn.size()) continue;
        if (drawn) body_drawn[mesh.body] = true;
        else mesh_missing[mesh.body] = true;
    }
    for (std::size_t b = 0; b < model.bodies.size(); ++b) {
        if (body_drawn[b]) continue;
        Drawable d;
        d.body = Index(b);
        d.shape = DrawShape::Ellipsoid;
        d.half_dim = inertia_ellipsoid(model.bodies[b]);
        d.color = bare_body_color;
        d.placeholder = mesh_missing[b];
        set_extent_from_shape(d);
        scene.drawables.push_back(d);
    }
    return scene;
}

void drawable_world_pose(const Drawable& drawable, const std::vector<Vec3>& body_pos, const std::vector<Quat>& body_ori,
                         Vec3& pos, Quat& ori) {
    if (drawable.body >= 0 && std::size_t(drawable.body) < body_pos.size() &&
        std::size_t(drawable.body) < body_ori.size()) {
        pos = body_pos[drawable.body] + body_ori[drawable.body] * drawable.pos;
        ori = body_ori[drawable.body] * drawable.ori;
    } else {
        pos = drawable.pos;
        ori = drawable.ori;
    }
}

bool is_planar_model(const Model& model) {
    for (const Body& body : model.bodies) {
        const Quat& q = body.ori;
        if (std::abs(body.pos.z()) > 1e-9 || std::abs(q.x()) > 1e-9 || std::abs(q.y()) > 1e-9) return false;
    }
    return !model.bodies.empty();
}

WorldBounds scene_bounds(const SceneDescription& scene, const std::vector<Vec3>& body_pos,
                         const std::vector<Quat>& body_ori) {
    WorldBounds bounds;
    for (const Drawable& d : scene.drawables) {
        if (!d.pickable()) continue;
        Vec3 pos;
        Quat ori;
        drawable_world_pose(d, body_pos, body_ori, pos, ori);
        for (int corner = 0; corner < 8; ++corner) {
            const Vec3 local((corner & 1) ? d.local_max.x() : d.local_min.x(),
                             (corner & 2) ? d.local_max.y() : d.local_min.y(),
                             (corner & 4) ? d.local_max.z() : d.local_min.z());
            const Vec3 world = pos + ori * local;
            bounds.min = bounds.empty ? world : Vec3(bounds.min.cwiseMin(world));
            bounds.max = bounds.empty ? world : Vec3(bounds.max.cwiseMax(world));
            bounds.empty = false;
        }
    }
    return bounds;
}

}  // namespace hfd
