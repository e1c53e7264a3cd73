#include "forces/simple_collision_detection.h"

#include "forces/collision_shapes.h"
#include "sim/kinematics.h"

#include <algorithm>

namespace hfd {

namespace {

int max_contacts_of(ShapeType a, ShapeType b) {
    if (a == ShapeType::Box || b == ShapeType::Box) return (a == ShapeType::Plane || b == ShapeType::Plane) ? 8 : 3;
    if (a == ShapeType::Capsule || b == ShapeType::Capsule) return (a == ShapeType::Plane || b == ShapeType::Plane) ? 2 : 1;
    return 1;
}

class SimpleCollisionDetection final : public ForceComponent {
public:
    explicit SimpleCollisionDetection(std::vector<CollisionPair> pairs) : pairs_(std::move(pairs)) {
        for (const CollisionPair& pair : pairs_) max_contacts_ += pair.max_contacts;
    }
    std::string_view name() const override { return "simple_collision_detection"; }

    void initialize(const Model&, State&, const Controls&, Data& data) const override { reserve(data); }

    void apply(const Model& model, const State& state, const Controls&, Data& data) const override {
        reserve(data);  // no-op after the first evaluation into this Data
        for (const CollisionPair& pair : pairs_) detect_pair_contacts(model, state, pair, data.contacts);
    }

private:
    void reserve(Data& data) const {
        const size_t needed = data.contacts.size() + size_t(max_contacts_);
        if (data.contacts.capacity() < needed) data.contacts.reserve(needed);
    }

    std::vector<CollisionPair> pairs_;
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
                diagnostics.push_back(
                    {Severity::Warning, gb->location,
                     "simple_collision_detection: contact between geometry '" + ga->name + "' (" +
                         shape_type_name(ga->shape.type) + ") and geometry '" + gb->name + "' (" +
                         shape_type_name(gb->shape.type) + ") is not supported; this pair never touches"});
                continue;
            }
            const Material& ma = model.materials.at(size_t(std::max<Index>(ga->material, 0)));
            const Material& mb = model.materials.at(size_t(std::max<Index>(gb->material, 0)));
            pairs.push_back({a, b, combine_materials(ma, mb), max_contacts_of(ga->shape.type, gb->shape.type)});
        }
    }
    return pairs;
}

ShapePose geometry_world_pose(const Model& model, const State& state, Index geometry) {
    const Geometry& g = model.geometries[geometry];
    return {world_point(state, g.body, g.pos), (state.ori[g.body] * g.ori).normalized()};
}

void detect_pair_contacts(const Model& model, const State& state, const CollisionPair& pair,
                          std::vector<Contact>& contacts) {
    const Geometry& ga = model.geometries[pair.geometry_a];
    const Geometry& gb = model.geometries[pair.geometry_b];
    ShapeContact found[max_shape_contacts];
    const int count = collide_shapes(ga.shape, geometry_world_pose(model, state, pair.geometry_a), gb.shape,
                                     geometry_world_pose(model, state, pair.geometry_b), found);
    for (int i = 0; i < count; ++i) {
        Contact& contact = contacts.emplace_back();
        contact.geometry_a = pair.geometry_a, contact.geometry_b = pair.geometry_b;
        contact.body_a = ga.body, contact.body_b = gb.body;
        contact.point = found[i].point;
        contact.normal = found[i].normal;
        contact.depth = found[i].depth;
        contact.relative_velocity = world_point_velocity(state, gb.body, contact.point) -
                                    world_point_velocity(state, ga.body, contact.point);
        contact.stiffness = pair.material.stiffness;
        contact.damping = pair.material.damping;
        contact.static_friction = pair.material.static_friction;
        contact.dynamic_friction = pair.material.dynamic_friction;
    }
}

std::unique_ptr<ForceComponent> create_simple_collision_detection(const PropNode& props, ForceContext& context) {
    warn_unknown_properties(props, {"enable_collision_between_objects"}, context);
    bool between_objects = false;
    if (const PropNode* flag = props.find("enable_collision_between_objects")) {
        std::string error;
        const auto value = to_bool(*flag, &error);
        if (!value) {
            context.diagnostics.push_back({Severity::Error, location_of(*flag, context.file),
                                           "simple_collision_detection.enable_collision_between_objects: expected 0 "
                                           "or 1" + (error.empty() ? std::string() : " (" + error + ")")});
            return nullptr;
        }
        between_objects = *value;
    }
    return std::make_unique<SimpleCollisionDetection>(
        collision_candidate_pairs(context.model, between_objects, context.diagnostics));
}

}  // namespace hfd
