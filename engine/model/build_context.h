#pragma once
// Internal to model building: the state shared by the build steps and the typed
// property readers. Every problem is reported with the file:line:col of the
// node it concerns; errors are collected, building continues to report them all.
#include "format/prop_node.h"
#include "format/property_spec.h"
#include "model/model.h"

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hfd::build {

// A component node, and for a component written inside a body, that body.
struct ComponentNode {
    const PropNode* node = nullptr;
    Index enclosing_body = no_index;
};

// A path point's `dof = ..` in `moving` or `active`, resolved once the dofs are built.
struct PathDofReference {
    Index muscle = no_index, point = no_index;
    bool moving = true;  // else active
    std::string name;
    const PropNode* at = nullptr;  // the `dof` property
    std::string what;              // for messages
};

struct BuildContext {
    std::string file;
    Model model;
    std::vector<Diagnostic> diagnostics;
    // Components gathered from the model and from inside bodies, in file order.
    std::vector<ComponentNode> joint_nodes, geometry_nodes, mesh_nodes;
    std::vector<PathDofReference> path_dofs;

    void error(const PropNode& at, std::string message);
    void warning(const PropNode& at, std::string message);
    SourceLocation location(const PropNode& at) const { return location_of(at, file); }
};

enum class Need { Optional, Required };

// Typed access to the properties of one component. `what` names the component
// in messages, e.g. "joint 'knee_r'". Numbers are judged by read_bounded_number
// (format/property_spec.h), as force and integrator properties are. A malformed or out-of-bound value is
// reported at the property and read as absent; a missing required property is
// reported at the component. Unknown keys are warnings (warn_unknown); the
// scenario's PropertyReader (control/properties.h) reports unread keys as errors.
class ModelPropertyReader {
public:
    ModelPropertyReader(const PropNode& node, BuildContext& ctx, std::string what);

    const PropNode& node() const { return node_; }
    const std::string& what() const { return what_; }
    BuildContext& context() const { return ctx_; }
    const PropNode* find(std::string_view key) const;

    std::optional<double> number(std::string_view key, Need need = Need::Optional, Bound bound = Bound::Any);
    // number * model_options.scale
    std::optional<double> length(std::string_view key, Need need = Need::Optional, Bound bound = Bound::Any);
    std::optional<bool> flag(std::string_view key);
    std::optional<std::string> text(std::string_view key, Need need = Need::Optional);
    std::optional<Vec3> vec3(std::string_view key, Need need = Need::Optional);
    // vec3 * model_options.scale
    std::optional<Vec3> position(std::string_view key, Need need = Need::Optional);
    // x-y-z Euler degrees or {w x y z}
    std::optional<Quat> orientation(std::string_view key);
    // a..b in the units written
    std::optional<std::pair<double, double>> range(std::string_view key);

    // Warns about each child whose key is not in `known` (variable definitions excepted).
    void warn_unknown(std::initializer_list<std::string_view> known) const;
    // Reports "<what> is missing required property 'key'" at the component.
    void missing(std::string_view key);

private:
    void report_value_error(const PropNode& at, std::string_view key, const std::string& error);
    const PropNode& node_;
    BuildContext& ctx_;
    std::string what_;
};

// "body 'pelvis'", or "body" when the component has no name.
std::string describe(std::string_view kind, const std::string& name);
// The `name` of a component node, or empty.
std::string name_of(const PropNode& node);
// The same, reporting a `name` that is a group or a list (`name { a = 1 }`),
// which would otherwise leave the component unnamed without a word.
std::string name_of(const PropNode& node, BuildContext& ctx);
// False, with the error "<kind> must be a group { ... }" at the node, for a value.
bool require_group(const PropNode& node, BuildContext& ctx, std::string_view kind);
// Up to a few names of `items` for messages: "ground, pelvis, femur_r, ...".
template <typename T>
std::string name_list(const std::vector<T>& items);
std::string join_names(const std::vector<std::string>& names);

template <typename T>
std::string name_list(const std::vector<T>& items) {
    std::vector<std::string> names;
    for (const T& item : items) names.push_back(item.name);
    return join_names(names);
}

}  // namespace hfd::build
