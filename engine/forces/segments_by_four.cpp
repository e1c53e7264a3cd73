#include "forces/segments_by_four.h"

#if defined(__AVX2__) && defined(__FMA__)
#include <immintrin.h>

namespace hfd {

namespace {

// A product the compiler may not fuse into the addition that follows (GCC contracts
// the intrinsics' plain vector arithmetic too): the rounding is the one-segment loop's.
inline __m256d rounded(__m256d v) {
    asm("" : "+x"(v));
    return v;
}

struct Lanes3 {
    __m256d x, y, z;
};

// Four consecutive Vec3 (twelve doubles) as their x, y and z lanes.
inline Lanes3 load_four(const Vec3* v) {
    const double* p = v->data();
    const __m256d l0 = _mm256_loadu_pd(p), l1 = _mm256_loadu_pd(p + 4), l2 = _mm256_loadu_pd(p + 8);
    const __m256d xy02 = _mm256_blend_pd(l0, l1, 0b1100);     // x0 y0 x2 y2
    const __m256d zx = _mm256_permute2f128_pd(l0, l2, 0x21);  // z0 x1 z2 x3
    const __m256d yz = _mm256_permute2f128_pd(l1, l2, 0x30);  // y1 z1 y3 z3
    return {_mm256_blend_pd(xy02, zx, 0b1010), _mm256_shuffle_pd(xy02, yz, 0b0101), _mm256_blend_pd(zx, yz, 0b1010)};
}

// The inverse of load_four.
inline void store_four(Vec3* v, __m256d x, __m256d y, __m256d z) {
    const __m256d xy02 = _mm256_unpacklo_pd(x, y);       // x0 y0 x2 y2
    const __m256d zx = _mm256_shuffle_pd(z, x, 0b1010);  // z0 x1 z2 x3
    const __m256d yz = _mm256_unpackhi_pd(y, z);         // y1 z1 y3 z3
    double* p = v->data();
    _mm256_storeu_pd(p, _mm256_permute2f128_pd(xy02, zx, 0x20));
    _mm256_storeu_pd(p + 4, _mm256_blend_pd(yz, xy02, 0b1100));
    _mm256_storeu_pd(p + 8, _mm256_permute2f128_pd(zx, yz, 0x31));
}

// Element i of four arrays (one per lane), for i = first and first + 1: from two 128-bit
// loads per lane pair, without gathers (slow on AMD Zen 4: H1922 gained no time with them).
inline void transpose_pair(const double* const lane[4], int first, __m256d& at_first, __m256d& at_second) {
    const __m256d even = _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd(lane[0] + first)),
                                              _mm_loadu_pd(lane[2] + first), 1);  // l0[f] l0[f+1] l2[f] l2[f+1]
    const __m256d odd =
        _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd(lane[1] + first)), _mm_loadu_pd(lane[3] + first), 1);
    at_first = _mm256_unpacklo_pd(even, odd);
    at_second = _mm256_unpackhi_pd(even, odd);
}

inline __m256d transpose_one(const double* const lane[4], int i) {
    const __m128d low = _mm_loadh_pd(_mm_load_sd(lane[0] + i), lane[1] + i);
    const __m128d high = _mm_loadh_pd(_mm_load_sd(lane[2] + i), lane[3] + i);
    return _mm256_insertf128_pd(_mm256_castpd128_pd256(low), high, 1);
}

// r p + origin of the bodies body[0..3] (Mat3 column-major in rotation, Vec3 in pos),
// p four local points; arm = r p.
inline Lanes3 world_points(const double* rotation, const double* pos, const Index* body, const Lanes3& p, Lanes3& arm) {
    const double* const matrix[4] = {rotation + 9 * body[0], rotation + 9 * body[1], rotation + 9 * body[2],
                                     rotation + 9 * body[3]};
    const double* const origin[4] = {pos + 3 * body[0], pos + 3 * body[1], pos + 3 * body[2], pos + 3 * body[3]};
    __m256d r[9], o[3];
    transpose_pair(matrix, 0, r[0], r[1]);
    transpose_pair(matrix, 2, r[2], r[3]);
    transpose_pair(matrix, 4, r[4], r[5]);
    transpose_pair(matrix, 6, r[6], r[7]);
    r[8] = transpose_one(matrix, 8);
    transpose_pair(origin, 0, o[0], o[1]);
    o[2] = transpose_one(origin, 2);
    arm.x = _mm256_fmadd_pd(r[6], p.z, _mm256_fmadd_pd(r[3], p.y, _mm256_mul_pd(r[0], p.x)));
    arm.y = _mm256_fmadd_pd(r[7], p.z, _mm256_fmadd_pd(r[4], p.y, _mm256_mul_pd(r[1], p.x)));
    arm.z = _mm256_fmadd_pd(r[2], p.x, _mm256_fmadd_pd(r[8], p.z, _mm256_mul_pd(r[5], p.y)));
    return {_mm256_add_pd(o[0], arm.x), _mm256_add_pd(o[1], arm.y), _mm256_add_pd(o[2], arm.z)};
}

// arm x u, rounded as Eigen's cross product in the one-segment loop
inline void store_moments(Vec3* out, const Lanes3& arm, const Lanes3& u) {
    store_four(out, _mm256_fnmadd_pd(arm.z, u.y, rounded(_mm256_mul_pd(arm.y, u.z))),
               _mm256_fnmadd_pd(arm.x, u.z, rounded(_mm256_mul_pd(arm.z, u.x))),
               _mm256_fmsub_pd(arm.x, u.y, rounded(_mm256_mul_pd(arm.y, u.x))));
}

}  // namespace

size_t update_segments_by_four(const State& state, Data& data) {
    static_assert(sizeof(Vec3) == 3 * sizeof(double) && sizeof(Mat3) == 9 * sizeof(double) && sizeof(Index) == 4);
    const size_t n = data.segment_body_a.size() / 4 * 4;
    if (n == 0) return 0;
    const Index *muscle_of = data.segment_muscle.data(), *body_a = data.segment_body_a.data(),
                *body_b = data.segment_body_b.data();
    const Vec3 *local_a = data.segment_local_a.data(), *local_b = data.segment_local_b.data();
    const double* rotation = data.body_rotation[0].data();
    const double* pos = state.pos[0].data();
    Vec3 *directions = data.segment_direction.data(), *moments_a = data.segment_moment_a.data(),
         *moments_b = data.segment_moment_b.data();
    double* length_of = data.muscle_length.data();
    const __m256d shortest = _mm256_set1_pd(1e-12);
    for (size_t k = 0; k < n; k += 4) {
        Lanes3 arm_a, arm_b;
        const Lanes3 a = world_points(rotation, pos, body_a + k, load_four(local_a + k), arm_a);
        const Lanes3 b = world_points(rotation, pos, body_b + k, load_four(local_b + k), arm_b);
        const __m256d dx = _mm256_sub_pd(b.x, a.x), dy = _mm256_sub_pd(b.y, a.y), dz = _mm256_sub_pd(b.z, a.z);
        const __m256d squares = _mm256_add_pd(rounded(_mm256_mul_pd(dx, dx)), rounded(_mm256_mul_pd(dy, dy)));
        const __m256d length = _mm256_sqrt_pd(_mm256_fmadd_pd(dz, dz, squares));
        // zero where the points coincide (or the length is not a number), as unit_direction
        const __m256d defined = _mm256_cmp_pd(length, shortest, _CMP_GT_OQ);
        const Lanes3 u{_mm256_and_pd(_mm256_div_pd(dx, length), defined),
                       _mm256_and_pd(_mm256_div_pd(dy, length), defined),
                       _mm256_and_pd(_mm256_div_pd(dz, length), defined)};
        store_four(directions + k, u.x, u.y, u.z);
        store_moments(moments_a + k, arm_a, u);
        store_moments(moments_b + k, arm_b, u);
        alignas(32) double lengths[4];
        _mm256_store_pd(lengths, length);
        for (int i = 0; i < 4; ++i) length_of[muscle_of[k + i]] += lengths[i];  // in segment order
    }
    return n;
}

}  // namespace hfd

#else

namespace hfd {
size_t update_segments_by_four(const State&, Data&) { return 0; }
}  // namespace hfd

#endif
