"""hfd.optimize: CMA-ES over a SCONE scenario's parameters (the C++ optimizer of
`hfd optimize`), on local threads or on a Dask cluster. Either way the run folder
holds the same files, and for one seed the same numbers: a generation's
candidates are evaluated independently, by index, wherever they run.

    import hfd
    result = hfd.optimize("Tutorial 4a - Gait - Hyfydy.scone", max_generations=100)
    result = hfd.optimize("...scone", dask="tcp://head-node:8786")   # every worker sees the same paths
"""
import math
import os

from ._hfd import Scenario, ScenarioOptimization

_scenarios = {}  # per worker process: the scenarios it has loaded, by path


def _evaluate_on_worker(path, values):
    """One candidate on a Dask worker: the scenario's objective, NaN when it cannot be evaluated."""
    scenario = _scenarios.get(path)
    if scenario is None:
        scenario = _scenarios[path] = Scenario(path)
    try:
        return scenario.evaluate(list(values))["objective"]
    except Exception:  # a candidate the scenario refuses counts as failed, as on the threads
        return math.nan


def optimize(scenario, threads=0, seed=None, max_generations=None, out_dir="results", dask=None, resume=None,
             progress=None):
    """Runs the optimization; returns a dict: reason, generations, evaluations, best, folder, best_par.
    dask: a scheduler address or a distributed.Client; progress: f(generation, best, median, evals_per_s)."""
    path = os.path.abspath(str(scenario)) if scenario else ""
    run = ScenarioOptimization(path, threads=threads, seed=seed, max_generations=max_generations,
                               out_dir=str(out_dir), resume=str(resume) if resume else None)
    if progress is not None:
        run.on_progress(progress)
    if dask is None:
        return run.run()
    from distributed import Client
    client = dask if hasattr(dask, "map") else Client(dask)
    target = path if path else None
    if target is None:  # a resumed run: the scenario copy's original path is read by the C++ side
        raise ValueError("resume with dask needs the scenario path as well")

    def evaluate_generation(candidates):
        futures = client.map(_evaluate_on_worker, [target] * len(candidates), candidates, pure=False)
        return client.gather(futures)

    run.set_generation_evaluator(evaluate_generation)
    try:
        return run.run()
    finally:
        if client is not dask:
            client.close()
