// Shapes, geometry { } (contact shapes) and mesh { } (visuals).
#include "model/build_steps.h"

#include <array>

namespace hfd::build {

namespace {

struct ShapeName {
    const char* name;
    ShapeType type;
};
constexpr std::array<ShapeName, 5> shape_names{{{"sphere", ShapeType::Sphere},
                                                {"cylinder", ShapeType::Cylinder},
                                                {"capsule", ShapeType::Capsule},
                                                {"box", ShapeType::Box},
                                                {"plane", ShapeType::Plane}}};

bool allowed(ShapeType type, ShapeUse use) {
    if (use == ShapeUse::Body) return type != ShapeType::Plane;
    if (use == ShapeUse::Geometry) return type != ShapeType::Cylinder;
    return true;
}

std::string allowed_list(ShapeUse use) {
    std::string out;
    for (const ShapeName& s : shape_names) {
        if (!allowed(s.type, use)) continue;
        out += out.empty() ? "" : ", ";
        out += s.name;
    }
    return out;
}

// The dimensions each shape type reads; the others are reported as unused.
bool uses_dimension(ShapeType type, std::string_view key) {
    switch (type) {
        case ShapeType::Sphere: return key == "radius";
        case ShapeType::Cylinder:
        case ShapeType::Capsule: return key == "radius" || key == "height";
        case ShapeType::Box: return key == "half_dim" || key == "dim";
        case ShapeType::Plane: return key == "normal";
        case ShapeType::None: break;
    }
    return false;
}

bool read_dimensions(Shape& shape, ModelPropertyReader& reader, BuildContext& ctx) {
    bool ok = true;
    auto positive_length = [&](std::string_view key, Bound bound) {
        const auto v = reader.length(key, Need::Required, bound);
        ok = ok && v.has_value();
        return v.value_or(0.0);
    };
    switch (shape.type) {
        case ShapeType::Sphere: shape.radius = positive_length("radius", Bound::Positive); break;
        case ShapeType::Cylinder:
            shape.radius = positive_length("radius", Bound::Positive);
            shape.height = positive_length("height", Bound::Positive);
            break;
        case ShapeType::Capsule:  // height 0 is a sphere
            shape.radius = positive_length("radius", Bound::Positive);
            shape.height = positive_length("height", Bound::NonNegative);
            break;
        case ShapeType::Box: {
            // older Hyfydy files (SCONE's terrain models) give the full size, dim = 2 half_dim
            const bool full_size = reader.find("dim") && !reader.find("half_dim");
            const char* key = full_size ? "dim" : "half_dim";
            if (reader.find("dim") && reader.find("half_dim")) {
                ctx.error(*reader.find("dim"), reader.what() + ": give 'half_dim' or 'dim' (the full size), not both");
                ok = false;
            } else if (const auto size = reader.position(key, Need::Required)) {
                shape.half_dim = full_size ? Vec3(0.5 * *size) : *size;
                if (!(size->array() > 0).all()) {
                    ctx.error(*reader.find(key), reader.what() + ": '" + key + "' must be > 0 in every component");
                    ok = false;
                }
            } else {
                ok = false;
            }
            break;
        }
        case ShapeType::Plane:
            if (const auto normal = reader.vec3("normal", Need::Required)) {
                if (normal->norm() < 1e-12) {
                    ctx.error(*reader.find("normal"), reader.what() + ": plane 'normal' must not be zero");
                    ok = false;
                } else {
                    shape.normal = normal->normalized();
                }
            } else {
                ok = false;
            }
            break;
        case ShapeType::None: break;
    }
    for (std::string_view key : {"radius", "height", "half_dim", "dim", "normal"})
        if (const PropNode* unused = reader.find(key); unused && !uses_dimension(shape.type, key))
            ctx.warning(*unused, reader.what() + ": '" + std::string(key) + "' is not used by a " +
                                     shape_type_name(shape.type) + " (ignored)");
    return ok;
}

// The material named `name`; "default" is Model::materials[0] unless a material has that name.
Index resolve_material(const PropNode& at, const std::string& name, const std::string& what, BuildContext& ctx) {
    const auto& materials = ctx.model.materials;
    for (size_t i = 0; i < materials.size(); ++i)
        if (materials[i].name == name) return Index(i);
    if (name == "default") return 0;
    ctx.error(at, what + ": unknown material '" + name + "'; expected one of: " + name_list(materials));
    return 0;
}

// The attached body: the enclosing one, else the `body` property.
Index attached_body(ModelPropertyReader& reader, Index enclosing_body, BuildContext& ctx) {
    if (enclosing_body == no_index) {
        const auto body = reader.text("body", Need::Required);
        return body ? resolve_body(*reader.find("body"), *body, reader.what(), ctx) : no_index;
    }
    const std::string& body_name = ctx.model.bodies[enclosing_body].name;
    if (auto body = reader.text("body"); body && *body != body_name)
        ctx.error(*reader.find("body"), reader.what() + " is written inside body '" + body_name + "' but has body '" +
                                            *body + "' (omit 'body' inside a body)");
    return enclosing_body;
}

}  // namespace

const char* shape_type_name(ShapeType type) {
    for (const ShapeName& s : shape_names)
        if (s.type == type) return s.name;
    return "none";
}

std::optional<Shape> read_shape(ModelPropertyReader& reader, ShapeUse use) {
    BuildContext& ctx = reader.context();
    const auto type_name = reader.text("type", Need::Required);
    if (!type_name) return std::nullopt;
    Shape shape;
    for (const ShapeName& s : shape_names)
        if (*type_name == s.name) shape.type = s.type;
    if (shape.type == ShapeType::None || !allowed(shape.type, use)) {
        ctx.error(*reader.find("type"),
                  reader.what() + ": unknown shape type '" + *type_name + "'; expected " + allowed_list(use));
        return std::nullopt;
    }
    if (!read_dimensions(shape, reader, ctx)) return std::nullopt;
    return shape;
}

void build_geometries(BuildContext& ctx) {
    for (const ComponentNode& component : ctx.geometry_nodes) {
        const PropNode& node = *component.node;
        if (!require_group(node, ctx, "geometry")) continue;
        Geometry geometry;
        geometry.name = name_of(node, ctx);
        geometry.location = ctx.location(node);
        ModelPropertyReader reader(node, ctx, describe("geometry", geometry.name));
        reader.warn_unknown(
            {"name", "type", "body", "material", "pos", "ori", "radius", "height", "half_dim", "dim", "normal"});
        if (auto shape = read_shape(reader, ShapeUse::Geometry)) geometry.shape = *shape;
        geometry.body = attached_body(reader, component.enclosing_body, ctx);
        if (auto material = reader.text("material"))
            geometry.material = resolve_material(*reader.find("material"), *material, reader.what(), ctx);
        if (auto v = reader.position("pos")) geometry.pos = *v;
        if (auto v = reader.orientation("ori")) geometry.ori = *v;
        ctx.model.geometries.push_back(geometry);
    }
    check_unique_names(ctx.model.geometries, "geometry", ctx);
}

namespace {

// color = [r g b] or [r g b a], components in 0..1.
void read_color(Mesh& mesh, ModelPropertyReader& reader, BuildContext& ctx) {
    const PropNode* color = reader.find("color");
    if (!color) return;
    const std::string expected = reader.what() + ": 'color' must be [r g b] or [r g b a] with values in 0..1";
    if (!color->is_array() || (color->children.size() != 3 && color->children.size() != 4)) {
        ctx.error(*color, expected);
        return;
    }
    for (size_t i = 0; i < color->children.size(); ++i) {
        const auto value = to_number(color->children[i]);
        if (!value || !(*value >= 0 && *value <= 1)) {
            ctx.error(color->children[i], expected);
            return;
        }
        mesh.color[Index(i)] = *value;
    }
    mesh.has_color = true;
}

// scale = s or [sx sy sz], multiplied by model_options.scale.
void read_mesh_scale(Mesh& mesh, ModelPropertyReader& reader, BuildContext& ctx) {
    const PropNode* scale = reader.find("scale");
    if (!scale) return;
    std::optional<Vec3> value;
    if (!scale->is_value()) value = to_vec3(*scale);
    else if (auto uniform = to_number(*scale)) value = Vec3::Constant(*uniform);
    if (!value || !value->allFinite() || (value->array() == 0).any()) {
        ctx.error(*scale, reader.what() + ": 'scale' must be a non-zero number or [sx sy sz]");
        return;
    }
    mesh.scale = *value * ctx.model.options.scale;
}

}  // namespace

void build_meshes(BuildContext& ctx) {
    for (const ComponentNode& component : ctx.mesh_nodes) {
        const PropNode& node = *component.node;
        if (!require_group(node, ctx, "mesh")) continue;
        Mesh mesh;
        mesh.location = ctx.location(node);
        ModelPropertyReader reader(node, ctx, "mesh");
        reader.warn_unknown({"name", "file", "shape", "body", "pos", "ori", "color", "scale"});
        mesh.body = attached_body(reader, component.enclosing_body, ctx);
        if (auto file = reader.text("file")) mesh.file = *file;
        if (const PropNode* shape_node = reader.find("shape"); shape_node && !shape_node->is_group()) {
            ctx.error(*shape_node, "mesh: 'shape' must be a group { type = ... }");
        } else if (shape_node) {
            ModelPropertyReader shape_reader(*shape_node, ctx, "mesh shape");
            shape_reader.warn_unknown({"type", "radius", "height", "half_dim", "dim", "normal"});
            if (auto shape = read_shape(shape_reader, ShapeUse::Mesh)) mesh.shape = *shape;
            if (!mesh.file.empty())
                ctx.warning(*shape_node, "mesh has both file and shape; the file is shown, the shape ignored");
        } else if (mesh.file.empty()) {
            ctx.error(node, "mesh has neither 'file' nor 'shape'; give one of them");
        }
        if (auto v = reader.position("pos")) mesh.pos = *v;
        if (auto v = reader.orientation("ori")) mesh.ori = *v;
        read_color(mesh, reader, ctx);
        mesh.scale *= ctx.model.options.scale;
        read_mesh_scale(mesh, reader, ctx);
        ctx.model.meshes.push_back(mesh);
    }
}

}  // namespace hfd::build
