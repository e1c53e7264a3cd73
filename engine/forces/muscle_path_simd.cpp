#include "forces/muscle_path_simd.h"

#if defined(__AVX2__) && defined(__FMA__)
#include <immintrin.h>
#endif

namespace hfd {

#if defined(__AVX2__) && defined(__FMA__)

namespace {

using V = __m256d;

struct Vec3x4 {
    V x, y, z;
};

// Lane i: p[offset[i]] (the masked form: the plain intrinsic starts from an
// undefined register, which GCC 12 reports as maybe uninitialized).
V gather(const double* p, __m128i offset) {
    const V all = _mm256_castsi256_pd(_mm256_set1_epi64x(-1));
    return _mm256_mask_i32gather_pd(_mm256_setzero_pd(), p, offset, all, 8);
}

// Lane i: the 3 doubles at base + 3 * index[i] (a Vec3 of a std::vector<Vec3>).
Vec3x4 gather_vec3(const Vec3* base, __m128i index) {
    const double* p = base->data();
    const __m128i offset = _mm_add_epi32(_mm_add_epi32(index, index), index);  // 3 index
    return {gather(p, offset), gather(p + 1, offset), gather(p + 2, offset)};
}

// Lane i: R[index[i]] local[i], R column-major (Eigen's Matrix3d: r(i, j) at i + 3 j).
Vec3x4 rotate(const Mat3* rotation, __m128i index, const Vec3x4& local) {
    const double* p = rotation->data();
    const __m128i offset = _mm_add_epi32(_mm_slli_epi32(index, 3), index);  // 9 index
    auto r = [&](int i, int j) { return gather(p + i + 3 * j, offset); };
    auto row = [&](int i) {
        return _mm256_fmadd_pd(r(i, 2), local.z, _mm256_fmadd_pd(r(i, 1), local.y, _mm256_mul_pd(r(i, 0), local.x)));
    };
    return {row(0), row(1), row(2)};
}

Vec3x4 add(const Vec3x4& a, const Vec3x4& b) {
    return {_mm256_add_pd(a.x, b.x), _mm256_add_pd(a.y, b.y), _mm256_add_pd(a.z, b.z)};
}
Vec3x4 sub(const Vec3x4& a, const Vec3x4& b) {
    return {_mm256_sub_pd(a.x, b.x), _mm256_sub_pd(a.y, b.y), _mm256_sub_pd(a.z, b.z)};
}
// a x b
Vec3x4 cross(const Vec3x4& a, const Vec3x4& b) {
    return {_mm256_fmsub_pd(a.y, b.z, _mm256_mul_pd(a.z, b.y)), _mm256_fmsub_pd(a.z, b.x, _mm256_mul_pd(a.x, b.z)),
            _mm256_fmsub_pd(a.x, b.y, _mm256_mul_pd(a.y, b.x))};
}

// Four Vec3 from lanes to their order in memory (12 consecutive doubles).
void store_vec3(Vec3* out, const Vec3x4& v) {
    // x0 x1 x2 x3 / y0 .. / z0 .. -> x0 y0 z0 x1 | y1 z1 x2 y2 | z2 x3 y3 z3
    const V xy = _mm256_unpacklo_pd(v.x, v.y);                                     // x0 y0 x2 y2
    const V zx = _mm256_unpacklo_pd(v.z, _mm256_permute4x64_pd(v.x, 0b10110001));  // z0 x1 z2 x3
    const V yz = _mm256_unpackhi_pd(v.y, v.z);                                     // y1 z1 y3 z3
    double* p = out->data();
    _mm256_storeu_pd(p, _mm256_permute2f128_pd(xy, zx, 0x20));      // x0 y0 z0 x1
    _mm256_storeu_pd(p + 4, _mm256_permute2f128_pd(yz, xy, 0x30));  // y1 z1 x2 y2
    _mm256_storeu_pd(p + 8, _mm256_permute2f128_pd(zx, yz, 0x31));  // z2 x3 y3 z3
}

// The pass over blocks of four segments; arm(bodies, local) places the points,
// velocity(a, b, arm_a, arm_b, u) gives dL/dt of each lane.
template <typename Arm, typename Velocity>
size_t segments_x4(const State& state, Data& data, Arm arm, Velocity velocity_of_lanes) {
    static_assert(sizeof(Vec3) == 3 * sizeof(double) && sizeof(Mat3) == 9 * sizeof(double));
    static_assert(sizeof(Index) == 4);
    const size_t n = data.segment_body_a.size() / 4 * 4;
    const Index *body_a = data.segment_body_a.data(), *body_b = data.segment_body_b.data();
    const Index* muscle_of = data.segment_muscle.data();
    const __m128i lane_offset = _mm_setr_epi32(0, 1, 2, 3);
    const V zero = _mm256_setzero_pd(), shortest = _mm256_set1_pd(1e-12);
    double* length_of = data.muscle_length.data();
    double* velocity_of = data.muscle_velocity.data();
    for (size_t k = 0; k < n; k += 4) {
        const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(body_a + k));
        const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(body_b + k));
        const __m128i segment = _mm_add_epi32(_mm_set1_epi32(int(k)), lane_offset);
        const Vec3x4 arm_a = arm(a, gather_vec3(data.segment_local_a.data(), segment));
        const Vec3x4 arm_b = arm(b, gather_vec3(data.segment_local_b.data(), segment));
        const Vec3x4 d =
            sub(add(gather_vec3(state.pos.data(), b), arm_b), add(gather_vec3(state.pos.data(), a), arm_a));
        const V length = _mm256_sqrt_pd(_mm256_fmadd_pd(d.z, d.z, _mm256_fmadd_pd(d.y, d.y, _mm256_mul_pd(d.x, d.x))));
        const V defined = _mm256_cmp_pd(length, shortest, _CMP_GT_OQ);
        const Vec3x4 u = {_mm256_blendv_pd(zero, _mm256_div_pd(d.x, length), defined),
                          _mm256_blendv_pd(zero, _mm256_div_pd(d.y, length), defined),
                          _mm256_blendv_pd(zero, _mm256_div_pd(d.z, length), defined)};
        const V velocity = velocity_of_lanes(a, b, arm_a, arm_b, u);
        store_vec3(data.segment_arm_a.data() + k, arm_a);
        store_vec3(data.segment_arm_b.data() + k, arm_b);
        store_vec3(data.segment_direction.data() + k, u);
        alignas(32) double lengths[4], velocities[4];
        _mm256_store_pd(lengths, length);
        _mm256_store_pd(velocities, velocity);
        for (int i = 0; i < 4; ++i) {  // in segment order: a muscle's segments may share a block
            length_of[muscle_of[k + i]] += lengths[i];
            velocity_of[muscle_of[k + i]] += velocities[i];
        }
    }
    return n;
}

}  // namespace

bool has_segment_pass_x4() { return true; }

size_t update_segments_x4(const State& state, Data& data) {
    const Mat3* rotation = data.body_rotation.data();
    return segments_x4(
        state, data, [&](__m128i body, const Vec3x4& local) { return rotate(rotation, body, local); },
        [&](__m128i a, __m128i b, const Vec3x4& arm_a, const Vec3x4& arm_b, const Vec3x4& u) {
            const Vec3x4 v_a =
                add(gather_vec3(state.lin_vel.data(), a), cross(gather_vec3(state.ang_vel.data(), a), arm_a));
            const Vec3x4 v_b =
                add(gather_vec3(state.lin_vel.data(), b), cross(gather_vec3(state.ang_vel.data(), b), arm_b));
            const Vec3x4 dv = sub(v_b, v_a);
            return _mm256_fmadd_pd(u.z, dv.z, _mm256_fmadd_pd(u.y, dv.y, _mm256_mul_pd(u.x, dv.x)));
        });
}

size_t update_planar_segments_x4(const State& state, Data& data) {
    const double* rotation = data.body_rotation.data()->data();
    const double *lin_vel = state.lin_vel.data()->data(), *ang_vel = state.ang_vel.data()->data();
    return segments_x4(
        state, data,
        [&](__m128i body, const Vec3x4& local) {
            // (r00 x + r01 y, r10 x + r11 y, z): a rotation about z leaves z as it is
            const __m128i offset = _mm_add_epi32(_mm_slli_epi32(body, 3), body);  // 9 body
            return Vec3x4{_mm256_fmadd_pd(gather(rotation + 3, offset), local.y,
                                          _mm256_mul_pd(gather(rotation, offset), local.x)),
                          _mm256_fmadd_pd(gather(rotation + 4, offset), local.y,
                                          _mm256_mul_pd(gather(rotation + 1, offset), local.x)),
                          local.z};
        },
        [&](__m128i a, __m128i b, const Vec3x4& arm_a, const Vec3x4& arm_b, const Vec3x4& u) {
            // in the x-y plane: v + w_z e_z x arm = (v_x - w_z arm_y, v_y + w_z arm_x)
            const __m128i a3 = _mm_add_epi32(_mm_add_epi32(a, a), a), b3 = _mm_add_epi32(_mm_add_epi32(b, b), b);
            const V w_a = gather(ang_vel + 2, a3), w_b = gather(ang_vel + 2, b3);
            const V dv_x = _mm256_sub_pd(_mm256_fnmadd_pd(w_b, arm_b.y, gather(lin_vel, b3)),
                                         _mm256_fnmadd_pd(w_a, arm_a.y, gather(lin_vel, a3)));
            const V dv_y = _mm256_sub_pd(_mm256_fmadd_pd(w_b, arm_b.x, gather(lin_vel + 1, b3)),
                                         _mm256_fmadd_pd(w_a, arm_a.x, gather(lin_vel + 1, a3)));
            return _mm256_fmadd_pd(u.y, dv_y, _mm256_mul_pd(u.x, dv_x));
        });
}

#else

bool has_segment_pass_x4() { return false; }
size_t update_segments_x4(const State&, Data&) { return 0; }
size_t update_planar_segments_x4(const State&, Data&) { return 0; }

#endif

}  // namespace hfd
