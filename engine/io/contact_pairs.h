#pragma once
// The fixed list of geometry pairs that can touch, so that a recording has one
// column set per pair from the start: the candidate pairs of the collision
// detection itself (collision_candidate_pairs in
// forces/simple_collision_detection.h), in its order and without the shape
// pairs it does not support: a geometry on a static body with each geometry on
// a dynamic body, and with enable_collision_between_objects = 1 also each pair
// of geometries on two different dynamic bodies. Without a collision detection
// component (family Collision in sim/components.h) no pair can touch and the
// list is empty.
#include "model/model.h"
#include "state/data.h"
#include "sim/sim_config.h"

#include <string>
#include <vector>

namespace hfd {

struct ContactPair {
    Index first = no_index;  // geometry whose body receives `force` (the moving one)
    Index second = no_index;
    std::string name;  // "first-second", e.g. "r_heel-platform"
};

struct ContactPairSet {
    std::vector<ContactPair> pairs;
    int geometry_count = 0;
    std::vector<Index> pair_of;  // [a * geometry_count + b] -> pair index or no_index (symmetric)

    Index find(Index geometry_a, Index geometry_b) const;
    size_t size() const { return pairs.size(); }
};

// What the composite_force block says about collisions.
struct CollisionSettings {
    bool detection = false;        // a component of the Collision family is present
    bool between_objects = false;  // its enable_collision_between_objects (default from the component table)
};
CollisionSettings collision_settings(const SimConfig& config);

ContactPairSet candidate_contact_pairs(const Model& model, const CollisionSettings& settings);

// Contact of one pair in one evaluation, summed over its contact points.
struct PairContact {
    bool touching = false;      // some contact of the pair has depth > 0
    Vec3 force = Vec3::Zero();  // on the body of `first`, world [N]
    Vec3 point = Vec3::Zero();  // force-weighted mean contact point, world [m]; zero when apart
    int contact_count = 0;      // contact points of the pair
    double force_sum = 0;       // sum of |force| over the points (weight of the mean)
};

// Fills out[pair] from data.contacts (out is resized to the pair count once).
// Contacts of pairs outside the set are ignored.
void gather_pair_contacts(const Data& data, const ContactPairSet& set, std::vector<PairContact>& out);

}  // namespace hfd
