#include "forces/uniform_grid.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace hfd {

namespace {

// The three large primes of Teschner et al. (2003), XOR-combined: a cell's hash
// is hx ^ hy ^ hz with h = index * prime (mod 2^64), so a neighbour's is
// (hx + dx * px) ^ ... without multiplying again.
constexpr std::uint64_t prime_x = 73856093u, prime_y = 19349663u, prime_z = 83492791u;

// Far-away or non-finite centres share the outermost cells: their spheres are
// still tested exactly (a NaN centre overlaps nothing).
std::int64_t cell_index(double coordinate, double inverse_cell) {
    constexpr double limit = 1e15;
    const double scaled = std::floor(coordinate * inverse_cell);
    return std::int64_t(scaled >= -limit && scaled <= limit ? scaled : (scaled > 0 ? limit : -limit));
}

// The bounding spheres overlap: the only pairs whose shapes can touch.
bool spheres_overlap(const Vec3& a, double radius_a, const Vec3& b, double radius_b) {
    return (a - b).squaredNorm() <= (radius_a + radius_b) * (radius_a + radius_b);
}

// The 13 neighbour offsets after (0, 0, 0) in lexicographic order: of two
// neighbouring cells, exactly one sees the other among these.
struct Offset {
    int x, y, z;
};
constexpr Offset forward_neighbours[13] = {{0, 0, 1},  {0, 1, -1}, {0, 1, 0},  {0, 1, 1}, {1, -1, -1},
                                           {1, -1, 0}, {1, -1, 1}, {1, 0, -1}, {1, 0, 0}, {1, 0, 1},
                                           {1, 1, -1}, {1, 1, 0},  {1, 1, 1}};

}  // namespace

UniformGrid make_uniform_grid(const std::vector<double>& radius) {
    UniformGrid grid;
    grid.large.assign(radius.size(), 0);
    if (radius.empty()) return grid;
    std::vector<double> sorted = radius;
    std::nth_element(sorted.begin(), sorted.begin() + std::ptrdiff_t(sorted.size() / 2), sorted.end());
    const double median = sorted[sorted.size() / 2];
    double largest_regular = 0;
    for (size_t i = 0; i < radius.size(); ++i) {
        if (radius[i] > 2 * median) {
            grid.large[i] = 1;
            grid.large_objects.push_back(Index(i));
        } else {
            largest_regular = std::max(largest_regular, radius[i]);
        }
    }
    grid.cell = largest_regular > 0 ? 2 * largest_regular : 1;
    return grid;
}

void uniform_grid_pairs(const std::vector<double>& radius, const UniformGrid& grid, BroadPhase& bp) {
    using Entry = BroadPhase::GridEntry;
    const size_t n = bp.centre.size();
    size_t buckets = 16;  // a power of two, at least twice the objects
    while (buckets < 2 * n) buckets *= 2;
    const std::uint64_t mask = buckets - 1;
    auto hash = [](std::int64_t x, std::int64_t y, std::int64_t z) {
        return std::uint64_t(x) * prime_x ^ std::uint64_t(y) * prime_y ^ std::uint64_t(z) * prime_z;
    };
    // counting sort of the regular objects by the bucket of their cell
    const double inverse_cell = 1 / grid.cell;
    bp.bucket_start.assign(buckets + 1, 0);
    for (size_t i = 0; i < n; ++i) {
        if (grid.large[i]) continue;
        const Vec3& c = bp.centre[i];
        ++bp.bucket_start[(hash(cell_index(c.x(), inverse_cell), cell_index(c.y(), inverse_cell),
                                cell_index(c.z(), inverse_cell)) &
                           mask) +
                          1];
    }
    for (size_t b = 0; b < buckets; ++b) bp.bucket_start[b + 1] += bp.bucket_start[b];
    bp.bucket_fill.assign(bp.bucket_start.begin(), bp.bucket_start.end() - 1);
    bp.grid_entry.resize(size_t(bp.bucket_start[buckets]));
    for (size_t i = 0; i < n; ++i) {
        if (grid.large[i]) continue;
        const Vec3& c = bp.centre[i];
        const Entry entry{cell_index(c.x(), inverse_cell), cell_index(c.y(), inverse_cell),
                          cell_index(c.z(), inverse_cell), Index(i)};
        bp.grid_entry[size_t(bp.bucket_fill[hash(entry.x, entry.y, entry.z) & mask]++)] = entry;
    }

    bp.overlapping.clear();
    auto test = [&](Index a, Index b) {
        if (spheres_overlap(bp.centre[size_t(a)], radius[size_t(a)], bp.centre[size_t(b)], radius[size_t(b)]))
            bp.overlapping.emplace_back(std::min(a, b), std::max(a, b));
    };
    // every entry: the later ones of its own cell, then the cells ahead of it
    for (size_t bucket = 0; bucket < buckets; ++bucket)
        for (Index k = bp.bucket_start[bucket]; k < bp.bucket_start[bucket + 1]; ++k) {
            const Entry e = bp.grid_entry[size_t(k)];
            for (Index l = k + 1; l < bp.bucket_start[bucket + 1]; ++l) {
                const Entry& f = bp.grid_entry[size_t(l)];
                if (f.x == e.x && f.y == e.y && f.z == e.z) test(e.object, f.object);
            }
            const std::uint64_t hx = std::uint64_t(e.x) * prime_x, hy = std::uint64_t(e.y) * prime_y,
                                hz = std::uint64_t(e.z) * prime_z;
            for (const Offset& d : forward_neighbours) {
                const std::int64_t x = e.x + d.x, y = e.y + d.y, z = e.z + d.z;
                const std::uint64_t near = ((hx + std::uint64_t(std::int64_t(d.x)) * prime_x) ^
                                            (hy + std::uint64_t(std::int64_t(d.y)) * prime_y) ^
                                            (hz + std::uint64_t(std::int64_t(d.z)) * prime_z)) &
                                           mask;
                // other cells that share the bucket are skipped by the cell test
                for (Index l = bp.bucket_start[near]; l < bp.bucket_start[near + 1]; ++l) {
                    const Entry& f = bp.grid_entry[size_t(l)];
                    if (f.x == x && f.y == y && f.z == z) test(e.object, f.object);
                }
            }
        }
    for (const Index l : grid.large_objects)
        for (size_t o = 0; o < n; ++o)
            if (!grid.large[o] || Index(o) > l) test(l, Index(o));  // a large pair once, from its first
}

}  // namespace hfd
