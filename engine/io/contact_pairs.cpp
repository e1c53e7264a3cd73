#include "io/contact_pairs.h"

namespace hfd {

Index ContactPairSet::find(Index geometry_a, Index geometry_b) const {
    if (geometry_a < 0 || geometry_b < 0 || geometry_a >= geometry_count || geometry_b >= geometry_count)
        return no_index;
    return pair_of[static_cast<size_t>(geometry_a) * geometry_count + geometry_b];
}

CollisionSettings collision_settings(const SimConfig& config) {
    CollisionSettings settings;
    for (const PropNode& component : config.composite_force.children) {
        if (component.key.find("collision_detection") == std::string::npos) continue;
        settings.detection = true;
        if (const PropNode* flag = component.find("enable_collision_between_objects"))
            settings.between_objects = to_bool(*flag).value_or(false);
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
    const Index n = set.geometry_count;
    // Moving geometry first, so that the recorded force is the one on the moving body.
    for (Index moving = 0; moving < n; ++moving) {
        if (on_static_body(model, moving)) continue;
        for (Index fixed = 0; fixed < n; ++fixed)
            if (on_static_body(model, fixed)) add_pair(model, set, moving, fixed);
    }
    if (settings.between_objects)
        for (Index a = 0; a < n; ++a)
            for (Index b = a + 1; b < n; ++b)
                if (!on_static_body(model, a) && !on_static_body(model, b) &&
                    model.geometries[a].body != model.geometries[b].body)
                    add_pair(model, set, a, b);
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
