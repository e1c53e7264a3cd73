// body { }: mass properties, initial pose and velocity.
//
// Mass properties come from exactly one of
//   mass + inertia                 (scaled by scale^3 and scale^5)
//   shape (+ density)              density defaults to model_options.density
//   the body's only nested solid geometry (+ density), centred at the body origin
// mass = 0 makes the body static (ground); its inertia is not used.
#include "model/build_steps.h"
#include "model/mass_properties.h"

#include <cmath>
#include <cstdio>

namespace hfd::build {

namespace {

// The single sphere/capsule/box geometry written inside the body, if there is exactly one.
const PropNode* single_solid_geometry(const PropNode& body_node) {
    const PropNode* found = nullptr;
    for (const PropNode& child : body_node.children) {
        if (child.key != "geometry" || !child.is_group()) continue;
        const PropNode* type = child.find("type");
        if (!type || type->value == "plane") continue;
        if (found) return nullptr;
        found = &child;
    }
    return found;
}

// Shape read without reporting (the geometry step reports its problems).
std::optional<Shape> quiet_shape(const PropNode& node, const BuildContext& ctx) {
    BuildContext scratch;
    scratch.model.options = ctx.model.options;
    ModelPropertyReader reader(node, scratch, "geometry");
    return read_shape(reader, ShapeUse::Geometry);
}

void check_inertia(const Body& body, const PropNode& at, const std::string& what, BuildContext& ctx) {
    const Vec3& i = body.inertia;
    if (!(i.array() > 0).all()) {
        ctx.error(at, what + ": inertia must be > 0 in every component for a dynamic body (mass " +
                          number_in_message(body.mass) + "); use mass = 0 for a static body");
        return;
    }
    // Principal moments of any real mass distribution satisfy I_a <= I_b + I_c.
    constexpr double tolerance = 1e-9;
    if (i.x() > (i.y() + i.z()) * (1 + tolerance) || i.y() > (i.x() + i.z()) * (1 + tolerance) ||
        i.z() > (i.x() + i.y()) * (1 + tolerance))
        ctx.warning(at, what +
                            ": principal moments of inertia violate the triangle inequality "
                            "(each must be at most the sum of the other two)");
}

// Beyond these no body is meant, and the dynamics would overflow: m g, m v^2 and
// I w^2 reach inf, then inf - inf gives NaN energies far from the cause.
constexpr double max_mass = 1e12;     // kg
constexpr double max_inertia = 1e12;  // kg m^2

void check_mass_range(const Body& body, const PropNode& at, const std::string& what, BuildContext& ctx) {
    auto text = [](double value) {
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%.3g", value);
        return std::string(buffer);
    };
    if (!(body.mass <= max_mass))
        ctx.error(at, what + ": mass " + text(body.mass) + " kg is out of range (at most " + text(max_mass) +
                          " kg; the dynamics would overflow)");
    else if (!(body.inertia.array().abs() <= max_inertia).all())
        ctx.error(at, what + ": inertia " + text(body.inertia.cwiseAbs().maxCoeff()) +
                          " kg m^2 is out of range (at most " + text(max_inertia) +
                          " kg m^2; the dynamics would overflow)");
}

void explicit_mass(Body& body, ModelPropertyReader& reader, BuildContext& ctx) {
    const double scale = ctx.model.options.scale;
    const std::optional<double> mass = reader.number("mass", Need::Required, Bound::NonNegative);
    if (!mass) return;
    body.mass = *mass * scale * scale * scale;
    if (reader.find("shape"))
        ctx.warning(*reader.find("shape"), reader.what() +
                                               ": shape is not used for mass properties when mass is "
                                               "given; remove mass and inertia to compute them from shape");
    if (body.is_static()) return;
    if (!reader.find("inertia")) {
        ctx.error(*reader.find("mass"), reader.what() +
                                            ": mass is given without inertia; give both, or density "
                                            "and shape instead");
        return;
    }
    const std::optional<Vec3> inertia = reader.vec3("inertia");
    if (!inertia) return;
    body.inertia = *inertia * std::pow(scale, 5);
    check_inertia(body, *reader.find("inertia"), reader.what(), ctx);
}

void shape_mass(Body& body, ModelPropertyReader& reader, const PropNode& body_node, BuildContext& ctx) {
    std::optional<Shape> shape;
    if (const PropNode* shape_node = reader.find("shape")) {
        if (!shape_node->is_group()) {
            ctx.error(*shape_node, reader.what() + ": 'shape' must be a group { type = ... }");
            return;
        }
        ModelPropertyReader shape_reader(*shape_node, ctx, reader.what() + " shape");
        shape_reader.warn_unknown({"type", "radius", "height", "half_dim", "dim", "normal"});
        shape = read_shape(shape_reader, ShapeUse::Body);
        if (!shape) return;
    } else if (const PropNode* geometry = single_solid_geometry(body_node)) {
        ModelPropertyReader geometry_reader(*geometry, ctx, "geometry");
        const Vec3 offset =
            geometry_reader.find("pos") ? to_vec3(*geometry_reader.find("pos")).value_or(Vec3::Zero()) : Vec3::Zero();
        if (!offset.isZero()) {
            ctx.error(*geometry, reader.what() +
                                     ": has no mass properties, and its geometry is not at the body "
                                     "origin (the body frame is at the centre of mass); give mass and "
                                     "inertia, or a shape");
            return;
        }
        shape = quiet_shape(*geometry, ctx);
        if (!shape) return;  // reported by the geometry step
    } else if (const PropNode* density = reader.find("density")) {
        ctx.error(*density, reader.what() +
                                ": density is given without shape; add shape { type = .. } or give "
                                "mass and inertia instead");
        return;
    } else {
        ctx.error(body_node, reader.what() +
                                 " has no mass properties: give mass and inertia, or shape (and density)"
                                 "; use mass = 0 for a static body");
        return;
    }
    double density = ctx.model.options.density;
    if (reader.find("density")) {
        const auto given = reader.number("density", Need::Optional, Bound::Positive);
        if (!given) return;
        density = *given;
    }
    const MassProperties properties = solid_mass_properties(*shape, density);
    body.mass = properties.mass;
    body.inertia = properties.inertia;
}

Body read_body(const PropNode& node, BuildContext& ctx) {
    Body body;
    body.name = name_of(node, ctx);
    body.location = ctx.location(node);
    ModelPropertyReader reader(node, ctx, describe("body", body.name));
    reader.warn_unknown({"name", "mass", "inertia", "density", "shape", "pos", "ori", "lin_vel", "ang_vel", "joint",
                         "geometry", "mesh"});
    const PropNode* mass = reader.find("mass");
    const PropNode* inertia = reader.find("inertia");
    const PropNode* density = reader.find("density");
    if (mass && density)
        ctx.error(*density, reader.what() +
                                ": both mass and density are given; give mass and inertia, or "
                                "density and shape");
    else if (mass) explicit_mass(body, reader, ctx);
    else if (inertia)
        ctx.error(*inertia, reader.what() + ": inertia is given without mass; give both, or density and shape");
    else shape_mass(body, reader, node, ctx);
    check_mass_range(body, mass ? *mass : density ? *density : node, reader.what(), ctx);

    if (auto v = reader.position("pos")) body.pos = *v;
    if (auto v = reader.orientation("ori")) body.ori = *v;
    if (auto v = reader.position("lin_vel")) body.lin_vel = *v;
    if (auto v = reader.vec3("ang_vel")) body.ang_vel = *v;
    return body;
}

}  // namespace

void build_bodies(const PropNode& model_node, BuildContext& ctx) {
    for (const PropNode& node : model_node.children) {
        if (node.key != "body") continue;
        if (!require_group(node, ctx, "body")) {
            ctx.model.bodies.push_back(Body{});  // keeps the indices of gather_components
            continue;
        }
        ctx.model.bodies.push_back(read_body(node, ctx));
    }
    check_unique_names(ctx.model.bodies, "body", ctx);
}

}  // namespace hfd::build
