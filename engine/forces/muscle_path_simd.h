#pragma once
// The segment pass of update_muscle_paths four segments at a time (AVX2 + FMA):
// the bodies' rotations, positions and velocities gathered per lane (AVX2
// gathers), the arithmetic of one segment in each lane, the arms and directions
// transposed back to Vec3 order. Same formulas as the scalar pass:
//   arm = R local,  d = (p_b + arm_b) - (p_a + arm_a),  L = |d|,  u = d / L (0 when L <= 1e-12),
//   dL/dt = u . ((v_b + w_b x arm_b) - (v_a + w_a x arm_a)).
// The lengths and dL/dt are added to their muscles in segment order, as the scalar
// pass does. About 60 % of the scalar pass's instructions (human3d: 71 per segment
// against 120), most of them the 42 gathers of four segments; planar (H0918) about half.
#include "sim/data.h"
#include "sim/state.h"

#include <cstddef>

namespace hfd {

// Whether this build has the four-segment pass (compiled for AVX2 and FMA).
bool has_segment_pass_x4();
// Segments [0, 4 * (n / 4)) of data.segments; returns the number done (0 without AVX2).
size_t update_segments_x4(const State& state, Data& data);
// The same for a planar evaluation with data.z_rotations_only: arms keep their
// body-frame z, dL/dt takes the velocities in the x-y plane,
//   v + w_z e_z x arm = (v_x - w_z arm_y, v_y + w_z arm_x).
size_t update_planar_segments_x4(const State& state, Data& data);

}  // namespace hfd
