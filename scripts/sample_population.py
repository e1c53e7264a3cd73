#!/usr/bin/env python3
"""A population of a scenario, measured: N parameter samples drawn around means with
stds (clipped to the bounds, as the optimizer draws them), each evaluated once.
Prints the median and best objective, the median time walked and the shares that
walk past 5 s and the full duration. A population is a steadier comparison between
engines or settings than one optimum.

Without --par the means and stds are the scenario's own (generation 0 of its
optimization); with --par they are the .par file's mean and std columns (for a
converged optimization's file, the final distribution, which mostly walked where it
was optimized). Parameters the .par does not name keep the scenario's.

    PYTHONPATH=build/python scripts/sample_population.py SCENARIO.scone [N] [SEED] [--par P.par]
"""
import concurrent.futures
import os
import random
import statistics
import sys

import hfd


def read_par(path):
    """name -> (mean, std) from SCONE's .par lines `name value mean std`."""
    columns = {}
    with open(path) as lines:
        for line in lines:
            fields = line.split()
            if len(fields) >= 4:
                columns[fields[0]] = (float(fields[2]), float(fields[3]))
    return columns


def main():
    arguments = sys.argv[1:]
    par = {}
    if "--par" in arguments:
        at = arguments.index("--par")
        if at + 1 >= len(arguments):
            sys.exit("--par needs a file")
        par = read_par(arguments[at + 1])
        del arguments[at:at + 2]
    if not arguments:
        sys.exit(__doc__)
    scenario = hfd.Scenario(arguments[0])
    count = int(arguments[1]) if len(arguments) > 1 else 200
    rng = random.Random(int(arguments[2]) if len(arguments) > 2 else 7)
    spread = [(*par.get(name, (mean, std)), low, high) for (name, mean, std, low, high) in scenario.parameters()]
    samples = [[min(max(mean + std * rng.gauss(0, 1), low), high) for (mean, std, low, high) in spread]
               for _ in range(count)]
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
