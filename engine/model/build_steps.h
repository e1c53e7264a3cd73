#pragma once
// Internal to model building: the steps of build_model(), in the order they
// run. Each reads its components from the `model { }` node and appends to
// ctx.model; names are resolved after all bodies (and joints) exist, so
// components may refer to ones written later in the file.
#include "model/build_context.h"

namespace hfd::build {

// Which shape types a component accepts.
enum class ShapeUse { Body, Geometry, Mesh };

// model_options { } (at most one), and name / gravity of the model.
void read_model_options(const PropNode& model_node, BuildContext& ctx);
void read_model_properties(const PropNode& model_node, BuildContext& ctx);
void build_materials(const PropNode& model_node, BuildContext& ctx);
// Collects joint, geometry and mesh nodes, top level and inside bodies, in file order.
void gather_components(const PropNode& model_node, BuildContext& ctx);
void build_bodies(const PropNode& model_node, BuildContext& ctx);
void build_joints(BuildContext& ctx);
void build_geometries(BuildContext& ctx);
void build_meshes(BuildContext& ctx);
void build_muscles(const PropNode& model_node, BuildContext& ctx);
// One path point { body = .. pos = [..] moving { .. } active { .. } } of muscle `muscle`
// (build_path_point.cpp); its dof names go to ctx.path_dofs.
PathPoint read_path_point(const PropNode& node, Index muscle, Index index, const std::string& what, BuildContext& ctx);
// After build_dofs: the dofs of moving and conditional path points.
void resolve_path_dofs(BuildContext& ctx);
void build_motors(const PropNode& model_node, BuildContext& ctx);
void build_dofs(const PropNode& model_node, BuildContext& ctx);
void build_perturbations(const PropNode& model_node, BuildContext& ctx);

// `type` plus its dimensions (radius, height, half_dim, normal) read from `node`,
// lengths scaled. Reports unsupported types and missing or non-positive dimensions.
std::optional<Shape> read_shape(ModelPropertyReader& reader, ShapeUse use);
const char* shape_type_name(ShapeType type);

// Index of the body called `name`, or no_index after reporting
// "<what>: unknown body 'name' for '<key>'" at `at`.
Index resolve_body(const PropNode& at, const std::string& name, const std::string& what, BuildContext& ctx);
Index resolve_joint(const PropNode& at, const std::string& name, const std::string& what, BuildContext& ctx);

// Reports the second and later component of `kind` with the same non-empty name.
template <typename T>
void check_unique_names(const std::vector<T>& items, std::string_view kind, BuildContext& ctx);
void report_duplicate(const std::string& name, std::string_view kind, const SourceLocation& first,
                      const SourceLocation& again, BuildContext& ctx);

template <typename T>
void check_unique_names(const std::vector<T>& items, std::string_view kind, BuildContext& ctx) {
    for (size_t i = 0; i < items.size(); ++i) {
        if (items[i].name.empty()) continue;
        for (size_t j = 0; j < i; ++j) {
            if (items[j].name == items[i].name) {
                report_duplicate(items[i].name, kind, items[j].location, items[i].location, ctx);
                break;
            }
        }
    }
}

}  // namespace hfd::build
