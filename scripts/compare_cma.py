#!/usr/bin/python3
"""Evaluations CMA-ES needs to reach a target: hfd's CmaEs against DEAP's
deap.cma.Strategy (Debian: apt-get install python3-deap), same problems, seeds
1..10. Prints the markdown table of docs/optimization.md.

    cmake --build build --target hfd-cma-compare
    /usr/bin/python3 scripts/compare_cma.py [build/bin/hfd-cma-compare]

The problems must match bench/cma_compare.cpp: start (every coordinate),
initial step size, lambda (0 = default 4 + floor(3 ln n)), target, budget.
"""
import statistics
import subprocess
import sys

import numpy
from deap import base, cma, creator

PROBLEMS = [
    # name, dimension, start, sigma, lambda, target, budget
    ("sphere", 10, 1.0, 0.5, 0, 1e-10, 100000),
    ("rosenbrock", 10, 0.0, 0.5, 0, 1e-10, 200000),
    ("rastrigin", 10, 3.0, 2.0, 400, 1e-8, 1000000),
]
SEEDS = range(1, 11)


def sphere(x):
    return numpy.sum(x * x, axis=1)


def rosenbrock(x):
    return numpy.sum(100 * (x[:, 1:] - x[:, :-1] ** 2) ** 2 + (1 - x[:, :-1]) ** 2, axis=1)


def rastrigin(x):
    return 10 * x.shape[1] + numpy.sum(x * x - 10 * numpy.cos(2 * numpy.pi * x), axis=1)


FUNCTIONS = {"sphere": sphere, "rosenbrock": rosenbrock, "rastrigin": rastrigin}

creator.create("FitnessMin", base.Fitness, weights=(-1.0,))
creator.create("Individual", list, fitness=creator.FitnessMin)


def deap_evaluations(name, dimension, start, sigma, lam, target, budget, seed):
    """Evaluations until the first generation whose best is <= target, -1 when the
    budget runs out or the run converged without reaching it (as in cma_compare.cpp)."""
    numpy.random.seed(seed)  # deap.cma samples with numpy.random
    options = {"lambda_": lam} if lam > 0 else {}
    strategy = cma.Strategy(centroid=[start] * dimension, sigma=sigma, **options)
    evaluations = 0
    while evaluations < budget:
        population = strategy.generate(creator.Individual)
        values = FUNCTIONS[name](numpy.array(population))
        for individual, value in zip(population, values):
            individual.fitness.values = (float(value),)
        evaluations += len(population)
        if values.min() <= target:
            return evaluations
        try:
            strategy.update(population)
        except numpy.linalg.LinAlgError:  # C degenerate after converging elsewhere
            return -1
        # converged elsewhere (a local minimum): the longest axis is below 1e-12
        if strategy.sigma * strategy.diagD.max() < 1e-12:
            return -1
    return -1


def hfd_evaluations(program):
    result = {}
    output = subprocess.run([program, str(len(SEEDS))], check=True, capture_output=True, text=True).stdout
    for line in output.splitlines():
        if line.startswith("#"):
            continue
        name, seed, evaluations = line.split()
        result.setdefault(name, {})[int(seed)] = int(evaluations)
    return result


def summary(runs):
    reached = [e for e in runs if e >= 0]
    median = statistics.median(reached) if reached else float("nan")
    return median, len(reached)


def main():
    program = sys.argv[1] if len(sys.argv) > 1 else "build/bin/hfd-cma-compare"
    ours = hfd_evaluations(program)
    print("| function | start, sigma, lambda | target | hfd median (reached) | DEAP median (reached) | hfd / DEAP |")
    print("|---|---|---|---|---|---|")
    for name, dimension, start, sigma, lam, target, budget in PROBLEMS:
        theirs = [deap_evaluations(name, dimension, start, sigma, lam, target, budget, s) for s in SEEDS]
        mine = [ours[name][s] for s in SEEDS]
        (m_ours, n_ours), (m_theirs, n_theirs) = summary(mine), summary(theirs)
        lam_text = str(lam) if lam > 0 else "auto (%d)" % (4 + int(3 * numpy.log(dimension)))
        print("| %d-D %s | %g, %g, %s | %g | %g (%d/%d) | %g (%d/%d) | %.2f |" % (
            dimension, name, start, sigma, lam_text, target, m_ours, n_ours, len(SEEDS),
            m_theirs, n_theirs, len(SEEDS), m_ours / m_theirs))
        print("  per seed hfd: %s" % mine, file=sys.stderr)
        print("  per seed DEAP: %s" % theirs, file=sys.stderr)


if __name__ == "__main__":
    main()
