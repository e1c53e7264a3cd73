#include "forces/simple_collision_detection.h"

#include "forces/collision_shapes.h"
#include "forces/uniform_grid.h"
#include "state/kinematics.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hfd {

namespace {

// One contact of a pair between body_a and body_b; a static a (the floor, a_moves
// false) adds no velocity at the point. Always inlined: as a call it cost about 50
// more instructions per contact (S1 +2 %).
[[gnu::always_inline]] inline void append_contact(const State& state, const CollisionPair& pair, Index body_a,
                                                  Index body_b, bool a_moves, const ShapeContact& found,
                                                  std::vector<Contact>& contacts) {
    Vec3 relative_velocity = world_point_velocity(state, body_b, found.point);
    if (a_moves) relative_velocity -= world_point_velocity(state, body_a, found.point);
    contacts.push_back({.geometry_a = pair.geometry_a,
                        .geometry_b = pair.geometry_b,
                        .body_a = body_a,
                        .body_b = body_b,
                        .point = found.point,
                        .normal = found.normal,
                        .depth = found.depth,
                        .relative_velocity = relative_velocity,
                        .stiffness = pair.material.stiffness,
                        .damping = pair.material.damping,
                        .static_friction = pair.material.static_friction,
                        .dynamic_friction = pair.material.dynamic_friction});
}

// geometry_world_pose without the orientation of a sphere, which no contact test reads
ShapePose contact_pose(const Model& model, const State& state, Index geometry) {
    const Geometry& g = model.geometries[geometry];
    if (g.shape.type != ShapeType::Sphere) return geometry_world_pose(model, state, geometry);
    return {world_point(state, g.body, g.pos), Quat::Identity()};
}

// From this many objects on, the uniform grid finds the overlapping spheres in
// less time than sweep and prune (hfd-bench piles: 50 spheres 4.4 against 2.9 us
// per step, 500 spheres 81 against 201 us).
constexpr size_t grid_min_objects = 128;

int max_contacts_of(ShapeType a, ShapeType b) {
    if (a == ShapeType::Box || b == ShapeType::Box) return (a == ShapeType::Plane || b == ShapeType::Plane) ? 8 : 3;
    if (a == ShapeType::Capsule || b == ShapeType::Capsule)
        return (a == ShapeType::Plane || b == ShapeType::Plane) ? 2 : 1;
    return 1;
}

class SimpleCollisionDetection final : public ForceComponent {
public:
    SimpleCollisionDetection(const Model& model, std::vector<CollisionPair> pairs, std::vector<Index> objects)
        : pairs_(std::move(pairs)), objects_(std::move(objects)) {
        for (const CollisionPair& pair : pairs_) max_contacts_ += pair.max_contacts;
        max_contacts_ += 4 * int(objects_.size());  // a typical pile; more contacts grow the buffer once
        for (Index g : objects_) radius_.push_back(bounding_radius(model.geometries[g].shape));
        grid_ = make_uniform_grid(radius_);
        if (!objects_.empty()) {  // every pair of materials, combined once
            material_count_ = model.materials.size();
            for (const Material& a : model.materials)
                for (const Material& b : model.materials) combined_.push_back(combine_materials(a, b));
        }
        for (const CollisionPair& pair : pairs_) plane_sphere_.push_back(plane_sphere_of(model, pair));
    }
    std::string_view name() const override { return "simple_collision_detection"; }
    ControlUse control_use() const override { return ControlUse::none; }

    void initialize(const Model&, State&, const Controls&, Data& data, FiberEquilibrium) const override {
        reserve(data);
    }

    void apply(const Model& model, const State& state, const Controls&, Data& data) const override {
        reserve(data);  // no-op after the first evaluation into this Data
        if (data.z_rotations_only) detect_pairs<true>(model, state, data);
        else detect_pairs<false>(model, state, data);
        if (!objects_.empty()) detect_object_contacts(model, state, data);
    }

private:
    void reserve(Data& data) const {
        const size_t needed = data.contacts.size() + size_t(max_contacts_);
        if (data.contacts.capacity() < needed) data.contacts.reserve(needed);
    }

    void detect_object_contacts(const Model& model, const State& state, Data& data) const {
        BroadPhase& scratch = scratch_for(data);
        for (size_t i = 0; i < objects_.size(); ++i) {
            const ShapePose pose = contact_pose(model, state, objects_[i]);
            scratch.centre[i] = pose.pos;
            scratch.orientation[i] = pose.ori;
        }
        if (objects_.size() >= grid_min_objects) uniform_grid_pairs(radius_, grid_, scratch);
        else sweep_and_prune(radius_, scratch);
        for (const auto& [i, j] : scratch.overlapping) {
            const Geometry &ga = model.geometries[objects_[i]], &gb = model.geometries[objects_[j]];
            if (ga.body == gb.body || !is_supported_shape_pair(ga.shape.type, gb.shape.type)) continue;
            const size_t ma = size_t(std::max<Index>(ga.material, 0)), mb = size_t(std::max<Index>(gb.material, 0));
            const CollisionPair pair{objects_[i], objects_[j], combined_.at(ma * material_count_ + mb), 1};
            detect_posed_pair_contacts(model, state, pair, {scratch.centre[i], scratch.orientation[i]},
                                       {scratch.centre[j], scratch.orientation[j]}, data.contacts);
        }
    }

    BroadPhase& scratch_for(Data& data) const {
        // sized on the first evaluation into a Data, then reused
        BroadPhase& scratch = data.broad_phase;
        if (scratch.centre.size() != objects_.size()) {
            scratch.centre.assign(objects_.size(), Vec3::Zero());
            scratch.orientation.assign(objects_.size(), Quat::Identity());
            scratch.order.clear();
            scratch.sorted.reserve(objects_.size());
            scratch.overlapping.reserve(4 * objects_.size());
        }
        return scratch;
    }

    // The feet's case, every evaluation: a plane against a sphere, or against a
    // capsule, which is two spheres at its end-cap centres (collide_plane_capsule);
    // placed with the body rotations of the evaluation instead of quaternion
    // products, from what the pair needs of the geometries (kept here: no lookups
    // into the model's geometries). A capsule this way cost about 60 instructions
    // per evaluation instead of 650 (H1922's eight body capsules against its floor).
    struct PlaneSphere {
        bool is_plane_sphere = false;   // plane against a sphere
        bool is_plane_capsule = false;  // plane against a capsule: spheres at sphere_pos[0] and [1]
        bool sphere_is_a = false;       // the contact normal points from a to b: flipped when the sphere is a
        bool a_moves = false;           // geometry a's body is dynamic (a static floor adds no velocity)
        Index plane_geometry = no_index, plane_body = no_index, sphere_body = no_index;
        Vec3 plane_pos = Vec3::Zero();                      // in its body's frame
        Vec3 sphere_pos[2] = {Vec3::Zero(), Vec3::Zero()};  // centres, in their body's frame
        Vec3 plane_normal = Vec3::UnitY();                  // unit, in the plane's body frame
        double radius = 0;
        // The largest distance of a capsule's surface from its body's origin,
        // |sphere_pos| + radius, with room for rounding: a body origin farther than
        // this above the plane has no end cap touching it (H1922: the trunk, thigh and
        // shank capsules for the whole of a walk). Capsules only: a single sphere costs
        // as much to test as this bound.
        double reach = 0;
    };
    static PlaneSphere plane_sphere_of(const Model& model, const CollisionPair& pair) {
        const Geometry &ga = model.geometries[pair.geometry_a], &gb = model.geometries[pair.geometry_b];
        const auto round = [](ShapeType t) { return t == ShapeType::Sphere || t == ShapeType::Capsule; };
        PlaneSphere fast;
        fast.sphere_is_a = round(ga.shape.type) && gb.shape.type == ShapeType::Plane;
        if (!fast.sphere_is_a && !(ga.shape.type == ShapeType::Plane && round(gb.shape.type))) return fast;
        const Geometry& plane = fast.sphere_is_a ? gb : ga;
        const Geometry& sphere = fast.sphere_is_a ? ga : gb;
        const Vec3 n = plane.ori.normalized() * plane.shape.normal;
        if (n.norm() > 1e-12) fast.plane_normal = n.normalized();
        fast.a_moves = !model.bodies[ga.body].is_static();
        fast.plane_geometry = fast.sphere_is_a ? pair.geometry_b : pair.geometry_a;
        fast.plane_body = plane.body, fast.sphere_body = sphere.body;
        fast.plane_pos = plane.pos;
        fast.radius = sphere.shape.radius;
        if (sphere.shape.type == ShapeType::Sphere) {
            fast.is_plane_sphere = true, fast.sphere_pos[0] = sphere.pos;
        } else {  // capsule_end_centers in the body frame: the axis is the geometry's y
            const Vec3 half_axis = sphere.ori.normalized() * Vec3(0, 0.5 * sphere.shape.height, 0);
            fast.is_plane_capsule = true;
            fast.sphere_pos[0] = sphere.pos - half_axis, fast.sphere_pos[1] = sphere.pos + half_axis;
            fast.reach = std::max(fast.sphere_pos[0].norm(), fast.sphere_pos[1].norm()) + fast.radius;
            fast.reach = fast.reach * (1 + 1e-9) + 1e-9;
        }
        return fast;
    }
    // The listed pairs in order; a plane is placed once for a run of pairs against it
    // (every sphere of a model against its floor). `z_only` as data.z_rotations_only.
    template <bool z_only>
    void detect_pairs(const Model& model, const State& state, Data& data) const {
        Index placed = no_index;  // the plane geometry placed below
        Vec3 plane_point = Vec3::Zero(), normal = Vec3::UnitY();
        auto place = [&](const PlaneSphere& fast) {
            if (fast.plane_geometry == placed) return;
            const Mat3& rotation = data.body_rotation[fast.plane_body];
            plane_point = state.pos[fast.plane_body] + rotate<z_only>(rotation, fast.plane_pos);
            normal = rotate<z_only>(rotation, fast.plane_normal);
            placed = fast.plane_geometry;
        };
        for (size_t i = 0; i < pairs_.size(); ++i) {
            const PlaneSphere& fast = plane_sphere_[i];
            if (fast.is_plane_sphere) {
                place(fast);
                detect_plane_sphere<z_only>(state, pairs_[i], fast, fast.sphere_pos[0], plane_point, normal, data);
            } else if (fast.is_plane_capsule) {
                place(fast);
                if (normal.dot(state.pos[fast.sphere_body] - plane_point) > fast.reach) continue;
                detect_plane_sphere<z_only>(state, pairs_[i], fast, fast.sphere_pos[0], plane_point, normal, data);
                detect_plane_sphere<z_only>(state, pairs_[i], fast, fast.sphere_pos[1], plane_point, normal, data);
            } else {
                detect_pair_contacts(model, state, pairs_[i], data.contacts);
            }
        }
    }

    template <bool z_only>
    [[gnu::always_inline]] static inline void detect_plane_sphere(const State& state, const CollisionPair& pair,
                                                                  const PlaneSphere& fast, const Vec3& sphere_pos,
                                                                  const Vec3& plane_point, const Vec3& normal,
                                                                  Data& data) {
        const Vec3 centre =
            state.pos[fast.sphere_body] + rotate<z_only>(data.body_rotation[fast.sphere_body], sphere_pos);
        ShapeContact found;
        if (collide_plane_sphere(plane_point, normal, centre, fast.radius, &found) == 0) return;
        if (fast.sphere_is_a) found.normal = -found.normal;
        const Index body_a = fast.sphere_is_a ? fast.sphere_body : fast.plane_body;
        const Index body_b = fast.sphere_is_a ? fast.plane_body : fast.sphere_body;
        append_contact(state, pair, body_a, body_b, fast.a_moves, found, data.contacts);
    }

    std::vector<CollisionPair> pairs_;        // pairs with a static geometry
    std::vector<PlaneSphere> plane_sphere_;   // per pair
    std::vector<Index> objects_;              // geometries of dynamic bodies, for object-object contact
    std::vector<double> radius_;              // bounding radius per object
    UniformGrid grid_;                        // for grid_min_objects objects or more
    std::vector<CombinedMaterial> combined_;  // material a * material_count_ + material b, for objects
    size_t material_count_ = 0;
    int max_contacts_ = 0;
};

}  // namespace

std::vector<CollisionPair> collision_candidate_pairs(const Model& model, bool between_objects,
                                                     std::vector<Diagnostic>& diagnostics) {
    std::vector<CollisionPair> pairs;
    const Index count = Index(model.geometries.size());
    for (Index i = 0; i < count; ++i) {
        for (Index j = i + 1; j < count; ++j) {
            Index a = i, b = j;
            const Geometry* ga = &model.geometries[a];
            const Geometry* gb = &model.geometries[b];
            if (ga->body == gb->body || ga->body == no_index || gb->body == no_index) continue;
            const bool static_a = model.bodies[ga->body].is_static(), static_b = model.bodies[gb->body].is_static();
            if (static_a && static_b) continue;
            if (!static_a && !static_b && !between_objects) continue;
            if (static_b) std::swap(a, b), std::swap(ga, gb);  // the static geometry is a
            if (!is_supported_shape_pair(ga->shape.type, gb->shape.type)) {
                diagnostics.push_back({Severity::Warning, gb->location,
                                       "simple_collision_detection: contact between geometry '" + ga->name + "' (" +
                                           shape_type_name(ga->shape.type) + ") and geometry '" + gb->name + "' (" +
                                           shape_type_name(gb->shape.type) +
                                           ") is not supported; this pair never touches"});
                continue;
            }
            const Material& ma = model.materials.at(size_t(std::max<Index>(ga->material, 0)));
            const Material& mb = model.materials.at(size_t(std::max<Index>(gb->material, 0)));
            pairs.push_back({a, b, combine_materials(ma, mb), max_contacts_of(ga->shape.type, gb->shape.type)});
        }
    }
    return pairs;
}

double bounding_radius(const Shape& shape) {
    switch (shape.type) {
        case ShapeType::Sphere: return shape.radius;
        case ShapeType::Capsule: return 0.5 * shape.height + shape.radius;
        case ShapeType::Cylinder: return std::hypot(0.5 * shape.height, shape.radius);
        case ShapeType::Box: return shape.half_dim.norm();
        case ShapeType::Plane: return std::numeric_limits<double>::infinity();
        case ShapeType::None: return 0;
    }
    return 0;
}

void sweep_and_prune(const std::vector<double>& radius, BroadPhase& bp) {
    const Index n = Index(bp.centre.size());
    // sweep along the axis where the centres spread most (fewest overlaps of the
    // intervals); a switch keeps the old axis until another spreads 1.5 times more
    Vec3 mean = Vec3::Zero(), square = Vec3::Zero();
    for (const Vec3& c : bp.centre) mean += c, square += c.cwiseProduct(c);
    const Vec3 spread = n > 0 ? Vec3(square / n - (mean / n).cwiseProduct(mean / n)) : Vec3::Zero();
    int axis = bp.axis;
    for (int k = 0; k < 3; ++k)
        if (spread[k] > 1.5 * spread[axis]) axis = k;
    auto lower = [&](Index a) { return bp.centre[a][axis] - radius[a]; };
    auto before = [&](Index a, Index b) {  // ties by index: a unique order whatever the start
        const double la = lower(a), lb = lower(b);
        return la < lb || (la == lb && a < b);
    };
    if (Index(bp.order.size()) != n || axis != bp.axis) {
        bp.order.resize(size_t(n));
        for (Index i = 0; i < n; ++i) bp.order[i] = i;
        std::sort(bp.order.begin(), bp.order.end(), before);
        bp.axis = axis;
    } else {
        // insertion sort: the order of the previous evaluation is nearly sorted
        for (Index k = 1; k < n; ++k) {
            const Index moving = bp.order[k];
            Index slot = k;
            for (; slot > 0 && before(moving, bp.order[slot - 1]); --slot) bp.order[slot] = bp.order[slot - 1];
            bp.order[slot] = moving;
        }
    }
    // the sorted boxes side by side, so that the sweep reads memory in order
    const int u = (axis + 1) % 3, v = (axis + 2) % 3;
    bp.sorted.resize(size_t(n));
    for (Index k = 0; k < n; ++k) {
        const Index a = bp.order[k];
        const Vec3& c = bp.centre[a];
        bp.sorted[k] = {c[axis] - radius[a], c[axis] + radius[a], c[u], c[v], radius[a], a};
    }
    bp.overlapping.clear();
    for (Index k = 0; k < n; ++k) {
        const BroadPhase::Box& a = bp.sorted[k];
        for (Index l = k + 1; l < n; ++l) {
            const BroadPhase::Box& b = bp.sorted[l];
            if (b.lower > a.upper) break;  // sorted: no later box reaches a
            const double reach = a.radius + b.radius;
            if (std::abs(a.u - b.u) > reach || std::abs(a.v - b.v) > reach) continue;
            if ((bp.centre[a.index] - bp.centre[b.index]).squaredNorm() > reach * reach) continue;  // spheres apart
            bp.overlapping.emplace_back(std::min(a.index, b.index), std::max(a.index, b.index));
        }
    }
}

ShapePose geometry_world_pose(const Model& model, const State& state, Index geometry) {
    const Geometry& g = model.geometries[geometry];
    return {world_point(state, g.body, g.pos), (state.ori[g.body] * g.ori).normalized()};
}

void detect_pair_contacts(const Model& model, const State& state, const CollisionPair& pair,
                          std::vector<Contact>& contacts) {
    detect_posed_pair_contacts(model, state, pair, contact_pose(model, state, pair.geometry_a),
                               contact_pose(model, state, pair.geometry_b), contacts);
}

void detect_posed_pair_contacts(const Model& model, const State& state, const CollisionPair& pair,
                                const ShapePose& pose_a, const ShapePose& pose_b, std::vector<Contact>& contacts) {
    ShapeContact found[max_shape_contacts];
    const int count = collide_shapes(model.geometries[pair.geometry_a].shape, pose_a,
                                     model.geometries[pair.geometry_b].shape, pose_b, found);
    append_contacts(model, state, pair, found, count, contacts);
}

void append_contacts(const Model& model, const State& state, const CollisionPair& pair, const ShapeContact* found,
                     int count, std::vector<Contact>& contacts) {
    const Index body_a = model.geometries[pair.geometry_a].body, body_b = model.geometries[pair.geometry_b].body;
    const bool a_moves = !model.bodies[body_a].is_static();
    for (int i = 0; i < count; ++i) append_contact(state, pair, body_a, body_b, a_moves, found[i], contacts);
}

std::unique_ptr<ForceComponent> create_simple_collision_detection(const PropNode& props, ForceContext& context) {
    PropertyValues values;
    if (!read_force_properties(props, context, values)) return nullptr;
    const bool between_objects = values["enable_collision_between_objects"] != 0;
    // Pairs with a static geometry are listed once; object pairs are found by the
    // broad phase (the full list is still walked here once, to report unsupported pairs).
    std::vector<CollisionPair> pairs = collision_candidate_pairs(context.model, between_objects, context.diagnostics);
    std::vector<Index> objects;
    if (between_objects) {
        const Model& model = context.model;
        // objects: geometries of dynamic bodies with a bounded shape (a plane on a
        // moving body keeps its listed pairs)
        auto is_object = [&](Index g) {
            const Geometry& geometry = model.geometries[g];
            return geometry.body != no_index && !model.bodies[geometry.body].is_static() &&
                   geometry.shape.type != ShapeType::Plane;
        };
        std::erase_if(pairs,
                      [&](const CollisionPair& p) { return is_object(p.geometry_a) && is_object(p.geometry_b); });
        for (Index g = 0; g < Index(model.geometries.size()); ++g)
            if (is_object(g)) objects.push_back(g);
    }
    return std::make_unique<SimpleCollisionDetection>(context.model, std::move(pairs), std::move(objects));
}

}  // namespace hfd
