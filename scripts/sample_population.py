#!/usr/bin/env python3
"""Generation 0 of a scenario, measured: N parameter samples drawn around the means
with the scenario's stds (clipped to the bounds, as the optimizer draws them),
each evaluated once. Prints the median and best objective, the median time
walked and the shares that walk past 5 s and the full duration. A population is
a steadier comparison between engines or settings than one optimum.

    PYTHONPATH=build/python scripts/sample_population.py SCENARIO.scone [N] [SEED]
"""
import concurrent.futures
import os
import random
import statistics
import sys

import hfd


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    scenario = hfd.Scenario(sys.argv[1])
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 7)
    samples = [[min(max(mean + std * rng.gauss(0, 1), low), high)
                for (_, mean, std, low, high) in scenario.parameters()] for _ in range(count)]
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        results = list(pool.map(scenario.evaluate, samples))
    objectives = [r["objective"] for r in results]
    times = [r["simulated_time"] for r in results]
    full = scenario.max_duration - 1e-6
    print(f"{count} samples: median objective {statistics.median(objectives):.2f}, best {min(objectives):.2f}, "
          f"median time {statistics.median(times):.2f} s, walk > 5 s {sum(t > 5 for t in times) / count:.0%}, "
          f"full duration {sum(t >= full for t in times) / count:.0%}")


if __name__ == "__main__":
    main()
