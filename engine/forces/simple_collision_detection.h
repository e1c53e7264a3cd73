#pragma once
// simple_collision_detection { enable_collision_between_objects = 0 }
// (Hyfydy manual, "Collision Detection"): tests every candidate pair of
// geometries and writes one Contact per touching point to Data::contacts.
//   default: geometries of static bodies (the ground plane) against geometries
//            of dynamic bodies;
//   enable_collision_between_objects = 1: also every pair of geometries of two
//            different dynamic bodies.
// Candidate pairs and their combined materials are fixed at creation; shape
// pairs without a contact function (box-box, cylinders, plane-plane) are
// reported once as a warning naming both geometries, then left out.
#include "forces/collision_shapes.h"
#include "forces/force_component.h"
#include "forces/material_combination.h"

#include <memory>
#include <vector>

namespace hfd {

struct CollisionPair {
    Index geometry_a = no_index, geometry_b = no_index;  // a: the static / first geometry
    CombinedMaterial material;
    int max_contacts = 1;
};

// Candidate pairs of a model; unsupported shape pairs are reported in diagnostics.
std::vector<CollisionPair> collision_candidate_pairs(const Model& model, bool between_objects,
                                                     std::vector<Diagnostic>& diagnostics);

// World pose of a geometry from its body's state.
ShapePose geometry_world_pose(const Model& model, const State& state, Index geometry);

// Appends the contacts of one pair (point, normal a->b, depth, relative velocity
// b minus a at the point, combined material). Allocates only when `contacts`
// lacks capacity.
void detect_pair_contacts(const Model& model, const State& state, const CollisionPair& pair,
                          std::vector<Contact>& contacts);

std::unique_ptr<ForceComponent> create_simple_collision_detection(const PropNode& props, ForceContext& context);

}  // namespace hfd
