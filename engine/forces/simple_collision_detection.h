#pragma once
// simple_collision_detection { enable_collision_between_objects = 0 }
// (Hyfydy manual, "Collision Detection"): tests every candidate pair of
// geometries and writes one Contact per touching point to Data::contacts.
//   default: geometries of static bodies (the ground plane) against geometries
//            of dynamic bodies;
//   enable_collision_between_objects = 1: also every pair of geometries of two
//            different dynamic bodies. These pairs are not listed in advance:
//            a broad phase hands only the pairs whose bounding spheres overlap
//            to the shape tests: sweep and prune (the spheres' boxes sorted
//            along the axis of most spread) for fewer than 128 objects, a
//            uniform grid (uniform_grid.h) from 128, so that the cost grows
//            with the objects and their neighbours, not with their square.
// Candidate pairs and their combined materials are fixed at creation; shape
// pairs without a contact function (box-box, cylinders, plane-plane) are
// reported once as a warning naming both geometries, then left out.
#include "forces/collision_shapes.h"
#include "forces/force_component.h"
#include "forces/material_combination.h"

#include <memory>
#include <utility>
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

// Radius of a sphere around the geometry's origin that holds the shape (infinite
// for a plane): the broad phase's bound.
double bounding_radius(const Shape& shape);

// Pairs (i, j) of objects whose bounding spheres (centre, radius) overlap,
// i < j, in sweep order (unique for given centres), into bp.overlapping; from bp.centre (per
// object) and radius. bp.order is kept between calls (a nearly sorted start
// sorts in linear time).
void sweep_and_prune(const std::vector<double>& radius, BroadPhase& bp);

// World pose of a geometry from its body's state.
ShapePose geometry_world_pose(const Model& model, const State& state, Index geometry);

// Appends the contacts of one pair (point, normal a->b, depth, relative velocity
// b minus a at the point, combined material). Allocates only when `contacts`
// lacks capacity.
void detect_pair_contacts(const Model& model, const State& state, const CollisionPair& pair,
                          std::vector<Contact>& contacts);
// Same, with the world poses of both geometries already known.
void detect_posed_pair_contacts(const Model& model, const State& state, const CollisionPair& pair,
                                const ShapePose& pose_a, const ShapePose& pose_b, std::vector<Contact>& contacts);

// The Contact records of count shape contacts of the pair (relative velocity, material).
void append_contacts(const Model& model, const State& state, const CollisionPair& pair, const ShapeContact* found,
                     int count, std::vector<Contact>& contacts);

std::unique_ptr<ForceComponent> create_simple_collision_detection(const PropNode& props, ForceContext& context);

}  // namespace hfd
