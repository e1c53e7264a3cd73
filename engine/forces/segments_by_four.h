#pragma once
// The 3D segment pass of update_muscle_paths four segments at a time (AVX2 with FMA):
// the same operations as the one-segment loop, in the same order, with the same
// products fused and the same ones rounded, so the results are the same bits. The
// one-segment loop's Eigen code computes, for r the body rotation and p a local point,
//   x = fma(r02, p_z, fma(r01, p_y, r00 p_x)), y likewise with row 1,
//   z = fma(r20, p_x, fma(r22, p_z, r21 p_y)),
//   |d|^2 = fma(d_z, d_z, d_x^2 + d_y^2) with d_x^2, d_y^2 rounded,
//   (a x u) = (a_y u_z - a_z u_y, a_z u_x - a_x u_z, a_x u_y - a_y u_x), the first
// products of x and y rounded and the second product of z.
// H1922 (24 segments): 2,200 -> 900 instructions an evaluation.
#include "state/data.h"
#include "state/state.h"

#include <cstddef>

namespace hfd {

// Segments [0, returned count) of data (a multiple of four; zero without AVX2):
// directions, moments and their lengths added to data.muscle_length, which holds the
// fixed lengths on entry.
size_t update_segments_by_four(const State& state, Data& data);

}  // namespace hfd
