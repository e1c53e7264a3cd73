#include "io/contact_pairs.h"

#include "forces/simple_collision_detection.h"
#include "sim/components.h"

namespace hfd {

Index ContactPairSet::find(Index geometry_a, Index geometry_b) const {
    if (geometry_a < 0 || geometry_b < 0 || geometry_a >= geometry_count || geometry_b >= geometry_count)
        return no_index;
    return pair_of[static_cast<size_t>(geometry_a) * geometry_count + geometry_b];
}

CollisionSettings collision_settings(const SimConfig& config) {
    CollisionSettings settings;
    for (const PropNode& component : config.composite_force.children) {
        const ComponentInfo* info = find_component(component.key);
        if (!info || info->family != ComponentFamily::Collision) continue;
        settings.detection = true;
        PropertyValues values;
        std::vector<Diagnostic> ignored;  // creating the component reports them
        read_properties(component, info->properties, config.file, ignored, values);
        settings.between_objects = values["enable_collision_between_objects"] != 0;
    }
    return settings;
}

namespace {

std::string geometry_label(const Model& model, Index g) {
    const std::string& name = model.geometries[g].name;
    return name.empty() ? "geometry" + std::to_string(g) : name;
}

bool on_static_body(const Model& model, Index g) {
    const Index body = model.geometries[g].body;
    return body < 0 || model.bodies[body].is_static();
}

void add_pair(const Model& model, ContactPairSet& set, Index first, Index second) {
    const Index index = static_cast<Index>(set.pairs.size());
    set.pairs.push_back({first, second, geometry_label(model, first) + "-" + geometry_label(model, second)});
    const size_t n = static_cast<size_t>(set.geometry_count);
    set.pair_of[first * n + second] = index;
    set.pair_of[second * n + first] = index;
}

}  // namespace

ContactPairSet candidate_contact_pairs(const Model& model, const CollisionSettings& settings) {
    ContactPairSet set;
    set.geometry_count = static_cast<int>(model.geometries.size());
    set.pair_of.assign(static_cast<size_t>(set.geometry_count) * set.geometry_count, no_index);
    if (!settings.detection) return set;
    std::vector<Diagnostic> ignored;  // the collision component reports the unsupported pairs
    for (const CollisionPair& pair : collision_candidate_pairs(model, settings.between_objects, ignored)) {
        // Moving geometry first, so that the recorded force is the one on the moving
        // body (the collision pair has the static geometry, if any, as a).
        if (on_static_body(model, pair.geometry_a)) add_pair(model, set, pair.geometry_b, pair.geometry_a);
        else add_pair(model, set, pair.geometry_a, pair.geometry_b);
    }
    return set;
}

void gather_pair_contacts(const Data& data, const ContactPairSet& set, std::vector<PairContact>& out) {
    out.resize(set.pairs.size());
    for (PairContact& pair : out) pair = PairContact{};
    for (const Contact& contact : data.contacts) {
        const Index p = set.find(contact.geometry_a, contact.geometry_b);
        if (p == no_index || !(contact.depth > 0)) continue;
        PairContact& pair = out[p];
        const Vec3 force = contact.geometry_b == set.pairs[p].first ? contact.force : Vec3(-contact.force);
        pair.touching = true;
        pair.force += force;
        pair.point += force.norm() * contact.point;
        pair.force_sum += force.norm();
        ++pair.contact_count;
    }
    for (PairContact& pair : out) {
        if (pair.force_sum > 0) pair.point /= pair.force_sum;
    }
    // Pairs touching without force (zero stiffness): plain mean of their points.
    for (const Contact& contact : data.contacts) {
        const Index p = set.find(contact.geometry_a, contact.geometry_b);
        if (p != no_index && contact.depth > 0 && !(out[p].force_sum > 0))
            out[p].point += contact.point / out[p].contact_count;
    }
}

}  // namespace hfd
