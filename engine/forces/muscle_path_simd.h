#pragma once
// The 3D segment pass of update_muscle_paths four segments at a time (AVX2 + FMA):
// the bodies' rotations, positions and velocities gathered per lane (AVX2
// gathers), the arithmetic of one segment in each lane, the arms and directions
// transposed back to Vec3 order. Same formulas as the scalar pass:
//   arm = R local,  d = (p_b + arm_b) - (p_a + arm_a),  L = |d|,  u = d / L (0 when L <= 1e-12),
//   dL/dt = u . ((v_b + w_b x arm_b) - (v_a + w_a x arm_a)).
// The lengths and dL/dt are added to their muscles in segment order, as the scalar
// pass does. About 60 % of the scalar pass's instructions (human3d: 71 per segment
// against 120), most of them the 42 gathers of four segments.
#include "sim/data.h"
#include "sim/state.h"

#include <cstddef>

namespace hfd {

// Whether this build has the four-segment pass (compiled for AVX2 and FMA).
bool has_segment_pass_x4();
// Segments [0, 4 * (n / 4)) of data.segments; returns the number done (0 without AVX2).
size_t update_segments_x4(const State& state, Data& data);

}  // namespace hfd
