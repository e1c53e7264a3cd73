// The uniform grid broad phase finds exactly the pairs of objects whose
// bounding spheres overlap, as an all-pairs test does: objects of one size and
// of many, large ones among them, far-away and non-finite centres; each pair
// once, smaller index first; and nothing allocated once its scratch has grown.
#include "forces/uniform_grid.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

using namespace hfd;

namespace {

using Pairs = std::vector<std::pair<Index, Index>>;

Pairs all_pairs(const std::vector<Vec3>& centre, const std::vector<double>& radius) {
    Pairs pairs;
    for (Index a = 0; a < Index(centre.size()); ++a)
        for (Index b = a + 1; b < Index(centre.size()); ++b)
            if ((centre[a] - centre[b]).squaredNorm() <= (radius[a] + radius[b]) * (radius[a] + radius[b]))
                pairs.emplace_back(a, b);
    return pairs;
}

Pairs grid_pairs(const std::vector<double>& radius, BroadPhase& bp) {
    uniform_grid_pairs(radius, make_uniform_grid(radius), bp);
    Pairs found = bp.overlapping;
    std::sort(found.begin(), found.end());
    return found;
}

}  // namespace

class TestUniformGrid : public QObject {
    Q_OBJECT
private slots:
    void regularAndLargeObjectsAsAllPairs() {
        std::mt19937 rng(11);
        std::uniform_real_distribution<double> coordinate(-1, 1), size(0.02, 0.08), large(0.2, 0.6);
        for (const bool with_large : {false, true}) {
            BroadPhase bp;
            bp.centre.resize(400);
            std::vector<double> radius(400);
            for (size_t i = 0; i < radius.size(); ++i) {
                bp.centre[i] = Vec3(coordinate(rng), 0.2 * coordinate(rng), coordinate(rng));
                radius[i] = with_large && i % 37 == 0 ? large(rng) : size(rng);
            }
            const UniformGrid grid = make_uniform_grid(radius);
            QCOMPARE(grid.large_objects.empty(), !with_large);
            for (const Index l : grid.large_objects) QVERIFY(radius[size_t(l)] > 0.15);
            for (int round = 0; round < 3; ++round) {  // moved between rounds: the scratch is reused
                const Pairs expected = all_pairs(bp.centre, radius);
                QVERIFY(expected.size() > 200);
                const Pairs found = grid_pairs(radius, bp);
                QVERIFY(std::adjacent_find(found.begin(), found.end()) == found.end());  // each pair once
                for (const auto& [a, b] : found) QVERIFY(a < b);
                QVERIFY(found == expected);
                for (Vec3& c : bp.centre) c += 0.05 * Vec3(coordinate(rng), coordinate(rng), coordinate(rng));
            }
        }
    }

    // Touching spheres on a lattice: neighbours across a cell face, edge and
    // corner, at negative coordinates too (the cells of floor(x / cell)).
    void aDenseLatticeAsAllPairs() {
        BroadPhase bp;
        std::vector<double> radius;
        for (int x = -4; x < 4; ++x)
            for (int y = -4; y < 4; ++y)
                for (int z = -4; z < 4; ++z) {
                    bp.centre.push_back(0.099 * Vec3(x, y, z) + Vec3(0, 0.001 * x, 0));
                    radius.push_back(0.05);
                }
        const Pairs expected = all_pairs(bp.centre, radius);
        QVERIFY(expected.size() > 3 * bp.centre.size() / 2);  // face neighbours at least
        QVERIFY(grid_pairs(radius, bp) == expected);
    }

    // A centre far away or not a number overlaps nothing and breaks nothing.
    void farAwayAndNonFiniteCentres() {
        BroadPhase bp;
        bp.centre = {Vec3(0, 0, 0),
                     Vec3(0.05, 0, 0),
                     Vec3(1e300, 0, 0),
                     Vec3(1e300, 0, 0),
                     Vec3(std::numeric_limits<double>::quiet_NaN(), 0, 0),
                     Vec3(-std::numeric_limits<double>::infinity(), 0, 0)};
        const std::vector<double> radius(bp.centre.size(), 0.1);
        // the two at 1e300 coincide and so overlap; NaN and infinity overlap nothing
        QVERIFY(grid_pairs(radius, bp) == (Pairs{{0, 1}, {2, 3}}));
    }

    void noAllocationOnceGrown() {
        std::mt19937 rng(3);
        std::uniform_real_distribution<double> coordinate(-1, 1);
        BroadPhase bp;
        bp.centre.resize(300);
        for (Vec3& c : bp.centre) c = Vec3(coordinate(rng), coordinate(rng), coordinate(rng));
        const std::vector<double> radius(300, 0.1);
        const UniformGrid grid = make_uniform_grid(radius);
        uniform_grid_pairs(radius, grid, bp);
        bp.overlapping.reserve(2 * bp.overlapping.size());
        const auto* entries = bp.grid_entry.data();
        const auto* starts = bp.bucket_start.data();
        const auto* pairs = bp.overlapping.data();
        for (int i = 0; i < 5; ++i) {
            for (Vec3& c : bp.centre) c += 0.01 * Vec3(coordinate(rng), coordinate(rng), coordinate(rng));
            uniform_grid_pairs(radius, grid, bp);
        }
        QCOMPARE(bp.grid_entry.data(), entries);
        QCOMPARE(bp.bucket_start.data(), starts);
        QCOMPARE(bp.overlapping.data(), pairs);
    }
};

QTEST_APPLESS_MAIN(TestUniformGrid)
#include "test_uniform_grid.moc"
