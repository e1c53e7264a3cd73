#pragma once
// Broad phase for many objects (simple_collision_detection): a uniform grid of
// cells as large as the largest regular object, hashed into buckets, so that
// finding the overlapping bounding spheres costs O(n) for objects of similar
// size. Sweep and prune costs O(n^(5/3)) in a dense 3D pile: every box overlaps
// a whole slab of the pile along the sweep axis.
//   regular object: bounding radius at most twice the median; its centre's cell
//     and the 26 around it hold every regular object it can overlap, since two
//     spheres overlap only when |c_a - c_b| <= r_a + r_b <= cell on every axis;
//   large object: tested against every other object directly (few in a pile).
// (Spatial hashing: Teschner et al. 2003, "Optimized spatial hashing for
// collision detection of deformable objects", VMV.)
#include "state/data.h"

#include <vector>

namespace hfd {

struct UniformGrid {
    double cell = 1;                   // edge, m: twice the largest radius of the regular objects
    std::vector<char> large;           // per object: 1 for a large object
    std::vector<Index> large_objects;  // ascending
};

// The grid for objects of these bounding radii (fixed with the model).
UniformGrid make_uniform_grid(const std::vector<double>& radius);

// Pairs (i, j), i < j, of objects whose bounding spheres (centre, radius)
// overlap, into bp.overlapping (as sweep_and_prune), from bp.centre; in an
// order fixed by the centres. Allocates only while the scratch grows.
void uniform_grid_pairs(const std::vector<double>& radius, const UniformGrid& grid, BroadPhase& bp);

}  // namespace hfd
