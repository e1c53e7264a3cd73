// build_model(): PropNode tree -> validated Model. The steps live in
// build_body.cpp, build_joint.cpp, build_geometry.cpp, build_muscle.cpp and
// build_dof.cpp; this file holds the model-level properties, model_options,
// materials and the order of the steps.
#include "model/build_model.h"

#include "format/parser.h"
#include "model/build_steps.h"
#include "model/mesh_files.h"
#include "model/mirror.h"

#include <algorithm>

namespace hfd {

namespace build {

void read_model_properties(const PropNode& model_node, BuildContext& ctx) {
    ModelPropertyReader reader(model_node, ctx, "model");
    if (auto name = reader.text("name")) ctx.model.name = *name;
    if (auto gravity = reader.vec3("gravity")) ctx.model.gravity = *gravity;
    std::vector<std::string_view> known = {"name", "gravity"};
    known.insert(known.end(), model_component_names().begin() + 1, model_component_names().end());
    warn_unknown_properties(model_node, known, "model", ctx.file, ctx.diagnostics);
}

namespace {

template <typename Mode>
void read_choice(ModelPropertyReader& reader, std::string_view key, std::string_view critical_name, Mode critical,
                 Mode absolute, Mode& out, BuildContext& ctx) {
    const auto choice = reader.text(key);
    if (!choice) return;
    if (*choice == critical_name) out = critical;
    else if (*choice == "absolute") out = absolute;
    else
        ctx.error(*reader.find(key), "model_options: '" + std::string(key) + "': unknown choice '" + *choice +
                                         "', expected " + std::string(critical_name) + " or absolute");
}

void read_options_node(const PropNode& node, BuildContext& ctx) {
    ModelOptions& o = ctx.model.options;
    ModelPropertyReader reader(node, ctx, "model_options");
    if (auto v = reader.flag("mirror")) o.mirror = *v;
    if (auto v = reader.number("scale", Need::Optional, Bound::Positive)) o.scale = *v;
    if (auto v = reader.number("density", Need::Optional, Bound::Positive)) o.density = *v;
    if (auto v = reader.number("joint_stiffness", Need::Optional, Bound::NonNegative)) o.joint_stiffness = *v;
    if (auto v = reader.number("joint_damping", Need::Optional, Bound::NonNegative)) o.joint_damping = *v;
    if (auto v = reader.number("joint_limit_stiffness", Need::Optional, Bound::NonNegative))
        o.joint_limit_stiffness = *v;
    if (auto v = reader.number("joint_limit_damping", Need::Optional, Bound::NonNegative)) o.joint_limit_damping = *v;
    if (auto v = reader.number("muscle_force_multiplier", Need::Optional, Bound::NonNegative))
        o.muscle_force_multiplier = *v;
    read_choice(reader, "damping_mode", "critical_mass", ModelOptions::DampingMode::CriticalMass,
                ModelOptions::DampingMode::Absolute, o.damping_mode, ctx);
    read_choice(reader, "limit_damping_mode", "critical_inertia", ModelOptions::LimitDampingMode::CriticalInertia,
                ModelOptions::LimitDampingMode::Absolute, o.limit_damping_mode, ctx);
    reader.warn_unknown({"mirror", "scale", "density", "joint_stiffness", "joint_damping", "damping_mode",
                         "joint_limit_stiffness", "joint_limit_damping", "limit_damping_mode",
                         "muscle_force_multiplier"});
}

}  // namespace

void read_model_options(const PropNode& model_node, BuildContext& ctx) {
    const PropNode* first = nullptr;
    for (const PropNode& child : model_node.children) {
        if (child.key != "model_options") continue;
        if (!child.is_group()) {
            ctx.error(child, "model_options must be a group { ... }");
        } else if (first) {
            ctx.error(child, "second model_options; the first is at line " + std::to_string(first->line) +
                                 " (write all options in one block)");
        } else {
            first = &child;
            read_options_node(child, ctx);
        }
    }
}

// Model::materials[0] is the material of every geometry that names none: the
// first material written in the model (so a converted model's one material
// applies to all its contacts), or, when the model defines no material, one
// named "default" with the manual's defaults.
void build_materials(const PropNode& model_node, BuildContext& ctx) {
    std::vector<SourceLocation> locations;
    for (const PropNode& node : model_node.children) {
        if (node.key != "material") continue;
        Material material;
        material.name = name_of(node, ctx);
        ModelPropertyReader reader(node, ctx, describe("material", material.name));
        if (!require_group(node, ctx, "material")) continue;
        if (auto v = reader.number("static_friction", Need::Optional, Bound::NonNegative))
            material.static_friction = *v;
        material.dynamic_friction = material.static_friction;
        if (auto v = reader.number("dynamic_friction", Need::Optional, Bound::NonNegative))
            material.dynamic_friction = *v;
        if (auto v = reader.number("stiffness", Need::Optional, Bound::NonNegative)) material.stiffness = *v;
        if (auto v = reader.number("damping", Need::Optional, Bound::NonNegative)) material.damping = *v;
        if (auto v = reader.number("restitution", Need::Optional, Bound::NonNegative)) material.restitution = *v;
        reader.warn_unknown({"name", "static_friction", "dynamic_friction", "stiffness", "damping", "restitution"});
        for (size_t i = 0; i < ctx.model.materials.size(); ++i)
            if (!material.name.empty() && ctx.model.materials[i].name == material.name)
                report_duplicate(material.name, "material", locations[i], ctx.location(node), ctx);
        ctx.model.materials.push_back(material);
        locations.push_back(ctx.location(node));
    }
    if (ctx.model.materials.empty()) {
        Material fallback;
        fallback.name = "default";
        ctx.model.materials.push_back(fallback);
    }
}

void gather_components(const PropNode& model_node, BuildContext& ctx) {
    Index body_index = 0;
    for (const PropNode& node : model_node.children) {
        if (node.key == "body") {
            for (const PropNode& inner : node.children) {
                if (inner.key == "joint") ctx.joint_nodes.push_back({&inner, body_index});
                if (inner.key == "geometry") ctx.geometry_nodes.push_back({&inner, body_index});
                if (inner.key == "mesh") ctx.mesh_nodes.push_back({&inner, body_index});
            }
            ++body_index;
        }
        if (node.key == "joint") ctx.joint_nodes.push_back({&node, no_index});
        if (node.key == "geometry") ctx.geometry_nodes.push_back({&node, no_index});
        if (node.key == "mesh") ctx.mesh_nodes.push_back({&node, no_index});
    }
}

Index resolve_body(const PropNode& at, const std::string& name, const std::string& what, BuildContext& ctx) {
    const Index index = ctx.model.find_body(name);
    if (index == no_index)
        ctx.error(at, what + ": unknown body '" + name + "' for '" + at.key +
                          "'; expected one of: " + name_list(ctx.model.bodies));
    return index;
}

Index resolve_joint(const PropNode& at, const std::string& name, const std::string& what, BuildContext& ctx) {
    const Index index = ctx.model.find_joint(name);
    if (index == no_index)
        ctx.error(at, what + ": unknown joint '" + name + "' for '" + at.key +
                          "'; expected one of: " + name_list(ctx.model.joints));
    return index;
}

void report_duplicate(const std::string& name, std::string_view kind, const SourceLocation& first,
                      const SourceLocation& again, BuildContext& ctx) {
    Diagnostic duplicate;
    duplicate.location = again;
    duplicate.message = "duplicate " + std::string(kind) + " name '" + name + "' (first defined at line " +
                        std::to_string(first.line) + ")";
    ctx.diagnostics.push_back(std::move(duplicate));
}

namespace {

const PropNode* find_model_node(const PropNode& root, BuildContext& ctx) {
    const PropNode* model_node = nullptr;
    for (const PropNode& child : root.children) {
        if (child.key != "model") continue;
        if (!child.is_group()) ctx.error(child, "model must be a group: model { ... }");
        else if (model_node) ctx.error(child, "second model { } in one file; only one model per file");
        else model_node = &child;
    }
    if (!model_node && !has_errors(ctx.diagnostics)) {
        Diagnostic missing;
        missing.location.file = ctx.file;
        missing.message = "no model { ... } found";
        ctx.diagnostics.push_back(std::move(missing));
    }
    return model_node;
}

}  // namespace

}  // namespace build

std::span<const std::string_view> model_component_names() {
    static constexpr std::string_view names[] = {"model",
                                                 "model_options",
                                                 "material",
                                                 "body",
                                                 "joint",
                                                 "geometry",
                                                 "mesh",
                                                 "dof",
                                                 "point_path_muscle",
                                                 "joint_point_path_muscle",
                                                 "joint_motor",
                                                 "perturbation"};
    return names;
}

BuildResult build_model(const PropNode& root, const std::string& file_name) {
    using namespace build;
    BuildContext ctx;
    ctx.file = file_name;
    if (const PropNode* found = find_model_node(root, ctx)) {
        PropNode model_node = *found;  // mirroring adds components to this copy
        read_model_options(model_node, ctx);
        if (ctx.model.options.mirror) mirror_components(model_node);
        read_model_properties(model_node, ctx);
        build_materials(model_node, ctx);
        gather_components(model_node, ctx);
        build_bodies(model_node, ctx);
        build_joints(ctx);
        build_geometries(ctx);
        build_meshes(ctx);
        build_muscles(model_node, ctx);
        build_motors(model_node, ctx);
        build_dofs(model_node, ctx);
        resolve_path_dofs(ctx);
        build_perturbations(model_node, ctx);
    }
    // in file order: the steps run by component kind
    std::stable_sort(ctx.diagnostics.begin(), ctx.diagnostics.end(), [](const Diagnostic& a, const Diagnostic& b) {
        return std::pair(a.location.line, a.location.column) < std::pair(b.location.line, b.location.column);
    });
    BuildResult result;
    if (!has_errors(ctx.diagnostics)) result.model = std::move(ctx.model);
    result.diagnostics = std::move(ctx.diagnostics);
    return result;
}

BuildResult load_model(const std::string& path) {
    ParseResult parsed = parse_file(path);
    if (!parsed.ok()) return BuildResult{std::nullopt, std::move(parsed.diagnostics)};
    BuildResult result = build_model(parsed.root, path);
    // parse warnings first, then the build's
    result.diagnostics.insert(result.diagnostics.begin(), parsed.diagnostics.begin(), parsed.diagnostics.end());
    if (result.model) {
        result.model->file = path;
        result.model->directory = model_directory_of(path);
        const std::vector<Diagnostic> missing = missing_mesh_warnings(*result.model);
        result.diagnostics.insert(result.diagnostics.end(), missing.begin(), missing.end());
    }
    return result;
}

}  // namespace hfd
