// The dof-dependent parts of a muscle path point:
//   moving { dof = knee_angle_r at = [ -120 -90 0 ] x = [ .. ] y = [ .. ] z = [ .. ] }
//   active { dof = knee_angle_r range = -150..-83.6 }
// `at` and `range` are in degrees (the dof is a joint rotation), x, y, z in metres
// (times model_options.scale). The dof names are resolved after the dofs are built.
#include "model/build_steps.h"

#include <cmath>
#include <numbers>

namespace hfd::build {

namespace {

constexpr double radians_per_degree = std::numbers::pi / 180.0;

// key = [ a b c ... ] of finite numbers; nullopt (reported) when malformed, or when absent.
std::optional<std::vector<double>> number_list(const PropNode& group, std::string_view key, const std::string& what,
                                               BuildContext& ctx) {
    const PropNode* list = group.find(key);
    if (!list) return std::nullopt;
    const std::string expected = what + ": '" + std::string(key) + "' must be a list of numbers [ a b c ... ]";
    if (!list->is_array() || list->children.empty()) {
        ctx.error(*list, expected);
        return std::nullopt;
    }
    std::vector<double> values;
    for (const PropNode& item : list->children) {
        const std::optional<double> v = item.is_value() ? to_number(item) : std::nullopt;
        if (!v || !std::isfinite(*v)) {
            ctx.error(item, expected + ", found '" + (item.is_value() ? item.value : std::string("{ }")) + "'");
            return std::nullopt;
        }
        values.push_back(*v);
    }
    return values;
}

// Reports a node that is not a group (`form` shows what it should be); warns about
// properties other than `known`.
bool is_group_with(ModelPropertyReader& reader, const char* form, std::initializer_list<std::string_view> known) {
    if (!reader.node().is_group()) {
        reader.context().error(reader.node(), reader.what() + " must be a group " + form);
        return false;
    }
    reader.warn_unknown(known);
    return true;
}

void read_moving(const PropNode& node, PathPoint& point, PathDofReference ref, const std::string& what,
                 BuildContext& ctx) {
    ModelPropertyReader reader(node, ctx, what + " 'moving'");
    if (!is_group_with(reader, "{ dof = .. at = [ .. ] x = [ .. ] y = [ .. ] z = [ .. ] }",
                       {"dof", "at", "x", "y", "z"}))
        return;
    const auto dof = reader.text("dof", Need::Required);
    const auto at = number_list(node, "at", reader.what(), ctx);
    if (!node.find("at")) reader.missing("at");
    if (!dof || !at) return;
    if (at->size() < 2) {
        ctx.error(*node.find("at"), reader.what() + ": 'at' needs at least two values");
        return;
    }
    std::vector<double> knots;
    for (size_t i = 0; i < at->size(); ++i) {
        if (i > 0 && !((*at)[i] > (*at)[i - 1])) {
            ctx.error(node.find("at")->children[i], reader.what() + ": 'at' must increase, found " +
                                                        node.find("at")->children[i - 1].value + " then " +
                                                        node.find("at")->children[i].value);
            return;
        }
        knots.push_back((*at)[i] * radians_per_degree);
    }
    bool any_axis = false;
    for (int k = 0; k < 3; ++k) {
        const std::string axis(1, "xyz"[k]);
        const auto values = number_list(node, axis, reader.what(), ctx);
        if (!values) continue;
        any_axis = true;
        if (values->size() != at->size()) {
            ctx.error(*node.find(axis), reader.what() + ": '" + axis + "' has " + std::to_string(values->size()) +
                                            " values and 'at' " + std::to_string(at->size()));
            continue;
        }
        std::vector<double> scaled = *values;
        for (double& v : scaled) v *= ctx.model.options.scale;
        point.moving[k] = PathCurve(knots, std::move(scaled));
    }
    if (!any_axis && !node.find("x") && !node.find("y") && !node.find("z"))
        ctx.error(node, reader.what() + " needs at least one of x, y, z");
    ref.name = *dof;
    ref.at = node.find("dof");
    ref.what = reader.what();
    ctx.path_dofs.push_back(ref);
}

void read_active(const PropNode& node, PathPoint& point, PathDofReference ref, const std::string& what,
                 BuildContext& ctx) {
    ModelPropertyReader reader(node, ctx, what + " 'active'");
    if (!is_group_with(reader, "{ dof = .. range = min..max }", {"dof", "range"})) return;
    const auto dof = reader.text("dof", Need::Required);
    const auto range = reader.range("range");
    if (!node.find("range")) reader.missing("range");
    if (!dof || !range) return;
    point.active_min = range->first * radians_per_degree;
    point.active_max = range->second * radians_per_degree;
    ref.name = *dof;
    ref.at = node.find("dof");
    ref.what = reader.what();
    ctx.path_dofs.push_back(ref);
}

}  // namespace

PathPoint read_path_point(const PropNode& node, Index muscle, Index index, const std::string& what, BuildContext& ctx) {
    ModelPropertyReader point(node, ctx, what);
    point.warn_unknown({"body", "pos", "moving", "active"});
    PathPoint path_point;
    if (auto body = point.text("body", Need::Required))
        path_point.body = resolve_body(*point.find("body"), *body, what, ctx);
    if (auto pos = point.position("pos", Need::Required)) path_point.pos = *pos;
    if (const PropNode* moving = node.find("moving"))
        read_moving(*moving, path_point, {muscle, index, true, {}, nullptr, {}}, what, ctx);
    if (const PropNode* active = node.find("active"))
        read_active(*active, path_point, {muscle, index, false, {}, nullptr, {}}, what, ctx);
    return path_point;
}

void resolve_path_dofs(BuildContext& ctx) {
    for (const PathDofReference& ref : ctx.path_dofs) {
        const Index dof = ctx.model.find_dof(ref.name);
        if (dof == no_index) {
            ctx.error(*ref.at, ref.what + ": unknown dof '" + ref.name +
                                   "' for 'dof'; expected one of: " + name_list(ctx.model.dofs));
            continue;
        }
        if (ctx.model.dofs[dof].kind != Dof::Kind::JointRotation) {
            ctx.error(*ref.at,
                      ref.what + ": dof '" + ref.name + "' must be a joint's rotation (its source is a root body)");
            continue;
        }
        PathPoint& point = ctx.model.muscles[ref.muscle].path[ref.point];
        (ref.moving ? point.moving_dof : point.active_dof) = dof;
    }
}

}  // namespace hfd::build
